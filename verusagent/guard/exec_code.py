"""Exec bodies of existing functions (`fn main` included), compared after erasing ghost code; spec fn bodies, as
tokens."""

from verusagent.guard.erase import exec_pair
from verusagent.guard.evidence import function_violation, hunk_violation
from verusagent.guard.policy import GuardPolicy
from verusagent.guard.report import Rule, Violation
from verusagent.guard.source import Source
from verusagent.guard.tokens import canonical, differences, drop_triggers
from verusagent.lens import Function, Mode, Token

SPEC_MODES = frozenset({Mode.SPEC, Mode.SPEC_CHECKED})


def exec_violations(pair: tuple[Source, Source], f: Function, g: Function, policy: GuardPolicy) -> list[Violation]:
    if f.mode != Mode.EXEC or g.mode != Mode.EXEC or policy.exec_editable(f.id, f.name):
        return []  # a mode change is reported with the signature
    if (f.body is None) != (g.body is None):
        return [_body_presence(pair, f, g, "exec fn")]
    a, b = exec_pair(pair, f, g)
    return _first_hunk(pair, f, (a, b), Rule.EXEC_CHANGED, f"exec code of `{f.qualified}`")


def spec_body_violations(pair: tuple[Source, Source], f: Function, g: Function) -> list[Violation]:
    if f.mode not in SPEC_MODES or g.mode not in SPEC_MODES:
        return []
    if (f.body is None) != (g.body is None):
        return [_body_presence(pair, f, g, "spec fn")]
    a = canonical(drop_triggers(pair[0].tokens_in(f.body)))
    b = canonical(drop_triggers(pair[1].tokens_in(g.body)))
    return _first_hunk(pair, f, (a, b), Rule.SPEC_CHANGED, f"body of spec fn `{f.qualified}`")


def _first_hunk(
    pair: tuple[Source, Source], f: Function, runs: tuple[list[Token], list[Token]], rule: Rule, what: str
) -> list[Violation]:
    """One violation per function: its first difference, and how many more there are."""
    hunks = differences(*runs)
    if not hunks:
        return []
    more = f" (+{len(hunks) - 1} more difference{'s' if len(hunks) > 2 else ''})" if len(hunks) > 1 else ""
    return [hunk_violation(rule, f.id, pair, runs, hunks[0], what, more)]


def _body_presence(pair: tuple[Source, Source], f: Function, g: Function, kind: str) -> Violation:
    change = "removed (it became bodiless)" if g.body is None else "added where the original had none"
    rule = Rule.SPEC_CHANGED if kind == "spec fn" else Rule.EXEC_CHANGED
    return function_violation(rule, pair, (f, g), f"body of {kind} `{f.qualified}` {change}")
