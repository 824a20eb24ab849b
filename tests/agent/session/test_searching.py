"""search_lemmas(query): the file's lemmas and vstd's, in two ranked lists; which vstd was found comes first."""

from verusagent.agent.session.library import LemmaLibrary
from verusagent.agent.session.searching import search_lemmas


def test_the_files_own_lemmas_without_a_vstd(workspace, tmp_path):
    result = search_lemmas(workspace, LemmaLibrary(vstd=tmp_path / "none"), "scaled n step", 5)
    first, *rest = result.text.splitlines()
    assert result.ok and first.startswith("no vstd source found (--vstd ")
    assert rest[0] == "In session_tools.rs:" and "lemma_scaled_grows" in rest[1]
    assert rest[-1] == "In vstd: no lemma matches."


def test_vstd_lemmas_ranked_from_verus_text(workspace, shared_dir):
    library = LemmaLibrary(vstd=shared_dir / "corpus" / "vstd")
    result = search_lemmas(workspace, library, "s.take(n).len() == n", 5)
    assert result.text.splitlines()[0].startswith("vstd ") and "lemmas (index " in result.text.splitlines()[0]
    vstd_part = result.text.split("In vstd:\n", 1)[1]
    assert vstd_part.count("\n 1. ") + vstd_part.startswith(" 1. ") == 1 and "lemma_seq_take_len" in vstd_part


def test_a_query_without_identifiers_is_malformed(workspace, tmp_path):
    assert search_lemmas(workspace, LemmaLibrary(vstd=tmp_path), "== <= (", 5).error == "malformed_arguments"
