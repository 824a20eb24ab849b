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
