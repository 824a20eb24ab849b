"""The agent's view of its input: a crate whose candidates are sets of edited files, held as one text
(verusagent.crate_text). A single file is a crate of one file, and then every method here is what the agent
did with that file before crates: the candidate text is the file, verus runs on it alone, the guard compares it.
"""

import re
from functools import lru_cache
from pathlib import Path, PurePosixPath

from verusagent.crate.layout import CrateLayout, CrateTask, ModuleFile  # noqa: F401 (CrateTask: its home for callers)
from verusagent.crate.units import map_crate_units
from verusagent.crate_text import join_files, split_files
from verusagent.lens import SourceModel, TokenStream, parse_shared
from verusagent.lens.hatches import NO_CHEATING_SITES
from verusagent.lens.placeholders import placeholder_functions
from verusagent.verus import Diagnostic
from verusagent.verus.cargo import crate_relative_spans
from verusagent.verus.sources import CrateSources


class CrateWorkspace:
    def __init__(
        self,
        layout: CrateLayout,
        target: str,
        *,
        tree_digest: str = "",
        cargo_verus: str | None = None,
        cargo_identity: str = "",
    ):
        self.layout = layout
        self.target = target
        self.order = layout.paths
        self.tree_digest = tree_digest
        self.cargo_verus = cargo_verus
        self.cargo_identity = cargo_identity
        self._file_model = lru_cache(maxsize=max(256, 4 * len(self.order)))(self._parse_file)

    @classmethod
    def single(cls, file_name: str) -> "CrateWorkspace":
        """The crate of one file, named as verus sees it."""
        layout = CrateLayout(folder=Path.cwd(), root=file_name, files=[ModuleFile(path=file_name, module="")])
        return cls(layout, file_name)

    @property
    def is_single_file(self) -> bool:
        return len(self.order) == 1

    # ------------------------------------------------------------------ the candidate text and its files

    def files(self, text: str) -> dict[str, str]:
        return split_files(text, self.order)

    def text(self, files: dict[str, str]) -> str:
        return join_files(files, self.order)

    def target_text(self, text: str) -> str:
        return self.files(text)[self.target]

    def with_files(self, text: str, changed: dict[str, str]) -> str:
        return self.text(self.files(text) | changed)

    def changed(self, original: str, text: str) -> list[str]:
        before, after = self.files(original), self.files(text)
        return [path for path in self.order if before[path] != after[path]]

    def models(self, text: str) -> dict[str, SourceModel]:
        """Each file's lens model, its ids prefixed by the file's module path (`fn:net::send`). A file is parsed
        once per content: a candidate that changes one file of a large crate parses that file alone."""
        return {path: model for path, (model, _) in self.parsed(text).items()}

    def parsed(self, text: str) -> dict[str, tuple[SourceModel, TokenStream]]:
        """`models`, with the token stream each was read from (shared: callers must not change them)."""
        files = self.files(text)
        return {f.path: self._file_model(f.module, files[f.path]) for f in self.layout.files}

    @staticmethod
    def _parse_file(module: str, text: str) -> tuple[SourceModel, TokenStream]:
        return parse_shared(text, module=module)

    # ------------------------------------------------------------------ verus

    def sources(self, text: str) -> str | CrateSources:
        """What verus runs on: the text itself for a single file (named by the run options), else the files."""
        if self.is_single_file and self.layout.manifest is None:
            return text
        files = {path: content.encode("utf-8") for path, content in self.files(text).items()}
        return crate_sources(self.layout, files, self.tree_digest, self.cargo_verus, self.cargo_identity)

    def map_units(self, diagnostics: list[Diagnostic], text: str, main_file: str | None) -> list[Diagnostic]:
        return map_crate_units(diagnostics, self.models(text), main_file)

    def logged_spans(self, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
        """A saved log's spans named as the crate's files (a log from `cargo verus` in a workspace names
        `member/src/net.rs`; one from elsewhere may name absolute paths)."""
        sources = CrateSources(
            files={path: b"" for path in self.order}, root=self.layout.root, crate_prefix=self.layout.tree_prefix
        )
        return crate_relative_spans(diagnostics, sources, str(self.layout.tree or self.layout.folder))

    # ------------------------------------------------------------------ what the loop asks of the files

    def has_hatches(self, text: str) -> bool:
        """Whether any file has an escape hatch that --no-cheating rejects (then acceptance runs without it)."""
        models = self.models(text).values()
        kinds: list[str] = [site.kind for model in models for site in model.proof_sites]
        kinds += [site.kind for model in models for site in model.item_sites]
        return any(kind in NO_CHEATING_SITES for kind in kinds)

    def placeholders(self, text: str) -> list[str]:
        """The functions synth writes (`unimplemented!()`/`todo!()` bodies, empty bodies under a spec), by crate
        path (verusagent.lens.placeholders)."""
        return [f.qualified for model in self.models(text).values() for f in placeholder_functions(model)]


def crate_sources(
    layout: CrateLayout, files: dict[str, bytes], tree_digest: str, cargo_verus: str | None, cargo_identity: str = ""
) -> CrateSources:
    """A verus run of the crate with these module files: `cargo verus` when `cargo_verus` is given, else
    `verus ROOT`, in a scratch copy of the crate's folder (its workspace, for a member)."""
    return CrateSources(
        files=files,
        root=layout.root,
        tree=layout.tree,
        tree_digest=tree_digest,
        crate_prefix=layout.tree_prefix,
        package=layout.package,
        crate_name=crate_name(layout),
        cargo_verus=cargo_verus,
        extra_key=(cargo_identity,) if cargo_identity else (),
    )


def crate_name(layout: CrateLayout) -> str:
    """The crate's name as rustc takes it: the package's, else the root file's stem, as an identifier."""
    name = layout.package or PurePosixPath(layout.root).stem
    name = re.sub(r"\W", "_", name)
    return name if name and name[0].isalpha() else f"c_{name}"
