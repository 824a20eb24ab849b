"""The guard's verdict: violations with a rule id, a location in each version, a one-line reason and evidence."""

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, SerializerFunctionWrapHandler, computed_field, model_serializer

from verusagent.lens import Span


class Rule(StrEnum):
    """Stable rule ids: tools, records and SARIF refer to these strings."""

    ESCAPE_HATCH_ADDED = "escape-hatch-added"
    TERMINATION_CHECK_DISABLED = "termination-check-disabled"
    RLIMIT_UNBOUNDED = "rlimit-unbounded"
    OUTSIDE_READ_ADDED = "outside-read-added"
    SPEC_CHANGED = "spec-changed"
    ATTRIBUTE_CHANGED = "attribute-changed"
    FUNCTION_DELETED = "function-deleted"
    EXEC_CHANGED = "exec-changed"
    ITEM_CHANGED = "item-changed"
    NAME_SHADOWED = "name-shadowed"
    CANDIDATE_UNPARSABLE = "candidate-unparsable"
    GUARD_ERROR = "guard-error"
    SECTION_MOVED = "section-moved"  # a `// <spec>`-style section comment of a vericoding task removed or moved
    # Crates (verusagent.guard.crate): a proof never needs to change the module tree or the build.
    MODULE_CHANGED = "module-changed"
    FUNCTION_MOVED = "function-moved"
    BUILD_FILE_CHANGED = "build-file-changed"
    INCLUDED_FILE_CHANGED = "included-file-changed"


RULE_DESCRIPTIONS: dict[Rule, str] = {
    Rule.ESCAPE_HATCH_ADDED: "An escape hatch (assume, admit, external_body, axiom fn, assume_specification, ...) was "
    "added.",
    Rule.TERMINATION_CHECK_DISABLED: "exec_allows_no_decreases_clause was added: termination checking turned off.",
    Rule.RLIMIT_UNBOUNDED: "rlimit(infinity) was added where the original had no unbounded solver limit.",
    Rule.OUTSIDE_READ_ADDED: "A compile-time read outside the file was added (include!, env!, #[path], mod x;, ...).",
    Rule.SPEC_CHANGED: "A requires/ensures/recommends/decreases clause, a signature or a spec fn body changed.",
    Rule.ATTRIBUTE_CHANGED: "An attribute of an existing function that can change the problem was added or removed.",
    Rule.FUNCTION_DELETED: "A function of the original is missing from the candidate (deleted or renamed).",
    Rule.EXEC_CHANGED: "Executable code changed (compared after erasing ghost code), or exec code was added.",
    Rule.ITEM_CHANGED: "Code outside functions (structs, consts, macros, ...) was changed or added.",
    Rule.NAME_SHADOWED: "A new item or import shadows a name that the original's code refers to.",
    Rule.CANDIDATE_UNPARSABLE: "The candidate has syntax problems that the original did not have.",
    Rule.GUARD_ERROR: "The guard could not finish its comparison (it fails closed).",
    Rule.SECTION_MOVED: "A section comment (`// <preamble>`, `// <spec>`, `// <code>`, ...) was removed or moved.",
    Rule.MODULE_CHANGED: "A module of the crate was added, deleted or renamed (a `mod` line or a module file).",
    Rule.FUNCTION_MOVED: "A function was moved to another file of the crate.",
    Rule.BUILD_FILE_CHANGED: "Cargo.toml, build.rs, .cargo/config.toml or a toolchain file was changed.",
    Rule.INCLUDED_FILE_CHANGED: "A file the crate reads at compile time (include!, include_str!, include_bytes!) was "
    "changed, added or removed, or an include cannot be followed.",
}


class Severity(StrEnum):
    ERROR = "error"  # a cheat, or something the guard cannot vouch for: the candidate is rejected
    WARNING = "warning"  # a violation of a rule that the policy relaxed: reported, not blocking


class Evidence(BaseModel):
    original: str  # the snippet of the original ("" when there is nothing to show, e.g. an added hatch)
    candidate: str  # the snippet of the candidate ("" for a deleted function)


class Violation(BaseModel):
    rule: Rule
    severity: Severity = Severity.ERROR
    function: str | None  # the unit id, e.g. "fn:binary_search"; None at item level
    candidate: Span | None  # where in each version: the lens's byte offsets and 1-based line and column
    original: Span | None
    reason: str  # one line, concrete enough for a model to act on
    evidence: Evidence
    file: str | None = None  # in a crate: the file, relative to the crate folder (None for a single file)

    @model_serializer(mode="wrap")
    def _without_absent_file(self, handler: SerializerFunctionWrapHandler) -> Any:
        """A single file's violations serialise as before crates: no `file` key when there is no file."""
        data = handler(self)
        if isinstance(data, dict) and data.get("file") is None:
            data.pop("file", None)
        return data

    def headline(self) -> str:
        where = f"{self.candidate.line}:{self.candidate.col}" if self.candidate else "-"
        return f"{self.severity}[{self.rule}] {where} {self.reason}"


class GuardReport(BaseModel):
    violations: list[Violation]
    functions_compared: int = 0

    @computed_field  # type: ignore[prop-decorator]
    @property
    def clean(self) -> bool:
        """True when no violation blocks the candidate (relaxed rules only give warnings)."""
        return not any(v.severity == Severity.ERROR for v in self.violations)

    def errors(self) -> list[Violation]:
        return [v for v in self.violations if v.severity == Severity.ERROR]

    def counts(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for violation in self.errors():
            counts[violation.rule] = counts.get(violation.rule, 0) + 1
        return counts
