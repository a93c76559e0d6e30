"""Score `termbase extract` against human glossaries, beside a naive baseline.

    python bench/extract_quality.py [--corpora ../shared/corpora] [--heldout DIR]
                                    [--json] [--show] [--write-sample] [--no-speed]

For each chapter + glossary pair in bench/extract_pairs.yaml (and, with --heldout, each
course in bench/extract_heldout.yaml; with --heldout2, each course of the second held-out
batch in bench/extract_heldout2.yaml; with --heldout3, the third batch in
bench/extract_heldout3.yaml; with --heldout4, the fourth in bench/extract_heldout4.yaml; with
--heldout5, the fifth in bench/extract_heldout5.yaml; with --heldout6, the sixth in
bench/extract_heldout6.yaml; with --heldout7, the seventh in bench/extract_heldout7.yaml; with
--heldout8, the eighth in bench/extract_heldout8.yaml),
the chapters are given to the extractor with the glossary files left out, and the
result is scored with `termbase.extract_score`:
recall (human glossary terms found), strict precision (entries that are human glossary
terms), judged precision (a stable 60-entry sample judged by reading, in
extract_gold/<book>.judged.yaml), F1 (judged precision with recall) and chapter accuracy
(on the first-introduction chapters decided by reading, in extract_gold/<book>.yaml).

--wider BOOK=DIR scores a pair again with a wider input (say all of Git's Documentation/*.adoc but the
glossary, for the Git manual pair), as a separate row: its recall says how much of the human glossary
a wider text explains; its chapter figure uses the pair's gold, decided on the pair's own files.

The baseline takes every bold or italic phrase of the source (emphasis markup, found
naively) as a term, and the file of its first occurrence as its chapter.

Speed: the extractor runs on thinkcspy in a fresh process (wall time, peak RSS), beside
the baseline in a process of its own as the reference. Targets: < 10 s, < 500 MB.

--write-sample adds the sampled entries nobody has judged yet to the judgement files
(verdict left empty) so a reader can fill them in; --show lists misses per book.
Targets on each pair: precision >= 0.85, recall >= 0.70, chapter accuracy >= 0.90.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import yaml
from lxml import html as lxml_html
from markdown_it import MarkdownIt

from termbase.errors import InputError
from termbase.extract_score import (
    SAMPLE_SIZE,
    GoldChapter,
    HumanTerm,
    Judgement,
    definition_key,
    judgement_sample,
    label_keys,
    read_human_glossary,
    score_extraction,
)
from termbase.labels import label_key

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
DEFAULT_CORPORA = REPO.parent / "shared" / "corpora"
PAIRS = HERE / "extract_pairs.yaml"
HELDOUT = HERE / "extract_heldout.yaml"
HELDOUT2 = HERE / "extract_heldout2.yaml"
HELDOUT3 = HERE / "extract_heldout3.yaml"
HELDOUT4 = HERE / "extract_heldout4.yaml"
HELDOUT5 = HERE / "extract_heldout5.yaml"
HELDOUT6 = HERE / "extract_heldout6.yaml"
HELDOUT7 = HERE / "extract_heldout7.yaml"
HELDOUT8 = HERE / "extract_heldout8.yaml"
TARGETS = {"precision": 0.85, "recall": 0.70, "chapter_accuracy": 0.90}
SPEED_BOOK = "thinkcspy"


@dataclass(frozen=True, slots=True)
class Book:
    """One book or course to score: where its chapters and glossary are, and its judgements."""

    name: str
    root: Path
    chapters: tuple[Path, ...]
    glossary: tuple[Path, ...]
    glossary_format: str
    gold_file: Path | None
    judgement_file: Path | None
    held_out: bool
    data: str = "tuned-on"
    glossary_fixes: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class BaselineEntry:
    """A naive candidate: an emphasised phrase and where it first occurs."""

    term: str
    labels: tuple[str, ...]
    chapter: str
    line: int
    chapter_title: str = ""
    section: str = ""
    definition: str = ""


# ---------------------------------------------------------------- books and judgements


def _glob(root: Path, patterns: Sequence[str]) -> list[Path]:
    found: list[Path] = []
    for pattern in patterns:
        matches = sorted(p for p in root.glob(pattern) if p.is_file())
        if not matches:
            raise SystemExit(f"{root}: no file matches {pattern!r} (is the folder right?)")
        found.extend(p for p in matches if p not in found)
    return found


def load_books(manifest: Path, base: Path, held_out: bool, batch: str = "") -> list[Book]:
    """Return the books a manifest lists, with their files found under `base`.

    `batch` names the batch in the table (tuned-on, held-out, held-out2 … held-out8).
    """
    data = yaml.safe_load(manifest.read_text(encoding="utf-8"))
    books = []
    for item in data["books"]:
        root = base / item["root"]
        if not root.is_dir():
            raise SystemExit(f"{manifest.name}: book {item['name']!r}: folder {root} not found")
        excluded = set(_glob(root, item.get("exclude", []))) if item.get("exclude") else set()
        glossary = _glob(root, item["glossary"])
        chapters = [p for p in _glob(root, item["chapters"]) if p not in excluded and p not in glossary]
        books.append(
            Book(
                name=item["name"],
                root=root,
                chapters=tuple(chapters),
                glossary=tuple(glossary),
                glossary_format=item.get("glossary_format", ""),
                gold_file=HERE / item["gold"] if item.get("gold") else None,
                judgement_file=HERE / item["judgements"] if item.get("judgements") else None,
                held_out=held_out,
                data=batch or ("held-out" if held_out else "tuned-on"),
                glossary_fixes=tuple((str(k), str(v)) for k, v in (item.get("glossary_fixes") or {}).items()),
            )
        )
    return books


_HEADING = re.compile(r"^(?P<mark>=+|#+)\s+(?P<title>.+?)\s*$")


def chapter_span(path: Path, title: str) -> tuple[int, int]:
    """Return the (first, last) line of the chapter headed `title` inside one file.

    The chapter runs from its heading to the line before the next heading of the same
    level (AsciiDoc `==` or Markdown `##`).
    """
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, start=1):
        match = _HEADING.match(line)
        if match and match.group("title") == title:
            mark = match.group("mark")
            for end, later in enumerate(lines[number:], start=number + 1):
                other = _HEADING.match(later)
                if other and other.group("mark") == mark:
                    return number, end - 1
            return number, len(lines)
    raise SystemExit(f"{path}: no heading {title!r} for the gold chapter")


def fix_human_terms(human: Sequence[HumanTerm], book: Book) -> tuple[HumanTerm, ...]:
    """Return the human terms with the manifest's `glossary_fixes` applied (misread term -> term).

    A fix names a term the glossary reader got wrong (say, a markup line read as the term);
    a fix that matches nothing stops the run, so a fixed reader shows up here.
    """
    fixes = dict(book.glossary_fixes)
    fixed = []
    for term in human:
        right = fixes.pop(term.term, None)
        fixed.append(term if right is None else HumanTerm(right, frozenset({label_key(right)})))
    if fixes:
        raise SystemExit(f"{book.name}: glossary_fixes names terms the reader did not give: {sorted(fixes)}")
    return tuple(fixed)


def load_gold(book: Book) -> list[GoldChapter]:
    """Return the reader's first-introduction decisions for a book (none if it has no file)."""
    if book.gold_file is None or not book.gold_file.exists():
        return []
    data = yaml.safe_load(book.gold_file.read_text(encoding="utf-8"))
    gold = []
    for item in data["terms"]:
        title = item.get("chapter_title", "")
        span = chapter_span(book.root / item["chapter"], title) if title and item["chapter"] else None
        gold.append(GoldChapter(item["term"], item["chapter"], item.get("reason", ""), title, span))
    return gold


