"""The one place where bench's options become the agent's: the keys of `run_from_cli`'s options dict, the same
as `verusagent prove` passes. Per-task options only; `--fn` is not among them (VeruSAGE tasks name their target).
"""

from dataclasses import fields
from typing import Any

from verusagent.bench.oracle import ORACLE_OPTIONS
from verusagent.commands.agent_options import TaskOptions

# bench option name -> run_from_cli key: the model, and every per-task agent option (budgets are per task).
AGENT_OPTION_KEYS = {"model": "model"} | {field.name: field.name for field in fields(TaskOptions)}
# Review-mode options (issue 11) go here when the review lands: their bench names, mapped to prove's keys.
# Under --oracle the review is off whatever they say.
REVIEW_OPTION_KEYS: dict[str, str] = {}
REVIEW_OFF: dict[str, Any] = {}


def agent_options(given: dict[str, Any], oracle: bool) -> dict[str, Any]:
    """`run_from_cli` options from bench's option values (None: the agent's default)."""
    keys = AGENT_OPTION_KEYS | REVIEW_OPTION_KEYS
    options = {target: given[name] for name, target in keys.items() if given.get(name) is not None}
    if oracle:
        options = {**options, **ORACLE_OPTIONS, **REVIEW_OFF}
        options.pop("api_base", None)
    return options
