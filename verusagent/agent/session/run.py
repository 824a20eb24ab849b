"""One agent-mode session: the model drives with the tools until it submits, a budget is spent, it repeats
itself or stops calling tools. Called by the loop like a strategy's proposer; what the session screened and
verified goes back to the loop, whose acceptance run alone can accept. Every call and result is an event."""

from typing import Any

from rich.markup import escape

from verusagent.agent.candidate import Candidate, Evaluation
from verusagent.agent.config import AgentConfig, SessionLimits, TaskMode
from verusagent.agent.proposer import Proposal
from verusagent.agent.session.dispatch import Dispatcher, Toolbox
from verusagent.agent.session.kit import SessionKit
from verusagent.agent.session.limits import SessionMeter
from verusagent.agent.session.outcome import ToolOutcome, failure
from verusagent.agent.session.protocol import Conversation, choose, tool_docs
from verusagent.agent.session.schema import TOOL_NAMES
from verusagent.agent.session.views import outline
from verusagent.agent.session.workspace import Workspace
from verusagent.agent.strategies import Strategy
from verusagent.agent.verifier import VerusBudgetExceeded
from verusagent.choices import ToolProtocol
from verusagent.llm import BudgetExceeded, Choice, ModelCallError, ModelClient, ToolCall
from verusagent.prompt import session as wording
from verusagent.prompt import system_prompt
from verusagent.prompt.crate import crate_diagnostics
from verusagent.prompt.targets import target_names
from verusagent.record import SessionEnded, SessionStarted, ToolCalled, ToolResult
from verusagent.review.findings import Finding

QUIET_REPLIES = 2  # replies in a row without a tool call that end the session


class SessionCancelled(Exception):
    """Ctrl-C reached the run while this session ran in a worker thread: it stops, writing nothing more."""


def run_session(
    kit: SessionKit,
    client: ModelClient,
    config: AgentConfig,
    file_name: str,
    strategy: Strategy,
    base: Evaluation,
    round_no: int,
    feedback: list[str],
    review_findings: list[Finding] | None = None,
) -> Proposal:
    """`review_findings` (open findings that blocked this strategy's candidates) reach the session as feedback:
    a session answers them by its edits, which the review sees again; it does not dispute them."""
    notes = wording.review_notes(review_findings or [])
    return Session(kit, client, config, file_name, strategy, base, round_no, [*feedback, *notes]).run()


