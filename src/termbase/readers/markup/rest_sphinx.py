"""Sphinx reST `.. glossary::` blocks, in a glossary page or inline in a chapter.

A glossary directive holds entries: one or more term lines at the same indentation,
then a body indented deeper (example from the test fixtures)::

    .. glossary::

       pivot table
       cross tab
          A summary table that groups rows by one field and :term:`aggregates <aggregate>`
          another. See `the tutorial <https://example.org/pivot>`_.

          .. index:: single: pivot

Quirks real glossaries have, all handled here: the directive written with two spaces
(`..  glossary::`), a blank line between a term and its body, bodies indented by
varying amounts, `.. index::` lines, targets (`.. _x:`), comments and other directives
inside bodies, literal blocks after `::`, doctest blocks, and link-only terms (a
hyperlink or role whose body is just a backslash; kept as entries with no definition, their URL in
`links`).

Like Sphinx's own glossary directive, the block structure is read line by line from
the indentation (docutils does not know the directive or the roles); inline markup is
turned into Markdown: roles become their text (`:term:` targets go to `see_also`),
``code`` and code-like roles become `code`, `text <url>`_ becomes [text](url).

Lines outside every glossary block are reported: section titles, comments, targets, and
everything else as chapter text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from termbase.exports.sphinx import NO_DEFINITION, ORIGIN_PREFIX, origin_from_line
from termbase.labels import parse_term
from termbase.model import Entry, Locator, ReadResult, Unused
from termbase.readers.base import result_with_restored
from termbase.readers.page_text import REASON_NO_DEFINITION, REASON_TITLE, tidy
from termbase.readers.roundtrip.embedded import CONCEPT_MARK, ENTRY_MARK, embedded, restored_entries
from termbase.readers.roundtrip.restore import guess_locator

REASON_CHAPTER = "chapter text, not a glossary entry"
REASON_SECTION = "section heading"
REASON_COMMENT = "reST comment"
REASON_TARGET = "reST link target"
REASON_DIRECTIVE = "glossary directive"
REASON_OPTION = "glossary directive option"
REASON_GLOSSARY_COMMENT = "reST comment between glossary entries"

_GLOSSARY = re.compile(r"^(?P<indent>\s*)\.\.\s+glossary::\s*$")
_DIRECTIVE = re.compile(r"^\.\.\s+(?P<name>[\w:.-]+)::(?:\s+(?P<arg>.*))?$")
_TARGET = re.compile(r"^\.\.\s+_[^:]*:.*$|^__\s")
_OPTION = re.compile(r"^:[\w-]+:")
#: The provenance comment termbase's Sphinx export writes after each definition.
_SOURCE_COMMENT = re.compile(
    r"^\.\. source(?: \((?P<language>[\w-]+)\))?: (?P<title>.*?) — (?P<path>.+?)"
    r" line (?P<line>\d+)(?:-(?P<end>\d+))?(?: · (?P<locator>.+))?$"
)
_ADORNMENT = re.compile(r"^([!-/:-@\[-`{-~])\1{2,}\s*$")
_BULLET = re.compile(r"^(?P<marker>[*+-]|#\.|\d+[.)])\s+(?P<text>.*)$")

#: Roles whose text is code: shown as `code`.
_CODE_ROLES = frozenset(
    {
        "func",
        "meth",
        "class",
        "mod",
        "attr",
        "const",
        "data",
        "exc",
        "obj",
        "keyword",
        "file",
        "program",
        "option",
        "envvar",
        "samp",
        "command",
        "kbd",
        "code",
        "macro",
        "type",
        "member",
        "var",
        "expr",
        "cmdoption",
        "token",
        "makevar",
    }
)
_ROLE = re.compile(r":(?P<role>[\w:.+-]+):`(?P<body>(?:[^`\\]|\\.)+)`")
_LINK = re.compile(r"`(?P<body>(?:[^`\\]|\\.)+?)`__?")
_LITERAL = re.compile(r"``(?P<code>.+?)``")
_DEFAULT_ROLE = re.compile(r"`(?P<body>[^`]+)`")
_EXPLICIT_TARGET = re.compile(r"^(?P<text>.*?)\s*<(?P<target>[^<>]+)>$", re.S)

#: Directives whose content is code.
_CODE_DIRECTIVES = frozenset({"code", "code-block", "sourcecode", "doctest", "testcode", "highlight"})
#: Directives that are only index or cross-reference machinery: left out of definitions.
_SILENT_DIRECTIVES = frozenset({"index", "highlight", "only", "raw", "image", "figure", "toctree"})


@dataclass(slots=True)
class Inline:
    """What inline conversion found besides the Markdown text: see-also targets and URLs."""

    see_also: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    #: Targets of anonymous references (`text`__), in order; named targets by their name.
    anonymous: list[str] = field(default_factory=list)
    named: dict[str, str] = field(default_factory=dict)


#: An anonymous link target: `__ https://…` or `.. __: https://…`.
_ANONYMOUS_TARGET = re.compile(r"^(?:__|\.\.\s+__:)\s+(?P<url>\S+)\s*$")
#: A named link target: `.. _Python: https://…` or `` .. _`two words`: https://… ``.
_NAMED_TARGET = re.compile(r"^\.\.\s+_(?:`(?P<quoted>[^`]+)`|(?P<name>[^:`]+)):\s+(?P<url>\S+)\s*$")
#: A bare reference to a one-word target: `Python_` or `Python__`.
_WORD_REFERENCE = re.compile(
    r"(?<![\w`])(?P<word>[A-Za-z][\w.-]*?[A-Za-z0-9])(?P<marks>__?)(?=[\s.,;:)!?]|$)"
)


def _target_key(name: str) -> str:
    return " ".join(name.split()).casefold()


def named_targets(lines: list[str]) -> dict[str, str]:
    """Return the page's named link targets (`.. _name: url`), keyed by name case-folded."""
    targets = {}
    for line in lines:
        match = _NAMED_TARGET.match(line.strip())
        if match:
            targets[_target_key(match.group("quoted") or match.group("name"))] = match.group("url")
    return targets


