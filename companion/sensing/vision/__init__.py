"""Vision: what the camera over the table sees, as pure maths on BGR frames.

- ``layout``: boards as data (``layouts/*.toml``): cells, markers, neutral patch, pieces.
- ``markers``: ArUco ``DICT_4X4_50`` markers found in a frame; ``pose``: the homography
  from board millimetres to image pixels (any 3 of 4 markers, or 4 corners by hand).
- ``colour``: sRGB, linear RGB and CIELAB; ``sampling``: each cell's centre and ring.
- ``classify``: the colour model (white balance from the neutral patch, local gain from
  each cell's ring, Mahalanobis distance in CIELAB, ``empty``/``unknown``/occluded).
- ``ring_memory``: a stream's memory of each cell's ring (hands the colour of the mat).
- ``calibrate``: training the model at setup and keeping it in a TOML profile.
- ``reader``: one frame -> ``BoardReading``; ``changes``: readings -> ``CellsChanged``.
- ``sheet``: printable mats (SVG, 1:1); ``debug``: the rectified board, cells labelled.

The synthetic camera that tests all this lives with the devices (``devices.render``).
"""
