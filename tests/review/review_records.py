"""Shadow-mode run records for the calibration tests, written with the real ``RunWriter``."""

from pathlib import Path

from verusagent.record import CandidateCreated, GuardChecked, ReviewReport, RunStarted, RunWriter, VerusRun


def vote_finding(votes: list[str], unit: str = "fn:f/loop#1") -> dict:
    return {
        "severity": "critical",
        "location": {"unit": unit, "lines": [3, 4]},
        "reason": "invariant too weak",
        "evidence": "invariant i <= n",
        "check": "logic",
        "status": "open",
        "votes": votes,
    }


def score_of_votes(findings: list[dict]) -> float:
    fractions = [sum(v == "substantial" for v in f["votes"]) / len(f["votes"]) for f in findings if "votes" in f]
    return max(fractions, default=0.0)


class ShadowRun:
    """A run record grown candidate by candidate: created, guarded, reviewed in a mode, verified by verus."""

    def __init__(self, runs_dir: Path, run_id: str = "20260101-000000-aaaaaa", standin: bool = False):
        self.writer = RunWriter.create(runs_dir, run_id)
        self.standin = standin
        self.writer.emit(RunStarted(run_id=run_id, command="prove", verus_version="0.2025.1", verus_is_standin=standin))
        self.count = 0

    @property
    def folder(self) -> Path:
        return self.writer.folder

    def candidate(
        self,
        findings: list[dict],
        verdicts: list[tuple[str, str, bool, float]] | None = None,
        mode: str | None = "shadow",
        score: float | None = None,
        text: str | None = None,
    ) -> str:
        """One candidate; ``verdicts`` are its verus runs as (verdict, purpose, from_cache, duration_s)."""
        self.count += 1
        sha = self.writer.write_candidate(text or f"fn candidate_{self.count}() {{}}\n")
        self.writer.emit(CandidateCreated(sha256=sha, strategy="invariants", round=1))
        self.writer.emit(GuardChecked(sha256=sha, clean=True))
        reported = score_of_votes(findings) if score is None and mode == "shadow" else score
        self.writer.emit(ReviewReport(sha256=sha, findings=findings, gate="shadow-test", mode=mode, score=reported))
        for verdict, purpose, cached, seconds in (
            verdicts if verdicts is not None else [("verified", "screen", False, 2.0)]
        ):
            self.writer.emit(
                VerusRun(
                    sha256=sha,
                    verdict=verdict,
                    purpose=purpose,
                    from_cache=cached,
                    duration_s=seconds,
                    is_standin=self.standin,
                    verus_version="0.2025.1",
                )
            )
        return sha

    def close(self) -> Path:
        self.writer.close()
        return self.folder
