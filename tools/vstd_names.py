"""Write verusagent/guard/vstd_names.py from the vstd source: the method names of vstd's trait declarations (a
new function of such a name can be found before the trait's method: `x@` calls `view`), the names of vstd's
macros, and for each vstd module that declares no trait and re-exports nothing (`pub use`), the names it defines
(what a glob import `use vstd::arithmetic::mul::*;` brings in, private ones included: more, never fewer).

Run: python tools/vstd_names.py [VSTD_DIR]   (default ../shared/corpus/vstd)
"""

import re
import sys
from pathlib import Path

from verusagent.lens import parse
from verusagent.lens.model import DefinitionKind

_MACRO = re.compile(rb"macro_rules!\s*([A-Za-z_]\w*)")
_OUT = Path(__file__).resolve().parents[1] / "verusagent" / "guard" / "vstd_names.py"
_HEADER = '''"""Names from vstd's source, written by tools/vstd_names.py (do not edit by hand; run it again on a
newer vstd): the methods its traits declare, the macros it defines, and what a glob import of a module without
traits brings."""

'''


def trait_methods(vstd: Path) -> set[str]:
    names = set()
    for path in sorted(vstd.rglob("*.rs")):
        for function in parse(path.read_bytes()).functions:
            if (function.container or "").startswith("trait "):
                names.add(function.name)
    return names


def macros(vstd: Path) -> set[str]:
    return {m.decode() for path in sorted(vstd.rglob("*.rs")) for m in _MACRO.findall(path.read_bytes())}


_NOT_NAMES = frozenset({DefinitionKind.USE, DefinitionKind.IMPL, DefinitionKind.BROADCAST_USE})


def glob_modules(vstd: Path) -> dict[str, set[str]]:
    """Module path -> the names it defines, for the modules without a trait or a `pub use`."""
    modules = {}
    for path in sorted(vstd.rglob("*.rs")):
        parts = list(path.relative_to(vstd).with_suffix("").parts)
        if parts and parts[-1] in ("mod", "vstd", "lib"):
            parts = parts[:-1]
        data = path.read_bytes()
        model = parse(data)
        if b"pub use" in data or any(d.kind == DefinitionKind.TRAIT for d in model.definitions):
            continue
        names = {f.name for f in model.functions if not (f.container or "").startswith(("impl", "trait"))}
        names |= {d.name for d in model.definitions if d.kind not in _NOT_NAMES and d.name}
        modules["::".join(["vstd", *parts])] = names
    return modules


def dict_literal(name: str, values: dict[str, set[str]]) -> str:
    entries = "".join(
        f'    "{key}": frozenset(\n{_wrapped(names, 8)}\n    ),\n' for key, names in sorted(values.items())
    )
    return f"{name} = {{\n{entries}}}\n"


def _wrapped(values: set[str], indent: int) -> str:
    """`{"a", "b", ...}` filled into lines of at most 116 characters."""
    lines, line = [], "{"
    for value in sorted(values):
        item = f'"{value}", '
        if len(line) + len(item) + indent > 116:
            lines.append(line.rstrip())
            line = ""
        line += item
    lines.append(line.rstrip().rstrip(",") + "}")
    return "\n".join(" " * indent + text for text in lines)


def frozenset_literal(name: str, values: set[str]) -> str:
    return f"{name} = frozenset(\n{_wrapped(values, 4)}\n)\n"


def main() -> int:
    vstd = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "shared/corpus/vstd"
    text = (
        _HEADER
        + frozenset_literal("TRAIT_METHODS", trait_methods(vstd))
        + "\n"
        + frozenset_literal("MACROS", macros(vstd))
        + "\n"
        + dict_literal("GLOB_MODULES", glob_modules(vstd))
    )
    _OUT.write_text(text)
    print(f"wrote {_OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
