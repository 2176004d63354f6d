"""Sensing: pure maths from samples and frames to observations for the referee.

No hardware libraries, no Flask, no clocks: every time is passed in (``t_mono``,
seconds). ``observations`` defines, once, every observation the referee receives.
"""
