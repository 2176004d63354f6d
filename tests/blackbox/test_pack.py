"""``companion doctor pack``: the last session, its journals, logs and versions; nothing
secret (the PIN, the cookie key, pairing and session files stay out)."""

from __future__ import annotations

import json
import tarfile

from companion.cli import main

from .helpers import record_demo


def test_the_pack_holds_the_session_and_journals_and_no_secret(tmp_path, capsys):
    _session, service = record_demo(tmp_path, seed=3, players=2, steps=4)
    state = service.state_dir
    (state / "pin").write_text("123456\n")
    (state / "secret_key").write_text("s3cr3t-cookie-key\n")
    (state / "pairings").mkdir()
    (state / "pairings" / "tablet.json").write_text('{"token": "s3cr3t-token"}')
    (state / "games" / "sessions.json").write_text('{"cookie": "s3cr3t"}')
    out = tmp_path / "pack.tar.gz"
    code = main(["doctor", "pack", "--state-dir", str(state),
                 "--recordings", str(tmp_path / "recordings"), "-o", str(out)])  # fmt: skip
    assert code == 0, capsys.readouterr().err
    with tarfile.open(out) as tar:
        names = tar.getnames()
        blob = b"".join(tar.extractfile(m).read() for m in tar.getmembers() if m.isfile())
    assert b"s3cr3t" not in blob and b"123456" not in blob
    rel = {n.split("/", 1)[1] for n in names}
    assert {"session/session.json", "session/scale.csv", "session/events.jsonl",
            "session/log.txt", "MANIFEST.json", "state/current"} <= rel  # fmt: skip
    journals = [n for n in rel if n.startswith("session/journals/")]
    assert journals and all(n.endswith((".journal", ".journal-wal")) for n in journals)
    assert not any("pin" in n or "secret" in n or "pairings" in n for n in rel)
    with tarfile.open(out) as tar:
        root = names[0].split("/")[0]
        manifest = json.load(tar.extractfile(f"{root}/MANIFEST.json"))
    assert {"pin", "secret_key", "pairings/", "games/sessions.json"} <= set(
        manifest["left_out_of_the_state_directory"]
    )
    assert manifest["versions"]["python"]


def test_the_unpacked_session_replays_with_its_own_journals(tmp_path):
    _session, service = record_demo(tmp_path, seed=3, players=2, steps=4)
    out = tmp_path / "pack.tar.gz"
    assert main(["doctor", "pack", "--state-dir", str(service.state_dir),
                 "--recordings", str(tmp_path / "recordings"), "-o", str(out)]) == 0  # fmt: skip
    import shutil

    shutil.rmtree(service.state_dir)  # only the pack is left
    with tarfile.open(out) as tar:
        tar.extractall(tmp_path / "unpacked", filter="data")
    (unpacked,) = (tmp_path / "unpacked").iterdir()
    assert main(["replay-session", str(unpacked / "session")]) == 0


def test_no_session_to_pack_is_one_line_and_exit_2(tmp_path, capsys):
    assert (
        main(["doctor", "pack", "--state-dir", str(tmp_path), "-o", str(tmp_path / "p.tgz")]) == 2
    )
    err = capsys.readouterr().err
    assert err.startswith("companion doctor pack: ") and err.count("\n") == 1
