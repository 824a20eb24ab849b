"""Write verusagent/guard/vstd_names.py from the vstd source: the method names of vstd's trait declarations (a
new function of such a name can be found before the trait's method: `x@` calls `view`) and the names of vstd's
macros (an invocation the guard can read: it knows what they expand to).

Run: python tools/vstd_names.py [VSTD_DIR]   (default ../shared/corpus/vstd)
"""

import re
import sys
from pathlib import Path

from verusagent.lens import parse

_MACRO = re.compile(rb"macro_rules!\s*([A-Za-z_]\w*)")
_OUT = Path(__file__).resolve().parents[1] / "verusagent" / "guard" / "vstd_names.py"
_HEADER = '''"""Names from vstd's source, written by tools/vstd_names.py (do not edit by hand; run the tool again on a newer
vstd): the methods its traits declare, and the macros it defines."""

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


def frozenset_literal(name: str, values: set[str]) -> str:
    lines, line = [], "   "
    for value in sorted(values):
        item = f' "{value}",'
        if len(line) + len(item) > 116:
            lines.append(line)
            line = "   "
        line += item
    lines.append(line)
    return f"{name} = frozenset(\n    {{\n" + "\n".join(" " * 4 + text.lstrip() for text in lines) + "\n    }\n)\n"


def main() -> int:
    vstd = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "shared/corpus/vstd"
    text = _HEADER + frozenset_literal("TRAIT_METHODS", trait_methods(vstd)) + "\n" + frozenset_literal(
        "MACROS", macros(vstd))
    _OUT.write_text(text)
    print(f"wrote {_OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
