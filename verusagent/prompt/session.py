"""What an agent-mode session tells the model: its task, the tools as a text protocol, the nudge after a reply
with no tool call, the results of its calls (a refused or unusable edit, an applied one, a verus run), and the
feedback a session leaves for the strategy's next round. The agent's session (``verusagent.agent.session``)
computes the facts; the words are here and in the ``agent*.j2`` templates."""

from typing import Any

from verusagent.guard import Violation
from verusagent.prompt.feedback import evidence_text
from verusagent.prompt.templates import render
from verusagent.reply import ReplyError


def task(**context: Any) -> str:
    """The session's first user message (``agent.j2``): mode, targets, file_name, outline, crate_files,
    diagnostics, protocol, tools, limits, feedback."""
    return render("agent", **context)


def nudge(protocol: str) -> str:
    """After a reply that called no tool."""
    return render("agent_nudge", protocol=protocol)


def text_protocol(tools: list[dict[str, Any]]) -> str:
    """The text protocol as the model reads it (also in the README)."""
    return render("agent_text_protocol", tools=tools)


def tool_results(sections: list[tuple[str, str, str]]) -> str:
    """The text protocol's one message for a reply's calls: (tool name, call id, result text) in order."""
    shown = [f"### {n}. {name or '?'} (call {call_id})\n{text}" for n, (name, call_id, text) in enumerate(sections, 1)]
    return "Results of your tool calls, in order:\n\n" + "\n\n".join(shown)


def refused(by: str | None, sha: str, problems: list[str]) -> str:
    """An edit the guard, the pre-check or the review refused: `problems`, one line each."""
    return render("agent_refused", by=by, sha=sha, problems=problems)


def violation_line(violation: Violation) -> str:
    """One guard violation as a refused edit lists it: rule, where, why, and the two snippets."""
    where = (
        f"line {violation.candidate.line}:{violation.candidate.col}"
        if violation.candidate
        else (f"line {violation.original.line} of the original" if violation.original else "the file")
    )
    where = f"{violation.file} {where}" if violation.file else where
    unit = f" in {violation.function}" if violation.function else ""
    return f"[{violation.rule.value}] {where}{unit}: {violation.reason}{evidence_text(violation.evidence)}"


def edit_unusable(error: ReplyError) -> str:
    """An edit whose items extraction could not use."""
    return (
        f"Edit not applied ({error.reason.value}): {error.detail} Send complete "
        "functions, from their attributes to their closing brace, or the whole file."
    )


def edit_applied(
    replaced: list[str], inserted: list[str], sha: str, lines: int, verified: bool, notes: list[str]
) -> str:
    """An applied edit: what changed, the new candidate (`sha`, its `lines`), whether verus has seen it."""
    changes = [
        f"replaced {', '.join(replaced)}" if replaced else "",
        f"added {', '.join(inserted)}" if inserted else "",
    ]
    what = "; ".join(c for c in changes if c) or "the whole file replaced"
    shown = "".join(f"\nnote: {note}" for note in notes)
    status = "verified before" if verified else "not verified yet: call verify()"
    return f"Edit applied ({what}). The current candidate is now {sha} ({lines} lines), {status}.{shown}"


def verify_result(**context: Any) -> str:
    """A verus run's result (``agent_verify.j2``): checker, sha, scope, verdict, total, remembered, reasons,
    diagnostics, advice."""
    return render("agent_verify", **context)


def review_notes(findings: list[Any]) -> list[str]:
    """The review findings that blocked a strategy's candidates (``review.findings.Finding``), as a session's
    feedback: a session answers them by its edits, it does not dispute them."""
    return [f"Review finding ({f.location}): {f.reason}" for f in findings]


def ended_without_submit(session: str, reason: str, detail: str) -> str:
    return f"The agent session {session} ended without submit: {reason} ({detail})."


def submitted_unverified(session: str, sha: str) -> str:
    return f"The agent session {session} submitted {sha} before verus had verified it; verify() before submit()."
