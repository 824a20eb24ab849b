"""Every prompt a model reads, built in one place: the Jinja2 templates of ``prompts/`` rendered with undefined
variables as errors (``templates``, which no module outside this package imports), verus's diagnostics and the
other feedback lines (``feedback``), what a prompt shows of a file or crate (``crate``), the request of one
strategy's round (``proposal``) and each strategy's approach (``approaches``), and an agent-mode session's
messages (``session``), its tools' descriptions (``tools``) and the words of their answers (``tool_results``).

    from verusagent.prompt import chat
    messages = chat("prove", file_name=..., source=..., ...)
"""

from verusagent.prompt.templates import REPAIR_KINDS, PromptDiagnostic, chat, mcp_instructions, system_prompt

__all__ = ["REPAIR_KINDS", "PromptDiagnostic", "chat", "mcp_instructions", "system_prompt"]
