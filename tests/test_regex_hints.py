"""regex_hints: the literal tests before a pattern never change what the pattern finds."""

import random
import re

from termbase.regex_hints import Cue, Cues, required_literals


def test_required_literals_of_alternatives_and_groups() -> None:
    assert required_literals(re.compile(r"\bno |without|rather than")) == ("no ", "rather than", "without")
    assert required_literals(re.compile(r"(?:19|20)\d\d")) == ("19", "20")
    assert required_literals(re.compile(r" on (?:a )?laptop")) == (" on ",)


def test_no_hints_where_a_match_may_hold_no_literal() -> None:
    assert required_literals(re.compile(r"\d")) is None
    assert required_literals(re.compile(r"x*y|abc")) is None  # a branch starting with a repeat
    assert required_literals(re.compile(r"^(?:an?|the) ")) is None  # "a" is too short to help
    assert required_literals(re.compile(r"same|else", re.IGNORECASE)) is None


def test_cues_find_what_their_patterns_find() -> None:
    patterns = [
        re.compile(r"\bno |without|with (?:a |an )?(?:short|brief) "),
        re.compile(r"\d"),
        re.compile(r"(?:19|20)\d\d"),
        re.compile(r"^(?:an?|the) [a-z ]*?value"),
        re.compile(r"linear|o\(|square"),
    ]
    cues = [Cue(p) for p in patterns]
    any_cue = Cues(cues)
    words = ["no", "snow", "without", "with", "a", "short", "brief", "19", "2001", "the", "an"]
    words += ["value", "linear", "o(", "squares", "x"]
    rng = random.Random(4)
    for _ in range(3000):
        text = " ".join(rng.choice(words) for _ in range(rng.randrange(0, 7)))
        for cue, pattern in zip(cues, patterns, strict=True):
            found, expected = cue.search(text), pattern.search(text)
            assert (found and found.span()) == (expected and expected.span()), (text, pattern)
        assert any_cue.match_any(text) == any(p.search(text) for p in patterns), text
