"""Index words: identifiers split at `_` and CamelCase, lowercased, compound identifiers kept whole."""

from verusagent.lemmas.words import words


def test_snake_case_is_split_and_kept_whole():
    assert words("lemma_seq_take_len") == ["lemma", "seq", "take", "len", "lemma_seq_take_len"]


def test_camel_case_and_acronyms_are_split():
    assert words("SetLike") == ["set", "like", "setlike"]
    assert words("HTTPServer") == ["http", "server", "httpserver"]


def test_only_identifiers_count_and_syntax_words_are_dropped():
    text = "forall|i: int| 0 <= i < s.len() ==> #[trigger] s.take(n)[i] == s[i]"
    assert words(text) == ["int", "len", "take"]  # one-letter names, numbers, keywords, `trigger`: no meaning


def test_repeats_are_kept_for_term_frequency():
    assert words("s.len() + t.len()") == ["len", "len"]
