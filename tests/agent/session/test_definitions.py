"""definition(name): a function's signature and spec, a spec fn's body, the items the lens steps over, vstd lemmas."""

import pytest

from verusagent.agent.session.definitions import definition
from verusagent.agent.session.library import LemmaLibrary


@pytest.fixture
def no_vstd(tmp_path) -> LemmaLibrary:
    return LemmaLibrary(vstd=tmp_path / "no-vstd-here")


def test_a_lemma_shows_its_signature_and_clauses_not_its_body(workspace, no_vstd):
    text = definition(workspace, no_vstd, "lemma_scaled_grows").text
    assert text.startswith("fn:lemma_scaled_grows (proof fn) in session_tools.rs, lines 18-26:")
    assert "        scaled(n, step) <= scaled(n + 1, step)," in text and "nonlinear_arith" not in text
    assert "(body: lines 24-26; view('fn:lemma_scaled_grows') shows it)" in text


def test_a_spec_fn_shows_its_body(workspace, no_vstd):
    assert "    n * step\n}" in definition(workspace, no_vstd, "scaled").text


def test_structs_consts_and_methods(workspace, no_vstd):
    struct = definition(workspace, no_vstd, "Counter").text
    assert struct.startswith("struct Counter, lines 9-12:") and "    pub step: u64,\n}" in struct
    assert definition(workspace, no_vstd, "LIMIT").text == "const LIMIT, lines 7-7:\npub const LIMIT: u64 = 1000;"
    assert "old(self).count + old(self).step <= LIMIT" in definition(workspace, no_vstd, "Counter::bump").text


def test_a_vstd_lemma_by_name_or_path(workspace, shared_dir):
    library = LemmaLibrary(vstd=shared_dir / "corpus" / "vstd")
    for name in ("lemma_seq_take_len", "vstd::seq_lib::lemma_seq_take_len"):
        text = definition(workspace, library, name).text
        assert " 1. vstd::seq_lib::lemma_seq_take_len  [" in text and "ensures" in text


def test_an_unknown_name(workspace, no_vstd):
    missing = definition(workspace, no_vstd, "Countr")
    assert missing.error == "unknown_target" and "Did you mean" in missing.text
