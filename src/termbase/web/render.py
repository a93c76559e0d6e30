"""Turn text from source files into safe HTML: Markdown definitions and LaTeX formulas.

Definitions come from files other people wrote, so every piece of HTML made from them is
sanitised against an allowlist (nh3): no `<script>`, no event handlers, no `javascript:`
URLs, no images or other tags that would load anything. Formulas are converted to MathML
on the server (latex2mathml) and rebuilt element by element from a MathML allowlist, so
no script is needed in the browser and nothing in a formula can become markup.
"""

from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jinja2 import Environment, FileSystemBytecodeCache, PackageLoader, Template, select_autoescape
from jinja2.compiler import CodeGenerator
from markupsafe import Markup, escape

try:  # markupsafe's escaping of a str (its C speedups where built), without the Markup around it
    from markupsafe import _escape_inner as escape_text
except ImportError:  # another version of markupsafe: its public escape
    escape_text = escape

from termbase.citations import citations
from termbase.plain_text import markdown_as_plain_text
from termbase.web.sanitize import sanitize_html
from termbase.web.security import csp_meta

if TYPE_CHECKING:
    import xml.etree.ElementTree as ET

    from markdown_it import MarkdownIt


def safe_html(text: str) -> Markup:
    """Return `text`, HTML made safe already, as Markup: `Markup(text)` for a plain str, made by
    str's own constructor (Markup's adds Python-level checks a plain str does not need, and a
    site makes tens of thousands of these)."""
    return str.__new__(Markup, text)


#: The site's own CSS and JavaScript, served under /static and copied into static sites.
STATIC_DIR = Path(__file__).resolve().parent / "static"
MATHML_NS = "http://www.w3.org/1998/Math/MathML"

#: MathML presentation elements a formula may contain.
MATHML_TAGS = frozenset(
    [
        "math",
        "mrow",
        "mi",
        "mn",
        "mo",
        "ms",
        "mtext",
        "mspace",
        "msub",
        "msup",
        "msubsup",
        "mfrac",
        "msqrt",
        "mroot",
        "mstyle",
        "merror",
        "mpadded",
        "mphantom",
        "mfenced",
        "menclose",
        "munder",
        "mover",
        "munderover",
        "mmultiscripts",
        "mprescripts",
        "none",
        "mtable",
        "mtr",
        "mtd",
        "mlabeledtr",
        "semantics",
        "annotation",
    ]
)
MATHML_ATTRIBUTES = frozenset(
    [
        "display",
        "mathvariant",
        "mathsize",
        "mathcolor",
        "stretchy",
        "fence",
        "separator",
        "lspace",
        "rspace",
        "width",
        "height",
        "depth",
        "linethickness",
        "accent",
        "accentunder",
        "movablelimits",
        "largeop",
        "symmetric",
        "minsize",
        "maxsize",
        "columnalign",
        "rowalign",
        "columnspacing",
        "rowspacing",
        "columnlines",
        "rowlines",
        "frame",
        "notation",
        "scriptlevel",
        "displaystyle",
        "open",
        "close",
        "separators",
        "form",
        "align",
        "encoding",
    ]
)


#: Stands in for one inline formula while the HTML around it is sanitised (nh3 would drop
#: MathML); replaced by the formula's MathML, rebuilt from the allowlist, afterwards.
_MATH_SLOT = "\ue000{}\ue001"
_MATH_SLOTS = re.compile("\ue000(\\d+)\ue001")
#: How dollarmath writes a formula (its content HTML-escaped).
_RENDERED_MATH = re.compile(r'<(span|div) class="math (?:inline|block)">(.*?)</\1>', re.DOTALL)
#: `\(…\)` inline math, which CommonMark would read as escaped brackets: written as `$…$`.
_PAREN_MATH = re.compile(r"\\\((.+?)\\\)", re.DOTALL)


@lru_cache(maxsize=1)
def _markdown() -> MarkdownIt:
    """Return the Markdown parser (imported on first use: most definitions are plain text).

    Inline `$…$` (and `$$…$$`) math is parsed by mdit-py-plugins' dollarmath, which leaves
    prices such as `$4 … $0.56` alone; `markdown_html` turns each formula into MathML.
    """
    from markdown_it import MarkdownIt
    from mdit_py_plugins.dollarmath import dollarmath_plugin

    parser = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    parser.enable("strikethrough")
    return parser.use(
        dollarmath_plugin,
        allow_space=False,
        allow_digits=False,
        double_inline=True,
    )


