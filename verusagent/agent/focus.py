"""Focused screening for large files: verus on the functions a candidate changed, and on those its parent
failed in, instead of on the whole file, when the measured verus seconds say that is cheaper.

Why this is sound for screening: verus checks each function against the specs of the others, and the guard
bars changes to specs, so an unchanged function that verified in the parent verifies again. A change outside
functions (a `broadcast use`, a type, an attribute between items) or a parent whose result does not say which
functions fail means a whole-file run. A focused result is partial: it never accepts. A candidate it passes goes
to the whole-file acceptance run, which decides.

verus takes one `--verify-function F` per run, beside exactly one `--verify-root` or `--verify-only-module M`;
several functions are several runs, or one module-level run when they share a module. The cost model: the mean
of this task's measured runs of each kind (whole file, one function, one module), with priors until measured.
"""

from collections.abc import Callable
from statistics import fmean
from typing import Literal

from pydantic import BaseModel, Field

from verusagent.agent.config import FocusMode
from verusagent.lens import Function, SourceModel, parse_shared
from verusagent.lens.model import function_unit
from verusagent.verus import Verdict, VerusResult

FUNCTION_RUN_PRIOR = 0.6  # a one-function run still pays the whole front end (parsing, type and mode checks)
_KNOWN_FAILURES = frozenset({Verdict.VERIFIED, Verdict.VERIFIED_PARTIAL, Verdict.FAILED})

ScreeningKind = Literal["whole", "functions", "module"]
_KINDS: tuple[ScreeningKind, ...] = ("whole", "functions", "module")


class FocusSettings(BaseModel):
    mode: FocusMode = FocusMode.AUTO
    min_lines: int = 400  # auto: smaller files are always verified whole


class FocusTarget(BaseModel):
    unit_id: str
    pattern: str  # the `--verify-function` argument: the name relative to its module
    module: str  # "" for the root module (`--verify-root`)


class ScreeningPlan(BaseModel):
    kind: ScreeningKind
    targets: list[FocusTarget] = Field(default_factory=list)
    reason: str
    estimate_s: dict[str, float] = Field(default_factory=dict)

    def scopes(self) -> list[dict]:
        """RunOptions updates, one per verus run of this plan."""
        if self.kind == "functions":
            return [{"verify_function": t.pattern, "verify_module": t.module or None} for t in self.targets]
        if self.kind == "module":
            module = self.targets[0].module
            return [{"verify_module": module} if module else {"verify_root": True}]
        return [{}]


class CostBook:
    """Measured verus seconds of fresh runs on this task, by kind of run; patterns verus did not take."""

    def __init__(self) -> None:
        self.whole: list[float] = []
        self.function: list[float] = []
        self.module: dict[str, list[float]] = {}
        self.unfocusable: set[str] = set()

    def observe(self, flags: list[str], duration_s: float, verdict: str, from_cache: bool) -> None:
        """One run (a result, or a recorded `verus_run` event on resume); cached and failed tools don't count."""
        if from_cache or verdict in (Verdict.TIMEOUT, Verdict.TOOL_FAILURE):
            return
        if "--verify-function" in flags:
            self.function.append(duration_s)
        elif "--verify-only-module" in flags:
            self.module.setdefault(flags[flags.index("--verify-only-module") + 1], []).append(duration_s)
        elif "--verify-root" in flags:
            self.module.setdefault("", []).append(duration_s)
        else:
            self.whole.append(duration_s)

    def mean_seconds(self) -> float | None:
        """The mean measured seconds of a verus run on this task, of any kind; None before any run."""
        runs = [*self.whole, *self.function, *(s for seconds in self.module.values() for s in seconds)]
        return fmean(runs) if runs else None

    def estimates(self, targets: list[FocusTarget]) -> dict[str, float]:
        whole = fmean(self.whole)
        estimate = {
            "whole": whole,
            "functions": len(targets) * (fmean(self.function) if self.function else FUNCTION_RUN_PRIOR * whole),
        }
        modules = {t.module for t in targets}
        if len(modules) == 1:
            measured = self.module.get(next(iter(modules)))
            estimate["module"] = fmean(measured) if measured else whole
        return estimate


Models = Callable[[str], dict[str, SourceModel]]  # a candidate text -> each file's model (one, for a single file)


def _one_file(text: str) -> dict[str, SourceModel]:
    return {"": parse_shared(text)[0]}


def plan_screening(
    text: str, parent: "ParentView | None", costs: CostBook, settings: FocusSettings, models: Models = _one_file
) -> ScreeningPlan:
    if settings.mode == FocusMode.OFF:
        return ScreeningPlan(kind="whole", reason="focused screening is off")
    if settings.mode == FocusMode.AUTO and text.count("\n") < settings.min_lines:
        return ScreeningPlan(kind="whole", reason=f"a small file (under {settings.min_lines} lines)")
    if not costs.whole:
        return ScreeningPlan(kind="whole", reason="no whole-file run of this task measured yet")
    targets = focus_targets(text, parent, costs, models)
    if isinstance(targets, str):
        return ScreeningPlan(kind="whole", reason=targets)
    return _cheapest(targets, costs.estimates(targets), settings)


def _cheapest(targets: list[FocusTarget], estimate: dict[str, float], settings: FocusSettings) -> ScreeningPlan:
    allowed = [k for k in _KINDS if k in estimate and not (settings.mode == FocusMode.ON and k == "whole")]
    kind = min(allowed, key=lambda k: (estimate[k], k != "whole"))
    figures = ", ".join(f"{k} {v:.1f} s" for k, v in sorted(estimate.items()))
    return ScreeningPlan(
        kind=kind,
        targets=targets if kind != "whole" else [],
        estimate_s=estimate,
        reason=f"{len(targets)} functions to check; estimated verus seconds: {figures}",
    )


