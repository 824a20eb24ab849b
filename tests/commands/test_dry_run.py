"""`--dry-run` on prove, repair and synth: the first round's requests, counted and priced offline; no model,
no verus, no record."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from verusagent.choices import CONTEXT_CEILING_TOKENS
from verusagent.cli import app
from verusagent.context import SLICE_BUDGET_TOKENS
from verusagent.llm.tokens import count_messages_o200k

from tests.paths import REPO_ROOT

runner = CliRunner()

LOG = (
    "error: invariant not satisfied at end of loop body\n  --> count_up.rs:12:13\n   |\n12 |             r < n,\n"
    "   |             ^^^^^\n\nerror: aborting due to 1 previous error\n\nverification results:: 0 verified, 1 errors\n"
)
WRONG_PROOF = (
    (REPO_ROOT / "rust_fixtures" / "agent" / "count_up.rs")
    .read_text()
    .replace("    while r < n {", "    while r < n\n        invariant\n            r < n,\n    {")
)


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("VERUS_PATH", str(tmp_path / "no-verus-here"))
    for key in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY"):
        monkeypatch.delenv(key, raising=False)
    return tmp_path


def dry(*args: str) -> dict:
    result = runner.invoke(app, [*args, "--dry-run", "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)  # stdout holds only the JSON object


def test_prove_renders_one_request_per_strategy_without_verus_or_a_record(workdir):
    source = workdir / "count_up.rs"
    source.write_text((REPO_ROOT / "rust_fixtures" / "agent" / "count_up.rs").read_text())
    output = dry("prove", str(source), "--model", "scripted/demo", "--strategies", "3", "--samples", "2")
    requests = output["requests"]
    assert [r["strategy"] for r in requests] == ["invariants", "assertions", "lemmas"]
    for request in requests:
        assert request["task"] == "prove" and request["reply_format"] == "file" and not request["sliced"]
        assert request["samples"] == 2 and request["tokenizer"] == "o200k_base"
        assert request["estimated_cost_usd"] is None  # no price for a scripted model
        assert request["prompt_tokens"] == count_messages_o200k(request["messages"])
        assert "fn count_up(n: u32) -> (r: u32)" in request["messages"][1]["content"]
    assert not (workdir / ".verusagent").exists() and not (workdir / "count_up.verified.rs").exists()


def test_the_strategies_named_are_the_ones_rendered(workdir):
    source = workdir / "count_up.rs"
    source.write_text((REPO_ROOT / "rust_fixtures" / "agent" / "count_up.rs").read_text())
    named = dry("prove", str(source), "--model", "scripted/demo", "--strategy", "lemmas", "--strategy", "minimal")
    assert [r["strategy"] for r in named["requests"]] == ["lemmas", "minimal"]
    agent = dry("prove", str(source), "--model", "scripted/demo", "--strategy", "agent")["requests"]
    assert [(r["task"], r["strategy"], r["reply_format"], r["samples"]) for r in agent] == [
        ("agent", "agent", "tool calls", 1)
    ]
    assert "count_up.rs" in agent[0]["messages"][1]["content"]
    assert agent[0]["prompt_tokens"] == count_messages_o200k(agent[0]["messages"])


def test_a_known_model_is_counted_as_litellm_counts_and_priced_from_its_bundled_table(workdir):
    from verusagent.llm.provider import load_litellm

    source = workdir / "count_up.rs"
    source.write_text((REPO_ROOT / "rust_fixtures" / "agent" / "count_up.rs").read_text())
    request = dry("prove", str(source), "--model", "openai/gpt-4o", "--strategies", "1")["requests"][0]
    assert request["tokenizer"] == "o200k_base" and request["tokenizer_exact"] and request["known_model"]
    litellm = load_litellm()
    assert abs(request["prompt_tokens"] - litellm.token_counter(model="gpt-4o", messages=request["messages"])) <= 8
    prompt_cost, _ = litellm.cost_per_token(model="gpt-4o", prompt_tokens=request["prompt_tokens"], completion_tokens=0)
    assert request["estimated_cost_usd"] == pytest.approx(prompt_cost)


def test_an_older_openai_model_is_counted_with_its_own_encoding(workdir):
    source = workdir / "count_up.rs"
    source.write_text((REPO_ROOT / "rust_fixtures" / "agent" / "count_up.rs").read_text())
    request = dry("prove", str(source), "--model", "openai/gpt-4", "--strategies", "1")["requests"][0]
    assert request["tokenizer"] == "cl100k_base" and request["tokenizer_exact"]


@pytest.mark.parametrize("model", ["nosuchprovider/foo", "gpt-banana"])
def test_an_unknown_model_is_named_as_such_with_no_price(workdir, model):
    source = workdir / "count_up.rs"
    source.write_text((REPO_ROOT / "rust_fixtures" / "agent" / "count_up.rs").read_text())
    output = dry("prove", str(source), "--model", model, "--strategies", "1")
    assert not output["requests"][0]["known_model"] and output["requests"][0]["estimated_cost_usd"] is None
    assert any("unknown model" in note for note in output["notes"])
    text = runner.invoke(app, ["prove", str(source), "--model", model, "--dry-run"])
    assert text.exit_code == 0 and "unknown model, price unknown per request" in text.stdout


def test_repair_needs_a_log_and_shows_its_diagnostics(workdir):
    source = workdir / "count_up.rs"
    source.write_text(WRONG_PROOF)
    refused = runner.invoke(app, ["repair", str(source), "--model", "scripted/demo", "--dry-run"])
    assert refused.exit_code == 2 and "--log" in refused.output
    log = workdir / "verus.log"
    log.write_text(LOG)
    request = dry("repair", str(source), "--log", str(log), "--model", "scripted/demo")["requests"][0]
    assert request["task"] == "repair"
    assert "invariant not satisfied at end of loop body" in request["messages"][1]["content"]
    assert "line 12 in fn:count_up/loop#1" in request["messages"][1]["content"]


def test_synth_renders_the_synth_prompt(workdir):
    source = workdir / "spec_only.rs"
    source.write_text(
        "use vstd::prelude::*;\nverus! {\nfn double(x: u32) -> (r: u64)\n    ensures r == 2 * x,\n"
        "{\n    unimplemented!()\n}\nfn main() {}\n}\n"
    )
    request = dry("synth", str(source), "--model", "scripted/demo", "--strategies", "1")["requests"][0]
    assert request["task"] == "synth" and "Functions to implement: `double`" in request["messages"][1]["content"]


def test_a_large_file_is_shown_as_a_slice_with_item_replies(workdir, shared_dir):
    task = (
        shared_dir
        / "corpus"
        / "verusage-bench"
        / "ironkv"
        / "unverified"
        / ("host_impl_v__impl2__host_model_next_get_request.rs")
    )
    request = dry("prove", str(task), "--model", "scripted/demo", "--strategies", "1")["requests"][0]
    content = request["messages"][1]["content"]
    assert request["sliced"] and request["reply_format"] == "items"
    assert "elided: " in content and "Reply with only the functions you changed" in content
    assert "Functions to prove: `HostState::host_model_next_get_request`" in content  # the one without proof
    assert request["prompt_tokens"] < count_messages_o200k([{"role": "user", "content": task.read_text()}])


def test_a_slice_whose_targets_need_more_than_the_budget_says_so(workdir, shared_dir):
    """What the target needs beyond the prompt's cap is cut to it; the request says it is over, with the floor."""
    task = (
        shared_dir
        / "corpus"
        / "verusage-bench"
        / "anvil-controller"
        / "unverified"
        / (
            "vreplicaset_controller__proof__helper_invariants__proof__lemma_always_each_vrs_in_reconcile_implies_"
            "filtered_pods_owned_by_vrs.rs"
        )
    )
    target = "lemma_always_each_vrs_in_reconcile_implies_filtered_pods_owned_by_vrs"
    result = runner.invoke(
        app, ["prove", str(task), "--fn", target, "--model", "scripted/demo", "--dry-run", "--strategies", "1"]
    )
    assert result.exit_code == 0, result.output
    assert "(over_budget: true: what the targets need is about" in result.stdout
    request = dry("prove", str(task), "--fn", target, "--model", "scripted/demo", "--strategies", "1")["requests"][0]
    assert request["over_budget"] and request["context_cut"]  # over the prompt's cap too: cut to it, and said
    assert request["context_budget_tokens"] == CONTEXT_CEILING_TOKENS >= request["prompt_tokens"]
    assert request["context_floor_tokens"] > CONTEXT_CEILING_TOKENS > SLICE_BUDGET_TOKENS
    source = workdir / "count_up.rs"
    source.write_text((REPO_ROOT / "rust_fixtures" / "agent" / "count_up.rs").read_text())
    whole = dry("prove", str(source), "--model", "scripted/demo", "--strategies", "1")["requests"][0]
    assert not whole["over_budget"] and whole["context_floor_tokens"] is None  # a small file: no slice, no fit