#: A text substitution: `.. |kiln| replace:: Kiln` (other substitutions, images and dates, are left).
_SUBSTITUTION = re.compile(r"^\.\.\s+\|(?P<name>[^|]+)\|\s+replace::\s+(?P<text>\S.*?)\s*$")


def with_substitutions(lines: list[str]) -> list[str]:
    """Return the lines with each `|name|` that a `replace::` substitution defines written as its
    text (`|kiln| log` → `Kiln log`); the definition lines themselves stay as they are."""
    texts = {m["name"]: m["text"] for line in lines if (m := _SUBSTITUTION.match(line.strip()))}
    if not texts:
        return lines
    used = re.compile("|".join(re.escape(f"|{name}|") for name in texts))
    return [
        line if _SUBSTITUTION.match(line.strip()) else used.sub(lambda m: texts[m.group()[1:-1]], line)
        for line in lines
    ]


def _link_to(shown: str, target: str, found: Inline) -> str:
    if re.match(r"^[a-z][a-z+.-]*:", target):
        found.links.append(target)
        return f"[{shown}]({target})"
    return shown


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t")) if line.strip() else 10**6


def _unescape(text: str) -> str:
    """Drop reST escapes: `\\ ` (join) disappears, `\\x` gives x."""
    return re.sub(r"\\(.)", lambda m: "" if m.group(1) == " " else m.group(1), text)


