"""What the server's tools return: pydantic models, so that each tool's output has a JSON schema the client sees."""

from pydantic import BaseModel, Field

STANDIN_NOTE = "the verus STAND-IN for tests answered, not verus: this proves nothing"


class ReportedViolation(BaseModel):
    rule: str
    file: str | None = Field(description="the file, relative to the root's folder")
    line: int | None
    function: str | None = Field(description="the unit id, e.g. fn:binary_search; null at item level")
    message: str = Field(description="why the edit is refused and what to write instead")


class CheckResult(BaseModel):
    clean: bool = Field(description="the guard found nothing: no spec, exec code or escape hatch changed")
    violations: list[ReportedViolation]


class VerusMessage(BaseModel):
    file: str | None
    line: int | None
    level: str
    text: str
    unit: str | None = Field(description="the function, loop or call it is in (a unit id)")


class FunctionDiagnostics(BaseModel):
    file: str | None
    function: str = Field(description="a unit id (fn:name), or '(outside functions)'")
    messages: list[VerusMessage]


class VerifyResult(BaseModel):
    verdict: str = Field(description="verified, failed, frontend_rejected, did_not_compile, timeout, ...")
    verified: int | None
    errors: int | None
    standin: bool = Field(description="the verus stand-in for tests answered, not verus")
    partial: bool = Field(description="a focused run: it proves nothing about the rest of the tree")
    reasons: list[str] = Field(default_factory=list)
    groups: list[FunctionDiagnostics]
    note: str = ""


class PrecheckResult(BaseModel):
    clean: bool = Field(description="nothing found: no verdict, verus decides the rest")
    findings: list[dict[str, object]] = Field(description="rule, message, code, file, line, col, unit")
    rendered: str = Field(description="the findings in verus's own format")
    rules_off: dict[str, str] = Field(default_factory=dict)


class AcceptResult(BaseModel):
    verdict: str = Field(
        description="verified only when the guard passed and a whole verus run verified exactly these bytes"
    )
    sha256: str = Field(description="the hash of the accepted text, as the run record stores it")
    guard: CheckResult
    precheck: PrecheckResult | None = Field(description="null: the guard refused first")
    verus: VerifyResult | None = Field(description="null: the guard or the pre-check refused, verus did not run")
    run: str = Field(description="the run folder recording this acceptance (verusagent show / audit)")
    note: str = ""


class Unit(BaseModel):
    id: str
    file: str
    mode: str
    line: int
    loops: list[str]
    calls: list[str] = Field(description="call unit ids (fn:f/call#n:callee)")


class LemmaResult(BaseModel):
    path: str
    signature: str
    score: float


class ContextResult(BaseModel):
    file: str
    source: str = Field(description="what a prompt would show of the file: the function whole, what it needs")
    other_files: dict[str, str] = Field(default_factory=dict)
    targets: list[str]
