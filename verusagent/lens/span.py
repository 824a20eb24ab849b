"""The values every unit of the lens carries: spans (byte offsets and positions) and attributes."""

from dataclasses import dataclass


@dataclass(slots=True, unsafe_hash=True)
class Span:
    """A stdlib dataclass (pydantic serialises it inside the models): the lens makes many, so it stays light. Not
    frozen (a frozen dataclass's __init__ costs three times as much) but never changed once made, so hashable."""

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
    inner: bool = False  # `#![..]`: inside the item it belongs to (a function's body), read like an outer one
