"""A sample of tools/review_corpus_check.py (the whole corpus runs there, not in the suite): `verusagent review`
on Verus-Bench ground truths the guard passes, a scripted reviewer (a stand-in) finding something on every unit,
validators voting minor or not_real: no rejection, every fake quote dropped, the audit clean."""

import importlib.util

from tests.paths import REPO_ROOT

SAMPLE = ("cloverbench_array_append_strong", "diffy_brs1")


def corpus_tool():
    spec = importlib.util.spec_from_file_location("review_corpus_check", REPO_ROOT / "tools" / "review_corpus_check.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_honest_proofs_pass_the_review_and_fake_quotes_are_dropped(bench_dir, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("VERUSAGENT_CACHE_DIR", str(tmp_path / "cache"))
    tool = corpus_tool()
    chosen = [p for p in tool.pairs(bench_dir) if p[0] in SAMPLE]
    assert sorted(p[0] for p in chosen) == sorted(SAMPLE)
    for task_id, original, candidate in chosen:
        assert tool.guard_passes(original, candidate)
        row = tool.check_pair(task_id, original, candidate, tmp_path)
        assert row["exit"] == 0 and not row["rejects"], row
        assert row["reviewed"] == row["units"] > 0 and row["kept"] == row["units"]
        assert row["fakes"] == row["fakes_dropped"] > 0 and row["other_drops"] == 0
        assert row["audit_ok"], row["breaches"]
