"""The sensing's own reasons in German: a load cell's fault, why the scale cannot decide,
the advice on its noise, a stone the census cannot tell (``companion.i18n.sensed``).

Each sentence is made by the sensing's own code (the simulated scale, ``describe``,
``judge_noise``, ``identify_stone``), so that a change of its words fails here."""

from __future__ import annotations

import random

import pytest

from companion.devices.scale_sim import ScaleSimulator
from companion.i18n.catalogues import render
from companion.i18n.message import Msg
from companion.i18n.sensed import sensed
from companion.profile import default_profile
from companion.referee.service import GameService
from companion.sensing.census import identify_stone
from companion.sensing.observations import Fault, ScaleNoise
from companion.sensing.scale import ScaleSensor
from companion.sensing.scale_problems import Figures, describe
from companion.sensing.scale_stats import judge_noise

from .german import german_problems

PROFILE = default_profile()
KINDS = ("noisy", "slow", "restless", "drifting", "fast", "unnamed", "moved", "undone")


def said(text: str) -> Msg:
    """``text`` recognised: a message whose English is ``text`` and whose German is whole."""
    out = sensed(text)
    assert isinstance(out, Msg), f"not recognised: {text!r}"
    assert str(out) == text
    assert german_problems(out) == []
    return out


@pytest.mark.parametrize(
    ("fault", "german"),
    [
        ("unplug", "keine Messwerte"),
        ("stick", "hängt seit"),
        ("make_noisy", "verrauscht: etwa"),
    ],
)
def test_a_load_cells_fault_from_the_scale_is_said_in_german(fault, german):
    sim = ScaleSimulator(PROFILE, seed=3)
    sensor = ScaleSensor(PROFILE)
    getattr(sim, fault)("left")
    seen = sensor.feed_all(sim.advance(7.0))
    (found,) = [o for o in seen if isinstance(o, Fault)]
    de = render(said(found.reason), "de")
    assert german in de, de
    assert de != found.reason


def test_a_stale_cells_seconds_take_the_decimal_comma():
    text = (
        "no samples for 2.5 s: the HX711 is unplugged, unpowered, or its data or clock wire"
        " is broken"
    )
    assert render(said(text), "de").startswith("seit 2,5 s keine Messwerte: der HX711")


def _figures(rng: random.Random) -> Figures:
    def g():
        return round(rng.uniform(0.1, 9.9), 2)

    return Figures(
        noise_g=(g(), g(), g(), g()),
        resolution_g=g() * 3,
        max_average_s=rng.choice([1.0, 1.5, 2.0]),
        decide_s=g(),
        lightest_g=rng.choice([30.0, 35.0]),
        mass_gap_g=rng.choice([5.0, 2.5]),
        restless_s=g() * 4,
        drift_g_per_min=(g(), -g(), g()),
        pace_s=rng.choice([0.0, g()]),
        name_s=g(),
        rate_sps=rng.choice([10.0, 80.0]),
        unnamed=(rng.choice([1, -1]) * g() * 10, rng.uniform(-200, 200)),
        moved=(rng.uniform(-900, 900), g()),
        undone=(g() * 5, g() * 5, g()),
    )


@pytest.mark.parametrize("kind", KINDS)
def test_each_problem_of_the_scale_is_said_in_german_with_its_figures(kind):
    seed = random.randrange(10**6)
    f = _figures(random.Random(seed))
    text = describe([kind], f)
    assert text is not None
    de = render(said(text), "de")
    assert de.endswith("Gebt die Züge solange auf dem Tablet ein"), f"seed {seed}"
    assert f"{f.noise_g[0]:.1f}".replace(".", ",") in de or kind == "drifting", f"seed {seed}"


def test_several_problems_at_once_are_said_together_in_german():
    f = _figures(random.Random(7))
    text = describe(list(KINDS), f)
    de = render(said(text), "de")
    assert de.count("; ") >= len(KINDS) - 1
    assert "die Waage rauscht zu stark" in de and "driftet in Ruhe um" in de
    assert "Schicksalsstein" in de


