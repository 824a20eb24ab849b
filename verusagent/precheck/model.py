"""What the pre-check reports: findings, each a diagnostic in verus's own format (the model objects verus's
output is read into), the rule that made it, and the rules that did not run on this input."""

from enum import StrEnum

from pydantic import BaseModel, Field

from verusagent.verus import Category, Diagnostic, Verdict


class PrecheckRule(StrEnum):
    PARSE_ERROR = "parse-error"  # rustc's lexer rejects the file: no verus pass runs at all
    GHOST_TYPE_IN_EXEC = "int-nat-in-exec"  # `as int`/`as nat` or a `5int` literal in exec code
    GHOST_CALL_IN_EXEC = "spec-fn-in-exec"  # a spec (or proof) fn of the file called from exec code
    UNKNOWN_FUNCTION = "unknown-function"  # a call of a name that neither the crate, vstd nor Rust's prelude has
    EXEC_CALL_IN_GHOST = "exec-fn-in-spec"  # an exec fn of the file called from spec or proof code
    UNKNOWN_METHOD = "unknown-method"  # a method vstd's Seq/Set/Map/Multiset lacks, on a parameter of that type
    MISMATCHED_TYPES = "mismatched-types"  # `let x: u64 = true;`: a literal of another kind than the declared type
    NO_TRIGGER = "no-trigger"  # a quantifier with a bound variable no term can cover: verus infers no trigger


RULE_DESCRIPTIONS: dict[PrecheckRule, str] = {
    PrecheckRule.PARSE_ERROR: "the file does not lex: an unclosed or unexpected delimiter, a character no Rust "
    "token starts with, an unterminated string or block comment",
    PrecheckRule.GHOST_TYPE_IN_EXEC: "the Verus types `int`/`nat` used in exec code (a cast, a literal suffix)",
    PrecheckRule.GHOST_CALL_IN_EXEC: "a spec or proof function of the file called from exec code",
    PrecheckRule.UNKNOWN_FUNCTION: "a call of a function that exists neither in the crate nor in vstd",
    PrecheckRule.EXEC_CALL_IN_GHOST: "an exec function of the file called from spec or proof code",
    PrecheckRule.UNKNOWN_METHOD: "a method that vstd's Seq, Set, Map or Multiset does not have",
    PrecheckRule.MISMATCHED_TYPES: "a literal bound to a declared type it cannot have (`let x: u64 = true;`)",
    PrecheckRule.NO_TRIGGER: "a quantifier verus can choose no trigger for: a bound variable only in arithmetic",
}


# What verus's own passes (modes, triggers) reject, after rustc's parse and name resolution have passed.
VERUS_LEVEL = frozenset({PrecheckRule.GHOST_CALL_IN_EXEC, PrecheckRule.EXEC_CALL_IN_GHOST, PrecheckRule.NO_TRIGGER})


class PrecheckFinding(BaseModel):
    rule: PrecheckRule
    diagnostic: Diagnostic  # as verus would report it: message, level, code, spans, rendered text


class PrecheckReport(BaseModel):
    findings: list[PrecheckFinding] = Field(default_factory=list)
    rules_off: dict[str, str] = Field(default_factory=dict)  # a rule that did not run, and why
    duration_s: float = 0.0

    @property
    def clean(self) -> bool:
        return not self.findings

    def diagnostics(self) -> list[Diagnostic]:
        return [f.diagnostic for f in self.findings]

    def verdict(self) -> Verdict | None:
        """The verdict verus would give: rustc's errors stop it before its own passes (did not compile); mode
        errors alone are a front-end rejection. None when nothing was found."""
        if self.clean:
            return None
        rustc_level = any(f.rule not in VERUS_LEVEL for f in self.findings)
        return Verdict.DID_NOT_COMPILE if rustc_level else Verdict.FRONTEND_REJECTED

    def rendered(self) -> str:
        """The findings as verus prints them (rustc's human format), one block each."""
        return "\n".join(d.rendered or d.message for d in self.diagnostics())

    def summary(self) -> list[dict]:
        """One line of data per finding, for the run record."""
        return [_finding_record(f) for f in self.findings]


def _finding_record(finding: PrecheckFinding) -> dict:
    d = finding.diagnostic
    where = d.location
    return {
        "rule": str(finding.rule),
        "message": d.message,
        "code": d.code,
        "file": where.file if where else None,
        "line": where.line if where else None,
        "col": where.col if where else None,
        "unit": d.unit_id,
        "category": str(Category(d.category)),
    }
