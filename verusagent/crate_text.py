"""A crate's sources as one text: what a candidate is in the agent, the run record and the result cache.

A crate of one file is that file's text, unchanged. A crate of several files is every module file, in the
layout's order, each after a header line that names it and its length in bytes, so that no file's content can
be read as a header:

    //@ verusagent crate: 2 files
    //@ file src/lib.rs 52
    <52 bytes>
    //@ file src/net.rs 130
    <130 bytes>
"""

HEADER = "//@ verusagent crate: "
FILE_LINE = "//@ file "


class MalformedCrateText(ValueError):
    """A text that should hold a crate's files does not (edited, cut off, or of another crate)."""


def join_files(files: dict[str, str], order: list[str]) -> str:
    if len(order) == 1:
        return files[order[0]]
    return join_bytes({path: files[path].encode("utf-8") for path in order}).decode("utf-8")


def join_bytes(files: dict[str, bytes]) -> bytes:
    """The same for bytes (files in their dict order): what a verus run's `content_sha256` is taken of."""
    if len(files) == 1:
        return next(iter(files.values()))
    parts = [f"{HEADER}{len(files)} files\n".encode()]
    for path, data in files.items():
        parts += [f"{FILE_LINE}{path} {len(data)}\n".encode(), data, b"\n"]
    return b"".join(parts)


def split_files(text: str, order: list[str]) -> dict[str, str]:
    if len(order) == 1:
        return {order[0]: text}
    data = text.encode("utf-8")
    first_line = data.split(b"\n", 1)[0].decode("utf-8", "replace")
    if first_line != f"{HEADER}{len(order)} files":
        raise MalformedCrateText(f"not the text of a crate of {len(order)} files (it begins {first_line[:60]!r})")
    files, offset = {}, len(first_line) + 1
    for expected in order:
        path, content, offset = _next_file(data, offset)
        if path != expected:
            raise MalformedCrateText(f"the crate text names {path} where {expected} was expected")
        files[path] = content
    if offset != len(data):
        raise MalformedCrateText(f"{len(data) - offset} bytes follow the last file of the crate text")
    return files


def _next_file(data: bytes, offset: int) -> tuple[str, str, int]:
    line_end = data.find(b"\n", offset)
    line = data[offset : line_end if line_end >= 0 else len(data)].decode("utf-8", "replace")
    path, _, size = line.removeprefix(FILE_LINE).rpartition(" ")
    if not line.startswith(FILE_LINE) or not size.isdigit() or line_end < 0:
        raise MalformedCrateText(f"expected a `{FILE_LINE}PATH BYTES` line at byte {offset}, found {line[:60]!r}")
    start, end = line_end + 1, line_end + 1 + int(size)
    if data[end : end + 1] != b"\n":
        raise MalformedCrateText(f"the content of {path} does not end where its {size} bytes say")
    return path, data[start:end].decode("utf-8"), end + 1
