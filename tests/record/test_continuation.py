"""Model requests recorded as continuations: a session's next request is written with only its new messages and
a reference to the request before it; reading puts the messages back whole and refuses a reference that does
not hold."""

import json
from pathlib import Path

from verusagent.record import ModelRequest, RunStarted, RunWriter, read_run
from verusagent.record.runs import EVENTS_FILE

SYSTEM = {"role": "system", "content": "You prove Verus programs. " * 40}
TASK = {"role": "user", "content": "The task: prove fn double. " * 40}


def turn(n: int) -> list[dict]:
    call = {
        "role": "assistant",
        "content": "",
        "tool_calls": [{"id": f"c{n}", "type": "function", "function": {"name": "view", "arguments": "{}"}}],
    }
    return [call, {"role": "tool", "tool_call_id": f"c{n}", "content": f"result {n}: " + "text " * 50}]


def conversation(turns: int) -> list[dict]:
    return [SYSTEM, TASK, *(message for n in range(turns) for message in turn(n))]


def write(tmp_path: Path, requests: list[tuple[str, list[dict]]]) -> Path:
    with RunWriter.create(tmp_path / "runs", "run") as writer:
        writer.emit(RunStarted(run_id="run"))
        for n, (purpose, messages) in enumerate(requests):
            writer.emit(
                ModelRequest(call_id=f"call-{n}", attempt=1, model="scripted/t", purpose=purpose, messages=messages)
            )
        return writer.folder


def raw_requests(folder: Path) -> list[dict]:
    lines = (folder / EVENTS_FILE).read_text(encoding="utf-8").splitlines()
    return [event for event in map(json.loads, lines) if event["kind"] == "model_request"]


def test_a_session_request_records_only_its_new_messages(tmp_path: Path) -> None:
    sent = [("agent:agent-r1", conversation(turns)) for turns in range(30)]
    folder = write(tmp_path, sent)
    raw = raw_requests(folder)
    assert raw[0]["continues"] is None and len(raw[0]["messages"]) == 2
    assert all(len(r["messages"]) == 2 and r["continues"]["seq"] == raw[n]["seq"] for n, r in enumerate(raw[1:]))
    sizes = [len(json.dumps(r)) for r in raw[1:]]
    assert max(sizes) - min(sizes) < 100  # no turn records the conversation before it
    read = [e for e in read_run(folder).events if isinstance(e, ModelRequest)]
    assert [e.messages for e in read] == [messages for _, messages in sent]
    assert not read_run(folder).problems


def test_other_purposes_and_other_openings_are_recorded_whole(tmp_path: Path) -> None:
    other = [SYSTEM, {"role": "user", "content": "another task"}]
    sent = [
        ("agent:agent-r1", conversation(1)),
        ("prove", conversation(2)),
        ("agent:agent-r1", other),
        ("agent:agent-r1", conversation(1)),
    ]
    raw = raw_requests(write(tmp_path, sent))
    assert [r["continues"] for r in raw] == [None, None, None, None]
    assert [e.messages for e in read_run(write(tmp_path / "again", sent)).events[1:]] == [m for _, m in sent]


def test_a_retry_and_a_repeated_request_read_back(tmp_path: Path) -> None:
    sent = [("agent:a", conversation(1)), ("agent:a", []), ("agent:a", conversation(1)), ("agent:a", conversation(2))]
    folder = write(tmp_path, sent)
    raw = raw_requests(folder)
    assert raw[1]["messages"] == [] and raw[1]["continues"] is None  # a retry: its first attempt's messages
    assert raw[2]["messages"] == [] and raw[2]["continues"]["seq"] == raw[0]["seq"]
    assert raw[3]["continues"]["seq"] == raw[2]["seq"]
    log = read_run(folder)
    assert [e.messages for e in log.events[1:]] == [m for _, m in sent] and not log.problems


def test_a_changed_earlier_request_is_a_problem_not_trusted(tmp_path: Path) -> None:
    folder = write(tmp_path, [("agent:a", conversation(turns)) for turns in range(3)])
    events_file = folder / EVENTS_FILE
    lines = events_file.read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[1])
    first["messages"][1]["content"] = "a different task"
    lines[1] = json.dumps(first)
    events_file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    log = read_run(folder)
    changed, after = log.problems
    assert changed.line == 3 and "the record was changed" in changed.message
    assert after.line == 4 and "could not be put back whole" in after.message
    requests = [e for e in log.events if isinstance(e, ModelRequest)]
    assert len(requests[1].messages) == 2 and requests[2].messages == conversation(2)[-2:]  # their own alone


def test_a_reference_to_a_missing_request_is_a_problem(tmp_path: Path) -> None:
    folder = write(tmp_path, [("agent:a", conversation(turns)) for turns in range(2)])
    events_file = folder / EVENTS_FILE
    lines = events_file.read_text(encoding="utf-8").splitlines()
    del lines[1]
    events_file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    [problem] = read_run(folder).problems
    assert "not an earlier request of the record" in problem.message


def test_only_recent_purposes_are_continued(tmp_path: Path) -> None:
    from verusagent.record.continuation import KEPT_PURPOSES

    sessions = [(f"agent:s{n}", conversation(1)) for n in range(KEPT_PURPOSES + 1)]
    sent = [*sessions, ("agent:s0", conversation(2)), (f"agent:s{KEPT_PURPOSES}", conversation(2))]
    folder = write(tmp_path, sent)
    raw = raw_requests(folder)
    assert raw[-2]["continues"] is None and raw[-1]["continues"] is not None  # s0 was forgotten, the last not
    assert [e.messages for e in read_run(folder).events[1:]] == [m for _, m in sent]
