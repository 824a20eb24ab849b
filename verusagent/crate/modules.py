"""The module tree of a crate: from the root file, every `mod x;` to `x.rs` or `x/mod.rs`, `#[path]` followed.

Rust's rules (the Reference, "Modules"): a `mod x;` in a mod-rs file (the crate root, a `mod.rs`, or a file
loaded through `#[path]`) is looked for beside it; in any other file `src/net.rs` it is looked for in `src/net/`.
Inside inline modules `mod a { mod x; }` the inline names are folders. `#[path = "p"]` outside inline modules is
relative to the declaring file's folder.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from verusagent.crate.layout import CrateError, ModuleFile
from verusagent.lens.tokens import TokenStream, tokenize

MAX_MODULE_FILES = 5000
_MAYBE_FILE_MODULE = re.compile(rb"\bmod\s+(r#)?\w+\s*;")  # files without this declare no module file
Reader = Callable[[str], bytes | None]  # a path relative to the crate folder -> its bytes, None when absent


def disk_reader(folder: Path) -> Reader:
    def read(path: str) -> bytes | None:
        target = folder / path
        return target.read_bytes() if target.is_file() else None

    return read


@dataclass(frozen=True)
class ModuleDecl:
    name: str
    inline: tuple[str, ...]  # the inline modules around the declaration
    path_attribute: str | None  # the value of `#[path = "..."]`
    conditional: bool  # under `#[cfg(...)]`: its file may be absent
    line: int


def declarations(data: bytes) -> list[ModuleDecl]:
    """Every `mod NAME;` of a file, with the inline modules around it and its `#[path]`/`#[cfg]` attributes."""
    if _MAYBE_FILE_MODULE.search(data) is None:  # most files: no need to tokenize them
        return []
    stream = tokenize(data)
    found: list[ModuleDecl] = []
    inline: list[tuple[str, int]] = []  # (name, index of its closing brace)
    for i in range(len(stream)):
        while inline and i > inline[-1][1]:
            inline.pop()
        if not stream.is_ident(i, "mod") or not stream.is_ident(i + 1):
            continue
        if stream.is_punct(i + 2, "{") and stream.match[i + 2] > 0:
            inline.append((stream.text(i + 1), stream.match[i + 2]))
        elif stream.is_punct(i + 2, ";"):
            attributes = _attributes_before(stream, i)
            found.append(
                ModuleDecl(
                    name=stream.text(i + 1).removeprefix("r#"),
                    inline=tuple(name for name, _ in inline),
                    path_attribute=_path_value(attributes),
                    conditional=any(a.startswith("cfg") for a in attributes),
                    line=data.count(b"\n", 0, stream.tokens[i].start) + 1,
                )
            )
    return found


def _attributes_before(stream: TokenStream, mod_index: int) -> list[str]:
    """The attributes written before `[pub[(...)]] mod`, each as its inside text with spaces dropped."""
    j = mod_index - 1
    if stream.is_punct(j, ")") and stream.match[j] >= 0 and stream.is_ident(stream.match[j] - 1, "pub"):
        j = stream.match[j] - 2
    elif stream.is_ident(j, "pub"):
        j -= 1
    attributes = []
    while stream.is_punct(j, "]") and stream.match[j] > 0 and stream.is_punct(stream.match[j] - 1, "#"):
        open_index = stream.match[j]
        attributes.append("".join(stream.text(k) for k in range(open_index + 1, j)))
        j = open_index - 2
    return attributes


def _path_value(attributes: list[str]) -> str | None:
    for attribute in attributes:
        if attribute.startswith("path=") and attribute.endswith('"'):
            literal = attribute[len("path=") :]
            return literal[literal.index('"') + 1 : -1]
    return None


@dataclass
class _Visit:
    path: str  # relative to the crate folder
    module: str
    mod_rs: bool


def module_files(folder: Path, root: str, read: Reader | None = None) -> tuple[list[ModuleFile], list[str]]:
    """The root and every module file under it, depth first in declaration order; problems for missing files.
    `read` gives the files (default: from `folder` on disk; the gate reads a git revision)."""
    files = [ModuleFile(path=root, module="")]
    problems: list[str] = []
    _walk(_Files(folder, read or disk_reader(folder)), _Visit(root, "", True), files, problems)
    return files, problems


@dataclass
class _Files:
    folder: Path  # for messages
    read: Reader

    def is_file(self, path: str) -> bool:
        return self.read(path) is not None


def _walk(folder: "_Files", visit: _Visit, files: list[ModuleFile], problems: list[str]) -> None:
    try:
        data = folder.read(visit.path)
    except OSError as error:
        problems.append(f"cannot read {visit.path}: {error.strerror or error}")
        return
    if data is None:
        problems.append(f"cannot read {visit.path}: it does not exist")
        return
    for decl in declarations(data):
        child = _child(folder, visit, decl, problems)
        if child is None:
            continue
        if any(f.path == child.path for f in files):
            problems.append(f"{visit.path}:{decl.line}: `mod {decl.name};` names {child.path}, already a module file")
            continue
        if len(files) >= MAX_MODULE_FILES:
            raise CrateError(f"the crate has more than {MAX_MODULE_FILES} module files")
        files.append(ModuleFile(path=child.path, module=child.module, declared_in=visit.path, declared_line=decl.line))
        _walk(folder, child, files, problems)


def _child(folder: _Files, visit: _Visit, decl: ModuleDecl, problems: list[str]) -> _Visit | None:
    module = "::".join(p for p in (visit.module, *decl.inline, decl.name) if p)
    own = PurePosixPath(visit.path).parent
    base = own if visit.mod_rs else own / PurePosixPath(visit.path).stem
    if decl.path_attribute is not None:
        start = own if not decl.inline else base.joinpath(*decl.inline)
        return _inside(folder, visit, decl, _normal(start / decl.path_attribute), module, problems)
    where = base.joinpath(*decl.inline)
    flat, nested = (where / f"{decl.name}.rs").as_posix(), (where / decl.name / "mod.rs").as_posix()
    exists = [p for p in (flat, nested) if folder.is_file(p)]
    if len(exists) == 2:
        problems.append(
            f"{visit.path}:{decl.line}: `mod {decl.name};` has files at both {flat} and {nested} "
            f"(rustc refuses this, E0761); {flat} is used"
        )
    if not exists:
        if not decl.conditional:
            problems.append(f"{visit.path}:{decl.line}: `mod {decl.name};` names no file: neither {flat} nor {nested}")
        return None
    return _Visit(exists[0], module, exists[0] == nested)


def _inside(
    folder: _Files, visit: _Visit, decl: ModuleDecl, path: str, module: str, problems: list[str]
) -> _Visit | None:
    """A `#[path]` module file: inside the crate folder, and (as rustc treats it) a mod-rs file."""
    if path.startswith("../") or path == "..":
        raise CrateError(
            f'{visit.path}:{decl.line}: `#[path = "{decl.path_attribute}"] mod {decl.name};` names '
            f"{path}, outside the crate folder {folder.folder}: verusagent works on files inside the crate"
        )
    if not folder.is_file(path):
        if not decl.conditional:
            problems.append(f"{visit.path}:{decl.line}: `#[path] mod {decl.name};` names {path}, which does not exist")
        return None
    return _Visit(path, module, True)


def _normal(path: PurePosixPath) -> str:
    """`a/./b/../c` as `a/c` (without touching the file system)."""
    parts: list[str] = []
    for part in path.parts:
        if part == "..":
            if parts and parts[-1] != "..":
                parts.pop()
            else:
                parts.append(part)
        elif part != ".":
            parts.append(part)
    return "/".join(parts) or "."
