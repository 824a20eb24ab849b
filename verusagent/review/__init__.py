"""The review: a language model may reject a candidate before verus, never accept one.

The review itself: the changed units cheapest first (``units``), the context a prompt shows (``context``, a
placeholder until the shared slicer lands), checkable findings (``findings``), proposer and validators with their
scores (``reviewer``), the ``auto`` mode (``auto``), the findings' life cycle and disputes (``lifecycle``,
``disputes``), the agent loop's gate (``agent_gate``), the wiring (``build``, ``settings``), and
``verusagent review`` (``standalone``, ``present``, ``sarif``).

The calibration side: the gate's decision on a score (``decision``), the order-statistic threshold
(``calibrate``), labels from JSONL files and shadow-mode runs (``labels``), the resampling protocol
(``resample``) and the calibration file (``calibration_file``). The review reads
``gate_rule(load_calibration(path) if path else None)`` and asks ``rule.rejects(unit_score)``. Importing this
package does not import a model client's provider (litellm); the first model call does.
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
