"""Printing findings (text, JSON, GitHub annotations) and accepting them in a baseline file.

A baseline is a JSON file `{"accepted": [{"fingerprint": …, "rule": …, "message": …}]}`
written by `termbase check --write-baseline`; findings whose fingerprint it lists are
accepted and no longer fail a run.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from termbase.check.findings import Finding
from termbase.errors import InputError


def read_baseline(path: Path) -> set[str]:
    """Return the fingerprints a baseline file accepts; InputError if it is not one."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(
            "no baseline file here",
            path=str(path),
            hint="write one with `termbase check … --write-baseline PATH`",
        ) from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise InputError(
            f"not a readable baseline file ({error})",
            path=str(path),
            hint="write one with `termbase check … --write-baseline PATH`",
        ) from None
    accepted = data.get("accepted") if isinstance(data, dict) else None
    if not isinstance(accepted, list) or not all(
        isinstance(a, dict) and "fingerprint" in a for a in accepted
    ):
        raise InputError(
            'a baseline must hold {"accepted": [{"fingerprint": …}, …]}',
            path=str(path),
            hint="write one with `termbase check … --write-baseline PATH`",
        )
    return {str(a["fingerprint"]) for a in accepted}


def check_baseline_target(path: Path) -> None:
    """Refuse to write a baseline over a file that is not one (`--write-baseline course.db` by
    mistake replaced the termbase; any other file was lost the same way)."""
    try:
        if not path.is_file() or path.stat().st_size == 0:
            return
    except OSError:
        return  # writing it fails with its own clear line
    try:
        read_baseline(path)
    except InputError:
        raise InputError(
            "is not a baseline file, and --write-baseline would overwrite it",
            path=str(path),
            hint="pass --write-baseline a new file name (or an earlier baseline to replace)",
        ) from None


def write_baseline(path: Path, findings: Sequence[Finding]) -> None:
    """Write a baseline accepting every finding given (whole or not at all: see atomic_file)."""
    from termbase.atomic_file import replacing

    check_baseline_target(path)
    accepted = [
        {"fingerprint": f.fingerprint, "rule": f.rule, "concept": f.concept_id, "message": f.message}
        for f in findings
    ]
    text = json.dumps({"accepted": accepted}, ensure_ascii=False, indent=1) + "\n"
    with replacing(path) as temporary:
        temporary.write_text(text, encoding="utf-8")


def as_json(findings: Sequence[Finding], new: set[str] | None = None) -> str:
    """Return the findings as a JSON document; with `new`, each says whether it is new."""
    rows = []
    for finding in findings:
        row = finding.as_dict()
        if new is not None:
            row["new"] = finding.fingerprint in new
        rows.append(row)
    return json.dumps({"findings": rows, "counts": counts(findings)}, ensure_ascii=False, indent=1)


def counts(findings: Sequence[Finding]) -> dict[str, int]:
    """Return how many findings there are of each severity."""
    result = {"error": 0, "warning": 0, "info": 0}
    for finding in findings:
        result[finding.severity] += 1
    return result


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def as_github(findings: Sequence[Finding]) -> list[str]:
    """Return one GitHub Actions workflow command per finding (`::error file=…,line=…::…`)."""
    level = {"error": "error", "warning": "warning", "info": "notice"}
    lines = []
    for finding in findings:
        if not finding.sides:
            continue
        first, *others = finding.sides
        also = "".join(f" (see also {s.source}:{s.line} “{s.words}”)" for s in others)
        message = f"{finding.message}: “{first.words}”{also}"
        lines.append(
            f"::{level[finding.severity]} file={_escape_property(first.source)},line={first.line},"
            f"endLine={max(first.end_line, first.line)},"
            f"title={_escape_property('termbase ' + finding.rule)}::"
            f"{_escape_data(message)}"
        )
    return lines
