"""The lemmas of one file: kinds, paths, lines, specs, broadcast groups (nested), private ones included."""

import pytest

from verusagent.lemmas import file_lemmas, source_lemmas
from verusagent.lens.parse import UnreadableSource


@pytest.fixture
def lemmas(demo_file):
    return {lemma.name: lemma for lemma in file_lemmas(demo_file)}


def test_every_lemma_of_the_file_and_nothing_else(lemmas):
    assert sorted(lemmas) == sorted(
        [
            "lemma_double_is_sum",
            "lemma_double_monotonic",
            "axiom_double_zero",
            "lemma_trusted_double_positive",
            "lemma_private_helper",
            "lemma_counter_value_nonnegative",
            "lemma_counter_value_bounded",
            "lemma_seq_push_len",
        ]
    )  # not the spec fn `double`, not the exec fn `use_them`


def test_kinds(lemmas):
    assert lemmas["lemma_double_is_sum"].kind == "lemma"
    assert lemmas["lemma_double_monotonic"].kind == "broadcast lemma"
    assert lemmas["axiom_double_zero"].kind == "axiom"
    assert lemmas["lemma_trusted_double_positive"].kind == "axiom"  # external_body: trusted, not proved


def test_signature_specs_and_place(lemmas, demo_file):
    lemma = lemmas["lemma_double_monotonic"]
    assert lemma.signature == "pub broadcast proof fn lemma_double_monotonic(x: int, y: int)"
    assert lemma.requires == ["x <= y"]
    assert lemma.ensures == ["#[trigger] double(x) <= #[trigger] double(y)"]
    assert (lemma.file, lemma.line, lemma.origin) == (str(demo_file), 18, "file")
    assert lemmas["lemma_double_is_sum"].line == 12  # the header's line, not the doc comment's


def test_methods_and_module_members_carry_their_path(lemmas):
    assert lemmas["lemma_counter_value_bounded"].path == "Counter::lemma_counter_value_bounded"
    assert lemmas["lemma_counter_value_bounded"].container == "impl Counter"
    assert lemmas["lemma_seq_push_len"].path == "inner::lemma_seq_push_len"


def test_broadcast_groups_direct_and_nested(lemmas):
    assert lemmas["lemma_double_monotonic"].broadcast_groups == ["group_all", "group_double"]
    assert lemmas["lemma_counter_value_bounded"].broadcast_groups == ["group_all", "group_double"]
    assert lemmas["lemma_seq_push_len"].broadcast_groups == ["group_all", "group_inner"]
    assert lemmas["lemma_double_is_sum"].broadcast_groups == []


def test_a_file_without_lemmas_has_none(rust_fixtures):
    assert file_lemmas(rust_fixtures / "plain_rust.rs") == []


def test_unreadable_files_raise_a_one_line_reason(tmp_path):
    binary = tmp_path / "x.rs"
    binary.write_bytes(b"\x00\x01proof fn")
    with pytest.raises(UnreadableSource, match="binary"):
        file_lemmas(binary)
    with pytest.raises(UnreadableSource, match="cannot read"):
        file_lemmas(tmp_path / "missing.rs")


def test_broken_source_gives_the_lemmas_that_can_be_read(tmp_path):
    broken = tmp_path / "broken.rs"
    broken.write_bytes(b"verus! {\nproof fn lemma_ok(x: int) ensures x == x, { }\nproof fn lemma_cut(\xff\xfe")
    names = [lemma.name for lemma in file_lemmas(broken)]
    assert "lemma_ok" in names


def test_source_in_memory_gives_the_same_lemmas(demo_file):
    from_text = source_lemmas(demo_file.read_text(), "candidate.rs")
    from_file = file_lemmas(demo_file)
    assert [lemma.model_copy(update={"file": "x"}) for lemma in from_text] == [
        lemma.model_copy(update={"file": "x"}) for lemma in from_file
    ]
    assert {lemma.file for lemma in from_text} == {"candidate.rs"}


@pytest.mark.parametrize(
    "attribute", ["#[verifier::external_body]", "#[verifier(external)]", "#[verifier::assume_termination]"]
)
def test_a_lemma_under_a_trusting_attribute_of_the_hatch_table_is_an_axiom(attribute):
    source = f"verus! {{\n{attribute}\nproof fn lemma_taken(x: int) ensures x >= 0, {{ }}\nproof fn lemma_proved() {{ }}\n}}\n"  # noqa: E501 (a source text, kept on one line to read as the file reads)
    kinds = {lemma.name: lemma.kind for lemma in source_lemmas(source, "t.rs")}
    assert kinds == {"lemma_taken": "axiom", "lemma_proved": "lemma"}
