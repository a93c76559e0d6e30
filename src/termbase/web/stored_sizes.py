"""Which builds store their static site's pages (see `stored_pages`): a module of its own, so
that a build that stores none loads nothing more."""

from __future__ import annotations

#: Storing the pages moves the rendering from `termbase site` into `termbase build`; it does
#: not remove it. It costs a build about 0.1 s whatever its size (the renderer's code loaded,
#: the stamp) and 60-70 µs of CPU a concept (10,000 concepts: 1.8 -> 2.4 s of CPU, +0.4 s of
#: wall time where a second core renders half), and the file grows by about 3.4 KB a concept;
#: each later site build of that termbase then renders no page. It pays off only where one
#: build feeds several site builds (several titles or addresses, a site rebuilt in CI from a
#: kept termbase), so a build stores pages only when asked (`termbase build --site-pages`).


def should_store(concepts: int, asked: bool | None = None) -> bool:
    """Return whether a build of `concepts` concepts stores its pages: only when `asked`."""
    return bool(asked) and concepts > 0
