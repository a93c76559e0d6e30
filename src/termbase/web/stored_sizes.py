"""Which builds store their static site's pages (see `stored_pages`): a module of its own, so
that a build that stores none loads nothing more."""

from __future__ import annotations

#: A build stores pages for termbases of FEWEST_CONCEPTS to MOST_CONCEPTS concepts (`should_store`).
#: Storing them costs a build about 0.1 s whatever its size (the renderer's code loaded, the
#: stamp) and 60-70 µs of CPU a concept (10,000 concepts: 1.8 -> 2.4 s of CPU, +0.4 s of wall
#: time where a second core renders half), and the file grows by about 3.4 KB a concept; it
#: spares each site build of the termbase rendering every page and loading the site's code.
#: Below FEWEST_CONCEPTS a site renders its pages in less time than that fixed cost; above
#: MOST_CONCEPTS the build would grow by more than a second (a 100,000-concept build by ~6 s
#: of CPU, most of its own time). `termbase build --site-pages` / `--no-site-pages` decides for
#: any size.
FEWEST_CONCEPTS = 2_000
MOST_CONCEPTS = 20_000


def should_store(concepts: int, asked: bool | None = None) -> bool:
    """Return whether a build of `concepts` concepts stores its pages: `asked`, else whether it
    has FEWEST_CONCEPTS to MOST_CONCEPTS."""
    if asked is not None:
        return asked and concepts > 0
    return FEWEST_CONCEPTS <= concepts <= MOST_CONCEPTS
