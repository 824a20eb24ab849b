"""A readable timeline of a run record, one line per event, for ``verusagent show``. An agent-mode session reads
as a transcript: what the model said, each tool call and (the start of) its result."""

import json
from collections.abc import Callable
from typing import Any

from verusagent.record import events as ev
from verusagent.record.reader import RunLog
from verusagent.record.summary import spend_of


def _short(sha256: str | None) -> str:
    return sha256[:12] if sha256 else "-"


def _cost(value: float | None) -> str:
    return "cost unknown" if value is None else f"${value:.4f}"


def _run_started(e: ev.RunStarted) -> str:
    budgets = ", ".join(f"{k} {v}" for k, v in e.budgets.items() if v is not None) or "none"
    model = e.config.get("model", "-")
    return f"run {e.run_id} started: {e.command or '-'} (model {model}; budgets: {budgets})"


def _model_request(e: ev.ModelRequest) -> str:
    chars = sum(len(m["content"]) for m in e.messages if isinstance(m.get("content"), str))
    source = "from cache" if e.cached else f"attempt {e.attempt}"
    size = f"{len(e.messages)} messages, {chars} chars"
    return f"model request {e.call_id} [{e.purpose or '-'}] {e.model}, {source}, {size}"


def _model_reply(e: ev.ModelReply) -> str:
    if e.error is not None:
        retry = "will retry" if e.error.retryable else "not retried"
        hint = f" hint: {e.error.hint}" if e.error.hint else ""
        return f"model error {e.call_id} attempt {e.attempt}: {e.error.kind} ({retry}) {e.error.message[:160]}{hint}"
    tokens = f"{e.usage.prompt_tokens}+{e.usage.completion_tokens} tokens" if e.usage else "tokens unknown"
    cut = sum(1 for r in e.finish_reasons if r == "length")
    truncated = f", {cut} cut off" if cut else ""
    cache = ", from cache" if e.from_cache else ""
    spent = f"{tokens}, {_cost(e.cost_usd)}, {e.latency_s:.2f}s"
    names = [str(call.get("name", "?")) for calls in e.tool_calls for call in calls]
    asked = f", tool calls: {', '.join(names)}" if names else ""
    return f"model reply {e.call_id}: {len(e.texts)} choices{truncated}{asked}, {spent}{cache}"


def _candidate(e: ev.CandidateCreated) -> str:
    parent = f" from {_short(e.parent)}" if e.parent else ""
    return f"candidate {_short(e.sha256)} ({e.strategy or '-'}, round {e.round}){parent}"


def _guard(e: ev.GuardChecked) -> str:
    if e.clean:
        return f"guard {_short(e.sha256)}: clean"
    rules = ", ".join(str(v.get("rule", v.get("rule_id", "?"))) for v in e.violations)
    return f"guard {_short(e.sha256)}: {len(e.violations)} violations ({rules})"


def _review(e: ev.ReviewReport) -> str:
    score = f", score {e.score:.2f}" if e.score is not None else ""
    mode = f" [{e.mode}]" if e.mode else ""
    blocked = f", BLOCKED at {e.stopped_at}" if e.blocked else ""
    note = f" ({e.note[:120]})" if e.note else ""
    return f"review {_short(e.sha256)}: {len(e.findings)} findings{score}{blocked}{mode}{note}"


def _review_rule(e: ev.ReviewRule) -> str:
    return f"review rule ({e.votes} votes per finding): {e.description}"


def _review_decision(e: ev.ReviewDecision) -> str:
    return f"review decision {_short(e.sha256)}: {e.review} (--review {e.mode}): {e.reason[:200]}"


def _review_proposal(e: ev.ReviewProposal) -> str:
    found = f"{len(e.kept)} findings kept, {e.dropped} dropped" if e.problem is None else e.problem[:160]
    if e.merged_into:
        found += f", {len(e.merged_into)} merged into {', '.join(e.merged_into)}"
    size = f", {e.prompt_tokens:,} prompt tokens" if e.prompt_tokens is not None else ""
    return f"review proposal {_short(e.sha256)} {e.unit} [{e.call_id or '-'}]: {found}{size}"


def _review_dropped(e: ev.ReviewFindingDropped) -> str:
    return f"review finding dropped {_short(e.sha256)} {e.unit}: {e.reason}"


def _review_vote(e: ev.ReviewVote) -> str:
    return f"review vote {_short(e.sha256)} {e.finding}: {e.vote or 'none'} by {e.validator or '-'}" + (
        f" ({e.problem[:120]})" if e.problem else ""
    )


def _review_dispute(e: ev.ReviewDispute) -> str:
    return f"review dispute {e.finding} on {_short(e.sha256)}: {e.outcome} (judge {e.judge or '-'}, vote {e.vote})"


def _finding_status(e: ev.FindingStatus) -> str:
    by = f" by {e.by}" if e.by else ""
    return f"finding {e.finding} on {_short(e.sha256)}: {e.previous} -> {e.status}{by}: {e.reason[:160]}"


def _verus(e: ev.VerusRun) -> str:
    notes = [n for n, on in (("partial", e.partial), ("stand-in", e.is_standin), ("cached", e.from_cache)) if on]
    extra = f" [{', '.join(notes)}]" if notes else ""
    return f"verus {_short(e.sha256)}: {e.verdict}, {e.errors} errors, {e.duration_s:.1f}s{extra}"


def _verdict(e: ev.RunVerdict) -> str:
    return f"VERDICT {e.verdict}: accepted {_short(e.accepted_sha256)}, {len(e.obligations)} obligations"


def _stopped(e: ev.RunStopped) -> str:
    return f"run stopped: {e.reason}" + (f" ({e.detail})" if e.detail else "")


