"""Benchmark: the agent-mode tools' own overhead per call, everything except model and verus time.

Each call goes through the session exactly as a model's would (the tool_call event, argument checks, the tool,
the tool_result event, each fsynced to a run record). `verify` runs with a verifier stub that answers at once
with one error, so its figure is ours alone: planning, recording, mapping the diagnostics to lens units,
rendering. Every `edit` makes a new text (the target function with a numbered comment), so no parse is cached.
The tasks: the demo (27 lines) and the largest VeruSAGE-Bench task with a ground truth (~5,600 lines), whose
edit is the ground truth's target function. The vstd index load is a one-time cost, printed apart. Goal: under
20 ms a call.

Run: python -m tests.benchmarks.bench_agent_tools [--calls N] [--shared DIR]
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tests.paths import REPO_ROOT

GOAL_MS = 20.0


def stub_verifier(bench_error_line: int):
    from verusagent.agent.verifier import Verifier
    from verusagent.verus import Diagnostic, DiagnosticKind, Level, SpanRef, Verdict, VerusResult

    class StubVerifier(Verifier):
        """Answers every run at once (a bench stand-in for verus, which is not timed here)."""

        def __init__(self):
            from verusagent.crate.workspace import CrateWorkspace

            self.max_runs, self.fresh_runs = None, 0
            self.workspace = CrateWorkspace.single("task.rs")

        def run_scoped(self, jobs, no_cheating=False, fresh=False):
            for tag, text, scope in jobs:
                error = Diagnostic(
                    kind=DiagnosticKind.ASSERTION,
                    level=Level.ERROR,
                    message="assertion failed",
                    location=SpanRef(file="task.rs", line=bench_error_line, col=5),
                )
                result = VerusResult(
                    verdict=Verdict.FAILED,
                    partial=bool(scope),
                    diagnostics=[error],
                    errors=1,
                    duration_s=0.0,
                    verus_path="(bench stub)",
                    verus_version="bench-stub",
                    is_standin=True,
                    content_sha256="-",
                    file_name="task.rs",
                    flags=[],
                )
                yield tag, self._mapped(result, text)

    return StubVerifier()


def make_session(folder: Path, text: str, error_line: int, vstd: Path | None):
    from verusagent.agent.candidate import Candidate
    from verusagent.agent.config import AgentConfig
    from verusagent.agent.evaluator import Evaluator
    from verusagent.agent.session import SessionKit
    from verusagent.agent.session.library import LemmaLibrary
    from verusagent.agent.session.run import Session
    from verusagent.agent.strategies import AGENT
    from verusagent.guard import GuardPolicy
    from verusagent.llm import ModelSettings
    from verusagent.record import RunWriter, sha256_text

    from tests.review.pass_through import PassThroughReview

    writer = RunWriter.create(folder / "runs")
    evaluator = Evaluator(text, GuardPolicy(), PassThroughReview(), stub_verifier(error_line), writer)
    base = evaluator.screen(Candidate(text=text, sha256=sha256_text(text), strategy="baseline", round=0))
    kit = SessionKit(evaluator=evaluator, library=LemmaLibrary(vstd=vstd))
    started = time.perf_counter()
    session = Session(
        kit, None, AgentConfig(model_settings=ModelSettings(model="scripted/bench")), "task.rs", AGENT, base, 1, []
    )
    return session, time.perf_counter() - started


def timed_call(session, name: str, arguments: dict) -> tuple[float, float, object]:
    from verusagent.llm import ToolCall

    call = ToolCall(id=f"bench-{time.perf_counter_ns()}", name=name, arguments=arguments)
    wall, cpu = time.perf_counter(), time.process_time()
    outcome = session._run_calls([call], "bench-call")[0]
    return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000, outcome


def bench_task(
    label: str, text: str, target: str, function_text: str, query: str, calls: int, vstd: Path | None
) -> None:
    from verusagent.lens import parse

    function = next(f for f in parse(text).functions if f.name == target)
    with tempfile.TemporaryDirectory() as tmp:
        session, start_s = make_session(Path(tmp), text, function.span.line, vstd)
        load = time.perf_counter()
        session.kit.library.vstd_search()
        load_s = time.perf_counter() - load
        print(
            f"\n{label}: {text.count(chr(10))} lines; session start {start_s * 1000:.1f} ms; vstd index "
            f"load {load_s * 1000:.0f} ms (once per run: {session.kit.library.note})"
        )
        figures: dict[str, list[tuple[float, float]]] = {}
        for n in range(calls):
            edited = function_text.replace("{\n", f"{{\n    // bench edit {n}\n", 1)
            steps = [
                ("edit", "edit", {"items": edited}),
                ("verify", "verify", {}),
                ("view", "view", {"target": target}),
                ("view outline", "view", {"target": "outline"}),
                ("definition", "definition", {"name": target}),
                ("search_lemmas", "search_lemmas", {"query": query}),
                ("verify again (memory)", "verify", {}),
            ]
            for key, name, arguments in steps:
                wall, cpu, outcome = timed_call(session, name, arguments)
                assert outcome.ok, (name, outcome.error, outcome.text[:300])
                figures.setdefault(key, []).append((wall, cpu))
        report(figures)


def report(figures: dict[str, list[tuple[float, float]]]) -> None:
    print(f"  {'tool':<28} {'median ms':>10} {'p90 ms':>8} {'cpu ms':>8}   goal {GOAL_MS:g} ms")
    for name, samples in figures.items():
        walls = sorted(w for w, _ in samples)
        p90 = walls[min(len(walls) - 1, int(0.9 * len(walls)))]
        median, cpu = statistics.median(walls), statistics.median(c for _, c in samples)
        print(f"  {name:<28} {median:>10.1f} {p90:>8.1f} {cpu:>8.1f}   {'met' if median < GOAL_MS else 'NOT met'}")


def demo_task() -> tuple[str, str]:
    text = (REPO_ROOT / "rust_fixtures" / "demo" / "double.rs").read_text()
    proof = (
        (REPO_ROOT / "rust_fixtures" / "demo" / "reply_complete.md").read_text().split("```rust\n")[1].split("```")[0]
    )
    return text, proof[proof.index("/// Adds 2") : proof.index("fn main()")].rstrip() + "\n"


def largest_verusage(shared: Path):
    from verusagent.bench.verusage import SplicedPair, discover, spliced_pair

    tasks = sorted(discover(shared / "corpus" / "verusage-bench"), key=lambda t: -t.task_path.stat().st_size)
    return next(pair for pair in map(spliced_pair, tasks[:20]) if isinstance(pair, SplicedPair))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=5, help="rounds of the seven calls per task")
    default_shared = os.environ.get("VERUSAGENT_CORPUS") or str(REPO_ROOT.parent / "shared")
    parser.add_argument("--shared", default=default_shared)
    args = parser.parse_args()
    shared = Path(args.shared)
    vstd = shared / "corpus" / "vstd" if (shared / "corpus" / "vstd").is_dir() else None
    with tempfile.TemporaryDirectory() as cache:
        os.environ["VERUSAGENT_CACHE_DIR"] = cache
        print(
            f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (wall times grow with it; cpu ms "
            "is this process alone)"
        )
        text, proof_fn = demo_task()
        bench_task("demo double.rs", text, "double", proof_fn, "mul add commutative", args.calls, vstd)
        if not (shared / "corpus" / "verusage-bench").is_dir():
            print(f"\nno VeruSAGE-Bench at {shared}/corpus/verusage-bench: the large-file figures are skipped")
            return 0
        pair = largest_verusage(shared)
        query = " ".join(pair.ground_truth_function.split("ensures", 1)[-1].split("{", 1)[0].split())[:200]
        bench_task(
            f"VeruSAGE {pair.task.task_id}",
            pair.original,
            pair.target,
            pair.ground_truth_function,
            query or pair.target,
            args.calls,
            vstd,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
