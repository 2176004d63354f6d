"""Sensing: pure maths from samples and frames to observations for the referee.

No hardware libraries, no Flask, no clocks: every time is passed in (``t_mono``,
seconds). ``observations`` defines, once, every observation the referee receives.

The scale: ``scale`` (the pipeline, ``ScaleSensor``), ``scale_config``, ``filters``
(glitch rejection, settle tracking), ``census`` (naming stones), ``scale_recording``
(samples and the recording format), ``scale_replay``, ``scale_stats``, ``steps``.

The camera: ``vision/`` (board layouts as data, ArUco markers and the board's pose,
colour statistics and the classifier, stable changes with occlusion handling).
"""
