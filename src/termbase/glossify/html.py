"""Glossify HTML: wrap terms in prose text in links, and leave every other byte as it was.

The page is scanned once for tags, comments and character references (a regular
expression, no tree is built): the prose between them is matched, and the links are
spliced into the page's own text, so its markup comes out exactly as it went in. Nothing
inside headings, links, code, preformatted text, scripts, styles, math, SVG, form controls
or elements marked `data-termbase="off"` (or the class `no-glossify`) is linked, and
attributes are never touched. Each block element (p, li, td, dd, blockquote …) is a
paragraph for the density rules; a heading starts a section.
"""

from __future__ import annotations

import html as html_text
import re
from bisect import bisect_right
from functools import lru_cache
from itertools import accumulate
from typing import NamedTuple

from termbase.context_words import context_words
from termbase.glossify.linker import Linker

TERM_CLASS = "termbase-term"
_SKIP = frozenset(
    {"a", "code", "pre", "kbd", "samp", "var", "tt", "script", "style", "noscript", "template",
     "textarea", "select", "option", "button", "label", "math", "svg", "head", "title", "abbr",
     "dfn", "iframe", "object", "canvas", "time"}
)
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6", "header", "caption", "th", "figcaption", "dt"})
_SECTION_STARTS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_BLOCKS = frozenset(
    {"p", "li", "td", "dd", "blockquote", "div", "section", "article", "main", "aside", "figure",
     "details", "summary", "body", "ul", "ol", "dl", "table", "tr"}
)
_SKIP_CLASSES = frozenset({"no-glossify", TERM_CLASS, "highlight", "arithmatex", "MathJax", "katex"})
_NEVER = _SKIP | _HEADINGS
#: Elements whose content is raw text (no tags inside): jumped over to their end tag.
_RAW_TEXT = frozenset({"script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes"})
_VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
)

#: One piece of markup: a comment, a declaration or processing instruction, a tag (quoted
#: attribute values may hold `>`), or a character reference.
_MARKUP = re.compile(
    r"<!--.*?(?:-->|\Z)"
    r"|<![^>]*>?|<\?[^>]*>?"
    r"|<(/?)([A-Za-z][^\s/>]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>"
    r"|&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});",
    re.DOTALL,
)
_ATTRIBUTE = re.compile(r"""([^\s"'=<>`/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?""")
#: Character references that stand for a space between words (so `multi&nbsp;head` is one term).
_SPACES = frozenset({"&nbsp;", "&#160;", "&#xa0;", "&#xA0;", "&#32;"})
_MASK = "\x00"


class _Event(NamedTuple):
    """Something in the page that the density rules hear of, at offset `at`."""

    at: int
    kind: str  # "section", "block" or "existing"
    href: str = ""
    concept_id: str = ""


def _attributes(text: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for match in _ATTRIBUTE.finditer(text):
        value = match.group(2) if match.group(2) is not None else match.group(3) or match.group(4) or ""
        found.setdefault(match.group(1).lower(), html_text.unescape(value))
    return found


def _skipped(tag: str, attributes: str) -> tuple[bool, dict[str, str]]:
    """Return whether an element is never linked inside, and its attributes when read."""
    if tag in _NEVER:
        return True, _attributes(attributes) if tag == "a" and attributes else {}
    if not attributes or ("class" not in attributes and "data-termbase" not in attributes
                          and "translate" not in attributes):  # fmt: skip
        return False, {}
    values = _attributes(attributes)
    if values.get("data-termbase") == "off" or values.get("translate") == "no":
        return True, values
    classes = values.get("class")
    return bool(classes) and not _SKIP_CLASSES.isdisjoint(classes.split()), values


_P_ENDERS = (
    "p", "div", "ul", "ol", "dl", "table", "pre", "blockquote", "section", "h1", "h2", "h3", "h4", "h5",
    "h6", "hr", "figure", "details", "main", "article", "aside", "header", "footer",
)  # fmt: skip
#: Elements whose end tag may be left out: the start tags, then the end tags, that end them then.
_ENDED_BY: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "dt": (("dt", "dd"), ("dl",)),
    "th": (("th", "td", "tr", "tbody", "tfoot"), ("tr", "thead", "tbody", "table")),
    "li": (("li",), ("ul", "ol")),
    "option": (("option", "optgroup"), ("select", "optgroup")),
    "p": (_P_ENDERS, ("div", "li", "td", "th", "dd", "blockquote", "section", "article", "main", "body")),
}


