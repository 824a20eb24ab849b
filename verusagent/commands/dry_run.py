"""`--dry-run`: the first round's requests, rendered as the run would send them, with their size and price;
no model call, no verus (prove renders as if the baseline had found no error; repair uses its `--log`), no
record, no API key."""

import json
import sys
from typing import Any

from pydantic import BaseModel

from verusagent.agent.candidate import Candidate, Evaluation
from verusagent.agent.config import AgentConfig, Task, TaskMode
from verusagent.agent.proposer import build_prompt
from verusagent.agent.session.run import opening_messages
from verusagent.agent.session.workspace import Workspace as SessionWorkspace
from verusagent.agent.strategies import Strategy, portfolio
from verusagent.agent.verifier import result_from_log
from verusagent.console import make_console
from verusagent.crate.workspace import CrateWorkspace
from verusagent.guard import GuardReport
from verusagent.llm.tokens import prompt_size
from verusagent.precheck import precheck_source
from verusagent.prompt import chat
from verusagent.record import sha256_text
from verusagent.verus.models import Diagnostic


class DryRequest(BaseModel):
    task: str  # the prompt: prove, repair or synth
    strategy: str
    file: str
    prompt_tokens: int
    tokenizer: str  # the tiktoken encoding counted with
    tokenizer_exact: bool  # the model's own encoding; else an estimate
    known_model: bool  # litellm knows the model's provider; False: a real run refuses it (exit 2)
    estimated_cost_usd: float | None  # the prompt's input price for one request; None: no known price
    samples: int  # replies asked for (`--samples`)
    reply_format: str  # "file" (the whole file comes back), "items" (only the functions changed), or "crate"
    # (items, with a `// file:` line before each other file's), "tool calls" (an agent-mode session)
    sliced: bool  # the prompt shows a slice of the file, not all of it
    over_budget: bool = False  # what the targets need alone exceeds the slice budget: all of it is shown
    context_floor_tokens: int | None = None  # a slice: what its targets need (an estimate at 4 bytes a token)
    context_budget_tokens: int | None = None  # a slice: its budget
    context_cut: bool = False  # what the targets need was cut to the budget (`--context-budget`, a hard one)
    messages: list[dict[str, Any]]


class DryRun(BaseModel):
    requests: list[DryRequest]
    notes: list[str] = []


def dry_run(task: Task, config: AgentConfig) -> DryRun:
    workspace = _workspace(task)
    base, notes = _first_base(task, config, workspace)
    shown_whole = workspace.target_text(base.candidate.text)
    requests = [
        _request(task, config, strategy, base, workspace, shown_whole)
        for strategy in portfolio(config.strategies, config.strategy_names)
    ]
    if requests and not requests[0].known_model:
        notes.append(
            f"unknown model {config.model_settings.model!r}: litellm knows no such provider or model, price unknown; a "
            "real run stops before any work (exit 2)"
        )
    return DryRun(requests=requests, notes=notes)


def _request(
    task: Task, config: AgentConfig, strategy: Strategy, base: Evaluation, workspace: CrateWorkspace, whole: str
) -> DryRequest:
    """The first request of one strategy of the run's portfolio (the same strategies, `--strategy` included); an
    agent-mode session shows the messages it opens with."""
    context: dict  # the prompt's template context, as build_prompt gives it
    if strategy.kind == "session":
        name, context = "agent", {"reply_format": "tool calls", "source": whole, "context_fit": None}
        messages = opening_messages(config, base, SessionWorkspace(base, task.source_path.name, workspace))
    else:
        name, context = build_prompt(config, task.source_path.name, strategy, base, [], workspace)
        messages = chat(name, **context)
    size = prompt_size(config.model_settings.model, messages)
    return DryRequest(
        task=name,
        strategy=strategy.name,
        file=str(task.source_path),
        prompt_tokens=size.tokens,
        tokenizer=size.tokenizer,
        tokenizer_exact=size.exact,
        known_model=size.known_model,
        estimated_cost_usd=size.input_cost_usd,
        samples=1 if strategy.kind == "session" else config.samples,
        reply_format=context["reply_format"],
        sliced=context["source"] != whole,
        **_fit(context["context_fit"]),
        messages=messages,
    )


