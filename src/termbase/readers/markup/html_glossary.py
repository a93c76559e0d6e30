"""HTML glossaries: `<dl>` term lists, `<dfn>` paragraphs, and heading + paragraph pages.

Shapes read (parsed with lxml's HTML parser, so fragments and sloppy markup are fine)::

    <dl><dt><dfn id="dfn-x" data-lt="xs">x</dfn></dt><dd><p>…</p></dd></dl>
    <dt>…</dt><dd>…</dd>                      a bare fragment (one term per file, as in WCAG)
    <p><dfn data-lt="bidi text|bidi">Bidirectional text</dfn>. Text that mixes …</p>
    <p><strong>Term</strong>: Definition …</p>  bold-term paragraphs (or items), three or more, when
                                              they outnumber heading sections
    <h3>Term</h3><p>Definition …</p>          only when the page has no dl or dfn entries
    <tr><td>Term</td><td>Definition</td></tr>  table rows (three or more, short terms), when
                                              they outnumber heading sections and bold paragraphs

Labels are the visible term plus ReSpec's `data-lt` (`a|b`) and `data-plurals` names;
several `<dfn>`s leading one paragraph (`<dfn>Wall time</dfn> or <dfn>local time</dfn>.`)
name one idea. Definitions become Markdown: links `[text](url)`, `code`, lists, notes
and examples as `Note:`/`Example:` paragraphs; ReSpec's `[=term=]` becomes the term and
is kept, with `<a>` links that have no href, as a see-also target.

Every line of an entry's elements belongs to it; all other non-blank lines (the head,
scripts, navigation, prose, bare markup) are reported with a reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import lxml.html
from lxml import etree

from termbase.control_chars import for_lxml, strip_controls
from termbase.errors import InputError
from termbase.labels import clean_label, parse_term
from termbase.model import Entry, ReadResult, Unused
from termbase.readers.base import entries_and_unused
from termbase.readers.markup.tex_math import math_text
from termbase.readers.page_text import REASON_DIVIDER, REASON_HEADING, is_letter_divider
from termbase.readers.record_fields import field_role, find_urls
from termbase.safe_xml import check_tree
from termbase.table_shape import letter_script

REASON_HEAD = "page head (title, metadata, scripts or styles)"
REASON_MARKUP = "HTML markup with no glossary text"
REASON_COMMENT = "HTML comment"
REASON_TEXT = "page text outside the glossary entries"
REASON_NAVIGATION = "navigation link"
REASON_SEE = "cross-reference to another entry (`X, see Y`), not a definition"

_BLOCK_TAGS = frozenset(
    [
        "p",
        "div",
        "aside",
        "section",
        "article",
        "blockquote",
        "ul",
        "ol",
        "li",
        "dl",
        "dt",
        "dd",
        "pre",
        "table",
        "tr",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "figure",
        "figcaption",
        "details",
        "summary",
        "header",
        "footer",
        "nav",
        "main",
        "hr",
    ]
)
_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
_RESPEC_TERM = re.compile(r"\[=([^=\]]+?)=\]")
_RESPEC_CITE = re.compile(r"\[\[!?([^\]]+)\]\]")
_TAG = re.compile(r"<[^<>]*>")  # not [^>]*: a run of `<` would rescan to the end from each one


# ── HTML → Markdown ───────────────────────────────────────────────────────────────────


def _space(text: str | None) -> str:
    return re.sub(r"\s+", " ", text or "")


def _inline(element: etree._Element) -> str:
    """Return the Markdown of an element's content read as running text."""
    parts = [_space(element.text)]
    for child in element:
        if isinstance(child, etree._Comment | etree._ProcessingInstruction):
            parts.append(_space(child.tail))
            continue
        parts.append(_inline_element(child))
        parts.append(_space(child.tail))
    return "".join(parts)


#: The marks a heading or term's own permalink shows (Sphinx and MkDocs write `¶`).
_PERMALINK_MARKS = frozenset({"¶", "§", "#", "🔗", "⚓", "link", ""})
#: Classes site generators give such links: Sphinx and MkDocs, Docusaurus, VuePress, anchor-js.
_PERMALINK_CLASSES = frozenset(
    {"headerlink", "permalink", "hash-link", "header-anchor", "heading-anchor", "anchor", "anchorjs-link"}
)


def _is_permalink(anchor: etree._Element) -> bool:
    """Return True for a term's or heading's link to itself: `<a class="headerlink" href="#x">¶</a>`."""
    href = anchor.get("href") or ""
    classes = set((anchor.get("class") or "").split())
    mark = "".join(anchor.itertext()).strip().strip("\u200b\u200c\u200d\ufeff")
    if classes & _PERMALINK_CLASSES and href.startswith("#") and (mark in _PERMALINK_MARKS or len(mark) <= 1):
        return True
    return href.startswith("#") and mark in _PERMALINK_MARKS and mark != ""


