"""A literal of one kind bound to a declared type of another: `let x: u64 = true;`, rustc's E0308 (mismatched
types), in the only form that is certain without type inference: `let NAME: TYPE = LITERAL;` where TYPE is an
integer type (Rust's or verus's `int`/`nat`) or `bool`, and the literal is a `bool`, a string, a character or a
float where an integer is declared, or a number, string or character where a `bool` is. Everything else (a
suffix, an expression, a coercion) is left to rustc."""

from bisect import bisect_left

from verusagent.lens import SourceModel, TokenStream
from verusagent.precheck.model import PrecheckFinding, PrecheckRule
from verusagent.precheck.regions import checked_functions
from verusagent.precheck.render import Message, Place, diagnostic

INTEGER_TYPES = frozenset(
    {"int", "nat", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize"}
)


def literal_findings(place: Place, model: SourceModel, stream: TokenStream) -> list[PrecheckFinding]:
    found = {}
    for function in checked_functions(model):
        first, stop = bisect_left(stream.starts, function.span.start), bisect_left(stream.starts, function.span.end)
        for i in range(first, stop):
            hit = _mismatch(stream, i)
            if hit is not None and i not in found:
                declared, literal = hit
                message = Message("mismatched types", f"expected `{declared}`, found `{literal}`", code="E0308")
                found[i] = PrecheckFinding(
                    rule=PrecheckRule.MISMATCHED_TYPES,
                    diagnostic=diagnostic(place, stream.starts[i + 5], stream.ends[i + 5], message),
                )
    return list(found.values())


def _mismatch(stream: TokenStream, i: int) -> tuple[str, str] | None:
    """At `let` of `let NAME: TYPE = LITERAL;`: (TYPE, the literal's type) when they cannot match."""
    if not (stream.is_keyword(i, "let") and stream.is_ident(i + 1) and stream.is_punct(i + 2, ":")):
        return None
    if not (stream.is_ident(i + 3) and stream.is_punct(i + 4, "=") and stream.is_punct(i + 6, ";")):
        return None
    declared, literal = stream.texts[i + 3], _literal_type(stream, i + 5)
    if literal is None or declared not in INTEGER_TYPES | {"bool"}:
        return None
    if declared == "bool":
        return (declared, literal) if literal != "bool" else None
    return (declared, literal) if literal in ("bool", "&str", "char", "float") else None


def _literal_type(stream: TokenStream, k: int) -> str | None:
    if stream.is_keyword(k, "true", "false"):
        return "bool"
    if stream.kinds[k] != "lit":
        return None
    text = stream.texts[k]
    if text.startswith('"'):
        return "&str"
    if text.startswith("'"):
        return "char"
    if text[0].isdigit():
        is_float = "." in text or ("e" in text.lower() and not text.lower().startswith("0x"))
        return "float" if is_float and not text.lower().startswith(("0x", "0b", "0o")) else "integer"
    return None