@lru_cache(maxsize=64)
def _same_tag(tag: str) -> re.Pattern[str]:
    """Return a pattern for the start and end tags of one element name, and of the elements
    that end it when its end tag is left out (to skip its content)."""
    starts, ends = _ENDED_BY.get(tag, ((), ()))
    names = "|".join(re.escape(name) for name in dict.fromkeys((tag, *starts, *ends)))
    return re.compile(rf"<(/?)({names})(?=[\s/>])((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>", re.IGNORECASE)


def _skip_to_end(page: str, tag: str, position: int, end: int) -> int:
    """Return where the element opened just before `position` ends (after its end tag), or `end`."""
    depth = 1
    finder = _same_tag(tag)
    starts, ends = _ENDED_BY.get(tag, ((), ()))
    while depth:
        found = finder.search(page, position, end)
        if found is None:
            return end
        name, closing = found.group(2).lower(), bool(found.group(1))
        if depth == 1 and (name in ends if closing else name in starts):
            return found.start()  # `<dt>a<dd>`: the next element ends the one without its end tag
        position = found.end()
        if name == tag:
            if closing:
                depth -= 1
            elif not found.group(3).endswith("/"):
                depth += 1
    return position


class Prose(NamedTuple):
    """The prose of a page: its runs of text joined by NUL (which no match crosses), and where
    each run starts in the joined text and in the page."""

    text: str
    starts: list[int]
    offsets: list[int]

    def to_page(self, position: int) -> int:
        """Return the offset in the page of a position in the joined text."""
        run = bisect_right(self.starts, position) - 1
        return self.offsets[run] + position - self.starts[run]

    def to_text(self, offset: int) -> int:
        """Return the position in the joined text of an offset in the page (the next run's
        start when the offset is in markup)."""
        run = bisect_right(self.offsets, offset) - 1
        if run < 0:
            return 0
        run_end = self.starts[run + 1] - 1 if run + 1 < len(self.starts) else len(self.text)
        return self.starts[run] + min(offset - self.offsets[run], run_end - self.starts[run])


def scan(page: str, start: int = 0, end: int | None = None) -> tuple[Prose, list[_Event]]:
    """Return the prose of `page[start:end]` (offsets are into that region) and the events
    (sections, blocks, existing term links) in reading order."""
    end = len(page) if end is None else end
    runs: list[str] = []
    offsets: list[int] = []
    run_end = -1  # where the last run ends: text right after it joins it
    events: list[_Event] = [_Event(0, "block")]
    position = start
    while position < end:
        markup = _MARKUP.search(page, position, end)
        begin, finish = markup.span() if markup is not None else (end, end)
        if begin > position:
            if position - start == run_end:
                runs[-1] += page[position:begin]
            else:
                runs.append(page[position:begin])
                offsets.append(position - start)
            run_end = begin - start
        if markup is None:
            break
        name = markup.group(2)
        if name is None:  # comment, declaration, character reference
            piece = markup.group()
            if piece in _SPACES:  # a space between words: part of the run
                if begin - start == run_end:
                    runs[-1] += " " * len(piece)
                else:
                    runs.append(" " * len(piece))
                    offsets.append(begin - start)
                run_end = finish - start
            position = finish
            continue
        tag = name.lower()
        attributes = markup.group(3)
        at = begin - start
        if markup.group(1):  # an end tag
            if tag in _BLOCKS:
                events.append(_Event(at, "block"))
        else:
            self_closing = tag in _VOID or attributes.endswith("/")
            if tag in _SECTION_STARTS:
                events.append(_Event(at, "section"))
            if tag in _RAW_TEXT and not self_closing:
                closer = re.compile(rf"</{re.escape(tag)}\s*>", re.IGNORECASE).search(page, finish, end)
                finish = closer.end() if closer else end
            else:
                skipped, values = _skipped(tag, attributes)
                if skipped:
                    if tag == "a" and TERM_CLASS in values.get("class", "").split():
                        href, concept_id = values.get("href", ""), values.get("data-termbase", "")
                        events.append(_Event(at, "existing", href, concept_id))
                    if not self_closing:
                        finish = _skip_to_end(page, tag, finish, end)
                elif tag in _BLOCKS:
                    events.append(_Event(at, "block"))
        position = finish
    starts = list(accumulate((len(run) + 1 for run in runs), initial=0))[:-1]
    return Prose(_MASK.join(runs), starts, offsets), events