def _inline_element(element: etree._Element) -> str:
    tag = element.tag if isinstance(element.tag, str) else ""
    if tag in ("script", "style", "template"):
        return ""
    if tag == "br":
        return "\n"
    if tag == "img":
        return element.get("alt", "")
    if tag in ("code", "kbd", "samp", "tt", "var") and not len(element):
        code = (element.text or "").strip()
        return f"`{code}`" if code else ""
    if tag == "a" and _is_permalink(element):
        return ""
    text = _inline(element)
    if tag == "a":
        href = element.get("href", "")
        label = text.strip()
        if not (href and label and not href.startswith("#")):
            return text
        lead, trail = text[: len(text) - len(text.lstrip())], text[len(text.rstrip()) :]
        return f"{lead}[{label}]({href}){trail}"
    if tag in ("em", "i", "cite", "strong", "b") and text.strip():
        # the spaces just inside an emphasis stay outside its marks: `The<b> A</b>dvanced`
        mark = "*" if tag in ("em", "i", "cite") else "**"
        lead, trail = text[: len(text) - len(text.lstrip())], text[len(text.rstrip()) :]
        return f"{lead}{mark}{text.strip()}{mark}{trail}"
    if tag == "q":
        return f"“{text.strip()}”"
    return text


def _tidy_inline(text: str) -> str:
    text = _RESPEC_TERM.sub(lambda m: m.group(1).split("|")[-1], text)
    text = _RESPEC_CITE.sub(lambda m: f"[{m.group(1)}]", text)
    lines = [re.sub(r"[ \t]+", " ", line).strip() for line in text.split("\n")]
    return "\n".join(line for line in lines if line)


def element_blocks(element: etree._Element) -> list[str]:
    """Return the Markdown blocks (paragraphs, lists, code) of an element's content."""
    blocks: list[str] = []
    run: list[str] = [_space(element.text)]

    def flush() -> None:
        text = _tidy_inline("".join(run))
        if text:
            blocks.append(text)
        run.clear()

    for child in element:
        if isinstance(child, etree._Comment | etree._ProcessingInstruction):
            run.append(_space(child.tail))
            continue
        tag = child.tag if isinstance(child.tag, str) else ""
        if tag in _BLOCK_TAGS:
            flush()
            blocks.extend(_block(child))
        else:
            run.append(_inline_element(child))
        run.append(_space(child.tail))
    flush()
    return blocks


def _block(element: etree._Element) -> list[str]:
    tag = element.tag
    if tag == "pre":
        code = "".join(element.itertext()).strip("\n")
        return [f"```\n{code}\n```"] if code.strip() else []
    if tag in ("ul", "ol"):
        items = []
        for number, item in enumerate((li for li in element if li.tag == "li"), start=1):
            marker = f"{number}." if tag == "ol" else "-"
            inner = element_blocks(item)
            if inner:
                indent = "\n" + " " * (len(marker) + 1)
                items.append(f"{marker} " + indent.join("\n".join(inner).split("\n")))
        return ["\n".join(items)] if items else []
    if tag == "hr":
        return []
    blocks = element_blocks(element)
    classes = (element.get("class") or "").split()
    prefix = "Note: " if "note" in classes else "Example: " if "example" in classes else ""
    if prefix and blocks and not blocks[0].lower().startswith(prefix.lower()[:-1]):
        blocks[0] = prefix + blocks[0]
    return blocks


def html_fragment_markdown(text: str) -> str:
    """Return an HTML fragment (e.g. a definition exported as HTML) as Markdown text."""
    try:
        root = lxml.html.fragment_fromstring(text, create_parent="div")
    except (etree.ParserError, ValueError):
        return _TAG.sub("", text).strip()
    return "\n\n".join(element_blocks(root)).replace("\xa0", " ").strip()


# ── lines ─────────────────────────────────────────────────────────────────────────────


def start_line(element: etree._Element, lines: list[str]) -> int:
    """Return the line where an element's start tag begins (lxml gives the line it ends on)."""
    line = element.sourceline or 1
    tag = element.tag if isinstance(element.tag, str) else ""
    if not tag:
        return line
    opener = re.compile(rf"<{re.escape(tag)}\b", re.I)
    for number in range(line, max(0, line - 20), -1):
        if number <= len(lines) and opener.search(lines[number - 1]):
            return number
    return line


