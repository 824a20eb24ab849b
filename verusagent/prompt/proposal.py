"""The request of one strategy's round: which prompt (prove, repair or synth) and what its template shows. A large
file is shown as a slice around its targets and the model replies with items; a small one is shown whole and
comes back whole. A crate's prompt shows its target's file and what it uses of the others (``prompt.crate``)."""

from collections.abc import Sequence
from typing import Any

from verusagent.crate.workspace import CrateWorkspace
from verusagent.prompt.approaches import approach
from verusagent.prompt.crate import crate_diagnostics, crate_view
from verusagent.prompt.targets import have_loops, target_names
from verusagent.verus import Diagnostic


def round_prompt(
    workspace: CrateWorkspace,
    text: str,
    errors: list[Diagnostic],
    *,
    targets: list[str],
    synth: bool,
    strategy: str,
    feedback: list[str],
    description: str = "",
    writes: list[str] | None = None,
    context_tokens: int | None = None,
    context_ceiling: int | None = None,
    review_findings: Sequence[Any] = (),
) -> tuple[str, dict]:
    """The prompt task and its template context for the candidate `text` and verus's `errors` on it.
    ``synth``: the bodies are still to write (then the targets default to the placeholder functions).
    ``strategy``: the portfolio's name, whose approach sentence the prompt shows as it fits the targets (one about
    loops only where they have a loop, or their bodies are the model's to write).
    ``description``: the task statement; ``writes``: in a synth run, the functions whose bodies are the model's
    (a repair prompt says so); ``context_tokens``: a large file's slice budget (``context_fit`` in the context:
    how the slice fits it); ``context_ceiling``: what the slice never exceeds but by its targets alone;
    ``review_findings``: the open findings (``review.findings.Finding``) that blocked the strategy's candidates,
    shown with how to dispute them (none: the same prompt, byte for byte)."""
    named = (targets or workspace.placeholders(text)) if synth else targets
    view = crate_view(workspace, text, named, [d.unit_id for d in errors if d.unit_id], context_tokens, context_ceiling)
    loops = synth or bool(writes) or have_loops(workspace.target_text(text), named)
    sentence = approach(strategy, loops=loops, errors=bool(errors))
    common = _context(view.file_name, view.source, sentence, feedback, view.reply_format) | {
        "loops": loops,
        "other_files": view.other_files,
        "description": description,
        "writes": writes or [],
        "context_fit": view.fit,
        "review_findings": list(review_findings),
    }
    if synth:
        return "synth", common | {"targets": named}
    if errors:
        return "repair", common | {"diagnostics": crate_diagnostics(workspace, errors, text)}
    return "prove", common | {"targets": target_names(workspace.target_text(text), targets) or view.targets}


def prove_prompt(file_name: str, source: str, targets: list[str], strategy: str, reply_format: str) -> tuple[str, dict]:
    """The prove prompt on a text given as it is (no slice, no crate, no feedback): e.g. the smallest text a
    target's proof needs (``bench.slice_coverage``)."""
    loops = have_loops(source, targets)
    sentence = approach(strategy, loops=loops, errors=False)
    return "prove", _context(file_name, source, sentence, [], reply_format) | {"targets": targets, "loops": loops}


def _context(file_name: str, source: str, sentence: str, feedback: list[str], reply_format: str) -> dict:
    return {
        "file_name": file_name,
        "source": source,
        "strategy": sentence,
        "feedback": feedback,
        "reply_format": reply_format,
        "other_files": [],
        "description": "",
        "writes": [],
        "context_fit": None,
        "review_findings": [],
    }
