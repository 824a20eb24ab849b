"""The pre-check on the collection of failing attempts (rust_fixtures/precheck_attempts/, tests/precheck/attempts.py):
it catches at least the share measured when a rule landed (`python tools/precheck_attempts.py` prints the table),
and the template itself, every slot at its default, has no finding."""

from verusagent.precheck import PrecheckContext, precheck_source

from tests.precheck.attempts import check, load, measure, splice

CAUGHT_AT_LEAST = 86  # of 102, measured with the shared vstd names


def test_the_collection_is_large_and_the_template_clean() -> None:
    attempts = load()
    assert len(attempts) >= 100 and len({a.name for a in attempts}) == len(attempts)
    report = precheck_source(splice()[0].encode(), "t.rs", PrecheckContext(crate_name="t", vstd_names=frozenset()))
    assert report.clean, report.rendered()


def test_each_attempt_is_an_error_somewhere_in_its_slot() -> None:
    for attempt in load():
        assert attempt.code.split("\n")[0] in attempt.source(), attempt.name
        assert 1 <= attempt.line <= attempt.source().count("\n"), attempt.name


def test_the_share_caught_does_not_fall(shared_vstd_names: frozenset[str], shared_vstd_methods) -> None:
    table = measure(shared_vstd_names, shared_vstd_methods)
    caught = sum(row[0] for row in table.values())
    assert caught >= CAUGHT_AT_LEAST, {category: row[:2] for category, row in table.items()}


def test_a_caught_attempt_is_reported_in_verus_s_words(shared_vstd_names: frozenset[str]) -> None:
    [attempt] = [a for a in load() if a.name == "arithmetic-only-ensures"]
    [finding] = check(attempt, shared_vstd_names).findings
    assert finding.diagnostic.message == attempt.message