#: Text with none of these characters renders the same as plain escaped text.
_MARKDOWN_SYNTAX = re.compile(r"[*_`\[\]<>&\\#~!|$]|^\s*(?:[-+>]|\d+[.)])\s|\n\s*\n", re.MULTILINE)
#: The parts of `_MARKDOWN_SYNTAX`: its characters, and what it looks for at a line start.
_MARKDOWN_CHARACTERS = re.compile(r"[*_`\[\]<>&\\#~!|$]")
_MARKDOWN_LINE_START = re.compile(r"\s*(?:[-+>]|\d+[.)])\s")


def has_markdown_syntax(text: str) -> bool:
    """Whether `_MARKDOWN_SYNTAX` finds anything in `text`: a search for its characters, then,
    in a text of one line (most definitions), its line-start rule at the start alone."""
    if _MARKDOWN_CHARACTERS.search(text):
        return True
    if "\n" in text:
        return _MARKDOWN_SYNTAX.search(text) is not None
    return _MARKDOWN_LINE_START.match(text) is not None


def markdown_html(text: str) -> Markup:
    """Return a definition (Markdown) as sanitised HTML, ready to put in a page."""
    if not has_markdown_syntax(text):  # plain text, with no `&`, `<` or `>` to escape
        return safe_html(f"<p>{text.strip()}</p>")
    return _markdown_html(text)


@lru_cache(maxsize=4096)
def _markdown_html(text: str) -> Markup:
    """Return a definition with Markdown syntax as sanitised HTML."""
    rendered = _markdown().render(_PAREN_MATH.sub(lambda m: f"${m.group(1).strip()}$", text))
    formulas: list[str] = []

    def slot(match: re.Match[str]) -> str:
        formulas.append(html.unescape(match.group(2)).strip())
        return _MATH_SLOT.format(len(formulas) - 1)

    safe = sanitize_html(_RENDERED_MATH.sub(slot, rendered)).strip()
    if formulas:

        def fill(match: re.Match[str]) -> str:
            number = int(match.group(1))
            return inline_formula_html(formulas[number]) if number < len(formulas) else match[0]

        safe = _MATH_SLOTS.sub(fill, safe)
    return Markup(safe)


def _mathml_element(element: ET.Element, out: list[str]) -> None:
    tag = element.tag.rpartition("}")[2]
    if tag not in MATHML_TAGS:
        return  # an element latex2mathml made from raw text: drop it, text and all
    attributes = "".join(
        f' {name}="{html.escape(value, quote=True)}"'
        for name, value in element.attrib.items()
        if name in MATHML_ATTRIBUTES
    )
    if tag == "math":
        attributes = ' class="formula"' + attributes
    out.append(f"<{tag}{attributes}>")
    if element.text:
        out.append(html.escape(element.text, quote=False))
    for child in element:
        _mathml_element(child, out)
        if child.tail:
            out.append(html.escape(child.tail, quote=False))
    out.append(f"</{tag}>")


@lru_cache(maxsize=4096)
def formula_html(latex: str) -> Markup:
    """Return a LaTeX formula as a display MathML `<math class="formula">` element.

    A formula that cannot be converted is shown as its escaped LaTeX source in
    `<code class="formula formula-tex">`.
    """
    mathml = latex_mathml(latex, "block")
    if mathml is None:
        return Markup(f'<code class="formula formula-tex">{html.escape(latex)}</code>')
    return Markup(mathml)


def latex_mathml(latex: str, display: str) -> str | None:
    """Return LaTeX as MathML rebuilt from the allowlist, or None if it cannot be converted."""
    import xml.etree.ElementTree as ET

    from latex2mathml.converter import convert as latex_to_mathml  # only pages with formulas need it

    try:
        tree = ET.fromstring(latex_to_mathml(latex, display=display))
    except Exception:  # latex2mathml raises many types on malformed input
        return None
    out: list[str] = []
    _mathml_element(tree, out)
    return "".join(out)


