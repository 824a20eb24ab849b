"""The guard on the more varied Verus programs of ../shared/corpus/verus-examples (traits, tracked state, atomics):
a file against itself is clean, and mutations of it are caught.

The examples are larger than the benchmark's files, so each gets a third of the mutation kinds (rotating with the
file, so that every kind meets a third of the examples): the suite stays fast.
"""

import pytest

from verusagent.guard import guard


@pytest.fixture(scope="module")
def example_texts(examples_dir) -> list[tuple[str, str]]:
    return [(path.name, path.read_text(errors="replace")) for path in sorted(examples_dir.rglob("*.rs"))]


def test_every_corpus_file_against_itself_is_clean(corpus_rs_files) -> None:
    assert len(corpus_rs_files) > 300
    dirty = {path.name: guard(path.read_bytes(), path.read_bytes()).violations for path in corpus_rs_files}
    assert {name: v for name, v in dirty.items() if v} == {}


def test_mutations_of_the_examples_are_caught(example_texts, mutate_module) -> None:
    kinds = list(mutate_module.KINDS)
    missed, applied = [], 0
    for index, (name, text) in enumerate(example_texts):
        for mutation in mutate_module.mutations(text):
            if (kinds.index(mutation.kind) + index) % 3:
                continue
            applied += 1
            report = guard(text, mutation.text)
            if not any(v.rule == mutation.rule and mutation.function in (None, v.function) for v in report.errors()):
                missed.append((name, mutation.kind))
    assert applied > 500
    assert missed == []
