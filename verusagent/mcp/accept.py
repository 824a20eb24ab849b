"""`accept`: the acceptance as the agent loop makes it, on the client's tree. The files are read once; the guard,
the pre-check and one whole verus run (fresh, with --no-cheating where this verus has it and the original has no
escape hatch) all judge exactly those bytes, and the verdict is `verified` only when all three pass. Each call
is recorded as a run (`verusagent show`, `verusagent audit` read it)."""

from verusagent import __version__
from verusagent.agent.evaluator import verus_run_event
from verusagent.crate.units import map_crate_units
from verusagent.crate.workspace import CrateWorkspace
from verusagent.mcp.results import STANDIN_NOTE, AcceptResult
from verusagent.mcp.tools import (
    Workbench,
    check_result,
    guard_snapshot,
    precheck_result,
    precheck_snapshot,
    run_on,
    verify_result,
)
from verusagent.mcp.tree import Snapshot
from verusagent.record.events import (
    CandidateCreated,
    GuardChecked,
    Prechecked,
    ReviewReport,
    RunStarted,
    RunStopped,
    RunVerdict,
)
from verusagent.record.result import RunResult
from verusagent.record.writer import RunWriter
from verusagent.verus import VerusResult


def accept(bench: Workbench) -> AcceptResult:
    bench.install()  # no verus, no acceptance: said before anything is recorded
    now = bench.tree.snapshot()
    record = RunWriter.create(bench.runs_dir)
    bench.last_run = record.folder
    try:
        return _accept(bench, now, record)
    finally:
        record.close()


def _accept(bench: Workbench, now: Snapshot, record: RunWriter) -> AcceptResult:
    install = bench.install()
    record.emit(
        RunStarted(
            run_id=record.run_id,
            command="mcp accept",
            version=__version__,
            config={"root": str(bench.tree.root), "verus_path": install.path},
            verus_version=install.version,
            verus_is_standin=install.is_standin,
        )
    )
    text = now.text
    sha = record.write_candidate(text)
    record.emit(CandidateCreated(sha256=sha, strategy="mcp client"))
    report = guard_snapshot(bench.tree, now)
    guard = check_result(report)
    record.emit(
        GuardChecked(sha256=sha, clean=report.clean, violations=[v.model_dump(mode="json") for v in report.violations])
    )
    result = AcceptResult(verdict="failed", sha256=sha, guard=guard, precheck=None, verus=None, run=str(record.folder))
    if not report.clean:
        return _end(record, result, "the guard refused the tree: verus was not run")
    prechecked = precheck_snapshot(bench, now)
    record.emit(
        Prechecked(
            sha256=sha,
            clean=prechecked.clean,
            findings=prechecked.summary(),
            rules_off=prechecked.rules_off,
            duration_s=prechecked.duration_s,
        )
    )
    result.precheck = precheck_result(prechecked)
    if not prechecked.clean:
        return _end(record, result, "the pre-check found what verus would reject: verus was not run")
    record.emit(
        ReviewReport(sha256=sha, gate="none", mode="off", note="an MCP client's edit: the server reviews nothing")
    )
    verus = _whole_run(bench, now)
    record.emit(verus_run_event(sha, verus, "acceptance", no_cheating=True))
    mapped = map_crate_units(verus.diagnostics, now.model().models, verus.file_name)
    result.verus = verify_result(verus, mapped)
    if verus.accepted:
        result.verdict = "verified"
        note = STANDIN_NOTE if verus.is_standin else "verus verified the whole tree and the guard passed the same bytes"
        return _end(record, result, note)
    return _end(record, result, f"verus did not verify the whole tree ({verus.verdict})")


def _whole_run(bench: Workbench, now: Snapshot) -> VerusResult:
    install = bench.install()
    no_cheating = install.supports("--no-cheating") and not _has_hatches(bench.tree.original)
    return run_on(bench, now, bench.run_options.model_copy(update={"no_cheating": no_cheating, "use_cache": False}))


def _has_hatches(snapshot: Snapshot) -> bool:
    """--no-cheating would reject escape hatches the original already had (the guard bars new ones)."""
    return CrateWorkspace(snapshot.layout, snapshot.layout.root).has_hatches(snapshot.text)


def _end(record: RunWriter, result: AcceptResult, note: str) -> AcceptResult:
    verified = result.verdict == "verified"
    accepted = result.sha256 if verified else None
    record.emit(RunVerdict(verdict="verified" if verified else "failed", accepted_sha256=accepted))
    record.emit(RunStopped(reason="done", detail=note))
    record.write_result(
        RunResult(
            run_id=record.run_id,
            verdict="verified" if verified else "failed",
            accepted_sha256=accepted,
            stopped_reason="done",
        )
    )
    result.note = note
    return result