def end_line(element: etree._Element) -> int:
    """Return the line of an element's closing tag, counted from its content's line breaks."""
    children = [c for c in element]
    if children:
        last = children[-1]
        return end_line(last) + (last.tail or "").count("\n")
    return (element.sourceline or 1) + (element.text or "").count("\n")


# ── entries ───────────────────────────────────────────────────────────────────────────


@dataclass(slots=True)
class _Found:
    """An entry's elements before it is made an Entry."""

    term: str
    labels: list[str]
    definition: str
    see_also: list[str]
    links: list[str]
    first: etree._Element
    last: etree._Element


def _names(element: etree._Element) -> list[str]:
    """Return the names a dfn (or dt) gives: visible text, `data-lt` and `data-plurals`."""
    names: list[str] = []
    for node in [element, *element.iter("dfn")]:
        for attribute in ("data-lt", "data-plurals"):
            names.extend(part for part in (node.get(attribute) or "").split("|"))
    visible = clean_label(_tidy_inline(_plain_text(element)).replace("\n", " "))
    return [visible, *(clean_label(n) for n in names if n.strip())]


def _plain_text(element: etree._Element) -> str:
    """Return the words of a term as shown: no permalink marks, links and code as their text."""
    parts = [_space(element.text)]
    for child in element:
        tag = child.tag if isinstance(child.tag, str) else ""
        if tag and tag not in ("script", "style", "template") and not (tag == "a" and _is_permalink(child)):
            parts.append(_plain_text(child))
        parts.append(_space(child.tail))
    return "".join(parts)


def _references(elements: list[etree._Element]) -> tuple[list[str], list[str]]:
    """Return (see-also targets, URLs) that the elements name."""
    see_also: list[str] = []
    links: list[str] = []
    for element in elements:
        for anchor in element.iter("a"):
            href = anchor.get("href")
            text = clean_label(" ".join("".join(anchor.itertext()).split()))
            if href is None and text:
                see_also.append(anchor.get("data-lt") or text)
            elif href and href.startswith(("http://", "https://")):
                links.append(href)
        text = "".join(element.itertext())
        see_also.extend(clean_label(m.group(1).split("|")[-1]) for m in _RESPEC_TERM.finditer(text))
        links.extend(find_urls(text))
    return list(dict.fromkeys(see_also)), list(dict.fromkeys(links))


def _term_links(found: list[_Found], root: etree._Element) -> list[_Found]:
    """Add to each entry's see-also the terms its body links to by their ids (`href="#term-x"`)."""
    ids = {dt.get("id"): _names(dt)[0] for dt in root.iter("dt") if dt.get("id")}
    for dt in root.iter("dt"):  # HTML 4 anchors inside the term: `<dt><a name="x">Term</a></dt>`
        for anchor in dt.iter("a"):
            for key in (anchor.get("name"), anchor.get("id")):
                if key and key not in ids and (name := _names(dt)[0]) and not _is_index_letter(name):
                    ids[key] = name
    for item in found:
        for body in _between(item):
            for anchor in body.iter("a"):
                target = ids.get((anchor.get("href") or "").removeprefix("#"))
                if (anchor.get("href") or "").startswith("#") and target and target not in item.labels:
                    item.see_also.append(target)
        item.see_also[:] = list(dict.fromkeys(item.see_also))
    return found


def _between(item: _Found) -> list[etree._Element]:
    """Return the elements from an entry's first to its last (its dt and dd siblings)."""
    elements = [item.first]
    while elements[-1] is not item.last and elements[-1].getnext() is not None:
        elements.append(elements[-1].getnext())
    return elements if elements[-1] is item.last else [item.last]


def _definition_lists(root: etree._Element) -> list[_Found]:
    """Return the entries of every dt/dd run, in a dl or bare."""
    found: list[_Found] = []
    parents = list(dict.fromkeys(dt.getparent() for dt in root.iter("dt")))
    for parent in parents:
        terms: list[etree._Element] = []
        bodies: list[etree._Element] = []
        for child in parent:
            tag = child.tag if isinstance(child.tag, str) else ""
            if not tag or tag == "br":
                continue  # a comment or a line break between items
            if tag == "dt":
                if bodies:
                    found.append(_dl_entry(terms, bodies))
                    terms, bodies = [], []
                terms.append(child)
            elif tag == "dd" and terms:
                bodies.append(child)
            elif tag != "dd":
                if terms and bodies:
                    found.append(_dl_entry(terms, bodies))
                terms, bodies = [], []
        if terms and bodies:
            found.append(_dl_entry(terms, bodies))
    return _term_links(found, root)


