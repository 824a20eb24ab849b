"""Benchmark: `calibrate`'s own time (threshold, in-sample rates, 2,000 resampling trials) by label count.

Run: python -m tests.benchmarks.bench_calibrate [--labels 300 1000 5000] [--trials 2000]

Labels are synthetic, 2 valid to 1 invalid, with 0 to 2 findings of 3 votes each (so the resampling runs). The
figures are CPU seconds of ``review.report.calibrate`` alone, best of three; the command adds its start-up.
"""

import argparse
import random
import time

from verusagent.review.calibration.labels import Label, LabelSet
from verusagent.review.calibration.report import calibrate


def synthetic(count: int, seed: int = 1) -> LabelSet:
    rng = random.Random(seed)
    labels = []
    for index in range(count):
        valid = index % 3 != 0
        p = 0.1 if valid else 0.6
        votes = [tuple(rng.random() < p for _ in range(3)) for _ in range(rng.randint(0, 2))]
        score = max((sum(v) / 3 for v in votes), default=0.0)
        labels.append(Label(score=score, valid=valid, verus_s=rng.uniform(5, 60), votes=votes, source="bench"))
    return LabelSet(labels=labels, sources=["synthetic"])


def best_of_three(labels: LabelSet, trials: int) -> float:
    times = []
    for _ in range(3):
        start = time.process_time()
        calibrate(labels, 0.05, 0.10, trials=trials)
        times.append(time.process_time() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--labels", type=int, nargs="+", default=[300, 1000, 5000])
    parser.add_argument("--trials", type=int, default=2000)
    options = parser.parse_args()
    for count in options.labels:
        seconds = best_of_three(synthetic(count), options.trials)
        print(f"{count:>6} labels, {options.trials} trials: {seconds:.3f} s CPU")


if __name__ == "__main__":
    main()
