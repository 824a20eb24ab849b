"""The bench's progress: a live bar on a terminal (done, solved, spend, ETA), one line per task otherwise."""

import time

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from verusagent.bench.jobs import TaskResult
from verusagent.console import make_console


class BenchProgress:
    def __init__(self, total: int, already: list[TaskResult], console: Console | None = None) -> None:
        self.console = console or make_console(stderr=True)
        self.total, self.done = total, len(already)
        self.solved = sum(r.outcome == "solved" for r in already)
        self.errors = sum(r.outcome == "error" for r in already)
        self.spend = sum(r.cost_usd for r in already)
        self.started, self.resumed = time.monotonic(), self.done
        self.bar = self._bar() if self.console.is_terminal else None

    def _bar(self) -> Progress:
        bar = Progress(
            TextColumn("bench"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.description}"),
            TimeRemainingColumn(),
            console=self.console,
            transient=False,
        )
        self.bar_task = bar.add_task(self._status(), total=self.total, completed=self.done)
        bar.start()
        return bar

    def line(self, text: str) -> None:
        self.console.print(text, highlight=False, soft_wrap=True)

    def finished(self, result: TaskResult) -> None:
        self.done += 1
        self.solved += result.outcome == "solved"
        self.errors += result.outcome == "error"
        self.spend += result.cost_usd
        why = f": {result.reason}" if result.outcome != "solved" and result.reason else ""
        self.line(
            f"[{self.done}/{self.total}] {escape(result.task_id)}: {result.outcome}{escape(why)} "
            f"({result.wall_s:.1f} s) · {self._status()}"
        )
        if self.bar is not None:
            self.bar.update(self.bar_task, completed=self.done, description=self._status())

    def _status(self) -> str:
        return f"solved {self.solved}, errors {self.errors}, spend ${self.spend:.2f}, ETA {self.eta()}"

    def eta(self) -> str:
        ran = self.done - self.resumed
        if ran <= 0:
            return "?"
        seconds = (time.monotonic() - self.started) / ran * (self.total - self.done)
        return time.strftime("%H:%M:%S", time.gmtime(seconds)) if seconds < 86400 else f"{seconds / 86400:.1f} days"

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()
            self.bar = None
