"""The guard: a candidate may add proof, never change the problem.

    from verusagent.guard import guard, GuardPolicy
    report = guard(original_text, candidate_text)
    if not report.clean:
        for violation in report.violations:
            print(violation.rule, violation.reason)

Pure and fast (no verus, no model); it never raises: a candidate it cannot judge gets a violation.
"""

from verusagent.guard.core import guard, guard_new_file
from verusagent.guard.policy import GuardPolicy
from verusagent.guard.report import RULE_DESCRIPTIONS, Evidence, GuardReport, Rule, Severity, Violation

__all__ = [
    "RULE_DESCRIPTIONS",
    "Evidence",
    "GuardPolicy",
    "GuardReport",
    "Rule",
    "Severity",
    "Violation",
    "guard",
    "guard_new_file",
]
