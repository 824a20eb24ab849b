"""The review: a language model may reject a candidate before verus, never accept one.

The review itself: the changed units cheapest first (``units``), the context a prompt shows of a unit
(``unit_view``, a slice of the file through the shared slicer), checkable findings (``findings``), proposer and
validators with their scores (``reviewer``), the ``auto`` mode (``auto``), the findings' life cycle and disputes
(``lifecycle``; the disputes are read in ``verusagent.reply.disputes``), the agent loop's screening of candidates
(``screening``), the wiring (``build``, ``settings``), and ``verusagent review`` (``standalone``, ``present``,
``sarif``).

The screening's decision on a score (``decision``), and the calibration of its threshold on labelled history
(``calibration/``: labels, the order-statistic threshold, resampling, the calibration file). The review reads
``reject_rule(load_calibration(path) if path else None)`` and asks ``rule.rejects(unit_score)``. Importing this
package does not import a model client's provider (litellm); the first model call does.
"""

from verusagent.review.calibration.file import Calibration, CalibrationFileError, load_calibration, reject_rule
from verusagent.review.decision import DEFAULT_RULE, RejectRule, rejects
from verusagent.review.votes import score_of

__all__ = [
    "DEFAULT_RULE",
    "Calibration",
    "CalibrationFileError",
    "RejectRule",
    "reject_rule",
    "load_calibration",
    "rejects",
    "score_of",
]
