#!/usr/bin/env python3
"""A small replay server on 127.0.0.1: a STAND-IN for a model endpoint, for tests.

It answers ``POST /v1/chat/completions`` (the OpenAI form) and ``POST /v1/messages`` (the Anthropic Messages API
form, for litellm's ``anthropic/...`` models with ``api_base`` set to ``anthropic_base_url``) from a scenario,
one entry per request, in order: a reply text and/or tool calls (status 200), an HTTP error (e.g. 429 or 500,
with an error body in the route's form, ``code`` and ``message`` as given), optionally after a delay (to hit a client
timeout); or a failure below HTTP: ``"drop": true`` closes the connection without a reply (a reset), ``"raw"``
sends that text as a 200 reply's body (malformed JSON). An entry with ``"repeat": true`` answers every request
from then on. It records every request (path, headers, JSON body) in memory. It knows nothing about Verus; it
only replays.

Scenario file (JSON list):  [{"content": "...", "prompt_tokens": 10, "completion_tokens": 5},
                             {"status": 429, "retry_after": 0}, {"status": 500}, {"delay_s": 3, "content": "late"},
                             {"status": 400, "code": "context_length_exceeded"}, {"drop": true}, {"raw": "{oops"},
                             {"tool_calls": [{"name": "view", "arguments": {"target": "main"}}],
                              "expect_tools": ["view", "verify"]}]
Tool call ``arguments`` as a string go out as they are (malformed JSON included); ``expect_tools`` answers 400
unless the request offered exactly those tools.

    python tools/replay_server.py scenario.json [--port 0]
"""

import argparse
import json
import socket
import struct
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    429: "rate_limit_error",
    500: "server_error",
}
ANTHROPIC_ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}
ANTHROPIC_STOP_REASONS = {"stop": "end_turn", "length": "max_tokens", "tool_calls": "tool_use"}


class Scenario:
    """The replies still to give, and the requests received. Thread-safe."""

    def __init__(self, entries: list[dict[str, Any]]) -> None:
        self.entries = list(entries)
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()

    def take(self, request: dict[str, Any]) -> dict[str, Any] | None:
        with self._lock:
            self.requests.append(request)
            if not self.entries:
                return None
            return self.entries[0] if self.entries[0].get("repeat") else self.entries.pop(0)


def _finish_reason(entry: dict[str, Any]) -> str:
    return entry.get("finish_reason") or ("tool_calls" if entry.get("tool_calls") else "stop")


def _tool_use_input(arguments: Any) -> Any:
    """A tool_use input is an object: a script's JSON text becomes one; text that is not JSON stays a string, so
    that tests can send garbage arguments."""
    if not isinstance(arguments, str):
        return arguments
    try:
        return json.loads(arguments)
    except ValueError:
        return arguments


def _arguments_text(arguments: Any) -> str:
    return arguments if isinstance(arguments, str) else json.dumps(arguments)


