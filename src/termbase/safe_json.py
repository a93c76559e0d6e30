"""JSON parsed with a bound on nesting depth (see `limits`).

`json.loads` on `[[[[…` ten thousand deep ends in a RecursionError; a reader that walks
the result recursively fails the same way at a smaller depth. `loads` refuses both with
one line naming the flag that raises the limit.
"""

from __future__ import annotations

import json

from termbase.limits import current, over_limit


def depth_of(value: object) -> int:
    """Return how deeply lists and dicts nest in `value` (a scalar is 0), without recursion."""
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, depth + 1)
            stack.extend((child, depth + 1) for child in item if isinstance(child, dict | list))
    return deepest


def loads(text: str, source: str = "", line: int = 0) -> object:
    """Return the value of a JSON text (json.JSONDecodeError if malformed), refusing deep nesting."""
    what = "JSON arrays or objects nest too deep"
    try:
        value = json.loads(text)
    except RecursionError:
        raise over_limit(what, "max_depth", path=source, line=line) from None
    if depth_of(value) > current().max_depth:
        raise over_limit(what, "max_depth", path=source, line=line)
    return value
