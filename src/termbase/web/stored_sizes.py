"""Which builds store their static site's pages (see `stored_pages`): a module of its own, so
that a build that stores none loads nothing more."""

from __future__ import annotations

#: A build stores pages for termbases of FEWEST_CONCEPTS to MOST_CONCEPTS concepts (`should_store`).
#: Storing them costs a build about 0.1 s whatever its size (the renderer's code loaded, the
#: stamp) and 80-90 µs of CPU a concept (rendered by two processes where a second core is free);
#: it spares each site build of the termbase about 60 µs of CPU a concept and most of its start.
#: Below FEWEST_CONCEPTS a site renders its pages in less time than that fixed cost; above
#: MOST_CONCEPTS the build would grow by more than a second and a half (a 100,000-concept build
#: by ~8 s of CPU, about its own time). `termbase build --site-pages` / `--no-site-pages`
#: decides for any size.
FEWEST_CONCEPTS = 2_000
MOST_CONCEPTS = 20_000


def should_store(concepts: int, asked: bool | None = None) -> bool:
    """Return whether a build of `concepts` concepts stores its pages: `asked`, else whether it
    has FEWEST_CONCEPTS to MOST_CONCEPTS."""
    if asked is not None:
        return asked and concepts > 0
    return FEWEST_CONCEPTS <= concepts <= MOST_CONCEPTS