def test_a_context_budget_is_a_ceiling_on_the_largest_shared_prompts(workdir, shared_dir):
    """`--context-budget N`: what the target needs (over 20,000 tokens here) is cut to N, the target whole."""
    folder = shared_dir / "corpus" / "verusage-bench" / "anvil-controller" / "unverified"
    task = folder / (
        "vreplicaset_controller__proof__helper_invariants__proof__lemma_always_each_vrs_in_reconcile_implies_"
        "filtered_pods_owned_by_vrs.rs"
    )
    target = "lemma_always_each_vrs_in_reconcile_implies_filtered_pods_owned_by_vrs"
    args = ("prove", str(task), "--fn", target, "--model", "scripted/demo", "--strategies", "1")
    result = runner.invoke(app, [*args, "--dry-run", "--context-budget", "8000"])
    assert result.exit_code == 0, result.output
    assert "over the 8,000-token budget; cut to the budget: spec bodies elided deepest first" in result.stdout
    soft = dry(*args)["requests"][0]
    request = dry(*args, "--context-budget", "8000")["requests"][0]
    assert request["context_cut"] and request["context_floor_tokens"] == soft["context_floor_tokens"] > 8000
    assert request["prompt_tokens"] <= 8000 + 1000 < soft["prompt_tokens"]  # the slice, and the instructions
    assert f"proof fn {target}" in request["messages"][1]["content"]


