"""Mention precision (issue 14): a label's words in a definition link only where they mean the concept."""

from __future__ import annotations

from termbase.link import link
from termbase.resolve import resolve
from test_resolve import entry


def mentioned(entries: list) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for relation in link(resolve(entries)).relations:
        if relation.kind == "mentions":
            found.setdefault(relation.from_id, set()).add(relation.to_id)
    return found


def test_a_label_inside_another_sense_does_not_link() -> None:
    mentions = mentioned(
        [
            entry("critic (value head)", "In RL, the network that predicts the return of a state.", line=1),
            entry("example (instance)", "One item of a training dataset.", line=2),
            entry(
                "loss (loss function)", "A number saying how wrong the predictions of a model are.", line=3
            ),
            entry("KV cache", "Keys and values kept between decoding steps.", line=4),
            entry(
                "grouped heads",
                "Query heads share a key/value head in groups; Falcon, for instance, cuts the KV cache "
                "with little quality loss.",
                line=5,
            ),
        ]
    )
    assert mentions.get("grouped-heads") == {"kv-cache"}


def test_verbs_idioms_formulas_and_lower_case_names_do_not_link() -> None:
    mentions = mentioned(
        [
            entry("score", "A number a reward model gives one answer.", line=1),
            entry("TP", "Tensor parallelism: each matrix is split over devices.", line=2),
            entry("Adam", "An optimiser with running means of gradients.", line=3),
            entry("learning rate", "The step size.", line=4),
            entry(
                "judge",
                "A model that scores each answer, with precision $TP/(TP+FP)$; see the adam-style notes.",
                line=5,
            ),
            entry(
                "update rule", "How Adam turns the gradient into a step, scaled by the learning rate.", line=6
            ),
        ]
    )
    assert "judge" not in mentions
    assert mentions["update-rule"] == {"adam", "learning-rate"}


def test_a_word_defined_in_a_field_links_only_where_the_field_is_spoken_of() -> None:
    mentions = mentioned(
        [
            entry("value", "In attention, what a position contributes once it is attended to.", line=1),
            entry("watermark", "A pattern hidden in the pixel values of an image.", line=2),
            entry("attention head", "One attention computation; its values are mixed by weights.", line=3),
        ]
    )
    assert "watermark" not in mentions
    assert mentions["attention-head"] == {"value"}


def test_a_loose_one_word_alias_does_not_link_but_a_headword_does() -> None:
    mentions = mentioned(
        [
            entry("mantissa (fraction, significand)", "The digits of a floating-point number.", line=1),
            entry("SiLU", "x times the sigmoid of x.", line=2),
            entry("Swish", "x times sigmoid of x, a smooth activation.", "b.txt", line=3),
            entry("filtering", "Keeping only a small fraction of pairs; the Swish units help.", line=4),
        ]
    )
    assert mentions["filtering"] == {"swish"}


def test_an_everyday_word_links_only_between_concepts_with_neighbours_in_common() -> None:
    glossary = [
        ("baseline", "A reference value taken off the return to cut the variance of a policy gradient."),
        ("return", "The discounted sum of rewards an agent collects over one episode."),
        ("policy gradient", "An estimate of how the expected return moves with the policy parameters."),
        (
            "REINFORCE",
            "A Monte Carlo policy gradient method; taking a baseline off each return keeps it steady.",
        ),
        ("U-Net", "An encoder-decoder network with skip connections, still a strong baseline on scans."),
        ("encoder", "The half of a network that turns an input into a compact code."),
        ("decoder", "The half of a network that turns a compact code back into an output."),
        ("skip connection", "A path that carries a tensor past some layers unchanged."),
        ("reward", "The scalar an environment hands an agent after each action."),
        ("agent", "Whatever chooses actions in an environment."),
        ("episode", "One run of an agent from a start state to an end."),
        ("policy", "The rule that maps a state to an action or a distribution over actions."),
    ]
    fillers = [(f"filler term {n}", f"Placeholder definition number {n} about nothing.") for n in range(12)]
    mentions = mentioned([entry(t, d, line=i + 1) for i, (t, d) in enumerate(glossary + fillers)])
    assert "baseline" in mentions["reinforce"]
    assert "baseline" not in mentions["u-net"]  # "a strong baseline": a point of comparison, not RL's
    assert {"encoder", "decoder", "skip-connection"} <= mentions["u-net"]


