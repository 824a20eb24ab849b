"""Every prompt a model reads, built in one place: the Jinja2 templates of ``prompts/`` rendered with undefined
variables as errors (``templates``), verus's diagnostics as a prompt shows them (``feedback``), what a prompt
shows of a file or crate (``crate``), and the request of one strategy's round (``proposal``).

    from verusagent.prompt import chat
    messages = chat("prove", file_name=..., source=..., ...)
"""

from verusagent.prompt.templates import REPAIR_KINDS, PromptDiagnostic, chat, render, system_prompt

__all__ = ["REPAIR_KINDS", "PromptDiagnostic", "chat", "render", "system_prompt"]
