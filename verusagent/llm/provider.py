"""litellm as the model layer uses it: loaded on the first call (quietly, ``runtime``) with the scripted stand-in
provider registered under ``scripted/``; a script installed for the stand-in; what litellm knows of a model."""

import threading
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from verusagent.llm.runtime import import_litellm_quietly
from verusagent.llm.script import Script

if TYPE_CHECKING:
    from verusagent.llm.scripted import ScriptedModel

_lock = threading.RLock()
_registered = False


def load_litellm() -> ModuleType:
    """The configured litellm module with the scripted stand-in provider registered under ``scripted/``."""
    global _registered
    with _lock:
        litellm = import_litellm_quietly()
        if not _registered:
            # lazy: `scripted` subclasses litellm's CustomLLM, so importing it imports litellm (seconds)
            from verusagent.llm import scripted

            scripted.register(litellm)
            _registered = True
        return litellm


def install_script(script: Script | Path, requests_log: Path | None = None) -> "ScriptedModel":
    """Load litellm with the scripted provider registered and make it answer from ``script``."""
    load_litellm()
    from verusagent.llm.scripted import SCRIPTED  # lazy: imports litellm (loaded just above)

    SCRIPTED.use_script(script, requests_log)
    return SCRIPTED


def supports_function_calling(model: str) -> bool:
    """Whether litellm lists function calling for ``model``; ValueError when litellm cannot map the model."""
    litellm = load_litellm()
    try:
        return bool(litellm.supports_function_calling(model=model))
    except (ValueError, KeyError, litellm.BadRequestError) as error:
        raise ValueError(str(error)) from error
