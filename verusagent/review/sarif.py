"""SARIF 2.1.0 for review findings alone (``verusagent review --sarif``); the gate adds the same results to its
own log (``gate/sarif.py``)."""

import json
from pathlib import Path
from typing import Any

from verusagent import __version__
from verusagent.review.present import REVIEW_RULE, sarif_result

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def review_sarif(candidate: str, findings: list[dict[str, Any]]) -> str:
    path = Path(candidate)
    root = path.resolve().parent
    run = {
        "tool": {"driver": {"name": "verusagent", "version": __version__, "rules": [REVIEW_RULE]}},
        "columnKind": "unicodeCodePoints",
        "originalUriBaseIds": {"%SRCROOT%": {"uri": "file://" + str(root).rstrip("/") + "/"}},
        "results": [sarif_result(path.name, finding, 0) for finding in findings],
    }
    return json.dumps({"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}, indent=2)
