"""Findings: what the proposer claims, kept only when anyone can check it.

A finding has a severity (``critical``: verus will reject the candidate because of it; ``gap``: a step verus
may not make on its own), a location (unit id and lines), a reason, evidence (a quote of the candidate's text
and the fact that fails) and a check (``scope``, ``depend``, ``compute``, ``logic``: how to confirm it). The
quote must be in the candidate, found mechanically (white space may differ): a finding whose quote is not
there, or that lacks a part, is dropped, and the drop is recorded. The lines are those of the quote.
"""

import re
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, Field

from verusagent.review.units import ReviewUnit

Severity = Literal["critical", "gap"]
Check = Literal["scope", "depend", "compute", "logic"]
SEVERITIES: tuple[Severity, ...] = ("critical", "gap")
CHECKS: tuple[Check, ...] = ("scope", "depend", "compute", "logic")
MIN_QUOTE_CHARS = 3  # non-blank characters: a quote of ";" or "i" locates nothing
_CUT = 400  # long strings of a dropped finding are cut in the record


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


class Dropped(BaseModel):
    finding: dict[str, Any]
    reason: str


def check_findings(
    items: list[Any], unit: ReviewUnit, text: str, sha256: str, first_index: int
) -> tuple[list[Finding], list[Dropped]]:
    kept: list[Finding] = []
    dropped: list[Dropped] = []
    for item in items:
        outcome = check_finding(item, unit, text, f"{sha256[:8]}.{first_index + len(kept) + 1}")
        if isinstance(outcome, Finding):
            kept.append(outcome)
        else:
            dropped.append(outcome)
    return kept, dropped


def check_finding(item: Any, unit: ReviewUnit, text: str, finding_id: str) -> Finding | Dropped:
    if not isinstance(item, dict):
        return Dropped(finding={"value": _cut(item)}, reason="not a JSON object")
    problem = _missing_part(item)
    if problem:
        return Dropped(finding=_cut_all(item), reason=problem)
    quote = _quote_of(item)
    place = locate(text, quote, unit.start, unit.end)
    if place is None:
        return Dropped(finding=_cut_all(item), reason="the quoted evidence is not in the candidate")
    data = text.encode("utf-8")
    lines = [data[: place[0]].count(b"\n") + 1, data[: max(place[1] - 1, place[0])].count(b"\n") + 1]
    severity, check = _one_of(SEVERITIES, item["severity"]), _one_of(CHECKS, item["check"])
    assert severity is not None and check is not None  # _missing_part checked both
    return Finding(
        id=finding_id,
        unit=unit.id,
        unit_kind=unit.kind.value,
        severity=severity,
        location={"unit": unit.id, "lines": lines},
        reason=str(item["reason"]).strip(),
        evidence=Quote(quote=quote, explanation=_explanation(item)),
        check=check,
    )


def _missing_part(item: dict[str, Any]) -> str | None:
    if _word(item.get("severity")) not in SEVERITIES:
        return f"severity must be one of {', '.join(SEVERITIES)}, not {_cut(item.get('severity'))!r}"
    if _word(item.get("check")) not in CHECKS:
        return f"check must be one of {', '.join(CHECKS)}, not {_cut(item.get('check'))!r}"
    if not isinstance(item.get("reason"), str) or not item["reason"].strip():
        return "no reason"
    quote = _quote_of(item)
    if len("".join(quote.split())) < MIN_QUOTE_CHARS:
        return f"no quote of the candidate's code to check (at least {MIN_QUOTE_CHARS} characters)"
    return None


def _word(value: Any) -> str:
    return value.strip().lower() if isinstance(value, str) else ""


_Word = TypeVar("_Word", bound=str)


def _one_of(words: tuple[_Word, ...], value: Any) -> _Word | None:
    """The one of words that value spells (case and surrounding blanks aside); None: none."""
    word = _word(value)
    return next((w for w in words if w == word), None)


def _quote_of(item: dict[str, Any]) -> str:
    quote = item.get("quote")
    evidence = item.get("evidence")
    if quote is None and isinstance(evidence, dict):
        quote = evidence.get("quote")
    return _unfence(quote) if isinstance(quote, str) else ""


def _explanation(item: dict[str, Any]) -> str:
    evidence = item.get("evidence")
    if isinstance(evidence, dict):
        evidence = evidence.get("explanation") or evidence.get("fact")
    return evidence.strip() if isinstance(evidence, str) else ""


def _unfence(quote: str) -> str:
    stripped = quote.strip()
    if len(stripped) >= 2 and stripped[0] == stripped[-1] == "`":
        stripped = stripped.strip("`")
    return stripped.strip()


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


def _cut(value: Any) -> Any:
    if isinstance(value, str) and len(value) > _CUT:
        return value[:_CUT] + "..."
    return value if isinstance(value, str | int | float | bool) or value is None else _cut(str(value))


def _cut_all(item: dict[str, Any]) -> dict[str, Any]:
    return {str(k)[:40]: _cut(v) for k, v in list(item.items())[:12]}
