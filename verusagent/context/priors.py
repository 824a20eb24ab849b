"""The chance that a proof needs a part of its file, for the slicer to show the likeliest parts first.

The chances depend on the kind of the shown part that mentions a candidate and on the candidate's kind. They were
tuned on VeruSAGE-Bench (for each kind of mention, the share that ground-truth proofs use, then adjusted for the
coverage they buy per token): a proof uses most lemmas its file holds (VeruSAGE task files are extractions that
carry the lemmas their proof needs) and the spec functions in their signatures, far fewer of the spec functions
that other spec functions mention.
"""

from verusagent.context.outline import Node
from verusagent.lens.model import Mode

BODY_MEANS = frozenset({Mode.SPEC, Mode.SPEC_CHECKED})  # functions whose body is their meaning
LEMMA_PRIOR = 0.7  # every lemma of the file, by its signature
SHARED_WORD_BONUS = 0.1  # per word of a target's name the lemma's name shares (at most three)
OPAQUE_PRIOR = 0.5  # an opaque spec function: a proof about it reveals it
VIEW_PRIOR = 0.3  # `x@` or `.view()`: which of the file's views it means is rarely clear, and a proof seldom names it
ASSOCIATED_PRIOR = 0.3  # an associated type or constant of an impl opened for another item, times its chance
_COMMON_WORDS = frozenset({"", "lemma", "is", "of", "the", "to", "a", "and", "in", "spec", "impl", "proof"})
_PRIORS = {  # (the mentioning part, the candidate; "fn": a proof or exec function) -> chance
    ("proof", "spec"): 0.4,
    ("proof", "enum"): 0.5,
    ("proof", "fn"): 0.4,
    ("exec", "spec"): 0.3,
    ("exec", "enum"): 0.2,
    ("exec", "fn"): 0.3,
    ("spec", "spec"): 0.1,
    ("spec", "enum"): 0.15,
    ("spec", "fn"): 0.1,
}
_DEFAULT_PRIOR = 0.03  # structs, aliases and traits that a proof names are mostly named by its target already


def seed_chance(node: Node, targets: list[Node]) -> float:
    """The chance of a part no shown part mentions: lemmas and opaque spec functions; 0 for the rest."""
    if node.kind != "fn" or node in targets:
        return 0.0
    if node.item.mode == Mode.PROOF:
        words = {w for target in targets for w in target.name.split("_")} - _COMMON_WORDS
        return LEMMA_PRIOR + SHARED_WORD_BONUS * min(len(words & set(node.name.split("_"))), 3)
    if any(a.path == "verifier::opaque" for a in node.item.attributes):
        return OPAQUE_PRIOR
    return 0.0


def mention_prior(source: Node, candidate: Node, header: bool) -> float:
    """The chance that a proof needs candidate, given that shown part source mentions it (in its header only,
    for a container opened for another item)."""
    return _DEFAULT_PRIOR if header else _PRIORS.get((_source_kind(source), _candidate_kind(candidate)), _DEFAULT_PRIOR)


def _source_kind(node: Node) -> str:
    if node.kind != "fn":
        return "type"
    if node.item.mode in BODY_MEANS:
        return "spec"
    return "exec" if node.item.mode == Mode.EXEC else "proof"


def _candidate_kind(node: Node) -> str:
    if node.kind != "fn":
        return node.kind  # "struct", "enum", "type", "const", ...
    return "spec" if node.item.mode in BODY_MEANS else "fn"
