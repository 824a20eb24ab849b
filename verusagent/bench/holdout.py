"""Leave one project out: a constant of the context selection chosen on the other projects and measured on the
held-out one, for each project (tools/slice_report.py --leave-one-out). What helps the tuned projects and hurts
the held-out one shows here as a held-out figure below the goals.

A curve is {value: {project: summary}} (summary: slice_report's per-project figures). The value chosen for a
held-out project is one under which the most tuned projects meet every goal; among those, the worst miss rate of
the tuned (missed / needed definitions, exact: coverage_percent is rounded to 0.1%) decides by the one-standard-
error rule of cross-validation (Breiman et al., CART): every value whose worst miss rate lies within one
binomial standard error of the best one's, sqrt(p(1 - p) / needed), is as good, and the smallest of them is
chosen (the cheaper prompt). One definition more of 1,821 is no evidence (the standard error is about 5 of
them), and a fold that buys it with a larger value over-fits: LEMMA_GROWTH's storage fold did (0.6 over 0.45,
for 31 against 32 missed on ironkv; held out, storage's p90 went over the goal). The value may be the budget or any
constant of CONSTANTS, set for a measure with `setting`.

The goals (issue 30) are two clauses, and which one holds a project is read from its summary, not its name: a
project whose needed floor at p90 (`floor_p90_tokens`: the instructions, the target and the smallest text of
each definition its ground-truth proofs need) exceeds the p90 goal cannot show what its proofs need within that
goal at any budget, so it is held to the over-budget clause instead (`floor_bound`): every task whose floor
exceeds the cap says `over_budget` (`unreported_over_budget` is 0) and its p90 stays within
GOAL_OVER_BUDGET_P90. Every other project: coverage, median and p90 within GOAL_COVERAGE, GOAL_MEDIAN and
GOAL_P90."""

import importlib
import math
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction

from pydantic import BaseModel

GOAL_COVERAGE, GOAL_MEDIAN, GOAL_P90 = 98.0, 3000, 8000
GOAL_OVER_BUDGET_P90 = 12_000  # the p90 for a project whose needs exceed the goals (anvil-controller)
STANDARD, OVER_BUDGET = "98%", "over budget"  # the clauses, as the held-out table names them


# The constants of the selection a leave-one-out chooses, by the module whose global the selection reads.
CONSTANTS = {
    "LEMMA_GROWTH": "verusagent.context.slicer",
    "UNMENTIONED_TOKENS": "verusagent.context.slicer",
    "LEAST_EXTRA_TOKENS": "verusagent.context.slicer",
    "LEMMA_PRIOR": "verusagent.context.priors",
    "OPAQUE_PRIOR": "verusagent.context.priors",
    "DEEP_FAMILY_PRIOR": "verusagent.context.select",
    "UNMENTIONED_DEFINITION_PRIOR": "verusagent.context.select",
    "UNMENTIONED_PRIOR": "verusagent.context.select",
    "VIEW_PRIOR": "verusagent.context.select",  # select imports it from priors and reads its own name
    "ASSOCIATED_PRIOR": "verusagent.context.select",  # likewise
    "HEADER_PRIOR": "verusagent.context.priors",
}


@contextmanager
def setting(name: str, value: float) -> Iterator[None]:
    """The selection with the constant `name` (of CONSTANTS) set to `value` for a while (a curve's measure)."""
    module = importlib.import_module(CONSTANTS[name])
    before = getattr(module, name)
    setattr(module, name, type(before)(value))
    try:
        yield
    finally:
        setattr(module, name, before)


class HeldOut(BaseModel):
    project: str
    value: float  # chosen on the other projects
    tuned_meeting_goals: int  # of the other projects, under that value
    coverage_percent: float  # the held-out project's, under that value
    missing: int  # its needed definitions missed, of `needed`
    needed: int
    median_tokens: int
    p90_tokens: int
    over_budget: int
    floor_p90_tokens: int = 0  # what its proofs need at p90 (which clause holds it)
    unreported_over_budget: int = 0  # tasks whose floor exceeds the cap that do not say over_budget

    @property
    def meets_goals(self) -> bool:
        return meets(self.model_dump())

    @property
    def clause(self) -> str:
        return clause(self.model_dump())


def floor_bound(summary: dict) -> bool:
    """What the project's proofs need at p90 exceeds the p90 goal: no prompt within the goals can show it."""
    return summary.get("floor_p90_tokens", 0) > GOAL_P90


def clause(summary: dict) -> str:
    return OVER_BUDGET if floor_bound(summary) else STANDARD


def meets(summary: dict) -> bool:
    if floor_bound(summary):
        return summary["p90_tokens"] <= GOAL_OVER_BUDGET_P90 and summary.get("unreported_over_budget", 0) == 0
    return (
        summary["coverage_percent"] >= GOAL_COVERAGE
        and summary["median_tokens"] <= GOAL_MEDIAN
        and summary["p90_tokens"] <= GOAL_P90
    )


def miss_rate(summary: dict) -> Fraction:
    """The share of needed definitions missed, exactly (coverage_percent is rounded to 0.1%)."""
    return Fraction(summary["missing"], summary["needed"]) if summary["needed"] else Fraction(0)


def choose(curve: dict[float, dict[str, dict]], tuned: list[str]) -> float:
    """Of the values under which the most tuned projects meet every goal, the smallest whose worst miss rate is
    within one standard error of the best one's (the one-standard-error rule)."""
    meeting = {value: sum(meets(curve[value][p]) for p in tuned) for value in curve}
    most = max(meeting.values())
    candidates = [value for value in curve if meeting[value] == most]
    worst = {value: _worst(curve[value], tuned) for value in candidates}
    best = min(candidates, key=lambda value: worst[value][0])
    rate, needed = worst[best]
    margin = math.sqrt(float(rate) * (1 - float(rate)) / needed) if needed else 0.0
    return min(value for value in candidates if float(worst[value][0]) <= float(rate) + margin)


def _worst(parts: dict[str, dict], tuned: list[str]) -> tuple[Fraction, int]:
    """The worst miss rate among the tuned projects held to the coverage goal (a project held to the over-budget
    clause has none: its misses say what no budget within the goals shows), and the needed definitions it is
    counted on."""
    held = [p for p in tuned if not floor_bound(parts[p])] or tuned
    return max(((miss_rate(parts[p]), parts[p]["needed"]) for p in held), default=(Fraction(0), 0))


def leave_one_out(curve: dict[float, dict[str, dict]]) -> list[HeldOut]:
    projects = sorted({p for parts in curve.values() for p in parts})
    rows = []
    for held in projects:
        tuned = [p for p in projects if p != held]
        value = choose(curve, tuned)
        mine = curve[value][held]
        rows.append(
            HeldOut(
                project=held,
                value=value,
                tuned_meeting_goals=sum(meets(curve[value][p]) for p in tuned),
                coverage_percent=mine["coverage_percent"],
                missing=mine["missing"],
                needed=mine["needed"],
                median_tokens=mine["median_tokens"],
                p90_tokens=mine["p90_tokens"],
                over_budget=mine["over_budget"],
                floor_p90_tokens=mine.get("floor_p90_tokens", 0),
                unreported_over_budget=mine.get("unreported_over_budget", 0),
            )
        )
    return rows
