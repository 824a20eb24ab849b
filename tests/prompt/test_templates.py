"""Prompt templates: shipped in the package, complete, and loud about a missing variable."""

from importlib.resources import files

import jinja2
import pytest

from verusagent.prompt.templates import (
    REPAIR_KINDS,
    TASKS,
    PromptDiagnostic,
    TemplateError,
    chat,
    render,
    system_prompt,
)

SOURCE = "verus! {\nfn f(x: u8) -> (r: u8) ensures r == x { x }\n}\n"
FINDING = {
    "severity": "critical",
    "location": "fn:f, lines 2-2",
    "reason": "r",
    "quote": "x",
    "explanation": "e",
    "check": "logic",
}

CONTEXTS = {
    "prove": dict(file_name="f.rs", source=SOURCE, targets=["f"], strategy="", feedback=[], reply_format="file"),
    "repair": dict(
        file_name="f.rs",
        source=SOURCE,
        strategy="",
        feedback=[],
        reply_format="items",
        diagnostics=[
            PromptDiagnostic(
                kind="postcondition",
                message="postcondition not satisfied",
                location="line 2 in fn:f",
                excerpt="ensures r == x",
            )
        ],
    ),
    "synth": dict(file_name="f.rs", source=SOURCE, targets=["f"], strategy="", feedback=[], reply_format="file"),
    # the review shows its unit and the context around it (review/unit_view.py), never the whole file as `source`
    "review_propose": dict(file_name="f.rs", context=SOURCE, unit_id="fn:f", unit_kind="function", unit_text="fn f"),
    "review_validate": dict(
        file_name="f.rs",
        context=SOURCE,
        unit_id="fn:f",
        unit_kind="function",
        unit_text="fn f",
        finding=FINDING,
        dispute=None,
    ),
}


def test_every_template_ships_inside_the_package():
    shipped = {p.name for p in files("verusagent.prompt.files").iterdir()}
    expected = {f"{t}.j2" for t in TASKS} | {"system.j2", "extraction_feedback.j2", "_guidance.j2"}
    assert expected <= shipped


@pytest.mark.parametrize("task", TASKS)
def test_each_task_renders_with_its_full_context(task):
    messages = chat(task, **CONTEXTS[task])
    assert [m["role"] for m in messages] == ["system", "user"]
    assert SOURCE.strip() in messages[1]["content"]
    assert "Undefined" not in messages[1]["content"]


@pytest.mark.parametrize("task", TASKS)
def test_each_task_fails_loudly_on_any_missing_variable(task):
    for missing in CONTEXTS[task]:
        context = {k: v for k, v in CONTEXTS[task].items() if k != missing}
        with pytest.raises(jinja2.UndefinedError):
            render(task, **context)


def test_the_system_prompt_forbids_every_escape_hatch_and_teaches_the_rules():
    text = system_prompt()
    for forbidden in [
        "assume(",
        "admit()",
        "external_body",
        "axiom fn",
        "assume_specification",
        "exec_allows_no_decreases_clause",
        "requires",
        "ensures",
    ]:
        assert forbidden in text
    for advice in ["invariant", "decreases", "#[trigger]", "nonlinear_arith", "bit_vector", "v.len()"]:
        assert advice in text


def guidance_for(kind: str) -> str:
    context = CONTEXTS["repair"] | {"diagnostics": [PromptDiagnostic(kind=kind, message="m", location="l")]}
    text = render("repair", **context)
    return text[text.index("# How to fix") : text.index("The specifications")]


def test_every_diagnostic_kind_has_its_own_guidance():
    sections = {kind: guidance_for(kind) for kind in REPAIR_KINDS}
    assert all(len(section) > 100 for section in sections.values())
    assert len(set(sections.values())) == len(REPAIR_KINDS)
    assert "decreases n - i" in sections["decreases"] and "#[trigger]" in sections["trigger"]
    assert "nonlinear_arith" in sections["arithmetic_overflow"] and "opaque" in sections["rlimit"]


def test_guidance_appears_once_per_kind_and_diagnostics_are_numbered():
    diagnostics = [
        PromptDiagnostic(
            kind="assertion", message=f"assertion failed {i}", location=f"line {i}", related=["note: here"]
        )
        for i in range(3)
    ]
    text = render("repair", **(CONTEXTS["repair"] | {"diagnostics": diagnostics}))
    assert text.count("assertion failed: verus cannot prove") == 1
    assert "3. [assertion] assertion failed 2 at line 2" in text and text.count("related: note: here") == 3


def test_an_unknown_diagnostic_kind_is_refused():
    context = CONTEXTS["repair"] | {
        "diagnostics": [{"kind": "made_up", "message": "m", "location": "l", "excerpt": "", "related": []}]
    }
    with pytest.raises(ValueError, match="made_up"):
        chat("repair", **context)
    with pytest.raises(TemplateError, match="made_up"):
        render("repair", **context)


def test_reply_format_must_be_known_and_feedback_is_shown():
    with pytest.raises(TemplateError, match="reply_format"):
        render("prove", **(CONTEXTS["prove"] | {"reply_format": "yaml"}))
    text = render(
        "prove",
        **(CONTEXTS["prove"] | {"feedback": ["guard: assume(false) added in fn f"], "strategy": "invariants first"}),
    )
    assert "guard: assume(false) added in fn f" in text and "invariants first" in text


def test_unknown_task_and_template_names_are_errors():
    with pytest.raises(ValueError, match="unknown prompt task"):
        chat("poem")
    with pytest.raises(jinja2.TemplateNotFound):
        render("no_such_template")
