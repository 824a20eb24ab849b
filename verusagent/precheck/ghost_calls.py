"""A spec or proof function called from exec code.

verus's mode checker (vir/src/modes.rs) rejects a call whose callee is not exec in a block that is not ghost:
`(function.mode == Mode::Exec) != (typing.block_ghostness == Ghost::Exec)` gives
"cannot call function `PATH` with mode spec" (older verus: "cannot call function with mode spec").

Reported only when the callee is certain: a bare call `name(..)` in exec code, where `name` is a free function
of the caller's own module, the only function (of any kind, anywhere in the crate) and the only item of that
name, never imported, and never bound inside the caller (a parameter, a local, a closure).
"""

from bisect import bisect_left
from collections import Counter
from collections.abc import Collection

from verusagent.lens import Function, Mode, SourceModel, TokenStream
from verusagent.lens.lexer import lex
from verusagent.lens.model import DefinitionKind
from verusagent.precheck.model import PrecheckFinding, PrecheckRule
from verusagent.precheck.regions import ExecBody
from verusagent.precheck.render import Message, Place, diagnostic

GHOST_MODES = {Mode.SPEC: "spec", Mode.SPEC_CHECKED: "spec", Mode.PROOF: "proof", Mode.AXIOM: "proof"}


class GhostFunctions:
    """The free functions of a crate of `modes` (spec and proof ones by default) whose bare name resolves to them
    alone."""

    def __init__(self, models: list[SourceModel], modes: Collection[Mode] = tuple(GHOST_MODES)):
        names = Counter(f.name for m in models for f in m.functions)
        items = {d.name for m in models for d in m.definitions if d.name}
        imported = _imported_names(models)
        self.by_name: dict[str, Function] = {
            f.name: f
            for m in models
            for f in m.functions
            if f.mode in modes and _is_free(f) and names[f.name] == 1 and f.name not in items and f.name not in imported
        }


def _is_free(function: Function) -> bool:
    return function.container is None or function.container.startswith("mod ")


def _imported_names(models: list[SourceModel]) -> set[str]:
    """Every identifier of every `use` line: a name one of them brings in may be what a call resolves to."""
    found: set[str] = set()
    for model in models:
        for d in model.definitions:
            if d.kind == DefinitionKind.USE:
                lexed = lex(model.data[d.span.start : d.span.end])
                found.update(t for k, t in zip(lexed.kinds, lexed.texts) if k == "ident")
    return found


def ghost_call_findings(
    place: Place, stream: TokenStream, bodies: list[ExecBody], ghosts: GhostFunctions, crate_name: str
) -> list[PrecheckFinding]:
    found = []
    for body in bodies:
        for i in body.indices():
            callee = _callee(stream, body, i, ghosts)
            if callee is not None:
                message = Message(
                    f"cannot call function `{friendly_path(crate_name, callee)}` with mode {GHOST_MODES[callee.mode]}"
                )
                found.append(
                    PrecheckFinding(
                        rule=PrecheckRule.GHOST_CALL_IN_EXEC,
                        diagnostic=diagnostic(place, stream.starts[i], stream.ends[stream.close_of(i + 1)], message),
                    )
                )
    return found


def _callee(stream: TokenStream, body: ExecBody, i: int, ghosts: GhostFunctions) -> Function | None:
    if stream.kinds[i] != "ident" or not stream.is_punct(i + 1, "(") or stream.is_punct(i - 1, ".", "::"):
        return None
    callee = ghosts.by_name.get(stream.texts[i])
    if callee is None or callee.module != body.function.module or not body.is_exec(i + 1):
        return None
    return None if bound_in(stream, body.function, callee.name) else callee


def bound_in(stream: TokenStream, function: Function, name: str) -> bool:
    """The name occurs in the caller other than as a bare call: a parameter, a local, a closure, a path."""
    first, stop = bisect_left(stream.starts, function.span.start), bisect_left(stream.starts, function.span.end)
    texts = stream.texts
    return any(
        texts[j] == name and not (stream.is_punct(j + 1, "(") and not stream.is_punct(j - 1, ".", "::"))
        for j in range(first, stop)
    )


def friendly_path(crate_name: str, function: Function) -> str:
    """As verus names a function in its messages: the crate, the module path, the name."""
    return "::".join(part for part in (crate_name, function.module.replace(".", "::"), function.name) if part)