def _completion_tokens(entry: dict[str, Any]) -> int:
    calls = "".join(c.get("name", "") + _arguments_text(c.get("arguments", {})) for c in entry.get("tool_calls", []))
    return entry.get("completion_tokens", max(1, len(entry.get("content", "") + calls) // 4))


def openai_message(entry: dict[str, Any]) -> dict[str, Any]:
    calls = entry.get("tool_calls", [])
    message: dict[str, Any] = {"role": "assistant", "content": entry.get("content", "") or (None if calls else "")}
    if calls:
        message["tool_calls"] = [
            {
                "id": call.get("id", f"call_{index}"),
                "type": "function",
                "function": {"name": call["name"], "arguments": _arguments_text(call.get("arguments", {}))},
            }
            for index, call in enumerate(calls, 1)
        ]
    return message


def completion_body(entry: dict[str, Any], request: dict[str, Any]) -> dict[str, Any]:
    prompt_tokens = entry.get("prompt_tokens", 10)
    completion_tokens = _completion_tokens(entry)
    choices = [
        {"index": i, "message": openai_message(entry), "finish_reason": _finish_reason(entry)}
        for i in range(int(request.get("n") or 1))
    ]
    return {
        "id": f"replay-{time.time_ns()}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": request.get("model", "replay"),
        "choices": choices,
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens * len(choices),
            "total_tokens": prompt_tokens + completion_tokens * len(choices),
        },
    }


def messages_body(entry: dict[str, Any], request: dict[str, Any]) -> dict[str, Any]:
    """An Anthropic Messages API reply: text and `tool_use` content blocks."""
    content: list[dict[str, Any]] = [{"type": "text", "text": entry["content"]}] if entry.get("content") else []
    for index, call in enumerate(entry.get("tool_calls", []), 1):
        content.append(
            {
                "type": "tool_use",
                "id": call.get("id", f"toolu_{index}"),
                "name": call["name"],
                "input": _tool_use_input(call.get("arguments", {})),
            }
        )
    return {
        "id": f"msg_replay_{time.time_ns()}",
        "type": "message",
        "role": "assistant",
        "model": request.get("model", "replay"),
        "content": content,
        "stop_reason": ANTHROPIC_STOP_REASONS.get(_finish_reason(entry), "end_turn"),
        "stop_sequence": None,
        "usage": {"input_tokens": entry.get("prompt_tokens", 10), "output_tokens": _completion_tokens(entry)},
    }


def offered_tools(body: dict[str, Any]) -> list[str]:
    """Tool names in either form: OpenAI `{"function": {"name"}}` or Anthropic `{"name"}`."""
    names = []
    for tool in body.get("tools") or []:
        function = tool.get("function") if isinstance(tool.get("function"), dict) else tool
        names.append(str(function.get("name", "")))
    return names


def error_body(status: int, message: str, code: str | None = None) -> dict[str, Any]:
    return {"error": {"message": message, "type": ERROR_TYPES.get(status, "server_error"), "code": code or status}}


def anthropic_error_body(status: int, message: str, code: str | None = None) -> dict[str, Any]:
    return {"type": "error", "error": {"type": ANTHROPIC_ERROR_TYPES.get(status, "api_error"), "message": message}}


_ROUTES = {  # path suffix -> (reply body, error body)
    "/chat/completions": (completion_body, error_body),
    "/messages": (messages_body, anthropic_error_body),
}


class ReplayHandler(BaseHTTPRequestHandler):
    server: "ReplayServer"
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # quiet: tests read .requests instead
        return

    def do_GET(self) -> None:
        if self.path.rstrip("/").endswith("/models"):
            self._send(200, {"object": "list", "data": [{"id": "replay", "object": "model"}]})
        else:
            self._send(404, error_body(404, f"replay server: no route GET {self.path}"))

    def do_POST(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length)
        body = json.loads(raw or b"{}")
        request = {"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body}
        route = next((r for suffix, r in _ROUTES.items() if self.path.rstrip("/").endswith(suffix)), None)
        if route is None:
            self._send(404, error_body(404, f"replay server: no route POST {self.path}"))
            return
        reply_body, error = route
        entry = self.server.scenario.take(request)
        if entry is None:
            self._send(400, error(400, "replay server (a stand-in): scenario exhausted"))
            return
        if entry.get("delay_s") and self.server.stopping.wait(entry["delay_s"]):
            return  # the server is shutting down: drop the request
        self._answer(entry, body, reply_body, error)

    def _answer(self, entry: dict[str, Any], body: dict[str, Any], reply_body, error) -> None:
        status = int(entry.get("status", 200))
        expected, offered = entry.get("expect_tools"), offered_tools(body)
        if status == 200 and expected is not None and sorted(expected) != sorted(offered):
            message = f"replay server (a stand-in): expected the tools {sorted(expected)}; offered {sorted(offered)}"
            self._send(400, error(400, message))
        elif status != 200:
            headers = {"retry-after": str(entry["retry_after"])} if "retry_after" in entry else {}
            message = entry.get("message", f"replay server: scripted {status}")
            self._send(status, error(status, message, entry.get("code")), headers)
        elif entry.get("drop"):
            self._drop()
        elif "raw" in entry:
            self._send_bytes(200, str(entry["raw"]).encode("utf-8"))
        else:
            self._send(200, reply_body(entry, body))

    def _drop(self) -> None:
        """Close the connection without a reply, with a reset (SO_LINGER 0), as a crashed server or proxy does."""
        self.close_connection = True
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.connection.close()

    def _send(self, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None) -> None:
        self._send_bytes(status, json.dumps(payload).encode("utf-8"), headers)

    def _send_bytes(self, status: int, data: bytes, headers: dict[str, str] | None = None) -> None:
        try:
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            self.server.dropped += 1  # the client gave up (e.g. its timeout fired) before the reply


class ReplayServer(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def __init__(self, entries: list[dict[str, Any]], port: int = 0) -> None:
        super().__init__(("127.0.0.1", port), ReplayHandler)
        self.scenario = Scenario(entries)
        self.stopping = threading.Event()
        self.dropped = 0
        self._thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        """For OpenAI-compatible clients (`openai/...` models)."""
        return f"http://127.0.0.1:{self.server_address[1]}/v1"

    @property
    def anthropic_base_url(self) -> str:
        """For `anthropic/...` models: litellm appends `/v1/messages` to its api_base."""
        return f"http://127.0.0.1:{self.server_address[1]}"

    @property
    def requests(self) -> list[dict[str, Any]]:
        return self.scenario.requests

    def start(self) -> "ReplayServer":
        self._thread = threading.Thread(target=self.serve_forever, args=(0.05,), name="replay-server", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        self.shutdown()
        self.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)


def main() -> None:
    parser = argparse.ArgumentParser(description="OpenAI/Anthropic-compatible replay server (a stand-in for tests).")
    parser.add_argument("scenario", help="JSON list of replies")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    with open(args.scenario, encoding="utf-8") as handle:
        server = ReplayServer(json.load(handle), args.port)
    print(f"replay server (a stand-in, not a model) on {server.base_url}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.server_close()


if __name__ == "__main__":
    main()