def inline_markdown(text: str, found: Inline | None = None) -> str:
    """Return reST inline markup as Markdown; collect :term: targets and URLs into `found`."""
    found = found if found is not None else Inline()
    codes: list[str] = []

    def keep_code(code: str) -> str:
        codes.append(code)
        return f"\x00{len(codes) - 1}\x00"

    def role(match: re.Match[str]) -> str:
        name = match.group("role").split(":")[-1]
        body = _unescape(match.group("body"))
        explicit = _EXPLICIT_TARGET.match(body)
        shown, target = (explicit.group("text"), explicit.group("target")) if explicit else (body, body)
        shown = shown.lstrip("~!") if not explicit else shown
        if match.group("body").startswith("~") and not explicit:
            shown = shown.rsplit(".", 1)[-1]
        if name == "term":
            found.see_also.append(tidy(target))
            return shown
        if name in _CODE_ROLES:
            return keep_code(f"`{shown}`")
        if name == "pep":
            return f"PEP {shown}"
        if name == "rfc":
            return f"RFC {shown}"
        if name in {"dfn", "emphasis"}:
            return f"*{shown}*"
        if name == "strong":
            return f"**{shown}**"
        return shown

    def link(match: re.Match[str]) -> str:
        body = _unescape(match.group("body"))
        explicit = _EXPLICIT_TARGET.match(body)
        if not explicit:
            if match.group(0).endswith("__"):
                return _link_to(body, found.anonymous.pop(0), found) if found.anonymous else body
            return _link_to(body, found.named.get(_target_key(body), ""), found)
        shown, target = explicit.group("text") or explicit.group("target"), explicit.group("target")
        if re.match(r"^[a-z][a-z+.-]*:", target):
            found.links.append(target)
            return f"[{shown}]({target})"
        return shown

    def word_reference(match: re.Match[str]) -> str:
        word = match.group("word")
        if match.group("marks") == "__":
            return _link_to(word, found.anonymous.pop(0), found) if found.anonymous else match.group(0)
        target = found.named.get(_target_key(word))
        return _link_to(word, target, found) if target else match.group(0)

    text = _LITERAL.sub(lambda m: keep_code(f"`{m.group('code')}`"), text)
    text = _ROLE.sub(role, text)
    text = _LINK.sub(link, text)
    text = _WORD_REFERENCE.sub(word_reference, text)
    text = _DEFAULT_ROLE.sub(lambda m: keep_code(f"`{_unescape(m.group('body'))}`"), text)
    text = re.sub(r"\\ ", "", text)
    text = re.sub(r"\\([^\x00])", r"\1", text)
    return re.sub(r"\x00(\d+)\x00", lambda m: codes[int(m.group(1))], text)


def plain_term(text: str, found: Inline) -> str:
    """Return a term line as plain text: markup removed, code marks dropped."""
    markdown = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", inline_markdown(text, found))
    return tidy(markdown.replace("`", "")) or tidy(text)


# ── bodies ────────────────────────────────────────────────────────────────────────────


def _block_end(lines: list[str], start: int, indent: int) -> int:
    """Return the index after the run of lines from `start` that are blank or indented past `indent`."""
    end = start
    last = start
    while end < len(lines) and (not lines[end].strip() or _indent(lines[end]) > indent):
        end += 1
        if lines[end - 1].strip():
            last = end
    return last


def _dedent(lines: list[str]) -> list[str]:
    widths = [_indent(line) for line in lines if line.strip()]
    cut = min(widths) if widths else 0
    return [line[cut:] if line.strip() else "" for line in lines]


def _fence(lines: list[str], language: str = "") -> str:
    body = "\n".join(_dedent(lines)).strip("\n")
    return f"```{language}\n{body}\n```"


