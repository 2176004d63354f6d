"""Devices: drivers for the real hardware and simulated stand-ins behind one protocol each.

- ``backends``: choosing real or simulated hardware (config or ``COMPANION_BACKEND``);
  a fallback to simulation is always announced, never silent.

Devices may import gpiozero, hx711 and (lazily) picamera2, and the sensing types; never
the games or Flask.
"""
