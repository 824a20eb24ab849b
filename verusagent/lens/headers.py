"""Item headers read the same way wherever an item is scanned (``items``, ``definitions``): where a container's
body opens, and the type and trait an `impl` header names."""

from verusagent.lens.scan_state import ScanContext


def container_body(ctx: ScanContext, i: int, last: int) -> int | None:
    """The index of the `{` opening the container whose keyword is at i (None if it ends with `;`)."""
    stream = ctx.stream
    while i <= last and not stream.is_punct(i, "{", ";"):
        i = ctx.skip_angles(i, last) if stream.is_punct(i, "<") else ctx.group_end(i) + 1
    return i if stream.is_punct(i, "{") else None


def impl_names(ctx: ScanContext, i: int, last: int) -> tuple[str, str | None]:
    """The type (and trait) of an `impl` header: the last plain identifier of each path."""
    stream = ctx.stream
    if stream.is_punct(i, "<"):
        i = ctx.skip_angles(i, last)
    names: list[str] = []
    trait_name = None
    while i <= last and not stream.is_ident(i, "where"):
        if stream.is_ident(i, "for"):
            trait_name, names = (names[-1] if names else None), []
        elif stream.is_ident(i) and not stream.is_punct(i - 1, "'") and stream.text(i) not in ("dyn", "mut"):
            names.append(stream.text(i))
        i = ctx.skip_angles(i, last) if stream.is_punct(i, "<") else ctx.group_end(i) + 1
    return (names[-1] if names else "_"), trait_name
