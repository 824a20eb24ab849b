"""Ask the model for k candidates for one strategy: build the prompt, extract an edit from each reply."""

from verusagent.agent.candidate import Candidate, Evaluation
from verusagent.agent.config import AgentConfig, Mode
from verusagent.agent.feedback import prompt_diagnostics
from verusagent.agent.strategies import Strategy
from verusagent.agent.targets import target_names
from verusagent.context import prompt_view
from verusagent.lens import parse
from verusagent.llm import Edit, ModelClient, chat, extract_edit
from verusagent.record import sha256_text
from verusagent.review.disputes import Dispute, parse_disputes

_PLACEHOLDERS = ("unimplemented!", "todo!")


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
    client: ModelClient, config: AgentConfig, file_name: str, strategy: Strategy, base: Evaluation,
    round_no: int, feedback: list[str], review_findings: list[dict] | None = None,
) -> Proposal:
    """``review_findings``: the open findings that blocked this strategy's candidates; the prompt shows them
    and explains disputes only when there are some (otherwise it is the same prompt, byte for byte)."""
    task, context = build_prompt(config, file_name, strategy, base, feedback)
    context["review_findings"] = review_findings or []
    completion = client.complete(chat(task, **context), purpose=f"{task}:{strategy.name}", n=config.samples)
    proposal = Proposal(strategy)
    for choice, call_id in zip(completion.choices, _pad(completion.call_ids, len(completion.choices))):
        if review_findings:
            proposal.disputes.extend(parse_disputes(choice.text))
        edit = extract_edit(choice.text, base.candidate.text, truncated=choice.truncated)
        if isinstance(edit, Edit):
            proposal.candidates.append(_candidate(edit.candidate, strategy, round_no, base, call_id))
        else:
            proposal.feedback.append(edit.feedback())
    return proposal


def build_prompt(config: AgentConfig, file_name: str, strategy: Strategy, base: Evaluation, feedback: list[str]):
    """The prompt task and its template context. A large file is shown as a slice around its targets and the
    model replies with items; a small one is shown whole and comes back whole."""
    source = base.candidate.text
    synth = config.mode == Mode.SYNTH and base.candidate.round == 0
    named = (config.targets or placeholder_functions(source)) if synth else config.targets
    view = prompt_view(source, named, [d.unit_id for d in base.errors if d.unit_id])
    common = {"file_name": file_name, "source": view.source, "strategy": strategy.approach,
              "feedback": feedback, "reply_format": view.reply_format}
    if synth:
        return "synth", common | {"targets": named}
    if base.errors:
        return "repair", common | {"diagnostics": prompt_diagnostics(base.errors, source)}
    return "prove", common | {"targets": target_names(source, config.targets) or view.targets}


def placeholder_functions(source: str) -> list[str]:
    """Functions whose body is `unimplemented!()` or `todo!()`: synth writes these."""
    model = parse(source)
    return [
        f.qualified for f in model.functions
        if f.body is not None and any(p in model.slice(f.body) for p in _PLACEHOLDERS)
    ]


def _candidate(text: str, strategy: Strategy, round_no: int, base: Evaluation, call_id: str | None) -> Candidate:
    return Candidate(text=text, sha256=sha256_text(text), strategy=strategy.name, round=round_no,
                     parent=base.candidate.sha256, call_id=call_id)


def _pad(call_ids: list[str], count: int) -> list[str | None]:
    return [*call_ids, *([call_ids[-1] if call_ids else None] * max(0, count - len(call_ids)))][:count]
