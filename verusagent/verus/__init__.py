"""The verus adapter: runs verus safely and fast, and understands everything it says.

verus is the only acceptance authority: a partial run, a crash, a timeout or garbage output is never read as a
success, and a tool failure is never read as a proof failure. See `VerusResult.accepted`.
"""

from verusagent.verus.diagnostics import Category, DiagnosticKind
from verusagent.verus.install import VerusInstall, VerusNotFound, VerusUnusable, find_verus
from verusagent.verus.models import (
    ClauseRef,
    Diagnostic,
    Level,
    ParsedOutput,
    ResultsSummary,
    RunOptions,
    SpanRef,
    Verdict,
    VerusResult,
)
from verusagent.verus.parse import parse_log, parse_output, parse_text_log
from verusagent.verus.pool import VerusPool
from verusagent.verus.process import Cancelled
from verusagent.verus.runner import run_verus
from verusagent.verus.units import map_to_units

__all__ = [
    "Cancelled",
    "Category",
    "ClauseRef",
    "Diagnostic",
    "DiagnosticKind",
    "Level",
    "ParsedOutput",
    "ResultsSummary",
    "RunOptions",
    "SpanRef",
    "Verdict",
    "VerusInstall",
    "VerusNotFound",
    "VerusPool",
    "VerusResult",
    "VerusUnusable",
    "find_verus",
    "map_to_units",
    "parse_log",
    "parse_output",
    "parse_text_log",
    "run_verus",
]
