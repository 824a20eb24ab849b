"""The scripted model: a STAND-IN for a real language model, registered with litellm as the custom provider
``scripted`` (model strings ``scripted/<anything>``), so tests and the demo run the real litellm call path.

It answers from a script (see ``script.py``): the file named by ``$VERUSAGENT_SCRIPT`` or one given to
``verusagent.llm.provider.install_script``. Every request it receives is kept in ``requests`` and, if
``$VERUSAGENT_SCRIPT_LOG`` or ``requests_log`` names a file, appended to it as a JSON
line (messages and parameters; never a key or header).
"""

import json
import os
import threading
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from verusagent.llm.runtime import import_litellm_quietly
from verusagent.llm.script import Script, ScriptCursor, ScriptedReply
from verusagent.llm.tools import tool_names
from verusagent.record.redact import scrub

litellm = import_litellm_quietly()  # before any other litellm import, so the cost map stays local
from litellm.llms.custom_llm import CustomLLM  # noqa: E402
from litellm.types.utils import ChatCompletionMessageToolCall, Function  # noqa: E402
from litellm.utils import custom_llm_setup  # noqa: E402

PROVIDER = "scripted"
SCRIPT_ENV = "VERUSAGENT_SCRIPT"
SCRIPT_LOG_ENV = "VERUSAGENT_SCRIPT_LOG"
_CHARS_PER_TOKEN = 4  # a rough estimate, used only when the script gives no usage