class ParentView(BaseModel):
    """What focusing needs of the parent: its text and its verus result."""

    text: str
    result: VerusResult | None


def focus_targets(
    text: str, parent: ParentView | None, costs: CostBook, models: Models = _one_file
) -> list[FocusTarget] | str:
    """The functions to verify, or why the whole file must be verified. In a crate, every file's functions
    (their ids and modules are the crate's: `fn:net::send` in module `net`)."""
    if parent is None or parent.result is None or parent.result.verdict not in _KNOWN_FAILURES:
        return "the parent's verus result does not say which functions fail"
    mine, theirs = models(text), models(parent.text)
    if {p: _outside_functions(m) for p, m in mine.items()} != {p: _outside_functions(m) for p, m in theirs.items()}:
        return "the candidate changes text outside functions"
    failing = _failing_ids(parent.result)
    if failing is None:
        return "an error of the parent lies outside any function"
    wanted = set().union(*(_changed_ids(mine[p], theirs[p]) for p in mine)) | failing
    functions = {f.id: f for model in mine.values() for f in _outermost(model.functions)}
    if not wanted or not wanted <= functions.keys():
        return "a failing function of the parent is not a function of the candidate"
    in_machines = sorted(unit for unit in wanted if (functions[unit].macro_unit or "").startswith("sm:"))
    if in_machines:  # verus names them by the macro's expansion, not as the lens does
        return f"{', '.join(in_machines)}: a state machine's functions are verified with the whole file"
    blocked = sorted(wanted & costs.unfocusable)
    if blocked:
        return f"verus did not take a focused run of {', '.join(blocked)} before"
    return [target_of(functions[unit]) for unit in sorted(wanted)]


def target_of(function: Function) -> FocusTarget:
    prefix = f"{function.module}::" if function.module else ""
    relative = function.qualified[len(prefix) :] if function.qualified.startswith(prefix) else function.qualified
    return FocusTarget(unit_id=function.id, pattern=relative, module=function.module)


def _outermost(functions: list[Function]) -> list[Function]:
    """The functions no other function holds, in their order: one sweep by start (a large file has hundreds)."""
    inner, reach = set(), -1
    for function in sorted(functions, key=lambda f: (f.span.start, -f.span.end)):
        if function.span.end <= reach:
            inner.add(id(function))
        reach = max(reach, function.span.end)
    return [f for f in functions if id(f) not in inner]


def _outside_functions(model: SourceModel) -> bytes:
    """The file without its functions, white space dropped: what a proof must not change."""
    data, pieces, cursor = model.data, [], 0
    for function in sorted(_outermost(model.functions), key=lambda f: f.span.start):
        pieces.append(data[cursor : function.span.start])
        cursor = function.span.end
    pieces.append(data[cursor:])
    return b"".join(b"".join(piece.split()) for piece in pieces)


def _changed_ids(mine: SourceModel, theirs: SourceModel) -> set[str]:
    before = {f.id: theirs.slice(f.span) for f in _outermost(theirs.functions)}
    return {f.id for f in _outermost(mine.functions) if before.get(f.id) != mine.slice(f.span)}


def _failing_ids(result: VerusResult) -> set[str] | None:
    units = [d.unit_id for d in result.errors_only()]
    known = [unit for unit in units if unit is not None]
    if len(known) < len(units):
        return None
    return {function_unit(unit) for unit in known}


def is_scope_failure(result: VerusResult) -> bool:
    """verus refused the focused run itself (an unknown or ambiguous `--verify-function` name, a flag)."""
    if result.verdict in _KNOWN_FAILURES or result.verdict == Verdict.TIMEOUT:
        return False
    texts = [*result.reasons, *(d.message for d in result.diagnostics), *result.raw_lines, result.stderr[-4000:]]
    return any("--verify-function" in t or "--verify-only-module" in t for t in texts)


def combine(results: list[VerusResult], plan: ScreeningPlan) -> VerusResult:
    """One screening result from the focused runs of a plan: partial, never an acceptance."""
    worst = min(results, key=_verdict_order)
    verdict = worst.verdict if worst.verdict != Verdict.VERIFIED else Verdict.VERIFIED_PARTIAL
    names = ", ".join(t.pattern for t in plan.targets)
    return worst.model_copy(
        update={
            "verdict": verdict,
            "partial": True,
            "reasons": [
                f"focused screening ({plan.kind}: {names}; {len(results)} verus runs): not an acceptance",
                *[r for result in results for r in result.reasons],
            ],
            "diagnostics": [d for result in results for d in result.diagnostics],
            "verified": sum(r.verified or 0 for r in results),
            "errors": sum(r.errors or 0 for r in results),
            "duration_s": sum(r.duration_s for r in results),
            "from_cache": all(r.from_cache for r in results),
            "flags": [flag for result in results for flag in result.flags],
        }
    )


_ORDER = [
    Verdict.TOOL_FAILURE,
    Verdict.TIMEOUT,
    Verdict.DID_NOT_COMPILE,
    Verdict.FRONTEND_REJECTED,
    Verdict.FAILED,
    Verdict.VERIFIED_PARTIAL,
    Verdict.VERIFIED,
]


def _verdict_order(result: VerusResult) -> int:
    return _ORDER.index(result.verdict)
