"""tools/vstd_lemma_usage.py on a sample of VeruSAGE-Bench tasks (the whole run is the tool's job: ~1 min)."""

import importlib.util
import sys
from pathlib import Path

import pytest

from verusagent.lemmas import LemmaSearch

from tests.paths import REPO_ROOT

TOOL = REPO_ROOT / "tools" / "vstd_lemma_usage.py"
SAMPLE = {
    "ironkv/delegation_map_v__impl1_to_set",
    "anvil-library/injective_finite_map_implies_dom_len_is_equal_to_values_len",
    "storage/logimpl_L_check_fast_way_to_compute_head_mod_log_area_len",
    "anvil-library/always_weaken",
}


@pytest.fixture(scope="module")
def tool():
    spec = importlib.util.spec_from_file_location("vstd_lemma_usage", TOOL)
    module = importlib.util.module_from_spec(spec)
    sys.modules["vstd_lemma_usage"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def outcomes(tool, shared_dir, vstd_source, vstd_index):
    corpus = shared_dir / "corpus" / "verusage-bench"
    tasks = [t for t in tool.find_tasks(corpus, None) if f"{t.project}/{t.name}" in SAMPLE]
    assert len(tasks) == len(SAMPLE)
    names = {lemma.name for lemma in vstd_index.lemmas} - tool.vstd_function_names(vstd_source)
    search = LemmaSearch(vstd_index.lemmas)
    return {f"{t.project}/{t.name}": tool.evaluate(t, search, names) for t in tasks}


def test_target_names(tool):
    task = tool.Task("storage", "logimpl_L_check_fast_way", Path("v.rs"), Path("u.rs"))
    assert task.target_names()[:4] == [
        "logimpl_L_check_fast_way",
        "L_check_fast_way",
        "lemma_check_fast_way",
        "check_fast_way",
    ]
    assert tool.Task("vest", "regular__leb128__impl2__lemma_x", Path(), Path()).target_names()[0] == "lemma_x"


def test_vstd_lemma_uses_are_found_in_the_ground_truths(outcomes):
    uses = {task: [(u.lemma, u.how) for u in outcome.uses] for task, outcome in outcomes.items()}
    assert uses["ironkv/delegation_map_v__impl1_to_set"] == [("unique_seq_to_set", "call")]
    assert uses["storage/logimpl_L_check_fast_way_to_compute_head_mod_log_area_len"] == [
        ("lemma_fundamental_div_mod", "call"),
        ("lemma_mod_multiples_vanish", "call"),
        ("lemma_mod_sub_multiples_vanish", "call"),
        ("lemma_small_mod", "call"),
    ]
    assert ("lemma_values_finite", "call") in uses[
        "anvil-library/injective_finite_map_implies_dom_len_is_equal_to_values_len"
    ]
    assert uses["anvil-library/always_weaken"] == []  # temporal logic: no vstd lemma
    assert all(outcome.skipped is None for outcome in outcomes.values())


def test_ranks_and_summary(tool, outcomes):
    to_set = outcomes["ironkv/delegation_map_v__impl1_to_set"].uses[0]
    assert to_set.rank is not None and to_set.rank <= 5  # the task's own text leads to the lemma
    table = tool.summary(list(outcomes.values()))
    assert table["all"]["tasks"] == 4 and table["all"]["tasks using vstd lemmas"] == 3
    assert table["all"]["top 5"] <= table["all"]["top 10"] <= table["all"]["uses"]
