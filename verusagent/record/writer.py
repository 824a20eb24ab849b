"""Writes a run folder: events appended one line at a time (flushed and fsynced), candidates by content hash,
``result.json`` at the end.

A crash or Ctrl-C leaves every event written before it intact: each line goes out in one ``write`` and is on
disk before ``emit`` returns. Safe to share between threads.
"""

import hashlib
import json
import os
import threading
from pathlib import Path
from typing import Self, TypeVar

from verusagent.choices import DEFAULT_RUNS_DIR
from verusagent.record.clock import HarnessClock
from verusagent.record.continuation import RequestCompactor
from verusagent.record.events import Event, ModelRequest
from verusagent.record.reader import read_run
from verusagent.record.redact import scrub, secret_values
from verusagent.record.result import RunResult
from verusagent.record.runs import CANDIDATES_DIR, EVENTS_FILE, RESULT_FILE, new_run_id

E = TypeVar("E", bound=Event)


def sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def write_atomically(path: Path, data: bytes) -> None:
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    with open(temporary, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)


def set_aside_cut_line(events_file: Path) -> None:
    """A run killed mid-write leaves a last line without its newline: move it to FILE.cut (kept for
    inspection) so that the continued file stays one JSON object per line (events.jsonl, results.jsonl)."""
    data = events_file.read_bytes()
    if not data or data.endswith(b"\n"):
        return
    cut = data.rfind(b"\n") + 1
    with open(events_file.with_name(events_file.name + ".cut"), "ab") as handle:
        handle.write(data[cut:] + b"\n")
    with open(events_file, "r+b") as handle:
        handle.truncate(cut)
        os.fsync(handle.fileno())


class RunWriter:
    def __init__(self, folder: Path, run_id: str) -> None:
        self.folder = folder
        self.run_id = run_id
        self.clock = HarnessClock()
        self._lock = threading.Lock()
        self._seq = 0
        self._last_ts = 0.0
        self._requests = RequestCompactor()  # a session's next request records only its new messages
        (folder / CANDIDATES_DIR).mkdir(parents=True, exist_ok=True)
        self._fd: int | None = os.open(folder / EVENTS_FILE, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    @classmethod
    def create(cls, runs_dir: Path = DEFAULT_RUNS_DIR, run_id: str | None = None) -> Self:
        run_id = run_id or new_run_id()
        folder = runs_dir / run_id
        if (folder / EVENTS_FILE).exists():
            raise FileExistsError(f"run folder {folder} already holds a record")
        return cls(folder, run_id)

    @classmethod
    def reopen(cls, folder: Path) -> Self:
        """Append to an existing record (``--resume``): seq and ts continue after its last event."""
        log = read_run(folder)
        if not log.events:
            raise FileNotFoundError(f"{folder} holds no run record to continue")
        set_aside_cut_line(folder / EVENTS_FILE)
        writer = cls(folder, folder.name)
        writer._seq = max(event.seq for event in log.events) + 1
        writer._last_ts = max(event.ts for event in log.events)
        return writer

    def emit(self, event: E) -> E:
        """Stamp the event with ``seq`` and ``ts``, scrub secrets, append it as one line; returns the stamped event."""
        with self._lock:
            if self._fd is None:
                raise ValueError(f"run record {self.folder} is closed")
            self._last_ts = max(self._last_ts, self.clock.now())
            stamped = event.model_copy(update={"seq": self._seq, "ts": self._last_ts})
            payload = scrub(stamped.model_dump(mode="json"), secret_values())
            payload, recorded = self._requests.compact(payload) if isinstance(event, ModelRequest) else (payload, None)
            line = json.dumps(payload, ensure_ascii=False).encode("utf-8") + b"\n"
            # Count the line as written before writing it: a Ctrl-C landing during the write or the fsync must
            # not let the next event reuse this seq (at worst a seq is skipped, never repeated).
            self._seq += 1
            self._append(line)
            self._requests.remember(payload, recorded)
            return stamped

    def _append(self, line: bytes) -> None:
        assert self._fd is not None
        written = 0
        while written < len(line):
            written += os.write(self._fd, line[written:])
        os.fsync(self._fd)

    def write_candidate(self, text: str) -> str:
        """Store a candidate under its sha256 (once); returns the hash."""
        digest = sha256_text(text)
        path = self.folder / CANDIDATES_DIR / f"{digest}.rs"
        if not path.exists():
            write_atomically(path, text.encode("utf-8"))
        return digest

    def write_result(self, result: RunResult) -> None:
        payload = scrub(result.model_dump(mode="json"), secret_values())
        write_atomically(self.folder / RESULT_FILE, json.dumps(payload, indent=2).encode("utf-8") + b"\n")

    def close(self) -> None:
        with self._lock:
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