def load_judgements(book: Book) -> dict[str, Judgement]:
    """Return the judged terms of a book keyed by label key (verdict yes/no; empty = unjudged)."""
    if book.judgement_file is None or not book.judgement_file.exists():
        return {}
    data = yaml.safe_load(book.judgement_file.read_text(encoding="utf-8")) or {}
    judged = {}
    for item in data.get("judgements") or []:
        verdict = item.get("verdict")
        if verdict is None:
            continue
        term = str(item["term"])
        judged[label_key(term)] = Judgement(
            term,
            bool(verdict),
            item.get("reason", ""),
            item.get("definition_ok"),
            str(item.get("definition_sha", "")),
        )
    return judged


def write_sample(book: Book, entries: Sequence, judged: dict[str, Judgement]) -> int:
    """Add the sampled entries nobody has judged to the book's judgement file; return how many.

    An entry judged before whose definition has changed gets its definition verdict emptied.
    """
    if book.judgement_file is None:
        return 0
    path = book.judgement_file
    data = yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else None
    data = data or {"book": book.name, "judgements": []}
    items = data.setdefault("judgements", []) or []
    data["judgements"] = items
    by_key = {label_key(str(item["term"])): item for item in items}
    added = 0
    for entry in judgement_sample(entries, SAMPLE_SIZE):
        key = label_key(entry.term)
        definition = getattr(entry, "definition", "")
        sha = definition_key(definition) if definition else ""
        item = by_key.get(key)
        if item is None:
            chapter = Path(entry.chapter)
            where = chapter.relative_to(book.root) if chapter.is_relative_to(book.root) else chapter
            where = where.with_suffix("")  # a path with its suffix can repeat a source's include line
            item = {"term": entry.term, "verdict": None, "reason": "", "seen_at": f"{where}:{entry.line}"}
            items.append(item)
            by_key[key] = item
            added += 1
        if sha and item.get("definition_sha") != sha:
            item["definition_ok"] = None
            item["definition_sha"] = sha
            added += int(item.get("verdict") is not None)
    path.parent.mkdir(parents=True, exist_ok=True)
    header = (
        f"# Judged sample of extracted entries for {book.name}: is each a term the text really\n"
        "# defines? verdict: true / false, reason in our own words. Keyed by term, so it\n"
        "# survives re-runs; entries with an empty verdict count as not right. definition_ok:\n"
        "# does the definition the extractor kept say what the term is (judged for the\n"
        "# definition whose fingerprint is definition_sha; emptied when it changes). The\n"
        "# baseline keeps no definition, so for its entries only the term is judged.\n"
    )
    path.write_text(header + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=110), "utf-8")
    return added


