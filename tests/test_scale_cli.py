"""``companion record scale``, ``sense``, ``calibrate scale`` and ``doctor scale`` as a user runs them."""

from __future__ import annotations

import json

import pytest

from companion.cli import main
from companion.paths import data_dir
from companion.profile import load_profile
from companion.sensing.scale_recording import MAGIC, read_recording

RECORDINGS = data_dir("calibration") / "recordings"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(autouse=True)
def _no_backend_from_the_environment(monkeypatch):
    monkeypatch.delenv("COMPANION_BACKEND", raising=False)


def test_sense_json_prints_the_observations_as_json_lines_exactly(capsys):
    code, out, err = run(capsys, "sense", RECORDINGS / "round-seed3-80sps.csv", "--json")
    assert code == 0, err
    assert out == (RECORDINGS / "round-seed3-80sps.expected.jsonl").read_text()
    first = json.loads(out.splitlines()[0])
    # the beam (180 g) and the Stone of Fate (75 g) at rest, right side down
    assert first == {"t": 0.0501, "type": "settled", "total_g": 255.0, "torque_gmm": 2760.7,
                     "down": "right", "margin_g": 15.3}  # fmt: skip


def test_sense_without_json_prints_one_readable_line_per_observation(capsys):
    code, out, _ = run(capsys, "sense", RECORDINGS / "fault-left-unplugged.csv")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["0.050", "settled"]
    assert any("fault" in line and "channel left" in line for line in lines)


