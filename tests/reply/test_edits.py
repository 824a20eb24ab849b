"""A prover's reply read once: its per-file sections at its `// file:` lines, its Rust blocks, its disputes."""

import pytest

from verusagent.prompt.reply_text import worded
from verusagent.reply import ReplyError, ReplyReason, ReplySection, edit_reply, rust_blocks
from verusagent.reply.edits import reply_sections

PUT = "pub fn put(len: u32) -> (r: u32)\n{\n    len + 1\n}\n"
DOUBLE = "pub fn double(n: u32) -> (r: u32)\n{\n    n + n\n}\n"


def test_file_lines_inside_the_code_block_cut_the_reply_into_files() -> None:
    reply = (
        f"Two files.\n\n```rust\n// file: src/store/mod.rs\n{PUT}\n// file: src/util/arith_helpers.rs\n{DOUBLE}```\n"
    )
    sections = reply_sections(reply)
    assert [s.file for s in sections] == ["src/store/mod.rs", "src/util/arith_helpers.rs"]
    assert all(s.text.startswith("```rust") and s.text.rstrip().endswith("```") for s in sections)


def test_a_file_line_in_the_prose_names_the_next_block() -> None:
    assert [s.file for s in reply_sections(f"File: `src/store/mod.rs`\n\n```rust\n{PUT}```\n")] == ["src/store/mod.rs"]


def test_a_reply_without_file_lines_is_one_section_as_it_came() -> None:
    reply = "Here.\n```rust\nstruct S { file: u32 }\n// a comment\n```\n"
    assert reply_sections(reply) == [ReplySection(file=None, text=reply)]


def test_prose_before_the_first_file_line_is_no_section() -> None:
    reply = f"I edit one file.\n```\n```\n// file: src/net.rs\n```rust\n{PUT}```\n"
    assert [s.file for s in reply_sections(reply)] == ["src/net.rs"]


def test_one_reading_gives_the_text_its_sections_and_its_disputes() -> None:
    dispute = '```json\n{"disputes": [{"finding": "ab.1", "reason": "it holds"}]}\n```\n'
    reply = edit_reply(dispute + f"```rust\n{PUT}```\n")
    assert reply.text.startswith(dispute) and [s.file for s in reply.sections] == [None]
    assert [(d.finding, d.reason) for d in reply.disputes] == [("ab.1", "it holds")]


def test_rust_blocks_skip_other_languages() -> None:
    assert [b.text for b in rust_blocks(f'```json\n{{"a": 1}}\n```\n```rust\n{PUT}```\n')] == [PUT.rstrip("\n")]


@pytest.mark.parametrize(
    ("reply", "reason"),
    [
        ("I think the loop needs an invariant.", ReplyReason.NO_CODE),
        ("", ReplyReason.NO_CODE),
        ("```diff\n- a\n+ b\n```", ReplyReason.UNSUPPORTED_FORMAT),
        ('```json\n{"a": 1}\n```', ReplyReason.NO_CODE),
    ],
)
def test_a_reply_without_rust_is_a_reply_error(reply: str, reason: ReplyReason) -> None:
    with pytest.raises(ReplyError) as failure:
        rust_blocks(reply)
    assert failure.value.reason == reason and worded(failure.value).detail  # its words are prompt's
