"""`termbase site` writes only inside --out, whatever names the sources give topics."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

HOSTILE = textwrap.dedent(
    """\
    termbase: 1
    title: Hostile topic names
    concepts:
      - id: escape-artist
        label: escape artist
        definition: A concept whose topics try to leave the site folder.
        topics: ["../../../escaped-topic", "<i>closing/slash</i>", "a\\\\b"]
    """
)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "termbase", *args], capture_output=True, text=True, timeout=120
    )


def test_site_stays_inside_out_with_hostile_topic_names(tmp_path: Path) -> None:
    source = tmp_path / "hostile.yaml"
    source.write_text(HOSTILE, encoding="utf-8")
    db = tmp_path / "hostile.db"
    built = run("build", str(source), "--db", str(db))
    assert built.returncode == 0, built.stderr
    out = tmp_path / "deep" / "er" / "site"
    done = run("site", "--db", str(db), "--out", str(out))
    outside = [p for p in tmp_path.rglob("*.html") if out not in p.parents]
    assert outside == [], f"site wrote outside --out: {outside}"
    assert done.returncode == 0, done.stderr[-2000:]
    assert (out / "c" / "escape-artist.html").is_file()
    topic_pages = list((out / "topic").rglob("*.html"))
    assert len(topic_pages) == 3, topic_pages
