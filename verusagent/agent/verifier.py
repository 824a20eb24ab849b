"""verus for the agent: parallel whole-file runs through the pool, diagnostics mapped to lens units, and a
limit on fresh (not cached) verus runs."""

from collections.abc import Iterator
from contextlib import closing
from typing import Any

from verusagent.crate.workspace import CrateWorkspace
from verusagent.lens import parse
from verusagent.record import sha256_text
from verusagent.verus import RunOptions, Verdict, VerusInstall, VerusPool, VerusResult, map_to_units, parse_log


class VerusBudgetExceeded(Exception):
    def __init__(self, limit: int):
        super().__init__(f"verus run budget spent: {limit} fresh verus runs made")
        self.reason = str(self)


class Verifier:
    def __init__(
        self,
        install: VerusInstall,
        options: RunOptions,
        jobs: int,
        max_runs: int | None = None,
        workspace: CrateWorkspace | None = None,
    ):
        self.install = install
        self.options = options
        self.workspace = workspace or CrateWorkspace.single(options.file_name)  # what a candidate text is
        self.pool = VerusPool(install, jobs=jobs, options=options)
        self.max_runs = max_runs
        self.fresh_runs = 0

    def can_accept_with_no_cheating(self) -> bool:
        return self.install.supports("--no-cheating")

    def run_many(
        self, tagged: list[tuple[Any, str]], no_cheating: bool = False, fresh: bool = False
    ) -> Iterator[tuple[Any, VerusResult]]:
        """Verify each (tag, text) as a whole file; yields (tag, result) as runs finish. `fresh` runs verus
        even when the result cache has an answer (the acceptance run does)."""
        return self.run_scoped([(tag, text, {}) for tag, text in tagged], no_cheating, fresh)

    def run_scoped(
        self, jobs: list[tuple[Any, str, dict]], no_cheating: bool = False, fresh: bool = False
    ) -> Iterator[tuple[Any, VerusResult]]:
        """Each (tag, text, scope): `scope` updates the run options (`verify_function`, `verify_module`,
        `verify_root` for a focused run; empty for a whole-file run). Answers from the result cache come first
        and cost nothing; each run that starts verus counts against the budget."""
        options = self.options.model_copy(
            update={"no_cheating": no_cheating, "use_cache": self.options.use_cache and not fresh}
        )
        pending = []
        for tag, text, scope in jobs:
            source, chosen = self.workspace.sources(text), options.model_copy(update=scope)
            cached = self.pool.cached(source, chosen)
            if cached is not None:
                yield tag, self._mapped(cached, text)
            else:
                pending.append((tag, text, source, chosen))
        while pending:
            room = self._room(len(pending))
            yield from self._run_batch(pending[:room])
            pending = pending[room:]

    def _run_batch(self, batch: list[tuple[Any, str, Any, RunOptions]]) -> Iterator[tuple[Any, VerusResult]]:
        texts = {tag: text for tag, text, _, _ in batch}
        runs = self.pool.run_jobs([(tag, source, chosen) for tag, _, source, chosen in batch])
        with closing(runs):  # a consumer that stops early stops this batch's runs, not the pool
            for tag, result in runs:
                self.fresh_runs += 0 if result.from_cache else 1
                yield tag, self._mapped(result, texts[tag])

    def _room(self, wanted: int) -> int:
        if self.max_runs is None:
            return wanted
        room = self.max_runs - self.fresh_runs
        if room <= 0:
            raise VerusBudgetExceeded(self.max_runs)
        return min(room, wanted)

    def _mapped(self, result: VerusResult, text: str) -> VerusResult:
        mapped = self.workspace.map_units(result.diagnostics, text, result.file_name)
        return result.model_copy(update={"diagnostics": mapped})

    def cancel(self) -> None:
        self.pool.cancel()

    def close(self) -> None:
        self.pool.close()


def result_from_log(
    log_text: str, source: str, file_name: str, workspace: CrateWorkspace | None = None
) -> VerusResult | None:
    """A failing verus result read from a saved log (`repair --log`); None when the log shows no failure, in
    which case verus must run: a log can never make a candidate verified. In a crate, the log's file names are
    read as the crate's (`src/net.rs`, or from the workspace folder)."""
    parsed = parse_log(log_text)
    errors = [d for d in parsed.diagnostics if d.is_error]
    verdict = parsed.verdict
    if verdict is None or verdict in (Verdict.VERIFIED, Verdict.VERIFIED_PARTIAL) or not errors:
        return None
    if workspace is not None and not workspace.is_single_file:
        diagnostics = workspace.map_units(workspace.logged_spans(parsed.diagnostics), source, None)
    else:
        diagnostics = map_to_units(parsed.diagnostics, parse(source))
    return VerusResult(
        verdict=verdict,
        partial=parsed.partial,
        diagnostics=diagnostics,
        reasons=["read from a saved verus log, not a verus run", *parsed.reasons],
        duration_s=0.0,
        verus_path="(saved log)",
        verus_version=parsed.verus_version or "unknown",
        is_standin=parsed.standin_detected,
        content_sha256=sha256_text(source),
        file_name=file_name,
        flags=[],
    )
