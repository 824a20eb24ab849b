"""What every session of a run shares: the evaluator (guard, review, verus, record), the lemma library, the
progress reporter, and the flag a Ctrl-C sets so that a session in a worker thread stops where it is."""

import threading
from dataclasses import dataclass, field

from verusagent.agent.evaluator import Evaluator
from verusagent.agent.reporting import Progress
from verusagent.agent.session.library import LemmaLibrary


@dataclass
class SessionKit:
    evaluator: Evaluator
    library: LemmaLibrary = field(default_factory=LemmaLibrary)
    reporter: Progress | None = None
    cancel: threading.Event = field(default_factory=threading.Event)
    taken: set[str] = field(default_factory=set)  # session ids used in this record (a resumed run adds to them)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def session_id(self, strategy: str, round_no: int) -> str:
        """`agent-r3`, or `agent-r3-2` when a resumed run repeats a round an interrupted session had."""
        with self._lock:
            base, number = f"{strategy}-r{round_no}", 1
            chosen = base
            while chosen in self.taken:
                number += 1
                chosen = f"{base}-{number}"
            self.taken.add(chosen)
            return chosen
