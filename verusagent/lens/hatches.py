"""Escape hatches and outside-file reads: the one table that the lens, the guard, the agent and the prompts read.

A row names a construct, says how it is written (a call, an attribute word, an item or a macro), what it does
(which decides the guard rule that bars adding it: the guard bars adding every row), whether `verus --no-cheating`
rejects it, what the lens reports it as (None: the lens lists no site for it), and how the system prompt names it.
The scanners keep the syntax of each kind (an `axiom` must precede `fn`, a `mod name` end in `;`); which words
are hatches, and what they mean, is said here only.
"""

from dataclasses import dataclass
from enum import StrEnum

from verusagent.lens.model import ItemSiteKind, ProofSiteKind
from verusagent.lens.tokens import TokenStream


class HatchKind(StrEnum):
    CALL = "call"  # `assume(e)`, `admit()`: one of `words` followed by `(`
    ATTRIBUTE = "attribute"  # a word inside `#[...]`, as `verifier::w`, `verifier(w)` or within a `cfg_attr`
    ITEM = "item"  # a word starting an item or statement: `axiom fn`, `assume_specification[..]`, `mod name;`
    MACRO = "macro"  # `word!(...)`


class Effect(StrEnum):
    TRUSTED = "trusted"  # something is taken without proof: an escape hatch
    NO_TERMINATION = "no_termination"  # termination checking turned off
    UNBOUNDED_SOLVER = "unbounded_solver"  # no limit on the solver
    OUTSIDE_READ = "outside_read"  # the file's meaning depends on another file or the environment


@dataclass(frozen=True)
class Hatch:
    name: str  # how reports name it ("assume", "external_body", "include_str!", "#[path]", ...)
    kind: HatchKind
    effect: Effect
    no_cheating: bool  # `verus --no-cheating` rejects it
    site: ProofSiteKind | ItemSiteKind | None
    words: tuple[str, ...]  # the tokens that mark it (its marking words)
    after: tuple[str, ...] = ()  # attributes: the tokens that must follow the word (`rlimit` `(` `infinity`)
    prompt: str | None = None  # the system prompt's words for it, in table order (None: not named there)


_CALL, _ATTR, _ITEM, _MACRO = HatchKind.CALL, HatchKind.ATTRIBUTE, HatchKind.ITEM, HatchKind.MACRO
_TRUSTED, _OUTSIDE = Effect.TRUSTED, Effect.OUTSIDE_READ
_P, _S = ProofSiteKind, ItemSiteKind