def make_link(url: str, concept_id: str, definition: str, text: str, tooltips: bool | str) -> str:
    """Return the <a> element for a chosen match, around `text` (HTML as it stood). `tooltips`:
    True puts the definition in the link's title; "shared" names the concept in
    `data-termbase` (definitions come from one script for the whole site, see
    termbase-tooltips.js); False adds neither."""
    attributes = f'class="{TERM_CLASS}" href="{html_text.escape(url)}"'
    if tooltips == "shared":
        attributes += f' data-termbase="{html_text.escape(concept_id)}"'
    elif tooltips and definition:
        attributes += f' title="{html_text.escape(definition)}"'
    return f"<a {attributes}>{text}</a>"


def glossify_region(page: str, linker: Linker, tooltips: bool | str, start: int = 0, end: int | None = None
                    ) -> tuple[str, int]:  # fmt: skip
    """Return `page` with links added between `start` and `end`, and how many were added.

    Matches are handed to the linker in reading order, with each section, block and existing
    link on the way; a label several concepts share is decided by the words of its block.
    """
    end = len(page) if end is None else end
    prose, events = scan(page, start, end)
    region = page[start:end]
    bounds = [prose.to_text(event.at) for event in events if event.kind != "existing"]
    block_words: dict[int, frozenset[str]] = {}

    def words_around(begin: int, _: int) -> frozenset[str]:
        index = bisect_right(bounds, begin) - 1
        if index not in block_words:
            after = bounds[index + 1] if index + 1 < len(bounds) else len(prose.text)
            block_words[index] = context_words(prose.text[bounds[index] : after])
        return block_words[index]

    matcher = linker.matcher
    out: list[str] = []
    last = 0
    upcoming = iter(events)
    event = next(upcoming, None)
    for begin, finish, concept_id, _ in matcher.spans(prose.text, context=words_around):
        begin, finish = prose.to_page(begin), prose.to_page(finish - 1) + 1
        while event is not None and event.at <= begin:
            if event.kind == "section":
                linker.section()
            elif event.kind == "block":
                linker.paragraph()
            else:
                linker.existing(event.href, event.concept_id)
            event = next(upcoming, None)
        if not linker.take(concept_id):
            continue
        definition = matcher.definition(concept_id) if tooltips is True else ""
        url = linker.url_for(concept_id)
        out.append(region[last:begin])
        out.append(make_link(url, concept_id, definition, region[begin:finish], tooltips))
        last = finish
    if not out:
        return page, 0
    out.append(region[last:])
    return page[:start] + "".join(out) + page[end:], len(out) // 2


def glossify_fragment(html: str, linker: Linker, tooltips: bool | str = True) -> str:
    """Return an HTML fragment (a page body's content) with links added."""
    return glossify_region(html, linker, tooltips)[0]


_BODY = re.compile(r"<body(?:\s(?:[^>\"']|\"[^\"]*\"|'[^']*')*)?>", re.IGNORECASE)
_BODY_END = re.compile(r"</body\s*>", re.IGNORECASE)
_HEAD_END = re.compile(r"</head\s*>", re.IGNORECASE)
_HEAD_PLACE = re.compile(r"<head(?:\s[^>]*)?>|<html(?:\s[^>]*)?>|<!doctype[^>]*>", re.IGNORECASE)


def glossify_document(html: str, linker: Linker, tooltips: bool = True, head_extra: str = "") -> str:
    """Return a whole HTML document with links added in its body (the whole text when it has
    no <body> tag), and `head_extra` at the end of <head>."""
    body = _BODY.search(html)
    start = body.end() if body else 0
    closing = _BODY_END.search(html, start)
    end = closing.start() if closing else len(html)
    out, _ = glossify_region(html, linker, tooltips, start, end)
    if head_extra:
        head_end = _HEAD_END.search(out, 0, start if body else len(out))
        if head_end is not None:
            out = out[: head_end.start()] + head_extra + out[head_end.start() :]
        else:
            places = list(_HEAD_PLACE.finditer(out, 0, start if body else len(out)))
            at = places[-1].end() if places else 0  # after <head>, else <html>, else the doctype
            out = out[:at] + head_extra + out[at:]
    return out