def body_markdown(lines: list[str], found: Inline) -> str:
    """Return the Markdown for body lines (any indentation) of one entry or directive.

    Anonymous link targets (`__ https://…`) are taken out of the text and given, in order,
    to the anonymous references (`text`__) before them.
    """
    lines = _dedent(lines)
    for index, line in enumerate(lines):
        target = _ANONYMOUS_TARGET.match(line.strip())
        if target:
            found.anonymous.append(target.group("url"))
            lines[index] = ""
    blocks: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        indent = _indent(line)
        stripped = line.strip()
        directive = _DIRECTIVE.match(stripped)
        if stripped.startswith("..") and (
            directive or _TARGET.match(stripped) or stripped == ".." or stripped.startswith(".. ")
        ):
            end = _block_end(lines, i + 1, indent)
            if directive:
                blocks.extend(_directive_markdown(directive, lines[i + 1 : end], found))
            i = end
            continue
        if stripped.startswith(">>>"):
            end = i
            while end < len(lines) and lines[end].strip():
                end += 1
                after = end
                while after < len(lines) and not lines[after].strip():
                    after += 1
                if (
                    end < len(lines)
                    and not lines[end].strip()
                    and after < len(lines)
                    and _indent(lines[after]) == indent
                    and lines[after].strip().startswith(">>>")
                ):
                    end = after
            blocks.append(_fence(lines[i:end], "pycon"))
            i = end
            continue
        bullet = _BULLET.match(stripped)
        if bullet:
            item_indent = indent + len(stripped) - len(bullet.group("text"))
            end = i + 1
            while end < len(lines) and lines[end].strip() and _indent(lines[end]) >= item_indent:
                end += 1
            parts = [bullet.group("text"), *(line.strip() for line in lines[i + 1 : end])]
            text, literal = _literal_intro(tidy(" ".join(parts)))
            marker = "1." if bullet.group("marker")[0].isdigit() or bullet.group("marker") == "#." else "-"
            blocks.append(f"{marker} {inline_markdown(text, found)}")
            i = end
            if literal:
                i = _literal_block(lines, i, indent, blocks)
            # nested item content (deeper paragraphs) is read as its own blocks
            continue
        end = i + 1
        while (
            end < len(lines)
            and lines[end].strip()
            and _indent(lines[end]) == indent
            and not _BULLET.match(lines[end].strip())
            and not lines[end].strip().startswith("..")
        ):
            end += 1
        text, literal = _literal_intro(tidy(" ".join(line.strip() for line in lines[i:end])))
        if text:
            blocks.append(inline_markdown(text, found))
        i = end
        if literal:
            i = _literal_block(lines, i, indent, blocks)
    return "\n\n".join(blocks)


def _literal_intro(text: str) -> tuple[str, bool]:
    """Return (paragraph text, whether a literal block follows) for a paragraph ending in `::`."""
    if not text.endswith("::"):
        return text, False
    if text == "::":
        return "", True
    if text.endswith(" ::"):
        return text[:-3].rstrip(), True
    return text[:-1], True


def _literal_block(lines: list[str], start: int, indent: int, blocks: list[str]) -> int:
    """Append the literal block indented past `indent` from `start`; return the index after it."""
    first = start
    while first < len(lines) and not lines[first].strip():
        first += 1
    if first >= len(lines) or _indent(lines[first]) <= indent:
        return start
    end = _block_end(lines, first, indent)
    blocks.append(_fence(lines[first:end]))
    return end


def _directive_markdown(directive: re.Match[str], content: list[str], found: Inline) -> list[str]:
    """Return the Markdown blocks for a directive inside a body (index lines give none)."""
    name = directive.group("name").split(":")[-1]
    if name in _SILENT_DIRECTIVES:
        return []
    body = [line for line in content if not _OPTION.match(line.strip())]
    if name in _CODE_DIRECTIVES:
        return [_fence(body, (directive.group("arg") or "").strip())] if any(s.strip() for s in body) else []
    arg = inline_markdown((directive.group("arg") or "").strip(), found)
    inner = body_markdown(body, found)
    label = name.replace("-", " ").capitalize()
    text = " ".join(part for part in (arg, inner) if part)
    return [f"> **{label}:** {text}"] if text else []


# ── the page ─────────────────────────────────────────────────────────────────────────


