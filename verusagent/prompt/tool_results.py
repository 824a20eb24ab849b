"""What the agent-mode tools' results say when they answer: the text of a `view` (numbered lines, the outline),
a `definition`, a `search_lemmas` (with the note on which vstd was searched) and a `submit`. The session's tools
(``verusagent.agent.session``) find the lines, names and counts; the words are here. Failures, verus runs and
edits are ``verusagent.prompt.session``'s."""

# view: lines, units, the outline.


def numbered_line(number: int, line: str, marked: bool) -> str:
    """One line of a view: its number, `>` where the latest verus run has an error."""
    return f"{'>' if marked else ' '}{number:5} | {line}"


def more_lines(count: int, first: int, last: int) -> str:
    """The note under a view cut at its size: the `count` lines first..last not shown."""
    return f"[... {count} more lines: view('{first}-{last}') shows them]"


def in_file(label: str, path: str | None) -> str:
    """A label with its file (`path`: in a crate; None: the only file)."""
    return f"{label} in {path}" if path else label


def line_label(path: str | None) -> str:
    """`line`, or `line in src/net.rs` in a crate: before a line number where several functions are listed."""
    return in_file("line", path)


def ambiguous_entry(unit_id: str, path: str | None, line: int) -> str:
    """One of several functions of a name, as a view lists them."""
    return f"{unit_id} ({line_label(path)} {line})"


def unit_view(label: str, first: int, last: int, count: int, shown: str) -> str:
    """A unit or function of the candidate (`count`: the lines of its file)."""
    return f"{label}, lines {first}-{last} of {count}:\n{shown}"


def of_file(name: str | None) -> str:
    """` of src/net.rs` after a line range in a crate; nothing for the only file."""
    return f" of {name}" if name else ""


def lines_view(first: int, last: int, where: str, count: int, crate: bool, shown: str) -> str:
    """A line range of a file (`where`: ``of_file``'s words; `count`: the file's lines)."""
    heading = f"lines {first}-{last}{where} ({count} lines)" if crate else f"lines {first}-{last} of {count}"
    return f"{heading}:\n" + shown


def function_label(unit_id: str, modifiers: list[str], mode: str) -> str:
    """A function as the outline and the definitions name it: `fn:f (pub exec fn)`."""
    flags = " ".join([*modifiers, mode]).strip()
    return f"{unit_id} ({flags} fn)"


def outline_row(first: int, last: int, label: str, errors: int) -> str:
    """One function of the outline, with its errors in the latest verus run."""
    mark = f"  <- {errors} error{'s' if errors != 1 else ''}" if errors else ""
    return f"  lines {first}-{last}  {label}{mark}"


def more_functions(count: int) -> str:
    return f"[... {count} more functions]"


def file_outline_header(
    name: str, module: str | None, crate: bool, lines: int, functions: int, status: str = ""
) -> str:
    """The first line of a file's outline (`module`: its module in a crate, None for the crate root)."""
    named = f"{name} (module {module or 'the crate root'})" if crate else name
    header = f"{named}: {lines} lines, {functions} functions"
    return header + (f"; {status}" if status else "")


def crate_outline_header(files: int, file_name: str, status: str) -> str:
    return f"crate with {files} files (the prompt's file: {file_name}); {status}"


def not_verified_yet() -> str:
    """The outline's status before any verus run on the candidate."""
    return "not verified yet (call verify)"


def last_result(standin: bool, partial: bool, crate: bool, verdict: str, errors: int) -> str:
    """The outline's status: the latest verus result on the candidate."""
    checker = "the verus STAND-IN (not verus)" if standin else "verus"
    scope = "a partial run" if partial else ("whole crate" if crate else "whole file")
    return f"last result, from {checker} ({scope}): {verdict}, {errors} errors"


# definition


def function_definition(
    label: str, path: str, first: int, last: int, text: str, body: tuple[int, int] | None, unit_id: str
) -> str:
    """A function's signature and clauses (`body`: the lines of a body left out, None when shown or absent)."""
    shown = "" if body is None else f"\n(body: lines {body[0]}-{body[1]}; view('{unit_id}') shows it)"
    return f"{label} in {path}, lines {first}-{last}:\n{text}{shown}"


def item_definition(keyword: str, name: str, path: str | None, first: int, last: int, text: str) -> str:
    """A struct, enum, type, const or trait item (`path`: its file in a crate)."""
    where = f" in {path}" if path else ""
    return f"{keyword} {name}{where}, lines {first}-{last}:\n{text}"


def more_item_lines(count: int) -> str:
    """The last line of an item cut at its size."""
    return f"[... {count} more lines]"


def definitions(found: list[str], shown: int) -> str:
    """The definitions found, at most `shown` of them."""
    more = f"\n[... {len(found) - shown} more definitions]" if len(found) > shown else ""
    return "\n\n".join(found[:shown]) + more


# search_lemmas


def search_results(note: str, crate: bool, file_name: str, in_file_hits: str, in_vstd_hits: str) -> str:
    """The lemmas found (rendered hits; empty: none) in the candidate and in vstd, under the library's note."""
    where = "the crate" if crate else file_name
    sections = [note or "vstd: not searched"]
    sections.append(f"In {where}:\n{in_file_hits}" if in_file_hits else f"In {where}: no lemma matches.")
    sections.append(f"In vstd:\n{in_vstd_hits}" if in_vstd_hits else "In vstd: no lemma matches.")
    return "\n".join(sections)


def vstd_not_found(error: object) -> str:
    return f"no vstd source found ({error}); only this file's lemmas are searched"


def vstd_unreadable(root: object, error: object) -> str:
    return f"the vstd source at {root} cannot be read ({error}); only this file's lemmas are searched"


def vstd_loaded(source: str, lemmas: int, cached: bool) -> str:
    """Which vstd was searched (`source`: its description) and where its index came from."""
    origin = "index from the cache" if cached else "index built"
    return f"{source}: {lemmas} lemmas ({origin})"


# submit


def submitted(sha: str) -> str:
    return (
        f"Submitted candidate {sha}. A whole-file verus run and a final guard "
        "check on exactly this text decide whether it is accepted."
    )
