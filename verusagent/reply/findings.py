"""The review proposer's reply: its proposed findings, a JSON array or an object holding one, each item read into a
``ProposedFinding`` or, when it lacks a part, a ``Dropped`` (the item as written and why). Whether a finding's
quote is in the candidate is checked by the review (``verusagent.review.findings``); here the items are only read.

A proposed finding has a severity (``SEVERITIES``), a check (``CHECKS``), a reason, a quote of the candidate's
text (``quote``, or ``evidence.quote``; backticks around it are taken off) of at least ``MIN_QUOTE_CHARS``
non-blank characters, and an explanation (``evidence``, ``evidence.explanation`` or ``evidence.fact``; may be
empty).
"""

from typing import Any, Literal, TypeVar, get_args

from pydantic import BaseModel

from verusagent.reply.errors import ReplyError, ReplyReason
from verusagent.reply.jsonreply import extract_json

Severity = Literal["critical", "gap"]
Check = Literal["scope", "depend", "compute", "logic"]
SEVERITIES: tuple[Severity, ...] = get_args(Severity)
CHECKS: tuple[Check, ...] = get_args(Check)
MIN_QUOTE_CHARS = 3  # non-blank characters: a quote of ";" or "i" locates nothing
NOT_FINDINGS = "the reply's JSON is not a list of findings"
_CUT = 400  # long strings of a dropped finding are cut in the record
_CUT_KEYS = 12  # and so are its keys, past the twelfth


class ProposedFinding(BaseModel):
    """One item of the proposer's reply, read: its words normalised (case and surrounding blanks aside)."""

    severity: Severity
    check: Check
    reason: str
    quote: str  # as the reply quoted it, unfenced: the review looks for it in the candidate
    explanation: str = ""
    written: dict[str, Any]  # the item as written, cut as a record of it holds it (``Dropped.finding``)


class Dropped(BaseModel):
    """A proposed finding left out, as the record holds it: the item as written (cut) and why."""

    finding: dict[str, Any]
    reason: str


def proposed_items(value: Any) -> list[Any] | None:
    """The list of proposed findings in a parsed reply: a JSON array, or an object holding one."""
    if isinstance(value, list):
        return value
    if isinstance(value, dict):
        for key in ("findings", "errors"):
            items = value.get(key)
            if isinstance(items, list):
                return items
        if "reason" in value:
            return [value]
    return None


def findings_of(reply: str) -> list[Any]:
    """The proposed findings of a reply, as written; raises ``ReplyError`` (no_json, not_findings) when there is no
    list."""
    items = proposed_items(extract_json(reply))
    if items is None:
        raise ReplyError(ReplyReason.NOT_FINDINGS, NOT_FINDINGS)
    return items


def proposed_findings(reply: str) -> list[ProposedFinding | Dropped]:
    """Each proposed finding of a reply, read (``proposed_finding``); raises ``ReplyError`` (no_json, not_findings)
    when there is no list."""
    return [proposed_finding(item) for item in findings_of(reply)]


def proposed_finding(item: Any) -> ProposedFinding | Dropped:
    """One item of the list, read; a ``Dropped`` with the reason when it is not an object or lacks a part."""
    if not isinstance(item, dict):
        return Dropped(finding={"value": _cut(item)}, reason="not a JSON object")
    written = _cut_all(item)
    severity, check = _one_of(SEVERITIES, item.get("severity")), _one_of(CHECKS, item.get("check"))
    if severity is None:
        return Dropped(
            finding=written,
            reason=f"severity must be one of {', '.join(SEVERITIES)}, not {_cut(item.get('severity'))!r}",
        )
    if check is None:
        return Dropped(
            finding=written, reason=f"check must be one of {', '.join(CHECKS)}, not {_cut(item.get('check'))!r}"
        )
    reason = item.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        return Dropped(finding=written, reason="no reason")
    quote = _quote_of(item)
    if len("".join(quote.split())) < MIN_QUOTE_CHARS:
        return Dropped(
            finding=written,
            reason=f"no quote of the candidate's code to check (at least {MIN_QUOTE_CHARS} characters)",
        )
    return ProposedFinding(
        severity=severity,
        check=check,
        reason=reason.strip(),
        quote=quote,
        explanation=_explanation(item),
        written=written,
    )


_Word = TypeVar("_Word", bound=str)


def _one_of(words: tuple[_Word, ...], value: Any) -> _Word | None:
    """The one of words that value spells (case and surrounding blanks aside); None: none."""
    word = value.strip().lower() if isinstance(value, str) else ""
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


def _cut(value: Any) -> Any:
    if isinstance(value, str) and len(value) > _CUT:
        return value[:_CUT] + "..."
    return value if isinstance(value, str | int | float | bool) or value is None else _cut(str(value))


def _cut_all(item: dict[str, Any]) -> dict[str, Any]:
    return {str(k)[:40]: _cut(v) for k, v in list(item.items())[:_CUT_KEYS]}
