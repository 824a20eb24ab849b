"""The one way verusagent talks to a model: ``ModelClient.complete``.

Each request goes through litellm with its hidden retries off; our retry policy decides what is tried again.
Before each request the budget is checked, and the prompt against the model's context window (``window.py``);
after it, the call is charged. Every request and reply (or error) is written to the run record as it happens;
the first failure of each kind is also told on stderr, in one line, in the provider's words. How calls end is
noted in ``health`` (``health.py``), which turns a failure into the run's stop when the model cannot be used.
Replies at temperature 0 come from the response cache when possible. Importing this module does not import
litellm; the first request does.
"""

import itertools
import os
import random
import sqlite3
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, Field

from verusagent.llm.budget import BudgetTracker
from verusagent.llm.cache import CachedReply, ResponseCache, request_key
from verusagent.llm.cost import call_cost
from verusagent.llm.errors import ModelCallError
from verusagent.llm.health import ModelHealth
from verusagent.llm.litellm_data import OUR_PROVIDERS
from verusagent.llm.overrides import transport_overrides
from verusagent.llm.preflight import local_placeholder_key
from verusagent.llm.provider import load_litellm
from verusagent.llm.retry import HINTS, RetryPolicy, classify, retry_after_seconds
from verusagent.llm.settings import ModelSettings, strip_credentials
from verusagent.llm.tools import tool_names
from verusagent.llm.window import oversize
from verusagent.record.events import CallError, Event, ModelReply, ModelRequest, TokenUsage
from verusagent.record.redact import register_secret
from verusagent.record.sink import EventSink
from verusagent.reply.tool_calls import ToolCall, tool_calls_of

Message = dict[str, Any]  # {"role", "content"}, plus "tool_calls" / "tool_call_id" in tool conversations


class Choice(BaseModel):
    text: str
    finish_reason: str | None = None  # "stop", "length", "tool_calls", ...
    tool_calls: list[ToolCall] = Field(default_factory=list)

    @property
    def truncated(self) -> bool:
        """The reply stopped at max_tokens: its code may be cut off."""
        return self.finish_reason == "length"


class Completion(BaseModel):
    model: str
    choices: list[Choice]
    usage: TokenUsage | None  # summed over the requests; None if no request reported usage
    cost_usd: float | None  # None ("unknown") if any request's price was unknown
    latency_s: float
    call_ids: list[str] = Field(default_factory=list)  # one per request made (or served from the cache)
    attempts: int = 0  # requests that went out, retries included
    from_cache: bool = False  # every choice came from the cache

    @property
    def texts(self) -> list[str]:
        return [c.text for c in self.choices]


class _Single(BaseModel):
    """The outcome of one logical request (after retries) for ``k`` samples."""

    call_id: str
    choices: list[Choice]
    usage: TokenUsage | None
    cost_usd: float | None
    latency_s: float
    attempts: int
    from_cache: bool


