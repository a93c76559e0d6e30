"""Score an extracted glossary against a human one: recall, precision, F1, chapter accuracy.

Used by `bench/extract_quality.py` and by `termbase extract --against GLOSSARY`.

- **recall**: share of the human glossary's terms (one per idea; a term that several
  chapter glossaries repeat counts once) that some extracted entry names.
- **strict precision**: share of extracted entries that name a human glossary term. Human
  glossaries list fewer terms than a text defines, so this is a floor.
- **judged precision**: share of a fixed sample of extracted entries that a reader judged
  to be terms the text really defines. The sample is picked by a hash of each entry's
  label key, so it is the same on every run while the entries stay; entries of the
  sample that nobody has judged yet are reported and count as not right.
- **definition accuracy**: of the sampled right terms whose kept definition a reader
  judged (and that definition is still the one judged), the share that says what the
  term is.
- **chapter accuracy**: of the terms whose first-introduction chapter a reader decided,
  the share whose matched entry points at that chapter.

Names match on `termbase.labels.label_key` (case, hyphens, spacing, plurals) over every
label of both sides, so an acronym or its expansion matches either.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Protocol

from termbase.errors import InputError
from termbase.labels import is_acronym_of, label_key, parse_term, qualified_base
from termbase.model import Entry

#: Default size of the sample whose entries a reader judges, per book.
SAMPLE_SIZE = 60

_ALSO = re.compile(r"\(\s*also\s+([^()]+)\)", re.IGNORECASE)


class ExtractedLike(Protocol):
    """What the scorer reads of an extracted entry (`termbase.extract`'s ExtractedEntry)."""

    term: str
    labels: tuple[str, ...]
    chapter: str
    chapter_title: str
    section: str
    line: int


@dataclass(frozen=True, slots=True)
class HumanTerm:
    """One idea of the human glossary: the term as written and the keys it matches on."""

    term: str
    keys: frozenset[str]


@dataclass(frozen=True, slots=True)
class GoldChapter:
    """A reader's decision of where a term is first introduced.

    `chapter` is a file path relative to the book's root (None: the text never explains
    it). A file that holds several chapters also names the chapter: `lines` is the span
    (first, last line) of that chapter in the file, and `chapter_title` its heading.
    """

    term: str
    chapter: str | None
    reason: str = ""
    chapter_title: str = ""
    lines: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class Judgement:
    """A reader's verdict on one extracted term: does the text really define it?

    `definition_ok` says whether the definition the reader saw (identified by
    `definition_sha`, see `definition_key`) says what the term is; None if not judged.
    """

    term: str
    is_term: bool
    reason: str = ""
    definition_ok: bool | None = None
    definition_sha: str = ""


def definition_key(definition: str) -> str:
    """Return a short fingerprint of a definition, so a judgement of it goes stale when it changes."""
    return hashlib.sha1(" ".join(definition.split()).encode("utf-8")).hexdigest()[:12]


@dataclass(frozen=True, slots=True)
class ChapterMiss:
    """A gold term matched by an entry that points at another chapter."""

    term: str
    expected: str
    got: str


@dataclass(frozen=True, slots=True)
class ExtractionScore:
    """All figures for one book; `None` where there was nothing to measure."""

    extracted: int
    human: int
    found: int
    recall: float | None
    strict_right: int
    strict_precision: float | None
    sample: int
    judged_right: int
    judged_wrong: int
    unjudged: int
    precision: float | None
    f1: float | None
    strict_f1: float | None
    chapter_gold: int
    chapter_matched: int
    chapter_right: int
    chapter_accuracy: float | None
    definitions_judged: int = 0
    definitions_right: int = 0
    definition_accuracy: float | None = None
    missed: tuple[str, ...] = ()
    unjudged_terms: tuple[str, ...] = ()
    wrong_terms: tuple[str, ...] = ()
    chapter_misses: tuple[ChapterMiss, ...] = field(default=())

    def as_dict(self) -> dict[str, object]:
        """Return the figures as plain JSON-ready data."""
        data = {name: getattr(self, name) for name in self.__slots__}
        data["chapter_misses"] = [
            {"term": m.term, "expected": m.expected, "got": m.got} for m in self.chapter_misses
        ]
        for name in ("missed", "unjudged_terms", "wrong_terms"):
            data[name] = list(data[name])  # type: ignore[call-overload]
        return data


def label_keys(labels: Iterable[str]) -> frozenset[str]:
    """Return the match keys of some labels, each also split as a term would be.

    `commit-ish (also committish)` yields both names; `object identifier, object ID, oid`
    yields each comma-separated name; `composition (of functions)` also yields `composition`.
    """
    names: list[str] = []
    for label in labels:
        label = label.strip().rstrip(":").strip()
        if not label:
            continue
        names.append(label)
        also = _ALSO.search(label)
        if also:
            names.append(_ALSO.sub("", label))
            names.extend(part for part in re.split(r",|\bor\b", also.group(1)))
        if "," in label:
            names.extend(label.split(","))
        names.extend(_bracketed_names(label))
        names.extend(parse_term(label)[0])
        base = qualified_base(label)
        if base:
            names.append(base)
    return frozenset(key for key in (label_key(name.strip()) for name in names if name.strip()) if key)


_BRACKETED_INSIDE = re.compile(r"^(?P<before>[^()]+?)\s*\((?P<inside>[^()]+)\)\s*(?P<after>\S.*)$")


def _bracketed_names(label: str) -> list[str]:
    """Return the names in a label whose brackets sit inside it: "CSV (comma separated values) format"
    is also "CSV format"; when the brackets spell out an acronym (or give the acronym of a long form)
    each of the two names counts on its own too ("CSV", "comma separated values")."""
    match = _BRACKETED_INSIDE.match(label.strip())
    if match is None:
        return []
    before, inside, after = (match.group(n).strip() for n in ("before", "inside", "after"))
    names = [f"{before} {after}"]
    if is_acronym_of(before, inside) or is_acronym_of(inside, before):
        names += [before, inside]
    return names


#: A human entry that only points at another: "See shell", "Obsolete for: index.", "Synonym for commit
#: (the noun).", "In Git's context, synonym for object name." — the same idea under a second name.
_POINTER = re.compile(
    r"^(?:(?:in\s[^,]{1,40},\s*)?(?:an?\s+|another\s+|the\s+)?(?:synonyms?|other\s+name|name)\s+for|"
    r"see|obsolete\s+for:?|same\s+as)\s+(?:the\s+)?[\"'“‘]?(?P<target>[^.()\"”;:]{1,50}?)[\"'”’]?"
    r"\s*(?:\([^()]{1,40}\))?\s*\.?$",
    re.IGNORECASE,
)


def pointer_target(definition: str) -> str:
    """Return the term a pointer entry's whole definition names ("See shell" → "shell"), or ''."""
    match = _POINTER.match(" ".join(definition.split()))
    return match.group("target").strip() if match else ""


def human_terms(entries: Iterable[Entry]) -> tuple[HumanTerm, ...]:
    """Return the human glossary's ideas, merging entries that share a match key.

    thinkcspy's chapter glossaries repeat terms (`object` four times): those count once.
    An entry that only points at another ("command shell: See shell", "hash: synonym for
    object name") is that idea under another name: its names join the idea it points at
    (or, when the glossary has no entry for that, it matches the name it points at too).
    """
    entries = list(entries)
    pointers = {id(entry): pointer_target(entry.definition) for entry in entries}
    terms: list[HumanTerm] = []
    for entry in sorted(entries, key=lambda e: bool(pointers[id(e)])):  # ideas first, pointers after
        keys = label_keys((entry.term, *entry.labels))
        if not keys:
            continue
        if pointers[id(entry)]:
            keys = keys | label_keys((pointers[id(entry)],))
        for index, known in enumerate(terms):
            if known.keys & keys:
                terms[index] = HumanTerm(known.term, known.keys | keys)
                break
        else:
            terms.append(HumanTerm(entry.term, keys))
    return tuple(terms)


def read_human_glossary(paths: Sequence[str], format_name: str = "") -> tuple[HumanTerm, ...]:
    """Read the human glossary files a user names (`--against`) into their ideas.

    Each file is read as `termbase build` reads it (`build.read_source`): by the reader
    `format_name` names, or the one detection picks with the read sanity check's say (a
    read the check flags gives way to a better one), so a glossary is never read one way
    here and another in a build. A file no reader recognises, or one without entries,
    raises InputError naming it.
    """
    from termbase.build import read_source
    from termbase.sources import expand_paths, load_text

    entries: list[Entry] = []
    for path, _found_in_folder in expand_paths(list(paths)):
        if isinstance(path, InputError):
            raise path
        entries.extend(read_source(load_text(path), format_name or None).result.entries)
    return human_terms(entries)


def sample_key(term: str) -> str:
    """Return the stable sort key that decides whether a term falls in the judged sample."""
    return hashlib.sha1(label_key(term).encode("utf-8")).hexdigest()


def judgement_sample(entries: Sequence[ExtractedLike], size: int = SAMPLE_SIZE) -> list[ExtractedLike]:
    """Return the entries to judge: the `size` whose label key hashes lowest (stable across runs)."""
    return sorted(entries, key=lambda entry: sample_key(entry.term))[:size]


def same_file(extracted: str, gold: str) -> bool:
    """Return True if an extracted chapter path names the gold file (relative to the book's root).

    A gold path without a suffix (`sc/20/captions`) matches that file with any suffix.
    """
    got_path = PurePath(extracted.replace("\\", "/"))
    want_path = PurePath(gold.replace("\\", "/"))
    if not want_path.suffix:
        got_path = got_path.with_suffix("")
    got, want = got_path.parts, want_path.parts
    return len(got) >= len(want) and tuple(got[-len(want) :]) == tuple(want)


def _chapter_right(entry: ExtractedLike, gold: GoldChapter) -> bool:
    if gold.chapter is None or not same_file(entry.chapter, gold.chapter):
        return False
    if gold.lines is None:
        return True
    first, last = gold.lines
    return first <= entry.line <= last


def _describe(entry: ExtractedLike) -> str:
    where = f"{entry.chapter}:{entry.line}"
    title = entry.chapter_title or entry.section
    return f"{where} ({title})" if title else where


def _ratio(part: int, whole: int) -> float | None:
    return round(part / whole, 3) if whole else None


def _f1(precision: float | None, recall: float | None) -> float | None:
    if precision is None or recall is None:
        return None
    if precision + recall == 0:
        return 0.0
    return round(2 * precision * recall / (precision + recall), 3)


def score_extraction(
    entries: Sequence[ExtractedLike],
    human: Sequence[HumanTerm],
    gold: Sequence[GoldChapter] = (),
    judgements: Mapping[str, Judgement] | None = None,
    sample_size: int = SAMPLE_SIZE,
) -> ExtractionScore:
    """Score extracted entries against a human glossary, chapter gold and judgements.

    `judgements` is keyed by `label_key(term)`. When no entry of the sample is judged the
    judged precision and F1 are None; strict figures and recall are always given.
    """
    entry_keys = [label_keys((entry.term, *entry.labels)) for entry in entries]
    first_entry_by_key: dict[str, ExtractedLike] = {}
    for entry, keys in zip(entries, entry_keys, strict=True):
        for key in keys:
            first_entry_by_key.setdefault(key, entry)
    all_human_keys = frozenset().union(*(term.keys for term in human)) if human else frozenset()

    found = [term for term in human if term.keys & first_entry_by_key.keys()]
    missed = tuple(term.term for term in human if not term.keys & first_entry_by_key.keys())
    strict_right = sum(1 for keys in entry_keys if keys & all_human_keys)
    recall = _ratio(len(found), len(human))
    strict_precision = _ratio(strict_right, len(entries))

    right = wrong = definitions_judged = definitions_right = 0
    unjudged: list[str] = []
    wrong_terms: list[str] = []
    sample = judgement_sample(entries, sample_size) if judgements is not None else []
    for entry in sample:
        verdict = (judgements or {}).get(label_key(entry.term))
        if verdict is None:
            unjudged.append(entry.term)
            continue
        if verdict.is_term:
            right += 1
        else:
            wrong += 1
            wrong_terms.append(entry.term)
        definition = getattr(entry, "definition", "")
        if (
            definition
            and verdict.is_term
            and verdict.definition_ok is not None
            and verdict.definition_sha == definition_key(definition)
        ):
            definitions_judged += 1
            definitions_right += int(verdict.definition_ok)
    # Unjudged entries of the sample count as not right; with none judged there is no figure.
    precision = _ratio(right, len(sample)) if right + wrong else None

    chapter_gold = [g for g in gold if g.chapter is not None]
    matched = right_chapters = 0
    misses: list[ChapterMiss] = []
    for decision in chapter_gold:
        keys = label_keys([decision.term])
        hit = next((first_entry_by_key[key] for key in sorted(keys) if key in first_entry_by_key), None)
        if hit is None:
            continue
        matched += 1
        if _chapter_right(hit, decision):
            right_chapters += 1
        else:
            expected = decision.chapter or ""
            if decision.chapter_title:
                expected += f" ({decision.chapter_title})"
            misses.append(ChapterMiss(decision.term, expected, _describe(hit)))

    return ExtractionScore(
        extracted=len(entries),
        human=len(human),
        found=len(found),
        recall=recall,
        strict_right=strict_right,
        strict_precision=strict_precision,
        sample=len(sample),
        judged_right=right,
        judged_wrong=wrong,
        unjudged=len(unjudged),
        precision=precision,
        f1=_f1(precision, recall),
        strict_f1=_f1(strict_precision, recall),
        chapter_gold=len(chapter_gold),
        chapter_matched=matched,
        chapter_right=right_chapters,
        chapter_accuracy=_ratio(right_chapters, matched),
        definitions_judged=definitions_judged,
        definitions_right=definitions_right,
        definition_accuracy=_ratio(definitions_right, definitions_judged),
        missed=missed,
        unjudged_terms=tuple(unjudged),
        wrong_terms=tuple(wrong_terms),
        chapter_misses=tuple(misses),
    )


def format_score(score: ExtractionScore, name: str = "") -> str:
    """Return the figures as a few readable lines (what `extract --against` prints)."""

    def pct(value: float | None) -> str:
        return "n/a" if value is None else f"{value:.2f}"

    head = f"{name}: " if name else ""
    lines = [
        f"{head}{score.extracted} extracted, human glossary {score.human} terms",
        f"  recall            {pct(score.recall)}  ({score.found}/{score.human} human terms found)",
        f"  strict precision  {pct(score.strict_precision)}  "
        f"({score.strict_right}/{score.extracted} entries are human glossary terms)",
        f"  strict F1         {pct(score.strict_f1)}",
    ]
    if score.precision is not None:
        lines.append(
            f"  judged precision  {pct(score.precision)}  ({score.judged_right} right, "
            f"{score.judged_wrong} wrong, {score.unjudged} unjudged of a {score.sample}-entry sample)"
        )
        lines.append(f"  F1                {pct(score.f1)}")
    if score.definitions_judged:
        lines.append(
            f"  definitions       {pct(score.definition_accuracy)}  "
            f"({score.definitions_right}/{score.definitions_judged} judged definitions say what the term is)"
        )
    if score.chapter_gold:
        lines.append(
            f"  chapter accuracy  {pct(score.chapter_accuracy)}  "
            f"({score.chapter_right}/{score.chapter_matched} matched of {score.chapter_gold} decided)"
        )
    return "\n".join(lines)
