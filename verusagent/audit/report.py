"""What an audit returns: the breaches of the record's invariants, each naming the events involved."""

from pathlib import Path

from pydantic import BaseModel, Field, computed_field

from verusagent.record.events import Event

TITLES: dict[int, str] = {
    1: "timestamps and seqs are monotone",
    2: "an accepted candidate has a whole-file verus success from this run's verus",
    3: "an accepted candidate has a clean guard report",
    4: "no candidate reaches verus while a validated critical finding is open on it",
    5: "every finding has a location, a reason and evidence",
    6: "model calls and verus runs stay inside the budgets",
    7: "guard and review reports come after creation and before verus",
    8: "a verified verdict names an accepted candidate, and only a verified one does",
    9: "a candidate the review blocked has no verus run (outside shadow mode)",
    10: "every review report precedes the verus run of its candidate",
    11: "every kept finding's evidence is found in its candidate",
    12: "a dismissed finding was judged by a different validator than the ones that confirmed it",
    13: "review calls are model requests of the record, counted against its budgets",
    14: "every applied edit has a clean guard report on exactly the text it produced",
    15: "every verify result came from a verus run or the cache of one",
    16: "nothing is accepted but by a fresh acceptance run",
    17: "an agent session stays inside its limits",
    18: "a candidate the pre-check rejected has no verus run, and each pre-check finding is located",
    19: "a run stopped for its model decides nothing, and an unreachable model is shown by a failed request",
}


class EventRef(BaseModel):
    """One event involved in a breach: enough to find it in the record (``verusagent show``)."""

    seq: int
    kind: str
    sha256: str | None = None  # the candidate it is about (a verdict's accepted one)

    @classmethod
    def of(cls, event: Event) -> "EventRef":
        sha = getattr(event, "sha256", None) or getattr(event, "accepted_sha256", None)
        return cls(seq=event.seq, kind=event.kind, sha256=sha if isinstance(sha, str) else None)

    def label(self) -> str:
        return f"#{self.seq:<4} {self.kind:<17} {self.sha256[:12] if self.sha256 else '-'}"


class Breach(BaseModel):
    invariant: int | None  # None: a structural problem of the record (an unreadable line, no run_started)
    title: str
    message: str
    events: list[EventRef] = Field(default_factory=list)

    @property
    def seqs(self) -> list[int]:
        return [ref.seq for ref in self.events]

    def heading(self) -> str:
        return f"invariant {self.invariant} ({self.title})" if self.invariant is not None else self.title


def breach(invariant: int, message: str, *events: Event) -> Breach:
    unique = {id(e): e for e in events}.values()  # an event named twice is listed once
    return Breach(
        invariant=invariant,
        title=TITLES[invariant],
        message=message,
        events=sorted((EventRef.of(e) for e in unique), key=lambda ref: ref.seq),
    )


class AuditReport(BaseModel):
    folder: Path | None
    events_checked: int
    breaches: list[Breach]
    warnings: list[str]  # worth knowing, never a failure (a cut-off last line, a stand-in verus)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def ok(self) -> bool:
        return not self.breaches

    def broken_invariants(self) -> list[int]:
        return sorted({b.invariant for b in self.breaches if b.invariant is not None})