def test_analogies_verbs_after_their_subject_and_identifiers_do_not_link() -> None:
    mentions = mentioned(
        [
            entry("page", "A fixed-size block of cache memory that the allocator hands out.", line=1),
            entry("score", "The number a judge gives one answer.", line=2),
            entry("Adam", "An optimiser that keeps running means of gradients.", line=3),
            entry("LLM (large language model)", "A language model with billions of parameters.", line=4),
            entry(
                "video reader", "It works like a book with an index: it opens at the page you want.", line=5
            ),
            entry(
                "quality filter", "A classifier that scores educational value; see sgd-vs-adam-notes.", line=6
            ),
            entry("allocator", "Hands each request one page of cache memory at a time.", line=7),
            entry("foundation model", "A name from 2021 that covers LLMs and other broad models.", line=8),
            entry("AudioLM (audio language model)", "A 2022 system that models sound as tokens.", line=9),
            entry("audio encoder", "Turns sound into vectors for audio language models.", line=10),
            entry("sampling", "Drawing each next token at random from the predicted distribution.", line=11),
            entry(
                "self-consistency", "Sampling many answers and keeping the one most of them give.", line=12
            ),
        ]
    )
    assert mentions["self-consistency"] == {"sampling"}  # a gerund with its object names the activity
    assert "audio-encoder" not in mentions  # models of a kind, not the one named AudioLM
    assert "video-reader" not in mentions
    assert "quality-filter" not in mentions
    assert mentions["allocator"] == {"page"}
    assert mentions["foundation-model"] == {"large-language-model"}


def test_an_everyday_word_in_a_sentence_silent_on_the_concept_needs_closer_neighbours() -> None:
    glossary = [
        ("kernel", "A function compiled for the graphics card that one launch spreads over many threads."),
        ("scheduler", "Decides which waiting work goes next."),
        (
            "container",
            "An application packed with its libraries, isolated from other processes on a shared "
            "operating-system kernel. A scheduler places it.",
        ),
        (
            "fused attention",
            "Attention done in one launch: a single kernel covers every head. A scheduler orders the blocks.",
        ),
        ("thread", "The smallest unit of work a processor tracks."),
    ]
    fillers = [(f"filler term {n}", f"Placeholder definition number {n} about nothing.") for n in range(16)]
    entries = [entry(t, d, line=i + 1) for i, (t, d) in enumerate(glossary + fillers)]
    entries.append(entry("kernel", "See the scheduler for how its blocks are placed.", "b.txt", line=1))
    mentions = mentioned(entries)
    assert "kernel" in mentions["fused-attention"]  # the sentence speaks of a launch
    assert "kernel" not in mentions["container"]  # the operating system's kernel: one neighbour in common
    assert "scheduler" in mentions["container"]


def test_the_builtin_grouped_query_attention_page_lists_only_mentions_in_their_sense() -> None:
    """Issue 14's examples: 'key/value head' is no critic, 'for instance' no data sample, 'quality
    loss' no loss function; the concepts the page does speak of stay linked."""
    from termbase.builtin import builtin_db
    from termbase.store import Termbase

    with Termbase.open(builtin_db()) as termbase:
        page = termbase.concept("grouped-query-attention")
        assert page is not None
        mentioned = {r.to_id for r in page.related if r.kind == "mentions"}
    assert not mentioned & {"critic", "data-sample", "loss-function"}
    assert {"kv-cache", "multi-head-attention", "multi-query-attention", "attention-head"} <= mentioned


def test_a_qualified_label_written_out_with_its_bracket_links_and_a_bracket_elsewhere_splits() -> None:
    mentions = mentioned(
        [
            entry("Auto (direction)", "A direction left for the text itself to settle.", line=1),
            entry("Bidi", "Text of both ways in one line. See also auto (direction).", line=2),
            entry("Scan order", "The order of rows; in tables (direction not given) rows go down.", line=3),
            entry("Direction", "Which way a line of text runs.", line=4),
        ]
    )
    assert "auto-direction" in mentions.get("bidi", set())
    assert "auto-direction" not in mentions.get("scan-order", set())


def test_a_common_noun_written_inside_a_longer_name_does_not_link() -> None:
    mentions = mentioned(
        [
            entry(
                "artificial intelligence (AI)",
                "Machines doing tasks that take thought, like writing text.",
                line=1,
            ),
            entry("transformer", "A network built from attention and feed-forward layers.", line=2),
            entry("Quokka", "A small marsupial; its mascot name came from the Quokka Lab.", line=3),
            entry(
                "text classifier",
                "A word-vector model from the Marsupial AI Lab, shown on the Chat With Transformers demo.",
                line=4,
            ),
            entry("language model", "AI systems that predict text; most are transformer networks.", line=5),
            entry("lab notes", "Notes kept by the Quokka team in the field.", line=6),
        ]
    )
    assert "text-classifier" not in mentions  # "Marsupial AI Lab", "Chat With Transformers": names
    assert mentions["language-model"] == {"artificial-intelligence", "transformer"}  # a sentence's first word
    assert mentions["lab-notes"] == {"quokka"}  # a name is itself: next to "team" or not


def test_a_label_after_a_picking_adjective_or_written_as_a_name_is_no_other_compound() -> None:
    mentions = mentioned(
        [
            entry("token", "One unit of text a model reads: a word or a piece of one.", line=1),
            entry("LeRobot", "An open library of robot-learning code and datasets.", line=2),
            entry("streaming", "Sending each token to the user as soon as it is generated.", line=3),
            entry(
                "policy model",
                "A robot controller trained on community LeRobot data that acts after the first token.",
                line=4,
            ),
            entry("watermark", "A mark hidden in the pixel token stream of an image.", line=5),
        ]
    )
    assert {"lerobot", "token"} <= mentions["policy-model"]
    assert "token" not in mentions.get("watermark", set())  # "pixel token": another compound's head


