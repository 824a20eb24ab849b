"""The calibration file: written by ``verusagent calibrate --out FILE``, read by the agent's ``--calibration FILE``.

One JSON object (``Calibration``). The gate turns it into its rule with ``reject_rule(load_calibration(path))``
(``reject_rule(None)`` is the default rule when no file is given); see ``decision.py`` for how the rule is applied.
"""

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from verusagent.record.writer import write_atomically
from verusagent.review.decision import DEFAULT_RULE, RejectRule, calibrated_rule

FORMAT: Final = "verusagent-calibration/1"


class CalibrationFileError(ValueError):
    pass


class Calibration(BaseModel):
    model_config = ConfigDict(extra="ignore")

    format: Literal["verusagent-calibration/1"] = FORMAT
    threshold: float | None = Field(ge=0.0, le=1.0)  # reject strictly above it; None: never reject
    tau: float = Field(gt=0.0, lt=1.0)
    delta: float = Field(gt=0.0, lt=1.0)
    k: int | None = Field(ge=1)  # 1-based order-statistic index; None exactly when threshold is None
    n_valid: int = Field(ge=0)
    n_invalid: int = Field(ge=0)
    n_needed: int = Field(ge=1)
    tnr: float | None = None  # on the labels, at the threshold (in-sample)
    fnr: float | None = None
    standin_labels: int = 0  # labels whose verdict came from the verus stand-in: then the file proves nothing
    vote_counts: list[int] = Field(default_factory=list)  # the numbers of votes per finding seen in the labels
    created: str = Field(default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds"))
    sources: list[str] = Field(default_factory=list)  # the label files and run folders it was computed from

    def rule(self, source: str = "") -> RejectRule:
        return calibrated_rule(self.threshold, source)


def reject_rule(calibration: Calibration | None, source: str = "") -> RejectRule:
    """The gate's rule: the calibrated one when a calibration is given, the default rule otherwise."""
    return DEFAULT_RULE if calibration is None else calibration.rule(source)


def save_calibration(calibration: Calibration, path: Path) -> None:
    write_atomically(path, (calibration.model_dump_json(indent=2) + "\n").encode("utf-8"))


def load_calibration(path: Path) -> Calibration:
    try:
        data = json.loads(path.read_bytes().decode("utf-8"))
    except OSError as error:
        raise CalibrationFileError(f"{path}: cannot read the calibration file: {error.strerror or error}") from error
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise CalibrationFileError(f"{path}: not a JSON calibration file ({error})") from error
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CalibrationFileError(f'{path}: not a verusagent calibration file (no "format": "{FORMAT}")')
    try:
        calibration = Calibration.model_validate(data)
    except ValidationError as error:
        problem = error.errors()[0]
        raise CalibrationFileError(f"{path}: {'.'.join(map(str, problem['loc']))}: {problem['msg']}") from error
    if (calibration.k is None) != (calibration.threshold is None):
        raise CalibrationFileError(f"{path}: k and threshold must both be set or both be null")
    return calibration
