"""What a session works on: the current candidate (the base, or the last edit the guard passed), what verus said
of each version, and the lens's model of the current text (from the guard's parse cache: one parse per text).

In a crate the candidate is a set of files (verusagent.crate.workspace): each method that reads the text takes
the file (`path`, relative to the crate folder; None: the target's file, or the only file), and functions are
found in every file (their ids carry their module path, `fn:net::send`, so they are unique in the crate)."""

from pydantic import BaseModel

from verusagent.agent.candidate import Evaluation
from verusagent.crate.workspace import CrateWorkspace
from verusagent.guard.source import Source, analyse, as_bytes
from verusagent.lens import Function, SourceModel
from verusagent.reply.tool_calls import written_path
from verusagent.verus import VerusResult


class VerifyMemo(BaseModel):
    """A verify result of one text and scope: what verus said, and the verus_run events it came from."""

    result: VerusResult
    runs: list[int]
    scope: str  # "whole" (the screening plan) or the unit id of the function verified


class Workspace:
    def __init__(self, base: Evaluation, file_name: str, crate: CrateWorkspace | None = None):
        self.crate = crate or CrateWorkspace.single(file_name)  # the files a candidate text holds
        self.file_name = file_name if self.crate.is_single_file else self.crate.target  # the file shown first
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

    @property
    def is_crate(self) -> bool:
        return not self.crate.is_single_file

    @property
    def paths(self) -> list[str]:
        return self.crate.order

    def file_text(self, path: str | None = None) -> str:
        return self.text if not self.is_crate else self.crate.files(self.text)[path or self.file_name]

    def lines(self, path: str | None = None) -> list[str]:
        """The lines as verus numbers them (a final newline ends the last line; it starts none)."""
        lines = self.file_text(path).split("\n")
        return lines[:-1] if len(lines) > 1 and lines[-1] == "" else lines

    def source(self, path: str | None = None) -> Source:
        return analyse(as_bytes(self.file_text(path)))

    def model(self, path: str | None = None) -> SourceModel:
        """A file's model; in a crate, with the crate's ids (`fn:net::send`)."""
        return self.models()[path or self.file_name] if self.is_crate else self.source().model

    def models(self) -> dict[str, SourceModel]:
        return self.crate.models(self.text) if self.is_crate else {self.file_name: self.source().model}

    def file_of(self, function: Function) -> str:
        """The file holding a function of the current text (found by its id, unique in a crate)."""
        return next(
            (path for path, model in self.models().items() if any(f.id == function.id for f in model.functions)),
            self.file_name,
        )

    def crate_path(self, written: str) -> str | None:
        """A file of the crate as a model writes it (`./src/net.rs`, `src\\net.rs`); None: no file of the crate."""
        normal = written_path(written)
        return normal if normal in self.paths else None

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

    def error_lines(self, path: str | None = None) -> set[int]:
        """The lines of a file (of the only file) where the latest verus result has errors."""
        result = self.latest_result()
        wanted = path or self.file_name
        return (
            {
                d.location.line
                for d in result.errors_only()
                if d.location and d.location.line and (not self.is_crate or d.location.file == wanted)
            }
            if result
            else set()
        )

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
        return [
            f
            for model in self.models().values()
            for f in model.functions
            if name.strip() == f.id or bare in (f.id[3:], f.qualified, f.name)
        ]
