"""The mention priors learned from what ground-truth proofs use (bench/mention_evidence.py, tools/learn_priors.py)."""

import json

from verusagent.bench.mention_evidence import LEAST_EVIDENCE, SMOOTHING, MentionPriors, Offer, learn, task_offers
from verusagent.bench.verusage import discover
from verusagent.context import priors
from verusagent.context.priors import MentionTable, mention_table


def _offers(pair: str, used: int, unused: int, project: str = "p") -> list[Offer]:
    return [Offer(project=project, pair=pair, used=True)] * used + [
        Offer(project=project, pair=pair, used=False)
    ] * unused


def test_a_pairs_chance_is_its_share_used_smoothed_toward_the_overall_share():
    offers = _offers("spec>spec", 30, 10) + _offers("spec>type", 0, 40)
    table = learn(offers)
    overall = 30 / 80
    assert table.pairs["spec>spec"].chance == round((30 + SMOOTHING * overall) / (40 + SMOOTHING), 3)
    assert table.pairs["spec>type"].chance == round(SMOOTHING * overall / (40 + SMOOTHING), 3)
    assert table.pairs["spec>type"].chance < 0.1 < table.pairs["spec>spec"].chance


def test_a_pair_with_little_evidence_takes_the_default():
    offers = _offers("spec>spec", 30, 10) + _offers("proof>trait", 1, LEAST_EVIDENCE - 2)
    table = learn(offers)
    assert "proof>trait" not in table.pairs and 0 < table.default < 0.375
    assert MentionTable(table.table(), table.default).chance("proof", "trait") == table.default


def test_the_shipped_table_is_the_learned_one_and_ranks_by_default():
    shipped = MentionPriors.model_validate_json(
        (priors.resources.files("verusagent.context") / priors.TABLE_FILE).read_text(encoding="utf-8")
    )
    assert len(shipped.projects) == 7 and shipped.pairs["spec>spec"].offered >= LEAST_EVIDENCE
    table = MentionTable.shipped()
    assert table.chance("spec", "spec") == shipped.pairs["spec>spec"].chance
    with mention_table(MentionTable({}, 0.5)):
        assert priors._table.chance("spec", "spec") == 0.5
    assert priors._table.chance("spec", "spec") == shipped.pairs["spec>spec"].chance


def test_a_shared_task_records_what_its_ground_truth_uses(shared_dir):
    tasks = [t for t in discover(shared_dir / "corpus" / "verusage-bench") if t.project == "ironkv"][:12]
    offers = [o for task in tasks for o in task_offers(task)]
    assert offers and {o.project for o in offers} == {"ironkv"}
    assert any(o.used for o in offers) and not all(o.used for o in offers)
    assert all(">" in o.pair for o in offers)
    json.dumps([o.model_dump() for o in offers])  # the evidence file's form


def test_recording_leaves_the_ranking_as_it_was(shared_dir):
    from verusagent.context import select

    before = select._Offers._prior
    task = next(t for t in discover(shared_dir / "corpus" / "verusage-bench") if t.project == "storage")
    task_offers(task)
    assert select._Offers._prior is before


def test_unused_pairs_are_ranked_low():
    """A type alias a spec fn mentions is seldom what a proof uses (0.9% on the shared projects)."""
    assert MentionTable.shipped().chance("spec", "type") < 0.05 < MentionTable.shipped().chance("spec", "spec")
