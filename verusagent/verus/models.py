"""The adapter's data at its boundaries: spans, diagnostics, parsed output, run options and run results."""

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from verusagent.choices import DEFAULT_MULTIPLE_ERRORS, DEFAULT_RLIMIT, DEFAULT_TIMEOUT_S
from verusagent.verus.diagnostics import Category, DiagnosticKind, category_of


class Verdict(StrEnum):
    VERIFIED = "verified"  # a whole-crate run that verus accepted: the only acceptance verdict
    VERIFIED_PARTIAL = "verified_partial"  # a `--verify-*` run with no error: never an acceptance
    FAILED = "failed"  # verification failed (SMT errors)
    FRONTEND_REJECTED = "frontend_rejected"  # VIR/mode/well-formedness error, no SMT ran
    DID_NOT_COMPILE = "did_not_compile"  # rustc rejected the file
    TOOL_FAILURE = "tool_failure"  # panic, internal error, bad exit code, missing or broken JSON
    TIMEOUT = "timeout"  # the wall-clock limit was reached and the process group killed


class Level(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"
    HELP = "help"
    FAILURE_NOTE = "failure-note"


class ClauseRef(BaseModel):
    """The clause expression a location falls in, e.g. the 2nd `invariant` of `fn:f/loop#1`."""

    owner_id: str
    kind: str
    index: int  # 0-based position of the expression within the clause
    text: str


class SpanRef(BaseModel):
    """One span of a diagnostic. Lines and columns are 1-based, columns in characters; `end_col` is exclusive
    (as in rustc's JSON). Any position may be unknown in a text log (documentation excerpts omit them)."""

    file: str | None = None
    line: int | None = None
    col: int | None = None
    end_line: int | None = None
    end_col: int | None = None
    byte_start: int | None = None
    byte_end: int | None = None
    label: str | None = None
    is_primary: bool = False
    text: str | None = None  # the highlighted source text (its first line for a multi-line span)
    unit_id: str | None = None  # the lens unit holding the span, filled by `map_to_units`
    clause: ClauseRef | None = None  # the clause expression holding the span, filled by `map_to_units`

    def where(self) -> str:
        place = self.file or "<unknown file>"
        if self.line is not None:
            place += f":{self.line}"
            if self.col is not None:
                place += f":{self.col}"
        return place


class Diagnostic(BaseModel):
    kind: DiagnosticKind
    level: Level
    message: str
    code: str | None = None
    spans: list[SpanRef] = Field(default_factory=list)
    location: SpanRef | None = None  # the failing location, by the Verus test harness's rule
    related: list[SpanRef] = Field(default_factory=list)  # the other labelled spans: clauses behind the error
    notes: list[str] = Field(default_factory=list)
    helps: list[str] = Field(default_factory=list)
    unit_id: str | None = None  # the lens unit of the location, filled by `map_to_units`
    clause: ClauseRef | None = None  # the clause expression of the location, filled by `map_to_units`
    rendered: str | None = None  # rustc's rendering (JSON) or the block of text it was read from

    @property
    def category(self) -> Category:
        return category_of(self.kind)

    @property
    def is_error(self) -> bool:
        return self.level == Level.ERROR


class ResultsSummary(BaseModel):
    """verus's own account of the run: `verification-results` of the JSON document, or the text results line."""

    source: str  # "json" or "results-line"
    encountered_error: bool | None = None
    encountered_vir_error: bool | None = None
    success: bool | None = None
    verified: int | None = None
    errors: int | None = None
    entire_crate: bool | None = None


class ParsedOutput(BaseModel):
    verdict: Verdict | None  # None when a pasted log does not say enough to decide
    reasons: list[str] = Field(default_factory=list)
    partial: bool = False
    summary: ResultsSummary | None = None
    diagnostics: list[Diagnostic] = Field(default_factory=list)
    raw_lines: list[str] = Field(default_factory=list)  # text that is no diagnostic: panics, trees, launcher
    panics: list[str] = Field(default_factory=list)
    verus_version: str | None = None
    func_details: dict[str, Any] = Field(default_factory=dict)
    standin_detected: bool = False  # the output carries the verus stand-in's marker line

    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]


class RunOptions(BaseModel):
    model_config = ConfigDict(frozen=True)

    timeout_s: float = DEFAULT_TIMEOUT_S
    rlimit: float | str = float(DEFAULT_RLIMIT)  # a number or "infinity" (a float, as a given number is read)
    multiple_errors: int = DEFAULT_MULTIPLE_ERRORS
    verify_function: str | None = None  # one function (verus takes one per run); makes the run partial
    verify_module: str | None = None  # --verify-only-module M: with verify_function its module, alone a module run
    verify_root: bool = False  # --verify-root alone: the root module only (a partial run)
    no_cheating: bool = False  # passed only when this verus supports it
    num_threads: int | None = None  # None: the cores divided among `jobs` parallel runs
    jobs: int = 1  # how many runs share the machine (the pool sets it)
    use_cache: bool = True
    file_name: str = "candidate.rs"  # the name verus sees (diagnostics carry it)
    extra_args: tuple[str, ...] = ()

    @property
    def partial(self) -> bool:
        """Any `--verify-*` restriction: such a run is never an acceptance."""
        return bool(self.verify_function or self.verify_module or self.verify_root)


class VerusResult(BaseModel):
    verdict: Verdict
    partial: bool
    reasons: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)
    diagnostics: list[Diagnostic] = Field(default_factory=list)
    verified: int | None = None
    errors: int | None = None
    exit_code: int | None = None
    duration_s: float
    timings: dict[str, float] = Field(default_factory=dict)
    from_cache: bool = False
    verus_path: str
    verus_version: str
    is_standin: bool  # the answer came from the verus stand-in, not from verus: never present it as verus's
    content_sha256: str
    file_name: str
    flags: list[str]
    stdout: str = ""
    stderr: str = ""
    output_truncated: bool = False
    panics: list[str] = Field(default_factory=list)
    raw_lines: list[str] = Field(default_factory=list)
    func_details: dict[str, Any] = Field(default_factory=dict)

    @property
    def accepted(self) -> bool:
        """A whole-crate verus success: the only result that can accept a proof."""
        return self.verdict == Verdict.VERIFIED and not self.partial

    def errors_only(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]
