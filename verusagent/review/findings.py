"""Findings: what the proposer claims, kept only when anyone can check it.

A finding has a severity (``critical``: verus will reject the candidate because of it; ``gap``: a step verus
may not make on its own), a location (unit id and lines), a reason, evidence (a quote of the candidate's text
and the fact that fails) and a check (``scope``, ``depend``, ``compute``, ``logic``: how to confirm it). The
quote must be in the candidate, found mechanically (white space may differ): a finding whose quote is not
there is dropped here, one that lacks a part when its reply is read (``verusagent.reply.findings``, which also
holds the vocabulary, ``SEVERITIES`` and ``CHECKS``), and each drop is recorded. The lines are those of the quote.
"""

import re
from typing import Any, Literal

from pydantic import BaseModel, Field

from verusagent.reply.findings import Check, Dropped, ProposedFinding, Severity, proposed_finding
from verusagent.review.units import ReviewUnit


class Quote(BaseModel):
    """A finding's evidence: text quoted exactly from the candidate, and why it matters."""

    quote: str  # exactly as in the candidate
    explanation: str = ""


class Finding(BaseModel):
    id: str  # "<sha256[:8]>.<n>": unique per candidate, stable when the candidate is reviewed again
    unit: str
    unit_kind: str
    severity: Severity
    location: dict[str, Any]  # {"unit": ..., "lines": [first, last]}
    reason: str
    evidence: Quote
    check: Check
    votes: list[str] | None = None  # the validators' judgments in order; None: not (fully) validated
    validators: list[str] = Field(default_factory=list)  # who cast each vote
    score: float | None = None  # fraction of substantial votes; None: not scored
    validated: bool = False  # the rule rejects its score; a critical one blocks (outside shadow mode)
    status: Literal["open", "resolved", "dismissed"] = "open"
    unscored: str | None = None  # why it has no score (a vote missing: a model error, a garbage reply)

    @property
    def counts(self) -> bool:
        """Takes part in its unit's score: a critical finding with its full set of votes. A ``gap`` is validated
        and shown, but it neither counts nor blocks (verus may yet make the step)."""
        return self.severity == "critical" and self.score is not None

    @property
    def blocks(self) -> bool:
        return self.counts and self.validated and self.status == "open"

    def record(self) -> dict[str, Any]:
        """As the record holds it. ``votes`` only on findings that count: the others' are ``votes_cast`` (the
        calibration contract, ``labels.py``: the votes in a report reproduce its score)."""
        data = self.model_dump(mode="json", exclude_none=True)
        if not self.counts and "votes" in data:
            data["votes_cast"] = data.pop("votes")
        return data

    def drop_score(self, why: str) -> None:
        self.unscored = self.unscored or why
        self.score, self.validated = None, False

    def votes_bools(self) -> tuple[bool, ...]:
        return tuple(vote == "substantial" for vote in self.votes or [])

    def confirmed_by(self) -> list[str]:
        return [who for who, vote in zip(self.validators, self.votes or [], strict=True) if vote == "substantial"]


def check_findings(
    proposed: list[ProposedFinding | Dropped], unit: ReviewUnit, text: str, sha256: str, first_index: int
) -> tuple[list[Finding], list[Dropped]]:
    """The proposed findings of a reply (``verusagent.reply.findings``) checked against the candidate: those kept,
    numbered from ``first_index``, and those dropped (unread ones, and those whose quote is not there)."""
    kept: list[Finding] = []
    dropped: list[Dropped] = []
    for item in proposed:
        outcome = (
            item
            if isinstance(item, Dropped)
            else located(item, unit, text, f"{sha256[:8]}.{first_index + len(kept) + 1}")
        )
        if isinstance(outcome, Finding):
            kept.append(outcome)
        else:
            dropped.append(outcome)
    return kept, dropped


def check_finding(item: Any, unit: ReviewUnit, text: str, finding_id: str) -> Finding | Dropped:
    """One item as the reply wrote it: read (``proposed_finding``), then checked against the candidate."""
    proposed = proposed_finding(item)
    return proposed if isinstance(proposed, Dropped) else located(proposed, unit, text, finding_id)


def located(proposed: ProposedFinding, unit: ReviewUnit, text: str, finding_id: str) -> Finding | Dropped:
    """The finding at its quote's lines of the candidate (inside the unit first); dropped when the quote is not in
    the candidate."""
    place = locate(text, proposed.quote, unit.start, unit.end)
    if place is None:
        return Dropped(finding=proposed.written, reason="the quoted evidence is not in the candidate")
    data = text.encode("utf-8")
    lines = [data[: place[0]].count(b"\n") + 1, data[: max(place[1] - 1, place[0])].count(b"\n") + 1]
    return Finding(
        id=finding_id,
        unit=unit.id,
        unit_kind=unit.kind.value,
        severity=proposed.severity,
        location={"unit": unit.id, "lines": lines},
        reason=proposed.reason,
        evidence=Quote(quote=proposed.quote, explanation=proposed.explanation),
        check=proposed.check,
    )


def locate(text: str, quote: str, start: int = 0, end: int | None = None) -> tuple[int, int] | None:
    """Byte offsets of ``quote`` in ``text`` (runs of white space match any run of white space): inside
    [start, end) first, else anywhere; None when it is not there."""
    pieces = quote.split()
    if not pieces:
        return None
    pattern = re.compile(r"\s+".join(re.escape(piece) for piece in pieces))
    data = text.encode("utf-8")
    window = data[start:end].decode("utf-8", errors="replace") if end is not None else None
    if window is not None:
        found = pattern.search(window)
        if found:
            return _bytes(window, found, start)
    found = pattern.search(text)
    return _bytes(text, found, 0) if found else None


def _bytes(text: str, found: re.Match[str], base: int) -> tuple[int, int]:
    first = len(text[: found.start()].encode("utf-8"))
    return base + first, base + first + len(found.group(0).encode("utf-8"))


def quote_in(text: str, quote: str) -> bool:
    return locate(text, quote) is not None
