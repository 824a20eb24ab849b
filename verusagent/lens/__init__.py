"""The Verus lens: a source model of a Verus file (functions, clauses, loops, calls, proof sites), on tree-sitter.

    from verusagent.lens import parse
    model = parse(path.read_bytes())
    model.function("binary_search").clauses

Bad input never raises: the model is partial and `model.problems` says what went wrong and where.
"""

from verusagent.lens.model import (
    Call,
    Clause,
    ClauseKind,
    Function,
    ItemSite,
    ItemSiteKind,
    Loop,
    LoopKind,
    Mode,
    Problem,
    ProofSite,
    ProofSiteKind,
    SourceModel,
    Span,
)
from verusagent.lens.parse import MAX_BYTES, parse, parse_file, parse_shared, parse_with_tokens
from verusagent.lens.tokens import Token, TokenStream, tokenize

__all__ = [
    "MAX_BYTES",
    "Call",
    "Clause",
    "ClauseKind",
    "Function",
    "ItemSite",
    "ItemSiteKind",
    "Loop",
    "LoopKind",
    "Mode",
    "Problem",
    "ProofSite",
    "ProofSiteKind",
    "SourceModel",
    "Span",
    "Token",
    "TokenStream",
    "parse",
    "parse_file",
    "parse_shared",
    "parse_with_tokens",
    "tokenize",
]
