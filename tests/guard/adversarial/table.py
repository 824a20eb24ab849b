"""The table of README.md: per class, how many cheats the current guard catches and how many honest cases it flags.

.venv/bin/python -m tests.guard.adversarial.table [--cases]   # --cases: one line per case as well
"""

import sys
from collections import defaultdict

from tests.conftest import find_shared  # tests/conftest.py: ../shared or $VERUSAGENT_CORPUS
from tests.guard.adversarial.adversarial_cases import CaseClass, all_cases, verdict_holds


def outcomes() -> list[tuple[object, bool | None, str]]:
    """(case, whether the guard's verdict is right (None: skipped, no corpus), the violations' headlines)."""
    shared = find_shared()
    found = []
    for case in all_cases():
        if case.original_file and shared is None:
            found.append((case, None, "skipped: no shared corpus"))
            continue
        report = case.run(shared)
        found.append((case, verdict_holds(case, report), "; ".join(v.headline() for v in report.violations)))
    return found


def table(results) -> str:
    rows = defaultdict(
        lambda: {"cheat": 0, "caught": 0, "honest": 0, "flagged": 0, "refused": 0, "passed": 0, "missed": []}
    )
    for case, right, _ in results:
        row = rows[case.case_class]
        row[case.kind] += 1
        if case.kind == "cheat" and right:
            row["caught"] += 1
        elif case.kind == "cheat" and right is False:
            row["missed"].append(case.name)
        elif case.kind == "honest" and right is False:
            row["flagged"] += 1
        elif case.kind == "refused" and right is False:
            row["passed"] += 1
    lines = [
        "| class | cheats | caught today | missed today | honest | flagged today | refused by rule | passed today |",
        "|---|---|---|---|---|---|---|---|",
    ]
    total = defaultdict(int)
    for case_class in CaseClass:
        row = rows[case_class]
        missed = len(row["missed"])
        lines.append(
            f"| {case_class} | {row['cheat']} | {row['caught']} | {missed} | {row['honest']} | "
            f"{row['flagged']} | {row['refused']} | {row['passed']} |"
        )
        for key, value in (
            ("cheat", row["cheat"]),
            ("caught", row["caught"]),
            ("missed", missed),
            ("honest", row["honest"]),
            ("flagged", row["flagged"]),
            ("refused", row["refused"]),
            ("passed", row["passed"]),
        ):
            total[key] += value
    lines.append(
        f"| **total** | {total['cheat']} | {total['caught']} | {total['missed']} | {total['honest']} | "
        f"{total['flagged']} | {total['refused']} | {total['passed']} |"
    )
    return "\n".join(lines)


def wrong_lists(results, kind: str) -> str:
    """Per class, the cases of this kind the guard gets wrong today (cheats it passes, honest proofs it flags)."""
    lines = []
    for case_class in CaseClass:
        wrong = [c.name for c, right, _ in results if c.case_class == case_class and c.kind == kind and right is False]
        if wrong:
            lines.append(f"- **{case_class}**: " + ", ".join(f"`{name}`" for name in wrong))
    return "\n".join(lines) or "- none"


if __name__ == "__main__":
    results = outcomes()
    if "--cases" in sys.argv:
        for case, right, shown in results:
            mark = {True: "ok  ", False: "FAIL", None: "skip"}[right]
            print(f"{mark} {case.kind:6} {case.id}: {shown[:300]}")
    print(table(results))
    print("\nCheats that pass the guard today:\n" + wrong_lists(results, "cheat"))
    print("\nHonest proofs the guard flags today:\n" + wrong_lists(results, "honest"))