def inline_formulas(text: str) -> list[str]:
    """Return the LaTeX of every inline formula (`$…$`, `$$…$$`, `\\(…\\)`) in a definition."""
    if "$" not in text and "\\(" not in text:
        return []
    rendered = _markdown().render(_PAREN_MATH.sub(lambda m: f"${m.group(1).strip()}$", text))
    return [html.unescape(m.group(2)).strip() for m in _RENDERED_MATH.finditer(rendered)]


def unrenderable_formulas(text: str) -> list[str]:
    """Return the inline formulas of a definition that would show as LaTeX source, not math."""
    return [latex for latex in inline_formulas(text) if latex_mathml(latex, "inline") is None]


@lru_cache(maxsize=4096)
def inline_formula_html(latex: str) -> str:
    """Return inline math from a definition as `<math class="formula-inline">`, or its
    escaped source in `<code class="formula-tex">` when it cannot be converted."""
    mathml = latex_mathml(latex, "inline")
    if mathml is None:
        return f'<code class="formula-tex">{html.escape(latex)}</code>'
    return mathml.replace('<math class="formula"', '<math class="formula-inline"', 1)


def one_line(text: str, width: int = 160) -> str:
    """Return the first sentence-ish line of `text`, cut to `width` characters, as plain text."""
    # Only the start of a long text can reach the summary: work on a prefix when it is enough.
    head = text[: width * 4]
    line = markdown_as_plain_text(head)
    if len(line) <= width and len(head) < len(text):
        line = markdown_as_plain_text(text)
    if len(line) <= width:
        return line
    cut = line[: width - 1]
    return cut[: cut.rfind(" ")].rstrip(" ,;:") + "…" if " " in cut else cut + "…"


def escape_output(value: object) -> str:
    """Return `value` escaped for HTML, as markupsafe's `escape` does, as a plain str.

    What a template prints (`{{ … }}`) goes through this: a static site prints hundreds of
    thousands of values, and `escape` wraps each result in a Markup (a Python-level
    constructor) only for it to be joined into the page.
    """
    kind = type(value)
    if kind is str:
        return escape_text(value)
    if kind is Markup:
        return value  # type: ignore[return-value]
    if kind is int:  # digits and a sign: nothing to escape (a page prints each entry's line)
        return str(value)
    return escape(value)


class _PageCodeGenerator(CodeGenerator):
    """Compiles templates as Jinja does, except that printed values are escaped by
    `escape_output` (the same text, without a Markup made per value)."""

    def _output_child_pre(self, node: object, frame: Any, finalize: Any) -> None:
        if frame.eval_ctx.volatile or not frame.eval_ctx.autoescape:
            super()._output_child_pre(node, frame, finalize)  # type: ignore[arg-type]
            return
        self.write("environment.escape_output(")
        if finalize.src is not None:
            self.write(finalize.src)


class PageEnvironment(Environment):
    """The Jinja environment of the pages: Jinja's, with `_PageCodeGenerator`."""

    code_generator_class = _PageCodeGenerator
    escape_output = staticmethod(escape_output)


#: Names the compiled templates' code (see _PageCodeGenerator): code compiled by another
#: version of termbase, in a cache folder shared with it, is never loaded.
_COMPILED_AS = "escape-output-1"


def _bytecode_cache() -> FileSystemBytecodeCache | None:
    """Return a cache of compiled templates beside the compiled built-in glossary, if writable."""
    from termbase.cache_folder import cache_dir

    folder = cache_dir() / "jinja"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None  # a read-only home: templates are compiled in memory each run
    return FileSystemBytecodeCache(str(folder), f"__termbase_{_COMPILED_AS}_%s.cache")


@lru_cache(maxsize=256)
def letter_name(initial: str) -> str:
    """Return the Unicode name of an initial outside A–Z and 0–9 ("Greek capital letter beta"),
    so a reader can tell Greek Β from Latin B; "" for A–Z, digits and anything unnamed."""
    if len(initial) != 1 or (initial.isascii() and initial.isalnum()):
        return ""
    return unicodedata.name(initial, "").capitalize()


