"""The scripted stand-in model: replies in order or by prompt content, errors, usage, the request log."""

import json

import pytest

from verusagent.llm.client import ModelClient
from verusagent.llm.errors import ModelCallError
from verusagent.llm.script import Script, ScriptCursor, ScriptedReply
from verusagent.llm.settings import ModelSettings


def ask(text: str, **settings) -> list[str]:
    client = ModelClient(ModelSettings(model="scripted/x", cache=False, **settings))
    return client.complete([{"role": "system", "content": "rules"}, {"role": "user", "content": text}]).texts


def test_cursor_serves_in_order_and_by_substring_first_match_wins():
    script = Script(
        replies=[
            ScriptedReply(text="repair answer", when="rejects the proof"),
            ScriptedReply(text="always", when="ping", repeat=True),
            ScriptedReply(text="in order 1"),
            ScriptedReply(text="in order 2"),
        ]
    )
    cursor = ScriptCursor(script)
    assert cursor.next_reply("please prove").text == "in order 1"
    assert cursor.next_reply("ping").text == "always"
    assert cursor.next_reply("ping").text == "always"
    assert cursor.next_reply("`verus` rejects the proof").text == "repair answer"
    assert cursor.next_reply("`verus` rejects the proof").text == "in order 2"
    assert cursor.next_reply("anything") is None
    assert cursor.remaining == 1  # the repeating reply is never used up


def test_script_files_list_or_object_with_text_files(tmp_path):
    (tmp_path / "reply.rs").write_text("fn f() {}\n")
    (tmp_path / "a.json").write_text(json.dumps([{"text": "one"}, {"text_file": "reply.rs"}]))
    (tmp_path / "b.json").write_text(json.dumps({"replies": [{"text": "x", "when": "y"}]}))
    assert [r.text for r in Script.load(tmp_path / "a.json").replies] == ["one", "fn f() {}\n"]
    assert Script.load(tmp_path / "b.json").replies[0].when == "y"


def test_served_through_litellm_with_usage_and_finish_reason(scripted):
    scripted({"text": "cut", "finish_reason": "length", "prompt_tokens": 11, "completion_tokens": 22})
    completion = ModelClient(ModelSettings(model="scripted/x", cache=False)).complete(
        [{"role": "user", "content": "q"}]
    )
    assert completion.choices[0].truncated
    assert (completion.usage.prompt_tokens, completion.usage.completion_tokens) == (11, 22)


def test_usage_is_estimated_when_the_script_gives_none(scripted):
    scripted({"text": "x" * 400})
    completion = ModelClient(ModelSettings(model="scripted/x", cache=False)).complete(
        [{"role": "user", "content": "y" * 800}]
    )
    assert (completion.usage.prompt_tokens, completion.usage.completion_tokens) == (200, 100)


def test_requests_are_recorded_in_memory_and_in_the_log_file(tmp_path, scripted):
    log = tmp_path / "requests.jsonl"
    model = scripted({"text": "a"}, {"text": "b"}, log=log)
    ask("first question", temperature=0.3, max_tokens=99)
    ask("second question")
    assert [r["messages"][-1]["content"] for r in model.requests] == ["first question", "second question"]
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(lines) == 2 and lines[0]["params"]["temperature"] == 0.3 and lines[0]["params"]["max_tokens"] == 99
    assert lines[0]["messages"][0] == {"role": "system", "content": "rules"}


def test_script_from_the_environment(tmp_path, monkeypatch):
    from verusagent.llm.provider import load_litellm
    from verusagent.llm.scripted import SCRIPTED

    load_litellm()
    SCRIPTED.reset()  # forget any script a previous test gave
    path, log = tmp_path / "script.json", tmp_path / "log.jsonl"
    path.write_text(json.dumps([{"text": "from env"}, {"text": "second"}]))
    monkeypatch.setenv("VERUSAGENT_SCRIPT", str(path))
    monkeypatch.setenv("VERUSAGENT_SCRIPT_LOG", str(log))
    assert ask("q") == ["from env"]
    assert ask("q") == ["second"]  # the script is read once, not at every request
    assert len(log.read_text().splitlines()) == 2
    SCRIPTED.reset()


def test_without_any_script_the_error_says_how_to_give_one():
    from verusagent.llm.provider import load_litellm
    from verusagent.llm.scripted import SCRIPTED

    load_litellm()
    SCRIPTED.reset()
    with pytest.raises(ModelCallError, match="VERUSAGENT_SCRIPT"):
        ask("q")


def test_an_exhausted_script_is_a_clear_fatal_error(scripted):
    scripted({"text": "only one"})
    ask("q")
    with pytest.raises(ModelCallError) as raised:
        ask("q again")
    assert raised.value.attempts == 1
    assert "script exhausted" in raised.value.error.message and "stand-in" in raised.value.error.message


def test_n_samples_are_emulated_by_repeated_calls(scripted):
    model = scripted({"text": "1"}, {"text": "2"})
    assert ask("q", n=2, temperature=0.7) == ["1", "2"]
    assert len(model.requests) == 2


def test_an_unreadable_script_file_is_a_fatal_error_not_retried(tmp_path, monkeypatch):
    from verusagent.llm.provider import load_litellm
    from verusagent.llm.scripted import SCRIPTED

    load_litellm()
    SCRIPTED.reset()
    path = tmp_path / "broken.json"
    path.write_text("[{not json")
    monkeypatch.setenv("VERUSAGENT_SCRIPT", str(path))
    with pytest.raises(ModelCallError) as raised:
        ask("q")
    assert raised.value.attempts == 1 and "cannot read the script" in raised.value.error.message
    SCRIPTED.reset()
