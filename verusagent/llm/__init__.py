"""The model layer, transport only: one client over litellm (retries, budgets, cost, cache, record), token
counts, and the scripted stand-in provider. It knows nothing of Verus: prompts are built in
``verusagent.prompt``, replies read in ``verusagent.reply``. Importing this package loads neither litellm (the
first call does) nor the lens.

    from verusagent.llm import ModelClient, ModelSettings
    from verusagent.prompt import chat
    client = ModelClient(ModelSettings(model="openai/gpt-4o"), recorder=run_writer)
    reply = client.complete(chat("prove", file_name=..., source=..., ...), purpose="prove")
"""

from verusagent.llm.budget import Budget, BudgetTracker
from verusagent.llm.cache import ResponseCache
from verusagent.llm.client import Choice, Completion, ModelClient, make_client
from verusagent.llm.errors import BudgetExceeded, ModelCallError
from verusagent.llm.retry import RetryPolicy
from verusagent.llm.script import Script, ScriptedReply
from verusagent.llm.settings import ModelSettings
from verusagent.llm.tools import assistant_message, tool_result_message
from verusagent.paths import cache_dir as default_cache_dir
from verusagent.reply.tool_calls import ToolCall

__all__ = [
    "Budget",
    "BudgetExceeded",
    "BudgetTracker",
    "Choice",
    "Completion",
    "ModelCallError",
    "ModelClient",
    "ModelSettings",
    "ResponseCache",
    "RetryPolicy",
    "Script",
    "ScriptedReply",
    "ToolCall",
    "assistant_message",
    "default_cache_dir",
    "make_client",
    "tool_result_message",
]
