"""RunWriter.reopen (for --resume) after a run was killed in the middle of writing an event."""


def test_reopen_after_a_cut_off_write_sets_the_fragment_aside(tmp_path):
    from verusagent.record import RunStarted, RunStopped, RunWriter, read_run

    writer = RunWriter.create(tmp_path, run_id="cut")
    writer.emit(RunStarted(run_id="cut"))
    writer.close()
    events_file = tmp_path / "cut" / "events.jsonl"
    with open(events_file, "ab") as handle:
        handle.write(b'{"kind": "model_req')  # the process died mid-write
    resumed = RunWriter.reopen(tmp_path / "cut")
    resumed.emit(RunStopped(reason="done"))
    resumed.close()
    log = read_run(tmp_path / "cut")
    assert [e.kind for e in log.events] == ["run_started", "run_stopped"]
    assert [e.seq for e in log.events] == [0, 1] and not log.problems
    assert (tmp_path / "cut" / "events.jsonl.cut").read_bytes() == b'{"kind": "model_req\n'
