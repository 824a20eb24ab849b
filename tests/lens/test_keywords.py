"""The words of Rust's and Verus's syntax have one home, verusagent/lens/keywords.py: no other module writes a set
of them (a list that drifts from the others is how a reader comes to miss a clause word)."""

import ast

from verusagent.lens import keywords

from tests.paths import PACKAGE

MOST = 4  # a set literal with more of Verus's clause words, or of its proof words, than this is a keyword list
# Sets of these words with another meaning, each with its reason.
NOT_KEYWORD_LISTS = {
    "precheck/vstd_names.py": "verus_builtin's public functions (`requires`, `admit`, ... are functions there)",
    "guard/tokens.py": "the guard's words before a `(` that is no call: security code, changed only with its own tests",
}


def _is_keyword_list(words: set[str]) -> bool:
    return len(words & keywords.CLAUSE_WORDS) > MOST or len(words & keywords.PROOF_WORDS) > MOST


def _string_sets(tree: ast.AST) -> list[tuple[int, set[str]]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Set | ast.Tuple | ast.List):
            words = {e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)}
            found.append((node.lineno, words))
    return found


def keyword_lists_outside_the_home() -> list[str]:
    home = PACKAGE / "lens" / "keywords.py"
    lists = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == home or path.relative_to(PACKAGE).as_posix() in NOT_KEYWORD_LISTS:
            continue
        for line, words in _string_sets(ast.parse(path.read_text(encoding="utf-8"))):
            if _is_keyword_list(words):
                lists.append(f"{path.relative_to(PACKAGE)}:{line}")
    return lists


def test_no_module_but_the_home_writes_a_keyword_list() -> None:
    assert keyword_lists_outside_the_home() == []


def test_the_check_sees_a_keyword_list() -> None:
    source = 'WORDS = frozenset({"requires", "ensures", "recommends", "invariant", "decreases", "assert", "proof"})'
    assert any(_is_keyword_list(words) for _, words in _string_sets(ast.parse(source)))


def test_verus_clause_words_are_contextual_not_rust_keywords() -> None:
    assert not keywords.CLAUSE_WORDS & keywords.RUST_KEYWORDS
    assert keywords.FUNCTION_CLAUSE_WORDS | keywords.LOOP_CLAUSE_WORDS <= keywords.CLAUSE_WORDS
