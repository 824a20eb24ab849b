"""Code blocks in a model's reply: fenced blocks (``` or ~~~, any info string, possibly indented, possibly
never closed because the reply was cut off), or, when there are no fences, the stretch of the reply that
looks like Rust."""

import re

from pydantic import BaseModel

_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\n`]*)$")
_RUST_START = re.compile(
    r"^\s*(use\s|fn\s|pub\s|pub\(|proof\s|spec\s|exec\s|open\s|closed\s|verus!|::verus|#\[|#!\[|impl[\s<]|mod\s|"
    r"struct\s|enum\s|trait\s|const\s|broadcast\s|//)"
)
_RUST_LANGUAGES = frozenset({"", "rust", "rs", "verus", "rust,ignore", "rust2021", "rust2024"})
_PATCH_LANGUAGES = frozenset({"diff", "patch", "udiff"})


class CodeBlock(BaseModel):
    text: str
    language: str  # the first word of the info string, lower case; "" when none
    closed: bool  # False: the reply ended inside the block, so it is probably cut off
    fenced: bool  # False: no fences in the reply; the text was taken from lines that look like Rust

    @property
    def is_rust(self) -> bool:
        return self.language in _RUST_LANGUAGES or self.language.startswith("rust")

    @property
    def is_patch(self) -> bool:
        return self.language in _PATCH_LANGUAGES


def _language(info: str) -> str:
    words = info.strip().lower().split()
    return words[0].strip("{}.") if words else ""


def _closes(line: str, fence: str) -> bool:
    stripped = line.strip()
    return len(stripped) >= len(fence) and set(stripped) == {fence[0]}


def _dedent(lines: list[str], indent: str) -> str:
    return "\n".join(line[len(indent) :] if line.startswith(indent) else line.lstrip() for line in lines)


def fenced_blocks(reply: str) -> list[CodeBlock]:
    lines = reply.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    blocks: list[CodeBlock] = []
    index = 0
    while index < len(lines):
        opening = _OPEN.match(lines[index])
        index += 1
        if opening is None:
            continue
        fence, indent = opening["fence"], opening["indent"]
        body: list[str] = []
        while index < len(lines) and not _closes(lines[index], fence):
            if lines[index].rstrip().endswith(fence) and lines[index].strip() != fence:
                body.append(lines[index].rstrip()[: -len(fence)])  # `}````: the fence glued to the last line
                break
            body.append(lines[index])
            index += 1
        closed = index < len(lines)
        index += 1
        language = _language(opening["info"])
        blocks.append(CodeBlock(text=_dedent(body, indent), language=language, closed=closed, fenced=True))
    return blocks


def _ends_item(line: str) -> bool:
    code = re.sub(r"//.*$", "", line).rstrip()  # "} // verus!" ends the macro
    return code.endswith(("}", ";"))


def unfenced_code(reply: str) -> CodeBlock | None:
    """The lines from the first that starts like Rust to the last that ends a block or statement."""
    lines = reply.replace("\r\n", "\n").split("\n")
    start = next((i for i, line in enumerate(lines) if _RUST_START.match(line)), None)
    if start is None:
        return None
    end = max((i for i in range(start, len(lines)) if _ends_item(lines[i])), default=None)
    if end is None:
        return None
    return CodeBlock(text="\n".join(lines[start : end + 1]), language="", closed=True, fenced=False)


def code_blocks(reply: str) -> list[CodeBlock]:
    blocks = fenced_blocks(reply)
    if blocks:
        return blocks
    found = unfenced_code(reply)
    return [found] if found else []
