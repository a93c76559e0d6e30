"""The termbase web app, static site and plain-text files for LLMs, all built from one store."""
