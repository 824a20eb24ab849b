"""The few git questions the gate asks, through the `git` command: which base, which files changed, old contents."""

import subprocess
from dataclasses import dataclass
from pathlib import Path

EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"  # git's empty tree: the base of a repository with no commit
_TIMEOUT_S = 60
# A proof can double a file; git's default 50% would then see a delete and an add (an add is checked for escape
# hatches only), so renames are looked for down to this similarity.
RENAME_SIMILARITY = "30%"


class GitError(Exception):
    """A git command failed or git is missing; the message is one line."""


@dataclass(frozen=True)
class Change:
    path: str  # relative to the repository root, in the working tree
    status: str  # "added", "modified", "renamed", "copied", "untracked"
    base_path: str | None  # where the earlier version is in the base (None for a new file)


def git(args: list[str], cwd: Path) -> bytes:
    try:
        done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, timeout=_TIMEOUT_S, check=False)
    except FileNotFoundError as error:
        raise GitError("git is not installed or not on PATH") from error
    except subprocess.TimeoutExpired as error:
        raise GitError(f"`git {' '.join(args)}` took more than {_TIMEOUT_S} s") from error
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise GitError(f"`git {' '.join(args)}` failed: {message[-1] if message else f'exit {done.returncode}'}")
    return done.stdout


def repo_root(cwd: Path) -> Path:
    try:
        return Path(git(["rev-parse", "--show-toplevel"], cwd).decode().strip())
    except GitError as error:
        raise GitError(
            f"{cwd} is not in a git repository ({error}): the gate checks the changes against a git revision; "
            "to compare two versions outside git, run `verusagent check ORIGINAL CANDIDATE`"
        ) from error


def _succeeds(args: list[str], cwd: Path) -> str | None:
    try:
        return git(args, cwd).decode().strip()
    except GitError:
        return None


def resolve_base(base: str | None, cwd: Path) -> tuple[str, str]:
    """The commit to compare with and how it was chosen: the given revision, else the merge base with the default
    branch, else HEAD (else git's empty tree, in a repository without commits)."""
    if base is not None:
        commit = _succeeds(["rev-parse", "--verify", "--quiet", f"{base}^{{commit}}"], cwd)
        if not commit:
            raise GitError(f"unknown revision `{base}`: give a commit, branch or tag that exists here")
        return commit, f"--base {base}"
    head = _succeeds(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"], cwd)
    if head is None:
        return EMPTY_TREE, "the empty tree (the repository has no commit)"
    for branch in _default_branches(cwd):
        merge_base = _succeeds(["merge-base", "HEAD", branch], cwd)
        if merge_base:
            return merge_base, f"the merge base of HEAD and {branch}"
    return head, "HEAD (no default branch found: give --base in CI)"


def _default_branches(cwd: Path) -> list[str]:
    remote_head = _succeeds(["rev-parse", "--abbrev-ref", "origin/HEAD"], cwd)
    names = [remote_head] if remote_head and remote_head != "origin/HEAD" else []
    return names + ["main", "master", "origin/main", "origin/master"]


def changed_rust_files(base: str, paths: list[str], cwd: Path) -> list[Change]:
    """`.rs` files added, copied, modified or renamed between base and the working tree, plus untracked ones."""
    return [c for c in changed_files(base, paths, cwd) if c.path.endswith(".rs") and c.status != "deleted"]


def changed_files(base: str, paths: list[str], cwd: Path) -> list[Change]:
    """Every file added, copied, deleted, modified or renamed since base, plus untracked ones (a deleted file's
    `path` is where it was)."""
    renames = f"--find-renames={RENAME_SIMILARITY}"
    out = git(["diff", "--name-status", "-z", renames, "--diff-filter=ACDMRT", base, "--", *paths], cwd)
    changes = _parse_name_status(out.decode("utf-8", "replace").split("\0"))
    untracked = git(["ls-files", "--others", "--exclude-standard", "--full-name", "-z", "--", *paths], cwd)
    return changes + [Change(p, "untracked", None) for p in untracked.decode("utf-8", "replace").split("\0") if p]


def unknown_paths(base: str, paths: list[str], cwd: Path) -> list[str]:
    """The paths that name nothing: not in the working tree, and nothing there at base (a deleted file is a
    change, so a path that only base has is not unknown)."""
    return [path for path in paths if not (cwd / path).exists() and not _at_base(base, path, cwd)]


def _at_base(base: str, path: str, cwd: Path) -> bool:
    if base == EMPTY_TREE:
        return False
    return bool(_succeeds(["ls-tree", "--name-only", base, "--", path], cwd))


def files_at(base: str, folder: str, cwd: Path) -> set[str]:
    """The files of `folder` (relative to the repository root, "" for all) at revision base."""
    if base == EMPTY_TREE:
        return set()
    out = git(["ls-tree", "-r", "--name-only", "--full-tree", "-z", base, "--", folder or "."], cwd)
    return {p for p in out.decode("utf-8", "replace").split("\0") if p}


# A type change (T: a file became a symbolic link, or back) is a modification of what the path holds.
_STATUS = {"A": "added", "M": "modified", "R": "renamed", "C": "copied", "D": "deleted", "T": "modified"}


def _parse_name_status(fields: list[str]) -> list[Change]:
    changes = []
    i = 0
    while i < len(fields) and fields[i]:
        code = fields[i][0]
        if code in "RC":
            changes.append(Change(fields[i + 2], _STATUS[code], fields[i + 1]))
            i += 3
        else:
            base_path = None if code == "A" else fields[i + 1]
            changes.append(Change(fields[i + 1], _STATUS.get(code, "modified"), base_path))
            i += 2
    return changes


def read_at(base: str, path: str, cwd: Path) -> bytes:
    return git(["show", f"{base}:{path}"], cwd)
