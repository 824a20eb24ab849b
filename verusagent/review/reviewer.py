"""The review of one candidate: each changed unit, cheapest first, is put to the proposer; each finding it keeps
is put to independent validators; the unit's score is the largest fraction of ``substantial`` votes over its
findings (``votes.score_of``), and the screening's rule (``decision.py``) says whether that score rejects.

Modes: ``on`` stops at the first unit whose score the rule rejects and blocks the candidate; ``shadow`` and
``full`` review every unit and block nothing (``full`` reports whether the rule would reject). A validator sees
the unit, its context and the claim (severity, location, reason, quote, evidence, check), never the
proposer's reply around it. Model errors and garbage replies are recorded and never block: a unit without a
usable proposal has no finding, a finding without its full set of votes has no score. A spent budget stops the
review (the candidate goes on unreviewed); so does a model that cannot be reached.
"""

import time
from collections.abc import Callable
from typing import Any, Literal, Protocol

from pydantic import BaseModel, Field

from verusagent.choices import DEFAULT_VOTES
from verusagent.lens import SourceModel, parse
from verusagent.llm import BudgetExceeded, ModelCallError
from verusagent.llm.litellm_data import LitellmDataMissing
from verusagent.llm.tokens import count_messages, encoding_of
from verusagent.prompt import chat
from verusagent.prompt.review_text import validator_claim
from verusagent.record.events import ReviewFindingDropped, ReviewProposal, ReviewVote
from verusagent.record.sink import EventSink
from verusagent.reply import Dropped, ProposedFinding, ReplyError, ReplyReason, proposed_findings, vote_of
from verusagent.review.decision import RejectRule
from verusagent.review.findings import Finding, check_findings
from verusagent.review.unit_view import REVIEW_PROMPT_TOKENS, UnitView, fits_review
from verusagent.review.units import ORDER, ReviewUnit, UnitKind, changed_units
from verusagent.review.votes import JUDGMENTS, score_of, vote_fraction

ReviewRunMode = Literal["on", "shadow", "full"]
_SKIP_UNIT_ERRORS = frozenset({"context_window", "content_policy"})  # this unit's prompt, not the model, failed


class Completer(Protocol):
    """What the review needs of a model client (``llm.ModelClient``)."""

    def complete(
        self,
        messages: list[dict[str, str]],
        *,
        purpose: str = "",
        n: int | None = None,
        temperature: float | None = None,
        max_tokens: int | None = None,
    ) -> Any: ...


TOO_LARGE = "not reviewed: the unit alone fills the review's prompt ({limit} tokens); its loops and calls are units"


class UnitResult(BaseModel):
    id: str
    kind: str
    score: float = 0.0
    findings: list[str] = Field(default_factory=list)
    problem: str | None = None

    def record(self) -> dict[str, Any]:
        return self.model_dump(exclude_none=True)


class ReviewOutcome(BaseModel):
    mode: str
    units: list[UnitResult] = Field(default_factory=list)
    findings: list[Finding] = Field(default_factory=list)
    changed_units: int = 0  # how many units changed (some may be left unreviewed after an early stop)
    score: float = 0.0  # the largest unit score
    rejects: bool = False  # the rule rejects the score
    blocked: bool = False  # rejects, in mode "on": the candidate must not reach verus
    stopped_at: str | None = None
    dropped: int = 0
    merged: int = 0  # findings proposed again for a later unit (same quote and claim): voted once, not twice
    stopped: str | None = None  # why the review ended before its units did: a spent budget, an unreachable model
    budget_spent: bool = False
    seconds: float = 0.0

    def finding_records(self) -> list[dict[str, Any]]:
        return [f.record() for f in self.findings]

    def then(self, later: "ReviewOutcome") -> "ReviewOutcome":
        """This outcome and a later one of the same candidate (the next file of a crate) as one."""
        return ReviewOutcome(
            mode=self.mode,
            units=[*self.units, *later.units],
            findings=[*self.findings, *later.findings],
            changed_units=self.changed_units + later.changed_units,
            score=max(self.score, later.score),
            rejects=self.rejects or later.rejects,
            blocked=self.blocked or later.blocked,
            stopped_at=self.stopped_at or later.stopped_at,
            dropped=self.dropped + later.dropped,
            merged=self.merged + later.merged,
            stopped=self.stopped or later.stopped,
            budget_spent=self.budget_spent or later.budget_spent,
            seconds=self.seconds + later.seconds,
        )


