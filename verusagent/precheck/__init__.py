"""The static pre-check: what the lens can decide with certainty that verus would reject in its front end,
reported as verus reports it, so that a candidate it rejects need not reach verus.

    report = precheck_source(path.read_bytes(), "task.rs", PrecheckContext(vstd_names=...))
    report.clean, report.diagnostics(), report.rendered()

Rules (`PrecheckRule`, docs/precheck.md): a parse error anywhere, and token sequences no grammar takes in the
functions verus checks; `int`/`nat` casts and literals in exec code; a spec or proof fn of the crate called from
exec code, and an exec fn from ghost code; a quantifier no trigger can cover; a call of a function that neither
the crate, vstd nor Rust's prelude has; a method vstd's collection types lack; a literal of the wrong kind.
It never reports what it cannot decide: every ground truth of the shared corpora passes it
(tests/precheck/test_precheck_corpus.py).
"""

from verusagent.precheck.check import PrecheckContext, crate_of, precheck_parsed, precheck_source
from verusagent.precheck.model import RULE_DESCRIPTIONS, PrecheckFinding, PrecheckReport, PrecheckRule
from verusagent.precheck.prechecker import Prechecker
from verusagent.precheck.vstd_methods import VstdMethods, vstd_methods
from verusagent.precheck.vstd_names import vstd_names

__all__ = [
    "RULE_DESCRIPTIONS",
    "PrecheckContext",
    "PrecheckFinding",
    "PrecheckReport",
    "PrecheckRule",
    "Prechecker",
    "crate_of",
    "precheck_parsed",
    "precheck_source",
    "VstdMethods",
    "vstd_methods",
    "vstd_names",
]