def test_the_text_output_shows_each_prompt_with_its_size(workdir):
    source = workdir / "count_up.rs"
    source.write_text((REPO_ROOT / "rust_fixtures" / "agent" / "count_up.rs").read_text())
    result = runner.invoke(app, ["prove", str(source), "--model", "scripted/demo", "--dry-run"])
    assert result.exit_code == 0, result.output
    assert (
        "=== prove / invariants:" in result.stdout
        and "prompt tokens (o200k_base, an estimate for this model)" in result.stdout
    )
    assert "--- system ---" in result.stdout and "dry run: nothing was sent" in result.stdout


def test_a_dry_run_process_needs_no_verus_and_no_key(tmp_path):
    source = tmp_path / "count_up.rs"
    source.write_text((REPO_ROOT / "rust_fixtures" / "agent" / "count_up.rs").read_text())
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    env |= {"PATH": str(Path(sys.executable).parent), "VERUS_PATH": str(tmp_path / "missing")}
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "verusagent.cli",
            "prove",
            str(source),
            "--model",
            "openai/gpt-4o",
            "--dry-run",
            "--json",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert len(json.loads(run.stdout)["requests"]) == 2
    assert not (tmp_path / ".verusagent").exists()


def test_a_target_that_names_nothing_is_a_usage_error(workdir):
    source = workdir / "count_up.rs"
    source.write_text((REPO_ROOT / "rust_fixtures" / "agent" / "count_up.rs").read_text())
    result = runner.invoke(app, ["prove", str(source), "--model", "scripted/demo", "--fn", "no_such_fn", "--dry-run"])
    assert result.exit_code == 2 and "no_such_fn: no such function" in result.output


def test_synth_of_a_vericoding_task_shows_its_statement_and_target(workdir):
    task = REPO_ROOT / "rust_fixtures" / "vericoding" / "power_recursive"
    data = dry(
        "synth",
        str(task / "verus_spec.rs"),
        "--description",
        str(task / "verus_nl.txt"),
        "--model",
        "openai/gpt-4o",
        "--strategies",
        "1",
    )
    [request] = data["requests"]
    system, user = request["messages"][0]["content"], request["messages"][1]["content"]
    assert request["task"] == "synth"
    statement = (task / "verus_nl.txt").read_text().strip()
    assert f"# The task\n{statement}\n" in user
    assert "Functions to implement: `power`." in user
    assert "the bodies of the functions you are asked to implement are yours to write" in system


def test_an_unreadable_description_is_a_usage_error(workdir):
    task = REPO_ROOT / "rust_fixtures" / "vericoding" / "power_recursive"
    result = runner.invoke(
        app,
        [
            "synth",
            str(task / "verus_spec.rs"),
            "--description",
            str(workdir / "none.txt"),
            "--model",
            "openai/gpt-4o",
            "--dry-run",
        ],
    )
    assert result.exit_code == 2 and "cannot read the description" in result.output
