"""The search index stored in the termbase file: same answers as working it out again, no rebuild."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from symspellpy import SymSpell, Verbosity

from termbase import search_tables
from termbase.build import build_termbase
from termbase.store import Termbase

GLOSSARY = """# Pastry words

A few words bakers use.

- **Laminated dough**: Dough folded around a slab of butter again and again, so it bakes into thin layers.
- **Croissants**: Crescent rolls shaped from laminated dough and proofed before baking.
- **BPF (Baker's Percentage Formula)**: Writing each ingredient as a share of the flour's weight.
- **Proofing**: Letting shaped dough rise before it goes into the oven.
- **Proof box**: A warm, humid cabinet that keeps proofing dough at an even temperature.
- **Blind baking**: Baking a tart shell empty, weighed down, before adding the filling.
- **Pâte sucrée**: A sweet, crumbly tart dough rich in butter and sugar.
- **Pate feuilletee (puff pastry)**: The unleavened laminated dough that puffs into flaky sheets.
- **Egg wash**: Beaten egg brushed on dough so the crust browns and shines.
- **Hydration**: Water as a share of flour weight in a dough.
- **Rest (dough)**: Leaving mixed dough alone so its gluten relaxes before shaping.
"""

QUERIES = [
    "laminated dough", "Laminated-Doughs", "croissant", "BPF", "bakers percentage formula", "proof",
    "proofng", "lamnated dough", "pate sucree", "Pâte sucrée", "puff pastry", "feuilletee", "egg",
    "eggwash", "hydrations", "tart shell empty", "why does the crust shine", "blind", "b", "dough", "rest",
]  # fmt: skip


@pytest.fixture(scope="module")
def stored_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("stored-index")
    source = folder / "pastry.md"
    source.write_text(GLOSSARY, encoding="utf-8")
    db = folder / "pastry.db"
    build_termbase([str(source)], db)
    return db


def answers(db: Path) -> list[object]:
    with Termbase.open(db) as termbase:
        index = termbase.search_index()
        return [
            ([h.as_dict() for h in index.search(q, 10)], [h.as_dict() for h in index.suggest(q, 8)])
            for q in QUERIES
        ]


def test_build_stores_the_index_with_the_current_stamp(stored_db: Path) -> None:
    with sqlite3.connect(stored_db) as db:
        assert search_tables.stored_stamp(db) == search_tables.stamp()
        modes = {mode for (mode,) in db.execute("SELECT DISTINCT mode FROM search_keys")}
        assert {"l", "i", "q"} <= modes
        assert not {"x", "k"} & modes  # exact labels and match keys are read from `labels`
        assert db.execute("SELECT COUNT(*) FROM typo_deletes").fetchone()[0] > 0
    with Termbase.open(stored_db) as termbase:
        assert termbase.search_index().rows.schema == "main"  # read, not worked out again


def test_a_file_without_the_stored_index_gives_the_same_answers(stored_db: Path, tmp_path: Path) -> None:
    older = tmp_path / "older.db"
    shutil.copy(stored_db, older)
    with sqlite3.connect(older) as db:
        for table in ("search_meta", "search_keys", "search_prefixes", "typo_words", "typo_deletes"):
            db.execute(f"DROP TABLE {table}")
        db.execute("DROP TABLE search_lemmas")
    with Termbase.open(older) as termbase:
        assert termbase.search_index().rows.schema == "temp"
    assert answers(older) == answers(stored_db)
    assert answers(stored_db)[6][0][0]["id"] == "proofing"  # a typo found through the stored deletes


def test_a_stale_stamp_means_the_index_is_worked_out_again(stored_db: Path, tmp_path: Path) -> None:
    stale = tmp_path / "stale.db"
    shutil.copy(stored_db, stale)
    with sqlite3.connect(stale) as db:
        db.execute("UPDATE search_meta SET value = 'format 0' WHERE key = 'stamp'")
        db.execute("DELETE FROM search_keys")  # stale content must not be read
    with Termbase.open(stale) as termbase:
        assert termbase.search_index().rows.schema == "temp"
    assert answers(stale) == answers(stored_db)


def test_stored_typo_dictionary_answers_as_symspell_built_in_memory(stored_db: Path) -> None:
    with Termbase.open(stored_db) as termbase:
        keys = [k for (k,) in termbase.db.execute("SELECT DISTINCT key FROM labels ORDER BY rowid")]
        fresh = SymSpell(max_dictionary_edit_distance=2, prefix_length=7)
        for key in keys:
            if len(key) >= 5:
                fresh.create_dictionary_entry(key, 1)
        probes = set()
        for key in keys:
            probes |= {key, key[1:], key[:-1], key + "x", key[:3] + key[4:], key[::-1]}
            probes.add(key[:2] + "q" + key[2:])
        stored = termbase.search_index().typos
        in_memory = search_tables.memory_typos(termbase.search_index().rows)  # what warm() uses
        for probe in sorted(p for p in probes if len(p) >= 5):
            for budget in (1, 2):
                expected = [(s.term, s.distance) for s in fresh.lookup(probe, Verbosity.ALL, budget)]
                for typos in (stored, in_memory):
                    found = typos.lookup(probe, Verbosity.ALL, budget)
                    assert [(s.term, s.distance) for s in found] == expected


def test_a_query_in_the_labels_own_words_loads_no_lemmatiser(stored_db: Path) -> None:
    """Loose keys of a query come from the stored lemmas: simplemma (0.1-0.5 s) stays unloaded."""
    script = (
        "import sys\nfrom termbase.store import Termbase\n"
        f"hits = Termbase.open({str(stored_db)!r}).search('Laminated-Dough')\n"
        "print(hits[0].id, 'simplemma' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["laminated-dough", "False"]


def test_define_look_ups_read_the_stored_index_and_agree_with_working_it_out(
    stored_db: Path, tmp_path: Path
) -> None:
    from termbase.lookup import find_concepts, loose_index, stored_rows

    older = tmp_path / "older.db"
    shutil.copy(stored_db, older)
    with sqlite3.connect(older) as db:
        db.execute("DROP TABLE search_meta")
    terms = ["laminated doughs", "Proof", "rest", "pate sucree", "Baker's percentage formula", "nothing here"]
    with Termbase.open(stored_db) as stored, Termbase.open(older) as worked_out:
        assert stored_rows(stored) is not None and stored_rows(worked_out) is None
        for term in terms:
            assert find_concepts(stored, term) == find_concepts(worked_out, term), term
            assert find_concepts(stored, term, loose_index(stored)) == find_concepts(worked_out, term), term
    assert find_concepts(Termbase.open(stored_db), "rest") == ["rest-dough"]


def test_stored_deletes_are_every_prefix_deletes(tmp_path: Path) -> None:
    """SQLite makes the typo deletes: the same rows as `typo_variants` of each stored prefix, with
    a letter twice (some deletes alike), short keys, accents kept by the key and other scripts."""
    source = tmp_path / "mixed.md"
    source.write_text(
        "# Mixed\n\n"
        "- **Aaaaaabbb**: A word of repeated letters.\n"
        "- **Lesson**: A short key, shorter than a prefix.\n"
        "- **Mississippi river**: Letters twice, a space between words.\n"
        "- **Ωmega-pointer**: A Greek letter in front.\n"
        "- **数据并行处理**: A term in another script.\n"
        "- **Quokka 𝔸lpha**: A character beyond the basic plane.\n",
        encoding="utf-8",
    )
    db_path = tmp_path / "mixed.db"
    build_termbase([str(source)], db_path)
    with sqlite3.connect(db_path) as db:
        prefixes = [p for (p,) in db.execute("SELECT DISTINCT prefix FROM typo_words")]
        stored = set(db.execute("SELECT variant, prefix FROM typo_deletes"))
    assert len(prefixes) == 6
    assert stored == {(v, p) for p in prefixes for v in search_tables.typo_variants(p)}
