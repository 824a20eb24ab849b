"""The package's layers, written once, here: a module imports nothing from a layer above its own (an import
inside a function counts as much as one at the top). An import inside a function is allowed only in the modules
listed in LATE, each with its reason; the only import cycles are the lens's recursive descent.

`python -m tests.test_layers` prints the import graph: the edges between packages, the cycles, the late imports.
"""

import ast
import importlib.util
from collections import defaultdict
from pathlib import Path

from tests.paths import REPO_ROOT

PACKAGE = REPO_ROOT / "verusagent"

# Lowest first. A module belongs to the layer of the longest name it starts with (`verusagent.x` holds
# `verusagent.x.y`); the modules of one layer do not depend on each other's layer being lower.
LAYERS: list[tuple[str, ...]] = [
    (
        "verusagent",
        "verusagent.paths",
        "verusagent.crate_text",
        "verusagent.standin",
        "verusagent.choices",
        "verusagent.console",
        "verusagent.source_file",
    ),  # standalone
    ("verusagent.record", "verusagent.reply"),  # the run record; model text -> typed replies
    ("verusagent.lens",),  # the Verus-aware source model
    ("verusagent.verus", "verusagent.context", "verusagent.llm"),  # verus adapter, prompt slices, model transport
    ("verusagent.crate", "verusagent.lemmas"),  # crates of files, the lemma index
    ("verusagent.guard", "verusagent.precheck"),  # file and crate guard; the static pre-check
    ("verusagent.prompt",),  # every prompt
    ("verusagent.edit",),  # reply -> edited source
    ("verusagent.review",),  # the review, its screening of candidates, its calibration
    ("verusagent.gate", "verusagent.audit"),  # the CI gate, the record's audit
    ("verusagent.agent",),  # the loop
    ("verusagent.cli_app", "verusagent.commands", "verusagent.mcp"),  # the commands, their output; the MCP server
    ("verusagent.bench",),  # the benchmark harness: its tasks run the agent commands
    ("verusagent.cli", "verusagent.cli_json", "verusagent.__main__"),  # the entry point
]

_LITELLM = "litellm takes seconds to import: it loads on the first model call, never for a command without one"
_LENS_DESCENT = "the lens's recursive descent: items hold machines and invariant structs that hold items"
# Modules that may import inside a function, and why.
LATE: dict[str, str] = {
    "verusagent.commands.mcp": "the MCP SDK is an optional extra (verusagent[mcp]), imported only to serve",
    "verusagent.llm.runtime": _LITELLM,
    "verusagent.llm.provider": _LITELLM + " (the scripted provider subclasses litellm's CustomLLM)",
    "verusagent.llm.preflight": _LITELLM + " (the scripted model and a local server are checked without it)",
    "verusagent.llm.tokens": "tiktoken reads its encodings when first imported: only when a count is asked for",
    "verusagent.lens.machines": _LENS_DESCENT,
    "verusagent.lens.invariant_structs": _LENS_DESCENT,
    "verusagent.lens.bodies": "the lens's recursive descent: a function body holds nested items and functions",
    "verusagent.bench.plots": "matplotlib is an optional extra (verusagent[plots]), imported only to draw",
    "verusagent.bench.ray_executor": "Ray is an optional extra (verusagent[ray]), imported only with --ray",
}
ALLOWED_CYCLES = [
    {"verusagent.lens.bodies", "verusagent.lens.functions"},
    {"verusagent.lens.invariant_structs", "verusagent.lens.items", "verusagent.lens.machines"},
]


class Import:
    def __init__(self, source: str, target: str, line: int, late: bool):
        self.source, self.target, self.line, self.late = source, target, line, late

    def __repr__(self) -> str:
        return f"{self.source}:{self.line} -> {self.target}{' (late)' if self.late else ''}"


def module_names() -> dict[str, Path]:
    names = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(REPO_ROOT).with_suffix("").parts)
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return names


