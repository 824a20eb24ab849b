#!/usr/bin/env python3
"""A git repository for trying the gate (and action.yml) on: one commit holding the guard's test problem
(rust_fixtures/guard/base.rs as src/find.rs), then an uncommitted proof in the working tree.

    python tools/ci/gate_fixture.py DIR honest   # base_proved.rs: an honest proof, the gate stays silent
    python tools/ci/gate_fixture.py DIR cheat    # the same proof plus an `assume(false)`: one violation

The gate compares the working tree with `--base HEAD`. DIR must not exist yet.
"""

import argparse
import os
import subprocess
import sys
from pathlib import Path

GUARD_FIXTURES = Path(__file__).resolve().parents[2] / "rust_fixtures" / "guard"
CHEAT_ANCHOR = "    let ghost start = v@;\n"
CHEAT_LINE = "    assume(false);\n"


def proof_text(state: str) -> str:
    proved = (GUARD_FIXTURES / "base_proved.rs").read_text(encoding="utf-8")
    if state == "honest":
        return proved
    if proved.count(CHEAT_ANCHOR) != 1:
        raise RuntimeError(f"base_proved.rs no longer has exactly one {CHEAT_ANCHOR.strip()!r} to cheat after")
    return proved.replace(CHEAT_ANCHOR, CHEAT_ANCHOR + CHEAT_LINE)


def git(root: Path, *args: str) -> None:
    env = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull}
    subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True, text=True)


def build(root: Path, state: str) -> Path:
    root.mkdir(parents=True)
    source = root / "src" / "find.rs"
    source.parent.mkdir()
    source.write_text((GUARD_FIXTURES / "base.rs").read_text(encoding="utf-8"), encoding="utf-8")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "src/find.rs")
    git(root, "-c", "user.name=gate fixture", "-c", "user.email=gate@example.invalid", "commit", "-q", "-m", "problem")
    source.write_text(proof_text(state), encoding="utf-8")
    return source


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dir", type=Path)
    parser.add_argument("state", choices=["honest", "cheat"])
    arguments = parser.parse_args(argv)
    if arguments.dir.exists():
        print(f"error: {arguments.dir} already exists", file=sys.stderr)
        return 2
    print(f"{build(arguments.dir, arguments.state)}: {arguments.state} proof over the committed problem")
    return 0


if __name__ == "__main__":
    sys.exit(main())
