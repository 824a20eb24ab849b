"""`verusagent lemmas QUERY [--vstd DIR] [--file FILE] [--json] [--limit N]`: ranked lemmas of vstd and a file."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from verusagent.cli import app

from tests.paths import REPO_ROOT

runner = CliRunner()
DEMO = REPO_ROOT / "rust_fixtures" / "lemmas" / "lemmas_demo.rs"


@pytest.fixture
def vstd(vstd_dir: Path, monkeypatch: pytest.MonkeyPatch, warm_cache_dir: Path) -> Path:
    monkeypatch.setenv("VERUSAGENT_CACHE_DIR", str(warm_cache_dir))
    return vstd_dir


@pytest.fixture
def nowhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No verus on PATH and an empty cargo home: no vstd can be found."""
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("VERUS_PATH", raising=False)
    monkeypatch.setenv("CARGO_HOME", str(tmp_path / "cargo"))


def test_a_ranked_list_for_people(vstd):
    result = runner.invoke(app, ["lemmas", "seq", "take", "len", "--vstd", str(vstd), "--limit", "3"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("vstd 0.0.0-2026-08-09-0044 at ") and "(found --vstd)" in lines[0]
    assert "(index from the cache)" in lines[0]
    assert lines[1].startswith(" 1. vstd::seq_lib::lemma_seq_take_len  [broadcast lemma, score ")
    assert "    pub broadcast proof fn lemma_seq_take_len<A>(s: Seq<A>, n: int)" in lines
    assert [line[:4] for line in lines if line[:2].strip().isdigit()] == [" 1. ", " 2. ", " 3. "]


def test_json_best_first_with_the_promised_fields(vstd):
    result = runner.invoke(app, ["lemmas", "s.take(n).len() == n", "--vstd", str(vstd), "--json"])
    assert result.exit_code == 0, result.output
    hits = json.loads(result.stdout)
    assert len(hits) == 10 and hits[0]["name"] == "lemma_seq_take_len"
    assert {"name", "path", "signature", "score", "requires", "ensures", "broadcast_groups"} <= set(hits[0])
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)
    assert "found --vstd" in result.stderr


def test_the_file_lemmas_are_searched_too(vstd):
    result = runner.invoke(
        app, ["lemmas", "double monotonic", "--vstd", str(vstd), "--file", str(DEMO), "--json", "--limit", "2"]
    )
    assert result.exit_code == 0, result.output
    first = json.loads(result.stdout)[0]
    assert (first["name"], first["origin"], first["file"]) == ("lemma_double_monotonic", "file", str(DEMO))
    assert f"{DEMO}: 8 lemmas" in result.stderr


def test_without_vstd_a_file_is_still_searched_with_a_warning(nowhere):
    result = runner.invoke(app, ["lemmas", "counter value", "--file", str(DEMO), "--limit", "1"])
    assert result.exit_code == 0, result.output
    assert "warning: the vstd source was not found" in result.stdout and "searching the file only" in result.stdout
    assert "Counter::lemma_counter_value" in result.stdout


def test_without_vstd_and_without_a_file_exit_3(nowhere):
    result = runner.invoke(app, ["lemmas", "seq"])
    assert result.exit_code == 3
    assert "the vstd source was not found" in result.stderr and "--vstd DIR" in result.stderr


@pytest.mark.parametrize(
    "arguments, message",
    [
        (["==> <= +"], "has no identifier words"),
        (["seq", "--vstd", "/nonexistent/vstd"], "no vstd source there"),
        (["seq", "--file", "/nonexistent/x.rs", "--vstd", "{vstd}"], "cannot read /nonexistent/x.rs"),
        (["seq", "--limit", "0"], "Invalid value for '--limit'"),
    ],
)
def test_usage_errors_exit_2(vstd, arguments, message):
    arguments = [a.replace("{vstd}", str(vstd)) for a in arguments]
    result = runner.invoke(app, ["lemmas", *arguments])
    assert result.exit_code == 2 and message in result.output


def test_no_match_is_said(vstd):
    result = runner.invoke(app, ["lemmas", "zzqqxxyy", "--vstd", str(vstd)])
    assert result.exit_code == 0 and "no lemma matches" in result.stdout
