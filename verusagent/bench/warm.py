"""Imported once by the task fork server, so that each task process starts with litellm and the agent loaded
(importing litellm costs seconds; a fork costs milliseconds). It also does, once, what litellm otherwise does
lazily in every process's first call (a proxy-types import and the default tokenizer's load: about half of a
task's own time under the stand-ins), without making a call: a call would start litellm's logging threads, and
a fork server must stay single-threaded."""

import contextlib
import importlib

from verusagent.llm.provider import load_litellm

load_litellm()

import verusagent.agent.setup  # noqa: E402, F401
import verusagent.bench.task  # noqa: E402, F401
import verusagent.commands.agent_run  # noqa: E402, F401
import verusagent.llm.scripted  # noqa: E402, F401

# litellm internals of the pinned versions; another version only warms up less, so a miss is not an error
with contextlib.suppress(ImportError, AttributeError):
    importlib.import_module("litellm.proxy.openai_files_endpoints.common_utils")
with contextlib.suppress(ImportError, AttributeError):
    importlib.import_module("litellm._lazy_imports").get_default_encoding()