@lru_cache(maxsize=1)
def environment() -> Environment:
    """Return the Jinja2 environment of the page templates (autoescaping on).

    Compiled templates are cached on disk, so a command does not compile them every run.
    """
    env = PageEnvironment(
        loader=PackageLoader("termbase.web", "templates"),
        autoescape=select_autoescape(["html"], default=True),
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,
        bytecode_cache=_bytecode_cache(),
    )
    env.filters["letter_name"] = letter_name
    env.filters["bdi"] = bdi
    env.filters["link_mentions"] = link_mentions
    env.filters["origin_html"] = origin_html
    env.globals["csp_meta"] = csp_meta()
    env.globals["concept_items"] = concept_items
    return env


#: An HTML tag, in rendered (sanitised) definition HTML.
_TAG = re.compile(r"(<[^>]*>)")
#: What `html.escape(…, quote=True)` changes in an attribute value.
_ATTRIBUTE_SPECIAL = re.compile("[&<>\"']")
#: Elements whose text is never linked: existing links, code, math.
_NO_LINK_INSIDE = frozenset({"a", "code", "pre", "math"})


@lru_cache(maxsize=4096)
def _mention_pattern(evidence: str) -> re.Pattern[str]:
    """Return a pattern for a mention's words as the definition may write them: any case,
    spaces or hyphens between words, at word boundaries."""
    words = [re.escape(html.escape(word, quote=False)) for word in evidence.split()]
    return re.compile(r"(?<![\w-])" + r"[\s\u2010-\u2015-]+".join(words) + r"(?![\w-])", re.IGNORECASE)


#: ASCII characters `\w` or `-` matches (a mention may not touch them), and those the
#: separator class `[\s\u2010-\u2015-]` matches, both read from `re` itself.
_ASCII_WORDISH = frozenset(c for c in map(chr, range(128)) if re.match(r"[\w-]", c))
_ASCII_SEPARATOR = frozenset(c for c in map(chr, range(128)) if re.match(r"[\s\u2010-\u2015-]", c))


@lru_cache(maxsize=4096)
def _wordish(char: str) -> bool:
    return char in _ASCII_WORDISH if char.isascii() else re.match(r"[\w-]", char) is not None


@lru_cache(maxsize=4096)
def _separator(char: str) -> bool:
    return char in _ASCII_SEPARATOR if char.isascii() else re.match(r"[\s\u2010-\u2015-]", char) is not None


@lru_cache(maxsize=4096)
def _ascii_look_alike(char: str) -> bool:
    """Whether a non-ASCII character may match an ASCII letter when case is ignored (the
    Kelvin sign K, long s ſ, dotless ı …): its lower, upper or folded case holds ASCII."""
    return any(c.isascii() for c in char.lower() + char.upper() + char.casefold())


def _plain_case(text: str) -> bool:
    """Whether `text.lower()` lines up with `text` character by character and no character
    of it matches an ASCII letter other than its own lower case when case is ignored."""
    if text.isascii():
        return True
    return len(text.lower()) == len(text) and not any(
        _ascii_look_alike(char) for char in set(text) if not char.isascii()
    )


def _find_mention(text: str, evidence: str) -> tuple[int, int] | None:
    """Return where `_mention_pattern(evidence)` first matches `text`, as (start, end).

    Compiling a pattern per mention cost more than rendering the page, and most mentions
    occur once in a whole site; for ASCII words (where ignoring case is plain `lower()` on
    text whose characters lower one to one, see `_plain_case`) the match is found by string
    search with the pattern's exact rules. Anything else goes through the compiled pattern.
    """
    words = evidence.split()
    # A word can start with a separator only if it starts with "-" (split() took the spaces).
    starts_apart = "-" in evidence and any(word[0] in _ASCII_SEPARATOR for word in words)
    if not evidence.isascii() or starts_apart or not _plain_case(text):
        match = _mention_pattern(evidence).search(text)
        return match.span() if match else None
    lowered = text.lower()
    if "&" in evidence or "<" in evidence or ">" in evidence:
        wanted = [html.escape(word, quote=False).lower() for word in words]
    else:  # nothing to escape (most mentions)
        wanted = evidence.lower().split()
    first, rest, size = wanted[0], wanted[1:], len(lowered)
    start = lowered.find(first)
    while start >= 0:
        if not start or not _wordish(lowered[start - 1]):
            end = start + len(first)
            for word in rest:
                gap = end
                while gap < size and _separator(lowered[gap]):
                    gap += 1
                if gap == end or not lowered.startswith(word, gap):
                    break
                end = gap + len(word)
            else:
                if end >= size or not _wordish(lowered[end]):
                    return start, end
        start = lowered.find(first, start + 1)
    return None


