"""Importing litellm, quietly. ``import litellm`` takes seconds, so only model-calling code loads it, through
``verusagent.llm.provider.load_litellm()``; nothing imports litellm at module level but the scripted provider
(``scripted``), which the provider imports only then."""

import logging
import os
import threading
import warnings
from types import ModuleType

_lock = threading.RLock()
_litellm: ModuleType | None = None


def import_litellm_quietly() -> ModuleType:
    """litellm configured: local cost map (no network at import), no debug banner, no hidden retries."""
    global _litellm
    with _lock:
        if _litellm is None:
            os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"  # read by the import itself
            import litellm

            litellm.suppress_debug_info = True
            litellm.num_retries = None  # retries are ours (retry.py); the client also passes num_retries=0
            logging.getLogger("LiteLLM").setLevel(logging.ERROR)
            # litellm's typed dicts make pydantic warn when their schemas are first built: noise for our users
            warnings.filterwarnings("ignore", message=r".*using the `ReadOnly` qualifier", category=UserWarning)
            _litellm = litellm
        return _litellm