class ModelClient:
    def __init__(
        self,
        settings: ModelSettings,
        *,
        retry: RetryPolicy | None = None,
        budget: BudgetTracker | None = None,
        cache: ResponseCache | None = None,
        recorder: EventSink | None = None,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
        call_prefix: str = "call",
        notice: Callable[[str], None] | None = None,
    ) -> None:
        self.settings = settings
        self.call_prefix = call_prefix  # call ids are "<prefix>-1", "<prefix>-2", ...: unique per client
        self.retry = retry or RetryPolicy()
        self.budget = budget or BudgetTracker()
        self.cache = cache
        self.cache_problem: str | None = None
        self.recorder = recorder
        self.health = ModelHealth()
        self._sleep = sleep
        self._rng = rng or random.Random()
        self._ids = itertools.count(1)
        self._id_lock = threading.Lock()
        self._notice = notice or _to_stderr
        self._told: set[str] = set()  # the error kinds already told on stderr

    # ---- public -------------------------------------------------------------------------------------------

    def complete(
        self,
        messages: list[Message],
        *,
        purpose: str = "",
        n: int | None = None,
        temperature: float | None = None,
        max_tokens: int | None = None,
        tools: list[dict[str, Any]] | None = None,
        tool_choice: str | dict[str, Any] | None = None,
    ) -> Completion:
        """``n`` replies to ``messages``. Raises ``ModelCallError`` (fatal, or retries exhausted) or
        ``BudgetExceeded`` (stop the run); both leave the record complete up to that point.

        ``tools`` (OpenAI function-tool schemas, which litellm maps for every provider that has tools) are
        offered to the model; a choice's ``tool_calls`` holds what it asked to run."""
        wanted = n or self.settings.n
        params = self._params(temperature, max_tokens) | _tool_params(tools, tool_choice)
        started = time.monotonic()
        parts: list[_Single] = []
        if wanted > 1 and self._native_n():
            parts.append(self._request(messages, params | {"n": wanted}, purpose, sample=0))
        while sum(len(p.choices) for p in parts) < wanted:  # emulated `n`, or a provider that gave fewer
            parts.append(self._request(messages, params, purpose, sample=len(parts)))
            if not parts[-1].choices:
                break  # a reply without choices: asking again would loop; the caller sees fewer texts
        return _combine(self.settings.model, parts, time.monotonic() - started, wanted)

    # ---- one logical request: cache, then attempts ----------------------------------------------------------

    def _params(self, temperature: float | None, max_tokens: int | None) -> dict[str, Any]:
        return {
            "temperature": self.settings.temperature if temperature is None else temperature,
            "max_tokens": self.settings.max_tokens if max_tokens is None else max_tokens,
            "timeout": self.settings.timeout_s,
        }

    def _request(self, messages: list[Message], params: dict[str, Any], purpose: str, sample: int) -> _Single:
        call_id = self._next_id()
        key = self._cache_key(messages, params, sample)
        cached = self._cache_call(lambda cache: cache.get(key)) if key is not None else None
        if cached is not None:
            return self._serve_cached(call_id, messages, params, purpose, cached)
        try:
            single = self._attempts(call_id, messages, params, purpose)
        except ModelCallError as error:
            raise self.health.note_failure(error) from error
        self.health.note_answer()
        if key is not None:
            self._cache_call(lambda cache: cache.put(key, self.settings.model, _to_cached(single)))
        return single

    def _cache_call(self, operation: Callable[[ResponseCache], Any]) -> Any:
        """A broken response cache (corrupt file, unwritable folder) is dropped with a warning, not fatal."""
        if self.cache is None:
            return None
        try:
            return operation(self.cache)
        except (sqlite3.Error, OSError) as error:
            self.cache_problem = f"response cache {self.cache.path} disabled: {error}"
            print(f"warning: {self.cache_problem}", file=sys.stderr)
            self.cache = None
            return None

    def _cache_key(self, messages: list[Message], params: dict[str, Any], sample: int) -> str | None:
        s = self.settings
        if self.cache is None or not s.cache or (params["temperature"] > 0 and not s.cache_sampling):
            return None
        request = {
            "model": s.model,
            "api_base": strip_credentials(s.api_base),
            "messages": messages,
            "params": {k: v for k, v in params.items() if k != "timeout"},
            "extra": s.extra,
            "sample": sample,
        }
        return request_key(request)

    def _serve_cached(
        self, call_id: str, messages: list[Message], params: dict[str, Any], purpose: str, cached: CachedReply
    ) -> _Single:
        self.budget.charge_cached()
        self._emit(
            ModelRequest(
                call_id=call_id,
                attempt=0,
                model=self.settings.model,
                purpose=purpose,
                messages=messages,
                params=self._public_params(params),
                cached=True,
            )
        )
        reasons = _pad(cached.finish_reasons, cached.texts)
        calls = cached.tool_calls + [[] for _ in range(len(cached.texts) - len(cached.tool_calls))]
        choices = [Choice(text=t, finish_reason=r, tool_calls=c) for t, r, c in zip(cached.texts, reasons, calls)]
        self._emit(
            ModelReply(
                call_id=call_id,
                attempt=0,
                texts=cached.texts,
                finish_reasons=reasons,
                tool_calls=_recorded_calls(choices),
                usage=cached.usage,
                cost_usd=cached.cost_usd,
                from_cache=True,
            )
        )
        return _Single(
            call_id=call_id,
            choices=choices,
            usage=cached.usage,
            cost_usd=0.0,  # nothing spent
            latency_s=0.0,
            attempts=0,
            from_cache=True,
        )

    def _attempts(self, call_id: str, messages: list[Message], params: dict[str, Any], purpose: str) -> _Single:
        kwargs = self._completion_kwargs(messages, params)  # a missing key variable fails here, before any call
        self._check_window(messages)
        for attempt in range(1, self.retry.max_attempts + 1):
            if attempt > 1 and self.health.stop is not None:
                raise self.health.stop  # another call found the model unusable: no more retries
            self.budget.reserve_call()
            self._emit(
                ModelRequest(
                    call_id=call_id,
                    attempt=attempt,
                    model=self.settings.model,
                    purpose=purpose,
                    messages=messages if attempt == 1 else [],
                    params=self._public_params(params),
                )
            )
            outcome = self._one_attempt(call_id, attempt, kwargs)
            if isinstance(outcome, _Single):
                return outcome
            error, retry_after = outcome
            retrying = self.retry.should_retry(error, attempt)
            self._tell_first(error, retrying)
            if not retrying:
                raise ModelCallError(error, attempts=attempt)
            self._sleep(self.retry.delay(attempt, self._rng, retry_after))
        raise AssertionError("unreachable: the loop returns or raises")

    def _check_window(self, messages: list[Message]) -> None:
        """A prompt that cannot fit the model's window (where litellm knows it) is refused before it goes out."""
        if self.settings.model.split("/", 1)[0] in OUR_PROVIDERS:
            return
        problem = oversize(self.settings.model, messages)
        if problem is not None:
            error = CallError(kind="context_window", message=problem, retryable=False, hint=HINTS["context_window"])
            self._tell_first(error, retrying=False)
            raise ModelCallError(error, attempts=0)

    def _tell_first(self, error: CallError, retrying: bool) -> None:
        """The first failure of each kind, on stderr in one line: the record has them all."""
        with self._id_lock:
            if error.kind in self._told:
                return
            self._told.add(error.kind)
        where = f" at {strip_credentials(self.settings.api_base)}" if self.settings.api_base else ""
        then = "retrying" if retrying else "not retried"
        self._notice(f"model {self.settings.model}{where}: {error.kind} ({then}): {_one_line(error.message)}")

    def _one_attempt(
        self, call_id: str, attempt: int, kwargs: dict[str, Any]
    ) -> _Single | tuple[CallError, float | None]:
        started = time.monotonic()
        try:
            response = self._send(kwargs)
        except Exception as exc:  # every provider failure is classified, recorded and retried or raised
            error = classify(exc)
            self.budget.charge(None, None, failed=True)
            self._emit(ModelReply(call_id=call_id, attempt=attempt, latency_s=time.monotonic() - started, error=error))
            return error, retry_after_seconds(exc)
        latency = time.monotonic() - started
        choices, usage = _parse_response(response)

        cost = call_cost(self.settings, usage)
        self.budget.charge(usage, cost)
        self._emit(
            ModelReply(
                call_id=call_id,
                attempt=attempt,
                texts=[c.text for c in choices],
                finish_reasons=[c.finish_reason for c in choices],
                tool_calls=_recorded_calls(choices),
                usage=usage,
                cost_usd=cost,
                latency_s=latency,
            )
        )
        return _Single(
            call_id=call_id,
            choices=choices,
            usage=usage,
            cost_usd=cost,
            latency_s=latency,
            attempts=attempt,
            from_cache=False,
        )

    # ---- litellm -----------------------------------------------------------------------------------------

    def _send(self, kwargs: dict[str, Any]) -> Any:
        return load_litellm().completion(**kwargs)

    def _completion_kwargs(self, messages: list[Message], params: dict[str, Any]) -> dict[str, Any]:
        s = self.settings
        kwargs: dict[str, Any] = dict(s.extra)
        kwargs.update(model=s.model, messages=messages, num_retries=0, max_retries=0, drop_params=True, **params)
        if kwargs.get("max_tokens") is None:
            kwargs.pop("max_tokens", None)
        if s.api_base:
            kwargs["api_base"] = s.api_base
        if s.api_key_env:
            kwargs["api_key"] = _key_from_env(s.api_key_env)
        elif s.api_base:
            placeholder = local_placeholder_key(s.model, s.api_base)
            if placeholder:
                kwargs["api_key"] = placeholder
        return kwargs

    def _native_n(self) -> bool:
        if self.settings.native_n is not None:
            return self.settings.native_n

        litellm = load_litellm()
        try:
            model, provider, _, _ = litellm.get_llm_provider(self.settings.model, api_base=self.settings.api_base)
        except litellm.BadRequestError:
            return False  # an unknown provider: the request itself will report it
        if provider in litellm._custom_providers:
            return False
        supported = litellm.get_supported_openai_params(model=model, custom_llm_provider=provider) or []
        return "n" in supported

    # ---- helpers ---------------------------------------------------------------------------------------------

    def _next_id(self) -> str:
        with self._id_lock:
            return f"{self.call_prefix}-{next(self._ids)}"

    def _public_params(self, params: dict[str, Any]) -> dict[str, Any]:
        public = params | {"api_base": strip_credentials(self.settings.api_base)}
        if "tools" in public:  # the schemas are the caller's constants: their names say which were offered
            public["tools"] = tool_names(public["tools"])
        return public

    def _emit(self, event: Event) -> None:
        if self.recorder is not None:
            self.recorder.emit(event)


