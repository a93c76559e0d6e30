"""What a check rule returns: a finding, with the lines it rests on."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from termbase.model import Entry

SEVERITIES = ("error", "warning", "info")


@dataclass(frozen=True, slots=True)
class Side:
    """One line a finding rests on: the source, the line, the entry's term and the words."""

    source: str
    line: int
    term: str
    words: str
    end_line: int = 0

    @classmethod
    def of(cls, entry: Entry, words: str) -> Side:
        """Return the side for `words` read from `entry`."""
        return cls(entry.source, entry.line, entry.term, words, entry.end_line or entry.line)


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing `termbase check` reports.

    `rule` names the rule; `severity` is error, warning or info; `concept_id` and
    `label` say which concept (empty for findings about a source line); `message` says
    what is wrong and why in one sentence; `sides` are the lines it rests on (two for a
    contradiction); `kind` narrows the rule (growth, number, alias …).
    """

    rule: str
    severity: str
    concept_id: str
    label: str
    message: str
    sides: tuple[Side, ...] = field(default=())
    kind: str = ""

    @property
    def fingerprint(self) -> str:
        """Return a stable id for accepting this finding in a baseline.

        It depends on the rule, the concept, and the sources' file names, terms and
        words — not on line numbers, so a finding stays accepted when lines above it move.
        """
        parts = [self.rule, self.kind, self.concept_id]
        parts += sorted(f"{s.source.rsplit('/', 1)[-1]}|{s.term}|{s.words}" for s in self.sides)
        return hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()[:16]

    def as_dict(self) -> dict[str, object]:
        """Return the finding as plain JSON-ready data."""
        return {
            "rule": self.rule,
            "severity": self.severity,
            "kind": self.kind,
            "concept": self.concept_id,
            "label": self.label,
            "message": self.message,
            "fingerprint": self.fingerprint,
            "sides": [
                {"source": s.source, "line": s.line, "end_line": s.end_line, "term": s.term, "words": s.words}
                for s in self.sides
            ],
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Finding:
        """Return the finding `as_dict` gave."""
        sides = tuple(
            Side(str(s["source"]), int(s["line"]), str(s["term"]), str(s["words"]), int(s.get("end_line", 0)))
            for s in data.get("sides", [])  # type: ignore[union-attr]
        )
        return cls(
            rule=str(data["rule"]),
            severity=str(data["severity"]),
            concept_id=str(data.get("concept", "")),
            label=str(data.get("label", "")),
            message=str(data["message"]),
            sides=sides,
            kind=str(data.get("kind", "")),
        )
