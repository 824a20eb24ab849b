"""A sliced prompt within a cap of counted tokens (`--context-budget`, by default CONTEXT_CEILING_TOKENS).

The slicer budgets in estimated tokens (4 bytes a token), and a file's own bytes per token make that estimate
too large (anvil-controller: its 12,000 estimated tokens count 10,600) or too small. So the slice is redone with
its ceiling moved by what the rendered prompt counts (a secant, kept between the tries within the cap and over it
once there are both), and the largest prompt within the cap is kept; when what the targets alone need exceeds the
cap, the smallest one (its fit says so)."""

from collections.abc import Callable

from verusagent.context import slicer

FIT_TRIES = 4  # slices per prompt at most: the search lands within the cap's last percent by the third

Built = tuple[str, dict]  # (the prompt's template name, its context)
Build = Callable[[int | None, int], Built]  # (slice budget, slice ceiling, both estimated) -> the prompt
Count = Callable[[Built], int]  # the rendered prompt's tokens


def capped_prompt(build: Build, budget: int | None, cap: int, count: Count) -> Built:
    """build: the prompt at a slice budget and ceiling; budget: the slice's own budget (None: the slicer's),
    never above the ceiling tried; cap: what the prompt may count. A prompt that is not a slice (no
    `context_fit`) is returned as built: the cap is the slicer's."""
    tries: list[tuple[int, int, Built]] = []  # (ceiling, counted tokens, prompt)
    ceiling = cap
    while len(tries) < FIT_TRIES:
        built = build(_budget_within(budget, ceiling), ceiling)
        fit = built[1]["context_fit"]
        if fit is None:
            return built
        tries.append((ceiling, count(built), built))
        if tries[-1][1] <= cap and (not fit.at_ceiling or tries[-1][1] >= cap - _band(cap)):
            break  # the ceiling held nothing back (a larger one adds nothing), or the prompt fills the cap
        following = _next_ceiling(tries, cap)
        if following is None:
            break
        ceiling = following
    return _stated(_chosen(tries, cap), cap)


def _budget_within(budget: int | None, ceiling: int) -> int | None:
    """The slice's budget, never above the ceiling (the slicer would take a larger budget for the ceiling)."""
    own = slicer.SLICE_BUDGET_TOKENS if budget is None else budget  # read at call time: tests set the default
    return budget if own <= ceiling else ceiling


def _next_ceiling(tries: list[tuple[int, int, Built]], cap: int) -> int | None:
    """The next ceiling, aimed just below the cap (`_aim`): once tries lie within the cap and over it, between
    the highest within and the lowest over (`_between`), else the secant of the last two tries (proportional
    after one); None: no move left."""
    aim = _aim(cap)
    low = max(((c, n) for c, n, _ in tries if n <= cap), default=None)
    high = min(((c, n) for c, n, _ in tries if n > cap), default=None)
    if low is not None and high is not None and low[0] < high[0]:
        following = _between(low, high, aim, _stayed(tries, cap))
    elif len(tries) == 1 or tries[-2][1] == tries[-1][1]:
        following = tries[-1][0] * aim // max(tries[-1][1], 1)
    else:
        (previous, previous_size, _), (ceiling, size, _) = tries[-2], tries[-1]
        following = ceiling + (aim - size) * (ceiling - previous) // (size - previous_size)
    following = max(following, 1)
    return None if any(following == tried for tried, _, _ in tries) else following


def _between(low: tuple[int, int], high: tuple[int, int], aim: int, stayed: str | None) -> int:
    """The secant between the two ends, strictly inside them. A slice grows by whole items, so its count is a
    staircase and the secant creeps up on the aim from one side: the end that the last two tries left in place
    counts half as far from the aim (the Illinois rule)."""
    (c0, n0), (c1, n1) = low, high
    below = (aim - n0) / (2 if stayed == "low" else 1)
    above = (n1 - aim) / (2 if stayed == "high" else 1)
    return min(max(c0 + int(below * (c1 - c0) / max(below + above, 1)), c0 + 1), c1 - 1)


def _stayed(tries: list[tuple[int, int, Built]], cap: int) -> str | None:
    """Which end the last two tries left in place: "low" when both went over the cap, "high" when both fell
    within it."""
    if len(tries) < 2:
        return None
    over = [n > cap for _, n, _ in tries[-2:]]
    return "low" if all(over) else "high" if not any(over) else None


def _aim(cap: int) -> int:
    """What the search aims at: the middle of the cap's last percent."""
    return cap - _band(cap) // 2


def _band(cap: int) -> int:
    """The cap's last percent: a try that counts within it is kept (another would add less than a percent)."""
    return max(cap // 100, 1)


def _chosen(tries: list[tuple[int, int, Built]], cap: int) -> Built:
    within = [t for t in tries if t[1] <= cap]
    return max(within, key=lambda t: t[1])[2] if within else min(tries, key=lambda t: t[1])[2]


def _stated(built: Built, cap: int) -> Built:
    """The fit names the cap (what a run's notice, its record and the dry run state), and a slice cut to it has
    the cap for its budget, not the estimate it was sliced at."""
    name, context = built
    fit = context["context_fit"]
    update = {"cap_tokens": cap} | ({"budget_tokens": cap} if fit.cut_to_ceiling else {})
    return name, context | {"context_fit": fit.model_copy(update=update)}
