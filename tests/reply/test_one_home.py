"""`verusagent.reply` is the one home of reply parsing: no module outside it reads JSON from model text or
defines a regex over code fences. JSON read elsewhere is never a model's: each module that reads some is listed
here with what it reads."""

import ast

from tests.paths import PACKAGE, package_modules_outside

REPLY = PACKAGE / "reply"

# Modules outside verusagent/reply that parse JSON, and what they parse (none of it a model's reply).
NOT_MODEL_JSON: dict[str, str] = {
    "verusagent/bench/suites.py": "a suite's task list (JSON lines), written by hand or by prepare",
    "verusagent/context/priors.py": "the bundled table of slice priors",
    "verusagent/lemmas/locate.py": "a lemma index's version.json",
    "verusagent/llm/litellm_data.py": "litellm's bundled model and price tables",
    "verusagent/llm/preflight.py": "the bundled providers.json",
    "verusagent/llm/script.py": "a scripted model's script file, written by a test or a demo",
    "verusagent/precheck/vstd_methods.py": "the stored table of vstd's methods",
    "verusagent/precheck/vstd_names.py": "the stored table of vstd's names",
    "verusagent/record/reader.py": "the run record's JSON lines",
    "verusagent/review/calibration/file.py": "a calibration file",
    "verusagent/review/calibration/labels.py": "a labels file (JSON lines)",
    "verusagent/standin.py": "the verus stand-in's scenario files, written by the tests",
    "verusagent/verus/install.py": "verus's --version --output-json document",
    "verusagent/verus/jsonout.py": "verus's --output-json diagnostics",
}
_JSON_READERS = {"loads", "load", "raw_decode", "JSONDecoder"}
_FENCES = ("```", "`{3", "~~~", "~{3")


def _called_name(node: ast.Call) -> str:
    return node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")


def _json_readers(tree: ast.AST) -> list[int]:
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and _called_name(node) in _JSON_READERS
        and ("json" in ast.unparse(node.func) or _called_name(node) == "raw_decode")
    ]


def _fence_regexes(tree: ast.AST) -> list[int]:
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and ast.unparse(node.func.value) == "re"
        and any(
            isinstance(arg, ast.Constant) and isinstance(arg.value, str) and any(f in arg.value for f in _FENCES)
            for arg in ast.walk(node)
        )
    ]


def test_no_module_outside_reply_reads_json_but_the_listed_ones() -> None:
    readers = {name for name, tree in package_modules_outside(REPLY).items() if _json_readers(tree)}
    assert sorted(readers - set(NOT_MODEL_JSON)) == []  # a new one: model text goes through verusagent.reply
    assert sorted(set(NOT_MODEL_JSON) - readers) == []  # a reason no module needs any more goes


def test_no_module_outside_reply_defines_a_fence_regex() -> None:
    found = {name: lines for name, tree in package_modules_outside(REPLY).items() if (lines := _fence_regexes(tree))}
    assert found == {}


def test_the_checks_see_what_reply_itself_does() -> None:
    """The checks find the parsers they look for: in reply's own modules they fire."""
    trees = {path.name: ast.parse(path.read_text(encoding="utf-8")) for path in REPLY.glob("*.py")}
    assert _json_readers(trees["jsonreply.py"]) and _fence_regexes(trees["fences.py"])
    assert _fence_regexes(trees["tool_calls.py"]) and not _json_readers(trees["votes.py"])
