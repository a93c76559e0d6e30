"""Readers for glossaries held as data: delimited tables (CSV/TSV), JSON and YAML records."""
