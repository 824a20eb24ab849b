"""Every wrong call is a result, never an exception; a call repeated with no edit between ends the session."""

import pytest

from verusagent.agent.candidate import Candidate
from verusagent.agent.config import SessionLimits
from verusagent.agent.session.dispatch import Dispatcher, Toolbox
from verusagent.agent.session.library import LemmaLibrary
from verusagent.agent.session.limits import SessionMeter
from verusagent.llm import ToolCall

from tests.agent.session.session_support import total_fn


@pytest.fixture
def dispatcher(workspace, recorded, tmp_path) -> Dispatcher:
    origin = Candidate(text="", sha256="", strategy="agent", round=1)
    meter = SessionMeter(SessionLimits())
    return Dispatcher(Toolbox(workspace, recorded.evaluator, LemmaLibrary(vstd=tmp_path / "none"), meter, origin))


def run(dispatcher: Dispatcher, name: str, arguments) -> object:
    return dispatcher.dispatch(ToolCall(id="c", name=name, arguments=arguments), "call-1")


@pytest.mark.parametrize(
    "name, arguments, error, says",
    [
        ("shell", {"command": "ls"}, "unknown_tool", "There is no tool `shell`. The tools are view, definition"),
        ("view", '{"target": "tot', "malformed_arguments", 'are not a JSON object: \'{"target": "tot\''),
        ("view", '["total"]', "malformed_arguments", "are not a JSON object"),
        ("view", {}, "malformed_arguments", "target: Field required"),
        ("view", {"target": 3}, "malformed_arguments", "target: Input should be a valid string"),
        ("view", {"target": "total", "lines": 3}, "malformed_arguments", "lines: Extra inputs are not permitted"),
        ("search_lemmas", {"query": "seq", "limit": 500}, "malformed_arguments", "limit: Input should be less than"),
        ("verify", {"function": "nope"}, "unknown_target", "There is no function `nope`"),
    ],
)
def test_wrong_calls_are_results(dispatcher, name, arguments, error, says):
    result = run(dispatcher, name, arguments)
    assert not result.ok and result.error == error and says in result.text and not result.ends_session
    if error == "malformed_arguments" and name == "view":
        assert 'Expected an object with: {"target": {"type": "string"' in result.text


def test_a_repeated_call_is_answered_once_more_then_ends_the_session(dispatcher, task_text):
    first, second, third = (run(dispatcher, "view", {"target": "total"}) for _ in range(3))
    assert first.ok and "ends the session" not in first.text
    assert second.text.endswith("making it again ends the session.)")
    assert third.error == "repeated" and third.ends_session == "repeated"
    assert run(dispatcher, "edit", {"items": total_fn(task_text)}).applied
    assert run(dispatcher, "view", {"target": "total"}).ok  # an applied edit starts the count again


def test_submit_ends_the_session(dispatcher):
    result = run(dispatcher, "submit", {"summary": "done"})
    assert result.ends_session == "submitted" and result.detail == "done"
    assert run(dispatcher, "submit", {}).ends_session == "submitted"
