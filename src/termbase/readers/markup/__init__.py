"""Readers for glossaries written in a markup language: Markdown, reST/Sphinx, AsciiDoc, HTML, PreTeXt."""
