"""What a session works on: the current candidate (the base, or the last edit the guard passed), what verus said
of each version, and the lens's model of the current text (from the guard's parse cache: one parse per text)."""

from pydantic import BaseModel

from verusagent.agent.candidate import Evaluation
from verusagent.guard.source import Source, analyse, as_bytes
from verusagent.lens import Function, SourceModel
from verusagent.verus import VerusResult


class VerifyMemo(BaseModel):
    """A verify result of one text and scope: what verus said, and the verus_run events it came from."""

    result: VerusResult
    runs: list[int]
    scope: str  # "whole" (the screening plan) or the unit id of the function verified


class Workspace:
    def __init__(self, base: Evaluation, file_name: str):
        self.file_name = file_name
        self.current = base
        self.seen: dict[str, Evaluation] = {base.candidate.sha256: base}  # for focused screening: the parents
        self.memos: dict[tuple[str, str], VerifyMemo] = {}
        self.edits = 0  # edits applied so far

    @property
    def sha(self) -> str:
        return self.current.candidate.sha256

    @property
    def text(self) -> str:
        return self.current.candidate.text

    def lines(self) -> list[str]:
        """The lines as verus numbers them (a final newline ends the last line; it starts none)."""
        lines = self.text.split("\n")
        return lines[:-1] if len(lines) > 1 and lines[-1] == "" else lines

    def source(self) -> Source:
        return analyse(as_bytes(self.text))

    def model(self) -> SourceModel:
        return self.source().model

    def apply(self, evaluation: Evaluation) -> None:
        self.current = evaluation
        self.edits += 1

    def verified(self, evaluation: Evaluation) -> None:
        """A screening result of some version: it is the parent view of later edits, and current if it is."""
        self.seen[evaluation.candidate.sha256] = evaluation
        if evaluation.candidate.sha256 == self.sha:
            self.current = evaluation

    def latest_result(self) -> VerusResult | None:
        """The last verus result on the current text: its screening run, else the last function run."""
        memos = [memo for (sha, _), memo in self.memos.items() if sha == self.sha]
        return self.current.verus or (memos[-1].result if memos else None)

    def error_lines(self) -> set[int]:
        result = self.latest_result()
        return {d.location.line for d in result.errors_only() if d.location and d.location.line} if result else set()

    def failing_functions(self) -> dict[str, int]:
        result = self.latest_result()
        counts: dict[str, int] = {}
        for diagnostic in result.errors_only() if result else []:
            unit = (diagnostic.unit_id or "?").split("/")[0]
            counts[unit] = counts.get(unit, 0) + 1
        return counts

    def functions_named(self, name: str) -> list[Function]:
        """Functions whose unit id, qualified name or name is `name` (a `fn:` prefix optional)."""
        bare = name.strip().removeprefix("fn:")
        return [f for f in self.model().functions if name.strip() == f.id or bare in (f.id[3:], f.qualified, f.name)]
