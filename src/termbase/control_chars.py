"""Characters a glossary has no use for and a reader of its output must not receive.

C0 controls other than tab and line breaks, DEL, C1 controls, the non-characters
U+FFFE/U+FFFF and lone surrogates: XML 1.0 cannot carry most of them (an export with
one is not well-formed), and the escape sequences among them recolour, retitle or
rewrite a terminal when `termbase define` prints a definition. The build removes them
from everything it reads; the XML writers remove them again for termbases built before.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TypeVar

_UNWANTED = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffe\uffff\ud800-\udfff]")

T = TypeVar("T")


def strip_controls(text: str) -> str:
    """Return `text` without the characters above (fast when there are none)."""
    return _UNWANTED.sub("", text) if _UNWANTED.search(text) else text


#: Controls lxml refuses in text: the ones Python's splitlines breaks lines at become line
#: breaks (so lxml's line numbers stay those of the reader), the others spaces.
_FOR_LXML = {c: " " for c in [*range(0x00, 0x09), *range(0x0E, 0x1C), 0x1F]} | {
    c: "\n" for c in (0x0B, 0x0C, 0x1C, 0x1D, 0x1E)
}


def for_lxml(text: str) -> str:
    """Return `text` with the control characters lxml cannot hold in a tree replaced."""
    return text.translate(_FOR_LXML) if _UNWANTED.search(text) else text


def may_hold_controls(text: str) -> bool:
    """Return True if `text`, or what its escapes decode to (`\\u001b`, `&#27;`), may hold them."""
    return "\\" in text or "&#" in text or _UNWANTED.search(text) is not None


def cleaned(value: T) -> T:
    """Return a copy of a frozen dataclass, tuple or string with every string stripped."""
    if isinstance(value, str):
        return strip_controls(value)  # type: ignore[return-value]
    if isinstance(value, tuple):
        return tuple(cleaned(item) for item in value)  # type: ignore[return-value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for field in dataclasses.fields(value):
            old = getattr(value, field.name)
            new = cleaned(old)
            if new != old:
                changes[field.name] = new
        return dataclasses.replace(value, **changes) if changes else value  # type: ignore[return-value]
    return value
