"""What an agent-mode session tells the model: its task, the tools as a text protocol, the nudge after a reply
with no tool call, the results of its calls (a refused or unusable edit, an applied one, a verus run), and the
feedback a session leaves for the strategy's next round, the budgets and limits it stops at, and the words for
a call's arguments that ``verusagent.reply.tool_calls`` could not use. The agent's session
(``verusagent.agent.session``) computes the facts; the words are here, in ``tool_results`` (what the tools answer)
and ``tools`` (their descriptions), and in the ``agent*.j2`` templates."""

from typing import Any

from verusagent.guard import Violation
from verusagent.prompt.feedback import evidence_text
from verusagent.prompt.templates import render
from verusagent.reply import ReplyError
from verusagent.reply.tool_calls import ArgumentsError, ArgumentsProblem


def task(**context: Any) -> str:
    """The session's first user message (``agent.j2``): mode, targets, file_name, outline, crate_files,
    diagnostics, protocol, tools, limits, feedback."""
    return render("agent", **context)


def target_names(targets: list[str]) -> list[str]:
    """The targets as the task names them: in backticks."""
    return [f"`{target}`" for target in targets]


def session_limits(
    max_tool_calls: int,
    max_seconds: float,
    max_verus_runs: int | None = None,
    max_tokens: int | None = None,
    max_cost_usd: float | None = None,
) -> str:
    """A session's limits as its task lists them."""
    parts = [f"at most {max_tool_calls} tool calls", f"{max_seconds:g} seconds"]
    if max_verus_runs is not None:
        parts.insert(1, f"{max_verus_runs} fresh verus runs")
    if max_tokens is not None:
        parts.append(f"{max_tokens} tokens")
    if max_cost_usd is not None:
        parts.append(f"${max_cost_usd:g}")
    return ", ".join(parts)


# Why a session stops (the record keeps these too, and the next round's feedback says them).

_SPENT = {"tool_calls": "tool calls made", "tokens": "tokens used", "cost": "USD spent", "seconds": "seconds passed"}


def budget_spent(what: str, used: float, limit: float) -> str:
    """A session budget spent before a model call: `what` is tool_calls, tokens, cost or seconds."""
    return f"session budget spent: {used:g} of {limit:g} {_SPENT[what]}"


def tool_calls_spent(used: int, limit: int) -> str:
    return f"session budget spent: {used} of {limit} tool calls made"


def seconds_spent(used: float, limit: float) -> str:
    return f"session budget spent: {used:.0f} of {limit:g} seconds passed"


def verus_runs_spent(used: int, limit: int) -> str:
    return f"session budget spent: {used} of {limit} fresh verus runs made"


def quiet_replies(count: int) -> str:
    """The session ended: `count` replies in a row called no tool."""
    return f"{count} replies in a row called no tool"


def repeated_call(name: str, arguments: str, times: int) -> str:
    """The session ended: a call (`arguments`: as sent) made `times` times with no edit between."""
    return f"{name}({arguments[:120]}) made {times} times with no edit between"


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


def finding_line(location: object, reason: str) -> str:
    """One review finding as a refused edit lists it."""
    return f"{location}: {reason}"


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


# The results of tool calls that did not run or could not: what was wrong, and what to do instead.


def not_run(why: str) -> str:
    """A call not run because the session ends (`why`: a budget spent, a call repeated)."""
    return f"Not run: {why}. The session ends."


def not_run_after_end() -> str:
    return "Not run: the session ended at an earlier call of this reply."


def unknown_tool(name: str | None, tools: list[str]) -> str:
    return f"There is no tool `{name}`. The tools are {', '.join(tools)}."


def repeated_once(result: str) -> str:
    """A result given once more for a call repeated with no edit in between."""
    return result + "\n(You made this same call before with no edit in between; making it again ends the session.)"


def arguments_failure(tool: str, error: ArgumentsError, expected: str) -> str:
    """A call's arguments that are not a JSON object, or do not fit the tool (`expected`: its parameters)."""
    if error.problem == ArgumentsProblem.NOT_OBJECT:
        return arguments_not_object(tool, error.raw, expected)
    problems = "; ".join(f"{where or 'arguments'}: {message}" for where, message in error.problems)
    return arguments_unfit(tool, problems, expected)


