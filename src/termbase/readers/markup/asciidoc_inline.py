"""AsciiDoc inline markup: made Markdown for definitions, removed for labels.

`inline_markdown` turns cross references `<<id,text>>` into their text (collecting the
target as a see-also), `link:`/URL macros into Markdown links, `_x_` into `*x*`,
`^x^`/`~x~` into `<sup>`/`<sub>`, attribute references (`{caret}`) into their character,
and `pass:[…]`/`stem:[…]`/`[.role]#x#` into their content. `plain_label` keeps only the
words a reader sees: `AEE ^RV^` → `AEE RV`, `*bold* _x_` → `bold x`.
"""

from __future__ import annotations

import re

from termbase.readers.page_text import tidy

_XREF = re.compile(r"<<(?P<target>[^,>]+)(?:,(?P<text>[^>]*))?>>")
_XREF_MACRO = re.compile(r"xref:(?P<target>[^\[\s]+)\[(?P<text>[^\]]*)\]")
_LINKGIT = re.compile(r"linkgit:(?P<page>[\w.-]+)\[(?P<section>[^\]]*)\]")
_LINK_MACRO = re.compile(r"link:(?P<url>[^\s\[]+)\[(?P<text>[^\]]*)\]")
_URL_MACRO = re.compile(r"(?P<url>https?://[^\s\[]+)\[(?P<text>[^\]]*)\]")
_PASS = re.compile(r"\b(?:pass|stem|latexmath|asciimath|kbd|btn|menu|footnote):\[(?P<text>[^\]]*)\]")
_ROLE = re.compile(r"\[\.?[\w.-]*\]#(?P<text>[^#]+)#")
_ANCHOR = re.compile(r"\[\[[^\]]*\]\]|\banchor:[^\[\s]*\[[^\]]*\]")
_SUPERSCRIPT = re.compile(r"\^(?P<text>[^\s^][^^]*?)\^")
_SUBSCRIPT = re.compile(r"(?<![~\w])~(?P<text>[^\s~][^~]*?)~(?!~)|(?<=\w)~(?P<tight>[^\s~][^~]*?)~")
_STRONG = re.compile(r"\*{1,2}(?P<text>[^*\s][^*]*?)\*{1,2}")
_EMPHASIS = re.compile(r"(?<![\w`])_{1,2}(?P<text>[^_`]+?)_{1,2}(?![\w`])")
_MONO = re.compile(r"`+(?P<text>[^`]+)`+|\+{1,3}(?P<plus>[^+]+?)\+{1,3}")
_HIGHLIGHT = re.compile(r"(?<![\w#])#(?P<text>[^#\s][^#]*?)#(?![\w#])")
ATTRIBUTES = {
    "asterisk": "*", "caret": "^", "plus": "+", "tilde": "~", "backtick": "`", "nbsp": " ",
    "startsb": "[", "endsb": "]", "vbar": "|", "amp": "&", "lt": "<", "gt": ">", "sp": " ",
    "zwsp": "", "deg": "°", "quot": '"', "apos": "'", "empty": "",
}  # fmt: skip


def anchor_label(anchor: str) -> str:
    """Return a readable label for an anchor with no entry here: `def_tree_ish` → `tree ish`."""
    return anchor.removeprefix("def_").replace("_", " ")


def _attributes(text: str) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: ATTRIBUTES.get(m.group(1), m.group(0)), text)


def inline_markdown(text: str, anchors: dict[str, str], see_also: list[str], links: list[str]) -> str:
    """Return AsciiDoc inline markup as Markdown; collect cross-reference targets and URLs."""

    def xref(match: re.Match[str]) -> str:
        target = match.group("target").strip().removesuffix(".adoc").lstrip("#")
        label = anchors.get(target, anchor_label(target))
        see_also.append(label)
        return (match.group("text") or label).strip()

    def url(match: re.Match[str]) -> str:
        links.append(match.group("url"))
        return f"[{match.group('text') or match.group('url')}]({match.group('url')})"

    text = _ANCHOR.sub("", text)
    text = _XREF.sub(xref, text)
    text = _XREF_MACRO.sub(xref, text)
    text = _LINKGIT.sub(lambda m: f"`{m.group('page')}({m.group('section')})`", text)
    text = _LINK_MACRO.sub(url, text)
    text = _URL_MACRO.sub(url, text)
    text = _PASS.sub(lambda m: m.group("text"), text)
    text = _ROLE.sub(lambda m: m.group("text"), text)
    text = _SUPERSCRIPT.sub(lambda m: f"<sup>{m.group('text')}</sup>", text)
    text = _SUBSCRIPT.sub(lambda m: f"<sub>{m.group('text') or m.group('tight')}</sub>", text)
    text = _attributes(text)
    return re.sub(r"(?<![\w`])_(?P<em>[^_`]+?)_(?![\w`])", r"*\g<em>*", text)


def plain_label(text: str) -> str:
    """Return a term as a reader sees it: every AsciiDoc inline mark removed, spaces tidied.

    Superscripts and subscripts keep their letters, not their carets or tildes
    (`AEE ^RV^` → `AEE RV`, `CO~2~` → `CO2`).
    """
    text = _ANCHOR.sub("", text)
    text = _XREF.sub(lambda m: (m.group("text") or anchor_label(m.group("target"))), text)
    text = _XREF_MACRO.sub(lambda m: m.group("text") or anchor_label(m.group("target")), text)
    text = _LINK_MACRO.sub(lambda m: m.group("text") or m.group("url"), text)
    text = _URL_MACRO.sub(lambda m: m.group("text") or m.group("url"), text)
    text = _LINKGIT.sub(lambda m: f"{m.group('page')}({m.group('section')})", text)
    text = _PASS.sub(lambda m: m.group("text"), text)
    text = _ROLE.sub(lambda m: m.group("text"), text)
    text = _SUPERSCRIPT.sub(lambda m: m.group("text"), text)
    text = _SUBSCRIPT.sub(lambda m: m.group("text") or m.group("tight"), text)
    text = _MONO.sub(lambda m: m.group("text") or m.group("plus"), text)
    text = _STRONG.sub(lambda m: m.group("text"), text)
    text = _EMPHASIS.sub(lambda m: m.group("text"), text)
    text = _HIGHLIGHT.sub(lambda m: m.group("text"), text)
    return tidy(_attributes(text))
