"""The policy relaxes rules only where the caller says so (synth mode); the default is strict."""

from verusagent.guard import GuardPolicy, Rule, Severity, guard


def _cheat(proved_text: str) -> str:
    changed = proved_text.replace("self.value = self.value + 1;", "self.value = self.value + 2;")
    changed = changed.replace("let _ = find(&v, 3);", "let _ = find(&v, 4);")
    return changed.replace("} // verus!", "fn helper() -> u64 { 7 }\n\n} // verus!")


def test_default_is_strict(base_text, proved_text) -> None:
    report = guard(base_text, _cheat(proved_text))
    assert {(str(v.rule), v.function) for v in report.violations} == {
        ("exec-changed", "fn:Counter::bump"),
        ("exec-changed", "fn:main"),
        ("exec-changed", "fn:helper"),
    }


def test_exec_editable_functions_by_id_or_name(base_text, proved_text) -> None:
    for name in ("fn:Counter::bump", "bump"):
        report = guard(base_text, _cheat(proved_text), GuardPolicy(exec_editable_functions=frozenset({name})))
        assert {v.function for v in report.violations} == {"fn:main", "fn:helper"}


def test_exec_editable_functions_keep_their_spec(base_text, proved_text) -> None:
    weaker = proved_text.replace("self.value == old(self).value + 1,", "true,")
    report = guard(base_text, weaker, GuardPolicy(exec_editable_functions=frozenset({"fn:Counter::bump"})))
    assert [str(v.rule) for v in report.violations] == ["spec-changed"]


def test_allow_exec_changes_and_new_exec_functions(base_text, proved_text) -> None:
    report = guard(base_text, _cheat(proved_text), GuardPolicy(allow_exec_changes=True))
    assert report.violations == []
    report = guard(base_text, _cheat(proved_text), GuardPolicy(allow_new_exec_functions=True))
    assert {v.function for v in report.violations} == {"fn:Counter::bump", "fn:main"}


def test_relaxed_rules_become_warnings(base_text, proved_text) -> None:
    policy = GuardPolicy(relaxed_rules=frozenset({Rule.EXEC_CHANGED}))
    report = guard(base_text, _cheat(proved_text), policy)
    assert report.clean and len(report.violations) == 3
    assert {v.severity for v in report.violations} == {Severity.WARNING}
    assert report.errors() == [] and report.counts() == {}


def test_synth_mode_still_catches_escape_hatches(base_text, proved_text) -> None:
    cheat = proved_text.replace("self.value = self.value + 1;", "assume(false);")
    report = guard(base_text, cheat, GuardPolicy(allow_exec_changes=True))
    assert [str(v.rule) for v in report.violations] == ["escape-hatch-added"]


def test_policy_is_immutable() -> None:
    policy = GuardPolicy()
    try:
        policy.allow_exec_changes = True  # type: ignore[misc]
    except Exception as error:  # pydantic raises ValidationError for a frozen model
        assert "frozen" in str(error)
    else:
        raise AssertionError("GuardPolicy must be frozen")


def test_a_new_exec_helper_in_synth_mode_needs_a_new_name_and_no_meaningful_attribute(base_text) -> None:
    """Synth mode may add exec helpers, under the same name rule as lemmas: a helper named like something the
    original spells, or like a vstd trait method, could be found before what the original's code means."""
    policy = GuardPolicy(allow_new_exec_functions=True)
    fresh = base_text.replace("} // verus!", "fn synth_helper_double(x: u64) -> u64 { x }\n\n} // verus!")
    assert guard(base_text, fresh, policy).violations == []
    for name in ("find", "view", "sorted"):
        taken = base_text.replace("} // verus!", f"fn {name}(x: u64) -> u64 {{ x }}\n\n}} // verus!")
        kinds = {str(v.rule) for v in guard(base_text, taken, policy).violations}
        assert "name-shadowed" in kinds, name
    trusted = base_text.replace(
        "} // verus!", "#[verifier::external_body]\nfn synth_helper(x: u64) -> u64 { x }\n\n} // verus!"
    )
    assert "escape-hatch-added" in {str(v.rule) for v in guard(base_text, trusted, policy).violations}
