"""The calibration report as text: what the threshold means, what it does on the labels, what it saves."""

from collections import Counter

from verusagent.review.calibration.report import CalibrationReport
from verusagent.review.decision import SCORE_TOLERANCE, rejects


def render_text(report: CalibrationReport) -> list[str]:
    lines = [_labels_line(report), _guarantee_line(report)]
    lines += _standin_warning(report)
    lines += _threshold_lines(report)
    lines += _outcome_lines(report)
    lines += _resampling_lines(report)
    return lines


def _labels_line(report: CalibrationReport) -> str:
    sources = f"{len(report.sources)} source{'s' if len(report.sources) != 1 else ''}"
    line = f"labels: {report.n_labels} ({report.n_valid} valid, {report.n_invalid} invalid) from {sources}"
    if report.skipped:
        reasons = Counter(skip.reason for skip in report.skipped)
        line += "; skipped " + "; ".join(f"{count} ({reason})" for reason, count in reasons.most_common())
    return line


def _guarantee_line(report: CalibrationReport) -> str:
    return (
        f"target: tau {report.tau:g}, delta {report.delta:g}: with probability at least "
        f"{1 - report.delta:.0%} over the labels, the review rejects at most {report.tau:.0%} of the "
        f"candidates verus would verify"
    )


def _standin_warning(report: CalibrationReport) -> list[str]:
    if not report.standin_labels:
        return []
    return [
        f"WARNING: {report.standin_labels} of {report.n_labels} labels carry verdicts of the verus STAND-IN "
        f"(not verus): a threshold computed from them proves nothing about verus"
    ]


def _threshold_lines(report: CalibrationReport) -> list[str]:
    if report.threshold is None:
        return [
            f"no threshold: {report.n_valid} valid labels are too few; the rule needs at least "
            f"{report.n_needed} at tau {report.tau:g} and delta {report.delta:g}. With this calibration the "
            f"review never rejects."
        ]
    assert report.k is not None
    lines = [
        f"threshold: {_score(report.threshold, report.vote_counts)} (k = {report.k}: the {_ordinal(report.k)} "
        f"smallest of the {report.n_valid} valid scores)"
    ]
    if report.never_rejects:
        lines.append(
            "  no score is above 1 (scores are fractions of substantial votes), so this threshold can "
            f"never reject{_grid_note(report.vote_counts)}; with it the review blocks nothing (the "
            "default without --calibration rejects at score 1: all votes on one finding substantial)"
        )
        return lines
    lines.append(
        f"  the review rejects a candidate only when its score is strictly above "
        f"{_score(report.threshold, report.vote_counts)}"
    )
    return lines + _grid_effect(report.threshold, report.vote_counts)


def _grid_note(vote_counts: list[int]) -> str:
    m = vote_counts[0] if len(vote_counts) == 1 else 3  # 3: the default number of validator votes
    return f" (with {m} votes the scores are {', '.join(_grid(m))})"


def _grid_effect(threshold: float, vote_counts: list[int]) -> list[str]:
    lines = []
    for m in vote_counts:
        rejected = [label for c, label in enumerate(_grid(m)) if rejects(c / m, threshold)]
        which = (
            f"only a score of {rejected[0]}"
            if len(rejected) == 1
            else f"the scores {', '.join(rejected[:-1])} and {rejected[-1]}"
        )
        lines.append(f"  with {m} votes per finding (scores {', '.join(_grid(m))}) it rejects {which}")
    return lines


def _grid(m: int) -> list[str]:
    return ["0" if c == 0 else "1" if c == m else f"{c}/{m}" for c in range(m + 1)]


def _score(value: float, vote_counts: list[int]) -> str:
    for m in vote_counts:
        c = round(value * m)
        if abs(value - c / m) <= SCORE_TOLERANCE and 0 < c < m:
            return f"{value:.4g} ({c}/{m})"
    return f"{value:.4g}"


def _ordinal(k: int) -> str:
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def _outcome_lines(report: CalibrationReport) -> list[str]:
    tnr = (
        f"TNR {report.tnr:.3f} ({report.rejected_invalid} of {report.n_invalid} invalid rejected)"
        if report.tnr is not None
        else "TNR n/a (no invalid labels)"
    )
    fnr = (
        f"FNR {report.fnr:.3f} ({report.rejected_valid} of {report.n_valid} valid rejected)"
        if report.fnr is not None
        else "FNR n/a (no valid labels)"
    )
    saved = f"verus runs saved on these labels: {report.verus_runs_saved}"
    if report.verus_seconds_saved is None:
        saved += " (the labels carry no verus_s: seconds unknown)"
    else:
        saved += f", {report.verus_seconds_saved:.1f} s of verus time"
        if report.rejected_without_verus_s:
            saved += f" ({report.rejected_without_verus_s} of them without verus_s, not counted)"
    return [f"on these labels (in-sample): {tnr}, {fnr}", saved]


def _resampling_lines(report: CalibrationReport) -> list[str]:
    if report.resampling_skipped:
        return [f"resampling: not run: {report.resampling_skipped}"]
    r = report.resampling
    if r is None:
        return []
    head = (
        f"resampling ({r.trials} trials, seed {r.seed}; votes redrawn, threshold re-selected on "
        f"{r.calibration_share:.0%} of the labels (k = {r.k} of {r.n_calibration_valid}), measured on the rest):"
    )
    tnr = (
        "TNR n/a (no held-out invalid labels)"
        if r.tnr_mean is None
        else f"TNR {r.tnr_mean:.3f} (sd {r.tnr_sd:.3f}, 5%-95% {r.tnr_p05:.3f}-{r.tnr_p95:.3f})"
    )
    return [
        head,
        f"  {tnr} at FNR {r.fnr_mean:.3f} on average; held-out FNR above tau in {r.fnr_above_tau:.1%} of the trials",
    ]
