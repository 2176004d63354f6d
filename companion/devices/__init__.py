"""Devices: drivers for the real hardware and simulated stand-ins behind one protocol each.

- ``backends``: choosing real or simulated hardware (config or ``COMPANION_BACKEND``);
  a fallback to simulation is always announced, never silent.
- The scale's load cells: ``load_cells`` (the ``LoadCells`` protocol, both backends),
  ``hx711`` (our HX711 driver on gpiozero pins), ``hx711_pypi`` (the alternative on
  the PyPI hx711 package), ``hx711_sim`` (a simulated HX711 on ``MockFactory``),
  ``sampling`` (the sampling thread), ``scale_physics`` and ``scale_sim`` (the
  simulated scale), ``scale_scenarios`` and ``scale_scoring`` (seeded random rounds
  and their truth), ``scale_calibration`` and ``scale_sim_operator`` (the guided
  calibration).
- ``buttons``: the optional confirm/undo button and status LED (gpiozero, factory injected).
- The camera: ``frames`` (the ``FrameSource`` protocol and its backends: picamera2,
  an image folder, a video file, the synthetic camera), ``render`` and ``scenes`` (the
  synthetic renderer with exact ground truth, test equipment shipped in the package).

Devices may import gpiozero, hx711 and (lazily) picamera2, and the sensing types; never
the games or Flask.
"""
