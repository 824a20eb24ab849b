"""`broadcast group NAME { members }` items, and which lemmas each group holds (directly or through a group).

The lens steps over broadcast groups, so they are read here from its token stream. A member is a path such
as `Seq::<_>::lemma_seq_skip_skip`, `lemma_seq_properties` or `seq_lib::group_seq_lib_default`; it is matched to
a lemma by its last segment, and by the type before it when it names a type (capitalised).
"""

from collections import defaultdict
from dataclasses import dataclass

from verusagent.lemmas.model import Lemma
from verusagent.lens.tokens import TokenStream


@dataclass
class BroadcastGroup:
    name: str
    module: str
    members: list[list[str]]  # path segments, generic arguments dropped

    @property
    def path(self) -> str:
        return f"{self.module}::{self.name}" if self.module else self.name


def groups_of(stream: TokenStream, module: str) -> list[BroadcastGroup]:
    if b"group" not in stream.data:
        return []
    found = []
    starts = [i for i, token in enumerate(stream.tokens) if token.text == "broadcast"]
    for i in starts:
        if stream.is_ident(i + 1, "group") and stream.is_punct(i + 3, "{"):
            members = _members(stream, i + 4, stream.close_of(i + 3))
            found.append(BroadcastGroup(stream.text(i + 2), module, members))
    return found


def _members(stream: TokenStream, first: int, close: int) -> list[list[str]]:
    members: list[list[str]] = []
    current: list[str] = []
    i = first
    while i < close:
        if stream.is_punct(i, "#") and stream.is_punct(i + 1, "["):  # a #[cfg(...)] on a member
            i = stream.close_of(i + 1) + 1
            continue
        if stream.is_punct(i, "<"):
            i = _after_angles(stream, i, close)
            continue
        if stream.is_punct(i, ","):
            members, current = _flush(members, current), []
        elif stream.is_ident(i):
            current.append(stream.text(i))
        i += 1
    return _flush(members, current)


def _flush(members: list[list[str]], current: list[str]) -> list[list[str]]:
    return [*members, current] if current else members


def _after_angles(stream: TokenStream, i: int, limit: int) -> int:
    depth = 0
    while i < limit:
        text = stream.text(i)
        depth += text.count("<") if text in ("<", "<<") else 0
        depth -= text.count(">") if text in (">", ">>") else 0
        i += 1
        if depth <= 0:
            break
    return i


def assign_groups(lemmas: list[Lemma], groups: list[BroadcastGroup]) -> None:
    """Fill each lemma's `broadcast_groups` with the paths of the groups that hold it, directly or through
    nested groups (e.g. `vstd::seq_lib::group_seq_properties`)."""
    lemmas_by_name: dict[str, list[Lemma]] = defaultdict(list)
    for lemma in lemmas:
        lemmas_by_name[lemma.name].append(lemma)
    groups_by_name: dict[str, list[BroadcastGroup]] = defaultdict(list)
    for group in groups:
        groups_by_name[group.name].append(group)
    parents: dict[str, set[str]] = defaultdict(set)  # a group's path -> the paths of the groups listing it
    direct: dict[int, set[str]] = defaultdict(set)  # id(lemma) -> the paths of the groups listing it
    for group in groups:
        for member in group.members:
            for child in _resolve(member, group.module, groups_by_name.get(member[-1], [])):
                parents[child.path].add(group.path)
            for lemma in _resolve(member, group.module, lemmas_by_name.get(member[-1], [])):
                direct[id(lemma)].add(group.path)
    for lemma in lemmas:
        if id(lemma) in direct:
            lemma.broadcast_groups = sorted(_closure(direct[id(lemma)], parents))


def _resolve(member: list[str], group_module: str, candidates: list) -> list:
    """The lemmas or groups (with `.name`, `.path`, `.module`) that a member path names."""
    owner = member[-2] if len(member) > 1 else None
    if owner is not None and owner[:1].isupper():
        candidates = [c for c in candidates if c.path.endswith(f"{owner}::{c.name}")]
        member = member[:-1]
    modules = [s for s in member[:-1] if s not in ("crate", "super", "self", "vstd")]
    if len(candidates) > 1:
        suffix = "::".join(modules)
        narrowed = [c for c in candidates if (c.module.endswith(suffix) if suffix else c.module == group_module)]
        candidates = narrowed or candidates
    return candidates


def _closure(start: set[str], parents: dict[str, set[str]]) -> set[str]:
    seen, todo = set(start), list(start)
    while todo:
        for parent in parents.get(todo.pop(), ()):
            if parent not in seen:
                seen.add(parent)
                todo.append(parent)
    return seen
