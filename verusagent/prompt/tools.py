"""What the model reads of each agent-mode tool: its description and each parameter's (the tools' schema, names
and argument models are ``verusagent.agent.session.schema``'s)."""

DESCRIPTIONS: dict[str, str] = {
    "view": "Show the current candidate's text, with line numbers: a function by name or unit id "
    "(`binary_search`, `fn:Type::name`, `fn:f/loop#1`), a line range (`120-180`), or `outline` for the list "
    "of functions with their lines and which fail. Long units are cut; view a line range for the rest.",
    "definition": "Where a name is defined in the file (a function, lemma, struct, enum, type or const) or in "
    "vstd (a lemma), with its signature and its spec (requires, ensures; the body of a spec fn).",
    "search_lemmas": "Search the lemmas of this file and of vstd whose ensures, requires or name match the "
    "query, ranked; each with its path, signature, requires and ensures. The query may be words or Verus "
    "text, e.g. `s.take(n).len() == n` or `seq subrange len`.",
    "verify": "Run verus on the current candidate: the whole file (or, in a large file, the functions "
    "that changed), or only the function named. Gives the verdict and the errors with their code lines. A "
    "run on part of the file is partial: it never accepts. Counts against the verus budget; a repeated run "
    "on the same text is answered from the cache.",
    "edit": "Replace or add items of the current candidate: complete functions, from their attributes "
    "to their closing brace, each replacing the function of the same name; new functions (lemmas) are "
    "added. The whole file is accepted too. The guard checks the result first: a change to a spec or to "
    "the executable code, or an escape hatch (assume, admit, external_body, ...), is refused with its reason "
    "and location, and the candidate stays as it was.",
    "submit": "End the session with the current candidate. A whole-file verus run (with --no-cheating "
    "where possible) and a final guard check on exactly that text decide whether it is accepted.",
}

PARAMETERS: dict[str, dict[str, str]] = {
    "view": {"target": "A function name, a unit id, a line range like 120-180, or outline."},
    "definition": {"name": "The name, e.g. `lemma_div_pos`, `Seq::take` or `MyStruct`."},
    "search_lemmas": {
        "query": "Words or Verus text describing the fact you need.",
        "limit": "How many vstd lemmas to list (1 to 20, default 8).",
    },
    "verify": {"function": "Optional: verify only this function (name or unit id)."},
    "edit": {"items": "Rust code: the complete functions to replace or add (no diff)."},
    "submit": {"summary": "Optional: one sentence on what the proof does."},
}


def description(tool: str) -> str:
    return DESCRIPTIONS[tool]


def parameter(tool: str, name: str) -> str:
    """What a tool's parameter is, as its schema describes it."""
    return PARAMETERS[tool][name]
