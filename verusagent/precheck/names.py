"""A call of a function that exists nowhere: rustc's E0425, "cannot find function `foo` in this scope".

Only a bare call `name(..)` (no path, no method) is read, anywhere in the crate (ghost code is compiled by rustc
too). Its name is unknown when no file of the crate mentions it in any other position (a definition, a `use`,
a parameter, a local, an enum variant, inside a macro), and neither vstd's source, verus_builtin nor Rust's
prelude has it. The rule does not run on a crate where names may come from where it cannot see: a glob import
of another crate, a macro that may define items (`macro_rules!`, an item-level macro invocation, a state
machine), `#[cfg]` (the call may be compiled out), `include!`, a `mod x;` without its file, `extern crate`.
"""

from bisect import bisect_right
from dataclasses import dataclass

from verusagent.lens import SourceModel, TokenStream
from verusagent.lens.keywords import ITEM_KEYWORDS, RUST_KEYWORDS, VERUS_WORDS
from verusagent.lens.lexer import lex
from verusagent.lens.model import DefinitionKind, ItemSiteKind
from verusagent.precheck.model import PrecheckFinding, PrecheckRule
from verusagent.precheck.render import Message, Place, diagnostic

# Words of the syntax, and the closure traits (`Fn(A) -> B` is no call): never a name a call needs defined.
KEYWORDS = RUST_KEYWORDS | ITEM_KEYWORDS | VERUS_WORDS | {"Fn", "FnMut", "FnOnce"}
# verus's own crates: their globs bring in vstd's and builtin's names, or macros (never called bare).
VERUS_CRATES = frozenset(
    {
        "vstd",
        "builtin",
        "verus_builtin",
        "builtin_macros",
        "verus_builtin_macros",
        "state_machines_macros",
        "verus_state_machines_macros",
    }
)
_GLOB_ROOTS = VERUS_CRATES | {"crate", "self", "super"}
_BLIND_SITES = frozenset({ItemSiteKind.INCLUDE_MACRO, ItemSiteKind.PATH_ATTRIBUTE})
MAX_FINDINGS = 10


@dataclass(frozen=True)
class CrateFile:
    place: Place
    model: SourceModel
    stream: TokenStream


def unknown_call_findings(files: list[CrateFile], outside: frozenset[str]) -> list[PrecheckFinding]:
    """`outside`: the names vstd, verus_builtin and the prelude provide (see `blind_spot` for when to run)."""
    calls: list[tuple[CrateFile, int]] = []
    known: set[str] = set()
    for file in files:
        mine, others = _bare_calls(file)
        calls += [(file, i) for i in mine]
        known |= others
    found = []
    for file, i in calls:
        name = _name(file.stream.texts[i])
        if name not in known and name not in outside and name not in KEYWORDS:
            found.append(_finding(file, i, name))
    return found[:MAX_FINDINGS]


def blind_spot(files: list[CrateFile], crate_files: set[str], whole_crate: bool = True) -> str | None:
    """Why names may exist that the rule cannot see, or None when it sees them all. Not `whole_crate` (a file
    that may be one module of a larger crate): a glob of the crate's own paths may bring in names from elsewhere."""
    roots = _GLOB_ROOTS if whole_crate else VERUS_CRATES
    for file in files:
        reason = _file_blind_spot(file, crate_files, roots)
        if reason is not None:
            return f"{file.place.file}: {reason}"
    return None


def _file_blind_spot(file: CrateFile, crate_files: set[str], roots: frozenset[str]) -> str | None:
    model, stream = file.model, file.stream
    if any(site.kind in _BLIND_SITES for site in model.item_sites):
        return "an include! or #[path] module"
    foreign = [
        s.text
        for s in model.item_sites
        if s.kind == ItemSiteKind.EXTERN_CRATE and _crate_of(s.text) not in VERUS_CRATES
    ]
    if foreign:
        return f"`{' '.join(foreign[0].split())}` may bring in any name"
    if any(site.kind == ItemSiteKind.FILE_MODULE for site in model.item_sites) and len(crate_files) <= 1:
        return "a `mod x;` whose file is not part of this check"
    if model.state_machines or model.structs_with_invariants:
        return "a state machine or struct_with_invariants! macro defines items"
    if any(d.kind in (DefinitionKind.MACRO_RULES, DefinitionKind.MACRO) for d in model.definitions):
        return "a macro that may define items"
    if _has_cfg(stream):
        return "#[cfg] may compile a call out"
    glob = _foreign_glob(model, roots)
    return f"the glob import `{glob}` may bring in any name" if glob else None


