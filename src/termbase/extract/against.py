"""`termbase extract --against GLOSSARY`: the extraction's figures against a human glossary.

Recall, strict precision (entries the human glossary lists; a floor, since human
glossaries list fewer terms than a text defines) and their F1 come from
`termbase.extract_score`. Chapter accuracy needs to know where a term is introduced:
a human glossary does not say, except when a book keeps one glossary per chapter folder
(`Lists/Glossary.rst`); then a matched term's chapter is right when the extracted entry
points into the folder of the first glossary (in reading order) that lists it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from termbase.extract import ExtractedEntry
from termbase.extract_score import ExtractionScore, label_keys, read_human_glossary, score_extraction
from termbase.sources import expand_paths


@dataclass(frozen=True, slots=True)
class AgainstFigures:
    """The figures `--against` prints."""

    score: ExtractionScore
    chapter_right: int = 0
    chapter_matched: int = 0

    @property
    def chapter_accuracy(self) -> float | None:
        return self.chapter_right / self.chapter_matched if self.chapter_matched else None


def _glossary_files(paths: Sequence[str]) -> list[Path]:
    files: list[Path] = []
    for item in expand_paths(list(paths)):
        path = item[0] if isinstance(item, tuple) else item
        if isinstance(path, Path):
            files.append(path)
    return files


def score_against(entries: Sequence[ExtractedEntry], glossaries: Sequence[str], chapters: Sequence[str],
                  format_name: str = "") -> AgainstFigures:
    """Return the figures of `entries` against the human glossary files `glossaries`.

    Raises InputError when a glossary file cannot be read.
    """
    human = read_human_glossary(list(glossaries), format_name)
    score = score_extraction(entries, human)
    rank: dict[Path, int] = {}
    for index, chapter in enumerate(chapters):  # chapters in reading order
        rank.setdefault(Path(chapter).resolve().parent, index)
    per_folder = [(f, f.resolve().parent) for f in _glossary_files(glossaries)]
    if len(per_folder) < 2 or not all(folder in rank for _, folder in per_folder):
        return AgainstFigures(score)
    per_folder.sort(key=lambda pair: rank[pair[1]])
    folder_of: dict[str, Path] = {}
    for file, folder in per_folder:
        for term in read_human_glossary([str(file)], format_name):
            for key in term.keys:
                folder_of.setdefault(key, folder)
    right = matched = 0
    seen: set[str] = set()
    for entry in entries:
        keys = label_keys((entry.term, *entry.labels))
        wanted = next((folder_of[k] for k in sorted(keys) if k in folder_of), None)
        if wanted is None or keys & seen:
            continue
        seen |= keys
        matched += 1
        right += Path(entry.chapter).resolve().parent == wanted
    return AgainstFigures(score, right, matched)
