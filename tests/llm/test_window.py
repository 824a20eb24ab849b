"""The prompt against the context window litellm knows, before anything is sent: exact for a model tiktoken
knows, with a margin for an estimate, silent for a model litellm has not mapped."""

from verusagent.llm.window import ESTIMATE_MARGIN, input_window, oversize

WORD = "proof "  # one o200k token each, with its space


def prompt(tokens: int) -> list[dict]:
    return [{"role": "user", "content": WORD * tokens}]


def test_an_openai_prompt_over_the_window_is_refused_with_exact_counts():
    assert input_window("openai/gpt-4o") == 128000
    assert oversize("openai/gpt-4o", prompt(127_000)) is None
    problem = oversize("openai/gpt-4o", prompt(128_100))
    assert problem is not None and "the prompt has 128" in problem and "openai/gpt-4o takes 128000" in problem


def test_an_estimated_count_refuses_only_beyond_the_margin():
    window = input_window("ollama/llama3")
    assert window == 8192
    assert oversize("ollama/llama3", prompt(window + 500)) is None  # maybe over, maybe not: the provider decides
    problem = oversize("ollama/llama3", prompt(int(window * ESTIMATE_MARGIN) + 100))
    assert problem is not None and "estimated with o200k_base" in problem


def test_a_model_litellm_has_not_mapped_is_not_checked():
    assert input_window("openai/replay-model") is None
    assert oversize("openai/replay-model", prompt(1_000_000)) is None


def test_tool_calls_and_text_parts_count_too():
    arguments = '{"target": "' + WORD * 600 + '"}'
    messages = [
        {"role": "user", "content": [{"type": "text", "text": WORD * 100}]},
        {"role": "assistant", "content": None, "tool_calls": [{"function": {"name": "view", "arguments": arguments}}]},
    ]
    assert oversize("groq/meta-llama/llama-prompt-guard-2-22m", messages) is not None
    assert oversize("groq/meta-llama/llama-prompt-guard-2-22m", messages[:1]) is None
