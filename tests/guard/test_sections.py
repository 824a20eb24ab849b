"""Section comments of vericoding tasks (`// <preamble>`, `// <spec>`, `// <code>`, ...): kept in place, never
read for meaning. A candidate that removes, moves or adds one is refused (the benchmark's harness finds the
preamble and spec by them); what is spec and what is code comes from the items, whatever the comments say."""

from pathlib import Path

from verusagent.guard import GuardPolicy, guard

TASK = Path(__file__).resolve().parents[2] / "rust_fixtures" / "vericoding" / "power_recursive"
SPEC, SOLUTION = (TASK / "verus_spec.rs").read_text(), (TASK / "solution.rs").read_text()
SYNTH = GuardPolicy(exec_editable_functions=frozenset({"power"}), allow_new_exec_functions=True)


def rules(candidate: str) -> list[str]:
    return [str(v.rule) for v in guard(SPEC, candidate, SYNTH).violations]


def test_helpers_and_lemmas_between_the_sections_keep_them_in_place() -> None:
    assert rules(SOLUTION) == []


def test_a_removed_moved_or_added_section_comment_is_refused() -> None:
    removed = SOLUTION.replace("// <code>\n", "")
    into_body = SOLUTION.replace("// <code>\n{\n", "{\n    // <code>\n")
    swapped = SOLUTION.replace("// <helpers>\n", "").replace("// <proofs>\n", "// <proofs>\n// <helpers>\n")
    added = SOLUTION.replace("// <proofs>\n", "// <proofs>\n// <extra>\n")
    for candidate in (removed, into_body, swapped, added):
        assert rules(candidate) == ["section-moved"]
    [violation] = guard(SPEC, removed, SYNTH).violations
    assert "`// <code>` removed" in violation.reason and "in header fn:power" in violation.reason


def test_the_comments_decide_nothing() -> None:
    """Moving the spec marker below the preamble's spec fn does not make that spec fn the model's to change."""
    changed = SOLUTION.replace("base * pow(base, (exp - 1) as nat)", "pow(base, (exp - 1) as nat)")
    assert rules(changed) == ["spec-changed"]
    relabelled = changed.replace("// <preamble>\n", "// <helpers>\n", 1).replace("// <helpers>\nfn mul", "fn mul")
    assert set(rules(relabelled)) == {"spec-changed", "section-moved"}


def test_files_without_section_comments_are_unaffected() -> None:
    plain = "verus! {\n// a note\nfn f() {}\n}\n"
    assert guard(plain, plain.replace("// a note\n", "")).clean
