"""Crates: a Verus project of many files (a `mod` tree, a `Cargo.toml`), one lens model per file.

    from verusagent.crate.discover import find_crate
    from verusagent.crate.model import CrateModel
    located = find_crate(Path("my_crate"))
    CrateModel.read(located.layout).resolve("net::send")

A single `.rs` file is a crate of one file: its ids, its candidate text and its verus run are the file's own.
Modules: `layout` (the data), `manifest` (Cargo.toml), `modules` (the `mod` tree), `discover` (path to layout),
`model` (the lens on every file), `units` (verus's diagnostics on crate unit ids), `workspace` (a candidate text
as the crate's files). Elsewhere: a crate's files as one text (`verusagent.crate_text`, which the verus adapter
reads), the crate's guard rules (`verusagent.guard.crate`), replies into files (`verusagent.edit.crate_splice`),
the crate prompt (`verusagent.prompt.crate`), where results go (`verusagent.agent.output`).
"""