def link_mentions(definition: Markup, mentions: list[tuple[str, str]], links: object) -> Markup:
    """Return a definition's HTML with the first mention of each concept made a link to it.

    `mentions` holds (concept id, the words that mention it) from the build's linker;
    text inside links, code and math is left alone, and so is all markup.
    """
    if not mentions:
        return definition
    if len(mentions) == 1:  # most definitions that mention any concept
        concept_id, evidence = mentions[0]
        todo = [(evidence, concept_id)] if evidence.strip() else []
    else:
        wanted = {}
        for concept_id, evidence in mentions:
            if evidence.strip() and concept_id not in wanted.values():
                wanted[evidence] = concept_id
        # Longer mentions first, so "multi head attention" is linked before "attention".
        todo = sorted(wanted.items(), key=lambda item: -len(item[0]))
    # pieces as plain str (a Markup is not copied whole first)
    parts = _TAG.split(definition if isinstance(definition, str) else str(definition))
    closed: list[str] = []
    for index, part in enumerate(parts):
        if not todo:  # every mention linked: the rest stays as it is
            break
        if index % 2:  # a tag
            name = _tag_name(part)
            if name in _NO_LINK_INSIDE and not part.endswith("/>"):
                if part.startswith("</"):
                    if closed and closed[-1] == name:
                        closed.pop()
                else:
                    closed.append(name)
            continue
        if closed or not part.strip():
            continue
        pieces: list[tuple[str, bool]] = [(part, True)]  # (html, may still be linked)
        for evidence, concept_id in list(todo):
            for number, (text, open_text) in enumerate(pieces):
                span = _find_mention(text, evidence) if open_text else None
                if span is None:
                    continue
                start, end = span
                href = str(links.concept(concept_id))  # type: ignore[attr-defined]
                if _ATTRIBUTE_SPECIAL.search(href):
                    href = html.escape(href, quote=True)
                anchor = f'<a class="mention" href="{href}">{text[start:end]}</a>'
                pieces[number : number + 1] = [
                    (text[:start], True),
                    (anchor, False),
                    (text[end:], True),
                ]
                todo.remove((evidence, concept_id))
                break
        if len(pieces) > 1:
            parts[index] = "".join([text for text, _ in pieces])
    return safe_html("".join(parts))


@lru_cache(maxsize=1024)
def _tag_name(tag: str) -> str:
    """Return the element name of an HTML tag (`</em>` -> em), lower case; "" for `<>`."""
    inside = tag.strip("</>")
    return inside.split(maxsplit=1)[0].lower() if inside else ""


def origin_html(origin: str) -> Markup:
    """Return an origin ("Ainslie et al., 2023, arXiv:2305.13245") with the paper linked where
    it names an arXiv id, a DOI or an address; the rest is escaped text."""
    out: list[str] = []
    position = 0
    for citation in citations(origin):
        out.append(html.escape(origin[position : citation.start], quote=False))
        href = html.escape(citation.url, quote=True)
        text = html.escape(citation.text, quote=False)
        out.append(f'<a href="{href}" rel="nofollow noopener">{text}</a>')
        position = citation.end
    out.append(html.escape(origin[position:], quote=False))
    return Markup("".join(out))


def concept_items(items: list[Any], links: Any) -> Markup:
    """Return the `<li>` of each concept of a list page (`_list.html`): its label linked to its
    page, and its summary. Made here, not by a loop in the template: a letter page of a large
    termbase lists thousands, and Jinja's loop cost more than the rest of the page."""
    lines = []
    for item in items:
        href = escape_output(links.concept(item.id))
        summary = f' <span class="summary">{escape_output(item.summary)}</span>' if item.summary else ""
        lines.append(f'  <li><a href="{href}"><bdi>{escape_text(str(item.label))}</bdi></a>{summary}</li>\n')
    return safe_html("".join(lines))


