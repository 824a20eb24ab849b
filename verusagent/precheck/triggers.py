"""A quantifier verus can find no trigger for: a bound variable that no function application, index, field access
or method call of the body mentions.

verus chooses triggers itself where none is written (rust_verify's automatic trigger selection; the guide's
multitriggers.md): a trigger is a set of such terms that together mention every bound variable, and arithmetic,
comparisons and casts are never part of one. A variable that appears only in arithmetic and comparisons
(`forall|i: int| 0 <= i < n ==> i * 2 >= i`) can be in no trigger, so verus stops with the message below, before
any verification. That is the certain case and the only one reported: what verus refuses for other reasons (a
matching loop, `s[i]` beside `s[i + 1]`) is left to it.

Silent wherever the reading is not certain: a trigger written (`#[trigger]`, `#![trigger ..]`, `#![auto]`), a
binder that is a pattern, a nested quantifier, a closure, `let` or `match` in the body, a body whose end is not
clear (a block at its level outside a clause), a variable the body never mentions.
"""

from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from verusagent.lens import Function, SourceModel, TokenStream
from verusagent.lens.keywords import QUANTIFIERS
from verusagent.precheck.model import PrecheckFinding, PrecheckRule
from verusagent.precheck.regions import checked_functions
from verusagent.precheck.render import Message, Place, diagnostic

