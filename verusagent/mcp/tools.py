"""The server's tools as plain functions over a Workbench (the tree, the verus and vstd it uses), each returning a
pydantic result (verusagent.mcp.results); the MCP layer (verusagent.mcp.server) only wires them up. None of
them writes the tree. Only `accept` (verusagent.mcp.accept) can say verified."""

from dataclasses import dataclass, field
from pathlib import Path

from verusagent.choices import DEFAULT_LEMMA_LIMIT, DEFAULT_RUNS_DIR
from verusagent.context import slice_parsed
from verusagent.crate.layout import CrateError
from verusagent.crate.model import CrateModel
from verusagent.crate.units import map_crate_units
from verusagent.crate.workspace import crate_name, crate_sources
from verusagent.guard import GuardPolicy, GuardReport, guard
from verusagent.guard.crate import CrateSnapshot, guard_crate
from verusagent.lemmas import LemmaSearch, VstdNotFound, VstdSource, find_vstd, load_index
from verusagent.lens import parse_shared, parse_with_tokens
from verusagent.mcp.results import (
    STANDIN_NOTE,
    CheckResult,
    ContextResult,
    FunctionDiagnostics,
    LemmaResult,
    PrecheckResult,
    ReportedViolation,
    Unit,
    VerifyResult,
    VerusMessage,
)
from verusagent.mcp.tree import Snapshot, ToolError, Tree
from verusagent.precheck import PrecheckContext, PrecheckReport, crate_of, precheck_parsed, vstd_methods, vstd_names
from verusagent.verus import (
    Diagnostic,
    RunOptions,
    VerusInstall,
    VerusNotFound,
    VerusResult,
    VerusUnusable,
    find_verus,
    parse_log,
    run_verus,
)
from verusagent.verus.cargo import find_cargo_verus, identity
from verusagent.verus.sources import CrateSources, tree_digest


@dataclass
class Workbench:
    tree: Tree
    verus: str | None = None  # --verus; else $VERUS_PATH, else PATH (looked up when a tool first needs it)
    vstd_path: Path | None = None  # --vstd; else beside verus, else cargo's registry
    run_options: RunOptions = field(default_factory=RunOptions)  # --timeout...: VerusOptions.run_options()
    runs_dir: Path = DEFAULT_RUNS_DIR
    last_run: Path | None = None  # the run folder of the last `accept`
    _install: VerusInstall | None = field(default=None, repr=False)
    _vstd: VstdSource | None = field(default=None, repr=False)

    def install(self) -> VerusInstall:
        if self._install is None:
            try:
                self._install = find_verus(self.verus)
            except (VerusNotFound, VerusUnusable) as error:
                raise ToolError(f"no usable verus: {error}") from error
        return self._install

    def vstd(self) -> VstdSource:
        if self._vstd is None:
            try:
                self._vstd = find_vstd(self.vstd_path, self.verus)
            except VstdNotFound as error:
                raise ToolError(str(error)) from error
        return self._vstd


# ---------------------------------------------------------------------------------------------------- the guard


def check(bench: Workbench) -> CheckResult:
    """The guard of the tree as it is now against the original snapshot."""
    return check_result(guard_snapshot(bench.tree, bench.tree.snapshot()))


def guard_snapshot(tree: Tree, now: Snapshot) -> GuardReport:
    if tree.single_file:  # verus compiles the one file as the crate root
        return guard(tree.original.text, now.text, GuardPolicy(), module="")
    before = CrateSnapshot(layout=tree.original.layout, sources=tree.original.files)
    return guard_crate(before, CrateSnapshot(layout=now.layout, sources=now.files), GuardPolicy()).merged()


def check_result(report: GuardReport) -> CheckResult:
    violations = [
        ReportedViolation(
            rule=str(v.rule),
            file=v.file,
            line=v.candidate.line if v.candidate is not None else None,
            function=v.function,
            message=v.reason,
        )
        for v in report.violations
    ]
    return CheckResult(clean=report.clean, violations=violations)


# ---------------------------------------------------------------------------------------------------- verus


def verify(bench: Workbench, function: str | None = None) -> VerifyResult:
    """verus on the tree as it is now: whole, or focused on one function (a partial answer)."""
    now = bench.tree.snapshot()
    model = now.model()
    scope = function_scope(model, function) if function else {}
    result = run_on(bench, now, bench.run_options.model_copy(update=scope))
    return verify_result(result, map_crate_units(result.diagnostics, model.models, result.file_name))


def run_on(bench: Workbench, now: Snapshot, options: RunOptions) -> VerusResult:
    install = bench.install()
    if now.single_file:
        return run_verus(
            install, now.files[now.layout.root], options=options.model_copy(update={"file_name": now.layout.root})
        )
    return run_verus(install, _crate_sources(install, now), options=options)


def _crate_sources(install: VerusInstall, now: Snapshot) -> CrateSources:
    layout = now.layout
    cargo = find_cargo_verus(install.path) if layout.manifest else None
    digest = tree_digest(layout.tree) if layout.tree is not None else ""
    return crate_sources(layout, now.files, digest, cargo, identity(cargo) if cargo else "")


