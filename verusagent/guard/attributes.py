"""Attributes: which ones a proof may write, decided once from verus's table of its attributes
(docs/verus-source/rust_verify-attributes.rs, `parse_attrs`), and the rules that read them.

An attribute either steers the prover without changing what is proved (PROOF_TUNING), or it can change the problem:
a mode (`verifier::proof`, `returns(..)`), what is trusted or not verified (`external*`, `verus::trusted`,
`*_primitive`), a fact about values (`type_invariant`), how a spec reads (`when_used_as_spec`, `allow_in_spec`,
`deprecated_postcondition_mut_ref_style`, `prophetic`), visibility of a body (`opaque`), what is compiled
(`cfg`, `cfg_attr`, `test`), or how traits may be implemented (`sealed`, `impls_cannot_extend_spec`).

- On an existing function, adding or removing any attribute outside PROOF_TUNING is `attribute-changed` (inner
  `#![..]` ones in its body included: the lens reads them as the function's).
- On a new function, every attribute outside PROOF_TUNING and NEW_ITEM_ONLY is a violation.
- An unknown `#[verifier::..]` attribute anywhere is one (verus rejects it; the guard cannot say what it does).
Escape-hatch attributes (external_body, rlimit(infinity), ...) are counted by `hatches`, not here.

The decisions, attribute by attribute:
- tuning: `spinoff_prover` (own solver process), `rlimit(N)` (a finite limit: `infinity` is a hatch of its own),
  `nonlinear`, `integer_ring`, `bit_vector` (the theory that proves the body: verus still proves it),
  `loop_isolation(..)` (false lets a loop see its context: still proved), `allow_complex_invariants` (a syntax
  permission for loop_isolation(false)), `truncate` (silences a recommends check on a cast: recommends are not the
  problem), `memoize` (caching of assert_by_compute), `auto_ext_equal(..)` (proves `==` goals by `=~=`, which
  implies `==`), the trigger attributes (`trigger`, `auto_trigger`, `all_triggers`, `no_auto_trigger`),
  `proof_note`/`custom_err` (error labels), `verifier::allow(..)` and rustc's lint levels (warnings),
  `broadcast_forall` (offers a proved lemma to every caller), `prune_unless_this_module_is_used` (no effect),
  `inline` (a spec fn unfolded where used: the same definition), `no_loop_invariant`/`no_auto_loop_invariant`
  (fewer generated, proved, loop invariants), `doc`, `must_use`, `rustfmt::skip`.
- new items only: `opaque`, `opaque_outside_module` (a new spec fn hides its own body: harder, never weaker;
  on an existing one it changes what every proof of the file sees), `decreases_by`/`recommends_by` (a new proof
  fn that verus checks as the termination proof of a new spec fn), and in a state machine `inductive(op)` (the
  proof of an operation) and `invariant` (a new machine invariant, which every operation's inductive lemma
  must then prove).
- everything else of the table, and anything not in it, changes the problem or cannot be vouched for.
"""

from collections import Counter

from verusagent.guard.evidence import function_violation
from verusagent.guard.report import Evidence, Rule, Violation
from verusagent.guard.source import Source, spelled_at
from verusagent.lens import Function, TokenStream
from verusagent.lens.attributes import TRIGGER_PATHS
from verusagent.lens.hatches import attribute_hatches
from verusagent.lens.span import Attribute, Span

_TUNING_WORDS = (
    "spinoff_prover",
    "rlimit",
    "nonlinear",
    "integer_ring",
    "bit_vector",
    "loop_isolation",
    "allow_complex_invariants",
    "truncate",
    "memoize",
    "auto_ext_equal",
    "trigger",
    "auto_trigger",
    "all_triggers",
    "no_auto_trigger",
    "proof_note",
    "custom_err",
    "allow",
    "broadcast_forall",
    "prune_unless_this_module_is_used",
    "inline",
    "no_loop_invariant",
    "no_auto_loop_invariant",
)
PROOF_TUNING = frozenset(
    {
        *(f"verifier::{word}" for word in _TUNING_WORDS),
        *TRIGGER_PATHS,
        "allow",
        "warn",
        "expect",
        "deny",
        "forbid",
        "doc",
        "inline",
        "must_use",
        "rustfmt::skip",
    }
)
NEW_ITEM_ONLY = frozenset(
    {"verifier::opaque", "verifier::opaque_outside_module", "verifier::decreases_by", "verifier::recommends_by"}
)
MACHINE_NEW_ITEM = frozenset({"inductive", "invariant"})  # inside a state machine
# Every `#[verifier::..]` word verus reads (its table's `parse_attrs`, and the syntax macro's loop attributes).
KNOWN_VERIFIER_WORDS = frozenset(
    "accept_recursive_types all_triggers allow allow_complex_invariants allow_in_spec assume assume_termination "
    "atomic atomic_call auto_ext_equal auto_trigger bit_vector broadcast_forall "
    "broadcast_use_by_default_when_this_crate_is_imported custom_err decreases_by deny "
    "deprecated_postcondition_mut_ref_style exec exec_allows_no_decreases_clause ext_equal external external_body "
    "external_derive external_fn_specification external_trait_extension external_trait_private_bound "
    "external_trait_specification external_type_specification ghost_block_wrapped ghost_wrapper "
    "impls_cannot_extend_spec inline integer_ring internal_trait invalid_trigger_attribute invariant_block "
    "loop_isolation maybe_negative memoize no_auto_trigger nonlinear opaque opaque_outside_module open_au_block "
    "proof proof_block proof_in_spec proof_note prophetic prune_unless_this_module_is_used recommends_by "
    "reject_recursive_types reject_recursive_types_in_ground_variants returns rlimit sealed spec spinoff_prover "
    "strictly_positive tracked_block tracked_block_wrapped tracked_swap_primitive tracked_take_option_primitive "
    "trigger truncate type_invariant verify verus_macro when_used_as_spec no_loop_invariant "
    "no_auto_loop_invariant".split()
)