def _is_index_letter(name: str) -> bool:
    """Return True for an index letter or digit (`A`, `0`) standing for a letter heading."""
    return len(name) == 1 and name.isalnum()


def script_pair(name: str) -> tuple[str, ...]:
    """Return the two names of a term written in another script and then in Latin letters (`अहिंसा
    ahiṃsā`: a word and its transliteration), or () for any other term."""
    words = name.split()
    scripts = [{letter_script(c) for c in word if c.isalpha()} - {None} for word in words]
    if len(words) < 2 or not all(len(found) == 1 for found in scripts):
        return ()
    cut = next((i for i, found in enumerate(scripts) if found == {"LATIN"}), 0)
    if cut == 0 or any(found != {"LATIN"} for found in scripts[cut:]) or {"LATIN"} in scripts[:cut]:
        return ()
    return " ".join(words[:cut]), " ".join(words[cut:])


def _dl_entry(terms: list[etree._Element], bodies: list[etree._Element]) -> _Found:
    # a dt holding only an index letter before the group's real term is a letter heading
    named = [dt for dt in terms if not _is_index_letter(_names(dt)[0])]
    terms = named or terms
    labels = [part for dt in terms for name in _names(dt) for part in (name, *script_pair(name))]
    definition = "\n\n".join(block for dd in bodies for block in element_blocks(dd))
    see_also, links = _references(bodies)
    return _Found(labels[0], labels, definition, see_also, links, terms[0], bodies[-1])


def _leading_dfns(paragraph: etree._Element) -> list[etree._Element]:
    """Return the dfns that open a paragraph (`<dfn>A</dfn> or <dfn>B</dfn>. …`), if it opens with one."""
    if (paragraph.text or "").strip():
        return []
    children = [c for c in paragraph if isinstance(c.tag, str)]
    if not children or children[0].tag != "dfn":
        return []
    dfns = [children[0]]
    for child in children[1:]:
        between = (dfns[-1].tail or "").strip()
        if child.tag == "dfn" and "." not in between and len(between.split()) <= 4:
            dfns.append(child)
        elif child.tag != "dfn":
            break
    return dfns


def _cut_head(text: str) -> str:
    """Return a dfn paragraph's text after its term: `. Def` → `Def`; `(X) or Y. Def` → `Def`."""
    text = text.strip()
    if text.startswith((".", ":", "—", "–", "-")):
        return text[1:].strip()
    if text.startswith(("(", "or ", ",")):
        match = re.search(r"[.:]\s+(?=\S)", text)
        if match:
            return text[match.end() :].strip()
    return text


def _dfn_paragraphs(root: etree._Element) -> list[_Found]:
    """Return an entry for each paragraph (or list item) that opens with a dfn."""
    found: list[_Found] = []
    for paragraph in root.iter("p", "li", "div"):
        dfns = _leading_dfns(paragraph)
        if not dfns:
            continue
        labels = [name for dfn in dfns for name in _names(dfn)]
        rest = etree.Element("div")
        rest.text = strip_controls(dfns[-1].tail or "")  # lxml refuses controls in new text
        for child in list(paragraph)[paragraph.index(dfns[-1]) + 1 :]:
            rest.append(_copy(child))
        blocks = element_blocks(rest)
        if blocks:
            blocks[0] = _cut_head(blocks[0])
        see_also, links = _references([rest])
        definition = "\n\n".join(b for b in blocks if b)
        found.append(_Found(labels[0], labels, definition, see_also, links, paragraph, paragraph))
    return found


#: What may follow a paragraph's bold term before its definition: a colon, a dash, a full stop.
REASON_TO_DEFINE = "a term whose definition is still a placeholder (a term to define, no entry yet)"
_BOLD_SEPARATOR = re.compile(r"^\s*[:：—–.-]\s*")
#: At most this many words in a bold paragraph head: more is an emphasised sentence.
MAX_BOLD_WORDS = 8


def _following_text(head: etree._Element) -> str:
    """Return the text after a head element: its tail, or when that is blank the text that opens
    the next element (`<a>Kiln</a> <span>— an oven…</span>`)."""
    tail = head.tail or ""
    after = head.getnext()
    if not tail.strip() and after is not None and isinstance(after.tag, str):
        return tail + (after.text or "")
    return tail