def function_scope(model: CrateModel, function: str) -> dict[str, str | None]:
    try:
        return model.verify_scope(function)
    except CrateError as error:
        raise ToolError(str(error)) from error


def verify_result(result: VerusResult, diagnostics: list[Diagnostic]) -> VerifyResult:
    return VerifyResult(
        verdict=str(result.verdict),
        verified=result.verified,
        errors=result.errors,
        standin=result.is_standin,
        partial=result.partial,
        reasons=result.reasons,
        groups=grouped(diagnostics),
        note=STANDIN_NOTE if result.is_standin else "",
    )


def grouped(diagnostics: list[Diagnostic]) -> list[FunctionDiagnostics]:
    groups: dict[tuple[str | None, str], list[VerusMessage]] = {}
    for d in diagnostics:
        where = d.location
        file = where.file if where is not None else None
        function = (d.unit_id or "(outside functions)").split("/")[0]
        message = VerusMessage(
            file=file, line=where.line if where else None, level=str(d.level), text=d.message, unit=d.unit_id
        )
        groups.setdefault((file, function), []).append(message)
    return [FunctionDiagnostics(file=f, function=u, messages=m) for (f, u), m in groups.items()]


def diagnose(text: str) -> VerifyResult:
    """A saved verus output read without verus (diagnostics unplaced in functions: the source is not known)."""
    parsed = parse_log(text)
    return VerifyResult(
        verdict=str(parsed.verdict),
        verified=parsed.summary.verified if parsed.summary else None,
        errors=parsed.summary.errors if parsed.summary else None,
        standin=parsed.standin_detected,
        partial=parsed.partial,
        reasons=parsed.reasons,
        groups=grouped(parsed.diagnostics),
        note=STANDIN_NOTE if parsed.standin_detected else "",
    )


# ---------------------------------------------------------------------------------------------------- the source


def precheck(bench: Workbench, path: str | None = None) -> PrecheckResult:
    """The static pre-check of the tree as it is now (the whole crate: names resolve across its files); `path`
    keeps the findings of that file."""
    wanted = bench.tree.resolve(path) if path else None
    report = precheck_snapshot(bench, bench.tree.snapshot())
    if wanted is not None:
        report = report.model_copy(update={"findings": [f for f in report.findings if _file_of(f) == wanted]})
    return precheck_result(report)


def precheck_snapshot(bench: Workbench, now: Snapshot) -> PrecheckReport:
    parsed = {f.path: parse_shared(now.files[f.path], module=f.module) for f in now.layout.files}
    try:
        source = bench.vstd()
        names, methods, problem = vstd_names(source), vstd_methods(source), ""
    except ToolError as error:
        names, methods, problem = None, None, f"no vstd source ({error})"
    name = crate_of(now.layout.root) if now.single_file else crate_name(now.layout)
    context = PrecheckContext(crate_name=name, vstd_names=names, vstd_methods=methods, vstd_problem=problem)
    return precheck_parsed(parsed, context)


def _file_of(finding: object) -> str | None:
    location = getattr(getattr(finding, "diagnostic", None), "location", None)
    return location.file if location is not None else None


def precheck_result(report: PrecheckReport) -> PrecheckResult:
    return PrecheckResult(
        clean=report.clean,
        findings=report.summary(),
        rendered=report.rendered() if report.findings else "",
        rules_off=report.rules_off,
    )


def units(bench: Workbench, path: str | None = None) -> list[Unit]:
    """The functions of the tree (or of one file) with their loops and calls, by the ids the other tools use."""
    now = bench.tree.snapshot()
    wanted = bench.tree.resolve(path) if path else None
    model = now.model()
    return [
        Unit(
            id=f.id,
            file=file,
            mode=str(f.mode),
            line=f.span.line,
            loops=[loop.id for loop in source.loops_of(f.id)],
            calls=[call.id for call in source.calls_of(f.id)],
        )
        for file, source in model.models.items()
        if wanted in (None, file)
        for f in source.functions
    ]


def lemmas(bench: Workbench, query: str, limit: int = DEFAULT_LEMMA_LIMIT) -> list[LemmaResult]:
    """vstd lemmas ranked for the words of `query` (--vstd, else the vstd beside verus)."""
    if not 1 <= limit <= 100:
        raise ToolError(f"limit must be between 1 and 100, not {limit}")
    index, _ = load_index(bench.vstd())
    hits = LemmaSearch(index.lemmas).search(query, limit)
    return [LemmaResult(path=h.lemma.path, signature=h.lemma.signature, score=round(h.score, 4)) for h in hits]


def context(bench: Workbench, function: str) -> ContextResult:
    """The slice of the function's file a prompt about it would show: the function whole, what it needs."""
    now = bench.tree.snapshot()
    model = now.model()
    try:
        file, found = model.resolve(function)
    except CrateError as error:
        raise ToolError(str(error)) from error
    text = now.texts[file]
    sliced = slice_parsed(text, *parse_with_tokens(text, module=now.layout.module_of(file) or ""), [found.id])
    return ContextResult(file=file, source=sliced.text, targets=sliced.targets)
