"""The manifest a static site build leaves in its folder, read back by the next build there.

Imports only the standard library: the next build reads it in the process that works out the
pages' digests (`page_digests.start_site_inputs`), before the site's own code is loaded.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

#: What the last build in a site's folder wrote: a JSON object with the fingerprint of what all
#: pages share (`site`), the digest of what each file other than a concept page was made from
#: (`files`: relative path -> digest), every concept in the order of glossary-data.txt
#: (`concepts`), the digest of each one's page (`digests`, in that order) and where each one's
#: block is in glossary-data.txt (`blocks`: start, length in characters, two numbers per
#: concept). Older builds listed the concept pages in `files` (`c/<id>.html`) and stored
#: `blocks` as id -> [start, length] or id -> text. The next build there removes the files of
#: concepts that are gone (and nothing else), rewrites only the files whose digest changed, and
#: takes the unchanged concepts' blocks from glossary-data.txt (if that file is still the one it
#: wrote; else every page is made again).
MANIFEST = ".termbase-site"
#: Exists while a build writes into a folder: a build killed half-way leaves pages that no
#: longer match the manifest, so the next build trusts none of its digests.
BUILDING = ".termbase-site-building"
#: The file of every concept as plain text, one block each (see `llms.concept_block`).
GLOSSARY_DATA = "glossary-data.txt"
#: The folder of the concept pages, and their suffix.
PAGES, PAGE_SUFFIX = "c/", ".html"


def write_manifest(
    out: Path, site: str, files: dict[str, str], ids: list[str], digests: list[str], blocks: list[int]
) -> None:
    """Write a finished build's MANIFEST into `out` (whole, never half) and remove BUILDING."""
    from termbase.web.site_files import replace_file  # standard library only, like this module

    manifest = {"site": site, "files": files, "concepts": ids, "digests": digests, "blocks": blocks}
    text = json.dumps(manifest, ensure_ascii=False, separators=(",", ":"), check_circular=False)
    replace_file(out / MANIFEST, text.encode("utf-8"))
    (out / BUILDING).unlink()


@dataclass(frozen=True, slots=True)
class Manifest:
    """What an earlier build in a folder wrote (see MANIFEST); digests are "" where untrusted."""

    #: Digest of what each file other than a concept page was made from, by relative path.
    files: dict[str, str]
    #: Digest of each concept's page, by concept id.
    pages: dict[str, str] = field(default_factory=dict)
    #: Where each concept's block is in `glossary`: (start, length) in characters, by concept id.
    blocks: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: The text of glossary-data.txt, while it is the file the last build wrote (else "").
    glossary: str = ""
    site: str = ""

    def paths(self) -> list[str]:
        """Return every file the manifest lists, relative to the folder."""
        return [*self.files, *(f"{PAGES}{concept_id}{PAGE_SUFFIX}" for concept_id in self.pages)]


def read_manifest(out: Path) -> Manifest:
    """Return the manifest of the last build in `out` (empty if none or not one a build wrote;
    digests cleared if that build did not finish, or wrote the one-path-a-line list of older
    versions)."""
    try:
        text = (out / MANIFEST).read_text(encoding="utf-8")
    except (FileNotFoundError, UnicodeDecodeError):
        return Manifest({})
    try:
        stored = json.loads(text)
    except ValueError:  # the one-path-a-line list of older versions
        files = dict.fromkeys(text.splitlines(), "")
        return Manifest(files, _older_pages(files))
    try:
        files, site = dict(stored["files"]), str(stored["site"])
        if "concepts" in stored:
            concepts, digests = list(stored["concepts"]), list(stored["digests"])
            pages = dict(zip(concepts, digests, strict=True))
            flat = stored["blocks"]
            spans = {concept_id: (flat[2 * n], flat[2 * n + 1]) for n, concept_id in enumerate(concepts)}
        else:  # an older version's manifest (its code differs: nothing but the file names is used)
            pages, spans = _older_pages(files), {}
    except (ValueError, KeyError, TypeError, IndexError):  # not a manifest this code wrote: trust none of it
        return Manifest({})
    if (out / BUILDING).exists():
        return Manifest(dict.fromkeys(files, ""), dict.fromkeys(pages, ""))
    glossary = _glossary_text(out, spans, files.get(GLOSSARY_DATA, ""))
    return Manifest(files, pages, spans if glossary else {}, glossary, site)


def _older_pages(files: dict[str, str]) -> dict[str, str]:
    """Take the concept pages (`c/<id>.html`) out of `files`; return their digests by concept id."""
    names = [name for name in files if name.startswith(PAGES) and name.endswith(PAGE_SUFFIX)]
    return {name[len(PAGES) : -len(PAGE_SUFFIX)]: files.pop(name) for name in names}


def _glossary_text(out: Path, spans: dict[str, tuple[int, int]], digest: str) -> str:
    """Return the text of glossary-data.txt if it is the file the last build wrote and every span
    of `spans` is a (start, length) pair of numbers in it; else ""."""
    if not spans or not digest:
        return ""
    try:
        data = (out / GLOSSARY_DATA).read_bytes()
    except OSError:
        return ""
    if hashlib.blake2b(data, digest_size=16).hexdigest() != digest:
        return ""
    text = data.decode("utf-8", "surrogatepass")
    for start, length in spans.values():
        if not (isinstance(start, int) and isinstance(length, int)) or start < 0 or length < 0:
            return ""
        if start + length > len(text):
            return ""
    return text
