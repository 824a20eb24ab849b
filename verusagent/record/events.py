"""The events of a run record: one pydantic model per kind, read and written as one JSON object per line.

Every event carries ``kind`` (the discriminator), ``seq`` (0, 1, 2, ... in write order) and ``ts`` (the harness
timestamp, see ``clock.py``); the writer assigns ``seq`` and ``ts``. Events accept extra fields, so a caller may
attach more detail without a schema change; a new kind is a new class added to ``AnyEvent``.
"""

from typing import Annotated, Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class Event(BaseModel):
    model_config = ConfigDict(extra="allow")

    kind: str
    seq: int = -1
    ts: float = 0.0


class TokenUsage(BaseModel):
    prompt_tokens: int = 0
    completion_tokens: int = 0

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


class CallError(BaseModel):
    kind: str  # rate_limit, server_error, timeout, connection, context_window, authentication, ...
    message: str
    retryable: bool
    hint: str = ""


class RunStarted(Event):
    kind: Literal["run_started"] = "run_started"
    run_id: str
    command: str = ""
    config: dict[str, Any] = Field(default_factory=dict)  # secrets are scrubbed by the writer in any case
    budgets: dict[str, Any] = Field(default_factory=dict)  # max_calls, max_tokens, max_cost_usd, max_verus_runs
    version: str = ""
    verus_version: str | None = None  # of the verus this run uses; an accepting run must come from it
    verus_is_standin: bool = False
    resumed: bool = False  # a `--resume` continuation appends a second run_started to the same record


class MessagesPrefix(BaseModel):
    """The first messages of a model request, recorded already: all the messages of model_request `seq`, `count`
    of them, whose chained digest (``continuation.messages_digest``) is `sha256`."""

    seq: int
    count: int
    sha256: str


class ModelRequest(Event):
    kind: Literal["model_request"] = "model_request"
    call_id: str
    attempt: int  # 1 for the first try, 2 for the first retry, ...; 0 for a reply served from the cache
    model: str
    purpose: str = ""  # e.g. "prove", "repair", "review_propose"
    messages: list[dict[str, Any]] = Field(default_factory=list)  # tool conversations carry tool_calls, tool_call_id
    params: dict[str, Any] = Field(default_factory=dict)  # temperature, max_tokens, n, timeout, tools (names)
    cached: bool = False
    # A session's next turn: in events.jsonl `messages` holds only the messages after this prefix (so the record
    # grows with what is new); `read_run` puts the prefix back, so a read request's `messages` are whole.
    continues: MessagesPrefix | None = None


class ModelReply(Event):
    kind: Literal["model_reply"] = "model_reply"
    call_id: str
    attempt: int
    texts: list[str] = Field(default_factory=list)
    finish_reasons: list[str | None] = Field(default_factory=list)
    tool_calls: list[list[dict[str, Any]]] = Field(default_factory=list)  # per choice: {id, name, arguments}
    usage: TokenUsage | None = None  # None when the provider reported none
    cost_usd: float | None = None  # None: the price of this model is unknown (never silently 0)
    latency_s: float = 0.0
    error: CallError | None = None
    from_cache: bool = False


class CandidateCreated(Event):
    kind: Literal["candidate_created"] = "candidate_created"
    sha256: str
    strategy: str = ""
    round: int = 0
    parent: str | None = None  # sha256 of the candidate this one was derived from
    call_id: str | None = None


class GuardChecked(Event):
    kind: Literal["guard_report"] = "guard_report"
    sha256: str
    clean: bool
    violations: list[dict[str, Any]] = Field(default_factory=list)


class Prechecked(Event):
    """The static pre-check's verdict on one candidate (verusagent.precheck): a candidate with findings is
    rejected without a verus run; its findings (verus's messages, located) are what repair reads instead."""

    kind: Literal["precheck"] = "precheck"
    sha256: str
    clean: bool
    findings: list[dict[str, Any]] = Field(default_factory=list)  # rule, message, code, file, line, col, unit
    rules_off: dict[str, str] = Field(default_factory=dict)  # a rule that did not run, and why
    duration_s: float = 0.0


class ReviewReport(Event):
    """The review's verdict on one candidate. ``mode`` and ``score`` are what calibration reads: a ``shadow``
    report (reviewed, never blocked) with its score, paired with the candidate's verus run, is one label; each
    finding that took part in the score carries ``votes``, its validators' judgments in order
    (``substantial``/``minor``/``not_real``). See ``verusagent/review/calibration/labels.py`` for the whole contract."""

    kind: Literal["review_report"] = "review_report"
    sha256: str
    findings: list[dict[str, Any]] = Field(default_factory=list)
    gate: str = ""  # the review screen's name, e.g. "pass-through"
    mode: str | None = None  # "shadow", "on", "off", "full"; None in records written before modes existed
    score: float | None = Field(default=None, ge=0.0, le=1.0)  # the largest unit score; None: not scored
    blocked: bool = False  # the review rejected the candidate: it must not reach verus (never in shadow mode)
    units: list[dict[str, Any]] = Field(default_factory=list)  # each reviewed unit: id, kind, score, findings
    stopped_at: str | None = None  # the unit whose score exceeded the threshold (mode "on")
    note: str = ""  # e.g. why nothing was reviewed, or that a dispute released the candidate


