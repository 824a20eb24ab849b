#!/usr/bin/env python3
"""The real-verus Verus-Bench count for the job summary, compared with the floor recorded in the repository.

    python tools/ci/bench_floor.py SUMMARY_JSON FLOOR_JSON --verus-version V [--summary FILE]

SUMMARY_JSON is `verusagent bench --oracle --out DIR`'s DIR/summary.json; FLOOR_JSON is
.github/verus-bench-floor.json. The count is a measurement, not a gate (many ground truths predate verus's
`decreases` requirement): this fails (exit 1) only when the count drops below a recorded floor. A floor of
null means "not yet measured" and only reports. Exit 2: a file is missing or malformed.
"""

import argparse
import json
import os
import sys
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator


class SourceCount(BaseModel):
    total: int
    solved: int


class BenchSummary(BaseModel):
    model_config = ConfigDict(extra="allow")  # the harness writes more (medians, totals); only these are read

    total: int = Field(ge=0)
    solved: int = Field(ge=0)
    unsolved: int | None = None
    errors: int | None = None
    skipped: int | None = None
    by_source: dict[str, SourceCount] = {}

    @model_validator(mode="after")
    def _solved_within_total(self) -> "BenchSummary":
        if self.solved > self.total:
            raise ValueError(f"solved {self.solved} exceeds total {self.total}")
        return self


class BenchFloor(BaseModel):
    model_config = ConfigDict(extra="forbid")

    solved: int | None = Field(ge=0)  # None: no real-verus run has produced a figure yet
    verus_version: str | None = None  # the verus release the floor was measured with
    run: str | None = None  # the workflow run that measured it
    note: str = ""


class FloorError(RuntimeError):
    """A summary or floor file that cannot be read as one."""


def load(model: type[BaseModel], path: Path) -> BaseModel:
    try:
        return model.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, ValidationError) as error:
        raise FloorError(f"cannot read {path} as {model.__name__}: {error}") from error


def verdict(summary: BenchSummary, floor: BenchFloor) -> tuple[bool, str]:
    """Whether the run holds the floor, and one sentence saying so."""
    if floor.solved is None:
        return True, (
            "No floor recorded yet (`.github/verus-bench-floor.json` says not yet measured): this count is "
            "reported, not compared. To make it the floor, record it there with this run's link."
        )
    measured = f" (measured with verus {floor.verus_version})" if floor.verus_version else ""
    if summary.solved < floor.solved:
        return False, f"**Below the recorded floor of {floor.solved}{measured}.**"
    return True, f"At or above the recorded floor of {floor.solved}{measured}."


def render(summary: BenchSummary, floor: BenchFloor, verus_version: str) -> str:
    _, sentence = verdict(summary, floor)
    counts = ", ".join(
        f"{value} {name}"
        for name, value in (("unsolved", summary.unsolved), ("errors", summary.errors), ("skipped", summary.skipped))
        if value is not None
    )
    lines = [
        f"### Verus-Bench, oracle mode, real verus {verus_version}",
        "",
        f"Solved **{summary.solved} of {summary.total}**" + (f" ({counts})" if counts else "") + ".",
        "The oracle answers each task with its ground truth; many ground truths predate verus's `decreases` "
        "requirement for loops, so this count is a measurement, not a gate.",
        "",
        sentence,
    ]
    if summary.by_source:
        lines += ["", "| source | solved | total |", "|---|---|---|"]
        lines += [f"| {name} | {count.solved} | {count.total} |" for name, count in sorted(summary.by_source.items())]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("summary_json", type=Path)
    parser.add_argument("floor_json", type=Path)
    parser.add_argument("--verus-version", required=True, help="the verus release that produced the count")
    parser.add_argument("--summary", type=Path, default=_env_path("GITHUB_STEP_SUMMARY"), help="append here")
    arguments = parser.parse_args(argv)
    try:
        summary = load(BenchSummary, arguments.summary_json)
        floor = load(BenchFloor, arguments.floor_json)
    except FloorError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    text = render(summary, floor, arguments.verus_version)
    print(text, end="")
    if arguments.summary is not None:
        with arguments.summary.open("a", encoding="utf-8") as out:
            out.write(text + "\n")
    holds, _ = verdict(summary, floor)
    return 0 if holds else 1


def _env_path(name: str) -> Path | None:
    value = os.environ.get(name)
    return Path(value) if value else None


if __name__ == "__main__":
    sys.exit(main())
