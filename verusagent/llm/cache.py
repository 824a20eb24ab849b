"""A response cache in SQLite, keyed by a hash of the full request (model, endpoint, messages, sampling
settings, sample number). For reruns and tests; holds replies and usage, never a key or a header."""

import hashlib
import json
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from verusagent.paths import cache_dir as default_cache_dir
from verusagent.record.events import TokenUsage
from verusagent.record.redact import scrub
from verusagent.reply.tool_calls import ToolCall

_SCHEMA = """
CREATE TABLE IF NOT EXISTS responses (
    key TEXT PRIMARY KEY,
    model TEXT NOT NULL,
    created REAL NOT NULL,
    reply TEXT NOT NULL
)
"""


def request_key(request: dict[str, Any]) -> str:
    """sha256 of the request as canonical JSON; the request must hold no secret (the client never puts one in)."""
    canonical = json.dumps(scrub(request), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class CachedReply(BaseModel):
    texts: list[str]
    finish_reasons: list[str | None] = Field(default_factory=list)
    tool_calls: list[list[ToolCall]] = Field(default_factory=list)  # per choice; absent in older entries
    usage: TokenUsage | None = None
    cost_usd: float | None = None


class ResponseCache:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path or default_cache_dir() / "responses.sqlite3"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._db() as db:
            db.execute(_SCHEMA)

    @contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        """One short-lived connection per operation (committed on success): safe across threads and processes."""
        db = sqlite3.connect(self.path, timeout=30)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            with db:
                yield db
        finally:
            db.close()

    def get(self, key: str) -> CachedReply | None:
        with self._db() as db:
            row = db.execute("SELECT reply FROM responses WHERE key = ?", (key,)).fetchone()
        return CachedReply.model_validate_json(row[0]) if row else None

    def put(self, key: str, model: str, reply: CachedReply) -> None:
        payload = json.dumps(scrub(reply.model_dump(mode="json")), ensure_ascii=False)
        with self._db() as db:
            db.execute(
                "INSERT OR REPLACE INTO responses (key, model, created, reply) VALUES (?, ?, ?, ?)",
                (key, model, time.time(), payload),
            )

    def __len__(self) -> int:
        with self._db() as db:
            return int(db.execute("SELECT COUNT(*) FROM responses").fetchone()[0])
