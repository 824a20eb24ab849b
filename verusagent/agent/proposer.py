"""Ask the model for k candidates for one strategy: build the prompt, extract an edit from each reply."""

from verusagent.agent.candidate import Candidate, Evaluation
from verusagent.agent.config import AgentConfig, TaskMode
from verusagent.agent.strategies import Strategy
from verusagent.crate.workspace import CrateWorkspace
from verusagent.edit.crate_splice import crate_edit
from verusagent.llm import ModelClient
from verusagent.llm.tokens import prompt_size
from verusagent.prompt import chat
from verusagent.prompt.capped import Count, capped_prompt
from verusagent.prompt.feedback import extraction_feedback
from verusagent.prompt.proposal import round_prompt
from verusagent.record import sha256_text
from verusagent.reply import Dispute, ReplyError, edit_reply
from verusagent.review.findings import Finding


class Proposal:
    """The outcome of one strategy's request: candidates, and what to tell the model next time. An agent-mode
    session also hands back the candidates it already screened and verified, and a run-level stop (a budget
    spent mid-session) to raise after the round."""

    def __init__(self, strategy: Strategy):
        self.strategy = strategy
        self.candidates: list[Candidate] = []
        self.feedback: list[str] = []
        self.disputes: list[Dispute] = []  # of review findings that blocked this strategy's candidates
        self.evaluations: list[Evaluation] = []
        self.stop: Exception | None = None


def propose(
    client: ModelClient,
    config: AgentConfig,
    file_name: str,
    strategy: Strategy,
    base: Evaluation,
    round_no: int,
    feedback: list[str],
    review_findings: list[Finding] | None = None,
    *,
    workspace: CrateWorkspace | None = None,
) -> Proposal:
    """``review_findings``: the open findings that blocked this strategy's candidates; the prompt shows them
    and explains disputes only when there are some (otherwise it is the same prompt, byte for byte).
    ``workspace``: the files of a candidate text (a crate); a single file (``file_name``) when None."""
    workspace = workspace or CrateWorkspace.single(file_name)
    task, context = build_prompt(config, file_name, strategy, base, feedback, workspace, review_findings or [])
    completion = client.complete(chat(task, **context), purpose=f"{task}:{strategy.name}", n=config.samples)
    proposal = Proposal(strategy)
    for choice, call_id in zip(completion.choices, _pad(completion.call_ids, len(completion.choices))):
        reply = edit_reply(choice.text)
        if review_findings:
            proposal.disputes.extend(reply.disputes)
        try:
            edit = crate_edit(reply, workspace, base.candidate.text, truncated=choice.truncated)
        except ReplyError as error:
            proposal.feedback.append(extraction_feedback(error))
        else:
            proposal.candidates.append(_candidate(edit.candidate, strategy, round_no, base, call_id))
    return proposal


def build_prompt(
    config: AgentConfig,
    file_name: str,
    strategy: Strategy,
    base: Evaluation,
    feedback: list[str],
    workspace: CrateWorkspace | None = None,
    review_findings: list[Finding] | None = None,
) -> tuple[str, dict]:
    """The strategy's prompt on the candidate `base` (``verusagent.prompt.proposal``); ``workspace``: the files of
    a candidate text (a crate), else the single file ``file_name``; ``review_findings``: the open findings that
    blocked the strategy's candidates."""
    synth = config.mode == TaskMode.SYNTH and base.candidate.round == 0

    def build(context_tokens: int | None, context_ceiling: int | None) -> tuple[str, dict]:
        return round_prompt(
            workspace or CrateWorkspace.single(file_name),
            base.candidate.text,
            base.errors,
            targets=config.targets,
            synth=synth,
            strategy=strategy.name,
            feedback=feedback,
            description=config.description or "",
            writes=config.targets if config.mode == TaskMode.SYNTH else [],
            context_tokens=context_tokens,
            context_ceiling=context_ceiling,
            review_findings=review_findings or [],
        )

    if config.context_ceiling is None:
        return build(config.context_tokens, None)
    return capped_prompt(build, config.context_tokens, config.context_ceiling, _counter(config.model_settings.model))


def _counter(model: str) -> Count:
    """The prompt's tokens as the dry run counts them (the model's encoding, else an o200k estimate)."""
    return lambda built: prompt_size(model, chat(built[0], **built[1])).tokens


def _candidate(text: str, strategy: Strategy, round_no: int, base: Evaluation, call_id: str | None) -> Candidate:
    return Candidate(
        text=text,
        sha256=sha256_text(text),
        strategy=strategy.name,
        round=round_no,
        parent=base.candidate.sha256,
        call_id=call_id,
    )


def _pad(call_ids: list[str], count: int) -> list[str | None]:
    return [*call_ids, *([call_ids[-1] if call_ids else None] * max(0, count - len(call_ids)))][:count]