def imports_of(name: str, path: Path, known: set[str]) -> list[Import]:
    is_package = path.name == "__init__.py"
    found: list[Import] = []

    def visit(node: ast.AST, late: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                found.extend(
                    Import(name, target, child.lineno, late) for target in _targets(name, is_package, child, known)
                )
            visit(child, late or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef))

    visit(ast.parse(path.read_text(encoding="utf-8")), False)
    return found


def _targets(name: str, is_package: bool, node: ast.Import | ast.ImportFrom, known: set[str]) -> list[str]:
    """The modules an import statement reads (outside modules too: they count as late imports, not as layers)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        base = name.split(".")[: len(name.split(".")) - node.level + is_package]
        prefix = ".".join([*base, *([node.module] if node.module else [])])
    else:
        prefix = node.module or ""
    return [f"{prefix}.{a.name}" if f"{prefix}.{a.name}" in known else prefix for a in node.names]


def command_modules() -> list[Import]:
    """cli.py names the command modules (`COMMANDS`: name -> LazyCommand(module, help)); each is imported by name
    when its command runs, and registers it."""
    spec = importlib.util.find_spec("verusagent.cli")
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    table = next(n.value for n in tree.body if isinstance(n, ast.AnnAssign) and n.target.id == "COMMANDS")
    modules = {entry.args[0].value: entry.lineno for entry in table.values}
    return [Import("verusagent.cli", module, line, False) for module, line in modules.items()]


def all_imports() -> list[Import]:
    names = module_names()
    found = [i for name, path in names.items() for i in imports_of(name, path, set(names))]
    return found + command_modules()


def layer_of(module: str) -> int | None:
    matches = [
        (len(prefix), index)
        for index, layer in enumerate(LAYERS)
        for prefix in layer
        if module == prefix or (prefix != "verusagent" and module.startswith(prefix + "."))
    ]
    return max(matches)[1] if matches else None


def cycles(edges: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(edges.get(node, ())):
            if other not in index:
                connect(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(component)

    for node in sorted(edges):
        if node not in index:
            connect(node)
    return found


def module_edges(imports: list[Import]) -> dict[str, set[str]]:
    edges: dict[str, set[str]] = defaultdict(set)
    for found in imports:
        if found.target != found.source and found.target.split(".")[0] == "verusagent":
            edges[found.source].add(found.target)
    return edges


def test_every_module_has_a_layer():
    assert [name for name in module_names() if layer_of(name) is None] == []


def test_no_module_imports_from_a_higher_layer():
    upward = [i for i in all_imports() if layer_of(i.target) is not None and layer_of(i.target) > layer_of(i.source)]
    assert upward == []


def test_imports_inside_functions_only_where_a_reason_is_given():
    late = [i for i in all_imports() if i.late]
    assert [i for i in late if i.source not in LATE] == []
    assert sorted(set(LATE) - {i.source for i in late}) == []  # a reason no import needs any more goes


def test_the_only_cycles_are_the_lens_s_recursive_descent():
    found = cycles(module_edges(all_imports()))
    assert sorted(map(sorted, found)) == sorted(map(sorted, ALLOWED_CYCLES))


def _report() -> None:
    imports = all_imports()
    packages: dict[str, set[str]] = defaultdict(set)
    for found in imports:
        source, target = (".".join(m.split(".")[:2]) for m in (found.source, found.target))
        if source != target and target.split(".")[0] == "verusagent":
            packages[source].add(target)
    for layer in reversed(LAYERS):
        for package in layer:
            if package in packages:
                print(f"{package} -> {', '.join(sorted(packages[package]))}")
    print("cycles:", [sorted(c) for c in cycles(module_edges(imports))])
    late = [i for i in imports if i.late]
    print(f"imports inside functions: {len({(i.source, i.line) for i in late})} statements")
    for source in sorted({i.source for i in late}):
        count = len({i.line for i in late if i.source == source})
        print(f"  {source}: {count}  ({LATE.get(source, 'NO REASON')})")


if __name__ == "__main__":
    _report()
