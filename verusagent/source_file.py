"""A Rust source file the user named, read once: one message for each way it cannot be used, the same words from
every command (prove, verify, diagnose, check, review, units, lemmas). Imports nothing of verusagent."""

from pathlib import Path

SNIFF_BYTES = 65536  # a NUL in the first 64 KiB: a binary file


class UnusableSource(ValueError):
    """The file cannot be read, is binary, or is not UTF-8 (the message names the file and why)."""


def binary_message(path: str | Path, what: str = "Rust source") -> str:
    return f"{path} is binary (NUL bytes), not {what}"


def is_binary(data: bytes) -> bool:
    return b"\x00" in data[:SNIFF_BYTES]


def read_source_bytes(path: str | Path, what: str = "Rust source") -> bytes:
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise UnusableSource(f"cannot read {path}: {error.strerror or error}") from error
    if is_binary(data):
        raise UnusableSource(binary_message(path, what))
    return data


def decode_source(path: str | Path, data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UnusableSource(f"{path} is not UTF-8 (byte {error.start}); verus reads UTF-8 source") from error


def read_source_text(path: str | Path) -> str:
    return decode_source(path, read_source_bytes(path))
