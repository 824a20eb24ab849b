"""Every command's exit codes, each defined once. The values are shared: 0 the command's answer is yes, 1 it is
no, 2 a usage error, 3 something the command needs is missing or unusable, 130 interrupted (Ctrl-C). Each
command's docstring says what its codes mean for it."""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from verusagent.verus.models import Verdict

# 0: verified, clean, passed, done
EXIT_OK = EXIT_VERIFIED = EXIT_CLEAN = EXIT_PASS = EXIT_DONE = 0
# 1: partial, not verified, violations, rejected, a broken record
EXIT_PARTIAL = EXIT_NOT_VERIFIED = EXIT_VIOLATIONS = EXIT_REJECT = EXIT_BROKEN = 1
EXIT_USAGE = 2
# 3: verus missing or failing, the model unusable (never answered, stopped answering, key refused, prompt over its
# window), the review unavailable or incomplete, no vstd
EXIT_VERUS = EXIT_TOOL_FAILURE = EXIT_MODEL_UNUSABLE = EXIT_REVIEW_UNAVAILABLE = EXIT_INCOMPLETE = EXIT_NO_VSTD = 3
EXIT_INTERRUPTED = 130


class UsageError(Exception):
    """A command's input cannot be used as given: printed as one line, exit EXIT_USAGE."""


def verdict_exit_code(verdict: "Verdict | None", partial_allowed: bool) -> int:
    """`verify` and `diagnose`: 0 verified (a `--verify-function` run: its function), 3 verus failed or timed out,
    else 1."""
    from verusagent.verus.models import Verdict  # lazy: the verus adapter (0.2 s) loads for verify and diagnose only

    if verdict == Verdict.VERIFIED or (partial_allowed and verdict == Verdict.VERIFIED_PARTIAL):
        return EXIT_VERIFIED
    if verdict in (Verdict.TOOL_FAILURE, Verdict.TIMEOUT):
        return EXIT_TOOL_FAILURE
    return EXIT_NOT_VERIFIED
