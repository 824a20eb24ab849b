"""The report's plots, as PNG, drawn headless (matplotlib's Agg backend). matplotlib is an optional extra
(`pip install 'verusagent[plots]'`), imported only here. Each plot takes one or more labelled runs (A/B)."""

from pathlib import Path

from verusagent.bench.jobs import TaskResult

PLOTS = ("solved_vs_cost.png", "solved_vs_time.png", "calls_per_task.png", "solved_by_source.png")
Run = tuple[str, list[TaskResult]]  # (label, one row per selected task)


class PlotsUnavailable(RuntimeError):
    pass


def _pyplot():
    try:
        import matplotlib
    except ImportError as error:
        raise PlotsUnavailable("plots need matplotlib: pip install 'verusagent[plots]'") from error
    matplotlib.use("Agg")
    import matplotlib.pyplot as pyplot

    return pyplot


def draw_all(runs: list[Run], folder: Path, note: str = "") -> list[Path]:
    pyplot = _pyplot()
    folder.mkdir(parents=True, exist_ok=True)
    drawn = []
    for name, draw in zip(
        PLOTS,
        (
            _solved_within("cost_usd", "cost per task (USD)"),
            _solved_within("wall_s", "wall time per task (s)"),
            _calls,
            _by_source,
        ),
        strict=True,
    ):
        figure, axes = pyplot.subplots(figsize=(7, 4.2), dpi=110)
        draw(axes, runs)
        if note:
            figure.text(0.01, 0.01, note, fontsize=7, color="dimgray")
        figure.tight_layout(rect=(0, 0.04 if note else 0, 1, 1))
        figure.savefig(folder / name)
        pyplot.close(figure)
        drawn.append(folder / name)
    return drawn


def _solved_within(field: str, label: str):
    def draw(axes, runs: list[Run]) -> None:
        for name, rows in runs:
            values = sorted(getattr(r, field) for r in rows if r.outcome == "solved")
            xs = [0.0, *values]
            axes.step(xs, range(len(xs)), where="post", label=f"{name}: {len(values)} of {len(rows)} solved")
        if not any(getattr(r, field) for _, rows in runs for r in rows if r.outcome == "solved"):
            axes.set_xlim(0, 1)
            axes.text(
                0.5,
                0.5,
                f"every solved task: {label.split(' (')[0]} 0",
                transform=axes.transAxes,
                ha="center",
                color="dimgray",
            )
        else:
            axes.set_xlim(left=0)
        axes.set_xlabel(label)
        axes.set_ylabel("tasks solved within it")
        axes.set_title(f"tasks solved within a given {label.split(' per')[0]}")
        axes.grid(alpha=0.3)
        axes.legend(fontsize=8, loc="lower right")

    return draw


def _calls(axes, runs: list[Run]) -> None:
    ran = [(name, [r.calls for r in rows if r.outcome != "skipped"]) for name, rows in runs]
    top = max((max(values, default=0) for _, values in ran), default=0)
    bins = range(0, top + 2)
    axes.hist(
        [values for _, values in ran],
        bins=bins,
        align="left",
        rwidth=0.8,
        label=[f"{name}: mean {sum(v) / len(v) if v else 0:.1f}" for name, v in ran],
    )
    axes.set_xlim(-0.5, top + 0.5)
    axes.xaxis.get_major_locator().set_params(integer=True)
    axes.set_xlabel("model calls in the task's run")
    axes.set_ylabel("tasks")
    axes.set_title("model calls per task")
    axes.legend(fontsize=8)


def _by_source(axes, runs: list[Run]) -> None:
    sources = sorted({r.source for _, rows in runs for r in rows})
    width = 0.8 / len(runs)
    for index, (name, rows) in enumerate(runs):
        totals = [sum(r.source == s for r in rows) for s in sources]
        solved = [sum(r.source == s and r.outcome == "solved" for r in rows) for s in sources]
        positions = [i + index * width for i in range(len(sources))]
        shares = [100 * s / t if t else 0 for s, t in zip(solved, totals, strict=True)]
        bars = axes.barh(positions, shares, height=width, label=name)
        for bar, s, t in zip(bars, solved, totals, strict=True):
            axes.text(bar.get_width() + 1, bar.get_y() + bar.get_height() / 2, f"{s}/{t}", va="center", fontsize=7)
    axes.set_yticks([i + width * (len(runs) - 1) / 2 for i in range(len(sources))], sources, fontsize=8)
    axes.set_xlim(0, 115)
    axes.set_xlabel("solved (% of the source's tasks)")
    axes.set_title("solved by source")
    axes.invert_yaxis()
    if len(runs) > 1:
        axes.legend(fontsize=8)
