"""The review: a language model may reject a candidate before verus, never accept one.

This package holds, so far, the calibration side: the gate's decision on a score (``decision``), the
order-statistic threshold (``calibrate``), labels from JSONL files and shadow-mode runs (``labels``), the
resampling protocol (``resample``) and the calibration file (``calibration_file``). Nothing here imports a model
client; the review gate reads ``gate_rule(load_calibration(path) if path else None)`` and asks
``rule.rejects(unit_score)``.
"""

from verusagent.review.calibration_file import Calibration, CalibrationFileError, gate_rule, load_calibration
from verusagent.review.decision import DEFAULT_RULE, GateRule, rejects
from verusagent.review.votes import score_of

__all__ = [
    "DEFAULT_RULE",
    "Calibration",
    "CalibrationFileError",
    "GateRule",
    "gate_rule",
    "load_calibration",
    "rejects",
    "score_of",
]
