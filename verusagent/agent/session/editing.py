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
from verusagent.prompt import session as wording
from verusagent.record import sha256_text
from verusagent.reply import ReplyError
from verusagent.reply.tool_calls import items_reply


def edit(workspace: Workspace, evaluator: Evaluator, items: str, origin: Candidate) -> ToolOutcome:
    """`origin` gives the new candidate its strategy, round and model call (its text is ignored)."""
    try:
        extracted = crate_edit(items_reply(items), workspace.crate, workspace.text)
    except ReplyError as error:
        return failure("unusable", wording.edit_unusable(error))
    sha = sha256_text(extracted.candidate)
    candidate = origin.model_copy(update={"text": extracted.candidate, "sha256": sha, "parent": workspace.sha})
    screened = evaluator.screen(candidate)
    if screened.rejected_by is not None:
        return failure("refused", _refusal(workspace, screened), produced_sha256=sha)
    known = workspace.seen.get(sha)
    workspace.apply(screened.model_copy(update={"verus": known.verus}) if known else screened)
    return ToolOutcome(text=_applied(workspace, extracted), produced_sha256=sha, applied=True)


def _applied(workspace: Workspace, extracted: Edit) -> str:
    lines = (
        sum(len(workspace.lines(path)) for path in workspace.paths) if workspace.is_crate else len(workspace.lines())
    )
    verified = bool(workspace.current.verus)
    return wording.edit_applied(
        extracted.replaced, extracted.inserted, workspace.sha[:10], lines, verified, extracted.notes
    )


def _refusal(workspace: Workspace, screened: Evaluation) -> str:
    if screened.rejected_by == "guard":
        problems = [wording.violation_line(v) for v in screened.guard.errors()]
    elif screened.rejected_by == "precheck":
        problems = [d.rendered or d.message for d in screened.errors]
    else:
        problems = [wording.finding_line(f.location, f.reason) for f in screened.findings]
    return wording.refused(screened.rejected_by, workspace.sha[:10], problems)