# ---------------------------------------------------------------- the naive baseline

_MD = MarkdownIt("commonmark")
_RST_STRONG = re.compile(r"(?<![\w*])\*\*(?P<text>[^*\n]+?)\*\*(?![\w*])")
_RST_EM = re.compile(r"(?<![\w*`])\*(?P<text>[^*\s][^*\n]*?)\*(?![\w*])")
_ADOC_EM = re.compile(r"(?<![\w*_'])(?P<mark>[*_'])(?P<text>[^\s*_'][^*_'\n]*?)(?P=mark)(?![\w*_'])")
_HTML_EMPHASIS = ("strong", "b", "em", "i", "dfn")


def _markdown_emphasis(text: str) -> Iterator[tuple[int, str]]:
    for token in _MD.parse(text):
        if token.type != "inline" or not token.children:
            continue
        line = token.map[0] + 1 if token.map else 1
        depth = 0
        parts: list[str] = []
        for child in token.children:
            if child.type in ("strong_open", "em_open"):
                depth += 1
                if depth == 1:
                    parts = []
            elif child.type in ("strong_close", "em_close"):
                depth -= 1
                if depth == 0:
                    yield line, "".join(parts)
            elif depth and child.type in ("text", "code_inline"):
                parts.append(child.content)


def _regex_emphasis(text: str, patterns: Sequence[re.Pattern[str]]) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(text.splitlines(), start=1):
        for pattern in patterns:
            for match in pattern.finditer(line):
                yield number, match.group("text")


def _html_emphasis(text: str) -> Iterator[tuple[int, str]]:
    if not text.strip():
        return
    root = lxml_html.fromstring(text)
    for element in root.iter(*_HTML_EMPHASIS):
        yield element.sourceline or 1, element.text_content()


def emphasis_phrases(path: Path) -> Iterator[tuple[int, str]]:
    """Yield (line, phrase) for every bold or italic phrase of a chapter, by its markup."""
    text = path.read_text(encoding="utf-8", errors="replace")
    suffix = path.suffix.lower()
    if suffix in (".md", ".rmd", ".markdown"):
        yield from _markdown_emphasis(text)
    elif suffix in (".rst", ".txt"):
        yield from _regex_emphasis(text, (_RST_STRONG, _RST_EM))
    elif suffix in (".adoc", ".asciidoc"):
        yield from _regex_emphasis(text, (_ADOC_EM,))
    elif suffix in (".html", ".htm", ".xhtml"):
        yield from _html_emphasis(text)


