"""Ask the model for k candidates for one strategy: build the prompt, extract an edit from each reply."""

from verusagent.agent.candidate import Candidate, Evaluation
from verusagent.agent.config import AgentConfig, Mode
from verusagent.agent.feedback import prompt_diagnostics
from verusagent.agent.strategies import Strategy
from verusagent.agent.targets import target_names
from verusagent.lens import parse
from verusagent.llm import Edit, ModelClient, chat, extract_edit
from verusagent.record import sha256_text

_PLACEHOLDERS = ("unimplemented!", "todo!")


class Proposal:
    """The outcome of one strategy's request: candidates, and what to tell the model next time."""

    def __init__(self, strategy: Strategy):
        self.strategy = strategy
        self.candidates: list[Candidate] = []
        self.feedback: list[str] = []


def propose(
    client: ModelClient, config: AgentConfig, file_name: str, strategy: Strategy, base: Evaluation,
    round_no: int, feedback: list[str],
) -> Proposal:
    task, context = _prompt(config, file_name, strategy, base, feedback)
    completion = client.complete(chat(task, **context), purpose=f"{task}:{strategy.name}", n=config.samples)
    proposal = Proposal(strategy)
    for choice, call_id in zip(completion.choices, _pad(completion.call_ids, len(completion.choices))):
        edit = extract_edit(choice.text, base.candidate.text, truncated=choice.truncated)
        if isinstance(edit, Edit):
            proposal.candidates.append(_candidate(edit.candidate, strategy, round_no, base, call_id))
        else:
            proposal.feedback.append(edit.feedback())
    return proposal


def _prompt(config: AgentConfig, file_name: str, strategy: Strategy, base: Evaluation, feedback: list[str]):
    source = base.candidate.text
    common = {"file_name": file_name, "source": source, "strategy": strategy.approach,
              "feedback": feedback, "reply_format": "file"}
    if config.mode == Mode.SYNTH and base.candidate.round == 0:
        return "synth", common | {"targets": config.targets or placeholder_functions(source)}
    if base.errors:
        return "repair", common | {"diagnostics": prompt_diagnostics(base.errors, source)}
    return "prove", common | {"targets": target_names(source, config.targets)}


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
