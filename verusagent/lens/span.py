"""The values every unit of the lens carries: spans (byte offsets and positions) and attributes."""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Span:
    """A stdlib dataclass (pydantic serialises it inside the models): the lens makes many, so it stays light."""

    start: int
    end: int
    line: int
    col: int
    end_line: int
    end_col: int

    def contains(self, offset: int) -> bool:
        return self.start <= offset < self.end

    def covers(self, other: "Span") -> bool:
        return self.start <= other.start and other.end <= self.end


@dataclass(frozen=True, slots=True)
class Attribute:
    text: str  # the whole attribute, e.g. "#[verifier::external_body]"
    path: str  # normalised: "verifier::external_body" for both #[verifier::x] and #[verifier(x)]
    span: Span
