"""The gate: the guard over every changed `.rs` file between a base revision and the working tree."""

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, computed_field

from verusagent.gate.crates import crate_names, crate_violations, single_file_includes
from verusagent.gate.git import Change, GitError, changed_files, read_at, repo_root, resolve_base, unknown_paths
from verusagent.guard import GuardPolicy, GuardReport, Rule, Violation, guard, guard_new_file
from verusagent.guard.report import Evidence
from verusagent.precheck import Prechecker, PrecheckReport
from verusagent.review.present import is_error


class FileResult(BaseModel):
    path: str  # relative to the repository root
    status: str  # added, modified, renamed, copied, untracked
    base_path: str | None  # the path of the earlier version in the base
    report: GuardReport
    precheck: PrecheckReport | None = None  # the static pre-check, on a file the guard passed
    review_findings: list[dict[str, Any]] = []  # `--review`: the kept findings on this file's changes
    review_note: str = ""  # `--review`: why this file was not (fully) reviewed

    @property
    def prechecked_out(self) -> bool:
        return self.precheck is not None and not self.precheck.clean

    def review_errors(self) -> list[dict[str, Any]]:
        """Validated critical findings: errors of the gate; the other findings are warnings."""
        return [f for f in self.review_findings if is_error(f)]


ReviewStatus = Literal["reviewed", "incomplete", "skipped"]


class GateReview(BaseModel):
    status: ReviewStatus
    reason: str = ""
    rule: str
    model: str
    files_reviewed: int = 0
    dropped: int = 0  # findings whose quote was not in the file, or that lacked a part

    def line(self) -> str:
        if self.status == "skipped":
            return f"review skipped: {self.reason}"
        done = f"review by {self.model}: {self.files_reviewed} file(s) reviewed, {self.dropped} finding(s) dropped"
        return done + (f"; incomplete: {self.reason}" if self.status == "incomplete" else "") + f" ({self.rule})"


class GateResult(BaseModel):
    base: str  # a commit (or git's empty tree)
    base_reason: str  # how the base was chosen
    root: str
    files: list[FileResult]
    review: GateReview | None = None  # `--review`: what was reviewed, or why not

    @computed_field  # type: ignore[prop-decorator]
    @property
    def clean(self) -> bool:
        return all(f.report.clean and not f.prechecked_out and not f.review_errors() for f in self.files)

    def review_error_count(self) -> int:
        return sum(len(f.review_errors()) for f in self.files)

    def error_count(self) -> int:
        return sum(len(f.report.errors()) for f in self.files)

    def precheck_count(self) -> int:
        return sum(len(f.precheck.findings) for f in self.files if f.precheck is not None)


def run_gate(
    base: str | None,
    paths: list[str],
    cwd: Path,
    policy: GuardPolicy = GuardPolicy(),
    precheck: Prechecker | None = None,
) -> GateResult:
    """Raises GitError (one line) when git cannot answer. With `precheck`, each file the guard passed is
    pre-checked too (before any review): what verus would reject in its front end fails the gate."""
    root = repo_root(cwd)
    commit, reason = resolve_base(base, cwd)
    unknown = unknown_paths(commit, paths, cwd)
    if unknown:
        raise GitError(f"no such file or folder: {', '.join(unknown)} (neither in the working tree nor at the base)")
    changes = changed_files(commit, paths, cwd)
    rust = [c for c in changes if c.path.endswith(".rs") and c.status != "deleted"]
    names = crate_names(rust, commit, root)
    files = [
        _prechecked(_check(change, commit, root, policy, names.get(change.path, frozenset())), root, precheck)
        for change in rust
    ]
    crate = crate_violations(changes, commit, root, policy)
    for path, violations in single_file_includes(changes, root).items():
        crate.setdefault(path, []).extend(violations)
    return GateResult(base=commit, base_reason=reason, root=str(root), files=_with_crate_rules(files, changes, crate))


def _prechecked(file: FileResult, root: Path, precheck: Prechecker | None) -> FileResult:
    if precheck is None or not file.report.clean:
        return file
    try:
        data = (root / file.path).read_bytes()
    except OSError:  # the guard said so already
        return file
    return file.model_copy(update={"precheck": precheck.check_file(data, file.path)})


def _with_crate_rules(
    files: list[FileResult], changes: list[Change], crate: dict[str, list[Violation]]
) -> list[FileResult]:
    """The crate rules' violations join the report of their file, or a report of their own (a build file, a
    deleted module file)."""
    by_path = {f.path: f for f in files}
    statuses = {c.path: c for c in changes}
    for path, violations in crate.items():
        if path not in by_path:
            change = statuses.get(path)
            by_path[path] = FileResult(
                path=path,
                status=change.status if change else "modified",
                base_path=change.base_path if change else path,
                report=GuardReport(violations=[]),
            )
            files.append(by_path[path])
        by_path[path].report.violations.extend(violations)
    return files


def _check(change: Change, base: str, root: Path, policy: GuardPolicy, names: frozenset[str]) -> FileResult:
    """`names`: the identifiers the other files of the file's crate spell (at the base), as `check` passes them."""
    current = root / change.path
    try:
        candidate = current.read_bytes()
    except OSError as error:
        return FileResult(
            path=change.path,
            status=change.status,
            base_path=change.base_path,
            report=GuardReport(violations=[_unreadable(change.path, error)]),
        )
    if change.base_path is None:
        report = guard_new_file(candidate, policy)
    else:
        report = guard(read_at(base, change.base_path, root), candidate, policy, names=names)
    if current.is_symlink():
        report.violations.append(_symlink(change.path))
    return FileResult(path=change.path, status=change.status, base_path=change.base_path, report=report)


def _symlink(path: str) -> Violation:
    """A source file that is a symbolic link: verus reads its target, which git neither diffs nor guards here."""
    return Violation(
        rule=Rule.OUTSIDE_READ_ADDED,
        function=None,
        candidate=None,
        original=None,
        reason=f"{path} is a symbolic link: verus reads the file it points to, whose changes no diff shows",
        evidence=Evidence(original="", candidate=path),
    )


def _unreadable(path: str, error: OSError) -> Violation:
    return Violation(
        rule=Rule.GUARD_ERROR,
        function=None,
        candidate=None,
        original=None,
        reason=f"cannot read {path}: {error.strerror or error}",
        evidence=Evidence(original="", candidate=""),
    )
