"""What a review validator is told of the finding it judges: the claim (severity, location, reason, quote,
explanation, check) that ``review_validate.j2`` shows, in the words it reads. The review
(``verusagent.review.reviewer``) gives the finding's facts; the words are here."""

NO_EXPLANATION = "(none given)"


def finding_location(unit: str, lines: list[int]) -> str:
    """Where a finding is: its unit and the lines of its quote (``lines unknown`` without them)."""
    span = f"lines {lines[0]}-{lines[-1]}" if lines else "lines unknown"
    return f"{unit}, {span}"


def validator_claim(
    *, severity: str, unit: str, lines: list[int], reason: str, quote: str, explanation: str, check: str
) -> dict[str, str]:
    """The claim as the validator's prompt shows it (its ``finding``)."""
    return {
        "severity": severity,
        "location": finding_location(unit, lines),
        "reason": reason,
        "quote": quote,
        "explanation": explanation or NO_EXPLANATION,
        "check": check,
    }