SHOWN_RESULT_LINES = 12  # of a tool result or a model's text, unless `full`
_INDENT = " " * 18  # under the event text, past the time and seq columns


def _session_started(e: ev.SessionStarted) -> str:
    limits = ", ".join(f"{k.removeprefix('max_')} {v:g}" for k, v in e.limits.items() if isinstance(v, int | float))
    return (
        f"AGENT SESSION {e.session} (round {e.round}) from {_short(e.sha256)}: {e.protocol} tool calls "
        f"({e.protocol_reason}); limits: {limits or 'none'}"
    )


def _tool_call(e: ev.ToolCalled) -> str:
    return f"  -> {e.name}({_arguments(e.arguments)})  [{e.call_id}]"


def _arguments(arguments: dict[str, Any] | str) -> str:
    if isinstance(arguments, str):
        return f"malformed: {arguments[:60]!r}"
    return ", ".join(f"{key}={_value(value)}" for key, value in arguments.items())


def _value(value: object) -> str:
    if not isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)[:60]
    lines = value.strip("\n").split("\n")
    shown = json.dumps(lines[0][:60] + ("…" if len(lines[0]) > 60 or len(lines) > 1 else ""), ensure_ascii=False)
    return shown + (f" ({len(lines)} lines)" if len(lines) > 1 else "")


def _tool_result(e: ev.ToolResult) -> str:
    notes = [
        f"applied, now {_short(e.sha256)}" if e.applied else "",
        f"produced {_short(e.produced_sha256)}, not applied" if e.produced_sha256 and not e.applied else "",
        f"{e.verdict} (verus runs {', '.join(f'#{n}' for n in e.verus_runs)})" if e.verdict else "",
    ]
    extra = "; ".join(n for n in notes if n)
    return f"  <- {e.name}: {'ok' if e.ok else e.error}" + (f", {extra}" if extra else "") + f", {e.duration_s:.3f}s"


def _session_ended(e: ev.SessionEnded) -> str:
    return (
        f"AGENT SESSION {e.session} ended: {e.reason}"
        + (f" ({e.detail})" if e.detail else "")
        + f"; at {_short(e.sha256)}; {e.tool_calls} tool calls, {e.turns} model replies, {e.tokens} tokens, "
        f"{e.verus_runs} fresh verus runs, {e.seconds:.1f}s"
    )


_FORMATTERS: dict[type, Callable[[Any], str]] = {
    ev.RunStarted: _run_started,
    ev.ModelRequest: _model_request,
    ev.ModelReply: _model_reply,
    ev.CandidateCreated: _candidate,
    ev.GuardChecked: _guard,
    ev.ReviewReport: _review,
    ev.ReviewRule: _review_rule,
    ev.ReviewDecision: _review_decision,
    ev.ReviewProposal: _review_proposal,
    ev.ReviewFindingDropped: _review_dropped,
    ev.ReviewVote: _review_vote,
    ev.ReviewDispute: _review_dispute,
    ev.FindingStatus: _finding_status,
    ev.VerusRun: _verus,
    ev.RunVerdict: _verdict,
    ev.RunStopped: _stopped,
    ev.SessionStarted: _session_started,
    ev.ToolCalled: _tool_call,
    ev.ToolResult: _tool_result,
    ev.SessionEnded: _session_ended,
}


def describe(event: ev.Event) -> str:
    formatter = _FORMATTERS.get(type(event))
    return formatter(event) if formatter else f"{event.kind} (unknown to this version)"


def timeline(log: RunLog, full: bool = False) -> list[str]:
    """One line per event; a session's model texts and tool results follow their line (cut unless `full`)."""
    start = log.events[0].ts if log.events else 0.0
    agent_calls = {e.call_id for e in log.events if isinstance(e, ev.ModelRequest) and e.purpose.startswith("agent:")}
    lines = []
    for event in log.events:
        lines.append(f"{event.ts - start:+9.3f}s  #{event.seq:<4} {describe(event)}")
        lines.extend(_INDENT + line for line in _transcript(event, agent_calls, full))
    lines.extend(f"  ! line {p.line}: {p.message}" for p in log.problems)
    return lines + _footer(log)


def _transcript(event: ev.Event, agent_calls: set[str], full: bool) -> list[str]:
    if isinstance(event, ev.ToolResult):
        return [f"     | {line}" for line in _cut(event.text, full)]
    if isinstance(event, ev.ModelReply) and event.call_id in agent_calls and event.texts and event.texts[0].strip():
        return [f"  model: {line}" for line in _cut(event.texts[0], full)]
    return []


def _cut(text: str, full: bool) -> list[str]:
    lines = text.rstrip("\n").split("\n")
    if full or len(lines) <= SHOWN_RESULT_LINES:
        return lines
    return lines[:SHOWN_RESULT_LINES] + [f"[... {len(lines) - SHOWN_RESULT_LINES} more lines; show --full prints them]"]


def _footer(log: RunLog) -> list[str]:
    spend = spend_of(log.events)
    unknown = f" (+{spend.unknown_cost_calls} calls of unknown price)" if spend.unknown_cost_calls else ""
    lines = [
        f"spent: {spend.calls} model calls sent, {spend.answered_calls} answered ({spend.cached_calls} from cache), "
        f"{spend.prompt_tokens}+{spend.completion_tokens} tokens, ${spend.cost_usd:.4f}{unknown}"
    ]
    if log.result is None:
        lines.append("no result.json: the run did not finish (crashed, killed or still running)")
    else:
        verdict = log.result.verdict or f"none (stopped: {log.result.stopped_reason})"
        lines.append(f"result: {verdict}, accepted {_short(log.result.accepted_sha256)}")
    return lines
