"""What the model is told about its reply's edit: the detail of each ``ReplyError`` that reading the reply
(``verusagent.reply``) or editing the source with it (``verusagent.edit``) raises, which ``extraction_feedback``
(``feedback``) and an agent session's ``edit_unusable`` (``session``) show after the reason's own sentence; and
the notes of a usable edit (``Edit.notes``: what was skipped and why), which ``edit_applied`` shows.

``verusagent.reply`` sits below this package and cannot word its errors: it raises them with their reason alone
(no_code, unsupported_format), and the edit of the source, the one way a prover's reply reaches the model again,
gives them their words here (``worded``).
"""

from collections.abc import Callable

from verusagent.reply import ReplyError, ReplyReason


def no_code() -> str:
    return "No code was found in the reply."


def diff_sent() -> str:
    return "Send the changed code itself, not a diff."


def original_file_sent() -> str:
    return "The file you sent is the original file."


def only_elided_signatures() -> str:
    return "You sent back only signatures shown with an elided body."


def identical_functions() -> str:
    return "Every function you sent is identical to the original."


def module_added(modules: list[str]) -> str:
    """The `mod name;` lines of a reply (a proof adds no module)."""
    lines = ", ".join(f"`mod {name};`" for name in modules)
    return f"It declares {lines}: a proof adds no module. Put new lemmas in the file itself."


def ended_mid_function(incomplete: list[str]) -> str:
    """A reply cut off; ``incomplete``: the functions cut (none when the code ended before one began)."""
    names = f" (incomplete: {', '.join(incomplete)})" if incomplete else ""
    return f"The code ended mid-function{names}."


def no_function_with_a_body() -> str:
    return "The code blocks held no function definition with a body."


def outside_crate(file: str, crate_files: list[str]) -> str:
    """A section for a path that leaves the crate's folder (absolute, or through `..`)."""
    return f"`{file}` is outside the crate: edit only the files of the crate ({', '.join(crate_files)})."


def not_a_crate_file(file: str, crate_files: list[str]) -> str:
    """A section for a path inside the crate's folder that is none of its files."""
    return f"`{file}` is not a file of the crate (a proof adds no module): edit only {', '.join(crate_files)}."


def several_whole_files(count: int) -> str:
    return f"the reply held {count} whole files; the last one was used"


def unclosed_whole_file() -> str:
    return "the code block was not closed, but the file in it is complete"


def function_cut_off(name: str) -> str:
    return f"function {name} was cut off or unbalanced and was not used"


def function_left_elided(name: str) -> str:
    return f"function {name} was sent with its body still elided and was left as it is"


def defined_in_several_files(qualified: str) -> str:
    """A function sent without its file that several files of the crate define."""
    return f"function {qualified} is defined in several files of the crate and was not used: name its file"


def overlapping_edit(start: int) -> str:
    """A splice that overlaps an earlier one (at byte ``start`` of the original)."""
    return f"skipped an edit at byte {start}: it overlaps another"


# The reading's errors, raised in ``verusagent.reply`` with their reason alone.
_READING: dict[ReplyReason, Callable[[], str]] = {
    ReplyReason.NO_CODE: no_code,
    ReplyReason.UNSUPPORTED_FORMAT: diff_sent,
}


def worded(error: ReplyError) -> ReplyError:
    """The error with the detail the model reads: its own when it has one, else its reason's (a reading error)."""
    if error.detail or error.reason not in _READING:
        return error
    return ReplyError(error.reason, _READING[error.reason]())
