"""Every link in the README and docs/ resolves inside the repository: a clone has
nothing beside it (no ``../shared/``), so nothing may point outside."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REF = re.compile(r"^\[[^\]]+\]:\s*(\S+)", re.M)  # [name]: target
# a path in backticks: `../x/y.md`, `docs/records.md` (not commands: no spaces)
CODE_PATH = re.compile(r"`((?:\.\.?/)*[\w.-]+(?:/[\w.*-]+)+/?)`")


def _targets(text: str) -> list[str]:
    return [*LINK.findall(text), *REF.findall(text)]


def _inside(path: Path) -> bool:
    return path.resolve().is_relative_to(ROOT)


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves_inside_the_repository(doc):
    bad = []
    for target in _targets(doc.read_text(encoding="utf-8")):
        if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
            continue  # http(s), mailto: not files; an anchor in the same page
        path = (doc.parent / target.split("#")[0]).resolve()
        if not _inside(path) or not path.exists():
            bad.append(target)
    assert bad == [], f"{doc.relative_to(ROOT)}: links that do not resolve in the repo: {bad}"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_file_named_in_the_docs_lies_outside_the_repository(doc):
    bad = []
    for ref in CODE_PATH.findall(doc.read_text(encoding="utf-8")):
        # a file named beside a folder must be in the repo (files a command writes,
        # such as `calibration/colours-NAME.toml`, need not exist yet)
        if not ref.startswith("../"):
            continue
        if not any(_inside(p) and p.exists() for p in (doc.parent / ref, ROOT / ref)):
            bad.append(ref)
    assert bad == [], f"{doc.relative_to(ROOT)}: files named outside the repo: {bad}"


def test_the_checks_catch_a_link_outside_and_a_missing_file():
    text = "see [the spec](../shared/spec/scale.md) and [records](records.md)"
    assert _targets(text) == ["../shared/spec/scale.md", "records.md"]
    assert not _inside(ROOT / "docs" / "../../shared/spec/scale.md")
    assert CODE_PATH.findall("the rulebook `../shared/rules/hilo.txt`") == [
        "../shared/rules/hilo.txt"
    ]