class Judgment(BaseModel):
    vote: str | None
    validator: str
    call_id: str | None = None
    problem: str | None = None


class Reviewer:
    def __init__(
        self,
        proposer: Completer,
        validator: Completer,
        rule: RejectRule,
        sink: EventSink,
        file_name: str,
        votes: int = DEFAULT_VOTES,
        temperature: float = 0.7,
        proposer_model: str = "",
        validator_model: str = "",
        clock: Callable[[], float] = time.monotonic,
    ):
        self.proposer, self.validator, self.rule, self.sink = proposer, validator, rule, sink
        self.file_name, self.votes, self.temperature = file_name, votes, temperature
        self.proposer_model, self.validator_model = proposer_model, validator_model
        self.clock = clock

    def review(
        self,
        sha256: str,
        text: str,
        parent_text: str | None,
        mode: ReviewRunMode,
        kinds: tuple[UnitKind, ...] = ORDER,
        models: tuple[SourceModel, SourceModel | None] | None = None,
        first_index: int = 0,
        file_name: str | None = None,
    ) -> ReviewOutcome:
        """``models``: the lens's models of ``text`` and ``parent_text``, when the caller has them already;
        ``first_index``: findings of this candidate made before (in other files of a crate), so ids stay unique;
        ``file_name``: the file of a crate that ``text`` is (the prompts name it)."""
        started = self.clock()
        if models is None:
            models = parse(text), parse(parent_text) if parent_text is not None else None
        model = models[0]
        contexts = UnitView(model)
        units = [u.model_copy(update={"file": file_name}) for u in changed_units(model, models[1], kinds)]
        outcome = ReviewOutcome(mode=mode, changed_units=len(units))
        for unit in units:
            if not self._review_unit(sha256, text, contexts, unit, outcome, first_index):
                break
        outcome.blocked = outcome.rejects and mode == "on"
        outcome.seconds = self.clock() - started
        return outcome

    def _review_unit(
        self,
        sha256: str,
        text: str,
        contexts: UnitView,
        unit: ReviewUnit,
        outcome: ReviewOutcome,
        first_index: int = 0,
    ) -> bool:
        """Review one unit into ``outcome``; False when the review must stop here."""
        result = UnitResult(id=unit.id, kind=unit.kind.value)
        outcome.units.append(result)
        if not fits_review(unit.text):
            result.problem = TOO_LARGE.format(limit=REVIEW_PROMPT_TOKENS)
            return True
        context = contexts.of([unit.id], [(unit.start, unit.end)], unit.text)
        findings: list[Finding] = []
        try:
            findings = self._propose(sha256, text, unit, context, first_index + len(outcome.findings), outcome)
            for finding in findings:
                self._validate(sha256, unit, context, finding)
        except (BudgetExceeded, ModelCallError) as error:
            self._stop(outcome, result, findings, error)
            return False
        return self._score(outcome, result, findings)

    def _stop(self, outcome: ReviewOutcome, result: UnitResult, findings: list[Finding], error: Exception) -> None:
        budget = isinstance(error, BudgetExceeded)
        why = f"the model budget is spent ({error})" if budget else f"the model could not be reached: {error}"
        outcome.stopped, outcome.budget_spent, result.problem = why, budget, why
        for finding in findings:
            finding.drop_score(f"not validated: {why}")
        outcome.findings.extend(findings)
        result.findings = [f.id for f in findings]

    def _score(self, outcome: ReviewOutcome, result: UnitResult, findings: list[Finding]) -> bool:
        """The unit's score and the rule's verdict on it; False when mode "on" must stop here."""
        outcome.findings.extend(findings)
        result.findings = [f.id for f in findings]
        for finding in findings:
            finding.validated = finding.score is not None and self.rule.rejects(finding.score)
        result.score = score_of(f.votes_bools() for f in findings if f.counts)
        outcome.score = max(outcome.score, result.score)
        if not self.rule.rejects(result.score):
            return True
        outcome.rejects = True
        outcome.stopped_at = outcome.stopped_at or result.id
        return outcome.mode != "on"

    # ---- the proposer -------------------------------------------------------------------------------------

    def _propose(
        self, sha256: str, text: str, unit: ReviewUnit, context: str, known: int, outcome: ReviewOutcome
    ) -> list[Finding]:
        messages = chat(
            "review_propose",
            file_name=unit.file or self.file_name,
            unit_id=unit.id,
            unit_kind=unit.kind.value,
            unit_text=unit.text,
            context=context,
        )
        proposal = ReviewProposal(
            sha256=sha256,
            unit=unit.id,
            unit_kind=unit.kind.value,
            model=self.proposer_model,
            prompt_tokens=prompt_tokens(self.proposer_model, messages),
        )
        try:
            completion = self.proposer.complete(messages, purpose="review_propose", n=1, temperature=0.0)
        except ModelCallError as error:
            if error.error.kind not in _SKIP_UNIT_ERRORS:
                self.sink.emit(proposal.model_copy(update={"problem": f"model error: {error}"}))
                raise
            self.sink.emit(proposal.model_copy(update={"problem": f"model error (this unit skipped): {error}"}))
            return []
        proposal.call_id = completion.call_ids[0] if completion.call_ids else None
        items = self._items(completion.texts[0] if completion.texts else "")
        if isinstance(items, str):
            self.sink.emit(proposal.model_copy(update={"problem": items}))
            return []
        kept, dropped = check_findings(items, unit, text, sha256, known)
        for drop in dropped:
            self.sink.emit(ReviewFindingDropped(sha256=sha256, unit=unit.id, finding=drop.finding, reason=drop.reason))
        kept, merged_into = merge_repeated(kept, outcome.findings, sha256, known)
        outcome.dropped += len(dropped)
        outcome.merged += len(merged_into)
        self.sink.emit(
            proposal.model_copy(
                update={"kept": [f.id for f in kept], "dropped": len(dropped), "merged_into": merged_into}
            )
        )
        return kept

    def _items(self, reply: str) -> list[ProposedFinding | Dropped] | str:
        try:
            return proposed_findings(reply)
        except ReplyError as error:
            return f"the reply held no JSON: {error.detail}" if error.reason == ReplyReason.NO_JSON else error.detail

    # ---- the validators -----------------------------------------------------------------------------------

    def _validate(self, sha256: str, unit: ReviewUnit, context: str, finding: Finding) -> None:
        judgments = self._judgments(unit, context, finding, None, self.votes, "review_validate")
        for judgment in judgments:
            self.sink.emit(
                ReviewVote(
                    sha256=sha256,
                    finding=finding.id,
                    vote=judgment.vote,
                    validator=judgment.validator,
                    call_id=judgment.call_id,
                    model=self.validator_model,
                    problem=judgment.problem,
                )
            )
        usable = [(j.vote, j.validator) for j in judgments if j.vote is not None]
        finding.votes = [vote for vote, _ in usable]
        finding.validators = [validator for _, validator in usable]
        if len(usable) < self.votes:
            finding.unscored = f"{len(usable)} of {self.votes} votes usable: not scored, so it cannot block"
            return
        finding.score = vote_fraction(finding.votes_bools())

    def judge(self, unit: ReviewUnit, context: str, finding: Finding, dispute: str) -> Judgment:
        """One fresh validator sample on a disputed finding (a different validator: a new call). A model error
        or a spent budget gives no vote, so the finding stays open."""
        try:
            return self._judgments(unit, context, finding, dispute, 1, "review_dispute")[0]
        except (BudgetExceeded, ModelCallError) as error:
            return Judgment(vote=None, validator="", problem=f"no judgment: {error}")

    def _judgments(
        self, unit: ReviewUnit, context: str, finding: Finding, dispute: str | None, count: int, purpose: str
    ) -> list[Judgment]:
        claim = validator_claim(
            severity=finding.severity,
            unit=finding.unit,
            lines=finding.location.get("lines") or [],
            reason=finding.reason,
            quote=finding.evidence.quote,
            explanation=finding.evidence.explanation,
            check=finding.check,
        )
        messages = chat(
            "review_validate",
            file_name=unit.file or self.file_name,
            unit_id=unit.id,
            unit_kind=unit.kind.value,
            unit_text=unit.text,
            context=context,
            finding=claim,
            dispute=dispute,
        )
        try:
            completion = self.validator.complete(messages, purpose=purpose, n=count, temperature=self.temperature)
        except ModelCallError as error:
            if error.error.kind not in _SKIP_UNIT_ERRORS:
                raise
            return [Judgment(vote=None, validator="", problem=f"model error: {error}")] * count
        texts = completion.texts + [""] * (count - len(completion.texts))
        ids = _validator_ids(self.validator_model, completion.call_ids, count)
        return [_judgment(reply, who, call) for reply, (who, call) in zip(texts[:count], ids, strict=True)]


