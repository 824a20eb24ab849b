"""A deterministic completer for the review's unit tests (the scripted model serves the end-to-end tests):
answers each request with the first rule whose marker is in the prompt."""

from types import SimpleNamespace

BASE = "rust_fixtures/guard/base.rs"
PROVED = "rust_fixtures/guard/base_proved.rs"


class RuleCompleter:
    def __init__(self, rules: list[tuple[str, object]]):
        self.rules = rules  # (marker, reply or list of replies served in turn)
        self.requests: list[dict] = []
        self.calls = 0

    def complete(self, messages, *, purpose="", n=None, temperature=None, max_tokens=None):
        prompt = messages[-1]["content"]
        self.requests.append({"prompt": prompt, "purpose": purpose, "n": n, "temperature": temperature})
        texts, ids = [], []
        for index in range(n or 1):
            self.calls += 1
            texts.append(self._reply(prompt, index))
            ids.append(f"fake-{self.calls}")
        return SimpleNamespace(texts=texts, call_ids=ids)

    def _reply(self, prompt: str, index: int) -> str:
        for marker, reply in self.rules:
            if marker in prompt:
                return reply[index % len(reply)] if isinstance(reply, list) else reply
        return "[]"


class ListSink:
    def __init__(self):
        self.events = []

    def emit(self, event):
        self.events.append(event)
        return event

    def kinds(self, kind: str) -> list:
        return [e for e in self.events if e.kind == kind]
