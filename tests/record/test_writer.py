"""The run record writer and reader: one event per line, on disk as it happens, readable after a crash."""

import json
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from verusagent.record import (
    CandidateCreated,
    Event,
    GuardChecked,
    ModelReply,
    ModelRequest,
    RunResult,
    RunStarted,
    RunStopped,
    RunVerdict,
    RunWriter,
    TokenUsage,
    UnknownEvent,
    VerusRun,
    read_run,
    resolve_run,
    sha256_text,
)
from verusagent.record.runs import RunNotFound

ALL_KINDS = [
    RunStarted(run_id="r", command="prove", config={"model": "scripted/x"}, budgets={"max_calls": 5}),
    ModelRequest(
        call_id="call-1", attempt=1, model="scripted/x", purpose="prove", messages=[{"role": "user", "content": "q"}]
    ),
    ModelReply(
        call_id="call-1",
        attempt=1,
        texts=["a"],
        finish_reasons=["stop"],
        usage=TokenUsage(prompt_tokens=3, completion_tokens=4),
        cost_usd=None,
        latency_s=0.5,
    ),
    CandidateCreated(sha256="ab" * 32, strategy="invariants", round=1, parent=None, call_id="call-1"),
    GuardChecked(sha256="ab" * 32, clean=False, violations=[{"rule": "escape-hatch", "line": 3}]),
    VerusRun(
        sha256="ab" * 32,
        verdict="failed",
        errors=2,
        flags=["--verify-function", "f"],
        partial=True,
        is_standin=True,
        duration_s=1.5,
    ),
    RunVerdict(verdict="partial", accepted_sha256=None, obligations=[{"kind": "assertion", "line": 9}]),
    RunStopped(reason="done"),
]


def test_every_kind_round_trips_with_seq_and_monotone_timestamps(tmp_path):
    with RunWriter.create(tmp_path, "r") as writer:
        for event in ALL_KINDS:
            writer.emit(event)
    log = read_run(writer.folder)
    assert [type(e) for e in log.events] == [type(e) for e in ALL_KINDS]
    assert [e.seq for e in log.events] == list(range(len(ALL_KINDS)))
    stamps = [e.ts for e in log.events]
    assert stamps == sorted(stamps) and abs(stamps[0] - time.time()) < 60
    for written, read in zip(ALL_KINDS, log.events):
        assert read.model_dump(exclude={"seq", "ts"}) == written.model_dump(exclude={"seq", "ts"})
    assert log.problems == [] and not log.truncated_tail


def test_each_event_is_on_disk_when_emit_returns(tmp_path):
    writer = RunWriter.create(tmp_path, "r")
    writer.emit(RunStarted(run_id="r"))
    assert len(read_run(writer.folder).events) == 1  # read while the writer is still open
    writer.emit(RunStopped(reason="done"))
    assert len(read_run(writer.folder).events) == 2
    writer.close()
    with pytest.raises(ValueError, match="closed"):
        writer.emit(RunStopped(reason="late"))


def test_candidates_are_stored_once_by_content_hash(tmp_path):
    with RunWriter.create(tmp_path, "r") as writer:
        digest = writer.write_candidate("verus! { fn f() {} }\n")
        assert writer.write_candidate("verus! { fn f() {} }\n") == digest
    assert digest == sha256_text("verus! { fn f() {} }\n")
    assert read_run(writer.folder).candidate(digest) == "verus! { fn f() {} }\n"
    assert len(list((writer.folder / "candidates").iterdir())) == 1


def test_result_json_is_written_at_the_end(tmp_path):
    with RunWriter.create(tmp_path, "r") as writer:
        writer.emit(RunStarted(run_id="r"))
        assert read_run(writer.folder).result is None
        writer.write_result(RunResult(run_id="r", verdict="verified", accepted_sha256="cd" * 32, extra_field=1))
    result = read_run(writer.folder).result
    assert result.verdict == "verified" and result.model_extra == {"extra_field": 1}


def test_a_run_folder_is_never_reused(tmp_path):
    RunWriter.create(tmp_path, "same").close()
    with pytest.raises(FileExistsError):
        RunWriter.create(tmp_path, "same")