def _bold_head(paragraph: etree._Element) -> etree._Element | None:
    """Return the `<strong>`/`<b>` a paragraph opens with when a separator and a definition
    follow it (`<p><b>Kiln</b>: an oven…</p>`, `<p><strong>Kiln:</strong> an oven…</p>`); in a
    list item, a link opening it so (`<li><a href="kiln.html">Kiln</a> <span>— an oven…</span></li>`)."""
    if (paragraph.text or "").strip():
        return None
    children = [c for c in paragraph if isinstance(c.tag, str)]
    linked = paragraph.tag == "li" and bool(children) and children[0].tag == "a"
    if not children or (children[0].tag not in ("strong", "b") and not linked):
        return None
    bold = children[0]
    head = " ".join(_plain_text(bold).split())
    tail = _following_text(bold)
    separated = head.endswith((":", "：")) or _BOLD_SEPARATOR.match(tail) is not None
    rest = " ".join("".join(paragraph.itertext()).split())[len(head) :]
    if not separated or not 0 < len(head.split()) <= MAX_BOLD_WORDS or len(rest.strip(" :：—–.-")) < 2:
        return None
    return bold


def _bold_paragraphs(root: etree._Element) -> list[_Found]:
    """Return an entry for each paragraph (or list item) that opens with a bold term and a
    separator, where at least three do and their terms nearly all differ (not `Note:` asides)."""
    found: list[_Found] = []
    for paragraph in root.iter("p", "li"):
        bold = _bold_head(paragraph)
        if bold is None:
            continue
        labels = [name.rstrip(":：").strip() for name in _names(bold)]
        rest = etree.Element("div")
        rest.text = strip_controls(_BOLD_SEPARATOR.sub("", bold.tail or "", count=1))
        for child in list(paragraph)[paragraph.index(bold) + 1 :]:
            rest.append(_copy(child))
        if not (bold.tail or "").strip() and len(rest) and rest[0].text:  # `<a>T</a> <span>— def</span>`
            rest[0].text = _BOLD_SEPARATOR.sub("", rest[0].text, count=1)
        see_also, links = _references([rest])
        definition = "\n\n".join(b for b in element_blocks(rest) if b)
        if labels and labels[0] and definition:
            found.append(_Found(labels[0], labels, definition, see_also, links, paragraph, paragraph))
    terms = [f.term.casefold() for f in found]
    return found if len(found) >= 3 and len(set(terms)) >= 0.8 * len(terms) else []


#: A table of terms: this many rows at least, term cells of at most this many words (median).
MIN_TABLE_ROWS = 3
MAX_TABLE_TERM_WORDS = 6
#: A whole label in Markdown emphasis (`**a**` in a cell of HTML written inside Markdown).
_EMPHASIS = re.compile(r"^([*_]{1,2})(?P<inner>\S(?:.*\S)?)\1$")


