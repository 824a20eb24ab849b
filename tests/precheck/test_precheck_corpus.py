"""The pre-check never rejects what verus accepts: every ground truth of the shared corpora (Verus-Bench,
VeruSAGE-Bench, the verus examples and state machines) and every task input has no finding. And it is not
vacuous: a statement verus rejects, put at the start of the exec functions of real ground truths, is found."""

from pathlib import Path

import pytest

from verusagent.lens import Mode, parse
from verusagent.precheck import (
    PrecheckContext,
    PrecheckReport,
    crate_of,
    precheck_source,
)

pytestmark = pytest.mark.timeout(300)


def ground_truths(corpus: Path) -> list[Path]:
    files = sorted((corpus / "verus-bench").glob("*/verified/*.rs"))
    files += sorted((corpus / "verusage-bench").glob("*/verified/**/*.rs"))
    files += sorted((corpus / "verus-examples").rglob("*.rs")) + sorted((corpus / "verus-state-machines").rglob("*.rs"))
    return files


def task_inputs(corpus: Path) -> list[Path]:
    return sorted((corpus / "verus-bench").glob("*/unverified/*.rs")) + sorted(
        p for p in (corpus / "verusage-bench").glob("*/unverified/*.rs")
    )


def run(path: Path, names: frozenset[str], data: bytes | None = None, methods=None) -> PrecheckReport:
    return precheck_source(
        path.read_bytes() if data is None else data,
        path.name,
        PrecheckContext(crate_name=crate_of(path.name), vstd_names=names, vstd_methods=methods),
    )


@pytest.fixture(scope="module")
def corpus(shared_dir: Path) -> Path:
    return shared_dir / "corpus"


def test_every_ground_truth_passes(corpus: Path, shared_vstd_names, shared_vstd_methods) -> None:
    files = ground_truths(corpus)
    assert len(files) == 154 + 488 + 99 + 11
    reports = {path: run(path, shared_vstd_names, methods=shared_vstd_methods) for path in files}
    found = {
        str(path.relative_to(corpus)): [f.diagnostic.message for f in r.findings]
        for path, r in reports.items()
        if r.findings
    }
    assert found == {}
    ran = [r for r in reports.values() if "unknown-function" not in r.rules_off]
    assert len(ran) >= 580  # the unknown-function rule ran on most: its zero is a measurement, not a skip


def test_every_task_input_passes(corpus: Path, shared_vstd_names, shared_vstd_methods) -> None:
    files = task_inputs(corpus)
    assert len(files) == 150 + 488
    found = {
        str(p.relative_to(corpus)): r.findings[0].diagnostic.message
        for p in files
        if (r := run(p, shared_vstd_names, methods=shared_vstd_methods)).findings
    }
    assert found == {}


STATEMENTS = {
    "int-nat-in-exec": b" let _pc_a = 7u64 as int; ",
    "unknown-function": b" _pc_nowhere(1u64); ",
}


@pytest.mark.parametrize("rule", sorted(STATEMENTS))
def test_a_rejected_statement_in_real_exec_code_is_found(corpus: Path, shared_vstd_names, rule: str) -> None:
    """At the start of the first exec function (not main) of each Verus-Bench ground truth: found in at least 90%
    (the others sit where names may hide, or in functions verus does not check)."""
    tried = found = 0
    for path in sorted((corpus / "verus-bench").glob("*/verified/*.rs")):
        data = path.read_bytes()
        exec_fns = [
            f
            for f in parse(data).functions
            if f.mode == Mode.EXEC and f.body and f.in_verus and f.name != "main" and not f.macro_unit
        ]
        if not exec_fns:
            continue
        at = exec_fns[0].body.start + 1
        report = run(path, shared_vstd_names, data[:at] + STATEMENTS[rule] + data[at:])
        tried += 1
        found += any(str(f.rule) == rule for f in report.findings)
    assert tried >= 140 and found >= 0.9 * tried
