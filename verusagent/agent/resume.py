"""`--resume RUN`: continue a stopped run from its record.

The record holds the plan (in run_started), every candidate (by hash) and what verus said of each. The
candidates that reached verus are evaluated again (verus answers from its cache, so this costs no fresh run),
which rebuilds each strategy's best; spend so far counts against the budgets; rounds go on after the last one.
"""

from pathlib import Path

from verusagent.agent.candidate import Candidate, best_of
from verusagent.agent.evaluator import WHOLE
from verusagent.agent.focus import ScreeningPlan
from verusagent.agent.loop import Agent
from verusagent.agent.setup import RunPlan
from verusagent.record import (
    CandidateCreated,
    RunLog,
    RunStarted,
    ScreeningPlanned,
    SessionStarted,
    VerusRun,
    read_run,
    spend_of,
)

_REPLAYED = ("baseline", "screen", "houdini", "agent")  # "agent": an agent-mode session's screening runs


class CannotResume(Exception):
    pass


def load_plan(folder: Path) -> tuple[RunPlan, RunLog]:
    log = read_run(folder)
    started = next((e for e in log.events if isinstance(e, RunStarted)), None)
    baseline = next((e for e in log.events if isinstance(e, CandidateCreated) and e.strategy == "baseline"), None)
    if started is None or baseline is None or "plan" not in started.config:
        raise CannotResume(f"{folder} has no run_started with a plan, or no baseline candidate: cannot resume")
    if log.result is not None and log.result.verdict == "verified":
        raise CannotResume(f"run {folder.name} already ended verified; nothing to resume")
    plan_data = started.config["plan"]
    try:
        plan_data["task"]["original"] = log.candidate(baseline.sha256)
        for run in (e for e in log.events if isinstance(e, VerusRun) and e.purpose in _REPLAYED):
            log.candidate(run.sha256)  # every candidate to replay must still be what was recorded
    except (OSError, ValueError) as error:
        raise CannotResume(f"cannot resume {folder.name}: {error}") from error
    return RunPlan.model_validate(plan_data), log


def restore(agent: Agent, log: RunLog) -> None:
    """Put the agent where the record left off: evaluated candidates, bests, spend, next round."""
    created = {e.sha256: e for e in log.events if isinstance(e, CandidateCreated)}
    verified = [e for e in log.events if isinstance(e, VerusRun) and e.purpose in _REPLAYED]
    agent.client.budget.spend = spend_of(log.events)
    agent.kit.taken.update(e.session for e in log.events if isinstance(e, SessionStarted))
    agent.evaluator.fresh_runs = sum(1 for e in log.events if isinstance(e, VerusRun) and not e.from_cache)
    replayed = dict.fromkeys(e.sha256 for e in verified if e.sha256 in created)
    _restore_screening(agent, log, replayed)
    for sha in replayed:
        origin = created[sha]
        candidate = Candidate(
            text=log.candidate(sha),
            sha256=sha,
            strategy=origin.strategy,
            round=origin.round,
            parent=origin.parent,
            call_id=origin.call_id,
        )
        agent.remember([agent.evaluator.evaluate(candidate, "resume", parents=agent.seen, replay=True)])
    _restore_bests(agent, created)
    rounds = [created[sha].round for sha in replayed]
    agent.start_round = max(rounds, default=0) + 1


def _restore_screening(agent: Agent, log: RunLog, replayed: dict[str, None]) -> None:
    """Each candidate is replayed with the runs it had (so verus answers from its cache); costs as measured."""
    evaluator = agent.evaluator
    for event in log.events:
        if isinstance(event, VerusRun):
            evaluator.costs.observe(event.flags, event.duration_s, event.verdict, event.from_cache)
        elif isinstance(event, ScreeningPlanned):
            fields = {"kind": event.plan, "targets": event.targets, "reason": event.reason}
            evaluator.plans[event.sha256] = ScreeningPlan.model_validate(fields)  # the log's fields, validated
    for sha in replayed:
        evaluator.plans.setdefault(sha, WHOLE)


def _restore_bests(agent: Agent, created: dict[str, CandidateCreated]) -> None:
    evaluations = list(agent.seen.values())
    baseline = next((e for e in evaluations if e.candidate.strategy == "baseline"), None)
    for strategy in agent.portfolio:
        mine = [e for e in evaluations if e.candidate.strategy == strategy.name]
        chosen = best_of([*mine, *([baseline] if baseline else [])])
        if chosen is not None:
            agent.best[strategy.name] = chosen
    if agent.best:
        agent.share_best()
