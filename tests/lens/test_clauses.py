"""Clause lists split right: empty clauses, and clause expressions ending in `if .. { } else { }` or `match .. { }`
blocks before the body, the next clause or a bodiless `;` (rust_fixtures/lens_clauses.rs, then real files)."""

import pytest

from verusagent.lens import ClauseKind, SourceModel, parse

from tests.paths import REPO_ROOT

FIXTURE = REPO_ROOT / "rust_fixtures" / "lens_clauses.rs"


@pytest.fixture(scope="module")
def clauses_model() -> SourceModel:
    return parse(FIXTURE.read_bytes())


def clauses_of(model: SourceModel, name: str) -> list[tuple[str, list[str]]]:
    function = model.function(name)
    return [(str(c.kind), [" ".join(e.text.split()) for e in c.exprs]) for c in function.clauses]


def body_of(model: SourceModel, name: str) -> str | None:
    function = model.function(name)
    return " ".join(model.slice(function.body).split()) if function.body else None


@pytest.mark.parametrize(
    ("name", "clauses", "body"),
    [
        ("empty_requires", [("requires", []), ("ensures", ["r == x"])], "{ x }"),
        ("empty_requires_on_one_line", [("requires", []), ("ensures", ["r == x"])], "{ x }"),
        ("if_else_before_body", [("ensures", ["r == if x > 0 { 1 } else { 2 }"])], "{ if x > 0 { 1 } else { 2 } }"),
        (
            "match_before_body",
            [("ensures", ["match x { Some(v) => r == v, None => r == 0 }"])],
            "{ match x { Some(v) => v, None => 0 } }",
        ),
        ("if_else_before_ensures", [("requires", ["if b { true } else { false }"]), ("ensures", ["r == 0"])], "{ 0 }"),
        ("read", [("ensures", ["match x { Some(v) => r == v, None => r == 0 }"])], None),
        ("either", [("ensures", ["if b { r == 1 } else { r == 2 }"])], None),
        (
            "largest",
            [
                ("ensures", ["match o { 0 => r == 0, _ => r >= o }"]),
                ("default_ensures", ["exists|m: u8| { &&& m == r }"]),
            ],
            None,
        ),
        ("names_that_are_keywords", [("requires", ["requires < 10"]), ("ensures", ["r == requires"])], "{ requires }"),
    ],
)
def test_fixture_clauses_and_bodies(clauses_model, name, clauses, body) -> None:
    assert clauses_of(clauses_model, name) == clauses
    assert body_of(clauses_model, name) == body


def test_the_fixture_parses_cleanly(clauses_model) -> None:
    assert clauses_model.problems == []
    assert len(clauses_model.functions) == 9


def test_real_requires_ending_in_if_else_before_ensures(shared_dir) -> None:
    """storage's `extract_init_val`: `requires if c { true } else { .. } ensures out == true_val {`."""
    path = shared_dir / "corpus/verusage-bench/storage/verified/log_start/start_read_log_variables.rs"
    model = parse(path.read_bytes())
    function = model.function("extract_init_val")
    requires = function.clause(ClauseKind.REQUIRES).exprs
    assert len(requires) == 1 and requires[0].text.startswith("if impervious_to_corruption {")
    assert requires[0].text.endswith("}") and "self@ == true_bytes" in requires[0].text
    assert [e.text for e in function.clause(ClauseKind.ENSURES).exprs] == ["out == true_val"]
    assert body_of(model, "extract_init_val") == "{ unimplemented!() }"


def test_real_bodiless_method_whose_ensures_ends_in_a_match(shared_dir) -> None:
    path = shared_dir / "corpus/verusage-bench/storage/verified/log_start/start_read_log_variables.rs"
    model = parse(path.read_bytes())
    readers = [f for f in model.functions if f.name == "read_aligned" and (f.container or "").startswith("trait")]
    assert len(readers) == 1 and readers[0].body is None
    ensures = readers[0].clause(ClauseKind.ENSURES).exprs
    assert len(ensures) == 1 and ensures[0].text.startswith("match bytes {") and ensures[0].text.endswith("}")


def test_real_match_before_default_ensures(shared_dir) -> None:
    """vstd's `Ord::max`: `ensures .. ==> match .. { .. } default_ensures exists|b| { .. };`."""
    model = parse((shared_dir / "corpus/vstd/std_specs/cmp.rs").read_bytes())
    for name in ("max", "min", "lt"):
        function = model.function(name)
        assert function.body is None, name
        assert [str(c.kind) for c in function.clauses] == ["ensures", "default_ensures"], name
        assert function.clause(ClauseKind.DEFAULT_ENSURES).exprs[0].text.startswith("exists|"), name
