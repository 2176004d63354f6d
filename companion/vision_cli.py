"""Commands for vision: `see`, `markers`, `calibrate colours`."""

from __future__ import annotations

import argparse


def register(
    commands: argparse._SubParsersAction,
    *,
    calibrate: argparse._SubParsersAction,
    doctor: argparse._SubParsersAction,
) -> None:
    """Add this module's commands to the ``companion`` parser."""