def baseline(chapters: Sequence[Path]) -> list[BaselineEntry]:
    """Return one entry per distinct emphasised phrase (1–6 words), at its first occurrence."""
    seen: dict[str, BaselineEntry] = {}
    for path in chapters:
        for line, phrase in emphasis_phrases(path):
            phrase = " ".join(phrase.split()).strip(" .,:;!?\"'()")
            if not phrase or len(phrase) > 60 or not 1 <= len(phrase.split()) <= 6:
                continue
            if not any(c.isalpha() for c in phrase):
                continue
            key = label_key(phrase)
            if key and key not in seen:
                seen[key] = BaselineEntry(phrase, (phrase,), str(path), line)
    return list(seen.values())


# ---------------------------------------------------------------- running the extractor


def run_extractor(chapters: Sequence[Path]) -> tuple[list, str, dict[str, object], list]:
    """Return (entries, "", facts, review) from termbase.extract, or ([], why not, {}, []) if it failed.

    `facts` says which reading order the extractor used and how many chapters it skipped;
    `review` holds the candidates below the confidence line.
    """
    try:
        from termbase.extract import extract_glossary
    except ImportError as error:
        return [], f"termbase.extract is not available ({error})", {}, []
    try:
        result = extract_glossary([str(p) for p in chapters], base_url="")
    except InputError as error:
        return [], f"extract failed: {error.message}", {}, []
    facts: dict[str, object] = {
        "order": getattr(result, "order_source", ""),
        "skipped": len(getattr(result, "skipped", ())),
        "review": len(result.review),
    }
    return list(result.entries), "", facts, list(result.review)


def found_share(terms: Sequence[str], entries: Sequence) -> tuple[float | None, int]:
    """Return (share of `terms` some entry names, how many terms), matching as the scorer does."""
    names = {label_key(label) for entry in entries for label in (entry.term, *entry.labels)}
    wanted = [label_keys([term]) for term in terms]
    wanted = [keys for keys in wanted if keys]
    if not wanted:
        return None, 0
    return round(sum(1 for keys in wanted if keys & names) / len(wanted), 2), len(wanted)


SPEED_CHILD = """
import json, resource, sys, time
paths, which = json.loads(sys.argv[1]), sys.argv[2]
sys.path.insert(0, sys.argv[3])
start = time.perf_counter()
if which == "extract":
    from termbase.extract import extract_glossary
    count = len(extract_glossary(paths, base_url="").entries)
else:
    from pathlib import Path
    from extract_quality import baseline
    count = len(baseline([Path(p) for p in paths]))
seconds = time.perf_counter() - start
own = resource.getrusage(resource.RUSAGE_SELF)
workers = resource.getrusage(resource.RUSAGE_CHILDREN)  # worker processes the extractor waited for
# VmHWM is this process's own peak RSS; ru_maxrss would also count the parent it was forked from.
peak_kb = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM:"))
cpu = own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime
print(json.dumps({"seconds": round(seconds, 2), "cpu_seconds": round(cpu, 2), "entries": count,
                  "peak_mb": round(peak_kb / 1024, 1),
                  "worker_peak_mb": round(workers.ru_maxrss / 1024, 1)}))
"""


