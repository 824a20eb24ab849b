"""`verify(function?)`: verus on the current candidate, through the evaluator (so every run is a recorded
verus_run, cached, counted against the budgets): its screening run (focused in large files as --focus says), or
one function. Each (text, scope) runs once per session; asking again gives the same result, marked so."""

from verusagent.agent.evaluator import Evaluator
from verusagent.agent.focus import ScreeningPlan, is_scope_failure, target_of
from verusagent.agent.session.limits import SessionMeter
from verusagent.agent.session.outcome import ToolOutcome, failure, unknown
from verusagent.agent.session.views import unit_names
from verusagent.agent.session.workspace import VerifyMemo, Workspace
from verusagent.lens import Function
from verusagent.prompt import session as wording
from verusagent.prompt.crate import crate_diagnostics
from verusagent.prompt.feedback import MAX_DIAGNOSTICS
from verusagent.verus import Verdict, VerusResult

AGENT_PURPOSE = "agent"  # the session's screening runs (replayed on --resume)
FUNCTION_PURPOSE = "agent-function"  # its one-function runs (partial; only the model reads them)


def verify(workspace: Workspace, evaluator: Evaluator, meter: SessionMeter, function: str | None) -> ToolOutcome:
    target = _function(workspace, function) if function else None
    if isinstance(target, ToolOutcome):
        return target
    key = (workspace.sha, target.id if target else "whole")
    if key in workspace.memos:
        return _outcome(workspace, workspace.memos[key], remembered=True)
    if workspace.current.rejected_by is not None:
        return _rejected(workspace)
    spent = meter.verus_spent()
    if spent:
        return failure("budget", wording.not_run(spent), ends_session="budget", detail=spent)
    memo = _run_function(workspace, evaluator, target) if target else _run_whole(workspace, evaluator)
    meter.count_verus(memo.result)
    workspace.memos[key] = memo
    return _outcome(workspace, memo, remembered=False)


def _function(workspace: Workspace, name: str) -> Function | ToolOutcome:
    found = workspace.functions_named(name)
    if len(found) == 1:
        return found[0]
    if found:
        return failure("ambiguous_target", wording.ambiguous_function(name, [f.id for f in found]))
    names = [n for model in workspace.models().values() for n in unit_names(model)]
    return unknown(wording.UNKNOWN_FUNCTION, name, names)


def _rejected(workspace: Workspace) -> ToolOutcome:
    """The current candidate was rejected before verus (a session may start from an input the pre-check rejects):
    verus never runs on it."""
    current = workspace.current
    errors = [d.rendered or d.message for d in current.errors]
    return failure("rejected", wording.rejected_before_verus(current.rejected_by, workspace.sha[:10], errors))


def _run_whole(workspace: Workspace, evaluator: Evaluator) -> VerifyMemo:
    evaluation = evaluator.verify([workspace.current], AGENT_PURPOSE, parents=workspace.seen)[0]
    workspace.verified(evaluation)
    if evaluation.verus is None:  # verify() runs verus on every candidate that screening passed
        raise AssertionError(f"no verus result for screened candidate {workspace.sha[:10]}")
    return VerifyMemo(result=evaluation.verus, runs=list(evaluator.last_runs.get(workspace.sha, [])), scope="whole")


def _run_function(workspace: Workspace, evaluator: Evaluator, function: Function) -> VerifyMemo:
    scope = ScreeningPlan(kind="functions", targets=[target_of(function)], reason="verify(function)").scopes()[0]
    result, runs = evaluator.verify_scope(workspace.current, scope, FUNCTION_PURPOSE)
    if is_scope_failure(result):
        evaluator.costs.unfocusable.add(function.id)
    return VerifyMemo(result=result, runs=runs, scope=function.id)


def _outcome(workspace: Workspace, memo: VerifyMemo, remembered: bool) -> ToolOutcome:
    result = memo.result
    errors = result.errors_only()
    shown = wording.verify_result(
        checker=checker(result),
        sha=workspace.sha[:10],
        scope=_scope(memo, workspace.is_crate),
        verdict=result.verdict.value,
        total=len(errors),
        remembered=remembered,
        reasons=[] if result.verdict in (Verdict.FAILED, Verdict.VERIFIED) else result.reasons[:4],
        diagnostics=crate_diagnostics(workspace.crate, errors, workspace.text),
        advice=_advice(result, memo, workspace.is_crate),
    )
    return ToolOutcome(text=shown, verdict=result.verdict.value, verus_runs=memo.runs)


def checker(result: VerusResult) -> str:
    return wording.checker(result.is_standin, result.verus_version)


def _scope(memo: VerifyMemo, crate: bool = False) -> str:
    return wording.scope(None if memo.scope == "whole" else memo.scope, memo.result.partial, crate)


def _advice(result: VerusResult, memo: VerifyMemo, crate: bool = False) -> str:
    return wording.advice(_case(result, memo), crate, MAX_DIAGNOSTICS)


def _case(result: VerusResult, memo: VerifyMemo) -> str:
    if result.verdict == Verdict.VERIFIED:
        return "verified"
    if result.verdict == Verdict.VERIFIED_PARTIAL:
        return "verified_function" if memo.scope != "whole" else "verified_partial"
    if is_scope_failure(result):
        return "not_alone"
    if result.verdict in (Verdict.TIMEOUT, Verdict.TOOL_FAILURE):
        return "unfinished"
    return "failed"
