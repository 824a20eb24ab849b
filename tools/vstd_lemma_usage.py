#!/usr/bin/env python3
"""Which vstd lemmas the VeruSAGE-Bench ground truths' target functions use, and whether the lemma search
finds each from the task's target function text (within the top 5 and the top 10).

For each ground truth `<project>/verified/**/<name>.rs`, the target is the last `__`-separated part of <name>
(see the corpus's PROVENANCE.md); where no function has that name, the longest `_`-suffix of it that names one
function in both files (`logimpl_commit` -> `commit`; storage's `L_x` -> `lemma_x`). Its proof's ghost calls
(and `broadcast use`s) of vstd lemmas are listed: a callee named like a vstd lemma, not like any other vstd
function (`insert`, `empty` are spec functions too), that neither the ground truth nor the task defines. The
query is the target function's text in the task `<project>/unverified/<name>.rs` (what a model sees); the
search is over vstd only.

    python tools/vstd_lemma_usage.py [SHARED_DIR] [--vstd DIR] [--project NAME]... [--tasks N] [--details] [--json]
"""

import argparse
import json
import os
import re
import sys
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

from verusagent.lemmas import LemmaSearch, VstdSource, find_vstd, load_index
from verusagent.lemmas.build import source_files
from verusagent.lens import Function, Mode, ProofSiteKind, SourceModel, parse_with_tokens
from verusagent.lens.parse import UnreadableSource, parse_file

TOP = (5, 10)
_PATH = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\s*::\s*[A-Za-z_][A-Za-z0-9_]*)*")


@dataclass
class Task:
    project: str
    name: str
    verified: Path
    unverified: Path

    def target_names(self) -> list[str]:
        """The candidate target names, best first."""
        parts = self.name.split("__")[-1].split("_")
        names = []
        for start in range(len(parts)):
            suffix = "_".join(parts[start:])
            names += [suffix, f"lemma_{suffix[2:]}"] if suffix.startswith("L_") else [suffix]
        return [n for n in names if n]


@dataclass
class LemmaUse:
    lemma: str
    how: str  # "call" or "broadcast use"
    rank: int | None  # 1-based rank of the first hit with this name, None if not in the top 10


@dataclass
class Outcome:
    project: str
    task: str
    skipped: str | None = None
    uses: list[LemmaUse] = field(default_factory=list)


def find_tasks(corpus: Path, projects: list[str] | None) -> list[Task]:
    found = []
    for verified in sorted(corpus.glob("*/verified/**/*.rs")):
        project = verified.relative_to(corpus).parts[0]
        if projects and project not in projects:
            continue
        found.append(Task(project, verified.stem, verified, corpus / project / "unverified" / verified.name))
    return found


def target_pair(task: Task, truth: SourceModel, given: SourceModel) -> tuple[Function, Function] | None:
    """The target in the ground truth and in the task. A name held by several functions (methods of several
    impls) is resolved to the one pair with the same signature whose text differs: the proof was taken out."""
    for name in task.target_names():
        in_truth = [f for f in truth.functions if f.name == name]
        in_task = [f for f in given.functions if f.name == name]
        if len(in_truth) == 1 and len(in_task) == 1:
            return in_truth[0], in_task[0]
        changed = [
            (a, b)
            for a in in_truth
            for b in in_task
            if a.signature == b.signature and truth.slice(a.span) != given.slice(b.span)
        ]
        if len(changed) == 1:
            return changed[0]
    return None


def vstd_function_names(source: VstdSource) -> set[str]:
    """The names of vstd's spec and exec functions: a call of such a name is not told apart from a lemma's."""
    names: set[str] = set()
    for path in source_files(source):
        model, _ = parse_with_tokens(path.read_bytes(), outline=True)
        names.update(f.name for f in model.functions if f.mode not in (Mode.PROOF, Mode.AXIOM))
    return names


def vstd_uses(model: SourceModel, function: Function, vstd_names: set[str], local: set[str]) -> list[tuple[str, str]]:
    """(lemma, how) pairs, each lemma once, in source order."""
    uses: dict[str, str] = {}
    for call in model.calls_of(function.id):
        explicit = call.path.replace(" ", "").startswith("vstd::")
        if call.in_ghost and call.callee in vstd_names and (explicit or call.callee not in local):
            uses.setdefault(call.callee, "call")
    for site in model.proof_sites_of(function.id):
        if site.kind == ProofSiteKind.BROADCAST_USE:
            for path in _PATH.findall(model.slice(site.span).removeprefix("broadcast").strip().removeprefix("use")):
                name = path.split("::")[-1].strip()
                if name in vstd_names and name not in local:
                    uses.setdefault(name, "broadcast use")
    return list(uses.items())


