"""Every command's exit codes, each defined once. The values are shared: 0 the command's answer is yes, 1 it is
no, 2 a usage error, 3 something the command needs is missing or unusable, 130 interrupted (Ctrl-C). Each
command's docstring says what its codes mean for it."""

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
