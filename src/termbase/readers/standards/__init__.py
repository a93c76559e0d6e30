"""Readers for terminology standards: SKOS vocabularies and TBX termbases."""
