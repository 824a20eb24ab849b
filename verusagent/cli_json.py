"""`--json` (and gate's `--format json`): stdout holds one JSON document, whatever happens.

A command that ends without writing its document (a usage error, a missing file, verus or a key missing, a bad
option value that typer refuses before the command runs) writes `{"error": MESSAGE, "exit": N}` instead; the
prose stays on stderr, where it always goes. The message is the last `error:` line the command printed.
"""

import json
import sys
from collections.abc import Callable
from typing import IO, Any

_PREFIXES = ("error:", "Error:")


def wants_json(argv: list[str]) -> bool:
    """`--json`, or `--format json`, among the options (before a `--` that ends them)."""
    options = argv[: argv.index("--")] if "--" in argv else argv
    if "--json" in options or "--format=json" in options:
        return True
    return any(a == "--format" and b == "json" for a, b in zip(options, options[1:]))


class Recorder:
    """A text stream that forwards everything to `stream` and remembers what went through it."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.parts: list[str] = []

    def write(self, text: str | bytes) -> int:
        decoded = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
        self.parts.append(decoded)
        return self.stream.write(decoded)

    def __getattr__(self, name: str) -> Any:  # isatty, flush, fileno, encoding, buffer, ...
        return getattr(self.stream, name)

    @property
    def text(self) -> str:
        return "".join(self.parts)


def run_with_json_errors(run: Callable[[], Any]) -> int:
    """Runs the command (which ends in SystemExit, as typer's commands do) and returns its exit code, having
    written the error object when the command wrote nothing to stdout and failed."""
    out, err = Recorder(sys.stdout), Recorder(sys.stderr)
    sys.stdout, sys.stderr = out, err
    try:
        code = _exit_code(run)
    finally:
        sys.stdout, sys.stderr = out.stream, err.stream
    if code != 0 and not out.text.strip():
        sys.stdout.write(json.dumps({"error": error_message(err.text, code), "exit": code}) + "\n")
        sys.stdout.flush()
    return code


def _exit_code(run: Callable[[], Any]) -> int:
    try:
        run()
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    return 0


def error_message(stderr: str, code: int) -> str:
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    errors = [line for line in lines if line.startswith(_PREFIXES)]
    if errors:
        return errors[-1].split(":", 1)[1].strip()
    return lines[-1] if lines else f"exited with code {code}"