def arguments_not_object(tool: str, arguments: str, expected: str) -> str:
    return f"The arguments of {tool} are not a JSON object: {arguments[:200]!r}. Expected an object with: {expected}"


def arguments_unfit(tool: str, problems: str, expected: str) -> str:
    return f"The arguments of {tool} do not fit: {problems}. Expected an object with: {expected}"


def unknown_name(what: str, name: str, close: list[str]) -> str:
    """An id or name that does not exist, with the closest ones that do."""
    hint = f" Did you mean: {', '.join(close)}?" if close else " view('outline') lists the functions."
    return f"There is no {what} `{name}` in the current candidate.{hint}"


def ambiguous(name: str, listed: str, action: str) -> str:
    """Several functions of one name (`listed`: their ids); `action`: what to do with one ("Name", "View")."""
    return f"Several functions are named `{name}`: {listed}. {action} one by its id."


def ambiguous_view(name: str, listed: list[str]) -> str:
    """view() of a name several functions have (`listed`: each with its line)."""
    return ambiguous(name, ", ".join(listed), "View")


def ambiguous_function(name: str, ids: list[str]) -> str:
    """verify(function) of a name several functions have."""
    return ambiguous(name, ", ".join(ids), "Name")


# What ``unknown_name`` says was looked for.
UNKNOWN_UNIT = "function or unit"  # view()
UNKNOWN_FUNCTION = "function"  # verify(function)
UNKNOWN_DEFINITION = "definition of"  # definition()


def unknown_file(name: str, paths: list[str]) -> str:
    return f"There is no file `{name}` in the crate; its files are {', '.join(paths)}."


def no_such_lines(first: int, last: int, where: str, count: int) -> str:
    return f"No lines {first}-{last}: the current candidate{where} has {count} lines."


def no_query_words(query: str) -> str:
    return f"The query {query!r} has no identifier words to match."


def cut_result(shown: str, length: int) -> str:
    """A tool result cut to its first lines."""
    return f"{shown}\n[... cut: the result had {length} characters; ask for less, e.g. a line range]"


# What a verus run's result says beside its verdict and errors (``agent_verify.j2``).


def rejected_before_verus(by: str | None, sha: str, errors: list[str]) -> str:
    """verify() on a candidate the guard, pre-check or review rejected (`by`: the evaluation's rejected_by):
    verus does not run on it."""
    by = "pre-check" if by == "precheck" else by
    listed = "".join(f"\n- {error}" for error in errors)
    what = f"; the errors verus would report:{listed}\nFix them with edit, then verify again." if errors else "."
    return f"Not run: the {by} rejected candidate {sha}, so verus does not run on it{what}"


def checker(standin: bool, version: str | None) -> str:
    return "the verus STAND-IN (not the real verus)" if standin else f"verus {version}"


def scope(function: str | None, partial: bool, crate: bool) -> str:
    """What a run covered: one function (`function`), a focused screening (`partial`), or everything."""
    if function is not None:
        return f"only {function}: a partial run"
    return "focused screening: a partial run" if partial else ("whole crate" if crate else "whole file")


def advice(case: str, crate: bool, max_shown: int) -> str:
    """What to do after a run: `case` is verified, verified_function, verified_partial, not_alone, unfinished or
    failed."""
    whole = "crate" if crate else "file"
    lines = {
        "verified": f"The whole {whole} verifies: call submit().",
        "verified_function": f"This function verifies; a partial run never accepts: verify() the whole {whole}, or "
        "submit().",
        "verified_partial": f"The functions checked verify; a partial run never accepts: verify() the whole {whole}, "
        "or submit().",
        "not_alone": "verus did not take a run of this function alone: call verify() without a function.",
        "unfinished": "verus did not finish: this says nothing about the proof. Simplify it, or verify one function.",
        "failed": f"Fix these with edit, then verify again (at most {max_shown} errors are shown).",
    }
    return lines[case]
