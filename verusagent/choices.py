"""The choices the command line offers and the defaults it shows, in a module that imports nothing of verusagent:
the option declarations (verusagent.commands.agent_options) read them without loading the agent or the review,
so `--help` starts fast. The agent's and the review's settings (AgentConfig, SessionLimits, ReviewSettings) take
their defaults from here: each default is written once."""

from enum import StrEnum
from pathlib import Path

DEFAULT_VOTES = 3  # validator votes per review finding
DEFAULT_SAMPLES, DEFAULT_STRATEGIES, DEFAULT_ROUNDS = 1, 2, 4  # replies per strategy and round; strategies; rounds
DEFAULT_JOBS, DEFAULT_TIMEOUT_S = 2, 300.0  # verus runs at once; seconds per verus run
DEFAULT_RLIMIT, DEFAULT_MULTIPLE_ERRORS = 10, 2  # verus's SMT resource limit; extra errors sought per function
# a large file's prompt: the tokens it never counts beyond (instructions included) but by its targets alone (spec
# bodies are elided, then needed definitions dropped, to fit; prompt/capped.py), unless --context-budget says otherwise
CONTEXT_CEILING_TOKENS = 12_000
DEFAULT_RUNS_DIR = Path(".verusagent") / "runs"  # where run records go (relative to where a command runs)
DEFAULT_SESSION_TOOL_CALLS, DEFAULT_SESSION_VERUS_RUNS, DEFAULT_SESSION_SECONDS = 40, 12, 1200.0  # agent mode
# the model's temperature unless --temperature says: greedy for one sample, sampling for more (votes, portfolios)
GREEDY_TEMPERATURE, SAMPLING_TEMPERATURE = 0.0, 0.7
# Stated priors of the review's `auto` mode, replaced by what the run measures: a rejection rate of one candidate in
# five (a guess: no real-model measurement exists yet), counted as worth five reviews, and 30 s for one candidate's
# review (a proposer call per changed unit and three validator calls per finding, at a few seconds each).
PRIOR_REJECTION_RATE, PRIOR_WEIGHT, PRIOR_REVIEW_S = 0.2, 5.0, 30.0
# calibrate: the target false-negative rate, the probability it may be exceeded, the resampling trials
DEFAULT_TAU, DEFAULT_DELTA, DEFAULT_TRIALS = 0.05, 0.10, 2000
DEFAULT_TASK_TIMEOUT_S = 3600.0  # bench: a task's wall-clock seconds
DEFAULT_LEMMA_LIMIT = 10  # lemmas: how many it prints
DEMO_DIR = Path(".verusagent") / "demo"  # where the demo copies its file


class FocusMode(StrEnum):
    AUTO = "auto"  # focus in large files when the measured cost says it is cheaper
    ON = "on"  # focus whenever it is sound, whatever the size (for tests and for users who know their file)
    OFF = "off"  # every screening run is a whole-file run


class ToolProtocol(StrEnum):
    AUTO = "auto"  # native when litellm says the model supports function calling (and for scripted/), else text
    NATIVE = "native"  # the provider's tool calls (litellm function calling)
    TEXT = "text"  # the same tools through a documented text protocol, for models without tool calling


class ReviewMode(StrEnum):
    OFF = "off"
    ON = "on"
    SHADOW = "shadow"
    AUTO = "auto"