def test_the_referee_warns_of_a_noisy_scale_in_each_pages_language(tmp_path):
    service = GameService(tmp_path)
    service.new_game(
        {
            "type": "start",
            "game": "hinkel-stein",
            "players": ["Ana", "Ben", "Cleo"],
            "deal": {"Ana": ["pillar"], "Ben": ["hinkelstein"], "Cleo": ["boulder"]},
        }
    )
    f = _figures(random.Random(11))
    why = describe(["slow"], f)
    service.observe(ScaleNoise(1.0, (("wedge", 0.5),), 0.9, 2.0, why))
    service.observe(Fault(2.0, "right", f"no samples yet for {3.25:.1f} s: the HX711 is"
                              " unplugged, unpowered, or its data or clock wire is broken"))  # fmt: skip
    en = service.snapshot("en")["warnings"]
    de = service.snapshot("de")["warnings"]
    assert f"T{why[1:]}." in en
    assert any(w.startswith("Die Waage rauscht: je Zelle Keil ") for w in de), de
    assert any(w.startswith("Wägezelle rechts: seit 3,2 s noch keine Messwerte") for w in de), de
    service.close()


@pytest.mark.parametrize(
    ("noise", "german"),
    [
        (0.5, "wird innerhalb von"),
        (4.0, "legt Steine mindestens in diesem Abstand ab"),
        (12.0, "sind nicht zu unterscheiden"),
    ],
)
def test_the_advice_on_the_cells_noise_is_said_in_german(noise, german):
    verdict = judge_noise(dict.fromkeys(PROFILE.cells, noise), PROFILE)
    de = render(said(verdict.advice), "de")
    assert german in de, (verdict.verdict, de)


def test_a_cell_without_readings_gets_a_verdict_said_in_german():
    noise = dict.fromkeys(PROFILE.cells, 0.5)
    del noise[next(iter(PROFILE.cells))]  # that cell gave no readings
    verdict = judge_noise(noise, PROFILE)
    assert verdict.verdict == "unknown"
    de = render(said(verdict.advice), "de")
    assert de == "eine Zelle lieferte keine Messwerte: siehe die Kanäle oben"


def test_a_stone_the_census_cannot_tell_is_said_in_german():
    census = {"H2": 50.0, "B2": 55.0, "P1+P2": 110.0}
    close = identify_stone(52.6, ["H2", "B2"], census).reason
    assert render(close, "de") == (
        "H2 (50 g) und B2 (55 g) liegen bei 52,6 g zu nah beieinander, um sie zu unterscheiden"
    )
    none = identify_stone(80.25, ["H2", "B2"], census).reason
    assert str(none) == "no allowed stone weighs about 80.2 g (allowed: B2 (55 g), H2 (50 g))"
    assert (
        render(none, "de")
        == "kein erlaubter Stein wiegt etwa 80,2 g (erlaubt: B2 (55 g), H2 (50 g))"
    )
    nothing = identify_stone(80.0, [], census).reason
    assert render(nothing, "de").endswith("(erlaubt: keiner)")
    assert german_problems(close) == german_problems(none) == []


def test_a_sentence_of_no_known_shape_stays_as_it_is():
    text = "the scale fell off the table"
    assert sensed(text) is text
    assert sensed(None) is None


def test_doctor_scale_gives_the_advice_on_a_slow_scale_in_german():
    from types import SimpleNamespace

    from companion.scale_cli import scale_report

    def stats(noise):
        return SimpleNamespace(samples=400, saturated=0, rate_sps=80.0, noise_g=noise,
                               glitches=0, drift_g_per_min=0.1, mean_g=12.5, wander_g=noise)  # fmt: skip

    cells = {ch: stats(4.0) for ch in PROFILE.cells}
    de = scale_report(cells, PROFILE, kind="HX711", seconds=2.5, lang="de")
    en = scale_report(cells, PROFILE, kind="HX711", seconds=2.5, lang="en")
    verdict = next(line for line in de if line.startswith("SCALE "))
    assert ": einen Stein von 30 g zu erkennen braucht " in verdict, verdict
    assert verdict.endswith("dann companion calibrate scale erneut ausführen")
    assert any(line.startswith("SCALE slow: naming a 30 g stone takes ") for line in en), en
