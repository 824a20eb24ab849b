"""The collection of failing attempts (rust_fixtures/precheck_attempts/): model-style mistakes, each spliced into
one slot of template.rs, with the error verus gives for it and where. An attempt is caught when the pre-check
reports it with the right rule on the right line. `python tools/precheck_attempts.py` prints the figures."""

import tomllib
from collections import defaultdict
from dataclasses import dataclass

from verusagent.precheck import PrecheckContext, PrecheckReport, VstdMethods, precheck_source

from tests.paths import RUST_FIXTURES

FOLDER = RUST_FIXTURES / "precheck_attempts"
DEFAULTS = {"spec": "true"}  # a slot's text when no attempt fills it


@dataclass(frozen=True)
class Attempt:
    category: str
    name: str
    slot: str
    code: str
    kind: str  # the pre-check rule that should report it
    message: str  # what verus says (first error)
    line: int  # the line verus points at, in the spliced file

    def source(self) -> str:
        return splice(self.slot, self.code)[0]


def splice(slot: str | None = None, code: str = "") -> tuple[str, int]:
    """The template with `code` in `slot` (the other slots at their defaults), and the line the code starts on."""
    lines: list[str] = []
    start = 0
    for line in (FOLDER / "template.rs").read_text().splitlines():
        stripped = line.strip()
        if not stripped.startswith("// slot: "):
            lines.append(line)
            continue
        name = stripped.removeprefix("// slot: ")
        text = code if name == slot else DEFAULTS.get(name, "")
        start = len(lines) + 1 if name == slot else start
        indent = line[: len(line) - len(line.lstrip())]
        lines += [indent + part if part else "" for part in text.split("\n")] if text else []
    return "\n".join(lines) + "\n", start


def load() -> list[Attempt]:
    attempts = []
    for path in sorted(FOLDER.glob("*.toml")):
        data = tomllib.loads(path.read_text())
        for entry in data["attempt"]:
            attempts.append(
                Attempt(
                    category=data["category"],
                    name=entry["name"],
                    slot=entry["slot"],
                    code=entry["code"],
                    kind=entry.get("kind", data["kind"]),
                    message=entry.get("message", data["message"]),
                    line=_line(entry),
                )
            )
    return attempts


def _line(entry: dict) -> int:
    """`line`: the snippet's line verus points at (1: its first), or "end": the file's last line."""
    text, start = splice(entry["slot"], entry["code"])
    where = entry.get("line", 1)
    return len(text.rstrip("\n").split("\n")) if where == "end" else start + where - 1


def check(
    attempt: Attempt, vstd_names: frozenset[str] | None, vstd_methods: VstdMethods | None = None
) -> PrecheckReport:
    context = PrecheckContext(crate_name="t", vstd_names=vstd_names, vstd_methods=vstd_methods)
    return precheck_source(attempt.source().encode(), "t.rs", context)


def caught(attempt: Attempt, report: PrecheckReport) -> bool:
    return any(
        str(f.rule) == attempt.kind and f.diagnostic.location is not None and f.diagnostic.location.line == attempt.line
        for f in report.findings
    )


def measure(
    vstd_names: frozenset[str] | None, vstd_methods: VstdMethods | None = None
) -> dict[str, tuple[int, int, list[str]]]:
    """Per category: (caught, attempts, the names missed)."""
    table: dict[str, list] = defaultdict(lambda: [0, 0, []])
    for attempt in load():
        row = table[attempt.category]
        row[1] += 1
        if caught(attempt, check(attempt, vstd_names, vstd_methods)):
            row[0] += 1
        else:
            row[2].append(attempt.name)
    return {category: (row[0], row[1], row[2]) for category, row in table.items()}
