"""The recording format (spec/scale.md) and scale profiles: read, write, bad input."""

from __future__ import annotations

import io
import tomllib

import pytest

from companion.profile import (
    ProfileError,
    default_profile,
    load_profile,
    parse_profile,
    profile_to_toml,
    resolve_profile_path,
)
from companion.sensing.scale_recording import (
    MAGIC,
    MalformedRecording,
    RawSample,
    estimate_rate_sps,
    read_recording,
    write_recording,
)


def test_the_default_profile_is_the_reference_build_of_the_spec():
    p = default_profile()
    assert p.name == "default"
    assert (p.beam_length_mm, p.beam_mass_g, p.beam_centre_x_mm) == (420, 180, 0)
    assert dict(p.notch_x_mm) == {"left": -20, "middle": 0, "right": 20}
    assert dict(p.space_x_mm) == {"L2": -180, "L1": -110, "R1": 110, "R2": 180}
    assert p.space_width_mm == 50
    assert (p.pad_left_x_mm, p.pad_right_x_mm) == (-200, 200)
    assert (p.fate_mass_g, p.fate_home_x_mm) == (75, -60)
    assert dict(p.stone_mass_g) == {
        "P1": 60, "P2": 110, "H1": 35, "H2": 50, "H3": 65, "H4": 80, "H5": 95,
        "Q1": 30, "Q2": 45, "Q3": 60, "Q4": 75, "Q5": 90,
        "B1": 40, "B2": 55, "B3": 70, "B4": 85, "B5": 100}  # fmt: skip
    assert (p.gain, p.rate_sps) == (128, 80)
    assert {ch: (c.zero_counts, c.counts_per_g) for ch, c in p.cells.items()} == {
        "wedge": (84000, 2000), "left": (-52000, 2000), "right": (131000, 2000)}  # fmt: skip


def test_a_profile_survives_writing_and_reading_back():
    p = default_profile().with_changes(name="table 2", beam_mass_g=181.5)
    assert parse_profile(tomllib.loads(profile_to_toml(p))) == p


def test_every_bad_or_unknown_profile_value_is_reported_at_once():
    data = tomllib.loads(profile_to_toml(default_profile()))
    data["beam"]["mass_g"] = -5
    data["beam"]["mas_g"] = 180
    data["hx711"]["gain"] = 100
    data["cells"]["left"]["zero_counts"] = "x"
    with pytest.raises(ProfileError) as e:
        parse_profile(data, source="t.toml")
    msg = str(e.value)
    assert msg.startswith("t.toml: ")
    assert "[beam] mass_g = -5 is out of range (allowed 1..5000 g)" in msg
    assert "[beam] unknown key 'mas_g' (known: centre_x_mm, length_mm, mass_g" in msg
    assert "[hx711] gain = 100 is not allowed (choose 128, 64)" in msg
    assert "[cells.left] zero_counts = 'x' is not an integer" in msg


def test_a_missing_profile_names_the_known_ones(tmp_path):
    with pytest.raises(ProfileError, match=r"cannot read the scale profile .*names: default"):
        load_profile("nosuch")
    bad = tmp_path / "bad.toml"
    bad.write_text("[profile\n")
    with pytest.raises(ProfileError, match=r"not valid TOML"):
        load_profile(bad)
    assert resolve_profile_path("default").name == "scale-default.toml"


def test_a_recording_is_written_and_read_back_exactly():
    samples = [RawSample(0.0125, "wedge", 84000), RawSample(0.0125, "left", -52000),
               RawSample(0.0125, "right", -8388607)]  # fmt: skip
    buf = io.StringIO()
    write_recording(buf, samples, profile="default", notes=["a note"], notches=[(3.5, "right")])
    text = buf.getvalue()
    assert text.splitlines()[:5] == [
        MAGIC, "# profile: default", "# a note", "# notch: right at 3.500000", "t_mono,channel,raw"]  # fmt: skip
    rec = read_recording(io.StringIO(text))
    assert rec.samples == samples
    assert rec.notes == ["a note"] and rec.notches == [(3.5, "right")]
    assert rec.profile == "default"


def test_a_plain_recording_without_our_notes_reads_too():
    rec = read_recording(io.StringIO(f"{MAGIC}\n# made by hand\nt_mono,channel,raw\n1,wedge,5\n"))
    assert rec.samples == [RawSample(1.0, "wedge", 5)] and rec.notches == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("t_mono,channel,raw\n", "line 1: a scale recording begins with '# companion scale recording v1'"),
        (f"{MAGIC}\n1,wedge,5\n", "line 2: expected the header 't_mono,channel,raw'"),
        (f"{MAGIC}\nt_mono,channel,raw\n1,pad,5\n", "line 3: unknown channel 'pad' (allowed: wedge, left, right)"),
        (f"{MAGIC}\nt_mono,channel,raw\nx,wedge,5\n", "line 3: t_mono 'x' is not a number of seconds"),
        (f"{MAGIC}\nt_mono,channel,raw\n1,wedge,5.5\n", "line 3: raw '5.5' is not an integer count"),
        (f"{MAGIC}\nt_mono,channel,raw\n1,wedge,9999999\n", "line 3: raw 9999999 is outside the HX711's 24-bit range"),
        (f"{MAGIC}\nt_mono,channel,raw\n1,wedge\n", "line 3: expected 3 fields t_mono,channel,raw, got 2"),
        (f"{MAGIC}\n# notch: left at soon\nt_mono,channel,raw\n", "line 2: notch time 'soon' is not a number"),
        (f"{MAGIC}\n", "the header 't_mono,channel,raw' is missing"),
    ],
)  # fmt: skip
def test_a_malformed_recording_names_the_line_and_what_is_wrong(text, message):
    with pytest.raises(MalformedRecording) as e:
        read_recording(io.StringIO(text))
    assert message in str(e.value)


def test_the_sample_rate_is_estimated_from_the_samples():
    samples = [RawSample(k / 80, "wedge", 0) for k in range(100)]
    assert estimate_rate_sps(samples) == pytest.approx(80)
    assert estimate_rate_sps(samples[:3]) is None


def test_a_cell_may_have_its_own_clock_pin_for_the_hx711_package():
    p = default_profile()
    assert all(c.clock_gpio is None for c in p.cells.values())
    data = tomllib.loads(profile_to_toml(p))
    data["cells"]["left"]["clock_gpio"] = 12
    q = parse_profile(data)
    assert q.cells["left"].clock_gpio == 12
    assert parse_profile(tomllib.loads(profile_to_toml(q))) == q
    data["cells"]["left"]["clock_gpio"] = 40
    with pytest.raises(ProfileError, match=r"\[cells.left\] clock_gpio = 40 is out of range"):
        parse_profile(data)
