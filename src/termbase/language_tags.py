"""Language tags: what one looks like and how well an entry's language serves the reader's.

Tags are compared case-insensitively with `_` read as `-`: `es` is served by `es` and by
`es-MX`; `pt-BR` by `pt-BR` first, then by any other `pt`. Whatever the reader asks for,
English is the fallback.
"""

from __future__ import annotations

import re
from functools import lru_cache

#: What a language tag may look like (BCP 47, loosely): `en`, `pt-BR`, `zh-Hant-TW`.
LANGUAGE_TAG = re.compile(r"^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$")

#: The language every view falls back to.
FALLBACK = "en"


def language_rank(tag: str, wanted: str) -> int:
    """Return how well a language `tag` serves `wanted`: 1 exact, 2 same language, 0 not at all."""
    tag, wanted = tag.casefold().replace("_", "-"), wanted.casefold().replace("_", "-")
    if tag == wanted:
        return 1
    return 2 if tag.split("-")[0] == wanted.split("-")[0] else 0


def is_language_tag(text: str) -> bool:
    """Return True if `text` looks like a language tag."""
    return bool(LANGUAGE_TAG.match(text))


@lru_cache(maxsize=1024)
def known_language_tag(key: str) -> str:
    """Return the tag a language key names (`eng` → `en`, `pt_BR` → `pt-BR`), or '' if none.

    The language must be one CLDR knows (babel, imported on first use): `def` or `app` is none.
    """
    from babel import Locale, UnknownLocaleError
    from babel.core import get_global

    if not re.fullmatch(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*", key):
        return ""
    base, _, rest = key.replace("_", "-").partition("-")
    base = get_global("language_aliases").get(base.casefold(), base.casefold())
    try:
        Locale.parse(base)
    except (UnknownLocaleError, ValueError):
        return ""
    return f"{base}-{rest}" if rest else base
