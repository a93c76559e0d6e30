"""Generate large synthetic glossaries in the five seed shapes, for benchmarks.

    python bench/generate.py --entries 100000 --out bench/out/generated

writes one file per shape (entries split evenly), deterministic for a given --seed.
Terms are made-up words; a share of them are `ACRONYM (Expansion)` or `A / B` pairs and
a share repeat across shapes, so the resolver has real merging to do.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from pathlib import Path

SYLLABLES = [
    "ka",
    "lo",
    "mi",
    "ven",
    "tor",
    "sa",
    "qui",
    "dra",
    "fen",
    "ul",
    "bri",
    "mon",
    "tes",
    "zor",
    "pa",
    "ne",
    "gal",
    "rix",
    "do",
    "sem",
    "lu",
    "cha",
    "vor",
    "tin",
    "ab",
    "er",
]
FILLER = [
    "model", "layer", "token", "value", "weight", "signal", "batch", "memory", "kernel",
    "vector", "step", "score", "loss", "gradient", "sample", "network", "device", "stream",
    "buffer", "cache", "query", "answer", "policy", "reward",
]  # fmt: skip
MODULES = ["🔤 Tokens", "🧮 Matrices", "📈 Scaling", "🎯 Attention", "🤖 Agents", "📊 Vectors"]


def word(rng: random.Random) -> str:
    """Return a made-up word of two to four syllables."""
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4)))


def make_terms(count: int, rng: random.Random) -> list[str]:
    """Return `count` distinct made-up terms, some acronym pairs and some `A / B` pairs."""
    terms: set[str] = set()
    while len(terms) < count:
        words = [word(rng) for _ in range(rng.randint(1, 3))]
        roll = rng.random()
        if roll < 0.15 and len(words) > 1:
            acronym = "".join(w[0] for w in words).upper()
            expansion = " ".join(w.capitalize() for w in words)
            terms.add(f"{acronym} ({expansion})")
        elif roll < 0.2:
            terms.add(f"{word(rng).capitalize()} / {word(rng).capitalize()}")
        else:
            terms.add(" ".join(words).capitalize())
    return sorted(terms, key=str.casefold)


def definition(rng: random.Random, mention: str = "") -> str:
    """Return a one- or two-sentence made-up definition, naming `mention` if given."""
    sentences = [f"Related to {mention.split(' / ')[0]}."] if mention else []
    for _ in range(rng.randint(1, 2)):
        words = [
            rng.choice(FILLER if rng.random() < 0.6 else SYLLABLES * 2) for _ in range(rng.randint(8, 24))
        ]
        sentences.append(" ".join(words).capitalize() + ".")
    return " ".join(sentences)


def pick(terms: list[str], rng: random.Random) -> str:
    """Return another term to mention in a definition, half of the time."""
    return rng.choice(terms) if rng.random() < 0.5 else ""


def initial(term: str) -> str:
    return term[0].upper()


def suffix_locator(terms: list[str], rng: random.Random) -> str:
    lines = ["Reference", "", "Glossary", "", f"{len(terms)} terms, each linked to its chapter.", ""]
    letter = ""
    for term in terms:
        if initial(term) != letter:
            letter = initial(term)
            lines += ["", letter, ""]
        lines += [f"{term}Ch {rng.randint(1, 40):02d}", definition(rng, pick(terms, rng))]
    return "\n".join(lines) + "\n"


def introduced_bullets(terms: list[str], rng: random.Random) -> str:
    lines = ["Glossary", "All terms in one place", "Each term links to where it first appears."]
    for term in terms:
        number = rng.randint(1, 30)
        lines += [
            f"- {term} Introduced in §{number:02d} · Part {number}",
            f"- {definition(rng, pick(terms, rng))}",
        ]
    return "\n".join(lines) + "\n"


def alternating(terms: list[str], rng: random.Random) -> str:
    lines = ["Glossary", "Terms from every guide, in alphabetical order."]
    for term in terms:
        lines += [term, definition(rng, pick(terms, rng))]
    return "\n".join(lines) + "\n"


def module_extract(terms: list[str], rng: random.Random) -> str:
    lines = ["Glossary", "Auto-extracted from all modules.", "Plain text at /glossary-data.txt"]
    letter = ""
    for term in terms:
        if initial(term) != letter:
            letter = initial(term)
            lines.append(letter)
            lines.append(definition(rng))  # junk sentence, as extractors leave
        lines += [term, f"{rng.choice(MODULES)} →{definition(rng, pick(terms, rng))}"]
    return "\n".join(lines) + "\n"


def blank_blocks(terms: list[str], rng: random.Random) -> str:
    lines = ["Reference", "", "Generated Glossary.", "", "Definitions for made-up terms.", ""]
    letter = ""
    for term in terms:
        if initial(term) != letter:
            letter = initial(term)
            lines += [letter, ""]
        lines += [term, "", definition(rng, pick(terms, rng)), ""]
        if rng.random() < 0.1:
            lines += ["Read more:Further notes", ""]
    return "\n".join(lines) + "\n"


SHAPES: dict[str, Callable[[list[str], random.Random], str]] = {
    "suffix_locator": suffix_locator,
    "introduced_bullets": introduced_bullets,
    "alternating": alternating,
    "module_extract": module_extract,
    "blank_blocks": blank_blocks,
}


def generate_unique(total: int, out: Path, seed: int = 11) -> Path:
    """Write one alternating-shape page of `total` distinct terms (one concept each)."""
    rng = random.Random(seed)
    out.mkdir(parents=True, exist_ok=True)
    terms = make_terms(total, rng)
    path = out / f"unique-{total}.txt"
    path.write_text(alternating(terms, rng), encoding="utf-8")
    return path


def generate(total: int, out: Path, seed: int = 7) -> list[Path]:
    """Write `total` entries split over the five shapes into `out`; return the files."""
    rng = random.Random(seed)
    out.mkdir(parents=True, exist_ok=True)
    per_shape = total // len(SHAPES)
    pool = make_terms(int(per_shape * 1.6), rng)
    paths = []
    for name, render in SHAPES.items():
        terms = sorted(rng.sample(pool, per_shape), key=str.casefold)
        path = out / f"{name}.txt"
        path.write_text(render(terms, rng), encoding="utf-8")
        paths.append(path)
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--out", type=Path, default=Path("bench/out/generated"))
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    for path in generate(args.entries, args.out, args.seed):
        print(path)


if __name__ == "__main__":
    main()