def _to_stderr(line: str) -> None:
    print(f"warning: {line}", file=sys.stderr, flush=True)


def _one_line(text: str, limit: int = 300) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def _key_from_env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        error = CallError(
            kind="authentication",
            message=f"environment variable {name} (api_key_env) is not set",
            retryable=False,
            hint=f"export {name}=<your key>",
        )
        raise ModelCallError(error, attempts=0)
    register_secret(value)  # whatever the variable's name, its value never reaches a record or the cache
    return value


def _tool_params(tools: list[dict[str, Any]] | None, tool_choice: str | dict[str, Any] | None) -> dict[str, Any]:
    params: dict[str, Any] = {}
    if tools:
        params["tools"] = tools
        if tool_choice is not None:
            params["tool_choice"] = tool_choice
    return params


def _recorded_calls(choices: list[Choice]) -> list[list[dict[str, Any]]]:
    return [[call.model_dump() for call in choice.tool_calls] for choice in choices]


def _pad(reasons: list[str | None], texts: list[str]) -> list[str | None]:
    return list(reasons) + [None] * (len(texts) - len(reasons))


def _parse_response(response: Any) -> tuple[list[Choice], TokenUsage | None]:
    choices = [
        Choice(
            text=_content(c),
            finish_reason=getattr(c, "finish_reason", None),
            tool_calls=tool_calls_of(getattr(c, "message", None)),
        )
        for c in response.choices
    ]
    raw = getattr(response, "usage", None)
    prompt = getattr(raw, "prompt_tokens", None)
    completion = getattr(raw, "completion_tokens", None)
    if prompt is None and completion is None:
        return choices, None
    return choices, TokenUsage(prompt_tokens=prompt or 0, completion_tokens=completion or 0)