# `assume_` is the builtin that verus! turns `assume(e)` into; written directly it is the same hatch.
# The external_* rows count as rejected by --no-cheating (verus-reference names external_body): the cautious side.
HATCHES: tuple[Hatch, ...] = (
    #     name                              kind   effect    --no-cheating, lens site, marking words
    Hatch("assume", _CALL, _TRUSTED, True, _P.ASSUME, ("assume", "assume_"), prompt="`assume(...)`"),
    Hatch("admit", _CALL, _TRUSTED, True, _P.ADMIT, ("admit",), prompt="`admit()`"),
    # vstd's `Tracked::assume_new()` conjures a tracked permission out of nothing; --no-cheating does not see it
    # (the function is vstd's, external_body there), so only the guard bars adding it.
    Hatch("assume_new", _CALL, _TRUSTED, False, _P.ASSUME_NEW, ("assume_new",)),
    Hatch(
        "external_body",
        _ATTR,
        _TRUSTED,
        True,
        _S.EXTERNAL_ATTRIBUTE,
        ("external_body",),
        prompt="`#[verifier::external_body]`",
    ),
    Hatch(
        "external",
        _ATTR,
        _TRUSTED,
        True,
        _S.EXTERNAL_ATTRIBUTE,
        ("external",),
        prompt="other `external*` attributes",
    ),
    Hatch("external_fn_specification", _ATTR, _TRUSTED, True, _S.EXTERNAL_ATTRIBUTE, ("external_fn_specification",)),
    Hatch(
        "external_type_specification", _ATTR, _TRUSTED, True, _S.EXTERNAL_ATTRIBUTE, ("external_type_specification",)
    ),
    Hatch(
        "external_trait_specification", _ATTR, _TRUSTED, True, _S.EXTERNAL_ATTRIBUTE, ("external_trait_specification",)
    ),
    Hatch("external_trait_extension", _ATTR, _TRUSTED, True, _S.EXTERNAL_ATTRIBUTE, ("external_trait_extension",)),
    Hatch("axiom_fn", _ITEM, _TRUSTED, True, _S.AXIOM_FN, ("axiom",), prompt="`axiom fn`"),
    Hatch(
        "assume_specification",
        _ITEM,
        _TRUSTED,
        True,
        _S.ASSUME_SPECIFICATION,
        ("assume_specification",),
        prompt="`assume_specification`",
    ),
    Hatch(
        "assume_termination",
        _ATTR,
        _TRUSTED,
        True,
        _S.UNSOUND_ATTRIBUTE,
        ("assume_termination",),
        prompt="`assume_termination`",
    ),
    Hatch(
        "externals_available_without_declaration",
        _ATTR,
        _TRUSTED,
        True,
        _S.UNSOUND_ATTRIBUTE,
        ("externals_available_without_declaration",),
    ),
    Hatch(
        "exec_allows_no_decreases_clause",
        _ATTR,
        Effect.NO_TERMINATION,
        False,
        None,
        ("exec_allows_no_decreases_clause",),
        prompt="`exec_allows_no_decreases_clause` unless the original already had it",
    ),
    Hatch(
        "inline_air",
        _ITEM,
        _TRUSTED,
        False,
        _S.INLINE_AIR,
        ("inline_air_stmt", "allow_inline_air"),
        prompt="`inline_air_stmt`",
    ),
    Hatch("rlimit(infinity)", _ATTR, Effect.UNBOUNDED_SOLVER, False, None, ("rlimit",), after=("(", "infinity")),
    Hatch("include!", _MACRO, _OUTSIDE, False, _S.INCLUDE_MACRO, ("include",), prompt="`include!`"),
    Hatch("include_str!", _MACRO, _OUTSIDE, False, _S.INCLUDE_MACRO, ("include_str",), prompt="`include_str!`"),
    Hatch("include_bytes!", _MACRO, _OUTSIDE, False, _S.INCLUDE_MACRO, ("include_bytes",)),
    Hatch("env!", _MACRO, _OUTSIDE, False, _S.ENV_MACRO, ("env",), prompt="`env!`"),
    Hatch("option_env!", _MACRO, _OUTSIDE, False, _S.ENV_MACRO, ("option_env",)),
    Hatch("#[path]", _ATTR, _OUTSIDE, False, _S.PATH_ATTRIBUTE, ("path",), after=("=",), prompt="`#[path = ...]`"),
    Hatch("file_module", _ITEM, _OUTSIDE, False, _S.FILE_MODULE, ("mod",), prompt="`mod name;`"),
    Hatch("extern_crate", _ITEM, _OUTSIDE, False, _S.EXTERN_CRATE, ("extern",)),
)


def _by_word(kinds: tuple[HatchKind, ...]) -> dict[str, Hatch]:
    return {word: hatch for hatch in HATCHES if hatch.kind in kinds for word in hatch.words}


CALL_WORDS = _by_word((HatchKind.CALL,))
ATTRIBUTE_WORDS = _by_word((HatchKind.ATTRIBUTE,))
ITEM_WORDS = _by_word((HatchKind.ITEM, HatchKind.MACRO))
# The lens's site kinds that `--no-cheating` rejects: a file with one cannot be accepted with that flag.
NO_CHEATING_SITES = frozenset(hatch.site for hatch in HATCHES if hatch.no_cheating and hatch.site is not None)


def attribute_hatches(stream: TokenStream, first: int, last: int) -> list[Hatch]:
    """The hatches named inside the attribute held by tokens first..last, one per marking word."""
    found = []
    for j in range(first, last + 1):
        hatch = ATTRIBUTE_WORDS.get(stream.texts[j])
        if hatch is not None and stream.is_ident(j) and _followed_by(stream, j, hatch.after):
            found.append(hatch)
    return found


def _followed_by(stream: TokenStream, j: int, after: tuple[str, ...]) -> bool:
    return all(stream.text(j + 1 + k) == text for k, text in enumerate(after))


def renamed_calls(stream: TokenStream) -> dict[str, Hatch]:
    """Names that an import gives a call hatch: `use builtin::assume_ as helper;` makes `helper(e)` an assume."""
    if not any(word.encode() in stream.data for word in CALL_WORDS):
        return {}  # the common case, found at C speed
    renamed = {}
    for i, text in enumerate(stream.texts):
        hatch = CALL_WORDS.get(text)
        if hatch is not None and stream.is_ident(i) and stream.is_ident(i + 1, "as") and stream.is_ident(i + 2):
            renamed[stream.text(i + 2)] = hatch
    return renamed


def prompt_names(outside_reads: bool) -> list[str]:
    """How the system prompt names the escape hatches (or the outside-file reads), in table order."""
    return [h.prompt for h in HATCHES if h.prompt is not None and (h.effect == Effect.OUTSIDE_READ) == outside_reads]
