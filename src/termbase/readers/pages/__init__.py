"""Readers for the shapes of plain glossary pages: term lines, bullets, blocks, alternating lines."""
