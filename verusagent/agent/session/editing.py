"""`edit(items)`: complete functions that replace their namesakes (new ones inserted), or a whole file, read by
the same extraction and splice as item replies (in a crate, with the replies' `// file: src/net.rs` lines before
the items of each file); then the guard (and the review) on exactly the text produced. A refused edit comes back
with each violation's reason and location, and the candidate stays as it was."""

from verusagent.agent.candidate import Candidate, Evaluation
from verusagent.agent.evaluator import Evaluator
from verusagent.agent.session.outcome import ToolOutcome, failure
from verusagent.agent.session.workspace import Workspace
from verusagent.edit import Edit
from verusagent.edit.crate_splice import crate_edit
from verusagent.guard import Violation
from verusagent.prompt import render
from verusagent.record import sha256_text
from verusagent.reply import ReplyError, edit_reply


def edit(workspace: Workspace, evaluator: Evaluator, items: str, origin: Candidate) -> ToolOutcome:
    """`origin` gives the new candidate its strategy, round and model call (its text is ignored)."""
    reply = items if "```" in items else f"```rust\n{items.strip(chr(10))}\n```"
    try:
        extracted = crate_edit(edit_reply(reply), workspace.crate, workspace.text)
    except ReplyError as error:
        return failure(
            "unusable",
            f"Edit not applied ({error.reason.value}): {error.detail} Send complete "
            "functions, from their attributes to their closing brace, or the whole file.",
        )
    sha = sha256_text(extracted.candidate)
    candidate = origin.model_copy(update={"text": extracted.candidate, "sha256": sha, "parent": workspace.sha})
    screened = evaluator.screen(candidate)
    if screened.rejected_by is not None:
        return failure("refused", _refusal(workspace, screened), produced_sha256=sha)
    known = workspace.seen.get(sha)
    workspace.apply(screened.model_copy(update={"verus": known.verus}) if known else screened)
    return ToolOutcome(text=_applied(workspace, extracted), produced_sha256=sha, applied=True)


def _applied(workspace: Workspace, extracted: Edit) -> str:
    changes = [
        f"replaced {', '.join(extracted.replaced)}" if extracted.replaced else "",
        f"added {', '.join(extracted.inserted)}" if extracted.inserted else "",
    ]
    what = "; ".join(c for c in changes if c) or "the whole file replaced"
    lines = (
        sum(len(workspace.lines(path)) for path in workspace.paths) if workspace.is_crate else len(workspace.lines())
    )
    notes = "".join(f"\nnote: {note}" for note in extracted.notes)
    status = "verified before" if workspace.current.verus else "not verified yet: call verify()"
    return f"Edit applied ({what}). The current candidate is now {workspace.sha[:10]} ({lines} lines), {status}.{notes}"


def _refusal(workspace: Workspace, screened: Evaluation) -> str:
    if screened.rejected_by == "guard":
        problems = [violation_line(v) for v in screened.guard.errors()]
    elif screened.rejected_by == "precheck":
        problems = [d.rendered or d.message for d in screened.errors]
    else:
        problems = [f"{f.location}: {f.reason}" for f in screened.findings]
    return render("agent_refused", by=screened.rejected_by, sha=workspace.sha[:10], problems=problems)


def violation_line(violation: Violation) -> str:
    where = (
        f"line {violation.candidate.line}:{violation.candidate.col}"
        if violation.candidate
        else (f"line {violation.original.line} of the original" if violation.original else "the file")
    )
    where = f"{violation.file} {where}" if violation.file else where
    unit = f" in {violation.function}" if violation.function else ""
    evidence = violation.evidence
    shown = (f" Original: `{evidence.original}`." if evidence.original else "") + (
        f" Yours: `{evidence.candidate}`." if evidence.candidate else ""
    )
    return f"[{violation.rule.value}] {where}{unit}: {violation.reason}{shown}"
