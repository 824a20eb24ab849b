"""The options of the agent commands (prove, repair, synth), declared once: a new option is one field here,
then read where the run is planned (verusagent.agent.cli_run). A command that takes every agent option and
its own declares `@with_options(AgentOptions)`, or a subclass of AgentOptions for options of its own."""

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Optional

import typer

from verusagent.agent.config import FocusMode

# Also taken by `demo`, which has no other agent option.
RunsDir = Annotated[Path, typer.Option("--runs-dir", help="Where run records go.")]
RUNS_DIR = Path(".verusagent/runs")
Json = Annotated[bool, typer.Option("--json", help="Print the outcome as JSON.")]


@dataclass(kw_only=True)
class AgentOptions:
    fn: Annotated[
        Optional[list[str]], typer.Option("--fn", help="A function to prove (repeatable); default: all of them. "
                                          "In a crate: net::send, Conn::open, or a unit id.")
    ] = None
    package: Annotated[
        Optional[str], typer.Option("--package", "-p", help="In a cargo workspace: the member to work on (default: "
                                    "the member holding FILE).")
    ] = None
    model: Annotated[
        str, typer.Option("--model", help="A litellm model string, e.g. openai/gpt-4o, anthropic/..., ollama/...")
    ]
    api_base: Annotated[
        Optional[str], typer.Option("--api-base", help="An OpenAI-compatible server, e.g. http://127.0.0.1:8000/v1.")
    ] = None
    samples: Annotated[int, typer.Option("--samples", "-k", min=1, max=16, help="Replies per strategy and round.")] = 1
    strategies: Annotated[int, typer.Option("--strategies", min=1, max=4, help="Strategies tried in parallel.")] = 2
    rounds: Annotated[int, typer.Option("--rounds", min=1, help="Rounds at most.")] = 4
    temperature: Annotated[
        Optional[float], typer.Option("--temperature", help="Default: 0 for one sample, 0.7 for more.")
    ] = None
    max_calls: Annotated[Optional[int], typer.Option("--max-calls", min=0, help="Model call budget.")] = None
    max_tokens: Annotated[Optional[int], typer.Option("--max-tokens", min=0, help="Token budget.")] = None
    max_cost: Annotated[
        Optional[float], typer.Option("--max-cost", min=0.0, help="Money budget in USD (known prices only).")
    ] = None
    max_verus_runs: Annotated[
        Optional[int], typer.Option("--max-verus-runs", min=0, help="Budget of fresh verus runs.")
    ] = None
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="verus runs at once.")] = 2
    timeout: Annotated[float, typer.Option("--timeout", help="Seconds per verus run.")] = 300.0
    out: Annotated[
        Optional[Path], typer.Option("--out", help="Where to write the proof (default FILE.verified.rs).")
    ] = None
    in_place: Annotated[
        bool, typer.Option("--in-place", help="Overwrite FILE after writing a backup FILE.bak.")
    ] = False
    resume: Annotated[
        Optional[str], typer.Option("--resume", help="Continue a stopped run (id, id prefix, or folder).")
    ] = None
    verus: Annotated[
        Optional[str], typer.Option("--verus", help="The verus binary (default: $VERUS_PATH, then PATH).")
    ] = None
    focus: Annotated[
        FocusMode, typer.Option("--focus", help="Screen candidates of large files by verus runs on the changed "
                                "functions only (auto: when measured cheaper); acceptance is always whole-file.")
    ] = FocusMode.AUTO
    runs_dir: RunsDir = RUNS_DIR
    as_json: Json = False
