"""A readable timeline of a run record, one line per event, for ``verusagent show``."""

from collections.abc import Callable

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


def _guard(e: ev.GuardReport) -> str:
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
    return f"review proposal {_short(e.sha256)} {e.unit} [{e.call_id or '-'}]: {found}"


def _review_dropped(e: ev.ReviewFindingDropped) -> str:
    return f"review finding dropped {_short(e.sha256)} {e.unit}: {e.reason}"


def _review_vote(e: ev.ReviewVote) -> str:
    return f"review vote {_short(e.sha256)} {e.finding}: {e.vote or 'none'} by {e.validator or '-'}" + (
        f" ({e.problem[:120]})" if e.problem else "")


def _review_dispute(e: ev.ReviewDispute) -> str:
    return f"review dispute {e.finding} on {_short(e.sha256)}: {e.outcome} (judge {e.judge or '-'}, vote {e.vote})"


def _finding_status(e: ev.FindingStatus) -> str:
    by = f" by {e.by}" if e.by else ""
    return f"finding {e.finding} on {_short(e.sha256)}: {e.previous} -> {e.status}{by}: {e.reason[:160]}"


def _verus(e: ev.VerusRun) -> str:
    notes = [n for n, on in (("partial", e.partial), ("stand-in", e.is_standin), ("cached", e.from_cache)) if on]
    extra = f" [{', '.join(notes)}]" if notes else ""
    return f"verus {_short(e.sha256)}: {e.verdict}, {e.errors} errors, {e.duration_s:.1f}s{extra}"


def _verdict(e: ev.Verdict) -> str:
    return f"VERDICT {e.verdict}: accepted {_short(e.accepted_sha256)}, {len(e.obligations)} obligations"


def _stopped(e: ev.RunStopped) -> str:
    return f"run stopped: {e.reason}" + (f" ({e.detail})" if e.detail else "")


_FORMATTERS: dict[type, Callable] = {
    ev.RunStarted: _run_started,
    ev.ModelRequest: _model_request,
    ev.ModelReply: _model_reply,
    ev.CandidateCreated: _candidate,
    ev.GuardReport: _guard,
    ev.ReviewReport: _review,
    ev.ReviewRule: _review_rule,
    ev.ReviewDecision: _review_decision,
    ev.ReviewProposal: _review_proposal,
    ev.ReviewFindingDropped: _review_dropped,
    ev.ReviewVote: _review_vote,
    ev.ReviewDispute: _review_dispute,
    ev.FindingStatus: _finding_status,
    ev.VerusRun: _verus,
    ev.Verdict: _verdict,
    ev.RunStopped: _stopped,
}


def describe(event: ev.Event) -> str:
    formatter = _FORMATTERS.get(type(event))
    return formatter(event) if formatter else f"{event.kind} (unknown to this version)"


def timeline(log: RunLog) -> list[str]:
    start = log.events[0].ts if log.events else 0.0
    lines = [f"{e.ts - start:+9.3f}s  #{e.seq:<4} {describe(e)}" for e in log.events]
    lines.extend(f"  ! line {p.line}: {p.message}" for p in log.problems)
    return lines + _footer(log)


def _footer(log: RunLog) -> list[str]:
    spend = spend_of(log.events)
    unknown = f" (+{spend.unknown_cost_calls} calls of unknown price)" if spend.unknown_cost_calls else ""
    lines = [
        f"spent: {spend.calls} model calls ({spend.cached_calls} from cache), "
        f"{spend.prompt_tokens}+{spend.completion_tokens} tokens, ${spend.cost_usd:.4f}{unknown}"
    ]
    if log.result is None:
        lines.append("no result.json: the run did not finish (crashed, killed or still running)")
    else:
        verdict = log.result.verdict or f"none (stopped: {log.result.stopped_reason})"
        lines.append(f"result: {verdict}, accepted {_short(log.result.accepted_sha256)}")
    return lines
