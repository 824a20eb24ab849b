"""The choices the command line offers, in a module that imports nothing of verusagent: the option declarations
(verusagent.commands) read them without loading the agent, the review or pydantic, so `--help` starts fast.
The agent's and the review's settings use these same enums."""

from enum import StrEnum

DEFAULT_VOTES = 3  # validator votes per review finding


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
