"""The CI gate: the guard over every `.rs` file changed since a base revision, as text, JSON, SARIF or GitHub
annotations. `run_gate` raises `GitError` (a one-line message) when git cannot answer."""

from verusagent.gate.git import GitError
from verusagent.gate.run import FileResult, GateResult, run_gate

__all__ = ["FileResult", "GateResult", "GitError", "run_gate"]
