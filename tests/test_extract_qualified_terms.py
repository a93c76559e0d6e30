"""A term introduced with a qualifier in front ("A Solent buoy is …") also gives the bare word the book
goes on to use; a heading's plural term explained as 'Xs are <noun> …' or 'Xs <verb> …' is kept."""

from __future__ import annotations

from pathlib import Path

from termbase.extract import extract_glossary


def _book(tmp_path: Path, chapters: dict[str, str]) -> dict[str, object]:
    for name, text in chapters.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    result = extract_glossary([tmp_path / name for name in chapters], min_confidence=0.0)
    return {label.lower(): e for e in result.entries for label in (e.term, *e.labels)}


LATER = ("# {title}\n\nEach buoy rides on its chain. A red buoy marks the port side, and a green buoy the"
         " starboard side. Count the buoys as you pass them, and keep the buoy on the right side.\n")


def test_a_named_kind_gives_the_bare_word_the_book_goes_on_to_use(tmp_path: Path) -> None:
    found = _book(tmp_path, {
        "a-channel.md": "# The channel\n\nA Solent buoy is a float anchored to mark the channel.\n",
        "b-port.md": LATER.format(title="Port"),
        "c-starboard.md": LATER.format(title="Starboard"),
    })
    assert "solent buoy" in found
    assert found["buoy"] is found["solent buoy"]  # the bare word is a label of the entry
    assert found["buoy"].chapter.endswith("a-channel.md")


def test_a_plain_qualifier_does_not_give_the_bare_word(tmp_path: Path) -> None:
    found = _book(tmp_path, {
        "a-channel.md": "# The channel\n\nA spare buoy is a float kept on deck for when one breaks loose.\n",
        "b-port.md": LATER.format(title="Port"),
        "c-starboard.md": LATER.format(title="Starboard"),
    })
    assert "spare buoy" in found and "buoy" not in found  # 'spare' names nothing of its own


def test_a_heading_term_explained_without_an_article_is_kept(tmp_path: Path) -> None:
    result = extract_glossary([_write(tmp_path, "deck.md", (
        "# Deck\n\n## Span marks\n\nSpan marks are chalk lines drawn along a spar before it is cut.\n\n"
        "## Line Tenders\n\nLine Tenders hold the mooring lines while the boat comes alongside.\n"))])
    kept = {e.term.lower() for e in result.entries}
    assert {"span mark", "line tender"} <= kept


def _write(folder: Path, name: str, text: str) -> Path:
    (folder / name).write_text(text, encoding="utf-8")
    return folder / name


def test_a_head_many_kinds_share_is_given_to_none_of_them(tmp_path: Path) -> None:
    sides = ["port", "starboard", "north", "south"]
    kinds = "".join(f"A {side} is a direction sailors name. A {side} buoy is a float that marks the {side} "
                    "edge of a channel.\n\n" for side in sides)
    found = _book(tmp_path, {
        "a-kinds.md": f"# Kinds of buoy\n\n{kinds}",
        "b-port.md": LATER.format(title="Port"),
        "c-starboard.md": LATER.format(title="Starboard"),
    })
    assert {f"{side} buoy" for side in sides} <= found.keys()
    assert "buoy" not in found  # an umbrella word: no one kind introduces it


def test_a_label_with_its_maths_symbol_is_the_noun(tmp_path: Path) -> None:
    (tmp_path / "sailing-model.md").write_text(
        "# Modelling a passage\n\nA skipper reads two things before each leg:\n\n"
        "- *Heading h*: is the compass course the boat steers on this leg.\n"
        "- *Drift d*: is the sideways slide a current gives the hull while it moves.\n\n"
        "Later legs reuse the heading and the drift to plan the next turn.\n",
        encoding="utf-8")
    result = extract_glossary([tmp_path], min_confidence=0.0)
    terms = {e.term.lower() for e in (*result.entries, *result.review)}
    assert {"heading", "drift"} <= terms
    assert not {"heading h", "drift d"} & terms
