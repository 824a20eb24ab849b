"""The records of the lemma index: one lemma (where it is, its signature and spec), an index, a ranked hit."""

from typing import Literal

from pydantic import BaseModel, Field

LemmaKind = Literal["lemma", "broadcast lemma", "axiom"]
LemmaOrigin = Literal["vstd", "file"]


class Lemma(BaseModel):
    name: str  # "lemma_seq_take_len"
    path: str  # where it is defined: "vstd::seq_lib::lemma_seq_take_len", "vstd::seq::Seq::lemma_x", "m::lemma_y"
    module: str  # "vstd::seq_lib" (empty for a lemma of the user's file at its top level)
    container: str | None = None  # "impl Seq", "trait Name", as the lens names it
    kind: LemmaKind
    origin: LemmaOrigin
    file: str  # relative to the vstd source folder, or the user's file as given
    line: int
    signature: str  # the header, whitespace folded: "pub proof fn lemma_x<A>(s: Seq<A>, n: int)"
    requires: list[str] = Field(default_factory=list)  # one entry per comma-separated expression
    ensures: list[str] = Field(default_factory=list)
    broadcast_groups: list[str] = Field(default_factory=list)  # the groups holding it, directly or through others


class VstdSource(BaseModel):
    """Where the vstd source was found, and which vstd it is."""

    root: str  # the folder holding the crate root file (vstd.rs)
    crate_root: str  # the root file, e.g. ".../vstd/vstd.rs"
    found_by: str  # "--vstd", "beside verus at PATH", "cargo registry"
    version: str  # from the verus release's version file or vstd's Cargo.toml; "unknown" otherwise

    def describe(self) -> str:
        return f"vstd {self.version} at {self.root} (found {self.found_by})"


class LemmaIndex(BaseModel):
    format: int
    source: VstdSource
    content_hash: str  # sha256 over the .rs files' relative paths and bytes
    lemmas: list[Lemma]
    problems: list[str] = Field(default_factory=list)  # files the lens could not read fully


class LemmaHit(BaseModel):
    lemma: Lemma
    score: float

    def as_json(self) -> dict:
        return {"score": round(self.score, 4), **self.lemma.model_dump()}