class ReviewRule(Event):
    """The rule the review screen applies in this run (``review/decision.py``): said once, at the start."""

    kind: Literal["review_rule"] = "review_rule"
    rule: str  # "default" or "calibrated"
    threshold: float | None = None
    source: str = ""  # the calibration file
    description: str = ""
    votes: int = 3
    never_rejects: bool = False


class ReviewDecision(Event):
    """Whether a candidate is reviewed, and why (the ``auto`` mode's estimate, or the mode given)."""

    kind: Literal["review_decision"] = "review_decision"
    sha256: str
    mode: str  # the mode asked for: off, on, shadow, auto, full
    review: str  # what was done: "on", "shadow", "full" or "off"
    reason: str
    figures: dict[str, float | None] = Field(default_factory=dict)  # auto: rate, verus_s, saving_s, review_s


class ReviewProposal(Event):
    """The proposer's answer on one unit of a candidate."""

    kind: Literal["review_proposal"] = "review_proposal"
    sha256: str
    unit: str
    unit_kind: str
    call_id: str | None = None
    model: str = ""
    kept: list[str] = Field(default_factory=list)  # ids of the findings kept
    dropped: int = 0
    problem: str | None = None  # a model error or a reply without usable JSON: the unit has no finding
    merged_into: list[str] = Field(default_factory=list)  # earlier findings this unit proposed again (same quote
    # and claim, e.g. on a loop and on its function): not kept a second time, so each is voted once
    prompt_tokens: int | None = None  # the proposer prompt's size (the model's tiktoken encoding, else o200k)


class ReviewFindingDropped(Event):
    """A proposed finding that is not checkable (e.g. its quote is not in the candidate): recorded, not used."""

    kind: Literal["review_finding_dropped"] = "review_finding_dropped"
    sha256: str
    unit: str
    finding: dict[str, Any] = Field(default_factory=dict)  # as proposed (long strings cut)
    reason: str


class ReviewVote(Event):
    """One validator's judgment of one finding (or why it gave none)."""

    kind: Literal["review_vote"] = "review_vote"
    sha256: str
    finding: str
    vote: str | None = None  # substantial, minor, not_real; None: no usable vote
    validator: str = ""  # model and call (and choice): a different validator is a different string
    call_id: str | None = None
    model: str = ""
    problem: str | None = None


class ReviewDispute(Event):
    """The prover disputed a blocking finding; a validator other than the ones that confirmed it judged it."""

    kind: Literal["review_dispute"] = "review_dispute"
    sha256: str  # the candidate the finding blocked
    finding: str
    reason: str  # the prover's argument
    judge: str = ""
    call_id: str | None = None
    vote: str | None = None
    outcome: Literal["dismissed", "upheld", "unjudged", "ignored"]
    detail: str = ""


class FindingStatus(Event):
    """A finding's status changes: open -> resolved or dismissed."""

    kind: Literal["finding_status"] = "finding_status"
    sha256: str  # the candidate the finding was made on
    finding: str
    location: dict[str, Any] = Field(default_factory=dict)
    status: Literal["resolved", "dismissed"]
    previous: str = "open"
    reason: str
    by: str | None = None  # dismissed: the validator that judged it not real
    confirmed_by: list[str] = Field(default_factory=list)  # the validators whose votes made it block


class VerusRun(Event):
    kind: Literal["verus_run"] = "verus_run"
    sha256: str
    verdict: str
    partial: bool = False
    flags: list[str] = Field(default_factory=list)
    verus_version: str | None = None
    is_standin: bool = False
    from_cache: bool = False
    errors: int = 0
    duration_s: float = 0.0
    purpose: str = ""  # "baseline", "screen", "houdini", "acceptance"
    no_cheating: bool = False  # the run passed --no-cheating


class ScreeningPlanned(Event):
    """A focused screening plan for a candidate (or the whole-file fallback after verus refused one)."""

    kind: Literal["screening_plan"] = "screening_plan"
    sha256: str
    plan: str  # "functions" (one --verify-function run each), "module" (one module-level run), "whole"
    targets: list[dict[str, str]] = Field(default_factory=list)  # unit_id, pattern (--verify-function), module
    reason: str = ""
    estimate_s: dict[str, float] = Field(default_factory=dict)


class ContextOverBudget(Event):
    """Before the first model call: what the targets of a sliced prompt need alone exceeds the context budget."""

    kind: Literal["context_over_budget"] = "context_over_budget"
    floor_tokens: int  # what the targets need (their signatures, direct types, spec family), at 4 bytes a token
    budget_tokens: int  # the slice budget, or the cap when what they need was cut to it
    cap_tokens: int | None = None  # what the prompt may count (None: no cap; records before 2026-12-07 lack it)
    cut: bool = False  # a hard budget (`--context-budget`): what they need was cut to it; else all of it is shown


