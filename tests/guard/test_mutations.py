"""Every cheat caught: each kind of mutation of tools/mutate.py, applied to every ground truth, is detected.

Detection means the guard reports the mutation's rule (at the mutated function where the mutation names one),
whether the original is the ground truth itself or the task input. A kind that does not apply to a file (no loop,
no spec fn) is counted as not applicable, never as detected.
"""

from collections import Counter

import pytest

from verusagent.guard import guard
from verusagent.lens import parse


@pytest.fixture(scope="module")
def outcomes(corpus_pairs, mutate_module):
    """(kind, truth name, detected against the ground truth, report against the task input) per mutation."""
    rows = []
    not_applicable: Counter = Counter()
    for task, truth in corpus_pairs:
        text = truth.read_text()
        result = mutate_module.generate(text)
        not_applicable.update(list(result.not_applicable))
        for mutation in result.mutations:
            rows.append((mutation, truth.name, guard(text, mutation.text), guard(task.read_text(), mutation.text)))
    return rows, not_applicable


def _detected(mutation, report) -> bool:
    return any(
        v.rule == mutation.rule and (mutation.function is None or v.function == mutation.function)
        for v in report.errors()
    )


def test_every_kind_applies_somewhere_and_is_always_detected(outcomes, mutate_module, capsys) -> None:
    rows, not_applicable = outcomes
    applied, caught = Counter(), Counter()
    for mutation, _name, report, _ in rows:
        applied[mutation.kind] += 1
        caught[mutation.kind] += _detected(mutation, report)
    with capsys.disabled():
        print(f"\n{'kind':32} applied detected n/a")
        for kind in mutate_module.KINDS:
            print(f"{kind:32} {applied[kind]:7} {caught[kind]:8} {not_applicable[kind]:3}")
    assert set(applied) == set(mutate_module.KINDS)
    assert {kind: applied[kind] + not_applicable[kind] for kind in mutate_module.KINDS} == dict.fromkeys(
        mutate_module.KINDS, 154
    )
    missed = [(m.kind, name) for m, name, report, _ in rows if not _detected(m, report)]
    assert missed == []


def test_mutants_are_detected_against_the_task_input_too(outcomes) -> None:
    """The agent compares with the task input: a mutant must never pass there, and must show its own rule."""
    rows, _ = outcomes
    missed = [(m.kind, name) for m, name, _, report in rows if not any(v.rule == m.rule for v in report.errors())]
    assert missed == []


def test_mutants_parse_as_well_as_their_ground_truth(outcomes, corpus_pairs) -> None:
    """A mutation must be a cheat, not a syntax error that the guard would reject for another reason."""
    rows, _ = outcomes
    unparsable = [
        (m.kind, name)
        for m, name, report, _ in rows
        if any(v.rule == "candidate-unparsable" for v in report.violations)
    ]
    assert unparsable == []
    sample = rows[:: max(1, len(rows) // 200)]
    assert all(not parse(m.text).problems for m, *_ in sample)


def test_the_mutation_generator_names_kinds_and_reasons(mutate_module, proved_text) -> None:
    result = mutate_module.generate(proved_text)
    assert [m.kind for m in result.mutations] + list(result.not_applicable) != []
    assert set(m.kind for m in result.mutations) | set(result.not_applicable) == set(mutate_module.KINDS)
    assert all(m.text != proved_text and m.description for m in result.mutations)
    assert mutate_module.mutations(proved_text) == result.mutations


def test_a_file_without_exec_code_gets_not_applicable_reasons(mutate_module) -> None:
    result = mutate_module.generate("verus! {\nspec fn f() -> int { 1 }\n}\n")
    assert result.mutations == []
    assert set(result.not_applicable) == set(mutate_module.KINDS)
