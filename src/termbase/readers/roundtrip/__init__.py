"""Readers for termbase's own exports, which bring every entry back with its provenance."""
