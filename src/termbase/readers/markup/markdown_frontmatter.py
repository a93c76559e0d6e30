"""One Markdown file per term, the term in YAML front matter: Hugo, Jekyll, MDN pages.

Shape of static-site glossaries (example from the test fixtures)::

    ---
    title: Write-ahead log (WAL)
    related_terms:
      - checkpoint
    references:
      - link_title: A short note on logs
        link_url: https://example.org/logs
    ---
    A file where changes are recorded before they are applied ...

The whole file is one entry: the front matter's `title` is the term, the body (Markdown,
or HTML for old MDN pages) the definition, which may be empty (a title-only stub is still
a term with labels and relations). `related_terms` become see-also targets — the title
of the sibling file `<slug>.md` when it exists, else the slug — and `references`
(`link_url`) and absolute links in the body become links.

Collections keep one concept in several files, so every entry gets a `group` derived
from its path: the path without its extension (`…/index.md` → its folder) and without a
language folder. Languages come from front matter `lang`/`language`, else from the
nearest folder named by a locale (`content/es/…` → `es`, `files/en-us/…` → `en-US`),
else English; so `content/es/pod.md` and `content/en/pod.md` share a group. A page with
`destination:` (a redirect stub, `layout: redirect`) is an alias: its entry has no
definition and takes the group of the page it points to, so the resolver merges its
title into that concept as another label.

Files whose name starts with `_` (Hugo `_index.md` section pages, `_TEMPLATE.md`) are
no terms: reading one raises InputError saying so, and a folder build lists it as skipped.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path, PurePosixPath

from babel import Locale, UnknownLocaleError
from lxml import html as lxml_html
from markdown_it.token import Token

from termbase.errors import InputError, NotAGlossaryError
from termbase.labels import parse_term
from termbase.limits import current, input_roots
from termbase.model import Entry, ReadResult
from termbase.readers.base import entries_and_unused
from termbase.readers.markup.markdown_bold_paragraphs import bold_lead_paragraphs
from termbase.readers.markup.markdown_deflist import definition_items
from termbase.readers.markup.markdown_parsing import clean_markdown, front_matter, parse_blocks, web_links
from termbase.sources import STDIN_NAME

_FENCED_DIV = re.compile(r"^:::", re.M)
_HEADING = re.compile(r"^#{1,6}\s", re.M)
_HEADING_TEXT = re.compile(r"^ {0,3}#{1,6}[ \t]+(?P<text>[^\n]*)", re.M)
#: A title that names a whole glossary.
_GLOSSARY_TITLE = re.compile(r"glossary|glossaire|glosario|glossar|terminolog|vocabulary|\blexicon\b", re.I)
#: A list item that opens with a bold term: `- **Bowline** - a knot …`.
_BOLD_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+\*\*[^*\n]+\*\*", re.M)
_HTML_BODY = re.compile(r"^\s*<(p|h[1-6]|ul|ol|div|dl)\b", re.I)
_LANG_DIR = re.compile(r"^[a-z]{2,3}(?:[-_][A-Za-z]{2,4})?$")
MAX_BODY_CHARS = 15_000
MAX_HEADINGS = 6


@lru_cache(maxsize=256)
def locale_tag(name: str) -> str:
    """Return a BCP 47 tag for a folder named by a locale (`pt-br` → `pt-BR`), else ""."""
    if not _LANG_DIR.match(name):
        return ""
    try:
        Locale.parse(name.replace("_", "-"), sep="-")
    except (UnknownLocaleError, ValueError):
        return ""
    language, _, region = name.replace("_", "-").partition("-")
    return f"{language.lower()}-{region.upper()}" if region else language.lower()


def page_key(source: str) -> tuple[PurePosixPath, str]:
    """Return (the page's path without language folder or extension, the folder's language or "")."""
    path = PurePosixPath(Path(source).as_posix())
    parts = list(path.parent.parts) if path.stem == "index" else [*path.parent.parts, path.stem]
    language = ""
    for index in range(len(parts) - 2, -1, -1):
        if tag := locale_tag(parts[index]):
            language = tag
            del parts[index]
            break
    return PurePosixPath(*parts) if parts else PurePosixPath(path.stem), language


@lru_cache(maxsize=4096)
def _sibling_title(path: str) -> str:
    try:
        with open(path, "rb") as file:  # the head is enough, and a huge file is not read whole
            text = file.read(current().max_bytes).decode("utf-8-sig", errors="replace")
        return page_title(front_matter(text, path)[0])
    except (OSError, UnicodeDecodeError, InputError):
        return ""


def related_label(source: str, slug: str, line: int = 0) -> str:
    """Return the title of the sibling page `<slug>.md` (or `<slug>/index.md`), else the slug.

    Raises InputError for a slug that names a file outside the folders the build was given
    (`../../secret/x`, an absolute path): a source may not make termbase open such files.
    Standard input opens no file at all.
    """
    if source == STDIN_NAME:
        return slug
    folder = Path(source).parent
    allowed = input_roots() or (folder.resolve(),)
    for candidate in (folder / f"{slug}.md", folder / slug / "index.md"):
        try:
            resolved = candidate.resolve()
            if not any(resolved.is_relative_to(root) for root in allowed):
                raise InputError(
                    f"related term {slug!r} names a file outside the folder given",
                    path=source,
                    line=line,
                    hint="name a page of the same glossary by its slug (no '..', no absolute path)",
                )
            found = candidate.is_file()
        except (OSError, ValueError):  # a name too long for the file system, a NUL byte …
            return slug
        if found and (title := _sibling_title(str(candidate))):
            return title
    return slug


def html_to_markdown(text: str) -> str:
    """Return an HTML fragment as readable Markdown: paragraphs, headings, lists, links, code."""
    root = lxml_html.fragment_fromstring(text, create_parent="div")

    def inline(element: lxml_html.HtmlElement) -> str:
        parts = [element.text or ""]
        for child in element:
            inner = inline(child)
            if child.tag == "a" and child.get("href"):
                parts.append(f"[{inner}]({child.get('href')})")
            elif child.tag == "code":
                parts.append(f"`{inner}`")
            elif child.tag in ("strong", "b"):
                parts.append(f"**{inner}**")
            elif child.tag in ("em", "i"):
                parts.append(f"*{inner}*")
            else:
                parts.append(inner)
            parts.append(child.tail or "")
        return "".join(parts)

    blocks: list[str] = []
    if (root.text or "").strip():
        blocks.append(root.text.strip())
    for element in root:
        tag = str(element.tag)
        if tag in ("ul", "ol"):
            items = [" ".join(inline(li).split()) for li in element if li.tag == "li"]
            blocks.append("\n".join(f"- {item}" for item in items))
        elif len(tag) == 2 and tag[0] == "h" and tag[1].isdigit():
            blocks.append("#" * int(tag[1]) + " " + " ".join(inline(element).split()))
        else:
            blocks.append(" ".join(inline(element).split()))
        if (element.tail or "").strip():
            blocks.append(element.tail.strip())
    return "\n\n".join(block for block in blocks if block)


def page_title(data: dict[str, object]) -> str:
    """Return the page's title: the `title` key in any letter case, else the first key's text.

    Some translated pages translate the key too (`शीर्षक:`): when the first key is not
    ASCII and holds text, it is taken as the title.
    """
    for key, value in data.items():
        if str(key).strip().casefold() == "title" and isinstance(value, str | int | float):
            return " ".join(str(value).split())
    key, value = next(iter(data.items()), ("", None))
    return " ".join(value.split()) if isinstance(value, str) and not str(key).isascii() else ""


def _field(data: dict[str, object], name: str) -> object:
    return next((value for key, value in data.items() if str(key).strip().casefold() == name), None)


def _string_list(value: object) -> list[str]:
    if isinstance(value, str):
        return [value.strip()] if value.strip() else []
    if isinstance(value, list):
        items = [str(item).strip() for item in value if isinstance(item, str | int | float)]
        return [item for item in items if item]
    return []


def _reference_urls(value: object) -> list[str]:
    urls = []
    for item in value if isinstance(value, list) else []:
        if isinstance(item, dict):
            url = item.get("link_url") or item.get("url") or item.get("href")
            if isinstance(url, str) and url.strip():
                urls.append(url.strip())
        elif isinstance(item, str) and item.startswith(("http://", "https://")):
            urls.append(item.strip())
    return urls



def _is_list_of_terms(body: str, title: str, tokens: list[Token]) -> bool:
    """Return True for a page titled as a glossary whose body lists three or more bold terms, or
    holds a heading per term (a Hugo `content/glossary.md` of `## Term` sections), and for a page
    with a `## Glossary` section of three or more `**Term:** definition` paragraphs (a Carpentries
    `learners/reference.md` titled 'Reference', perhaps after a summary of commands): many terms,
    not one term's page (a term's own page may list bold parts: `**N**: samples`)."""
    if _GLOSSARY_TITLE.search(title):
        if len(_BOLD_ITEM.findall(body)) >= 3 or len(_HEADING.findall(body)) >= MIN_TERM_HEADINGS:
            return True
    elif not any(_GLOSSARY_TITLE.search(match["text"]) for match in _HEADING_TEXT.finditer(body)):
        return False
    return bold_lead_paragraphs(tokens, body.splitlines()) >= 3


#: A page titled as a glossary with this many headings in its body is a glossary of sections.
MIN_TERM_HEADINGS = 2


#: An HTML definition list or table written into the page body (raw HTML, or a Textile page's).
_HTML_LIST = re.compile(r"<(?:dl|table)\b", re.IGNORECASE)


class MarkdownFrontMatterReader:
    """Reads one-term-per-file Markdown pages whose front matter `title` is the term."""

    name = "markdown-frontmatter"
    description = "A folder of Markdown pages, a term each, named in its front matter (Hugo, Jekyll, MDN)"

    def detect(self, text: str) -> float:
        """Return 1.0 for a page whose front matter has a title, unless its body holds a list or table
        (in Markdown, or an HTML `<dl>`/`<table>`),
        or a list of bold terms.

        A page with a definition list or table is left to those readers; a lesson or guide
        with front matter is claimed here so that `read` can say it is no term page.
        """
        if not text.startswith(("---", "+++")):
            return 0.0
        try:
            data, end = front_matter(text, "")
        except InputError:
            return 0.5 if re.search(r"^title\s*:", text[:2000], re.M) else 0.0
        if not page_title(data):
            return 0.0
        body = "\n".join(text.splitlines()[end:])
        tokens = parse_blocks(body)
        if any(t.type in ("dl_open", "table_open") for t in tokens) or _HTML_LIST.search(body):
            return 0.15
        if _is_list_of_terms(body, page_title(data), tokens) or definition_items(body) >= 3:
            return 0.15  # a glossary page (a list of **terms**) with front matter, not one term's page
        return 1.0

    def read(self, text: str, source: str) -> ReadResult:
        """Return the page as one entry (an alias entry for a redirect stub)."""
        name = Path(source).name
        if name.startswith("_"):
            raise NotAGlossaryError(
                f"{name} is a section index or template page (its name starts with '_'), not a term",
                path=source,
                hint="nothing to do: a folder build counts it among the files that are not glossaries",
            )
        data, end = front_matter(text, source)
        title = page_title(data)
        if not title:
            raise InputError(
                "front matter has no title, so the page names no term",
                path=source,
                line=1,
                hint="add 'title: <term>' to the front matter",
            )
        lines = text.splitlines()
        body_text = "\n".join(lines[end:])
        headings = len(_HEADING.findall(body_text))
        if _FENCED_DIV.search(body_text) or len(body_text) > MAX_BODY_CHARS or headings > MAX_HEADINGS:
            raise NotAGlossaryError(  # found in a folder walk, one of the files that are no glossary
                f"a long page ({len(body_text)} characters, {headings} headings) — a lesson or guide, "
                "not a page defining one term",
                path=source,
                hint="leave it out, or name its shape with --format if it is a glossary",
            )
        last = len(lines)
        while last > 1 and not lines[last - 1].strip():
            last -= 1
        key, folder_language = page_key(source)
        language = str(_field(data, "lang") or _field(data, "language") or folder_language or "en")
        destination = str(_field(data, "destination") or "").strip().strip("/")
        if destination:
            target = destination.rsplit("/", 1)[-1]
            group = str(key.parent / target)
            body = ""
        else:
            group = str(key)
            body = "\n".join(lines[end:])
        raw = html_to_markdown(body) if _HTML_BODY.match(body) else body
        related_line = next(
            (n for n, line in enumerate(lines[:end], start=1) if line.lstrip().startswith("related_terms")), 1
        )
        related = [
            related_label(source, slug, related_line) for slug in _string_list(_field(data, "related_terms"))
        ]
        links = [*_reference_urls(_field(data, "references")), *web_links(raw)]
        labels, groups = parse_term(title)
        entry = Entry(
            source=source,
            line=1,
            end_line=last,
            term=title,
            labels=labels,
            groups=groups,
            definition=clean_markdown(raw),
            see_also=tuple(dict.fromkeys(related)),
            links=tuple(dict.fromkeys(links)),
            language=language,
            group=group,
        )
        return entries_and_unused([entry], [], title)
