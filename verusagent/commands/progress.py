"""Progress of a run on the console (the agent's ``Progress``): a live status line on a terminal, plain lines
otherwise (CI logs, pipes)."""

from rich.console import Console
from rich.markup import escape

from verusagent.agent.candidate import Evaluation, describe
from verusagent.console import make_console
from verusagent.record import Spend


class Reporter:
    """Plain lines everywhere; on a terminal also a live status line (round, spend, best so far)."""

    def __init__(self, console: Console | None = None, quiet: bool = False):
        self.console = console or make_console(stderr=True)
        self.quiet = quiet
        self.status = self.console.status("starting") if self.console.is_terminal and not quiet else None
        self.round_text = "baseline"
        if self.status is not None:
            self.status.start()

    def line(self, text: str) -> None:
        if not self.quiet:
            self.console.print(text, highlight=False)

    def warn(self, text: str) -> None:
        self.console.print(f"warning: {text}", markup=False, highlight=False, soft_wrap=True)

    def close(self) -> None:
        if self.status is not None:
            self.status.stop()
            self.status = None

    def _live(self, text: str) -> None:
        if self.status is not None:
            self.status.update(f"{self.round_text} · {text}")

    def round_started(self, round_no: int, spend: Spend, verus_runs: int) -> None:
        cost = f", ${spend.cost_usd:.4f}" if spend.cost_usd else ""
        self.round_text = f"round {round_no}: {spend.calls} calls, {spend.tokens} tokens{cost}, {verus_runs} verus runs"
        self.line(
            f"[bold]round {round_no}[/bold]: {spend.calls} model calls, {spend.tokens} tokens{cost}, "
            f"{verus_runs} verus runs so far"
        )
        self._live("asking the model")

    def evaluated(self, evaluation: Evaluation, note: str = "") -> None:
        candidate = evaluation.candidate
        label = f"{candidate.strategy}{'/' + note if note else ''} {candidate.sha256[:10]}"
        self.line(f"  {escape(label)}: {escape(describe(evaluation))}")
        self._live(f"last: {escape(describe(evaluation))}")

    def best(self, evaluation: Evaluation | None) -> None:
        if evaluation is not None:
            self.line(f"  best so far: {escape(evaluation.candidate.sha256[:10])} ({escape(describe(evaluation))})")
            self._live(f"best so far: {escape(describe(evaluation))}")
