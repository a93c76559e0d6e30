"""The learned mention decision (issue 14): shipped coefficients, and its shortcut gives the full answer."""

from __future__ import annotations

import json

import pytest

from termbase.link import find_mentions, iter_places
from termbase.mention_features import FEATURES, place_features
from termbase.mention_model import MODEL_FILE, from_coefficients, mention_model
from termbase.resolve import resolve
from test_resolve import entry


def test_the_shipped_model_reads_the_features_the_linker_writes() -> None:
    data = json.loads(MODEL_FILE.read_text(encoding="utf-8"))
    assert tuple(data["features"]) == FEATURES
    assert 0.0 < data["threshold"] < 1.0
    with pytest.raises(ValueError, match="retrain"):
        from_coefficients({**data, "features": list(reversed(FEATURES))})


def test_deciding_on_the_cheap_features_first_gives_the_answer_of_all_features() -> None:
    glossary = [
        ("baseline", "A reference value taken off the return to cut the variance of a policy gradient."),
        ("return", "The discounted sum of rewards an agent collects over one episode."),
        ("policy gradient", "An estimate of how the expected return moves with the policy parameters."),
        ("REINFORCE", "A policy gradient method; taking a baseline off each return keeps it steady."),
        ("U-Net", "An encoder-decoder network with skip connections, a strong baseline on scans."),
        ("value", "What a state is worth: the return an agent expects from it."),
        ("pixel", "One point of an image with its colour values."),
        ("sample", "One item of a dataset."),
        ("random walk", "A path of random steps; samples of it are drawn at each step of the walk."),
        ("episode", "One run of an agent from start to end, its value summed over steps."),
    ]
    concepts = resolve([entry(t, d, line=i + 1) for i, (t, d) in enumerate(glossary)])
    places = [place for *_, place in iter_places(concepts) if place is not None]
    assert len(places) >= 5
    model = mention_model()
    decisions = [model.keeps(place) for place in places]
    assert decisions == [model.score(place_features(place)) >= model.cut for place in places]
    assert all(0.0 <= model.probability(place_features(place)) <= 1.0 for place in places)


def test_linking_with_the_learned_decision_keeps_what_it_and_the_rules_say() -> None:
    glossary = [
        ("baseline", "A reference value taken off the return to cut the variance of a policy gradient."),
        ("return", "The discounted sum of rewards an agent collects over one episode."),
        ("policy gradient", "An estimate of how the expected return moves with the policy parameters."),
        ("REINFORCE", "A policy gradient method; taking a baseline off each return keeps it steady."),
        ("U-Net", "An encoder-decoder network with skip connections, a strong baseline on scans."),
        ("value", "What a state is worth: the return an agent expects from it."),
        ("episode", "One run of an agent from start to end, its value summed over steps."),
    ]
    concepts = resolve([entry(t, d, line=i + 1) for i, (t, d) in enumerate(glossary)])
    model = mention_model()
    expected: dict[tuple[str, int], set[tuple[int, str]]] = {}
    for concept, index, match, reason, place in iter_places(concepts):
        if (model.keeps(place) if place is not None else reason is None):
            expected.setdefault((concept.id, index), set()).add((match.start, match.concept_id))
    found = find_mentions(concepts, learned=True)
    linked = {key: {(m.start, m.concept_id) for m in matches} for key, matches in found.items() if matches}
    assert linked == expected
    assert any(place is not None for *_, place in iter_places(concepts))


def test_a_place_knows_how_many_of_its_targets_source_headwords_are_everyday_words() -> None:
    everyday = [  # a book's chapter glossary whose terms are everyday words
        ("value", "A number or string a program works on."),
        ("list", "A sequence of values; its items are any value."),
        ("object", "Something a variable refers to."),
        ("garbage collection", "Freeing the memory no name refers to any more."),
    ]
    technical = [
        ("gradient descent", "Stepping a model's parameters against the gradient of the loss."),
        ("backpropagation", "Working out each parameter's gradient from the output back."),
        ("sample", "One item of a dataset; gradient descent takes a value from each."),
    ]
    entries = [entry(t, d, source="book.rst", line=i + 1) for i, (t, d) in enumerate(everyday)]
    entries += [entry(t, d, source="ml.md", line=i + 1) for i, (t, d) in enumerate(technical)]
    places = [place for *_, place in iter_places(resolve(entries)) if place is not None]
    share = {place.target_id: place.source_everyday for place in places}
    value_id = next(p.target_id for p in places if p.text[p.start : p.end] == "value")
    assert share[value_id] == pytest.approx(3 / 4)  # value, list, object; not garbage collection
    assert all(0.0 <= place.source_everyday <= 1.0 for place in places)
    assert places[0].source_everyday == place_features(places[0])[FEATURES.index("source_everyday")]
