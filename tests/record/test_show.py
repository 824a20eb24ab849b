"""`verusagent show RUN`: a readable timeline of a real (scripted) run record."""

import json

from typer.testing import CliRunner

from verusagent.cli import app
from verusagent.record import (
    CandidateCreated,
    GuardChecked,
    RunResult,
    RunStarted,
    RunVerdict,
    RunWriter,
    VerusRun,
)


def make_run(tmp_path, scripted_replies=True):
    from verusagent.llm.client import ModelClient
    from verusagent.llm.provider import install_script
    from verusagent.llm.retry import RetryPolicy
    from verusagent.llm.script import Script, ScriptedReply
    from verusagent.llm.settings import ModelSettings

    install_script(
        Script(
            replies=[
                ScriptedReply(error="rate_limit"),
                ScriptedReply(text="```rust\nfn f() {}\n```", prompt_tokens=100, completion_tokens=20),
            ]
        )
    )
    writer = RunWriter.create(tmp_path / "runs", "20250101-000000-abcdef")
    settings = ModelSettings(model="scripted/demo", cache=False)
    writer.emit(
        RunStarted(run_id=writer.run_id, command="prove f.rs", config=settings.public_view(), budgets={"max_calls": 10})
    )
    client = ModelClient(settings, recorder=writer, retry=RetryPolicy(base_delay_s=0), sleep=lambda s: None)
    client.complete([{"role": "user", "content": "prove f"}], purpose="prove")
    digest = writer.write_candidate("verus! { fn f() {} }\n")
    writer.emit(CandidateCreated(sha256=digest, strategy="invariants", round=1))
    writer.emit(GuardChecked(sha256=digest, clean=True))
    writer.emit(VerusRun(sha256=digest, verdict="verified", verus_version="0.2026", is_standin=True, duration_s=0.4))
    writer.emit(RunVerdict(verdict="verified", accepted_sha256=digest))
    writer.write_result(
        RunResult(run_id=writer.run_id, verdict="verified", accepted_sha256=digest, spend=client.budget.snapshot())
    )
    writer.close()
    return writer, digest


def test_show_prints_a_timeline(tmp_path):
    writer, digest = make_run(tmp_path)
    result = CliRunner().invoke(app, ["show", "latest", "--runs-dir", str(tmp_path / "runs")])
    assert result.exit_code == 0, result.output
    out = result.output
    for expected in [
        "run 20250101-000000-abcdef started: prove f.rs (model scripted/demo; budgets: max_calls 10)",
        "model request call-1 [prove] scripted/demo, attempt 1",
        "model error call-1 attempt 1: rate_limit (will retry)",
        "model reply call-1: 1 choices, 100+20 tokens, cost unknown",
        f"candidate {digest[:12]} (invariants, round 1)",
        f"guard {digest[:12]}: clean",
        f"verus {digest[:12]}: verified, 0 errors, 0.4s [stand-in]",
        f"VERDICT verified: accepted {digest[:12]}",
        "spent: 2 model calls sent, 1 answered (0 from cache), 100+20 tokens, $0.0000 (+1 calls of unknown price)",
        f"result: verified, accepted {digest[:12]}",
    ]:
        assert expected in out, expected
    lines = [line for line in out.splitlines() if line.strip().startswith("+")]
    assert len(lines) == 9


def test_show_json_lists_events_and_result(tmp_path):
    writer, digest = make_run(tmp_path)
    result = CliRunner().invoke(app, ["show", str(writer.folder), "--json"])
    data = json.loads(result.output)
    assert [e["kind"] for e in data["events"]][:3] == ["run_started", "model_request", "model_reply"]
    assert data["result"]["accepted_sha256"] == digest and data["truncated_tail"] is False


def test_show_reports_a_cut_off_record(tmp_path):
    writer = RunWriter.create(tmp_path, "crashed")
    writer.emit(RunStarted(run_id="crashed"))
    writer.close()
    with open(writer.folder / "events.jsonl", "a") as handle:
        handle.write('{"kind": "model_req')
    result = CliRunner().invoke(app, ["show", "crashed", "--runs-dir", str(tmp_path)])
    assert result.exit_code == 0
    assert "line 2: last line cut off" in result.output and "did not finish" in result.output


def test_show_an_unknown_run_is_a_usage_error_like_audit(tmp_path):
    shown = CliRunner().invoke(app, ["show", "nope", "--runs-dir", str(tmp_path)])
    audited = CliRunner().invoke(app, ["audit", "nope", "--runs-dir", str(tmp_path)])
    assert shown.exit_code == audited.exit_code == 2 and "no run 'nope'" in shown.output
