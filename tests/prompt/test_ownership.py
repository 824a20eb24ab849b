"""`verusagent.prompt` owns every string the model reads: no module outside it renders a template, that is
imports `verusagent.prompt.templates` (or `render` from the package) or jinja2. A module that must is listed
here with its reason."""

import ast

import verusagent.prompt

from tests.paths import PACKAGE, package_modules_outside

PROMPT = PACKAGE / "prompt"
TEMPLATES = "verusagent.prompt.templates"

# Modules outside verusagent/prompt that may render a template, and why (none today).
RENDERS: dict[str, str] = {}


def _renders(node: ast.AST) -> bool:
    """An import of the templates module, of jinja2, or of `render` or `templates` from the prompt package."""
    if isinstance(node, ast.Import):
        return any(_is_template_module(alias.name) for alias in node.names)
    if isinstance(node, ast.ImportFrom) and node.module:
        if _is_template_module(node.module):
            return True
        return node.module == "verusagent.prompt" and any(a.name in ("render", "templates") for a in node.names)
    return False


def _is_template_module(name: str) -> bool:
    return name == TEMPLATES or name.startswith(TEMPLATES + ".") or name == "jinja2" or name.startswith("jinja2.")


def _renderers() -> dict[str, list[int]]:
    found = {
        name: [node.lineno for node in ast.walk(tree) if _renders(node)]
        for name, tree in package_modules_outside(PROMPT).items()
    }
    return {name: lines for name, lines in found.items() if lines}


def test_no_module_outside_prompt_renders_a_template_but_the_listed_ones() -> None:
    renderers = _renderers()
    assert {name: lines for name, lines in renderers.items() if name not in RENDERS} == {}  # move it to prompt/
    assert sorted(set(RENDERS) - set(renderers)) == []  # a reason no module needs any more goes


def test_the_scan_sees_every_form_of_the_import() -> None:
    forms = [
        "from verusagent.prompt.templates import render",
        "import verusagent.prompt.templates",
        "from verusagent.prompt import render",
        "from verusagent.prompt import templates",
        "import jinja2",
        "from jinja2 import Environment",
    ]
    assert all(_renders(ast.parse(form).body[0]) for form in forms)
    assert not _renders(ast.parse("from verusagent.prompt import chat, session").body[0])


def test_the_package_does_not_hand_out_render() -> None:
    assert "render" not in verusagent.prompt.__all__
