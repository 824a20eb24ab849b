"""What the agent tells about a run while it runs: ``Progress``, which the command's console reporter
(``verusagent.commands.progress.Reporter``) implements; the agent itself prints nothing."""

from typing import Protocol

from verusagent.agent.candidate import Evaluation
from verusagent.record import Spend


class Progress(Protocol):
    def line(self, text: str) -> None: ...

    def warn(self, text: str) -> None: ...  # said even to a quiet (--json) run, on stderr

    def round_started(self, round_no: int, spend: Spend, verus_runs: int) -> None: ...

    def evaluated(self, evaluation: Evaluation, note: str = "") -> None: ...

    def best(self, evaluation: Evaluation | None) -> None: ...
