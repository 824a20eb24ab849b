"""The lemmas of one parsed file: its `proof fn`s (broadcast ones included) and `axiom fn`s, with their specs."""

from verusagent.lemmas.model import Lemma, LemmaKind, LemmaOrigin
from verusagent.lens.hatches import ATTRIBUTE_WORDS, Effect
from verusagent.lens.model import ClauseKind, Function, Mode, SourceModel

_LEMMA_MODES = frozenset({Mode.PROOF, Mode.AXIOM})
# `#[verifier::w]` for each attribute hatch that takes something without proof (external_body, external, ...)
_TRUSTED_ATTRIBUTES = frozenset(
    f"verifier::{word}" for word, hatch in ATTRIBUTE_WORDS.items() if hatch.effect == Effect.TRUSTED
)


def lemmas_of(model: SourceModel, *, module: str, file: str, origin: LemmaOrigin, public_only: bool) -> list[Lemma]:
    """The lemmas of `model`; with `public_only`, those another crate can call (pub, or in a trait)."""
    found = []
    for function in model.functions:
        if function.mode in _LEMMA_MODES and (not public_only or _reachable(function)):
            found.append(_lemma(function, module, file, origin))
    return found


def _reachable(function: Function) -> bool:
    container = function.container or ""
    in_trait = container.startswith("trait ") or " for " in container
    return function.visibility == "pub" or in_trait


def _lemma(function: Function, module: str, file: str, origin: LemmaOrigin) -> Lemma:
    return Lemma(
        name=function.name,
        path=f"{module}::{function.qualified}" if module else function.qualified,
        module=module,
        container=function.container,
        kind=_kind(function),
        origin=origin,
        file=file,
        line=function.header.line,
        signature=function.signature,
        requires=_exprs(function, ClauseKind.REQUIRES),
        ensures=_exprs(function, ClauseKind.ENSURES),
    )


def _kind(function: Function) -> LemmaKind:
    trusted = any(a.path in _TRUSTED_ATTRIBUTES for a in function.attributes)
    if function.mode == Mode.AXIOM or trusted or function.name.startswith("axiom_"):
        return "axiom"
    return "broadcast lemma" if "broadcast" in function.modifiers else "lemma"


def _exprs(function: Function, kind: ClauseKind) -> list[str]:
    clause = function.clause(kind)
    return [" ".join(e.text.split()) for e in clause.exprs] if clause else []
