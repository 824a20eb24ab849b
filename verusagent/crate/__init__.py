"""Crates: a Verus project of many files (a `mod` tree, a `Cargo.toml`), one lens model per file.

    from verusagent.crate.discover import find_crate
    from verusagent.crate.model import CrateModel
    located = find_crate(Path("my_crate"))
    CrateModel.read(located.layout).resolve("net::send")

A single `.rs` file is a crate of one file: its ids, its candidate text and its verus run are the file's own.
Modules: `layout` (the data), `manifest` (Cargo.toml), `modules` (the `mod` tree), `discover` (path to layout),
`model` (the lens on every file), `files` (a crate's files as one candidate text), `guard` and `compare` (the
crate's guard rules), `workspace` (the agent's view), `splice` (replies into files), `output` (writing results).
This package imports nothing itself, so that the verus adapter can use `files` without loading the lens.
"""