def test_threads_share_a_writer_without_losing_or_mixing_lines(tmp_path):
    writer = RunWriter.create(tmp_path, "r")

    def work(worker: int) -> None:
        for i in range(50):
            writer.emit(CandidateCreated(sha256=f"{worker:02d}{i:062d}", strategy=f"s{worker}", round=i))

    threads = [threading.Thread(target=work, args=(w,)) for w in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    writer.close()
    log = read_run(writer.folder)
    assert sorted(e.seq for e in log.events) == list(range(200)) and log.problems == []
    assert [e.seq for e in log.events] == list(range(200))  # file order is seq order
    stamps = [e.ts for e in log.events]
    assert stamps == sorted(stamps)


def test_agents_may_add_fields_and_newer_kinds_are_kept(tmp_path):
    with RunWriter.create(tmp_path, "r") as writer:
        writer.emit(CandidateCreated(sha256="ab" * 32, strategy="lemma-first", houdini_dropped=2))
        writer.emit(Event(kind="houdini_round", dropped=["inv#1"]))
    first, second = read_run(writer.folder).events
    assert isinstance(first, CandidateCreated) and first.model_extra == {"houdini_dropped": 2}
    assert isinstance(second, UnknownEvent) and second.model_extra == {"dropped": ["inv#1"]}


def test_a_line_cut_off_by_a_crash_is_reported_not_raised(tmp_path):
    with RunWriter.create(tmp_path, "r") as writer:
        writer.emit(RunStarted(run_id="r"))
        writer.emit(ModelRequest(call_id="c", attempt=1, model="m"))
    with open(writer.folder / "events.jsonl", "ab") as handle:
        handle.write(b'{"kind": "model_reply", "seq": 2, "ts": 17, "call_id": "c", "tex')
    log = read_run(writer.folder)
    assert len(log.events) == 2 and log.truncated_tail
    assert log.problems[0].line == 3 and "cut off" in log.problems[0].message


def test_a_damaged_middle_line_is_reported_and_the_rest_is_read(tmp_path):
    path = tmp_path / "r" / "events.jsonl"
    path.parent.mkdir()
    lines = [
        json.dumps(RunStarted(run_id="r").model_dump()),
        "not json",
        json.dumps({"kind": "verdict"}),
        json.dumps(RunStopped(reason="done").model_dump()),
    ]
    path.write_text("\n".join(lines) + "\n")
    log = read_run(path.parent)
    assert [e.kind for e in log.events] == ["run_started", "run_stopped"]
    assert [p.line for p in log.problems] == [2, 3] and not log.truncated_tail
    assert "invalid verdict event" in log.problems[1].message


def test_secrets_are_scrubbed_from_events_and_results(tmp_path, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-secret-value-123456789")
    with RunWriter.create(tmp_path, "r") as writer:
        writer.emit(
            RunStarted(
                run_id="r",
                config={
                    "api_key": "literal-key-value",
                    "headers": {"x": "y"},
                    "note": "key is sk-ant-secret-value-123456789",
                },
            )
        )
        writer.write_result(RunResult(run_id="r", stopped_reason="auth failed for sk-ant-secret-value-123456789"))
    data = b"".join(p.read_bytes() for p in writer.folder.rglob("*") if p.is_file())
    for secret in [b"sk-ant-secret-value-123456789", b"literal-key-value", b'"x": "y"']:
        assert secret not in data
    assert b"[redacted]" in data


WRITER_SCRIPT = """
import sys, time
from pathlib import Path
from verusagent.record import RunWriter, RunStarted, ModelRequest, RunStopped
writer = RunWriter.create(Path(sys.argv[1]), "interrupted")
writer.emit(RunStarted(run_id="interrupted"))
print("started", flush=True)
i = 0
try:
    while True:
        message = {"role": "user", "content": "x" * 2000}
        writer.emit(ModelRequest(call_id=f"call-{i}", attempt=1, model="m", messages=[message]))
        i += 1
except KeyboardInterrupt:
    writer.emit(RunStopped(reason="interrupted", detail=f"after {i} requests"))
    writer.close()
    print(i, flush=True)
"""


@pytest.mark.parametrize("how", ["sigint", "sigkill"])
def test_an_interrupted_run_keeps_every_event_written_before(tmp_path, how):
    process = subprocess.Popen([sys.executable, "-c", WRITER_SCRIPT, str(tmp_path)], stdout=subprocess.PIPE, text=True)
    assert process.stdout.readline().strip() == "started"
    time.sleep(0.3)
    process.send_signal(signal.SIGINT if how == "sigint" else signal.SIGKILL)
    output, _ = process.communicate(timeout=30)
    log = read_run(tmp_path / "interrupted")
    requests = log.of_kind("model_request")
    assert len(requests) > 0
    assert [p.line for p in log.problems] in ([], [len(log.events) + 1])  # at most the last line is cut off
    seqs = [e.seq for e in log.events]
    assert seqs == sorted(set(seqs))  # strictly increasing: an interrupt never makes a seq repeat
    if how == "sigint":
        assert log.events[-1].kind == "run_stopped"
        # the event being written when Ctrl-C came is either whole on disk or absent, never half
        assert len(requests) - int(output.strip()) in (0, 1)
        assert not log.truncated_tail


def test_resolve_run_by_id_prefix_path_and_latest(tmp_path):
    for run_id in ["20250101-000000-aaaaaa", "20250102-000000-bbbbbb"]:
        RunWriter.create(tmp_path, run_id).close()
        time.sleep(0.01)
    assert resolve_run("20250101", tmp_path).name == "20250101-000000-aaaaaa"
    assert resolve_run(str(tmp_path / "20250102-000000-bbbbbb"), Path("/nonexistent")).name.endswith("bbbbbb")
    assert resolve_run("latest", tmp_path).name.endswith("bbbbbb")
    with pytest.raises(RunNotFound, match="several"):
        resolve_run("2025", tmp_path)
    with pytest.raises(RunNotFound, match="no run"):
        resolve_run("nothing", tmp_path)
