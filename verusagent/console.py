"""The one way verusagent makes a rich console: text is printed as written, never rewritten or wrapped for a pipe.

Rich replaces `:name:` with an emoji (the unit id `fn:A::wf` came out as `fn🅰:wf`), and wraps at 80 columns when
the stream is not a terminal, which splits paths and run ids across lines where `grep` cannot find them. A
terminal keeps its own width; a pipe or a file gets lines as long as they are (unless `$COLUMNS` sets a width).
"""

import os
import sys
from typing import IO, Any

from rich.console import Console

PIPE_WIDTH = 100_000  # wide enough that no line a command prints is wrapped; tables keep their natural width


def make_console(stderr: bool = False, file: IO[str] | None = None, **options: Any) -> Console:
    stream = file or (sys.stderr if stderr else sys.stdout)
    options.setdefault("emoji", False)
    columns = os.environ.get("COLUMNS", "")
    if not _is_terminal(stream) and not columns.isdigit():  # $COLUMNS: the user chose a width, rich honours it
        options.setdefault("width", PIPE_WIDTH)
        options.setdefault("soft_wrap", True)
    if file is not None:
        return Console(file=file, **options)
    return Console(stderr=stderr, **options)


def _is_terminal(stream: IO[str]) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # a closed stream
        return False