def test_a_loose_alias_links_where_the_names_are_kin_and_the_sentence_speaks_of_the_concept() -> None:
    mentions = mentioned(
        [
            entry(
                "transformer block",
                "One attention sublayer and one feed-forward sublayer, each with a residual path.",
                line=1,
                labels=("transformer block", "layer"),
            ),
            entry(
                "block pruning",
                "Removing whole layers, attention and feed-forward alike, from a net.",
                line=2,
            ),
            entry("Boltzmann machine", "A network of two layers of stochastic binary units.", line=3),
        ]
    )
    assert mentions["block-pruning"] == {"transformer-block"}
    assert "boltzmann-machine" not in mentions  # layers of units: no transformer block


def test_an_everyday_word_between_concepts_of_two_stated_topics_needs_closer_kin() -> None:
    glossary = [
        ("baseline", "A reference value taken off the return to cut the variance of a policy gradient."),
        ("return", "The discounted sum of rewards an agent collects over one episode."),
        ("policy gradient", "An estimate of how the expected return moves with the policy parameters."),
        ("REINFORCE", "A Monte Carlo policy gradient method; a baseline taken off each return steadies it."),
        ("reward", "The scalar an environment hands an agent after each action."),
        ("agent", "Whatever chooses actions in an environment."),
    ]
    fillers = [(f"filler term {n}", f"Placeholder definition number {n} about nothing.") for n in range(12)]

    def links_baseline(reinforce_topic: str) -> bool:
        entries = [
            entry(t, d, line=i + 1, topics=(reinforce_topic if t == "REINFORCE" else "rl",))
            for i, (t, d) in enumerate(glossary + fillers)
        ]
        return "baseline" in mentioned(entries).get("reinforce", set())

    assert links_baseline("rl")
    assert not links_baseline("evaluation")  # kin, but filed under another topic: a third of the kinship


def test_a_bare_word_whose_concept_is_qualified_links_only_where_the_sentence_names_the_qualifier() -> None:
    mentions = mentioned(
        [
            entry(
                "sample (data point)",
                "One item of a dataset: an input, maybe with its label.",
                line=1,
                labels=("sample (data point)", "sample"),
            ),
            entry(
                "importance sampling",
                "Estimating an average from random samples drawn from an easier distribution.",
                line=2,
            ),
            entry(
                "data cleaning",
                "Fixing or dropping bad samples before the data reaches a model.",
                line=3,
            ),
        ]
    )
    assert "importance-sampling" not in mentions  # draws from a distribution, not data points
    assert mentions["data-cleaning"] == {"sample-data-point"}


def test_a_label_inside_an_address_links_only_as_the_name_of_the_page_it_points_to() -> None:
    mentions = mentioned(
        [
            entry("standards body", "A group that agrees on shared rules for a trade.", line=1),
            entry("glossary", "A list of the words of one field, each with what it means.", line=2),
            entry("tiling", "Cutting a large map into small square images.", line=3),
            entry(
                "address",
                "Where a file lives, as in [a note](ftp://files.example.org/pub/standards-body/a.txt) or "
                "https://docs.example.org/glossary/start, or mail to standards-body@example.org.",
                line=4,
            ),
            entry("map server", "Serves maps cut as [tiles](/tiling/); see [the words](#glossary).", line=5),
            entry("legend", "The key to the symbols a drawing uses.", line=6),
            entry("index", "Find it in [the list](#glossary_terms) or [the key](#tiling_legend).", line=7),
        ]
    )
    assert "address" not in mentions  # a folder, part of a path, a mailbox: no page of its own
    assert mentions["map-server"] == {"tiling", "glossary"}  # the page a link points to
    assert mentions["index"] == {"glossary", "tiling"}  # a page of this site named with a qualifier


def test_an_everyday_word_links_between_concepts_that_share_rare_words_though_no_neighbours() -> None:
    names = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa", "omega"]
    fillers = [  # a glossary of 25 concepts: two that mention the head do not make it central
        entry(f"{kind} {name}", f"A made-up {kind} entry about nothing in particular.", line=10 + i)
        for i, (kind, name) in enumerate((kind, name) for kind in ("filler", "spare") for name in names)
    ]
    mentions = mentioned(
        [
            entry(
                "head",
                "The last layer of a network: it takes the hidden states a backbone outputs and "
                "projects them onto the labels of one task.",
                line=1,
            ),
            entry(
                "backbone",
                "The part of a network that outputs raw hidden states; usually a head sits on top of "
                "it and projects those states for a task.",
                line=2,
            ),
            entry("triage", "Patients wait in a queue; whoever is at the head of it is seen first.", line=3),
            *fillers,
        ]
    )
    assert mentions["backbone"] == {"head"}  # hidden states, projects, task: the head's own words
    assert "triage" not in mentions  # no word in common: the everyday sense
