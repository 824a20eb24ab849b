"""The adversarial guard cases: one TOML file per case under `cases/<class>/<name>.toml`, read into `Case`.

A case is an original and a candidate, written inline (`original`, `candidate`), made from a real corpus file
(`original_file` plus `[[edit]]` find/replace pairs), or a crate (`[crate.original]`, `[crate.candidate]`: relative
path -> file text). `kind = "cheat"` means verus would accept the candidate as a proof that proves less than the
original promised: the guard must not pass it. `kind = "honest"` means a proof the guard must let through.
`kind = "refused"` means a change that proves no less but that the guard refuses by a stated rule (issue 19 makes
`opaque` added to an existing spec fn such a change): its reason names the rule, and the guard must not pass it.
"""

import os
import subprocess
import tempfile
import tomllib
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from verusagent.guard import GuardPolicy, GuardReport, Rule, Severity, guard
from verusagent.guard.crate import compare_folders

CASES_DIR = Path(__file__).resolve().parent / "cases"
_ROOT_FILES = ("src/lib.rs", "src/main.rs", "lib.rs", "main.rs")


class CaseClass(StrEnum):
    RAW_IDENTIFIERS = "raw-identifiers"
    INNER_ATTRIBUTES = "inner-attributes"
    NAME_RESOLUTION = "name-resolution"
    NEW_ATTRIBUTES = "new-attributes"
    LOOPS_IN_EXPRESSION_POSITION = "loops-in-expression-position"
    PROOF_KEYWORDS = "proof-keywords"
    GHOST_NAME_SCOPE = "ghost-name-scope"
    HATCH_POSITION = "hatch-position"
    MODULES = "modules"
    EXEC_ERASURE = "exec-erasure"
    OTHER = "other"


class Edit(BaseModel):
    model_config = ConfigDict(extra="forbid")
    find: str  # exact text that occurs exactly once in the original
    replace: str


class CasePolicy(BaseModel):
    model_config = ConfigDict(extra="forbid")
    mode: Literal["strict", "synth"] = "strict"
    editable: list[str] = Field(default_factory=list)  # unit ids or names whose exec bodies the model writes

    def guard_policy(self) -> GuardPolicy:
        if self.mode == "synth":
            return GuardPolicy(exec_editable_functions=frozenset(self.editable))
        return GuardPolicy()


class CrateTexts(BaseModel):
    model_config = ConfigDict(extra="forbid")
    original: dict[str, str]
    candidate: dict[str, str]
    symlinks: dict[str, str] = Field(default_factory=dict)  # candidate path -> what the link points to
    via: Literal["check", "gate"] = "check"