def _estimate_tokens(text: str) -> int:
    return max(1, len(text) // _CHARS_PER_TOKEN)


def _message_text(message: Any) -> str:
    content = message.get("content") if isinstance(message, dict) else getattr(message, "content", "")
    if isinstance(content, list):  # OpenAI content parts
        return "".join(part.get("text", "") for part in content if isinstance(part, dict))
    return content or ""


def _logged_message(message: Any) -> dict[str, Any]:
    get = message.get if isinstance(message, dict) else lambda key, default=None: getattr(message, key, default)
    entry: dict[str, Any] = {"role": get("role", ""), "content": _message_text(message)}
    if get("tool_calls"):
        entry["tool_calls"] = [_call_name(call) for call in get("tool_calls") or []]
    if get("tool_call_id"):
        entry["tool_call_id"] = get("tool_call_id")
    return entry


def _call_name(call: Any) -> str:
    function = call.get("function") if isinstance(call, dict) else getattr(call, "function", None)
    name = function.get("name") if isinstance(function, dict) else getattr(function, "name", None)
    return str(name or "")


def _timeout_seconds(timeout: Any) -> float | None:
    if isinstance(timeout, int | float):
        return float(timeout)
    read = getattr(timeout, "read", None)  # an httpx.Timeout
    return float(read) if isinstance(read, int | float) else None


class ScriptedModel(CustomLLM):
    """A stand-in model that replays a script. Not a language model: it knows only its script."""

    def __init__(self) -> None:
        super().__init__()
        self.requests: list[dict[str, Any]] = []
        self._cursor: ScriptCursor | None = None
        self._env_script: str | None = None  # the $VERUSAGENT_SCRIPT path the cursor came from, if any
        self._explicit = False  # a script given to use_script() wins over the environment
        self._log_path: Path | None = None
        self._lock = threading.RLock()

    def use_script(self, script: Script | Path, requests_log: Path | None = None) -> None:
        """Start over with this script: all replies unused, the requests list emptied."""
        with self._lock:
            self._load(script, requests_log)
            self._explicit = True

    def reset(self) -> None:
        """Forget the script and the requests; the next request reads $VERUSAGENT_SCRIPT again."""
        with self._lock:
            self._cursor, self._env_script, self._explicit, self._log_path = None, None, False, None
            self.requests = []

    def _load(self, script: Script | Path, requests_log: Path | None) -> None:
        loaded = Script.load(script) if isinstance(script, Path) else script
        with self._lock:
            self._cursor = ScriptCursor(loaded)
            self._log_path = requests_log
            self.requests = []

    def _current_cursor(self) -> ScriptCursor | None:
        with self._lock:
            env_path = os.environ.get(SCRIPT_ENV)
            if not self._explicit and env_path and env_path != self._env_script:
                log = os.environ.get(SCRIPT_LOG_ENV)
                try:
                    self._load(Path(env_path), Path(log) if log else None)
                except (OSError, ValueError) as error:  # a fatal request error, not one worth retrying
                    message = f"scripted model (a stand-in): cannot read the script {env_path}: {error}"
                    raise litellm.BadRequestError(message=message, model="scripted", llm_provider=PROVIDER) from error
                self._env_script = env_path
            return self._cursor

    def _record(self, model: str, messages: list[Any], optional_params: dict[str, Any]) -> None:
        entry = scrub(
            {
                "time": time.time(),
                "model": model,
                "messages": [_logged_message(m) for m in messages],
                "params": {k: v for k, v in optional_params.items() if isinstance(v, str | int | float | bool)},
                "tools": tool_names(optional_params.get("tools")),
            }
        )
        with self._lock:
            self.requests.append(entry)
            if self._log_path is not None:
                with open(self._log_path, "a", encoding="utf-8") as handle:
                    handle.write(json.dumps(entry, ensure_ascii=False) + "\n")

    def completion(
        self,
        model: str,
        messages: list[Any],
        api_base: str,
        custom_prompt_dict: dict[str, Any],
        model_response: Any,
        print_verbose: Any,
        encoding: Any,
        api_key: Any,
        logging_obj: Any,
        optional_params: dict[str, Any],
        acompletion: Any = None,
        litellm_params: Any = None,
        logger_fn: Any = None,
        headers: Any = None,
        timeout: Any = None,
        client: Any = None,
    ) -> Any:
        cursor = self._current_cursor()
        self._record(model, messages, optional_params)
        if cursor is None:
            raise litellm.BadRequestError(
                message=f"scripted model (a stand-in): no script; set ${SCRIPT_ENV} or call install_script()",
                model=model,
                llm_provider=PROVIDER,
            )
        last = _message_text(messages[-1]) if messages else ""
        reply = cursor.next_reply(last)
        if reply is None:
            raise litellm.BadRequestError(
                message=f"scripted model (a stand-in): script exhausted or no reply matches; "
                f"{len(self.requests)} requests served, last message ends {last[-200:]!r}",
                model=model,
                llm_provider=PROVIDER,
            )
        mismatch = reply.tools_mismatch(tool_names(optional_params.get("tools")))
        if mismatch is not None:
            raise litellm.BadRequestError(
                message=f"scripted model (a stand-in): {mismatch}", model=model, llm_provider=PROVIDER
            )
        _wait(reply, model, _timeout_seconds(timeout))
        if reply.error is not None:
            raise _provider_error(reply.error, model)
        return _fill_response(model_response, model, reply, messages, request_number=len(self.requests))

    async def acompletion(self, *args: Any, **kwargs: Any) -> Any:
        return self.completion(*args, **kwargs)  # a stand-in: answering synchronously is fine


def _wait(reply: ScriptedReply, model: str, timeout: float | None) -> None:
    if reply.delay_s <= 0:
        return
    if timeout is not None and reply.delay_s > timeout:
        time.sleep(timeout)
        raise litellm.Timeout(
            message=f"scripted model (a stand-in): reply took longer than {timeout}s",
            model=model,
            llm_provider=PROVIDER,
        )
    time.sleep(reply.delay_s)


# litellm's words (1.8x) for an OpenAI request without a key, raised as InternalServerError
MISSING_CREDENTIALS = (
    "OpenAIException - Missing credentials. Please pass an `api_key`, `workload_identity`, "
    "`admin_api_key`, or set the `OPENAI_API_KEY` or `OPENAI_ADMIN_KEY` environment variable."
)


def _provider_error(kind: str, model: str) -> Exception:
    message = f"scripted model (a stand-in): scripted {kind} error"
    common = {"message": message, "model": model, "llm_provider": PROVIDER}
    if kind == "missing_credentials":
        missing: Exception = litellm.InternalServerError(**common | {"message": f"{message}: {MISSING_CREDENTIALS}"})
        return missing
    errors = {
        "rate_limit": litellm.RateLimitError,
        "server_error": litellm.InternalServerError,
        "service_unavailable": litellm.ServiceUnavailableError,
        "timeout": litellm.Timeout,
        "connection": litellm.APIConnectionError,
        "context_window": litellm.ContextWindowExceededError,
        "authentication": litellm.AuthenticationError,
        "bad_request": litellm.BadRequestError,
    }
    error: Exception = errors[kind](**common)
    return error


def _fill_response(response: Any, model: str, reply: ScriptedReply, messages: list[Any], request_number: int) -> Any:
    prompt = "".join(_message_text(m) for m in messages)
    answer = reply.text + "".join(call.name + call.arguments_text() for call in reply.tool_calls)
    prompt_tokens = reply.prompt_tokens if reply.prompt_tokens is not None else _estimate_tokens(prompt)
    completion_tokens = reply.completion_tokens if reply.completion_tokens is not None else _estimate_tokens(answer)
    message = response.choices[0].message
    message.content = reply.text if reply.text or not reply.tool_calls else None
    if reply.tool_calls:
        message.tool_calls = _tool_calls(reply, request_number)
    response.choices[0].finish_reason = reply.reason
    response.model = f"{PROVIDER}/{model}"
    response.usage = litellm.Usage(
        prompt_tokens=prompt_tokens, completion_tokens=completion_tokens, total_tokens=prompt_tokens + completion_tokens
    )
    return response


def _tool_calls(reply: ScriptedReply, request_number: int) -> list[Any]:
    return [
        ChatCompletionMessageToolCall(
            id=call.id or f"call-{request_number}-{index}",
            type="function",
            function=Function(name=call.name, arguments=call.arguments_text()),
        )
        for index, call in enumerate(reply.tool_calls, 1)
    ]


SCRIPTED = ScriptedModel()


def register(module: ModuleType) -> None:
    """Add the scripted provider to litellm's custom providers (once)."""
    if not any(item.get("provider") == PROVIDER for item in module.custom_provider_map):
        module.custom_provider_map.append({"provider": PROVIDER, "custom_handler": SCRIPTED})
    custom_llm_setup()  # type: ignore[no-untyped-call]  # litellm's own function, unannotated