def _table_rows(root: etree._Element) -> list[_Found]:
    """Return an entry per row of the page's tables of terms: a short term in the first cell
    (or the one a `<th>` header names as the term), its meaning in the next (or the one named
    as the definition; with more columns and none named, the one of the most text). A first row
    of `<th>` cells, or of short names over sentences, is the header; a row of empty cells is
    none. A table's own rows only: a layout table round a glossary table holds none of its rows."""
    found: list[_Found] = []
    for table in root.iter("table"):
        rows = [row for row in table.iter("tr") if _own_row(row, table) and len(_cells(row)) >= 2]
        if not rows:
            continue
        header = rows[0] if _header_row(rows) else None
        body = [row for row in rows if row is not header]
        term_at, definition_at = _table_roles(header, body)
        items = []
        for row in body:
            cells = _cells(row)
            if max(term_at, definition_at) >= len(cells):
                continue
            names = [_table_term(name) for name in _names(cells[term_at])]
            definition = "\n\n".join(b for b in element_blocks(cells[definition_at]) if b).strip()
            if names and names[0] and definition:
                see_also, links = _references([cells[definition_at]])
                items.append(_Found(names[0], names, definition, see_also, links, row, row))
        words = sorted(len(item.term.split()) for item in items)
        if len(items) >= MIN_TABLE_ROWS and words[len(words) // 2] <= MAX_TABLE_TERM_WORDS:
            found.extend(items)
    return found


def _cells(row: etree._Element) -> list[etree._Element]:
    return [cell for cell in row if isinstance(cell.tag, str) and cell.tag in ("td", "th")]


def _own_row(row: etree._Element, table: etree._Element) -> bool:
    """Return True if `row` belongs to `table` itself, not to a table nested inside it."""
    return next(row.iterancestors("table"), None) is table


def _cell_text(cell: etree._Element) -> str:
    return " ".join("".join(cell.itertext()).split())


#: A column of codes (a source, a category) holds cells of at most this many words (median) ...
MAX_CODE_WORDS = 2
#: ... and a column of sentences at least this many.
MIN_SENTENCE_WORDS = 6
#: A header cell names a column: at most this many words.
MAX_HEADER_WORDS = 3


def _header_row(rows: list[etree._Element]) -> bool:
    """Return True if the first row names the columns: all `<th>` cells, or short names with no
    sentence end over a column whose body cells are sentences (a `<td>` header row)."""
    first = _cells(rows[0])
    if all(cell.tag == "th" for cell in first):
        return True
    names = [_cell_text(cell) for cell in first]
    if len(rows) < 3 or not all(0 < len(name.split()) <= MAX_HEADER_WORDS for name in names):
        return False
    if any(name.endswith((".", ":", ";", "!", "?")) for name in names):
        return False
    for column in range(len(first)):
        texts = [_cell_text(_cells(row)[column]) for row in rows[1:] if column < len(_cells(row))]
        if texts and sorted(len(text.split()) for text in texts)[len(texts) // 2] >= 2 * MAX_HEADER_WORDS:
            return True
    return False


def _table_roles(header: etree._Element | None, body: list[etree._Element] | None = None) -> tuple[int, int]:
    """Return (term column, definition column): as the header names them, else the first column
    and the next; in a table of three or more columns whose next column holds only short codes
    (a source: `AVG`, `TOGAF`) beside a column of sentences, that column of sentences."""
    names = [_cell_text(cell) for cell in _cells(header)] if header is not None else []
    roles = [field_role(name) for name in names]
    term_at = roles.index("term") if "term" in roles else 0
    if "definition" in roles and roles.index("definition") != term_at:
        return term_at, roles.index("definition")
    widths = [len(_cells(row)) for row in body or []]
    width = max(set(widths), key=widths.count) if widths else 0
    following = 1 if term_at == 0 else 0
    if width >= 3:
        rows = [_cells(row) for row in body or []]

        def words(column: int) -> int:
            counts = sorted(len(_cell_text(cells[column]).split()) for cells in rows if column < len(cells))
            return counts[len(counts) // 2] if counts else 0

        longest = max((c for c in range(width) if c != term_at), key=lambda c: (words(c), -c))
        if words(following) <= MAX_CODE_WORDS and words(longest) >= MIN_SENTENCE_WORDS:
            return term_at, longest
    return term_at, following


def _table_term(name: str) -> str:
    """Return a table cell's term as a label: Markdown emphasis round it and TeX math made plain
    (`**a**` → `a`, `\\( l \\)` → `l`)."""
    emphasis = _EMPHASIS.match(name)
    return clean_label(math_text(emphasis["inner"] if emphasis else name))


def _copy(element: etree._Element) -> etree._Element:
    return (
        lxml.html.fragment_fromstring(
            etree.tostring(element, encoding="unicode", with_tail=True), create_parent="div"
        )[0]
        if isinstance(element.tag, str)
        else etree.Comment("")
    )


def _heading_sections(root: etree._Element) -> list[_Found]:
    """Return an entry for each short heading followed by paragraphs (until the next heading).

    A heading with nothing under it, at the level of the headings that make entries and
    after the first of them, is a term given without a definition (a glossary stub).
    """
    found: list[_Found] = []
    bare: list[tuple[etree._Element, str]] = []
    for heading in root.iter(*_HEADINGS[1:]):
        term = clean_label(" ".join("".join(heading.itertext()).split()))
        if not term or len(term.split()) > 8:
            continue
        body: list[etree._Element] = []
        sibling = heading.getnext()
        while sibling is not None and not (isinstance(sibling.tag, str) and sibling.tag in _HEADINGS):
            if isinstance(sibling.tag, str):
                body.append(sibling)
            sibling = sibling.getnext()
        if not body:
            bare.append((heading, term))
            continue
        if body[0].tag != "p":
            continue
        definition = "\n\n".join(b for element in body for b in _block(element))
        see_also, links = _references(body)
        found.append(_Found(term, [term], definition, see_also, links, heading, body[-1]))
    if len(found) >= 2:
        levels = [f.first.tag for f in found]
        level = max(set(levels), key=levels.count)
        first = min(f.first.sourceline or 0 for f in found)
        for heading, term in bare:
            if heading.tag == level and (heading.sourceline or 0) > first:
                found.append(_Found(term, [term], "", [], [], heading, heading))
        found.sort(key=lambda f: f.first.sourceline or 0)
    return found


def _parse(text: str, source: str) -> etree._Element:
    """Return the page's root; text nodes past libxml2's 10 MB are kept, then checked (see safe_xml)."""
    try:
        root = lxml.html.document_fromstring(for_lxml(text), parser=_HTML_PARSER)
    except (etree.ParserError, ValueError) as error:
        raise InputError(
            f"cannot parse HTML: {error}", path=source, line=1, hint="check that the file is HTML"
        ) from None
    check_tree(root, source)
    drop_permalinks(root)
    drop_citation_marks(root)
    mark_styled_bold(root)
    return root


#: A wiki's footnote mark after a sentence: `[1]`, `[a]`, `[note 2]`, `[citation needed]`.
_CITATION_MARK = re.compile(r"\[(?:\d{1,4}|[a-z]|note \d{1,3}|citation needed|clarification needed)\]")


def drop_citation_marks(root: etree._Element) -> None:
    """Remove footnote marks (`<sup class="reference">[1]</sup>`) and section edit links
    (`<span class="mw-editsection">[edit]</span>`) in place: a wiki page's furniture, no text."""
    for element in list(root.iter("sup", "span")):
        classes = set((element.get("class") or "").split())
        if element.tag == "span":
            footnote = "mw-editsection" in classes
        else:
            footnote = bool(classes & {"reference", "noprint"}) and bool(
                _CITATION_MARK.fullmatch("".join(element.itertext()).strip())
            )
        if footnote:
            element.drop_tree()


#: A class rule of a page's stylesheet that makes text bold: `.c3{font-weight:700}` (Google Docs).
_BOLD_CLASS_RULE = re.compile(r"\.(?P<name>[\w-]+)\s*\{[^{}]*?font-weight\s*:\s*(?:bold|[6-9]00)\b")
_BOLD_STYLE = re.compile(r"font-weight\s*:\s*(?:bold|[6-9]00)\b")


def mark_styled_bold(root: etree._Element) -> None:
    """Make `<span>`s a stylesheet class or an inline style sets bold into `<b>`, in place: a
    word processor's HTML export (Google Docs, LibreOffice) marks a bold term so, not with `<b>`."""
    sheet = " ".join(style.text or "" for style in root.iter("style"))
    bold_classes = {m["name"] for m in _BOLD_CLASS_RULE.finditer(sheet)} if "font-weight" in sheet else set()
    for span in root.iter("span"):
        classes = (span.get("class") or "").split()
        if any(name in bold_classes for name in classes) or _BOLD_STYLE.search(span.get("style") or ""):
            span.tag = "b"


#: The text of a permalink that Sphinx, MkDocs and other generators put after a heading or term.
_PERMALINK_TEXT = frozenset({"¶", "#", "§", "🔗", "link"})


def drop_permalinks(root: etree._Element) -> None:
    """Remove heading and term permalinks (`<a class="headerlink" href="#…">¶</a>`) in place:
    they are page furniture, not part of the term."""
    for anchor in list(root.iter("a")):
        classes = (anchor.get("class") or "").split()
        text = "".join(anchor.itertext()).strip()
        local = (anchor.get("href") or "").startswith("#")
        if "headerlink" in classes or "anchor-link" in classes or (local and text in _PERMALINK_TEXT):
            anchor.drop_tree()


#: Without huge_tree libxml2's HTML parser silently cuts text nodes over 10 MB.
_HTML_PARSER = lxml.html.HTMLParser(huge_tree=True, no_network=True)


def find_entries(root: etree._Element) -> tuple[list[_Found], str]:
    """Return the entries on a page and the shape they have: `dl`, `dfn`, `bold` (paragraphs
    opening with a bold term and a separator, where they outnumber heading sections) or `headings`.

    Heading sections are looked for in the page's main content (`<main>`, an element with
    `role="main"`, else the single `<article>`) when it has one, so a sidebar's headings
    (Sphinx's "Navigation", a theme's table of contents) are not taken for terms.
    """
    for shape, finder in (("dl", _definition_lists), ("dfn", _dfn_paragraphs)):
        found = finder(root)
        if found:
            return found, shape
    headings = _heading_sections(main_content(root))
    bold = _bold_paragraphs(main_content(root))
    rows = _table_rows(main_content(root))
    # a table of terms, not a table inside a page of heading sections (a units table under terms)
    if len(rows) > len(bold) and (len(headings) < MIN_TABLE_ROWS or len(rows) > 3 * len(headings)):
        return rows, "table"
    if len(bold) > len(headings):  # bold-term paragraphs, not a few under each heading term
        return bold, "bold"
    return headings, "headings"


def main_content(root: etree._Element) -> etree._Element:
    """Return the element holding the page's main content, or `root` when none is marked."""
    for candidate in root.iter("main", "div", "section", "article"):
        if candidate.tag == "main" or candidate.get("role") == "main":
            return candidate
    articles = list(root.iter("article"))
    return articles[0] if len(articles) == 1 else root


def looks_like_html(text: str) -> bool:
    """Return True if a text is markup: it opens with a tag and many lines start with one."""
    body = re.sub(r"^\s*(<!--.*?-->\s*)*", "", text, flags=re.S)
    if not body.startswith("<") or body.startswith("<<"):
        return False
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return sum(1 for line in lines if line.startswith("<")) >= 0.25 * len(lines)


class HtmlGlossaryReader:
    """Reads HTML glossaries (see the module docstring)."""

    name = "html"
    description = (
        "HTML: <dl>/<dt>/<dd> (also bare fragments), <dfn> or bold-term paragraphs, or heading + paragraph"
    )

    def detect(self, text: str) -> float:
        """Return 0–1: sure (1.0) for dt/dd or dfn entries in markup, 0.5 for headings + paragraphs.

        Even one dt/dd pair in a file that is mostly tags is unambiguous (WCAG keeps one
        term per file), so it scores 1.0 too.
        """
        if not looks_like_html(text):
            return 0.0
        try:
            found, shape = find_entries(_parse(text, ""))
        except InputError:
            return 0.0
        if not found:
            return 0.0
        if shape == "headings":
            return 0.5 if len(found) >= 3 else 0.0
        if shape in ("bold", "table"):
            return 0.6  # bold-term paragraphs, tables: shapes prose pages share now and then
        return 1.0

    def read(self, text: str, source: str) -> ReadResult:
        """Return one entry per dt/dd group, dfn paragraph or heading section."""
        # imported here: placeholder_definitions imports read_checks, which imports this module
        from termbase.readers.placeholder_definitions import placeholder

        root = _parse(text, source)
        found, _ = find_entries(root)
        lines = text.splitlines()
        entries: list[Entry] = []
        to_define: set[int] = set()
        last_end = 0
        for item in found:
            first = max(start_line(item.first, lines), last_end + 1)
            last = min(max(end_line(item.last), first), len(lines))
            last_end = last
            labels, groups = parse_term(item.term)
            if placeholder(item.definition):
                to_define.update(range(first, last + 1))  # `<dt>kośa</dt><dd>definition</dd>`: no entry yet
                continue
            all_labels = tuple(dict.fromkeys([item.term, *labels, *(n for n in item.labels if n)]))
            entries.append(
                Entry(
                    source=source,
                    line=first,
                    end_line=last,
                    term=item.term,
                    labels=all_labels,
                    groups=groups if len(groups) > 1 and len(all_labels) == len(labels) else (),
                    definition=item.definition.replace("\xa0", " "),
                    see_also=tuple(s for s in item.see_also if s),
                    links=tuple(item.links),
                )
            )
        covered = {n for e in entries for n in range(e.line, e.end_line + 1)}
        head = _ranges(root, lines, ("head", "script", "style"))
        comments = _ranges(root, lines, (etree.Comment,))
        unused = [
            Unused(
                source,
                number,
                line.strip(),
                REASON_TO_DEFINE if number in to_define else _reason(line, number, head, comments),
            )
            for number, line in enumerate(lines, start=1)
            if line.strip() and number not in covered
        ]
        return entries_and_unused(entries, unused, _page_title(root))


def _ranges(root: etree._Element, lines: list[str], tags: tuple[object, ...]) -> list[tuple[int, int]]:
    spans = []
    for element in root.iter(*tags):
        first = start_line(element, lines) if isinstance(element.tag, str) else element.sourceline or 1
        if not isinstance(element.tag, str):
            last = first + (element.text or "").count("\n")
        else:
            last = end_line(element)
        spans.append((first, last))
    return spans


def _reason(line: str, number: int, head: list[tuple[int, int]], comments: list[tuple[int, int]]) -> str:
    if any(a <= number <= b for a, b in head):
        return REASON_HEAD
    if any(a <= number <= b for a, b in comments) or line.strip().startswith("<!--"):
        return REASON_COMMENT
    stripped = line.strip()
    text = " ".join(_TAG.sub("", stripped).split())
    if re.match(r"<h[1-6]\b", stripped, re.I):
        return REASON_HEADING
    if not text:
        return REASON_MARKUP
    if is_letter_divider(text):
        return REASON_DIVIDER
    if re.fullmatch(r"(<a\b[^>]*\bhref=\"#[^>]*>.*?</a>\s*)+", stripped):
        return REASON_NAVIGATION
    if re.search(r"\bsee\b.*(\[=|<a\b)", stripped, re.I) and len(text.split()) <= 12:
        return REASON_SEE
    return REASON_TEXT


def _page_title(root: etree._Element) -> str:
    for tag in ("title", "h1"):
        element = next(root.iter(tag), None)
        if element is not None:
            text = " ".join("".join(element.itertext()).split())
            if text:
                return text
    return ""