@dataclass(slots=True)
class _Draft:
    terms: list[tuple[int, str]]
    body: list[tuple[int, str]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class _Read:
    """An entry, the lines of this file it was read from, and the source it cites (if restored)."""

    entry: Entry
    span: tuple[int, int]
    cited: tuple[str, str] | None = None


class SphinxGlossaryReader:
    """Reads Sphinx `.. glossary::` directives; the rest of the page is reported."""

    name = "sphinx"
    description = "Sphinx reST `.. glossary::` blocks (term lines, indented bodies), in a page or a chapter"

    def detect(self, text: str) -> float:
        """Return 0.95 when the text has a glossary directive with entries; 0.7 for a reST
        page that is mostly a definition list (a glossary written without the directive)."""
        if not any(_GLOSSARY.match(line) for line in text.splitlines()):
            lines = [line.expandtabs(8) for line in text.splitlines()]
            return 0.7 if _is_definition_list_page(lines) else 0.0
        entries = len(self.read(text, "").entries)
        return 0.95 if entries >= 2 else 0.6 if entries == 1 else 0.1

    def read(self, text: str, source: str) -> ReadResult:
        """Return the entries of every glossary block and a reason for every other line."""
        lines = [line.expandtabs(8) for line in text.splitlines()]  # reST tab stops are 8 wide
        lines = with_substitutions(lines)
        unused: list[Unused] = []
        reasons = self._page_reasons(lines)
        title = next((t for t in _section_titles(lines).values()), "")
        section = ""
        sections = _section_titles(lines)
        targets = named_targets(lines)
        read: list[_Read] = []
        if not any(_GLOSSARY.match(line) for line in lines) and _is_definition_list_page(lines):
            return self._read_definition_list(lines, source, reasons, targets, title)
        i = 0
        while i < len(lines):
            if i in sections:
                section = sections[i]
            match = _GLOSSARY.match(lines[i])
            if not match:
                if lines[i].strip():
                    unused.append(Unused(source, i + 1, lines[i].strip(), reasons.get(i, REASON_CHAPTER)))
                i += 1
                continue
            end = _block_end(lines, i + 1, _indent(lines[i]))
            unused.append(Unused(source, i + 1, lines[i].strip(), REASON_DIRECTIVE))
            found, lost = self._read_block(lines, i + 1, end, source, section, targets)
            read.extend(found)
            unused.extend(lost)
            i = end
        if not any(item.reason == REASON_CHAPTER for item in unused):
            # a glossary page: its heading names the page, not where the terms are introduced
            read = [r if r.cited else replace(r, entry=replace(r.entry, locator=None)) for r in read]
        return result_with_restored(((r.entry, r.span, r.cited) for r in read), unused, title)

    def _read_definition_list(
        self, lines: list[str], source: str, reasons: dict[int, str], targets: dict[str, str], title: str
    ) -> ReadResult:
        """Return one entry per item of the page's top-level definition lists, under the section
        it sits in; every other line is reported."""
        sections = _section_titles(lines)
        items = dict(definition_list_items(lines))
        read: list[_Read] = []
        unused: list[Unused] = []
        section = ""
        i = 0
        while i < len(lines):
            if i in sections:
                section = sections[i]
            if i in items:
                end = items[i]
                body = [(j + 1, lines[j]) for j in range(i + 1, end) if lines[j].strip()]
                term = _CLASSIFIER.sub("", lines[i].strip())
                read.extend(self._entries(_Draft([(i + 1, term)], body), lines, source, section, targets))
                i = end
                continue
            if lines[i].strip():
                unused.append(Unused(source, i + 1, lines[i].strip(), reasons.get(i, REASON_CHAPTER)))
            i += 1
        return result_with_restored(((r.entry, r.span, r.cited) for r in read), unused, title)

    @staticmethod
    def _page_reasons(lines: list[str]) -> dict[int, str]:
        """Return the reason for page lines that are headings, comments or targets (by index)."""
        reasons: dict[int, str] = {}
        for index, heading in _section_titles(lines).items():
            reason = REASON_TITLE if "glossary" in heading.casefold() else REASON_SECTION
            for j in range(max(0, index - 1), min(len(lines), index + 2)):
                if j == index or _ADORNMENT.match(lines[j].strip() or "x"):
                    reasons[j] = reason
        i = 0
        while i < len(lines):
            stripped = lines[i].strip()
            if _indent(lines[i]) == 0 and stripped.startswith("..") and not _DIRECTIVE.match(stripped):
                reason = REASON_TARGET if _TARGET.match(stripped) else REASON_COMMENT
                end = _block_end(lines, i + 1, 0) if reason == REASON_COMMENT else i + 1
                for j in range(i, end):
                    reasons[j] = reason
                i = max(end, i + 1)
                continue
            i += 1
        return reasons

    def _read_block(
        self, lines: list[str], start: int, end: int, source: str, section: str, targets: dict[str, str]
    ) -> tuple[list[_Read], list[Unused]]:
        """Return the entries and unused lines of one glossary block (lines[start:end])."""
        unused: list[Unused] = []
        drafts: list[_Draft] = []
        term_indent = -1
        previous_blank = True
        for i in range(start, end):
            line = lines[i]
            if not line.strip():
                previous_blank = True
                continue
            stripped = line.strip()
            indent = _indent(line)
            if term_indent < 0:
                if _OPTION.match(stripped):
                    unused.append(Unused(source, i + 1, stripped, REASON_OPTION))
                    continue
                term_indent = indent
            if indent <= term_indent:
                if stripped == ".." or stripped.startswith(".. "):
                    unused.append(Unused(source, i + 1, stripped, REASON_GLOSSARY_COMMENT))
                elif drafts and not drafts[-1].body and not previous_blank:
                    drafts[-1].terms.append((i + 1, stripped))
                else:
                    drafts.append(_Draft([(i + 1, stripped)]))
            elif drafts:
                drafts[-1].body.append((i + 1, line))
            else:
                unused.append(Unused(source, i + 1, stripped, "indented text before the first glossary term"))
            previous_blank = False
        entries: list[_Read] = []
        for draft in drafts:
            if not draft.body:
                unused.extend(Unused(source, n, t, REASON_NO_DEFINITION) for n, t in draft.terms)
                continue
            entries.extend(self._entries(draft, lines, source, section, targets))
        return entries, unused

    def _entries(
        self, draft: _Draft, lines: list[str], source: str, section: str, targets: dict[str, str]
    ) -> list[_Read]:
        """Return the entry of a glossary item, or, for termbase's own Sphinx export, one
        entry per `.. source:` comment with the original source, lines, locator and language."""
        marks = [k for k, (_, text) in enumerate(draft.body) if _SOURCE_COMMENT.match(text.strip())]
        if not marks:
            entry = self._entry(draft, lines, source, section, targets)
            return [_Read(entry, (entry.line, entry.end_line))]
        body = enumerate(draft.body)
        comments = {k: found for k, (n, text) in body if (found := embedded(text, "rest", source, n))}
        data = {k - 1: found[1] for k, found in comments.items() if found[0] == ENTRY_MARK and k - 1 in marks}
        concept = next((found[1] for found in comments.values() if found[0] == CONCEPT_MARK), None)
        # the "Origin:" paragraph under an entry's comments, by the index of its source comment
        origins = {
            mark: index
            for mark in marks
            if (index := mark + 1 + (mark in data)) < len(draft.body)
            and draft.body[index][1].strip().startswith(ORIGIN_PREFIX)
        }

        def end_of(mark: int) -> int:
            """Return the body index of the last line that belongs to the entry above `mark`."""
            return origins.get(mark, mark + (mark in data))

        read = []
        start = 0
        after = end_of(marks[-1]) + 1
        # the "See also" paragraph: the whole concept's
        tail = [(n, text) for k, (n, text) in enumerate(draft.body) if k >= after and k not in comments]
        tail_found = Inline()
        body_markdown([text for _, text in tail], tail_found)
        # each term line is one label of the concept, written verbatim by the writer (a
        # leading `\` escapes a mark reST would read): not split on `/` or `( )`
        labels = tuple(dict.fromkeys(term.removeprefix("\\") for _, term in draft.terms))
        for number, mark in enumerate(marks):
            chunk = draft.body[start:mark] or [draft.body[mark]]
            entry = self._entry(_Draft(draft.terms, chunk), lines, source, section, targets)
            match = _SOURCE_COMMENT.match(draft.body[mark][1].strip())
            assert match is not None
            line = int(match["line"])
            last = number == len(marks) - 1
            origin = origin_from_line(draft.body[origins[mark]][1]) if mark in origins else entry.origin
            restored = replace(
                entry,
                origin=origin,
                source=match["path"],
                line=line,
                end_line=int(match["end"] or line),
                locator=guess_locator(match["locator"]),
                language=match["language"] or "en",
                see_also=tuple(dict.fromkeys(tail_found.see_also)) if last else (),
                definition="" if entry.definition == NO_DEFINITION else entry.definition,
                term=labels[0],
                labels=labels,
            )
            first_line = draft.terms[0][0] if number == 0 else chunk[0][0]
            last_line = draft.body[-1][0] if last else draft.body[end_of(mark)][0]
            read.append(_Read(restored, (first_line, last_line), (match["path"], match["title"])))
            start = end_of(mark) + 1
        if concept is None or len(data) != len(marks):
            return read
        shown = [r.entry.definition for r in read]  # each comment gives the definition only if reST can't
        exported = [{"definition": text, **data[mark]} for text, mark in zip(shown, marks, strict=True)]
        restored_all = restored_entries(concept, exported, [r.span for r in read])
        return [_Read(entry, span, cited) for entry, span, cited in restored_all]

    @staticmethod
    def _entry(draft: _Draft, lines: list[str], source: str, section: str, targets: dict[str, str]) -> Entry:
        found = Inline(named=targets)
        term_found = Inline(named=targets)
        # a glossary term's classifier (`term : index key`) groups the index; it is no part of the label
        terms = [plain_term(_CLASSIFIER.sub("", term), term_found) for _, term in draft.terms]
        first, last = draft.terms[0][0], draft.body[-1][0]
        body_lines = lines[draft.body[0][0] - 1 : last]
        definition = body_markdown(body_lines, found)
        if definition.strip() in {"\\", ""}:
            definition = ""
        labels: list[str] = []
        for term in terms:
            labels.extend(parse_term(term)[0])
        see_also = [t for t in dict.fromkeys(term_found.see_also + found.see_also) if t not in labels]
        stated = section and "glossary" not in section.casefold()
        locator = Locator("section", section, title=section) if stated else None
        return Entry(
            source=source,
            line=first,
            end_line=last,
            term=terms[0],
            labels=tuple(dict.fromkeys(labels)),
            definition=definition,
            locator=locator,
            see_also=tuple(see_also),
            links=tuple(dict.fromkeys(term_found.links + found.links)),
        )


#: A definition-list term's classifiers (`term : classifier`), which are no part of the label.
_CLASSIFIER = re.compile(r"\s+:\s+.*$")


def definition_list_items(lines: list[str]) -> list[tuple[int, int]]:
    """Return (term index, end index) for each reST definition-list item at the page's left
    margin: a one-line term that is no title, comment, directive, field or bullet, with its
    definition indented on the very next line."""
    titles = _section_titles(lines)
    adorned = {j for i in titles for j in (i - 1, i + 1)}
    items = []
    for i in range(len(lines) - 1):
        stripped = lines[i].strip()
        if (
            not stripped
            or _indent(lines[i]) > 0
            or i in titles
            or i in adorned
            or stripped.startswith("..")
            or _OPTION.match(stripped)
            or _BULLET.match(stripped)
            or _ADORNMENT.match(stripped)
            or not lines[i + 1].strip()
            or _indent(lines[i + 1]) == 0
            or (i > 0 and lines[i - 1].strip() and _indent(lines[i - 1]) == 0 and i - 1 not in adorned)
        ):
            continue
        items.append((i, _block_end(lines, i + 1, 0)))
    return items


#: A page is a glossary written as a definition list when it has this many items …
MIN_DEFINITION_ITEMS = 3


def _is_definition_list_page(lines: list[str]) -> bool:
    """Return True for a reST page (section titles or `..` markup) whose text is mostly the
    items of definition lists at its left margin."""
    if not _section_titles(lines) and not any(line.startswith(".. ") for line in lines):
        return False
    items = definition_list_items(lines)
    if len(items) < MIN_DEFINITION_ITEMS:
        return False
    inside = sum(1 for start, end in items for j in range(start, end) if lines[j].strip())
    prose = [
        i
        for i, line in enumerate(lines)
        if line.strip()
        and _indent(line) == 0
        and not line.startswith("..")
        and not _ADORNMENT.match(line.strip())
    ]
    outside = len([i for i in prose if not any(a <= i < b for a, b in items)]) - len(_section_titles(lines))
    short_terms = sum(len(lines[a].split()) <= 8 for a, _ in items)
    return inside >= 3 * max(outside, 0) and short_terms >= 0.9 * len(items)


def _section_titles(lines: list[str]) -> dict[int, str]:
    """Return {line index: title} for every reST section title (text line with an underline)."""
    titles: dict[int, str] = {}
    for i in range(len(lines) - 1):
        text = lines[i].strip()
        under = lines[i + 1].strip()
        if (
            text
            and _indent(lines[i]) == 0
            and not _ADORNMENT.match(text)
            and _ADORNMENT.match(under)
            and len(under) >= len(text)
            and not text.startswith("..")
        ):
            titles[i] = text
    return titles
