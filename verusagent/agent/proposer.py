"""Ask the model for k candidates for one strategy: build the prompt, extract an edit from each reply."""

from verusagent.agent.candidate import Candidate, Evaluation
from verusagent.agent.config import AgentConfig, Mode
from verusagent.agent.strategies import Strategy
from verusagent.crate.prompt import crate_diagnostics, prompt_source
from verusagent.crate.splice import crate_edit
from verusagent.crate.workspace import Workspace
from verusagent.llm import Edit, ModelClient, chat
from verusagent.record import sha256_text

class Proposal:
    """The outcome of one strategy's request: candidates, and what to tell the model next time."""

    def __init__(self, strategy: Strategy):
        self.strategy = strategy
        self.candidates: list[Candidate] = []
        self.feedback: list[str] = []


def propose(
    client: ModelClient, config: AgentConfig, file_name: str, strategy: Strategy, base: Evaluation,
    round_no: int, feedback: list[str], workspace: Workspace | None = None,
) -> Proposal:
    """`workspace`: the files of a candidate text (a crate); a single file (`file_name`) when None."""
    workspace = workspace or Workspace.single(file_name)
    task, context = _prompt(config, strategy, base, feedback, workspace)
    completion = client.complete(chat(task, **context), purpose=f"{task}:{strategy.name}", n=config.samples)
    proposal = Proposal(strategy)
    for choice, call_id in zip(completion.choices, _pad(completion.call_ids, len(completion.choices))):
        edit = crate_edit(choice.text, workspace, base.candidate.text, truncated=choice.truncated)
        if isinstance(edit, Edit):
            proposal.candidates.append(_candidate(edit.candidate, strategy, round_no, base, call_id))
        else:
            proposal.feedback.append(edit.feedback())
    return proposal


def _prompt(config: AgentConfig, strategy: Strategy, base: Evaluation, feedback: list[str], workspace: Workspace):
    """A crate's prompt shows its target's file whole, for now (verusagent.crate.prompt)."""
    file_name, source = prompt_source(workspace, base.candidate.text)
    common = {"file_name": file_name, "source": source, "strategy": strategy.approach,
              "feedback": feedback, "reply_format": "file"}
    if config.mode == Mode.SYNTH and base.candidate.round == 0:
        return "synth", common | {"targets": config.targets or workspace.placeholders(base.candidate.text)}
    if base.errors:
        return "repair", common | {"diagnostics": crate_diagnostics(workspace, base.errors, base.candidate.text)}
    return "prove", common | {"targets": config.targets}


def _candidate(text: str, strategy: Strategy, round_no: int, base: Evaluation, call_id: str | None) -> Candidate:
    return Candidate(text=text, sha256=sha256_text(text), strategy=strategy.name, round=round_no,
                     parent=base.candidate.sha256, call_id=call_id)


def _pad(call_ids: list[str], count: int) -> list[str | None]:
    return [*call_ids, *([call_ids[-1] if call_ids else None] * max(0, count - len(call_ids)))][:count]