def attribute_violations(pair: tuple[Source, Source], f: Function, g: Function) -> list[Violation]:
    before, after = _guarded(pair[0], f), _guarded(pair[1], g)
    added, removed = after - before, before - after
    found = []
    for text in added.elements():
        reason = f"attribute `{text}` added to `{f.qualified}`"
        found.append(function_violation(Rule.ATTRIBUTE_CHANGED, pair, (f, g), reason))
    for text in removed.elements():
        reason = f"attribute `{text}` removed from `{f.qualified}`"
        found.append(function_violation(Rule.ATTRIBUTE_CHANGED, pair, (f, g), reason))
    return found


def new_function_attribute_violations(pair: tuple[Source, Source], g: Function) -> list[Violation]:
    """The attributes of a new function outside the short list a proof may write."""
    allowed = PROOF_TUNING | NEW_ITEM_ONLY | (MACHINE_NEW_ITEM if g.macro_unit else frozenset())
    found = []
    for attribute in g.attributes:
        if attribute.path in allowed or hatch_words(pair[1], attribute.span):
            continue
        reason = (
            f"new fn `{g.qualified}` carries `{_folded(attribute)}`: a proof may add only proof-tuning "
            "attributes (triggers, rlimit, spinoff_prover, nonlinear, bit_vector, ...) to what it adds"
        )
        found.append(function_violation(Rule.ATTRIBUTE_CHANGED, pair, (None, g), reason))
    return found


def is_tuning(path: str) -> bool:
    return path in PROOF_TUNING


def unknown_verifier_attributes(pair: tuple[Source, Source]) -> list[Violation]:
    """`#[verifier::w]` / `#[verifier(w)]` with a word verus does not know, beyond the original's."""
    original, candidate = pair
    had = Counter(text for text, _, _ in _unknown(original))
    found = []
    for text, start, end in _unknown(candidate):
        if had[text] > 0:
            had[text] -= 1
            continue
        found.append(
            Violation(
                rule=Rule.ATTRIBUTE_CHANGED,
                function=candidate.unit_at(start),
                candidate=candidate.location(start, end),
                original=None,
                reason=f"`{text}` is no attribute verus knows: the guard cannot say what it does",
                evidence=Evidence(original="", candidate=candidate.snippet(start, end)),
            )
        )
    return found


def _unknown(source: Source) -> list[tuple[str, int, int]]:
    return source.derived("unknown_verifier", _unknown_in)


def _unknown_in(source: Source) -> list[tuple[str, int, int]]:
    stream = source.stream
    found = []
    for i in spelled_at(stream, ("verifier",)):
        if not stream.is_ident(i) or stream.is_punct(i - 1, "::"):
            continue
        word_at = i + 2 if stream.is_punct(i + 1, "::", "(") else None
        if word_at is None or not stream.is_ident(word_at) or not _in_attribute(stream, i):
            continue
        if stream.text(word_at) not in KNOWN_VERIFIER_WORDS:
            found.append((f"verifier::{stream.text(word_at)}", stream.starts[i], stream.ends[word_at]))
    return found


def _in_attribute(stream: TokenStream, i: int) -> bool:
    """Whether `verifier` at i opens an attribute's path: `#[verifier..`, `#![verifier..`, or a `cfg_attr`'s."""
    if stream.is_punct(i - 1, "[") and stream.is_punct(i - 2, "#", "!"):
        return True
    return stream.is_punct(i - 1, ",", "(") and _inside_attribute(stream, i)


def _inside_attribute(stream: TokenStream, i: int) -> bool:
    """`verifier` inside a `#[...]` group: its enclosing `[` follows `#` or `#!`."""
    for j in range(i - 1, max(i - 64, -1), -1):
        if stream.is_punct(j, "[") and stream.match[j] > i:
            return stream.is_punct(j - 1, "#") or (stream.is_punct(j - 1, "!") and stream.is_punct(j - 2, "#"))
    return False


def _guarded(source: Source, function: Function) -> Counter[str]:
    """The function's attributes that matter, as whitespace-free texts."""
    kept: Counter[str] = Counter()
    for attribute in function.attributes:
        if attribute.path in PROOF_TUNING or hatch_words(source, attribute.span):
            continue
        kept["".join(t.text for t in source.tokens_in(attribute.span))] += 1
    return kept


def hatch_words(source: Source, span: Span) -> bool:
    """Whether an attribute names a hatch (counted by `hatches`, not compared here)."""
    first, stop = source.token_range(span.start, span.end)
    return bool(attribute_hatches(source.stream, first, stop - 1))


def _folded(attribute: Attribute) -> str:
    return " ".join(attribute.text.split())
