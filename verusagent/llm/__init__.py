"""The model layer: one client over litellm (retries, budgets, cost, cache, record), prompt templates, and the
extraction of edits from replies. Importing this package does not import litellm; the first call does.

    from verusagent.llm import ModelClient, ModelSettings, chat, extract_edit
    client = ModelClient(ModelSettings(model="openai/gpt-4o"), recorder=run_writer)
    reply = client.complete(chat("prove", file_name=..., source=..., ...), purpose="prove")
    edit = extract_edit(reply.texts[0], source, truncated=reply.choices[0].truncated)
"""

from verusagent.llm.budget import Budget, BudgetTracker
from verusagent.llm.cache import ResponseCache, default_cache_dir
from verusagent.llm.client import Choice, Completion, ModelClient, make_client
from verusagent.llm.errors import BudgetExceeded, ModelCallError
from verusagent.llm.extract import Edit, ExtractionFailure, FailureReason, extract_edit
from verusagent.llm.jsonreply import JsonFailure, extract_json
from verusagent.llm.prompts import REPAIR_KINDS, PromptDiagnostic, chat, render, system_prompt
from verusagent.llm.retry import RetryPolicy
from verusagent.llm.script import Script, ScriptedReply
from verusagent.llm.settings import ModelSettings
from verusagent.llm.tools import ToolCall, assistant_message, tool_result_message

__all__ = [
    "REPAIR_KINDS",
    "Budget",
    "BudgetExceeded",
    "BudgetTracker",
    "Choice",
    "Completion",
    "Edit",
    "ExtractionFailure",
    "FailureReason",
    "JsonFailure",
    "ModelCallError",
    "ModelClient",
    "ModelSettings",
    "PromptDiagnostic",
    "ResponseCache",
    "RetryPolicy",
    "Script",
    "ScriptedReply",
    "ToolCall",
    "assistant_message",
    "chat",
    "default_cache_dir",
    "extract_edit",
    "extract_json",
    "make_client",
    "render",
    "system_prompt",
    "tool_result_message",
]
