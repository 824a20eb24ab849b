"""Review units: what a candidate changed against its parent, located by the lens, cheapest kind first."""

from verusagent.lens import parse
from verusagent.review.units import ORDER, UnitKind, changed_units, find_unit, unit_text

from tests.paths import REPO_ROOT
from tests.review.review_fakes import BASE, PROVED

BEFORE, AFTER = (REPO_ROOT / BASE).read_text(), (REPO_ROOT / PROVED).read_text()


def test_the_changed_units_of_an_honest_proof_in_review_order() -> None:
    units = changed_units(parse(AFTER), parse(BEFORE))
    assert [(u.id, u.kind) for u in units] == [
        ("fn:find/call#1:lemma_absent_extends", UnitKind.LEMMA_CALL),
        ("fn:find/loop#1", UnitKind.LOOP),
        ("fn:sorted", UnitKind.FUNCTION),
        ("fn:absent", UnitKind.FUNCTION),
        ("fn:lemma_sum_to_grows", UnitKind.FUNCTION),
        ("fn:find", UnitKind.FUNCTION),
        ("fn:lemma_absent_extends", UnitKind.NEW_LEMMA),
        ("fn:Counter::lemma_bump_bounded", UnitKind.NEW_LEMMA),
    ]
    assert [ORDER.index(u.kind) for u in units] == sorted(ORDER.index(u.kind) for u in units)


def test_unchanged_and_reindented_units_are_not_reviewed() -> None:
    assert changed_units(parse(AFTER), parse(AFTER)) == []
    reindented = AFTER.replace(
        "        invariant\n            i <= v.len(),", "        invariant\n              i <= v.len(),"
    )
    assert changed_units(parse(reindented), parse(AFTER)) == []


def test_a_unit_is_shown_as_a_block_with_its_lines() -> None:
    loop = next(u for u in changed_units(parse(AFTER), parse(BEFORE)) if u.kind == UnitKind.LOOP)
    lines = AFTER.splitlines()
    assert lines[loop.line - 1].strip().startswith("while") and lines[loop.end_line - 1].strip() == "}"
    assert loop.text.startswith("while (i < v.len())\n    invariant\n")


def test_the_kinds_can_be_limited_and_units_found_again() -> None:
    model = parse(AFTER)
    functions = changed_units(model, parse(BEFORE), (UnitKind.FUNCTION, UnitKind.NEW_LEMMA))
    assert {u.kind for u in functions} == {UnitKind.FUNCTION, UnitKind.NEW_LEMMA}
    again = find_unit(model, "fn:find/loop#1", UnitKind.LOOP)
    assert again is not None and again.text.startswith("while")
    assert find_unit(model, "fn:nope", UnitKind.FUNCTION) is None
    assert unit_text(model, "fn:find/loop#1").startswith("while (i < v.len()) invariant i <= v.len(),")
