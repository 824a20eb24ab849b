"""The agent loop: propose with a portfolio of strategies, screen (guard, review), verify, keep the best,
prune with Houdini, and accept only what a whole-file verus run verified and the guard passed on the exact bytes.

Stops are exceptions (budget spent, the model unusable, Ctrl-C) or the end of the rounds; every step is in the run
record.
"""

from concurrent.futures import ThreadPoolExecutor
from functools import partial

from verusagent.agent.candidate import Candidate, Evaluation, best_of, better, describe
from verusagent.agent.config import AgentConfig, Task
from verusagent.agent.evaluator import Evaluator
from verusagent.agent.outcome import Finisher, RunOutcome
from verusagent.agent.proposer import Proposal, build_prompt, propose
from verusagent.agent.reporting import Progress
from verusagent.agent.session import SessionKit, run_session
from verusagent.agent.strategies import Strategy, portfolio
from verusagent.agent.verifier import VerusBudgetExceeded, result_from_log
from verusagent.edit.houdini import prune_crate
from verusagent.llm import BudgetExceeded, ModelCallError, ModelClient
from verusagent.llm.errors import ModelUnavailable
from verusagent.prompt.feedback import (
    acceptance_unconfirmed,
    guard_feedback,
    model_call_failed,
    precheck_feedback,
    repeated_candidate,
)
from verusagent.record import ContextOverBudget, sha256_text
from verusagent.verus import Verdict


