"""The LaTeX glossaries-package reader: \\newglossaryentry, \\longnewglossaryentry, \\newacronym."""

from __future__ import annotations

import pytest

from termbase.errors import InputError
from termbase.readers import rank_readers
from termbase.readers.markup.latex_glossaries import REASON_COMMENT, LatexGlossariesReader

# Our own small file in the package's shapes: a comment, a multi-line entry with braces and
# commas in its description, a plural, LaTeX inside the text, acronyms (one commented out).
NAUTICAL = r"""% Harbour words
\newglossaryentry{bollard}
{
    name=Bollard,
    description={a short post on a quay, used to tie \emph{mooring} lines to},
    plural=Bollards
}

\newglossaryentry{lee}{name={Lee side}, description={the side of a boat away from the \acrshort{wind}}}
\longnewglossaryentry{keel}{name=Keel}{the spine along the bottom of a hull}
% \newacronym{gps}{GPS}{Global positioning system}
\newacronym{ais}{AIS}{Automatic identification system}
\newacronym[description={radio used between ships}]{vhf}{VHF}{Very high frequency}
"""


def read():
    return LatexGlossariesReader().read(NAUTICAL, "harbour.tex")


def test_each_definition_is_one_entry():
    entries = {entry.term: entry for entry in read().entries}
    assert list(entries) == ["Bollard", "Lee side", "Keel", "AIS", "VHF"]
    assert entries["Bollard"].definition == "a short post on a quay, used to tie mooring lines to"
    assert entries["Bollard"].labels == ("Bollard", "Bollards")
    assert entries["Bollard"].line == 2 and entries["Bollard"].end_line == 7
    assert entries["Lee side"].definition == "the side of a boat away from the wind"
    assert entries["Keel"].definition == "the spine along the bottom of a hull"


def test_acronyms_give_short_and_long_labels():
    entries = {entry.term: entry for entry in read().entries}
    assert entries["AIS"].labels == ("AIS", "Automatic identification system")
    assert entries["AIS"].definition == ""
    assert entries["VHF"].definition == "radio used between ships"


def test_comments_are_reported_and_the_commented_acronym_is_no_entry():
    result = read()
    comments = [u.line for u in result.unused if u.reason == REASON_COMMENT]
    assert comments == [1, 11]
    assert "GPS" not in {entry.term for entry in result.entries}


def test_detected_as_latex_glossaries():
    assert rank_readers(NAUTICAL)[0][1].name == "latex-glossaries"


def test_an_unclosed_brace_is_a_clear_error():
    with pytest.raises(InputError) as caught:
        LatexGlossariesReader().read("\\newglossaryentry{x}{name=X, description={open\n", "bad.tex")
    assert "bad.tex" in caught.value.describe()
