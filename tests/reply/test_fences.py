"""Code blocks of a reply: fences of any length and info string, cut-off blocks."""

from verusagent.reply.fences import code_blocks


def test_fences_record_language_and_closure():
    blocks = code_blocks("a\n```Rust ignore\nx\n```\n~~~~json\n{}\n~~~~\n```\ncut")
    assert [(b.language, b.closed, b.text) for b in blocks] == [
        ("rust", True, "x"),
        ("json", True, "{}"),
        ("", False, "cut"),
    ]


def test_a_fence_glued_to_the_last_line_closes_the_block():
    [block] = code_blocks("```rust\nfn f() {}```\nafter")
    assert (block.text, block.is_rust) == ("fn f() {}", True)


def test_without_fences_the_lines_that_look_like_rust_are_the_code():
    [block] = code_blocks("Here it is:\nfn f() {\n    0\n}\nThat is all.")
    assert (block.text, block.fenced, block.closed) == ("fn f() {\n    0\n}", False, True)
    assert code_blocks("only prose here") == []


def test_diff_blocks_are_patches_not_rust():
    [block] = code_blocks("```diff\n- a\n+ b\n```")
    assert block.is_patch and not block.is_rust
