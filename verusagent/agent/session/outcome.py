"""What a tool call gives back: the text the model reads, and what the record keeps beside it."""

import difflib

from pydantic import BaseModel, Field

from verusagent.prompt import session as wording

MAX_RESULT_CHARS = 12_000  # every tool result is cut to this, with a note saying so


class ToolOutcome(BaseModel):
    text: str
    ok: bool = True
    error: str | None = None  # unknown_tool, malformed_arguments, unknown_target, refused, unusable, not_run, ...
    produced_sha256: str | None = None
    applied: bool = False
    verdict: str | None = None
    verus_runs: list[int] = Field(default_factory=list)
    ends_session: str | None = None  # why this call ends the session ("submitted", "budget", "repeated")
    detail: str = ""

    def bounded(self) -> "ToolOutcome":
        if len(self.text) <= MAX_RESULT_CHARS:
            return self
        cut = self.text[:MAX_RESULT_CHARS].rsplit("\n", 1)[0]
        return self.model_copy(update={"text": wording.cut_result(cut, len(self.text))})


def failure(error: str, text: str, **fields) -> ToolOutcome:
    return ToolOutcome(text=text, ok=False, error=error, **fields)


def unknown(what: str, name: str, known: list[str]) -> ToolOutcome:
    """An id or name that does not exist, with the closest ones that do."""
    close = difflib.get_close_matches(name, known, n=5, cutoff=0.5)
    return failure("unknown_target", wording.unknown_name(what, name, close))
