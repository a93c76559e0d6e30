"""One-line plain summaries of Markdown definitions (site, tooltips, CLI, MCP share them)."""

from termbase.matcher import one_line as tooltip_line
from termbase.plain_text import markdown_as_plain_text
from termbase.web.render import one_line as summary_line


def test_links_keep_their_text_and_lose_their_targets() -> None:
    text = "Sent before an [API](#api) [call](#api_call) or a [reply][r]; see ![diagram](d.png)."
    assert markdown_as_plain_text(text) == "Sent before an API call or a reply; see diagram."


def test_underscores_inside_words_and_code_spans_are_kept() -> None:
    text = "Set `max_new_tokens` or `__len__` in snake_case names; _stress_ and **bold** go."
    expected = "Set max_new_tokens or __len__ in snake_case names; stress and bold go."
    assert markdown_as_plain_text(text) == expected


def test_a_lone_star_between_spaces_is_multiplication() -> None:
    assert markdown_as_plain_text("the cost is n * d per step") == "the cost is n * d per step"


def test_site_summaries_and_tooltips_read_the_same_plain_text() -> None:
    text = "A *ranking* step over [candidate](#candidate_set) rows, named `top_k`."
    expected = "A ranking step over candidate rows, named top_k."
    assert summary_line(text) == expected
    assert tooltip_line(text) == expected


def test_every_kind_of_whitespace_becomes_one_space() -> None:
    """Text already single-spaced is kept as it is; any other whitespace (tabs, line ends,
    no-break and wide spaces, doubled or at an end) collapses as `str.split` reads it."""
    texts = [
        "A plain line of words.",
        " leading space",
        "trailing space ",
        "two  spaces",
        "a\ttab and a\nline end",
        "no-break\u00a0space, ideographic\u3000space, line\u2028separator",
        "",
    ]
    for text in texts:
        assert markdown_as_plain_text(text) == " ".join(text.split())
    assert markdown_as_plain_text("no-break\u00a0space") == "no-break space"