def merge_repeated(
    kept: list[Finding], earlier: list[Finding], sha256: str, known: int
) -> tuple[list[Finding], list[str]]:
    """The findings of this proposal that no earlier one of the candidate (or of this proposal) states already,
    renumbered from ``known``; and the ids of the earlier findings the others repeat (OSVERIFY D.4: a claim
    proposed on a loop and on its function is voted once)."""
    seen = {_claim(f): f.id for f in earlier}
    fresh: list[Finding] = []
    merged_into: list[str] = []
    for finding in kept:
        claim = _claim(finding)
        if claim in seen:
            merged_into.append(seen[claim])
            continue
        finding.id = f"{sha256[:8]}.{known + len(fresh) + 1}"
        seen[claim] = finding.id
        fresh.append(finding)
    return fresh, merged_into


def _claim(finding: Finding) -> tuple[object, ...]:
    """What makes two findings the same: severity, check, reason (whitespace and case folded), the quote and
    the lines it was found at."""
    return (
        finding.severity,
        finding.check,
        " ".join(finding.reason.split()).casefold(),
        " ".join(finding.evidence.quote.split()),
        tuple(finding.location.get("lines") or []),
    )


def prompt_tokens(model: str, messages: list[dict[str, str]]) -> int | None:
    """The prompt's size in the model's tiktoken encoding (o200k for a model tiktoken does not know); None when
    the encodings are missing (a broken install: the review goes on without the figure)."""
    try:
        return count_messages(messages, encoding_of(model)[0])
    except LitellmDataMissing:
        return None


def _validator_ids(model: str, call_ids: list[str], count: int) -> list[tuple[str, str | None]]:
    """Who cast each vote: one call per vote, or the choices of one call with native ``n``."""
    if len(call_ids) >= count:
        return [(f"{model}#{call}", call) for call in call_ids[:count]]
    first = call_ids[0] if call_ids else None
    return [(f"{model}#{first}.{index}", first) for index in range(count)]


def _judgment(reply: str, validator: str, call_id: str | None) -> Judgment:
    try:
        return Judgment(vote=vote_of(reply, JUDGMENTS), validator=validator, call_id=call_id)
    except ReplyError:
        return Judgment(
            vote=None, validator=validator, call_id=call_id, problem=f"no usable vote in the reply ({_snippet(reply)})"
        )


def _snippet(reply: str) -> str:
    flat = " ".join(reply.split())
    return repr(flat[:80] + ("..." if len(flat) > 80 else "")) if flat else "empty"