def evaluate(task: Task, search: LemmaSearch, vstd_names: set[str]) -> Outcome:
    outcome = Outcome(task.project, task.name)
    if not task.unverified.is_file():
        outcome.skipped = "no task file"
        return outcome
    try:
        truth, given = parse_file(task.verified), parse_file(task.unverified)
    except UnreadableSource as error:
        outcome.skipped = f"unreadable: {error}"
        return outcome
    pair = target_pair(task, truth, given)
    if pair is None:
        outcome.skipped = "no target function found once in both files"
        return outcome
    proof, query = pair
    local = {f.name for f in truth.functions} | {f.name for f in given.functions}
    hits = [hit.lemma.name for hit in search.search(given.slice(query.span), max(TOP))]
    for lemma, how in vstd_uses(truth, proof, vstd_names, local):
        rank = hits.index(lemma) + 1 if lemma in hits else None
        outcome.uses.append(LemmaUse(lemma, how, rank))
    return outcome


def summary(outcomes: list[Outcome]) -> dict[str, dict[str, int]]:
    rows: dict[str, Counter] = {}
    for outcome in outcomes:
        for key in (outcome.project, "all"):
            row = rows.setdefault(key, Counter())
            row["tasks"] += 1
            row["skipped"] += outcome.skipped is not None
            row["tasks using vstd lemmas"] += bool(outcome.uses)
            row["uses"] += len(outcome.uses)
            for k in TOP:
                row[f"top {k}"] += sum(1 for use in outcome.uses if use.rank is not None and use.rank <= k)
    total = rows.pop("all", Counter())
    return {**{key: dict(row) for key, row in sorted(rows.items())}, "all": dict(total)}


def print_report(outcomes: list[Outcome], table: dict[str, dict[str, int]], details: bool, source: str) -> None:
    print(f"vstd lemma usage in the VeruSAGE-Bench ground truths; search over {source}")
    if details:
        for outcome in outcomes:
            for use in outcome.uses:
                print(f"  {outcome.project}/{outcome.task}: {use.lemma} ({use.how}) rank {use.rank or '>10'}")
    print(f"{'project':18} {'tasks':>5} {'skip':>4} {'using':>5} {'uses':>4} {'top5':>9} {'top10':>9}")
    for key, row in table.items():
        uses = row.get("uses", 0)
        shares = [f"{row.get(f'top {k}', 0)} ({_percent(row.get(f'top {k}', 0), uses)})" for k in TOP]
        print(
            f"{key:18} {row['tasks']:5} {row['skipped']:4} {row['tasks using vstd lemmas']:5} {uses:4} "
            f"{shares[0]:>9} {shares[1]:>9}"
        )
    used = Counter(use.lemma for outcome in outcomes for use in outcome.uses)
    print("most used: " + ", ".join(f"{name} x{count}" for name, count in used.most_common(12)))


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shared", nargs="?", help="the shared folder (default $VERUSAGENT_CORPUS, else ../shared)")
    parser.add_argument("--vstd", help="the vstd source (default: SHARED/corpus/vstd)")
    parser.add_argument("--project", action="append", help="only this project (repeatable)")
    parser.add_argument("--tasks", type=int, help="only the first N tasks")
    parser.add_argument("--details", action="store_true", help="one line per lemma use")
    parser.add_argument("--json", action="store_true", help="print the outcomes and the summary as JSON")
    args = parser.parse_args()
    shared = Path(args.shared or os.environ.get("VERUSAGENT_CORPUS") or Path(__file__).resolve().parents[2] / "shared")
    corpus = shared / "corpus" / "verusage-bench"
    tasks = find_tasks(corpus, args.project)[: args.tasks]
    if not tasks:
        print(f"no ground truths under {corpus}", file=sys.stderr)
        return 2
    source = find_vstd(Path(args.vstd) if args.vstd else shared / "corpus" / "vstd")
    index, _ = load_index(source)
    search = LemmaSearch(index.lemmas)
    lemma_names = {lemma.name for lemma in index.lemmas} - vstd_function_names(source)
    outcomes = [evaluate(task, search, lemma_names) for task in tasks]
    table = summary(outcomes)
    if args.json:
        print(json.dumps({"summary": table, "outcomes": [asdict(o) for o in outcomes]}, indent=2, default=str))
    else:
        print_report(outcomes, table, args.details, source.describe())
    return 0


if __name__ == "__main__":
    sys.exit(main())