class RunVerdict(Event):
    kind: Literal["verdict"] = "verdict"
    verdict: Literal["verified", "partial", "failed"]
    accepted_sha256: str | None = None
    obligations: list[dict[str, Any]] = Field(default_factory=list)


class RunStopped(Event):
    kind: Literal["run_stopped"] = "run_stopped"
    reason: str  # e.g. "budget", "interrupted", "error", "done"
    detail: str = ""


class SessionStarted(Event):
    """An agent-mode session: the model drives with tools, starting from candidate ``sha256``."""

    kind: Literal["session_started"] = "session_started"
    session: str  # unique in the run, e.g. "agent-r1"
    sha256: str  # the candidate the session starts from
    strategy: str = "agent"
    round: int = 0
    protocol: str = "native"  # "native": the provider's tool calls; "text": the documented text protocol
    protocol_reason: str = ""
    tools: list[str] = Field(default_factory=list)
    limits: dict[str, Any] = Field(default_factory=dict)  # max_tool_calls, max_tokens, max_cost_usd, ...


class ToolCalled(Event):
    """The model asked for a tool; ``arguments`` is the JSON object, or the raw text when it was not one."""

    kind: Literal["tool_call"] = "tool_call"
    session: str
    call_id: str  # the model's id for the call (made up by the text protocol)
    model_call_id: str | None = None  # the model request whose reply asked for it
    name: str
    arguments: dict[str, Any] | str = Field(default_factory=dict)
    sha256: str  # the current candidate when the call was made


class ToolResult(Event):
    """What a tool call gave back to the model. ``sha256`` is the current candidate after the call."""

    kind: Literal["tool_result"] = "tool_result"
    session: str
    call_id: str
    name: str
    ok: bool
    error: str | None = None  # unknown_tool, malformed_arguments, unknown_target, refused, unusable, not_run, ...
    text: str = ""  # the result as the model received it
    sha256: str
    produced_sha256: str | None = None  # edit: the text the edit produced (current only if applied)
    applied: bool = False  # edit: the produced text became the current candidate
    verdict: str | None = None  # verify: the verdict reported
    verus_runs: list[int] = Field(default_factory=list)  # verify: seqs of the verus_run events it came from
    duration_s: float = 0.0  # the tool's own time, verus included


class SessionEnded(Event):
    kind: Literal["session_ended"] = "session_ended"
    session: str
    reason: str  # submitted, budget, repeated, no_tool_calls, model_error, run_budget
    detail: str = ""
    sha256: str  # the current candidate at the end
    submitted: bool = False
    tool_calls: int = 0
    turns: int = 0  # model replies
    tokens: int = 0
    cost_usd: float = 0.0
    verus_runs: int = 0  # fresh verus runs of the session's verify calls
    seconds: float = 0.0


class UnknownEvent(Event):
    """An event whose kind this version does not know (a newer writer); kept whole so nothing is lost."""


KnownEvent = Annotated[
    RunStarted
    | ModelRequest
    | ModelReply
    | CandidateCreated
    | GuardChecked
    | Prechecked
    | ReviewReport
    | ReviewRule
    | ReviewDecision
    | ReviewProposal
    | ReviewFindingDropped
    | ReviewVote
    | ReviewDispute
    | FindingStatus
    | VerusRun
    | ScreeningPlanned
    | ContextOverBudget
    | RunVerdict
    | RunStopped
    | SessionStarted
    | ToolCalled
    | ToolResult
    | SessionEnded,
    Field(discriminator="kind"),
]

# pydantic 2.14 types TypeAdapter's argument as TypeForm[T], which mypy reads as type[T]: an Annotated union fails
# (only on some passes, so a `type: ignore` is reported unused on others)
EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(cast(Any, KnownEvent))
KNOWN_KINDS = frozenset(
    cls.model_fields["kind"].default
    for cls in (
        RunStarted,
        ModelRequest,
        ModelReply,
        CandidateCreated,
        GuardChecked,
        Prechecked,
        ReviewReport,
        ReviewRule,
        ReviewDecision,
        ReviewProposal,
        ReviewFindingDropped,
        ReviewVote,
        ReviewDispute,
        FindingStatus,
        VerusRun,
        ScreeningPlanned,
        ContextOverBudget,
        RunVerdict,
        RunStopped,
        SessionStarted,
        ToolCalled,
        ToolResult,
        SessionEnded,
    )
)


def parse_event(data: dict[str, Any]) -> Event:
    """One event from its JSON object; an unknown kind becomes an ``UnknownEvent``, a malformed known one raises."""
    if data.get("kind") in KNOWN_KINDS:
        return EVENT_ADAPTER.validate_python(data)
    return UnknownEvent.model_validate(data)