class Session:
    def __init__(
        self,
        kit: SessionKit,
        client: ModelClient,
        config: AgentConfig,
        file_name: str,
        strategy: Strategy,
        base: Evaluation,
        round_no: int,
        feedback: list[str],
    ):
        self.kit, self.client, self.config, self.base = kit, client, config, base
        self.id, self.round = kit.session_id(strategy.name, round_no), round_no
        self.workspace = Workspace(base, file_name, kit.evaluator.workspace)
        self.meter = SessionMeter(config.session)
        origin = Candidate(text="", sha256="", strategy=strategy.name, round=round_no)
        self.dispatcher = Dispatcher(Toolbox(self.workspace, kit.evaluator, kit.library, self.meter, origin))
        self.protocol, self.protocol_reason = choose(config.model_settings.model, config.tool_protocol)
        self.conversation = Conversation(self.protocol, system_prompt(), self._task(feedback))
        self.proposal = Proposal(strategy)
        self.record = kit.evaluator.record

    def run(self) -> Proposal:
        self.record.emit(
            SessionStarted(
                session=self.id,
                sha256=self.base.candidate.sha256,
                round=self.round,
                strategy=self.proposal.strategy.name,
                protocol=self.protocol.value,
                protocol_reason=self.protocol_reason,
                tools=TOOL_NAMES,
                limits=self.config.session.model_dump(),
            )
        )
        self._say(f"agent session {self.id}: {self.protocol.value} tool calls ({self.protocol_reason})")
        try:
            reason, detail = self._converse()
        except SessionCancelled:
            return self.proposal
        except (BudgetExceeded, VerusBudgetExceeded) as stop:
            reason, detail, self.proposal.stop = "run_budget", stop.reason, stop
        except ModelCallError as error:
            reason, detail = "model_error", str(error)
            self.proposal.stop = error if error.stops_run else None
        self._finish(reason, detail)
        return self.proposal

    def _converse(self) -> tuple[str, str]:
        quiet = 0
        while True:
            self._check_cancel()
            spent = self.meter.spent()
            if spent:
                return "budget", spent
            choice, model_call = self._ask()
            calls = self.conversation.calls_of(choice, self.meter.turns)
            self.conversation.add_reply(choice, calls)
            quiet = 0 if calls else quiet + 1
            if quiet >= QUIET_REPLIES:
                return "no_tool_calls", wording.quiet_replies(QUIET_REPLIES)
            if not calls:
                self.conversation.add_nudge()
                continue
            outcomes = self._run_calls(calls, model_call)
            self.conversation.add_results(calls, outcomes)
            endings = [(o.ends_session, o.detail) for o in outcomes if o.ends_session]
            if endings:
                return endings[0]

    def _ask(self) -> tuple[Choice, str | None]:
        completion = self.client.complete(
            self.conversation.messages, purpose=f"agent:{self.id}", n=1, tools=self.conversation.tools()
        )
        self._check_cancel()
        self.meter.charge(completion)
        choice = completion.choices[0] if completion.choices else Choice(text="")
        return choice, completion.call_ids[-1] if completion.call_ids else None

    def _run_calls(self, calls: list[ToolCall], model_call: str | None) -> list[ToolOutcome]:
        outcomes: list[ToolOutcome] = []
        for call in calls:
            self._check_cancel()
            before = self.workspace.sha
            self.record.emit(
                ToolCalled(
                    session=self.id,
                    call_id=call.id,
                    model_call_id=model_call,
                    name=call.name,
                    arguments=call.arguments,
                    sha256=before,
                )
            )
            started = self.meter.clock()
            outcome = self._one(call, model_call, ended=any(o.ends_session for o in outcomes))
            self._record_result(call, outcome, self.meter.clock() - started)
            outcomes.append(outcome)
        return outcomes

    def _one(self, call: ToolCall, model_call: str | None, ended: bool) -> ToolOutcome:
        if ended:
            return failure("not_run", wording.not_run_after_end())
        spent = self.meter.tool_calls_spent()
        if spent:
            return failure("budget", wording.not_run(spent), ends_session="budget", detail=spent)
        self.meter.tool_calls += 1
        return self.dispatcher.dispatch(call, model_call)

    def _record_result(self, call: ToolCall, outcome: ToolOutcome, seconds: float) -> None:
        self.record.emit(
            ToolResult(
                session=self.id,
                call_id=call.id,
                name=call.name,
                ok=outcome.ok,
                error=outcome.error,
                text=outcome.text,
                sha256=self.workspace.sha,
                produced_sha256=outcome.produced_sha256,
                applied=outcome.applied,
                verdict=outcome.verdict,
                verus_runs=outcome.verus_runs,
                duration_s=seconds,
            )
        )
        first_line = outcome.text.split("\n", 1)[0][:100]
        self._say(f"  {self.id}: {call.name} -> {'ok' if outcome.ok else outcome.error}: {first_line}")

    def _finish(self, reason: str, detail: str) -> None:
        ws = self.workspace
        mine = [e for sha, e in ws.seen.items() if e.verus is not None and sha != self.base.candidate.sha256]
        self.proposal.evaluations = mine
        if ws.current.verus is None and ws.sha != self.base.candidate.sha256:
            self.proposal.candidates = [ws.current.candidate]
        if reason != "submitted":
            self.proposal.feedback.append(wording.ended_without_submit(self.id, reason, detail))
        elif not ws.current.ready_for_acceptance:
            self.proposal.feedback.append(wording.submitted_unverified(self.id, ws.sha[:10]))
        self.record.emit(
            SessionEnded(
                session=self.id,
                reason=reason,
                detail=detail,
                sha256=ws.sha,
                submitted=reason == "submitted",
                **self.meter.summary(),
            )
        )
        self._say(f"agent session {self.id} ended: {reason}" + (f" ({detail})" if detail else ""))

    def _task(self, feedback: list[str]) -> str:
        return task_message(self.config, self.base, self.workspace, self.protocol, feedback)

    def _check_cancel(self) -> None:
        if self.kit.cancel.is_set():
            raise SessionCancelled()

    def _say(self, text: str) -> None:
        if self.kit.reporter is not None:
            self.kit.reporter.line(escape(text))


def opening_messages(config: AgentConfig, base: Evaluation, workspace: Workspace) -> list[dict[str, Any]]:
    """The messages a session starts with (what `prove --dry-run` shows for an agent-mode strategy)."""
    protocol, _ = choose(config.model_settings.model, config.tool_protocol)
    return Conversation(protocol, system_prompt(), task_message(config, base, workspace, protocol, [])).messages


def task_message(
    config: AgentConfig, base: Evaluation, workspace: Workspace, protocol: ToolProtocol, feedback: list[str]
) -> str:
    source, crate = base.candidate.text, workspace.crate
    targets = target_names(crate.target_text(source), config.targets) or (
        crate.placeholders(source) if config.mode == TaskMode.SYNTH else []
    )
    return wording.task(
        mode=config.mode.value,
        targets=wording.target_names(targets),
        file_name=workspace.file_name,
        outline=outline(workspace),
        crate_files=workspace.paths if workspace.is_crate else [],
        diagnostics=crate_diagnostics(crate, base.errors, source),
        protocol=protocol.value,
        tools=tool_docs(),
        limits=describe_limits(config.session),
        feedback=feedback,
    )


def describe_limits(limits: SessionLimits) -> str:
    return wording.session_limits(
        limits.max_tool_calls, limits.max_seconds, limits.max_verus_runs, limits.max_tokens, limits.max_cost_usd
    )
