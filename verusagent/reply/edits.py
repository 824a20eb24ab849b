"""A prover's reply, read once: its code blocks, cut into per-file sections at its `// file: src/net.rs` lines (a
crate), and the disputes before its code. The edit of the source it makes is ``verusagent.edit``'s.

A reply is a list of sections, each for one file of the crate or (file None) for the target's file: a line
`// file: src/net.rs`, inside a code block or in the prose before one, starts the section of that file.
"""

import re

from pydantic import BaseModel

from verusagent.reply.disputes import Dispute, parse_disputes
from verusagent.reply.errors import ReplyError, ReplyReason
from verusagent.reply.fences import CodeBlock, code_blocks


class ReplySection(BaseModel):
    file: str | None  # a path relative to the crate folder, as the reply wrote it; None: the target's file
    text: str  # the reply text of this section (prose and code blocks)


class EditReply(BaseModel):
    text: str  # the whole reply
    sections: list[ReplySection]  # the reply cut at its `// file:` lines (one section when it has none)
    disputes: list[Dispute]  # of the review findings shown to the prover


_CODE_MARKER = re.compile(r"^[ \t]*//[ \t]*file:[ \t]*(?P<path>\S+)[ \t]*$", re.I)
_PROSE_MARKER = re.compile(
    r"^[ \t]*(?://|#+|\*\*)?[ \t]*file:[ \t]*`(?P<path>[^`\s]+)`[ \t]*(?:\*\*)?:?[ \t]*$|"
    r"^[ \t]*//[ \t]*file:[ \t]*(?P<bare>\S+)[ \t]*$",
    re.I,
)
_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")


def edit_reply(reply: str) -> EditReply:
    """The one reading of a prover's reply (or of an agent's `edit` text)."""
    return EditReply(text=reply, sections=reply_sections(reply), disputes=parse_disputes(reply))


def rust_blocks(reply: str) -> list[CodeBlock]:
    """The Rust code blocks of a reply; raises ``ReplyError`` (no_code, unsupported_format) when there is none, with
    its reason alone (``verusagent.prompt.reply_text`` words it)."""
    blocks = code_blocks(reply)
    rust = [b for b in blocks if b.is_rust]
    if rust:
        return rust
    if any(b.is_patch for b in blocks):
        raise ReplyError(ReplyReason.UNSUPPORTED_FORMAT)
    raise ReplyError(ReplyReason.NO_CODE)


def reply_sections(reply: str) -> list[ReplySection]:
    """The reply cut into per-file sections at its `// file:` lines (one section per file, in the order first
    named; a marker inside a code block closes the block there and opens it again in the next section). A reply
    without markers is one section, for the target's file, exactly as it came."""
    lines = reply.replace("\r\n", "\n").split("\n")
    if not any(_CODE_MARKER.match(line) or _PROSE_MARKER.match(line) for line in lines):
        return [ReplySection(file=None, text=reply)]
    texts: dict[str | None, list[str]] = {}
    current, fence = None, None
    for line in lines:
        marker, opened = (_CODE_MARKER if fence else _PROSE_MARKER).match(line), _FENCE.match(line)
        if marker:
            if fence:
                texts.setdefault(current, []).append(fence)
            current = marker["path"] or marker.groupdict().get("bare")
            if fence:
                texts.setdefault(current, []).append(f"{fence}rust")
            continue
        if opened:
            fence = None if fence and line.strip() == fence else (fence or opened[1])
        texts.setdefault(current, []).append(line)
    return [
        ReplySection(file=path, text="\n".join(body))
        for path, body in texts.items()
        if path is not None or _has_code(body)
    ]


def _has_code(lines: list[str]) -> bool:
    """Whether the section before the first marker holds any code (else it is prose and empty fences)."""
    return any(block.text.strip() for block in code_blocks("\n".join(lines)) if block.fenced)