def _has_cfg(stream: TokenStream) -> bool:
    texts = stream.texts
    return any(t == "cfg" and stream.is_punct(i + 1, "(") and stream.is_punct(i - 1, "[") for i, t in enumerate(texts))


def _foreign_glob(model: SourceModel, roots: frozenset[str]) -> str | None:
    """A `use a::b::*` of a path that is neither vstd, builtin nor this crate's own (a module or enum it defines)."""
    own = {d.name for d in model.definitions if d.kind in (DefinitionKind.MOD, DefinitionKind.ENUM)}
    for d in model.definitions:
        if d.kind != DefinitionKind.USE:
            continue
        text = model.data[d.span.start : d.span.end].decode("utf-8", "replace")
        if "*" in text and _glob_root(text) not in roots | own:
            return " ".join(text.split())
    return None


def _glob_root(use_line: str) -> str:
    """The first path segment after the `use` keyword (attributes and `pub` before it skipped)."""
    lexed = lex(use_line.encode("utf-8"))
    texts = lexed.texts
    if "use" not in texts:
        return ""
    after = [t for t in texts[texts.index("use") + 1 :] if t not in ("::", "{")]
    return after[0] if after else ""


def _crate_of(extern_crate: str) -> str:
    words = extern_crate.replace(";", " ").split()
    return words[words.index("crate") + 1] if "crate" in words[:-1] else ""


def _bare_calls(file: CrateFile) -> tuple[list[int], set[str]]:
    """The indices of bare calls outside macros and attributes, and every name seen in another position."""
    stream = file.stream
    texts, kinds = stream.texts, stream.kinds
    hidden = _macro_and_attribute_tokens(stream)
    variants = _enum_bodies(file.model)
    calls, known = [], set()
    for i, text in enumerate(texts):
        if kinds[i] != "ident":
            continue
        if _is_bare_call(stream, i) and not hidden[i] and not _inside_bytes(variants, stream.starts[i]):
            calls.append(i)
        else:
            known.add(_name(text))
    return calls, known


def _is_bare_call(stream: TokenStream, i: int) -> bool:
    return (
        stream.is_punct(i + 1, "(")
        and not stream.is_punct(i - 1, ".", "::", "'", "#", "!", "$")
        and not stream.is_ident(i - 1, "fn", "struct", "enum", "union", "type", "trait", "mod", "impl", "macro_rules")
    )


def _macro_and_attribute_tokens(stream: TokenStream) -> bytearray:
    """1 for each token inside a macro invocation (but `verus!`) or an attribute: not an expression yet."""
    hidden = bytearray(len(stream.texts))
    for i, text in enumerate(stream.texts):
        if text == "!" and i and stream.is_punct(i + 1, "(", "[", "{") and stream.kinds[i - 1] == "ident":
            if stream.texts[i - 1] != "verus":
                _mark(hidden, i - 1, stream.close_of(i + 1))
        elif text == "#" and stream.is_punct(i + 1, "[", "!"):
            _mark(hidden, i, stream.close_of(i + 2 if stream.texts[i + 1] == "!" else i + 1))
    return hidden


def _mark(mask: bytearray, first: int, last: int) -> None:
    mask[first : last + 1] = b"\x01" * (last - first + 1)


def _enum_bodies(model: SourceModel) -> list[tuple[int, int]]:
    return sorted((d.body.start, d.body.end) for d in model.definitions if d.kind == DefinitionKind.ENUM and d.body)


def _inside_bytes(ranges: list[tuple[int, int]], offset: int) -> bool:
    k = bisect_right(ranges, (offset, float("inf"))) - 1
    return k >= 0 and ranges[k][0] <= offset < ranges[k][1]


def _name(text: str) -> str:
    return text.removeprefix("r#")


def _finding(file: CrateFile, i: int, name: str) -> PrecheckFinding:
    what = "function, tuple struct or tuple variant" if name[:1].isupper() else "function"
    message = Message(f"cannot find {what} `{name}` in this scope", "not found in this scope", code="E0425")
    stream = file.stream
    return PrecheckFinding(
        rule=PrecheckRule.UNKNOWN_FUNCTION, diagnostic=diagnostic(file.place, stream.starts[i], stream.ends[i], message)
    )