class Agent:
    def __init__(
        self,
        task: Task,
        config: AgentConfig,
        client: ModelClient,
        evaluator: Evaluator,
        finisher: Finisher,
        reporter: Progress,
        kit: SessionKit | None = None,
    ):
        self.task, self.config, self.client = task, config, client
        self.evaluator, self.finisher, self.reporter = evaluator, finisher, reporter
        self.workspace = evaluator.workspace  # the files of a candidate text: one for a single file
        self.kit = kit or SessionKit(evaluator=evaluator, reporter=reporter)  # for agent-mode sessions
        self.portfolio = portfolio(config.strategies, config.strategy_names)
        self.best: dict[str, Evaluation] = {}
        self.feedback: dict[str, list[str]] = {s.name: [] for s in self.portfolio}
        self.seen: dict[str, Evaluation] = {}
        self.start_round = 1

    def run(self) -> RunOutcome:
        try:
            baseline = self.baseline()
            if self.accept(baseline):
                return self.finisher.verified(baseline, already=True)
            self.note_context(baseline)
            for round_no in range(self.start_round, self.config.rounds + 1):
                winner = self.round(round_no)
                if winner is not None and self.accept(winner):
                    return self.finisher.verified(winner)
                pruned = self.prune_best()
                if pruned is not None and pruned is not winner and self.accept(pruned):
                    return self.finisher.verified(pruned)
            return self.finisher.partial(self.overall_best(), "rounds", f"{self.config.rounds} rounds done")
        except (BudgetExceeded, VerusBudgetExceeded) as stop:
            return self.finisher.partial(self.overall_best(), "budget", stop.reason)
        except ModelUnavailable as stop:  # never answered, stopped answering, key refused, prompt too long: exit 3
            return self.finisher.model_stopped(self.overall_best(), stop.reason, str(stop))
        except ModelCallError as error:  # a request the provider refuses as such (e.g. a bad request)
            return self.finisher.partial(self.overall_best(), "error", str(error))
        except KeyboardInterrupt:
            self.kit.cancel.set()
            self.evaluator.cancel()
            self.finisher.interrupted(self.overall_best())
            raise

    def baseline(self) -> Evaluation:
        original = self.task.original
        candidate = Candidate(text=original, sha256=sha256_text(original), strategy="baseline", round=0)
        evaluation = self.seen.get(candidate.sha256) or self.first_look(candidate)
        self.remember([evaluation])
        self.reporter.evaluated(evaluation)
        for strategy in self.portfolio:
            self.best.setdefault(strategy.name, evaluation)
        return evaluation

    def first_look(self, candidate: Candidate) -> Evaluation:
        """The input's verus result: from `repair --log` when the log shows its errors, else a verus run."""
        logged = None
        if self.task.log_text is not None:
            logged = result_from_log(self.task.log_text, candidate.text, self.task.source_path.name, self.workspace)
        if logged is None:
            return self.evaluator.evaluate(candidate, "baseline")
        return self.evaluator.screen(candidate).model_copy(update={"verus": logged})

    def note_context(self, base: Evaluation) -> None:
        """Before the first model call: say (on stderr and in the record) when what the first prompt's targets need
        alone exceeds the context budget. An agent-mode session's prompt is not sliced."""
        strategy = next((s for s in self.portfolio if s.kind != "session"), None)
        if strategy is None:
            return
        _, context = build_prompt(self.config, self.task.source_path.name, strategy, base, [], self.workspace)
        fit = context["context_fit"]
        if fit is not None and fit.over_budget:
            self.reporter.warn(fit.notice())
            self.evaluator.record.emit(
                ContextOverBudget(
                    floor_tokens=fit.floor_tokens,
                    budget_tokens=fit.budget_tokens,
                    cap_tokens=fit.cap_tokens,
                    cut=fit.cut_to_ceiling,
                )
            )

    def round(self, round_no: int) -> Evaluation | None:
        """One round: every strategy proposes in parallel; candidates are screened and verified; best kept."""
        self.reporter.round_started(round_no, self.client.budget.snapshot(), self.evaluator.fresh_runs)
        proposals, stop = self.ask_all(round_no)
        self.keep_best(proposals, [])  # an agent session's candidates, screened and verified already
        self.keep_best(proposals, self.screen_and_verify(proposals))
        winner = self.share_best()
        if stop is not None:
            raise stop
        return winner

    def keep_best(self, proposals: list[Proposal], fresh: list[Evaluation]) -> None:
        for proposal in proposals:
            self.remember(proposal.evaluations)
            mine = [e for e in [*fresh, *proposal.evaluations] if e.candidate.strategy == proposal.strategy.name]
            self.best[proposal.strategy.name] = better(self.best[proposal.strategy.name], *mine)

    def ask_all(self, round_no: int) -> tuple[list[Proposal], Exception | None]:
        keep = self.config.feedback_items
        pool = ThreadPoolExecutor(max_workers=len(self.portfolio), thread_name_prefix="strategy")
        try:
            futures = [
                pool.submit(
                    self.proposer(strategy),
                    self.client,
                    self.config,
                    self.task.source_path.name,
                    strategy,
                    self.best[strategy.name],
                    round_no,
                    self.feedback[strategy.name][-keep:] if keep else [],
                    self.evaluator.prompt_findings(strategy.name, keep),
                )
                for strategy in self.portfolio
            ]
            return self.collect(futures)
        finally:  # on Ctrl-C, do not wait for model calls in flight: their replies are not needed
            pool.shutdown(wait=False, cancel_futures=True)

    def proposer(self, strategy: Strategy):
        """A strategy's proposer: one request for k candidates, or an agent-mode session."""
        return (
            partial(run_session, self.kit) if strategy.kind == "session" else partial(propose, workspace=self.workspace)
        )

    def collect(self, futures) -> tuple[list[Proposal], Exception | None]:
        """Each strategy's proposal; a budget stop or fatal model error is kept to raise after this round, and so
        is the model's unavailability when no call of the run has been answered yet."""
        proposals, stop = [], None
        for strategy, future in zip(self.portfolio, futures):
            try:
                proposals.append(future.result())
            except (BudgetExceeded, ModelCallError) as error:
                fatal = isinstance(error, BudgetExceeded) or error.stops_run
                stop = stop or (error if fatal else None)
                self.feedback[strategy.name].append(model_call_failed(error))
        for proposal in proposals:
            self.feedback[proposal.strategy.name].extend(proposal.feedback)
            stop = stop or proposal.stop
        return proposals, stop or self.client.health.never_answered()

    def screen_and_verify(self, proposals: list[Proposal]) -> list[Evaluation]:
        for proposal in proposals:
            repeats = [c for c in proposal.candidates if c.sha256 in self.seen]
            self.feedback[proposal.strategy.name].extend(
                repeated_candidate(c.sha256[:10], describe(self.seen[c.sha256])) for c in repeats
            )
        released = self.settle_disputes(proposals)
        unique = {c.sha256: c for p in proposals for c in p.candidates if c.sha256 not in self.seen}
        screened = [self.evaluator.screen(candidate) for candidate in unique.values()]
        for evaluation in screened:
            self.note_rejection(evaluation)
        evaluated = self.evaluator.verify(released + screened, "screen", parents=self.seen)
        self.remember(evaluated)
        for evaluation in evaluated:
            self.reporter.evaluated(evaluation)
        return evaluated

    def settle_disputes(self, proposals: list[Proposal]) -> list[Evaluation]:
        """Disputed review findings are judged; a blocked candidate left with no blocking finding goes to verus."""
        return [
            evaluation
            for proposal in proposals
            for evaluation in self.evaluator.settle_disputes(proposal.strategy.name, proposal.disputes, self.seen)
        ]

    def note_rejection(self, evaluation: Evaluation) -> None:
        """Guard violations and pre-check findings go into the strategy's feedback (the candidate may not rank
        high enough to be repaired itself); review findings reach its next prompt through
        the review screen (``prompt_findings``), with their ids, so that the model can dispute them."""
        if evaluation.rejected_by == "guard":
            self.feedback[evaluation.candidate.strategy].extend(guard_feedback(evaluation.guard))
        elif evaluation.prechecked_out:
            self.feedback[evaluation.candidate.strategy].extend(precheck_feedback(evaluation.errors))

    def share_best(self) -> Evaluation | None:
        """The best candidate of all strategies becomes the starting point of any strategy it beats."""
        winner = self.overall_best()
        for name, mine in self.best.items():
            if winner is not None and winner.rank_key() > mine.rank_key():
                self.best[name] = winner
        self.reporter.best(winner)
        return winner

    def overall_best(self) -> Evaluation | None:
        return best_of(list(self.best.values()))

    def prune_best(self) -> Evaluation | None:
        """Houdini on the best candidate so far; with none (no baseline yet), nothing to prune."""
        best = self.overall_best()
        return None if best is None else self.houdini(best)

    def houdini(self, start: Evaluation) -> Evaluation:
        """Drop failing invariants and assertions, one verus run per step, while that helps."""
        current = start
        for _ in range(self.config.houdini_steps):
            if current.verus is None or current.verus.verdict != Verdict.FAILED:
                break
            pruned = prune_crate(self.workspace, current.candidate.text, current.errors, current.verus.file_name)
            if pruned is None or sha256_text(pruned) in self.seen:
                break
            candidate = Candidate(
                text=pruned,
                sha256=sha256_text(pruned),
                strategy=current.candidate.strategy,
                round=current.candidate.round,
                parent=current.candidate.sha256,
            )
            step = self.evaluator.evaluate(candidate, "houdini", parents=self.seen)
            self.remember([step])
            self.reporter.evaluated(step, note="houdini")
            if step.rank_key() <= current.rank_key():
                break
            current = step
        if current is not start:
            self.best[current.candidate.strategy] = better(self.best[current.candidate.strategy], current)
            self.share_best()
        return current

    def accept(self, evaluation: Evaluation) -> bool:
        """Final acceptance: a whole-file run (with --no-cheating where possible) and the guard on those bytes."""
        if not evaluation.ready_for_acceptance:
            return False
        no_cheating = self.evaluator.can_accept_with_no_cheating() and not self.original_has_hatches()
        unverified = evaluation.model_copy(update={"verus": None})
        final = self.evaluator.verify([unverified], "acceptance", no_cheating, fresh=True)[0]
        guard_now = self.evaluator.recheck_guard(final.candidate.text)
        if final.accepted and guard_now.clean:
            return True
        self.feedback[evaluation.candidate.strategy].append(
            acceptance_unconfirmed(final.verus.reasons if final.verus else [])
        )
        self.demote(final)
        return False

    def demote(self, final: Evaluation) -> None:
        """A candidate whose acceptance run failed ranks by that run from now on, not by its screening run."""
        self.remember([final])
        for name, mine in self.best.items():
            if mine.candidate.sha256 == final.candidate.sha256:
                self.best[name] = final

    def original_has_hatches(self) -> bool:
        """--no-cheating would reject escape hatches the input already had (the guard bars new ones)."""
        return self.workspace.has_hatches(self.task.original)

    def remember(self, evaluations: list[Evaluation]) -> None:
        for evaluation in evaluations:
            self.seen[evaluation.candidate.sha256] = evaluation