def _content(choice: Any) -> str:
    message = getattr(choice, "message", None)
    content = getattr(message, "content", None)
    return content if isinstance(content, str) else ""


def _to_cached(single: _Single) -> CachedReply:
    return CachedReply(
        texts=[c.text for c in single.choices],
        finish_reasons=[c.finish_reason for c in single.choices],
        tool_calls=[c.tool_calls for c in single.choices],
        usage=single.usage,
        cost_usd=single.cost_usd,
    )


def _combine(model: str, parts: list[_Single], latency: float, wanted: int) -> Completion:
    usages = [p.usage for p in parts if p.usage is not None]
    usage = (
        TokenUsage(
            prompt_tokens=sum(u.prompt_tokens for u in usages),
            completion_tokens=sum(u.completion_tokens for u in usages),
        )
        if usages
        else None
    )
    costs = [p.cost_usd for p in parts]
    return Completion(
        model=model,
        choices=[c for p in parts for c in p.choices][:wanted],
        usage=usage,
        cost_usd=None if any(c is None for c in costs) else sum(c for c in costs if c is not None),
        latency_s=latency,
        call_ids=[p.call_id for p in parts],
        attempts=sum(p.attempts for p in parts),
        from_cache=all(p.from_cache for p in parts),
    )


def make_client(
    settings: ModelSettings,
    *,
    budget: BudgetTracker | None = None,
    recorder: EventSink | None = None,
    retry: RetryPolicy | None = None,
    call_prefix: str = "call",
) -> ModelClient:
    """A client wired the usual way: the shared response cache (in ``$VERUSAGENT_CACHE_DIR`` or the user
    cache folder) when ``settings.cache`` is on."""
    cache = None
    if settings.cache:
        try:
            cache = ResponseCache()
        except (sqlite3.Error, OSError) as error:
            print(f"warning: no response cache ({error}); every request goes to the model", file=sys.stderr)
    settings, retry = transport_overrides(settings, retry or RetryPolicy())
    return ModelClient(settings, retry=retry, budget=budget, cache=cache, recorder=recorder, call_prefix=call_prefix)
