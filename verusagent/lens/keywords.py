"""The words of Rust's and Verus's syntax, written once; each reader takes the groups it needs.

Rust's keywords are reserved; Verus's are contextual (`requires`, `spec`, `ghost` are identifiers elsewhere), so a
reader decides by position whether a word is Verus's, and these groups only say which words can be."""

# Rust's keywords (strict and reserved).
RUST_KEYWORDS = frozenset(
    "as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod move "
    "mut pub ref return self Self static struct super trait true type unsafe use where while abstract become box do "
    "final macro override priv typeof unsized virtual yield try gen".split()
)
# Words that start an item, nested in a body or not (union and macro_rules are contextual in Rust).
ITEM_KEYWORDS = frozenset("fn const static impl struct enum union trait mod use type macro_rules".split())

QUANTIFIERS = frozenset({"forall", "exists", "choose"})
REVEALS = frozenset({"reveal", "reveal_with_fuel", "hide"})
# Statements and expressions only ghost code has.
PROOF_WORDS = frozenset(
    {"assert", "assume", "admit", "proof", "ghost", "tracked", "broadcast", "calc", "old", "final"}
    | QUANTIFIERS
    | REVEALS
)
FUNCTION_CLAUSE_WORDS = frozenset(
    "requires ensures recommends decreases returns opens_invariants no_unwind default_ensures with atomically".split()
)
LOOP_CLAUSE_WORDS = frozenset({"invariant", "invariant_except_break", "ensures", "decreases"})
# Clause words of other places: a state machine's `invariant_ensures`, a decreases' `via` and `when`.
OTHER_CLAUSE_WORDS = frozenset({"invariant_ensures", "via", "when"})
CLAUSE_WORDS = FUNCTION_CLAUSE_WORDS | LOOP_CLAUSE_WORDS | OTHER_CLAUSE_WORDS
# Modes, visibility of bodies, operators and the rest.
OTHER_VERUS_WORDS = frozenset(
    "spec exec open closed by implies is has matches trigger checked uninterp axiom spec_fn proof_fn".split()
)
VERUS_WORDS = PROOF_WORDS | CLAUSE_WORDS | OTHER_VERUS_WORDS
