"""bench/heldout.py keeps a blind batch out of `--split all` runs: an entry marked `blind: true`
is scored only when its split is named, and an all-splits run says which splits it left out."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from heldout import blind_splits_left_out, main, select

ITEMS = [
    {"name": "seen-a", "split": "dev"},
    {"name": "seen-b", "split": "aside7"},
    {"name": "sealed-a", "split": "aside9", "blind": True},
    {"name": "sealed-b", "split": "aside9", "blind": True},
    {"name": "opened", "split": "aside8", "blind": False},
]


def names(items: list[dict]) -> list[str]:
    return [item["name"] for item in items]


def test_all_leaves_blind_entries_out() -> None:
    assert names(select(ITEMS, "all", [], [])) == ["seen-a", "seen-b", "opened"]
    assert blind_splits_left_out(ITEMS, "all", []) == ["aside9"]


def test_naming_the_blind_split_scores_it() -> None:
    assert names(select(ITEMS, "aside9", [], [])) == ["sealed-a", "sealed-b"]
    assert names(select(ITEMS, "aside9", [], ["sealed-b"])) == ["sealed-b"]
    assert blind_splits_left_out(ITEMS, "aside9", []) == []


def test_skip_split_and_only_still_apply() -> None:
    assert names(select(ITEMS, "all", ["dev"], [])) == ["seen-b", "opened"]
    assert blind_splits_left_out(ITEMS, "all", ["aside9"]) == []
    assert names(select(ITEMS, "all", [], ["sealed-a"])) == []


def write_glossary(folder: Path) -> None:
    folder.mkdir(parents=True)
    (folder / "glossary.md").write_text(
        "# Glossary\n\n"
        "## Quern\n\nA pair of round stones turned by hand to grind grain.\n\n"
        "## Winnowing\n\nTossing threshed grain in the wind so the chaff blows away.\n",
        encoding="utf-8",
    )


def test_all_splits_run_builds_only_the_open_batch(tmp_path: Path, capsys) -> None:
    write_glossary(tmp_path / "open-mill")
    write_glossary(tmp_path / "sealed-mill")
    manifest = tmp_path / "manifest.yaml"
    lookups = [["Quern", "grind grain"], ["Winnowing", "chaff"], ["quern", "round stones"]]
    manifest.write_text(
        yaml.safe_dump(
            {
                "glossaries": [
                    {
                        "name": "open-mill",
                        "split": "dev",
                        "shape": "headings",
                        "entries": 2,
                        "lookups": lookups,
                    },
                    {
                        "name": "sealed-mill",
                        "split": "asideX",
                        "blind": True,
                        "shape": "headings",
                        "entries": 2,
                        "lookups": lookups,
                    },
                ]
            }
        ),
        encoding="utf-8",
    )
    common = ["--manifest", str(manifest), "--dir", str(tmp_path), "--json"]

    assert main([*common, "--split", "all"]) == 0
    out = capsys.readouterr()
    rows = json.loads(out.out)
    assert [row["name"] for row in rows] == ["open-mill"]
    assert rows[0]["right"] is True
    assert "asideX" in out.err

    assert main([*common, "--split", "asideX"]) == 0
    out = capsys.readouterr()
    assert [row["name"] for row in json.loads(out.out)] == ["sealed-mill"]
    assert "left out" not in out.err
