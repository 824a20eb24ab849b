"""Imported once by the task fork server, so that each task process starts with litellm and the agent loaded
(importing litellm costs seconds; a fork costs milliseconds)."""

from verusagent.llm.runtime import load_litellm

load_litellm()

import verusagent.agent.cli_run  # noqa: E402, F401
import verusagent.agent.setup  # noqa: E402, F401
import verusagent.bench.task  # noqa: E402, F401
import verusagent.llm.scripted  # noqa: E402, F401