def test_sense_a_malformed_recording_names_the_line_and_exits_3(capsys, tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text(f"{MAGIC}\nt_mono,channel,raw\n0.0,wedge,1\n0.1,wedge,lots\n")
    code, out, err = run(capsys, "sense", bad, "--json")
    assert code == 3 and out == ""
    assert "line 4: raw 'lots' is not an integer count" in err


def test_sense_a_missing_file_or_profile_exits_2_with_the_reason(capsys, tmp_path):
    code, _, err = run(capsys, "sense", tmp_path / "nope.csv")
    assert code == 2 and "cannot read" in err and "No such file" in err
    code, _, err = run(
        capsys, "sense", RECORDINGS / "fault-left-unplugged.csv", "--profile", "nosuch"
    )
    assert code == 2 and "cannot read the scale profile" in err and "default" in err


def test_record_scale_writes_a_simulated_round_that_sense_reads_back(capsys, tmp_path):
    out_csv = tmp_path / "round.csv"
    code, out, err = run(capsys, "record", "scale", out_csv, "--simulate-round", "3")
    assert code == 0, err
    assert out.startswith("wrote 5766 samples (24.0 s) to")
    rec = read_recording(out_csv)
    assert rec.profile == "default" and rec.notches == [(0.0, "middle")]
    code, out, _ = run(capsys, "sense", out_csv, "--json")
    assert out == (RECORDINGS / "round-seed3-80sps.expected.jsonl").read_text()


def test_a_simulated_round_at_any_noise_and_the_noise_the_sensing_reports(capsys, tmp_path):
    out_csv = tmp_path / "loud.csv"
    code, _, err = run(capsys, "record", "scale", out_csv, "--simulate-round", "3",
                       "--noise", "8")  # fmt: skip
    assert code == 0, err
    assert "noise 8" in out_csv.read_text().splitlines()[2]
    code, out, _ = run(capsys, "sense", out_csv, "--json")
    noise = [json.loads(x) for x in out.splitlines() if '"type": "noise"' in x]
    assert noise and "too noisy to tell stones 5 g apart" in noise[0]["problem"], noise
    assert set(noise[0]["noise_g"]) == {"wedge", "left", "right"}
    code, _, err = run(capsys, "record", "scale", out_csv, "--simulate-round", "3",
                       "--noise", "loud")  # fmt: skip
    assert code == 2 and "give grams a cell (e.g. 1.5) or a profile (reference, coffee-pot)" in err


def test_record_scale_from_the_simulated_load_cells_announces_the_simulation(capsys, tmp_path):
    out_csv = tmp_path / "idle.csv"
    code, _out, err = run(
        capsys, "record", "scale", out_csv, "--seconds", "2", "--backend", "simulated"
    )
    assert code == 0
    assert "load cells: using the simulation, as configured" in err
    rec = read_recording(out_csv)
    per_channel = sum(1 for s in rec.samples if s.channel == "wedge")
    assert 150 <= per_channel <= 162
    assert rec.notes == ["simulated load cells"]


def test_auto_backend_off_a_pi_falls_back_to_the_simulation_and_says_so(
    capsys, monkeypatch, tmp_path
):
    import companion.devices.load_cells as lc
    from companion.errors import DeviceUnavailable

    def no_gpio(*a, **kw):
        raise DeviceUnavailable("no GPIO for the HX711s here")

    monkeypatch.setattr(lc, "open_gpio_bank", no_gpio)
    code, _, err = run(capsys, "record", "scale", tmp_path / "x.csv", "--seconds", "0.5")
    assert code == 0
    assert "real hardware unavailable (no GPIO for the HX711s here); using the SIMULATION" in err


def test_doctor_scale_reports_rate_noise_glitches_and_drift_per_channel(capsys):
    code, out, err = run(capsys, "doctor", "scale", "--backend", "simulated", "--seconds", "20")
    assert code == 0, out + err
    lines = out.splitlines()
    assert lines[0] == "Load cells (simulated), 20 s, profile 'default':"
    rows = {line.split()[0]: line.split() for line in lines[2:5]}
    assert set(rows) == {"wedge", "left", "right"}
    for row in rows.values():
        assert 79 <= float(row[1]) <= 81  # samples/s
        assert 0.2 <= float(row[2]) <= 0.45  # noise in g
    assert "configured: 80 samples/s per channel" in out
    assert "SCALE ok: a 30 g stone is named within" in out
    assert "g apart told apart" in out
    assert lines[-1].startswith("OK")


def test_calibrate_scale_on_the_simulation_writes_a_profile_that_loads(capsys, tmp_path):
    out_toml = tmp_path / "cal" / "scale-t1.toml"
    code, out, err = run(capsys, "calibrate", "scale", "--backend", "simulated", "--name", "t1",
                         "--out", out_toml)  # fmt: skip
    assert code == 0, err
    assert f"wrote the profile 't1' to {out_toml}" in out
    p = load_profile(out_toml)
    assert p.name == "t1"
    assert p.beam_mass_g == pytest.approx(180, abs=1)
    assert p.space_x_mm["L2"] == pytest.approx(-180, abs=2)
    assert p.stone_mass_g["P2"] == pytest.approx(110, abs=1)


def test_silent_load_cells_end_with_a_clear_error_not_a_hang(capsys, monkeypatch, tmp_path):
    import companion.devices.load_cells as lc
    import companion.scale_cli as scale_cli

    class Silent:
        simulated = False
        thread = type("T", (), {"last_error": "no HX711 (wedge, left, right) became ready"})()

        def read(self, timeout_s=1.0):
            return []

        def close(self):
            pass

    ticks = iter(range(0, 1000))
    monkeypatch.setattr(lc, "open_load_cells", lambda *a, **kw: Silent())
    monkeypatch.setattr(scale_cli.time, "monotonic", lambda: float(next(ticks)))
    code, _, err = run(capsys, "doctor", "scale", "--backend", "real")
    assert code == 1
    assert (
        "no samples from the load cells for 3 s: no HX711 (wedge, left, right) became ready" in err
    )
    code, _, err = run(capsys, "record", "scale", tmp_path / "x.csv", "--backend", "real")
    assert code == 2 and "no samples from the load cells" in err
    assert not (tmp_path / "x.csv").exists()
