"""The state shared by the scanners while they read one file: tokens, positions and the units found so far."""

from dataclasses import dataclass, field

from verusagent.lens.hatches import Hatch, renamed_calls
from verusagent.lens.machine_model import InvariantStruct, StateMachine
from verusagent.lens.model import Call, Definition, Function, ItemSite, Loop, Problem, ProofSite, Span
from verusagent.lens.positions import LineIndex
from verusagent.lens.tokens import TokenStream

# Binary operators and other tokens after which a `{ }` group is still part of an expression, not a body.
EXPR_CONTINUATIONS = frozenset(
    {
        ",",
        ".",
        "?",
        "==",
        "!=",
        "<",
        ">",
        "<=",
        ">=",
        "&&",
        "||",
        "&",
        "|",
        "+",
        "-",
        "*",
        "/",
        "%",
        "^",
        "=",
        "@",
        "{",
        "~",
        "=>",
        "<<",
        ">>",
        "..",
        "..=",
        ":",
        "else",
        "as",
        "is",
        "has",
        "matches",
        "implies",
    }
)
# After a loop body a statement may start with these, so they do not continue an expression there.
STATEMENT_STARTS = frozenset({"*", "-", "&", "|", "<", ".."})
LOOP_EXPR_CONTINUATIONS = EXPR_CONTINUATIONS - STATEMENT_STARTS


@dataclass
class ScanContext:
    stream: TokenStream
    lines: LineIndex
    functions: list[Function] = field(default_factory=list)
    loops: list[Loop] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)
    proof_sites: list[ProofSite] = field(default_factory=list)
    item_sites: list[ItemSite] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    verus_blocks: list[Span] = field(default_factory=list)
    state_machines: list[StateMachine] = field(default_factory=list)
    structs_with_invariants: list[InvariantStruct] = field(default_factory=list)
    definitions: list[Definition] = field(default_factory=list)
    used_ids: dict[str, int] = field(default_factory=dict)
    token_starts: list[int] = field(default_factory=list)
    renamed_calls: dict[str, Hatch] = field(default_factory=dict)  # `use builtin::assume_ as helper;`: helper
    outline: bool = False  # functions and clauses only: function bodies are not scanned
    body_marks: list[int] | None = None  # the tokens the body scanner acts on (bodies.py), found on first use
    comment_ends: list[int] | None = None  # the comments' end offsets, for bisecting (functions.py)
    macro_names: frozenset[str] | None = None  # the names of the file's own `macro_rules!`, found on first use

    def __post_init__(self) -> None:
        self.token_starts = self.stream.starts
        self.renamed_calls = renamed_calls(self.stream)

    def file_macros(self) -> frozenset[str]:
        """The names the file gives its own macros (`macro_rules! proof { .. }`): such a `proof!` is not Verus's."""
        if self.macro_names is None:
            texts = self.stream.texts
            self.macro_names = (
                frozenset(
                    texts[i + 2] for i in range(len(texts) - 2) if texts[i] == "macro_rules" and texts[i + 1] == "!"
                )
                if "macro_rules" in texts
                else frozenset()
            )
        return self.macro_names

    def span(self, first: int, last: int) -> Span:
        """The span from the start of token `first` to the end of token `last`."""
        return self.lines.span(self.stream.starts[first], self.stream.ends[last])

    def unique_id(self, base: str) -> str:
        count = self.used_ids.get(base, 0) + 1
        self.used_ids[base] = count
        return base if count == 1 else f"{base}#{count}"

    def group_end(self, i: int) -> int:
        """If token i opens a bracket group, the index of its closing bracket; otherwise i."""
        stream = self.stream
        if stream.kinds[i] == "punct" and stream.texts[i] in "([{":
            return stream.close_of(i)
        return i

    def is_body_group(self, open_index: int, in_statement: bool = False) -> bool:
        """A `{ }` group at clause level is a body unless the token after it continues an expression."""
        after = self.group_end(open_index) + 1
        continuations = LOOP_EXPR_CONTINUATIONS if in_statement else EXPR_CONTINUATIONS
        return after >= len(self.stream) or self.stream.text(after) not in continuations

    def skip_angles(self, i: int, limit: int) -> int:
        """From a `<` at i, the index just after its matching `>` (within limit)."""
        depth = 0
        while i <= limit:
            text = self.stream.text(i)
            depth += text.count("<") if text in ("<", "<<") else 0
            depth -= text.count(">") if text in (">", ">>") else 0
            if depth <= 0:
                return i + 1
            i = self.group_end(i) + 1
        return i
