"""The manifest a static site build leaves in its folder, read back by the next build there.

Imports only the standard library: the next build reads it in the process that works out the
pages' digests (`page_digests.start_site_inputs`), before the site's own code is loaded.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

#: What the last build in a site's folder wrote: a JSON object with the digest of every file
#: (`files`: relative path -> digest of what it was made from), where each concept's block is in
#: glossary-data.txt (`blocks`: id -> [start, length] in characters; older builds stored the
#: blocks' text) and the fingerprint of what all pages share (`site`). The next build there
#: removes the files of concepts that are gone (and nothing else), rewrites only the files whose
#: digest changed, and takes the unchanged concepts' blocks from glossary-data.txt (if that file
#: is still the one it wrote; else every page is made again).
MANIFEST = ".termbase-site"
#: Exists while a build writes into a folder: a build killed half-way leaves pages that no
#: longer match the manifest, so the next build trusts none of its digests.
BUILDING = ".termbase-site-building"


@dataclass(frozen=True, slots=True)
class Manifest:
    """What an earlier build in a folder wrote (see MANIFEST)."""

    files: dict[str, str]
    blocks: dict[str, str]
    site: str = ""


def read_manifest(out: Path) -> Manifest:
    """Return the manifest of the last build in `out` (empty if none; digests cleared if that
    build did not finish, or wrote the one-path-a-line list of older versions)."""
    try:
        text = (out / MANIFEST).read_text(encoding="utf-8")
    except (FileNotFoundError, UnicodeDecodeError):
        return Manifest({}, {})
    try:
        stored = json.loads(text)
        files, blocks, site = dict(stored["files"]), dict(stored["blocks"]), str(stored["site"])
    except (ValueError, KeyError, TypeError):
        return Manifest(dict.fromkeys(text.splitlines(), ""), {})
    if (out / BUILDING).exists():
        return Manifest(dict.fromkeys(files, ""), {})
    return Manifest(files, _block_texts(out, blocks, files.get(GLOSSARY_DATA, "")), site)


#: The file of every concept as plain text, one block each (see `llms.concept_block`).
GLOSSARY_DATA = "glossary-data.txt"


def _block_texts(out: Path, blocks: dict[str, object], digest: str) -> dict[str, str]:
    """Return each concept's block of glossary-data.txt from where the manifest says it is;
    {} if the file is not the one the last build wrote (or a span is not a [start, length])."""
    if isinstance(next(iter(blocks.values()), ""), str):
        # the manifest of an older version: the texts (or nothing)
        return {k: v for k, v in blocks.items() if isinstance(v, str)}
    try:
        data = (out / GLOSSARY_DATA).read_bytes()
    except OSError:
        return {}
    if hashlib.blake2b(data, digest_size=16).hexdigest() != digest:
        return {}
    text = data.decode("utf-8", "surrogatepass")
    texts = {}
    try:
        for concept_id, (start, length) in blocks.items():  # type: ignore[misc]
            if start < 0 or length < 0:
                return {}
            texts[concept_id] = text[start : start + length]
    except (TypeError, ValueError):  # not a [start, length] pair of numbers: trust none
        return {}
    return texts
