"""scripts/label_audit.py: labels broader than their concept, on the shipped glossary and a small one."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from termbase.builtin import glossary_files
from termbase.lint import read_glossary
from termbase.model import Entry

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "label_audit.py"
_spec = importlib.util.spec_from_file_location("label_audit", SCRIPT)
assert _spec and _spec.loader
label_audit = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = label_audit  # dataclasses look their module up there
_spec.loader.exec_module(label_audit)


def _entry(concept_id: str, *labels: str) -> Entry:
    return Entry(
        source="small.yaml",
        line=1,
        end_line=1,
        term=labels[0],
        labels=labels,
        definition="",
        concept_id=concept_id,
    )


def test_shipped_glossary_has_no_unjudged_broad_label() -> None:
    entries, problems = read_glossary(glossary_files())
    assert not problems
    unjudged, stale = label_audit.audit(entries, label_audit.read_kept(label_audit.KEPT))
    assert [str(f) for f in unjudged] == []
    assert stale == []


def test_flags_everyday_head_noun_and_shared_labels() -> None:
    entries = [
        _entry("transformer-block", "transformer block", "layer", "transformer blocks", "decoder block"),
        _entry("attention-head", "attention head", "head", "MHA head"),
        _entry("batching", "batching", "continuous batching"),
        _entry("mini-batch", "mini-batch", "batch"),
        _entry("tensor-view", "tensor view", ".view()", "tensor.view()"),
        _entry("tensor-copy", "copy (tensor)", "tensor copy"),
        _entry("tensor-storage", "storage (tensor)", "tensor storage"),
    ]
    reasons = {(f.concept_id, f.label): f.reasons for f in label_audit.findings(entries)}
    assert reasons[("transformer-block", "layer")] == ("everyday",)
    assert reasons[("attention-head", "head")] == ("everyday", "head-noun")
    assert reasons[("mini-batch", "batch")] == ("everyday", "shared with batching")
    assert reasons[("tensor-view", ".view()")] == ("everyday", "head-noun")  # the matcher reads "view"
    assert ("tensor-view", "tensor.view()") not in reasons
    assert ("tensor-copy", "copy") not in reasons  # a lower-case bare word is not added (7c2adf1)
    assert not any(concept_id == "tensor-storage" for concept_id, _ in reasons)
    assert ("transformer-block", "transformer blocks") not in reasons  # a plural of the preferred label
    assert ("attention-head", "MHA head") not in reasons


def test_judged_labels_are_not_reported_and_stale_judgements_are(tmp_path: Path) -> None:
    kept = tmp_path / "kept.tsv"
    kept.write_text("# judged\nattention-head\thead\tused alone\ncritic\tvalue head\n", encoding="utf-8")
    entries = [_entry("attention-head", "attention head", "head"), _entry("tiling", "tiling", "blocking")]
    unjudged, stale = label_audit.audit(entries, label_audit.read_kept(kept))
    assert [(f.concept_id, f.label) for f in unjudged] == [("tiling", "blocking")]
    assert stale == [("critic", "value head")]