def bdi(text: object) -> Markup:
    """Return text from a source isolated in `<bdi>`: a right-to-left override inside a
    label cannot reorder the page around it."""
    return safe_html(f"<bdi>{escape_text(str(text))}</bdi>")


@lru_cache(maxsize=1024)
def az_bar(letters: tuple[str, ...], links: object, current: str = "") -> Markup:
    """Return the A–Z bar: one link per initial that occurs, `current` marked."""
    html = (
        environment()
        .get_template("_az.html")
        .render({"site": {"letters": letters}, "links": links, "current_letter": current})
    )
    return Markup(html.strip())


def render_page(template: str, context: dict[str, object]) -> str:
    """Return the HTML of `template` rendered with `context` (adds `az_bar` if missing)."""
    return render_page_template(environment().get_template(template), context)


def render_page_template(template: Template, context: dict[str, object]) -> str:
    """Return the HTML of a loaded template rendered with `context` (adds `az_bar` if missing)."""
    if "az_bar" not in context:
        site = context["site"]
        letters = tuple(site.letters)  # type: ignore[attr-defined]
        context = {
            **context,
            "az_bar": az_bar(letters, context["links"], str(context.get("current_letter", ""))),
        }
    return template.render(context)


#: Marks a slot in a page shell; no text from a termbase can hold a NUL character.
_SLOT = re.compile("\x00([a-z]+)\x00")


@dataclass(frozen=True, slots=True)
class PageShell:
    """The chrome of a page (head, header, A–Z bar, footer) rendered once, with slots.

    `fill` puts a page's `heading`, `description` and `canonical` URL (escaped) and its
    `main` HTML into the slots: the same text as rendering the whole template, at a fraction of the cost, for
    sites that write thousands of pages of one kind.
    """

    parts: tuple[str, ...]
    slots: tuple[str, ...]
    #: `parts` in UTF-8, for `fill_encoded`.
    encoded_parts: tuple[bytes, ...] = ()

    def fill(self, *, heading: str, description: str, main: str, canonical: str = "") -> str:
        """Return the page with its slots filled (`canonical`: its URL, if the shell has the slot)."""
        values = self._values(heading, description, main, canonical)
        out = [self.parts[0]]
        for slot, part in zip(self.slots, self.parts[1:], strict=True):
            out.append(values[slot])
            out.append(part)
        return "".join(out)

    def fill_encoded(self, *, heading: str, description: str, main: str, canonical: str = "") -> list[bytes]:
        """Return the page of `fill` in UTF-8 as its pieces, in order (to be written as they are,
        without joining them: the shell's parts are most of a page's bytes, encoded once)."""
        values = self._values(heading, description, main, canonical)
        encoded = self.encoded_parts or tuple(part.encode("utf-8") for part in self.parts)
        out = [encoded[0]]
        for slot, part in zip(self.slots, encoded[1:], strict=True):
            out.append(values[slot].encode("utf-8"))
            out.append(part)
        return out

    @staticmethod
    def _values(heading: str, description: str, main: str, canonical: str) -> dict[str, str]:
        return {
            "heading": escape_output(heading),
            "description": escape_output(description),
            "main": main,
            "canonical": escape_output(canonical),
        }


def page_shell(context: dict[str, object], canonical: bool = False) -> PageShell:
    """Return the shell of base.html for pages rendered with `context` (minus their own parts);
    with `canonical`, a slot for each page's canonical URL."""
    template = environment().from_string(
        '{% extends "base.html" %}{% block main %}\x00main\x00\n{% endblock %}'
    )
    own = {"heading": "\x00heading\x00", "description": "\x00description\x00"}
    if canonical:
        own["canonical"] = "\x00canonical\x00"
    html = render_page_template(template, {**context, **own})
    pieces = _SLOT.split(html)
    parts = tuple(pieces[0::2])
    encoded = tuple(part.encode("utf-8") for part in parts)
    return PageShell(parts=parts, slots=tuple(pieces[1::2]), encoded_parts=encoded)
