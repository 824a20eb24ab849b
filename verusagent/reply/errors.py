"""The one failure of reading a reply: ``ReplyError``, raised by every parser of ``verusagent.reply`` (and by the
edit of the source, ``verusagent.edit``) when a reply holds nothing usable. It carries the reason (what kind of
reply it was) and the detail (what to send instead); the words the model reads are ``verusagent.prompt``'s: the
detail of an edit's error is worded in ``prompt.reply_text`` (an error of reading a prover's reply is raised here
with its reason alone, and worded there on its way to the model), the whole message in its templates."""

from enum import StrEnum


class ReplyReason(StrEnum):
    NO_CODE = "no_code"  # no code block, nothing that looks like Rust
    UNSUPPORTED_FORMAT = "unsupported_format"  # only diffs or patches
    TRUNCATED = "truncated"  # code cut off before any function was complete
    NO_FUNCTIONS = "no_functions"  # code, but neither a whole file nor a complete function
    UNCHANGED = "unchanged"  # the edit gives back the original
    OUTSIDE_CRATE = "outside_crate"  # a section for a file outside the crate, or for no file of it (crates)
    MODULE_ADDED = "module_added"  # a `mod name;` line among the functions: a module a proof never adds
    NO_JSON = "no_json"  # no JSON value anywhere in the reply (the review's findings and votes)
    NOT_FINDINGS = "not_findings"  # JSON, but not a list of findings
    NO_VOTE = "no_vote"  # no vote of the judgments asked for


class ReplyError(Exception):
    """A reply with nothing usable: ``reason`` and ``detail`` go back to the model (or into the record)."""

    def __init__(self, reason: ReplyReason, detail: str = ""):
        super().__init__(f"{reason.value}: {detail}")
        self.reason = reason
        self.detail = detail
