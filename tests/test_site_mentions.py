"""Mentions in a definition are found by string search where the text is ASCII: the same
spans as the regular expression they replace, on random text built to hit its edges
(case, hyphens and dashes between words, word boundaries, escaped `&`, non-ASCII)."""

from __future__ import annotations

import random
import re

from markupsafe import Markup

from termbase.web.pages import Links
from termbase.web.render import _ascii_look_alike, _find_mention, _mention_pattern, link_mentions

PIECES = ["ka", "Lo", "MI", "ven", "a", "b", "_", "-", "--", " ", "  ", "\t", "\n", "\x1c", "&amp;", "&", "1",
          "é", "É", "\u2010", "\u2013", "\u212a", "ſ", "ı", "İ", "ß", "Ω", "\u00a0", "\u2009", "’", "×",
          ".", ",", "(", ")"]  # fmt: skip


def random_text(rng: random.Random, pieces: list[str]) -> str:
    return "".join(rng.choice(pieces) for _ in range(rng.randint(0, 30)))


def test_string_search_finds_what_the_pattern_finds():
    rng = random.Random(19)
    ascii_pieces = [p for p in PIECES if p.isascii()]
    found = 0
    for number in range(4_000):
        pieces = ascii_pieces if number % 2 else PIECES
        text = random_text(rng, pieces)
        in_text = text.split()
        if in_text and number % 3:  # words the text has, in a row, in another case
            start = rng.randrange(len(in_text))
            words = [w.swapcase() if rng.random() < 0.3 else w for w in in_text[start : start + 3]]
        else:
            words = random_text(rng, pieces).split()[:3]
        evidence = " ".join(words)
        if not evidence:
            continue
        match = _mention_pattern(evidence).search(text)
        found += match is not None
        assert _find_mention(text, evidence) == (match.span() if match else None), (text, evidence)
    assert found > 1000  # the cases that matter most: a match, and where it ends


def test_link_mentions_links_the_first_mention_each():
    html = Markup("<p>Uses multi-head Attention; see <code>attention</code> and attention again.</p>")
    linked = link_mentions(html, [("c1", "multi head attention"), ("c2", "attention")], Links(static=True))
    assert str(linked) == (
        '<p>Uses <a class="mention" href="/c/c1.html">multi-head Attention</a>; see <code>attention</code>'
        ' and <a class="mention" href="/c/c2.html">attention</a> again.</p>'
    )


def test_no_other_non_ascii_character_matches_an_ascii_letter_ignoring_case():
    """The string search takes text with non-ASCII characters as long as none of them is one
    `re` would match to an ASCII letter when ignoring case: checked over the whole BMP."""
    for code in range(0x80, 0x10000):
        char = chr(code)
        if 0xD800 <= code <= 0xDFFF or _ascii_look_alike(char):
            continue
        assert re.match(r"[a-z0-9_]", char, re.IGNORECASE) is None, hex(code)
