"""From a model's tool call to its result. Every way a call can be wrong comes back as a result the model can
act on, never an exception: an unknown tool, arguments that are not a JSON object or do not fit the tool, an
id that does not exist (the tools report those). A call repeated with no edit in between is answered once
more with a warning; the next repeat ends the session."""

import json
from collections import Counter

from verusagent.agent.candidate import Candidate
from verusagent.agent.evaluator import Evaluator
from verusagent.agent.session import definitions, editing, verification, views
from verusagent.agent.session.library import LemmaLibrary
from verusagent.agent.session.limits import SessionMeter
from verusagent.agent.session.outcome import ToolOutcome, failure
from verusagent.agent.session.schema import BY_NAME, TOOL_NAMES, ToolSpec
from verusagent.agent.session.searching import search_lemmas
from verusagent.agent.session.workspace import Workspace
from verusagent.llm import ToolCall
from verusagent.prompt import session as wording
from verusagent.prompt import tool_results as shown_as
from verusagent.reply.tool_calls import ArgumentsError, tool_arguments

REPEATS_ANSWERED = 2  # the same call twice with no edit between is answered; a third time ends the session


class Toolbox:
    """The six tools over one session's workspace."""

    def __init__(
        self, workspace: Workspace, evaluator: Evaluator, library: LemmaLibrary, meter: SessionMeter, origin: Candidate
    ):
        self.workspace, self.evaluator, self.library, self.meter = workspace, evaluator, library, meter
        self.origin = origin  # strategy and round of the candidates its edits make

    def run(self, name: str, arguments, model_call_id: str | None) -> ToolOutcome:
        ws = self.workspace
        if name == "view":
            return views.view(ws, arguments.target)
        if name == "definition":
            return definitions.definition(ws, self.library, arguments.name)
        if name == "search_lemmas":
            return search_lemmas(ws, self.library, arguments.query, arguments.limit)
        if name == "verify":
            return verification.verify(ws, self.evaluator, self.meter, arguments.function)
        if name == "edit":
            return editing.edit(
                ws, self.evaluator, arguments.items, self.origin.model_copy(update={"call_id": model_call_id})
            )
        return ToolOutcome(
            text=shown_as.submitted(ws.sha[:10]),
            ends_session="submitted",
            detail=getattr(arguments, "summary", ""),
        )


class Dispatcher:
    def __init__(self, toolbox: Toolbox):
        self.toolbox = toolbox
        self.since_edit: Counter[str] = Counter()
        self.edits_seen = 0

    def dispatch(self, call: ToolCall, model_call_id: str | None) -> ToolOutcome:
        spec = BY_NAME.get(call.name)
        repeated = self._repeat(call)
        if repeated is not None:
            return repeated
        if spec is None:
            return failure("unknown_tool", wording.unknown_tool(call.name, list(TOOL_NAMES)))
        arguments = _arguments(spec, call)
        if isinstance(arguments, ToolOutcome):
            return arguments
        outcome = self.toolbox.run(spec.name, arguments, model_call_id)
        if self.since_edit[_key(call)] == REPEATS_ANSWERED and not outcome.ends_session:
            outcome = outcome.model_copy(update={"text": wording.repeated_once(outcome.text)})
        return outcome.bounded()

    def _repeat(self, call: ToolCall) -> ToolOutcome | None:
        if self.toolbox.workspace.edits != self.edits_seen:
            self.since_edit.clear()
            self.edits_seen = self.toolbox.workspace.edits
        key = _key(call)
        self.since_edit[key] += 1
        if self.since_edit[key] <= REPEATS_ANSWERED:
            return None
        detail = wording.repeated_call(call.name, call.arguments_text(), self.since_edit[key])
        return failure("repeated", wording.not_run(detail), ends_session="repeated", detail=detail)


def _key(call: ToolCall) -> str:
    arguments = json.dumps(call.arguments, sort_keys=True) if call.arguments_parsed else call.arguments
    return f"{call.name}\0{arguments}"


def _arguments(spec: ToolSpec, call: ToolCall):
    """The call's arguments read by verusagent.reply; arguments it cannot use are a result the model reads."""
    try:
        return tool_arguments(call, spec.arguments)
    except ArgumentsError as error:
        expected = json.dumps(spec.openai()["function"]["parameters"]["properties"])
        return failure("malformed_arguments", wording.arguments_failure(spec.name, error, expected))