def _fit(fit) -> dict:
    if fit is None:
        return {}
    return {
        "over_budget": fit.over_budget,
        "context_floor_tokens": fit.floor_tokens,
        "context_budget_tokens": fit.budget_tokens,
        "context_cut": fit.cut_to_ceiling,
    }


def _workspace(task: Task) -> CrateWorkspace:
    """The crate's files as the run would see them (no verus: the target and the layout suffice)."""
    if task.crate is None:
        return CrateWorkspace.single(task.source_path.name)
    return CrateWorkspace(task.crate.layout, task.crate.target)


def _first_base(task: Task, config: AgentConfig, workspace: CrateWorkspace) -> tuple[Evaluation, list[str]]:
    """What round 1 starts from: the input, with the errors of `--log` in repair mode."""
    text = task.original
    candidate = Candidate(text=text, sha256=sha256_text(text), strategy="baseline", round=0)
    base = Evaluation(candidate=candidate, guard=GuardReport(violations=[]))
    if config.mode != TaskMode.REPAIR:
        return base, _precheck_notes(task)
    logged = result_from_log(task.log_text or "", text, task.source_path.name, workspace)
    if logged is None:
        return base, [
            "the log shows no verus error: the run would start with a verus run; shown: the prove "
            "prompt it would send if that run found no error"
        ]
    return base.model_copy(update={"verus": logged}), []


def _precheck_notes(task: Task) -> list[str]:
    """What the pre-check finds in the input (a syntax error most of all): a real run would spend its first verus run
    and round learning it."""
    if task.crate is not None:
        return []
    report = precheck_source(task.original, task.source_path.name)
    return [
        f"{_where(task, finding.diagnostic)}: {finding.diagnostic.message} (the pre-check, as verus would say it): "
        "verus rejects the file as it stands; the prompt below asks the model to fix and prove it"
        for finding in report.findings
    ]


def _where(task: Task, diagnostic: Diagnostic) -> str:
    span = diagnostic.location or (diagnostic.spans[0] if diagnostic.spans else None)
    return f"{task.source_path}:{span.line}" if span is not None and span.line else str(task.source_path)


def print_dry_run(result: DryRun, as_json: bool) -> None:
    if as_json:
        sys.stdout.write(json.dumps(result.model_dump(mode="json"), indent=2) + "\n")
        return
    out = make_console(file=sys.stdout, highlight=False, soft_wrap=True)
    for note in result.notes:
        out.print(f"note: {note}", markup=False)
    for request in result.requests:
        out.print(_heading(request), markup=False)
        for message in request.messages:
            out.print(f"--- {message['role']} ---", markup=False)
            out.print(message["content"], markup=False)
    total = sum(r.prompt_tokens * r.samples for r in result.requests)
    out.print(
        f"{len(result.requests)} requests, {total:,} prompt tokens in all (dry run: nothing was sent)", markup=False
    )


def _shown(request: DryRequest) -> str:
    if request.context_cut:
        return "cut to the budget: spec bodies elided deepest first, the targets whole"
    return "all of it is shown"


def _heading(request: DryRequest) -> str:
    cost = "price unknown" if request.estimated_cost_usd is None else f"~${request.estimated_cost_usd:.4f} input"
    if not request.known_model:
        cost = "unknown model, price unknown"
    view = "a slice of the file" if request.sliced else "the whole file"
    if request.over_budget:
        view += (
            f" (over_budget: true: what the targets need is about {request.context_floor_tokens:,} tokens, "
            f"over the {request.context_budget_tokens:,}-token budget; {_shown(request)})"
        )
    tokenizer = request.tokenizer if request.tokenizer_exact else f"{request.tokenizer}, an estimate for this model"
    return (
        f"=== {request.task} / {request.strategy}: {request.prompt_tokens:,} prompt tokens ({tokenizer}), "
        f"{cost} per request, x{request.samples} samples; shows {view}, reply: {request.reply_format} ==="
    )
