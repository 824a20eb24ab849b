"""`gate --review`: a model reviews the changed functions of each changed file the guard passed.

The review reports; it does not block by itself: a validated critical finding is an error of the gate (exit
1), any other kept finding a warning. When the model cannot be reached, the review part says
"review skipped: <reason>" and the exit code follows the guard alone (unless ``--review-required``). Nothing is
written to the working tree: the review's events stay in memory (a run record's candidates are `.rs` files,
which the next gate run would see as changed).
"""

from pathlib import Path

from verusagent.gate.git import read_at
from verusagent.gate.run import FileResult, GateResult, GateReview, ReviewStatus
from verusagent.llm import BudgetTracker, ModelSettings
from verusagent.record import sha256_text
from verusagent.review.build import build_reviewer
from verusagent.review.decision import RejectRule
from verusagent.review.settings import ReviewSettings
from verusagent.review.standalone import CollectingSink
from verusagent.review.units import UnitKind

GATE_UNITS = (UnitKind.FUNCTION, UnitKind.NEW_LEMMA)  # the changed functions, ensures against body


def review_changes(
    result: GateResult, settings: ReviewSettings, model: ModelSettings, rule: RejectRule, budget: BudgetTracker
) -> GateResult:
    sink = CollectingSink()
    reviewer = build_reviewer(settings, model, rule, budget, sink, "")
    files, reviewed, stopped = [], 0, None
    for file in result.files:
        if stopped is not None or not file.report.clean or file.prechecked_out:
            note = (
                "not reviewed: the guard rejected it"
                if not file.report.clean
                else "not reviewed: the pre-check rejected it"
                if file.prechecked_out
                else f"not reviewed: {stopped}"
            )
            files.append(file.model_copy(update={"review_note": note}))
            continue
        reviewer.file_name = Path(file.path).name
        outcome = reviewer.review(*_texts(file, result), "full", kinds=GATE_UNITS)
        stopped = outcome.stopped
        reviewed += outcome.stopped is None
        files.append(
            file.model_copy(update={"review_findings": outcome.finding_records(), "review_note": outcome.stopped or ""})
        )
    status: ReviewStatus = "reviewed" if stopped is None else ("incomplete" if reviewed else "skipped")
    review = GateReview(
        status=status,
        reason=stopped or "",
        rule=rule.describe(),
        model=model.model,
        files_reviewed=reviewed,
        dropped=len(sink.dropped),
    )
    return result.model_copy(update={"files": files, "review": review})


def _texts(file: FileResult, result: GateResult) -> tuple[str, str, str | None]:
    root = Path(result.root)
    text = (root / file.path).read_bytes().decode("utf-8", errors="replace")
    before = None
    if file.base_path is not None:
        before = read_at(result.base, file.base_path, root).decode("utf-8", errors="replace")
    return sha256_text(text), text, before