class Case(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    name: str  # the file's stem
    case_class: CaseClass = Field(alias="class")
    kind: Literal["cheat", "honest", "refused"]
    reason: str
    original: str | None = None
    candidate: str | None = None
    original_file: str | None = None  # relative to the shared data folder
    edit: list[Edit] = Field(default_factory=list)
    rules: list[Rule] | None = None
    policy: CasePolicy = Field(default_factory=CasePolicy)
    crate: CrateTexts | None = None

    @model_validator(mode="after")
    def _one_source(self) -> "Case":
        inline = self.original is not None and self.candidate is not None
        from_file = self.original_file is not None and bool(self.edit)
        if [inline, from_file, self.crate is not None].count(True) != 1:
            raise ValueError("a case has exactly one of: original+candidate, original_file+[[edit]], [crate]")
        if (self.original is None) != (self.candidate is None) or (self.original_file is None) != (not self.edit):
            raise ValueError("original and candidate come together, as do original_file and [[edit]]")
        if "\n" in self.reason.strip():
            raise ValueError("the reason is one line")
        return self

    @property
    def id(self) -> str:
        return f"{self.case_class}/{self.name}"

    def texts(self, shared: Path | None) -> tuple[str, str]:
        """The original and the candidate of a single-file case (a file case needs the shared folder)."""
        if self.original is not None and self.candidate is not None:
            return self.original, self.candidate
        if self.original_file is None:
            raise ValueError(f"{self.id} is a crate case: it has no single original")
        if shared is None:
            raise ValueError(f"{self.id} needs the shared data folder")
        original = corpus_text(shared / self.original_file)
        return original, apply_edits(original, self.edit, self.id)

    def run(self, shared: Path | None) -> GuardReport:
        """The guard's report on the case (a crate case: every violation of the crate guard in one report)."""
        policy = self.policy.guard_policy()
        if self.crate is not None:
            return run_crate(self.crate, policy)
        return guard(*self.texts(shared), policy)


@cache
def corpus_text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def apply_edits(text: str, edits: list[Edit], case_id: str) -> str:
    for edit in edits:
        found = text.count(edit.find)
        if found != 1:
            raise ValueError(f"{case_id}: the edit's find text occurs {found} times, not once: {edit.find[:80]!r}")
        text = text.replace(edit.find, edit.replace, 1)
    return text


def run_crate(crate: CrateTexts, policy: GuardPolicy) -> GuardReport:
    """Both versions written to folders and compared as `verusagent check ORIGINAL CANDIDATE` does (or, with
    `via = "gate"`, the candidate checked against a commit of the original as `verusagent gate` does)."""
    if crate.via == "gate":
        return run_gate_case(crate, policy)
    with tempfile.TemporaryDirectory(prefix="adversarial-crate-") as folder:
        roots = [
            _write_crate(Path(folder) / side, files)
            for side, files in (("original", crate.original), ("candidate", crate.candidate))
        ]
        _link(Path(folder) / "candidate", crate.symlinks)
        return compare_folders(roots[0], roots[1], None, policy).merged()


def run_gate_case(crate: CrateTexts, policy: GuardPolicy) -> GuardReport:
    """The original committed in a fresh git repository, the candidate in its working tree, and the gate's
    violations (every file's) in one report."""
    from verusagent.gate.run import run_gate  # the gate loads git helpers: only for gate cases

    with tempfile.TemporaryDirectory(prefix="adversarial-gate-") as folder:
        root = Path(folder) / "repo"
        _write_files(root, crate.original)
        _git(root, "init", "-q", "-b", "main")
        _git(root, "add", "-A")
        _git(root, "commit", "-q", "-m", "the original")
        for relative in crate.original:
            (root / relative).unlink()
        _write_files(root, crate.candidate)
        _link(root, crate.symlinks)
        result = run_gate(None, [], root, policy)
        return GuardReport(violations=[v for f in result.files for v in f.report.violations])


def _git(root: Path, *args: str) -> None:
    env = {
        **os.environ,
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "case",
        "GIT_AUTHOR_EMAIL": "case@invalid",
        "GIT_COMMITTER_NAME": "case",
        "GIT_COMMITTER_EMAIL": "case@invalid",
        "HOME": str(root.parent),
    }
    subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, env=env)


def _write_files(folder: Path, files: dict[str, str]) -> None:
    for relative, text in files.items():
        target = folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")


def _link(folder: Path, symlinks: dict[str, str]) -> None:
    for relative, points_to in symlinks.items():
        target = folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.exists() or target.is_symlink():
            target.unlink()
        target.symlink_to(points_to)


def _write_crate(folder: Path, files: dict[str, str]) -> Path:
    _write_files(folder, files)
    if "Cargo.toml" in files:
        return folder
    root = next((name for name in _ROOT_FILES if name in files), None)
    if root is None:
        raise ValueError(f"a crate without Cargo.toml needs one of {_ROOT_FILES}")
    return folder / root


def verdict_holds(case: Case, report: GuardReport) -> bool:
    """A cheat (or a refused change) is caught: an error violation, of an allowed rule when the case names rules;
    an honest case is clean."""
    if case.kind == "honest":
        return report.clean
    errors = [v for v in report.violations if v.severity == Severity.ERROR]
    if case.rules is None:
        return bool(errors)
    return any(v.rule in case.rules for v in errors)


def load_case(path: Path) -> Case:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return Case.model_validate({**data, "name": path.stem})


def case_paths() -> list[Path]:
    return sorted(CASES_DIR.glob("*/*.toml"))


@cache
def all_cases() -> tuple[Case, ...]:
    return tuple(load_case(path) for path in case_paths())