MESSAGE = (
    "Could not automatically infer triggers for this quantifier.  Use #[trigger] annotations to manually mark "
    "trigger terms instead."
)
_ENDS = frozenset({",", ";"})
_UNSURE_WORDS = frozenset({"let", "match", "trigger", "auto", *QUANTIFIERS})
_TERM_AFTER = frozenset({".", "@", "[", "("})  # `v.f`, `v@`, `v[..]`, `v(..)`: v is inside a term
_CALLEE_END = ("ident", ">", ")", "]", "!")  # what precedes the `(` of a call (or of a macro's group)
_ARITHMETIC = ("+", "-", "*", "/", "%")
INTEGER_TYPES = frozenset(
    {"int", "nat", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize"}
)


@dataclass(frozen=True)
class Quantifier:
    keyword: int  # token index of `forall`/`exists`/`choose`
    names: tuple[str, ...]
    first: int  # the body's first token
    last: int  # its last


def trigger_findings(place: Place, model: SourceModel, stream: TokenStream) -> list[PrecheckFinding]:
    limits = _clause_limits(model)
    found, seen = [], set()
    for function in checked_functions(model):
        for i in _keywords(stream, function):
            if i in seen:  # a function nested in another: its quantifiers are the outer one's too
                continue
            seen.add(i)
            quantifier = _read(stream, i, _limit(stream, limits, i, function))
            if quantifier is not None and _uncovered(stream, quantifier):
                span = diagnostic(place, stream.starts[i], stream.ends[quantifier.last], Message(MESSAGE))
                found.append(PrecheckFinding(rule=PrecheckRule.NO_TRIGGER, diagnostic=span))
    return found


def _keywords(stream: TokenStream, function: Function) -> list[int]:
    first = bisect_left(stream.starts, function.span.start)
    stop = bisect_left(stream.starts, function.span.end)
    return [i for i in range(first, stop) if stream.is_keyword(i, *QUANTIFIERS) and stream.is_punct(i + 1, "|")]


def _clause_limits(model: SourceModel) -> list[tuple[int, int]]:
    """The byte ranges of clause expressions (a function's and a loop's): a quantifier there ends with them."""
    clauses = [c for f in model.functions for c in f.clauses] + [c for loop in model.loops for c in loop.clauses]
    return sorted((e.span.start, e.span.end) for c in clauses for e in c.exprs)


def _limit(stream: TokenStream, limits: list[tuple[int, int]], i: int, function: Function) -> tuple[int, bool]:
    """The last token the body may reach, and whether that end is a clause expression's (then certain)."""
    start = stream.starts[i]
    inside = [(a, b) for a, b in limits[: bisect_right(limits, (start, 1 << 62))] if a <= start < b]
    end = min(inside, key=lambda r: r[1] - r[0])[1] if inside else function.span.end
    return bisect_left(stream.starts, end) - 1, bool(inside)


def _read(stream: TokenStream, i: int, limit: tuple[int, bool]) -> Quantifier | None:
    binders = _binders(stream, i + 2)
    if binders is None:
        return None
    names, close = binders
    last = _body_end(stream, close + 1, *limit)
    if not names or last is None or last <= close or stream.is_punct(close + 1, "#") or _by_prover(stream, last):
        return None
    return Quantifier(keyword=i, names=names, first=close + 1, last=last)


def _binders(stream: TokenStream, j: int) -> tuple[tuple[str, ...], int] | None:
    """`x: int, y: nat|` from token j: the names bound with an integer type (arithmetic on a Seq or a Set is a
    function, a trigger) and the closing `|`; None for a pattern, a name without its type, an unreadable list."""
    names: list[str] = []
    while True:
        if not stream.is_ident(j) or stream.text(j) in ("mut", "ref") or not stream.is_punct(j + 1, ":"):
            return None
        end = _type_end(stream, j + 2)
        if end is None:
            return None
        if end == j + 3 and stream.text(j + 2) in INTEGER_TYPES:
            names.append(stream.texts[j])
        if stream.is_punct(end, "|"):
            return tuple(names), end
        j = end + 1


def _type_end(stream: TokenStream, j: int) -> int | None:
    """The `,` or `|` that ends the type starting at token j (generics may hold commas)."""
    angle = 0
    while j < len(stream):
        text = stream.texts[j]
        if stream.kinds[j] == "punct":
            if text in ("|", ",") and angle == 0:
                return j
            if text in ("(", "[", "{", "||"):
                return None
            angle += {"<": 1, ">": -1, "<<": 2, ">>": -2}.get(text, 0)
        j += 1
    return None


def _by_prover(stream: TokenStream, last: int) -> bool:
    """`assert(forall|..| ..) by (bit_vector)` and the like: a prover that does not instantiate by triggers."""
    j = last + 1
    while stream.is_punct(j, ")"):
        j += 1
    return stream.is_keyword(j, "by") and stream.is_punct(j + 1, "(")


def _body_end(stream: TokenStream, first: int, limit: int, in_clause: bool) -> int | None:
    """The body's last token: before a `,`/`;`/`by` at its level or the closer of the group around it; None where
    a block at its level makes the end unclear outside a clause."""
    j = first
    while j <= limit:
        text = stream.texts[j]
        if stream.kinds[j] == "punct":
            if text in _ENDS or text in (")", "]", "}"):
                return j - 1
            if text == "{" and not in_clause:
                return None
            if text in ("(", "[", "{"):
                j = stream.close_of(j)
        elif stream.is_keyword(j, "by"):
            return j - 1
        j += 1
    return limit


def _uncovered(stream: TokenStream, quantifier: Quantifier) -> bool:
    """Whether some bound variable is mentioned, but in no term verus may trigger on: outside every term, or in
    a term only under arithmetic (`s[i + 1]`), or (one variable) only as `s[i]` beside `s[i ± k]`, the matching
    loop verus refuses."""
    if any(_unsure(stream, j) for j in range(quantifier.first, quantifier.last + 1)):
        return False
    uses = _uses(stream, quantifier)
    for name in quantifier.names:
        kinds = [kind for kind, _ in uses.get(name, [])]
        if kinds and "term" not in kinds and "index" not in kinds:
            return True
    return len(quantifier.names) == 1 and _matching_loop(uses.get(quantifier.names[0], []))


def _uses(stream: TokenStream, quantifier: Quantifier) -> dict[str, list[tuple[str, str]]]:
    """Each bound variable's mentions: (kind, index base), kind one of free (in no term), arithmetic (in a term,
    under arithmetic), index (`base[v]`), term (any other term)."""
    uses: dict[str, list[tuple[str, str]]] = {name: [] for name in quantifier.names}
    openers: list[int] = []
    for j in range(quantifier.first, quantifier.last + 1):
        text = stream.texts[j]
        if stream.kinds[j] == "punct":
            if text in ("(", "[", "{"):
                openers.append(j)
            elif text in (")", "]", "}") and openers:
                openers.pop()
        elif text in uses and _is_variable(stream, j):
            uses[text].append(_use(stream, j, openers))
    return uses


def _use(stream: TokenStream, j: int, openers: list[int]) -> tuple[str, str]:
    if not _in_term(stream, j, openers):
        return "free", ""
    base = _index_base(stream, openers[-1]) if openers and stream.texts[openers[-1]] == "[" else ""
    if _arithmetic_beside(stream, j):
        return "arithmetic", base
    plain_index = base and stream.close_of(openers[-1]) == j + 1 and openers[-1] == j - 1
    return ("index", base) if plain_index else ("term", "")


def _index_base(stream: TokenStream, opener: int) -> str:
    """`s` of `s[..]` where s is a plain name (not `x.s`, not a path): the matching-loop rule reads only those."""
    before = opener - 1
    if stream.is_ident(before) and not stream.is_punct(before - 1, ".", "::"):
        return stream.texts[before]
    return ""


def _arithmetic_beside(stream: TokenStream, j: int) -> bool:
    if stream.is_punct(j + 1, *_ARITHMETIC):
        return True
    if stream.is_punct(j - 1, "+", "-", "/", "%"):
        return True
    return stream.is_punct(j - 1, "*") and _is_operand_end(stream, j - 2)  # `a * v`, not the deref `*v`


def _is_operand_end(stream: TokenStream, k: int) -> bool:
    return stream.kinds[k] in ("ident", "lit") or stream.is_punct(k, ")", "]")


def _matching_loop(uses: list[tuple[str, str]]) -> bool:
    """The variable's only plain terms are `s[v]`, and each such `s` is also indexed with arithmetic on v."""
    kinds = {kind for kind, _ in uses}
    if "term" in kinds or "index" not in kinds:
        return False
    plain = {base for kind, base in uses if kind == "index"}
    shifted = {base for kind, base in uses if kind == "arithmetic" and base}
    return plain <= shifted


def _unsure(stream: TokenStream, j: int) -> bool:
    if stream.kinds[j] == "punct":
        return stream.texts[j] in ("|", "#", "=>")
    return stream.is_keyword(j, *_UNSURE_WORDS)


def _is_variable(stream: TokenStream, j: int) -> bool:
    """An identifier that names a bound variable here: not a field (`x.i`), a path segment or a label."""
    return not stream.is_punct(j - 1, ".", "::", "'") and not stream.is_punct(j + 1, "::", "!")


def _in_term(stream: TokenStream, j: int, openers: list[int]) -> bool:
    if stream.is_punct(j + 1, *_TERM_AFTER):
        return True
    for opener in openers:
        if stream.texts[opener] in ("[", "{"):
            return True
        before = opener - 1
        if stream.kinds[before] == "ident" and not stream.is_keyword(before, "as", "in", "return", "if", "else"):
            return True
        if stream.is_punct(before, *_CALLEE_END[1:]) and not _implication(stream, before):
            return True
    return False


def _implication(stream: TokenStream, k: int) -> bool:
    """The `>` of `==>` or `<==>` (lexed as `==` `>`): an operator before a parenthesis, not a callee's end."""
    return stream.is_punct(k, ">") and stream.is_punct(k - 1, "==", "<==") and stream.ends[k - 1] == stream.starts[k]
