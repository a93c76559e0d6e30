"""Read held-out glossaries (real files in shapes termbase was not tuned on) and score each read.

    python bench/heldout.py [--dir DIR] [--split dev|aside|aside2|aside3|all] [--skip-split S] [--json]

A manifest entry marked `blind: true` belongs to a batch not yet measured: `--split all` leaves it out
(and says so on stderr); it is scored only when its split is named (`--split aside24`), so that a run
of every split during development never reads a blind batch before its one measure.

The manifest `bench/heldout.yaml` names each glossary (one folder under --dir: its `folder`, else
its name), its true entry count (counted from the markup), and three lookups that must work. Each folder is
built with termbase into a temporary termbase file; per file this prints the true and read
entry counts, whether every label is clean (no markup residue), the lookups, whether the
read is right, and whether a wrong read was flagged (by the read sanity check, or by a
clear error refusing the file). A wrong read that is not flagged is a silent wrong read.

A read is right when the entries read are within 1% of the true count (exactly, under 50 entries), every
label is clean, all three lookups find a concept whose labels or definition hold the
expected text, and — where the manifest names the `language` of a monolingual file — every
entry is tagged with that language (its primary subtag: `ru`, `ja`; set from aside16 on).
Targets: >= 90% of files read right, 0 silent wrong reads.

How the true count is written (one rule for every manifest entry):
- one entry per term the source defines as written: a dt group, a table row, a record, a list
  item, a heading with its body; several names written for one body are one entry;
- a pointer entry — one whose whole body only sends the reader to other entries of the same
  file, in prose ("See X", "Veja X", "=> X", a dictionary's "var. X") or in markup (DocBook
  glosssee, a record field naming its target: `synonymOf`, `type: acronym` + `term:`) — is NOT
  an entry: its name is another label of the entry it points at. An entry with a definition of
  its own that also points somewhere ("No such thing. See X.") is an entry, and so is a pointer
  whose target the file does not hold (there is nothing to be a label of). Rule set at the
  third stop of #12: it lowered eleven earlier counts (md-html-dl 66 -> 57, cs-terms-json
  836 -> 786, nheengatu-json 2283 -> 1719, and by one to three: ogd-zh-glossar-de,
  riscv-adoc-labeled, pootle-rst-deflist, nsidc-drupal-csv, shell-novice-de/ru-reference,
  kustomize-hugo-headings, cyber-az-csv); the first measures this changes are restated in
  the commit that set the rule;
- placeholders with no body (a heading or record with nothing under it) are not entries,
  unless the manifest's shape says the format defines bare terms.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import yaml

from termbase.build import build_termbase, identified_entries, read_sources
from termbase.errors import InputError
from termbase.lookup import find_concepts
from termbase.model import Entry
from termbase.store import Termbase

#: ISO 10241's subject field after a term (`aggregation <UML>`) is no markup.
DOMAIN_MARK = re.compile(r"(?<=\S)\s*<[^<>/=]+>$")
MANIFEST = Path(__file__).with_name("heldout.yaml")
DEFAULT_DIR = Path("/work/heldout/glossaries")

#: Markup a clean label never keeps: Sphinx's ¶, AsciiDoc heading marks and superscripts,
#: Markdown emphasis, code and reference links, HTML/XML tags, entities, templates, `@key`
#: references to other entries (added at aside16), reST directives and link targets (`.. dropdown:: X`,
#: `.. _name: URL`: added at aside23).
RESIDUE = re.compile(
    r"¶|^=+\s|\*\*(?=[^*\s])[^*]*\*\*|^\*\*|\*\*$|\^[^^\s]+\^|`|</?[A-Za-z][\w:.-]*(\s[^<>]*)?/?>|\]\[|\]\(|&[a-zA-Z]+;|&#\d+;|\{\{|\}\}"
    r"|(?:^|\s)@[A-Za-z][\w.-]*\s|\s@[A-Za-z][\w.-]*$"  # `@key` references among words (Typst)
    r"|(?:^|\s)\.\.\s+(?:[\w:-]+::|_[^:\s][^:]*:)"  # reST explicit markup (`.. dropdown::`, `.. _x:`)
)


@dataclass
class FileScore:
    """How one held-out glossary was read."""

    name: str
    split: str
    shape: str
    true_entries: int
    read_entries: int = 0
    readers: list[str] = field(default_factory=list)
    dirty_labels: list[str] = field(default_factory=list)
    lookups: list[tuple[str, str, bool]] = field(default_factory=list)
    findings: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0
    #: The language every entry of a monolingual file must be tagged with ("" = not checked).
    language: str = ""
    languages: list[str] = field(default_factory=list)

    @property
    def count_right(self) -> bool:
        return abs(self.read_entries - self.true_entries) <= round(self.true_entries * 0.01)

    @property
    def language_right(self) -> bool:
        return not self.language or self.languages == [self.language]

    @property
    def right(self) -> bool:
        return (
            self.count_right
            and not self.dirty_labels
            and all(ok for _, _, ok in self.lookups)
            and self.language_right
        )

    @property
    def flagged(self) -> bool:
        return bool(self.findings or self.errors)

    @property
    def silent_wrong(self) -> bool:
        return not self.right and not self.flagged


def record_count(entries: list[Entry]) -> int:
    """Return how many source records the entries come from: entries sharing a group
    (the language versions of one record) count once, others by their identity."""
    return len({entry.group or entry.identity for entry in entries})


def lookup_ok(termbase: Termbase, term: str, expect: str) -> bool:
    """Return True if `term` finds a concept whose labels or definitions contain `expect`."""
    wanted = expect.casefold()
    for concept_id in find_concepts(termbase, term):
        record = termbase.concept(concept_id)
        if record is None:
            continue
        # the concept's labels, and each source entry's own (a French entry's `centimètre` beside
        # the English `centimetre`, which the concept's label list keeps once)
        labels = [label for stored in record.entries for label in stored.entry.labels]
        texts = [*record.labels, *labels, *(stored.entry.definition for stored in record.entries)]
        if not wanted or any(wanted in text.casefold() for text in texts):
            return True
    return False


def score(item: dict, folder: Path) -> FileScore:
    """Build `folder` into a temporary termbase and score the read against `item`."""
    result = FileScore(item["name"], item["split"], item["shape"], int(item["entries"]))
    result.language = item.get("language", "")
    started = time.perf_counter()
    if not folder.is_dir():
        result.errors.append(f"missing folder {folder}")
        return result
    read, errors = read_sources([str(folder)])
    result.errors = [error.describe() for error in errors]
    entries = identified_entries(read)
    result.read_entries = record_count(entries)
    result.readers = sorted({source.source.reader for source in read})
    result.languages = sorted({entry.language.split("-")[0].casefold() for entry in entries})
    result.findings = sorted({f.message for source in read for f in getattr(source, "findings", ())})
    labels = {label for entry in entries for label in entry.labels}
    result.dirty_labels = sorted(label for label in labels if RESIDUE.search(DOMAIN_MARK.sub("", label)))
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "heldout.db"
        try:
            build_termbase([str(folder)], db)
        except InputError as error:
            result.errors.append(error.describe())
            result.lookups = [(term, expect, False) for term, expect in item["lookups"]]
        else:
            with Termbase.open(db) as termbase:
                result.lookups = [(t, e, lookup_ok(termbase, t, e)) for t, e in item["lookups"]]
    result.seconds = time.perf_counter() - started
    return result


def print_table(scores: list[FileScore]) -> None:
    """Print one line per file, then the details of every wrong read."""
    header = (
        f"{'file':24} {'split':6} {'true':>5} {'read':>5}"
        f" {'clean':>5} {'lookups':>7} {'right':>5} {'flagged':>7}"
    )
    print(header)
    print("-" * len(header))
    for s in scores:
        passed = sum(ok for _, _, ok in s.lookups)
        flag = "yes" if s.flagged else ("SILENT" if not s.right else "-")
        print(
            f"{s.name:24} {s.split:6} {s.true_entries:>5} {s.read_entries:>5} "
            f"{'yes' if not s.dirty_labels else len(s.dirty_labels):>5} {passed}/{len(s.lookups):<5} "
            f"{'RIGHT' if s.right else 'wrong':>5} {flag:>7}"
        )
    for s in scores:
        if s.right and not s.flagged:
            continue
        print(f"\n{s.name} ({s.shape}) — readers: {', '.join(s.readers) or 'none'}; {s.seconds:.1f} s")
        for error in s.errors[:3]:
            print(f"  error: {error}")
        for finding in s.findings[:4]:
            print(f"  flagged: {finding}")
        if not s.language_right:
            print(f"  entries tagged {s.languages}, expected only {s.language!r}")
        if s.dirty_labels:
            print(f"  labels with markup residue ({len(s.dirty_labels)}): {s.dirty_labels[:4]}")
        for term, expect, ok in s.lookups:
            if not ok:
                print(f"  lookup failed: {term!r} (expected {expect!r})")


def summary_lines(scores: list[FileScore]) -> list[str]:
    """Return the pass-rate lines, one per split present and one for all."""
    lines = []
    splits = sorted({s.split for s in scores})
    for split in [*splits, "all"] if len(splits) > 1 else splits:
        chosen = [s for s in scores if split in ("all", s.split)]
        right = sum(s.right for s in chosen)
        silent = sum(s.silent_wrong for s in chosen)
        flagged = sum(s.flagged and not s.right for s in chosen)
        lines.append(
            f"{split}: {right}/{len(chosen)} files read right ({100 * right / len(chosen):.0f}%), "
            f"{silent} silent wrong reads, {flagged} wrong reads flagged"
        )
    return lines


def select(items: list[dict], split: str, skip: list[str], only: list[str]) -> list[dict]:
    """Return the manifest entries a run scores: those of `split` (every split for "all", but an entry
    marked `blind: true` only when its own split is named), minus the `skip` splits, limited to `only`."""
    return [
        item
        for item in items
        if (split == item["split"] or (split == "all" and not item.get("blind", False)))
        and item["split"] not in skip
        and (not only or item["name"] in only)
    ]


def blind_splits_left_out(items: list[dict], split: str, skip: list[str]) -> list[str]:
    """Return the blind splits a `--split all` run leaves out (none for a run naming one split)."""
    if split != "all":
        return []
    return sorted({item["split"] for item in items if item.get("blind", False) and item["split"] not in skip})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--dir", type=Path, default=DEFAULT_DIR, help="folder holding one folder per glossary"
    )
    parser.add_argument("--manifest", type=Path, default=MANIFEST)
    parser.add_argument(
        "--split", default="dev", help="a split the manifest names, or all (a blind split only when named)"
    )
    parser.add_argument("--only", action="append", default=[], help="score only this glossary (repeatable)")
    parser.add_argument(
        "--skip-split",
        action="append",
        default=[],
        help="leave out this split (repeatable): keeps a batch not yet measured unseen while the rest runs",
    )
    parser.add_argument("--json", action="store_true", help="print the scores as JSON")
    args = parser.parse_args(argv)
    items = yaml.safe_load(args.manifest.read_text(encoding="utf-8"))["glossaries"]
    chosen = select(items, args.split, args.skip_split, args.only)
    held_back = blind_splits_left_out(items, args.split, args.skip_split)
    if held_back:
        print(
            f"left out blind split(s) not yet measured: {', '.join(held_back)}"
            " (name one with --split to score it)",
            file=sys.stderr,
        )
    if not chosen:
        print("no glossary in the manifest matches", file=sys.stderr)
        return 2
    scores = [score(item, args.dir / item.get("folder", item["name"])) for item in chosen]
    if args.json:
        rows = [asdict(s) | {"right": s.right, "flagged": s.flagged} for s in scores]
        print(json.dumps(rows, ensure_ascii=False))
        return 0
    print_table(scores)
    print()
    for line in summary_lines(scores):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
