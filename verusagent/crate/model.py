"""The lens on every file of a crate, each with its module path: unit ids like `fn:net::send`,
`fn:net::Conn::open/loop#1`; the root module has no prefix, so the ids of a crate of one file are today's ids."""

from collections.abc import Mapping
from pathlib import Path

from verusagent.crate.layout import CrateError, CrateLayout, ModuleFile
from verusagent.lens import Function, SourceModel, parse
from verusagent.lens.parse import MAX_BYTES
from verusagent.source_file import binary_message, is_binary


class UnknownFunction(CrateError):
    pass


class AmbiguousFunction(CrateError):
    pass


def read_sources(layout: CrateLayout) -> dict[str, bytes]:
    """The bytes of every module file; CrateError when one cannot be read or is not Rust source."""
    sources = {}
    for path in layout.paths:
        try:
            data = layout.absolute(path).read_bytes()
        except OSError as error:
            raise CrateError(
                f"cannot read {path} of the crate at {layout.folder}: {error.strerror or error}"
            ) from error
        if is_binary(data):
            raise CrateError(binary_message(path))
        if len(data) > MAX_BYTES:
            raise CrateError(f"{path} is {len(data)} bytes; the lens reads at most {MAX_BYTES}")
        sources[path] = data
    return sources


class CrateModel:
    def __init__(
        self, layout: CrateLayout, sources: Mapping[str, bytes | str], models: dict[str, SourceModel] | None = None
    ):
        """models: the files' lens models, when the caller has them (then sources are not read)."""
        self.layout = layout
        self.models: dict[str, SourceModel] = (
            models if models is not None else {f.path: parse(sources[f.path], module=f.module) for f in layout.files}
        )

    @classmethod
    def of_file(cls, file_name: str, model: SourceModel) -> "CrateModel":
        """A single file, already parsed, as the crate of one file it is."""
        layout = CrateLayout(folder=Path.cwd(), root=file_name, files=[ModuleFile(path=file_name, module="")])
        return cls(layout, {}, {file_name: model})

    @classmethod
    def read(cls, layout: CrateLayout) -> "CrateModel":
        return cls(layout, read_sources(layout))

    def functions(self) -> list[tuple[str, Function]]:
        return [(path, f) for path, model in self.models.items() for f in model.functions]

    def file_of(self, unit_id: str) -> str | None:
        """The file holding a unit (`fn:net::send/loop#1` is in the file of `fn:net::send`)."""
        function_id = unit_id.split("/")[0]
        return next((path for path, f in self.functions() if f.id == function_id), None)

    def resolve(self, name: str) -> tuple[str, Function]:
        """A `--fn` name: a unit id, a path from the crate root (`net::send`, `net::Conn::open`), else a path
        that ends a function's path (`Conn::open`, `send`). Several matches are an error that lists them."""
        wanted = name.strip().removeprefix("fn:").removeprefix("crate::")
        functions = self.functions()
        for rule in (_exact, _ends_path):
            matches = [(path, f) for path, f in functions if rule(f, name, wanted)]
            if len(matches) == 1:
                return matches[0]
            if matches:
                listed = ", ".join(f"{f.id} ({path}:{f.span.line})" for path, f in matches)
                raise AmbiguousFunction(
                    f"--fn {name} matches {len(matches)} functions: {listed}; name one by its path from the crate root"
                )
        raise UnknownFunction(f"--fn {name}: no function of that name in {self._where()}")

    def verify_scope(self, name: str) -> dict[str, str | None]:
        """The function `name` (as `resolve` reads it) as verus's `--verify-function` takes it, relative to its
        module, and that module (`--verify-only-module`; None for the root: `--verify-root`)."""
        _, found = self.resolve(name)
        prefix = f"{found.module}::" if found.module else ""
        return {"verify_function": found.qualified[len(prefix) :], "verify_module": found.module or None}

    def _where(self) -> str:
        if self.layout.is_single_file:
            return self.layout.root
        return f"the crate at {self.layout.folder} ({len(self.models)} files)"

    def units_json(self) -> dict:
        """`units CRATE --json`: the root, and each file's path, module path and model (today's shape)."""
        return {
            "root": self.layout.root,
            "folder": str(self.layout.folder),
            "package": self.layout.package,
            "files": [
                {
                    "path": path,
                    "module": self.layout.module_of(path),
                    "model": model.model_dump(mode="json", exclude={"text", "data"}),
                }
                for path, model in self.models.items()
            ],
            "problems": self.layout.problems,
        }


def _exact(function: Function, name: str, wanted: str) -> bool:
    return name == function.id or function.qualified == wanted


def _ends_path(function: Function, name: str, wanted: str) -> bool:
    return function.qualified.endswith("::" + wanted)
