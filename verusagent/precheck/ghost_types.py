"""`int` and `nat` in exec code: a cast `e as int` / `e as nat`, and a literal with the suffix (`5int`).

verus's macro (builtin_macros syntax.rs, `handle_cast`) turns a cast outside ghost code whose type is the bare
identifier `int` or `nat` into `compile_error!` with the message below; a cast inside ghost code becomes
`spec_cast_integer` and is fine. `handle_lit_int` rewrites `5int`/`5nat` only inside ghost code: in exec code the
literal reaches rustc as it is, and rustc rejects the suffix. Types elsewhere (`let x: int`, an exec parameter
`n: nat`) are not reported: verus accepts exec functions over `int` (github.com/verus-lang/verus/issues/290).
"""

import re

from verusagent.lens import TokenStream
from verusagent.precheck.model import PrecheckFinding, PrecheckRule
from verusagent.precheck.regions import ExecBody
from verusagent.precheck.render import Message, Place, diagnostic

GHOST_TYPES = frozenset({"int", "nat"})
CAST_MESSAGE = (
    "The Verus types 'nat' and 'int' can only be used in ghost code (e.g., in a 'spec' or 'proof' "
    "function, inside a 'proof' block, or when assigning to a 'ghost' or 'tracked' variable)"
)
SUFFIX_HELP = "the suffix must be one of the numeric types (`u32`, `isize`, `f32`, etc.)"
_PLAIN_INTEGER = re.compile(r"(?:0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|[0-9][0-9_]*)")


def ghost_type_findings(place: Place, stream: TokenStream, bodies: list[ExecBody]) -> list[PrecheckFinding]:
    found = []
    for body in bodies:
        for i in body.indices():
            message = _cast(stream, body, i) or _suffix(stream, body, i)
            if message is not None:
                found.append(
                    PrecheckFinding(
                        rule=PrecheckRule.GHOST_TYPE_IN_EXEC,
                        diagnostic=diagnostic(place, stream.starts[i], stream.ends[i + 1], message),
                    )
                )
    return found


def _cast(stream: TokenStream, body: ExecBody, i: int) -> Message | None:
    """`as int` where the type is the bare identifier (verus's `is_probably_nat_or_int_type`)."""
    if not (stream.is_ident(i, "as") and stream.is_ident(i + 1, *GHOST_TYPES) and body.is_exec(i + 1)):
        return None
    if stream.is_punct(i + 2, "::", "<"):
        return None
    return Message(CAST_MESSAGE)


def _suffix(stream: TokenStream, body: ExecBody, i: int) -> Message | None:
    if stream.kinds[i] != "lit" or not _PLAIN_INTEGER.fullmatch(stream.texts[i]):
        return None
    if not (stream.is_ident(i + 1, *GHOST_TYPES) and stream.starts[i + 1] == stream.ends[i] and body.is_exec(i + 1)):
        return None
    return Message(f"invalid suffix `{stream.texts[i + 1]}` for number literal", helps=(SUFFIX_HELP,))
