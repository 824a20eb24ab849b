"""The chance that a proof needs a part of its file, for the slicer to show the likeliest parts first.

A candidate that a shown part mentions takes the chance of its (part kind, candidate kind) pair, learned from what
ground-truth proofs use (`MentionTable`, mention_priors.json; tools/learn_priors.py makes it, and measures each
shared project under a table learned without it). The seeds, a proof uses most lemmas its file holds (VeruSAGE
task files are extractions that carry the lemmas their proof needs) and reveals opaque spec functions, are chosen
by leave-one-project-out (`tools/slice_report.py --leave-one-out VALUES --constant NAME`, docs/large-files.md): a
bonus for a lemma whose name shares words with the target's was 0 in every fold and is gone.
"""

import json
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources

from verusagent.context.outline import Node
from verusagent.lens.model import Mode

BODY_MEANS = frozenset({Mode.SPEC, Mode.SPEC_CHECKED})  # functions whose body is their meaning
LEMMA_PRIOR = 0.7  # every lemma of the file, by its signature (held out 0.3-0.9 within a standard error; 0.7
# misses 3 fewer on ironkv than 0.3, the folds' choice)
OPAQUE_PRIOR = 0.2  # an opaque spec function: a proof about it reveals it (flat held out: 0.2-0.8 alike)
VIEW_PRIOR = 0.1  # `x@` or `.view()`: which view is rarely clear (held out: 0.1 misses 5 fewer on ironkv than 0.3)
ASSOCIATED_PRIOR = 0.3  # an associated type or constant of an impl opened for another item, times its chance
HEADER_PRIOR = 0.03  # a name in the header of a container opened for another item (its generics, its trait)


class MentionTable:
    """The chance that a proof needs a candidate that a shown part mentions, by (the part's kind, the candidate's
    kind): learned from what ground-truth proofs use (mention_priors.json, made by tools/learn_priors.py from the
    evidence verusagent.bench.mention_evidence records); a pair with too little evidence takes the default."""

    def __init__(self, pairs: dict[tuple[str, str], float], default: float):
        self.pairs = pairs
        self.default = default

    @classmethod
    def shipped(cls) -> "MentionTable":
        data = json.loads(resources.files("verusagent.context").joinpath(TABLE_FILE).read_text(encoding="utf-8"))
        pairs: dict[tuple[str, str], float] = {}
        for key, entry in data["pairs"].items():
            mentioner, mentioned = key.split(">", 1)
            pairs[(mentioner, mentioned)] = entry["chance"]
        return cls(pairs, data["default"])

    def chance(self, source: str, candidate: str) -> float:
        return self.pairs.get((source, candidate), self.default)


TABLE_FILE = "mention_priors.json"
_table = MentionTable.shipped()


@contextmanager
def mention_table(table: MentionTable) -> Iterator[None]:
    """Rank with another table for a while (a held-out measure: one learned without the project measured)."""
    global _table
    before, _table = _table, table
    try:
        yield
    finally:
        _table = before


def seed_chance(node: Node, targets: list[Node]) -> float:
    """The chance of a part no shown part mentions: lemmas and opaque spec functions; 0 for the rest."""
    function = node.function
    if node.kind != "fn" or function is None or node in targets:
        return 0.0
    if function.mode == Mode.PROOF:
        return LEMMA_PRIOR
    if any(a.path == "verifier::opaque" for a in function.attributes):
        return OPAQUE_PRIOR
    return 0.0


def mention_prior(source: Node, candidate: Node, header: bool) -> float:
    """The chance that a proof needs candidate, given that shown part source mentions it (in its header only,
    for a container opened for another item)."""
    return HEADER_PRIOR if header else _table.chance(source_kind(source), candidate_kind(candidate))


def source_kind(node: Node) -> str:
    function = node.function
    if node.kind != "fn" or function is None:
        return "type"
    if function.mode in BODY_MEANS:
        return "spec"
    return "exec" if function.mode == Mode.EXEC else "proof"


def candidate_kind(node: Node) -> str:
    function = node.function
    if node.kind != "fn" or function is None:
        return node.kind  # "struct", "enum", "type", "const", ...
    return "spec" if function.mode in BODY_MEANS else "fn"
