"""How a run ends: the verdict event, the output file (never over the input without --in-place), result.json. A
run the model could not serve (``llm/health.py``) ends without a verdict, like an interrupted one: nothing was
decided, and ``--resume`` continues it once the model answers."""

import shutil
from pathlib import Path
from typing import Literal

from pydantic import BaseModel

from verusagent.agent.candidate import Evaluation
from verusagent.agent.config import Task
from verusagent.agent.output import (
    backup_path,
    default_name,
    default_out_folder,
    default_out_path,
    partial_path,
    write_copy,
    write_in_place,
)
from verusagent.crate.layout import CrateLayout
from verusagent.llm import ModelClient
from verusagent.record import RunResult, RunStopped, RunVerdict, RunWriter
from verusagent.review.screening import blocking
from verusagent.verus import VerusInstall


class RunOutcome(BaseModel):
    verdict: Literal["verified", "partial", "failed"] | None  # None: the model could not be used (stopped_reason)
    run_id: str
    run_folder: Path
    accepted_sha256: str | None = None
    output_path: Path | None = None
    backup_path: Path | None = None
    already_verified: bool = False
    obligations: list[dict] = []
    stopped_reason: str
    detail: str = ""
    verus_version: str
    verus_is_standin: bool  # the verdict came from the verus stand-in, not from verus
    model: str
    model_is_standin: bool  # the replies came from the scripted model (a stand-in), not a language model
    calls: int = 0  # requests sent to the model, retries included
    answered_calls: int = 0  # of them, the ones the model answered
    cached_calls: int = 0  # replies served from the response cache (no model call, no tokens)
    tokens: int = 0
    cost_usd: float = 0.0
    verus_runs: int = 0
    changed_files: list[str] = []  # a crate: the files the proof changed, relative to the crate folder
    backup_paths: list[Path] = []  # a crate with --in-place: the backup of each changed file
    review: str = ""  # the review's mode, what it did, and the rule it applied


