"""Every shape of the scale's sentences that ``companion.i18n.sensed`` knows is made here
by the sensing's own code (the simulated scale, ``describe``, ``judge_noise``) and said in
both languages: a sentence of the scale's that no shape recognises, or a shape that the
scale no longer makes, fails here. Each alternative inside a sentence counts (stones
came "{pace} s apart" or "one after another", "put down" or "taken off", the advice at
10 and at 80 samples/s)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from companion.devices.scale_sim import ScaleSimulator
from companion.i18n import sensed as sensed_module
from companion.i18n.catalogues import render
from companion.i18n.message import Msg
from companion.i18n.sensed import sensed
from companion.i18n.tools import KEYWORDS, extract_python_ast
from companion.profile import default_profile
from companion.sensing.observations import Fault
from companion.sensing.scale import ScaleSensor
from companion.sensing.scale_problems import Figures, describe
from companion.sensing.scale_stats import judge_noise

from .german import german_problems

PROFILE = default_profile()
KINDS = ("noisy", "slow", "restless", "drifting", "fast", "unnamed", "moved", "undone")


def _faults() -> list[str]:
    """A load cell's every fault, from the simulated scale through the sensing."""
    out = []
    for fault, before_s in (("unplug", 0.0), ("unplug", 2.0), ("stick", 0.0), ("make_noisy", 0.0)):
        sim, sensor = ScaleSimulator(PROFILE, seed=3), ScaleSensor(PROFILE)
        if before_s:  # samples first: the cell goes silent after it read ("no samples for")
            sensor.feed_all(sim.advance(before_s))
        getattr(sim, fault)("left")
        out += [o.reason for o in sensor.feed_all(sim.advance(7.0)) if isinstance(o, Fault)]
    return out


def _figures(*, pace_s: float, rate_sps: float, mass_g: float) -> Figures:
    return Figures(
        noise_g=(1.25, 2.5, 0.75, 3.1),
        resolution_g=7.5,
        max_average_s=1.5,
        decide_s=2.25,
        lightest_g=30.0,
        mass_gap_g=5.0,
        restless_s=12.0,
        drift_g_per_min=(0.4, -3.5, 0.2),
        pace_s=pace_s,
        name_s=1.75,
        rate_sps=rate_sps,
        unnamed=(mass_g, -120.0),
        moved=(-850.0, 0.6),
        undone=(42.0, 35.0, 1.2),
    )


def _problems() -> list[str]:
    """Why the scale cannot decide: each kind alone, with each alternative, and all at once."""
    out = []
    for pace, rate, mass in itertools.product((0.0, 0.35), (10.0, 80.0), (48.0, -48.0)):
        f = _figures(pace_s=pace, rate_sps=rate, mass_g=mass)
        out += [describe([kind], f) for kind in KINDS]
        out.append(describe(list(KINDS), f))
    return out


def _advice() -> list[str]:
    """The advice on the cells' noise (``doctor scale``): every verdict."""
    out = [judge_noise(dict.fromkeys(PROFILE.cells, n), PROFILE).advice for n in (0.5, 4.0, 12.0)]
    some = dict.fromkeys(PROFILE.cells, 0.5)
    del some[next(iter(PROFILE.cells))]
    return [*out, judge_noise(some, PROFILE).advice]


SENTENCES = {"fault": _faults, "problem": _problems, "advice": _advice}


def _said(text: str) -> Msg:
    out = sensed(text)
    assert isinstance(out, Msg), f"the scale said a sentence of no known shape: {text!r}"
    assert str(out) == text  # English: the sensing's own words
    assert german_problems(out) == [], text
    assert render(out, "de") != text
    return out


@pytest.mark.parametrize("where", SENTENCES)
def test_every_sentence_the_scale_makes_is_recognised_and_said_in_german(where):
    texts = SENTENCES[where]()
    assert texts and all(texts)
    for text in texts:
        _said(text)


def test_every_shape_sensed_knows_is_made_by_the_scale():
    """The msgids declared in sensed.py, each the pattern (or a part) of a sentence made
    above: a shape the scale stopped making (or never made) is named here."""
    with Path(sensed_module.__file__).open("rb") as f:
        found = extract_python_ast(f, KEYWORDS, (), {})
        declared = {args[1] if name == "term" else args[0] for _, name, args, _ in found}
    made = {
        part.msgid for make in SENTENCES.values() for text in make() for part in _said(text).parts()
    }
    assert declared - made == set()
    assert len(declared) >= 30
