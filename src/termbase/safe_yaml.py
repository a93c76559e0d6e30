"""YAML composed with bounds: alias expansion and nesting depth are limited (see `limits`).

PyYAML's safe loader refuses to run code but not to amplify: nine lines of nested aliases
(`b: &b [*a, *a, …]`, nine levels) describe 387 million nodes, and anything that walks
the result runs for minutes and takes gigabytes. `BoundedSafeLoader` counts, as it
composes, how deep collections nest and how many nodes aliases add, and raises an
InputError naming the line and the flag that raises the limit. Use `compose_all` or
`load` in place of `yaml.compose_all(…, Loader=yaml.SafeLoader)` and `yaml.safe_load`.
"""

from __future__ import annotations

from typing import Any

import yaml
from yaml.events import CollectionStartEvent
from yaml.nodes import MappingNode, Node, SequenceNode

from termbase.errors import InputError
from termbase.limits import current, over_limit


class BoundedSafeLoader(yaml.SafeLoader):
    """A SafeLoader that refuses documents nested or alias-expanded beyond the limits."""

    def __init__(self, stream: str, source: str = "", first_line: int = 1) -> None:
        super().__init__(stream)
        self.source = source
        self.first_line = first_line
        self.depth = 0
        self.limits = current()

    def _line(self, mark: yaml.Mark | None) -> int:
        return (mark.line if mark is not None else 0) + self.first_line

    def compose_node(self, parent: Node | None, index: Any) -> Node:
        event = self.peek_event()
        if isinstance(event, CollectionStartEvent):
            self.depth += 1
            if self.depth > self.limits.max_depth:
                raise over_limit(
                    "YAML collections nest too deep",
                    "max_depth",
                    path=self.source,
                    line=self._line(event.start_mark),
                )
            try:
                return super().compose_node(parent, index)
            finally:
                self.depth -= 1
        return super().compose_node(parent, index)

    def compose_document(self) -> Node | None:
        node = super().compose_document()
        if node is not None:
            self._check_expansion(node)
        return node

    def _check_expansion(self, root: Node) -> None:
        """Raise InputError if following aliases makes `root` too large or makes it loop."""
        expanded: dict[int, int] = {}
        written = 0
        on_path: set[int] = set()
        stack: list[tuple[Node, bool]] = [(root, False)]
        while stack:
            node, children_done = stack.pop()
            key = id(node)
            if children_done:
                on_path.discard(key)
                expanded[key] = 1 + sum(expanded[id(child)] for child in _children(node))
                continue
            if key in expanded:
                continue
            if key in on_path:
                raise InputError(
                    "a YAML alias refers to a collection from inside itself, which expands without end",
                    path=self.source,
                    line=self._line(node.start_mark),
                    hint="write the value out instead of the alias",
                )
            written += 1
            on_path.add(key)
            stack.append((node, True))
            stack.extend((child, False) for child in _children(node) if id(child) not in expanded)
        added = expanded[id(root)] - written
        if added > self.limits.max_yaml_alias_nodes:
            raise over_limit(
                f"YAML aliases expand this document by {added:,} nodes",
                "max_yaml_alias_nodes",
                path=self.source,
                line=self._line(root.start_mark),
            )


def _children(node: Node) -> list[Node]:
    if isinstance(node, SequenceNode):
        return list(node.value)
    if isinstance(node, MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def compose_all(text: str, source: str = "", first_line: int = 1) -> list[Node]:
    """Return the node of every non-empty document in `text` (yaml.YAMLError if malformed)."""
    loader = BoundedSafeLoader(text, source, first_line)
    try:
        nodes = []
        while loader.check_node():
            node = loader.get_node()
            if node is not None:
                nodes.append(node)
        return nodes
    finally:
        loader.dispose()


def compose(text: str, source: str = "", first_line: int = 1) -> Node | None:
    """Return the node of the single document in `text`, or None if empty."""
    loader = BoundedSafeLoader(text, source, first_line)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


def load(text: str, source: str = "", first_line: int = 1) -> object:
    """Return the Python value of the single document in `text` (like `yaml.safe_load`)."""
    loader = BoundedSafeLoader(text, source, first_line)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()