class Finisher:
    def __init__(
        self,
        task: Task,
        record: RunWriter,
        client: ModelClient,
        install: VerusInstall,
        verus_runs,
        workspace=None,
        review_summary=lambda: "",
    ):
        self.task, self.record, self.client, self.install = task, record, client, install
        self.verus_runs = verus_runs  # a callable: fresh verus runs so far
        self.workspace = workspace  # a crate's files (verusagent.crate.workspace); None: the task's single file
        self.review_summary = review_summary  # a callable: what the review did, and its rule
        self.written: list[str] = []  # the crate files the written proof changed
        self.backups: list[Path] = []

    def verified(self, evaluation: Evaluation, already: bool = False) -> RunOutcome:
        sha = evaluation.candidate.sha256
        self.record.emit(RunVerdict(verdict="verified", accepted_sha256=sha))
        detail = f"{self.checker()} verified the whole {'crate' if self.task.crate else 'file'}"
        written, backup, failure = (None, None, "") if already else self._write(evaluation.candidate, verified=True)
        return self._end("verified", "done", detail + failure, sha, written, backup, [], already)

    def partial(self, best: Evaluation | None, reason: str, detail: str) -> RunOutcome:
        obligations = obligations_of(best, with_files=self.task.crate is not None)
        self.record.emit(RunVerdict(verdict="partial", obligations=obligations))
        written, failure = None, ""
        if best is not None and best.guard.clean and best.candidate.round > 0:
            written, _, failure = self._write(best.candidate, verified=False)
        return self._end("partial", reason, detail + failure, None, written, None, obligations, False)

    def model_stopped(self, best: Evaluation | None, reason: str, detail: str) -> RunOutcome:
        """The model cannot be used (``reason``: model_unreachable, credentials, context_window): no verdict; the
        candidates so far stay in the record for ``--resume``."""
        if best is not None and best.candidate.round > 0:
            detail += f"; the best candidate so far is {best.candidate.sha256[:10]} in the record (--resume continues)"
        return self._end(None, reason, detail, None, None, None, obligations_of(best), False)

    def checker(self) -> str:
        return "the verus STAND-IN (not verus)" if self.install.is_standin else "verus"

    def interrupted(self, best: Evaluation | None) -> None:
        self.record.emit(RunStopped(reason="interrupted", detail="Ctrl-C; continue with --resume"))
        self.record.write_result(self._result(None, "interrupted", obligations_of(best), None))
        self.record.close()

    def _end(self, verdict, reason, detail, sha, written, backup, obligations, already) -> RunOutcome:
        self.record.emit(RunStopped(reason=reason, detail=detail))
        self.record.write_result(self._result(verdict, reason, obligations, sha, output_path=str(written or "")))
        self.record.close()
        spend = self.client.budget.snapshot()
        return RunOutcome(
            verdict=verdict,
            run_id=self.record.run_id,
            run_folder=self.record.folder,
            accepted_sha256=sha,
            output_path=written,
            backup_path=backup,
            already_verified=already,
            obligations=obligations,
            stopped_reason=reason,
            detail=detail,
            verus_version=self.install.version,
            verus_is_standin=self.install.is_standin,
            model=self.client.settings.model,
            model_is_standin=is_scripted(self.client.settings.model),
            calls=spend.calls,
            answered_calls=spend.answered_calls,
            cached_calls=spend.cached_calls,
            tokens=spend.tokens,
            cost_usd=spend.cost_usd,
            verus_runs=self.verus_runs(),
            changed_files=self.written,
            backup_paths=self.backups,
            review=self.review_summary(),
        )

    def _result(self, verdict, reason, obligations, sha, **extra) -> RunResult:
        return RunResult(
            run_id=self.record.run_id,
            verdict=verdict,
            accepted_sha256=sha,
            obligations=obligations,
            stopped_reason=reason,
            spend=self.client.budget.snapshot(),
            started_ts=self.record.clock.started_wall,
            finished_ts=self.record.clock.now(),
            **self._about_run(),
            **extra,
            **self._crate_result(),
        )

    def _about_run(self) -> dict:
        """Fields of result.json that RunResult does not declare (it allows extra ones)."""
        return {
            "source": str(self.task.source_path),
            "verus_version": self.install.version,
            "verus_is_standin": self.install.is_standin,
        }

    def _crate_result(self) -> dict:
        if self.task.crate is None:
            return {}
        return {
            "crate_folder": str(self.task.crate.layout.folder),
            "crate_root": self.task.crate.layout.root,
            "changed_files": self.written,
        }

    def _write(self, candidate, verified: bool) -> tuple[Path | None, Path | None, str]:
        """Write the proof (in place only with --in-place, after a backup, and only when verified). A file that
        cannot be written loses nothing: the candidate stays in the run record, and the detail says where."""
        try:
            return *self._write_file(candidate.text, verified), ""
        except OSError as error:
            kept = self.record.folder / "candidates" / f"{candidate.sha256}.rs"
            return None, None, f"; could not write the proof ({error.strerror or error}): it is in {kept}"

    def _write_file(self, text: str, verified: bool) -> tuple[Path, Path | None]:
        if self.task.crate is not None:
            return self._write_crate(self.task.crate.layout, text, verified)
        if self.task.in_place and verified:
            backup = backup_path(self.task.source_path)
            shutil.copy2(self.task.source_path, backup)
            self.task.source_path.write_text(text, encoding="utf-8")
            return self.task.source_path, backup
        target = self.task.out_path if verified else partial_path(self.task)
        if verified and self.install.is_standin and target == default_out_path(self.task.source_path):
            target = self.task.source_path.with_name(self.task.source_path.stem + ".standin-verified.rs")
        target.write_text(text, encoding="utf-8")
        return target, None

    def _write_crate(self, layout: CrateLayout, text: str, verified: bool) -> tuple[Path, Path | None]:
        """--in-place: each changed file after its backup (verified only); else a copy of the crate."""
        workspace = self.workspace
        original, files = workspace.files(self.task.original), workspace.files(text)
        changed = {path: files[path] for path in workspace.order if files[path] != original[path]}
        self.written = list(changed)
        if self.task.in_place and verified:
            self.backups = write_in_place(layout, changed)
            return layout.folder, (self.backups[0] if self.backups else None)
        suffix = "verified" if verified else "partial"
        suffix = "standin-verified" if verified and self.install.is_standin else suffix
        explicit = self.task.out_path if verified and self.task.out_path != default_name(layout, "verified") else None
        folder = explicit or default_out_folder(layout, suffix)
        return write_copy(layout, changed, folder), None


def is_scripted(model: str) -> bool:
    return model.startswith("scripted/")


def obligations_of(best: Evaluation | None, with_files: bool = False) -> list[dict]:
    """What is left to prove: verus's remaining errors by unit, and the open review findings. In a crate each
    error also names its file, relative to the crate folder."""
    if best is None or (best.verus is None and not best.prechecked_out):
        return [{"kind": "no_verus_result", "message": "no candidate reached verus"}]
    remaining = [
        {"unit": d.unit_id, "kind": d.kind.value, "message": d.message, "line": d.location.line if d.location else None}
        | ({"file": d.location.file if d.location else None} if with_files else {})
        for d in best.errors
    ]
    if not remaining and best.verus is not None and not best.verus.accepted:
        remaining.append({"kind": best.verus.verdict.value, "message": "; ".join(best.verus.reasons)})
    return remaining + [{"kind": "review_finding", **f.record()} for f in blocking(best.findings)]