def measure_speed(book: Book) -> dict[str, object]:
    """Time the extractor and the baseline on one book, each in a fresh process."""
    figures: dict[str, object] = {
        "load_average": [round(x, 1) for x in os.getloadavg()],
        "book": book.name,
        "files": len(book.chapters),
        "megabytes": round(sum(p.stat().st_size for p in book.chapters) / 1e6, 2),
    }
    for which in ("extract", "baseline"):
        args = [
            sys.executable,
            "-c",
            SPEED_CHILD,
            json.dumps([str(p) for p in book.chapters]),
            which,
            str(HERE),
        ]
        done = subprocess.run(args, capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            figures[which] = {"error": done.stderr.strip().splitlines()[-1:] or ["failed"]}
        else:
            figures[which] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


# ---------------------------------------------------------------- report


def score_book(book: Book, write: bool) -> dict[str, object]:
    """Run the extractor and the baseline on one book and score both."""
    human = fix_human_terms(read_human_glossary([str(p) for p in book.glossary], book.glossary_format), book)
    gold = load_gold(book)
    judged = load_judgements(book)
    entries, problem, facts, review = run_extractor(book.chapters)
    row: dict[str, object] = {
        "book": book.name,
        "held_out": book.held_out,
        "data": book.data,
        "chapters": len(book.chapters),
    }
    row.update(facts)
    naive = baseline(book.chapters)
    if write:
        row["sample_added"] = write_sample(book, entries, judged) + write_sample(book, naive, judged)
        judged = load_judgements(book)
    if problem:
        row["extract"] = {"error": problem}
    else:
        row["extract"] = score_extraction(entries, human, gold, judged).as_dict()
        # diagnostics, not targets: recall counting the review queue too, and recall over the
        # glossary terms the reader found explained in the text (gold chapter not null)
        with_review = score_extraction([*entries, *review], human, gold, judged)
        explained, explained_n = found_share([g.term for g in gold if g.chapter], entries)
        row["extract"].update({"recall_with_review": with_review.recall, "explained_recall": explained,
                               "explained_terms": explained_n,
                               "no_definition": sum(1 for e in entries if not e.definition.strip())})
    row["baseline"] = score_extraction(naive, human, gold, judged).as_dict()
    return row


def _cell(value: object) -> str:
    return "  n/a" if value is None else f"{value:5.2f}" if isinstance(value, float) else str(value)


def print_table(rows: Sequence[dict[str, object]], speed: dict[str, object] | None, show: bool) -> None:
    """Print one line per book and method, then speed and the targets."""
    head = (
        f"{'book':28} {'data':9} {'method':8} {'entries':>7} {'recall':>6} {'strictP':>7} "
        f"{'judgedP':>7} {'unjudg':>6} {'F1':>5} {'chapter':>7} {'(n)':>6} {'defOK':>5} {'(n)':>5}"
        f" {'R+rev':>5} {'R(expl)':>7} {'(n)':>3} {'noDef':>5}"
    )
    print(head)
    print("-" * len(head))
    for row in rows:
        for method in ("extract", "baseline"):
            score = row[method]
            assert isinstance(score, dict)
            data = str(row["data"])
            if "error" in score:
                print(f"{row['book']:28} {data:9} {method:8} {score['error']}")
                continue
            print(
                f"{row['book']:28} {data:9} {method:8} {score['extracted']:>7} {_cell(score['recall']):>6} "
                f"{_cell(score['strict_precision']):>7} {_cell(score['precision']):>7} "
                f"{score['unjudged']:>6} "
                f"{_cell(score['f1']):>5} {_cell(score['chapter_accuracy']):>7} "
                f"{score['chapter_right']:>3}/{score['chapter_matched']:<3}"
                f"{_cell(score['definition_accuracy']):>5} {score['definitions_judged']:>5}"
                + (f" {_cell(score['recall_with_review']):>5} {_cell(score['explained_recall']):>7}"
                   f" {score['explained_terms']:>3} {score['no_definition']:>5}"
                   if "explained_terms" in score else "")
            )
    print("defOK: share of judged definitions (sampled right terms) that say what the term is")
    print("R+rev: recall counting the review queue too; R(expl): recall over the glossary terms a reader")
    print("found explained in the text (gold chapter not null), n of them; noDef: entries kept with no")
    print("definition: no sentence of the text explains them (first use kept as context) — diagnostics")
    if speed:
        print(f"\nload average while timing (1, 5, 15 min): {speed.get('load_average')}")
        for which in ("extract", "baseline"):
            print(
                f"speed {speed['book']} ({speed['files']} files, {speed['megabytes']} MB) "
                f"{which}: {speed[which]}"
            )
    print(
        f"\ntargets per pair: judged precision >= {TARGETS['precision']}, recall >= {TARGETS['recall']}, "
        f"chapter accuracy >= {TARGETS['chapter_accuracy']}; extraction of thinkcspy < 10 s, < 500 MB"
    )
    if show:
        for row in rows:
            score = row["extract"]
            assert isinstance(score, dict)
            if "error" in score:
                continue
            print(f"\n== {row['book']}")
            print("  missed human terms:", ", ".join(score["missed"]) or "-")  # type: ignore[arg-type]
            print("  judged not terms:", ", ".join(score["wrong_terms"]) or "-")  # type: ignore[arg-type]
            print("  unjudged in sample:", ", ".join(score["unjudged_terms"]) or "-")  # type: ignore[arg-type]
            for miss in score["chapter_misses"]:  # type: ignore[union-attr]
                print(f"  chapter: {miss['term']}: expected {miss['expected']}, got {miss['got']}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--corpora", type=Path, default=DEFAULT_CORPORA, help="folder of the four pairs")
    parser.add_argument("--heldout", type=Path, help="folder of the held-out courses (extract_heldout.yaml)")
    parser.add_argument(
        "--heldout2", type=Path, help="folder of the second held-out batch (extract_heldout2.yaml)"
    )
    parser.add_argument(
        "--heldout3", type=Path, help="folder of the third held-out batch (extract_heldout3.yaml)"
    )
    parser.add_argument(
        "--heldout4", type=Path, help="folder of the fourth held-out batch (extract_heldout4.yaml)"
    )
    parser.add_argument(
        "--heldout5", type=Path, help="folder of the fifth held-out batch (extract_heldout5.yaml)"
    )
    parser.add_argument(
        "--heldout6", type=Path, help="folder of the sixth held-out batch (extract_heldout6.yaml)"
    )
    parser.add_argument(
        "--heldout7", type=Path, help="folder of the seventh held-out batch (extract_heldout7.yaml)"
    )
    parser.add_argument(
        "--heldout8", type=Path, help="folder of the eighth held-out batch (extract_heldout8.yaml)"
    )
    parser.add_argument("--only", action="append", help="score only this book (repeatable)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of the table")
    parser.add_argument("--show", action="store_true", help="list misses and unjudged entries per book")
    parser.add_argument(
        "--write-sample", action="store_true", help="add unjudged sampled entries to the judgement files"
    )
    parser.add_argument("--no-speed", action="store_true", help="skip the thinkcspy timing")
    parser.add_argument(
        "--wider", action="append", metavar="BOOK=DIR",
        help="also score BOOK with every chapter file under DIR as its input (its glossary files kept out "
             "of DIR by whoever made it), as a separate row named BOOK+wider: what a wider input reaches",
    )
    args = parser.parse_args(argv)

    books = load_books(PAIRS, args.corpora, held_out=False)
    if args.heldout:
        books += load_books(HELDOUT, args.heldout, held_out=True)
    if args.heldout2:
        books += load_books(HELDOUT2, args.heldout2, held_out=True, batch="held-out2")
    if args.heldout3:
        books += load_books(HELDOUT3, args.heldout3, held_out=True, batch="held-out3")
    if args.heldout4:
        books += load_books(HELDOUT4, args.heldout4, held_out=True, batch="held-out4")
    if args.heldout5:
        books += load_books(HELDOUT5, args.heldout5, held_out=True, batch="held-out5")
    if args.heldout6:
        books += load_books(HELDOUT6, args.heldout6, held_out=True, batch="held-out6")
    if args.heldout7:
        books += load_books(HELDOUT7, args.heldout7, held_out=True, batch="held-out7")
    if args.heldout8:
        books += load_books(HELDOUT8, args.heldout8, held_out=True, batch="held-out8")
    for wider in args.wider or ():
        name, _, folder = wider.partition("=")
        base = next((b for b in load_books(PAIRS, args.corpora, held_out=False) if b.name == name), None)
        if base is None or not Path(folder).is_dir():
            raise SystemExit(f"--wider {wider}: no pair named {name!r} or no folder {folder!r}")
        kinds = {".adoc", ".asciidoc", ".md", ".rst", ".html", ".txt"}
        chapters = tuple(sorted(p for p in Path(folder).rglob("*") if p.suffix.lower() in kinds))
        judged = HERE / "extract_gold" / f"{name}.wider.judged.yaml"  # its own: the text judged is another
        books.append(replace(base, name=f"{name}+wider", chapters=chapters, data="wider",
                             judgement_file=judged))
    if args.only:
        books = [b for b in books if b.name in args.only]
    rows = [score_book(book, args.write_sample) for book in books]
    speed_book = next((b for b in books if b.name == SPEED_BOOK), None)
    speed = None if args.no_speed or speed_book is None else measure_speed(speed_book)
    if args.json:
        print(json.dumps({"books": rows, "speed": speed, "targets": TARGETS}, indent=2))
    else:
        print_table(rows, speed, args.show)
    return 0


if __name__ == "__main__":
    sys.exit(main())
