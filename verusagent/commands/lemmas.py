"""`verusagent lemmas QUERY`: the lemmas of vstd (and of --file) whose ensures, requires or name match QUERY,
ranked. Exit codes: 0 searched (the list may be empty), 2 usage (a query without identifiers, a bad --vstd or
--file), 3 no vstd source found (and no --file to search instead)."""

import json
from pathlib import Path
from typing import NoReturn

import typer

from verusagent.choices import DEFAULT_LEMMA_LIMIT
from verusagent.cli_app import app
from verusagent.commands.exits import EXIT_NO_VSTD, EXIT_USAGE
from verusagent.commands.option_sets import Json, Verus, Vstd
from verusagent.lemmas import LemmaSearch, VstdNotFound, file_lemmas, find_vstd, load_index
from verusagent.lemmas.render import render_hits
from verusagent.lemmas.words import words
from verusagent.lens.parse import UnreadableSource


@app.command()
def lemmas(
    query: list[str] = typer.Argument(..., help="Words or Verus text to match, e.g. 'seq take len'."),
    vstd: Vstd = None,
    file: Path | None = typer.Option(None, "--file", help="Also search the lemmas of this file."),
    as_json: Json = False,
    limit: int = typer.Option(DEFAULT_LEMMA_LIMIT, "--limit", min=1, help="How many lemmas to print."),
    verus: Verus = None,
    no_cache: bool = typer.Option(False, "--no-cache", help="Rebuild the vstd index instead of reading the cache."),
) -> None:
    """Search the lemmas of vstd and of a file: ranked, each with its signature, requires and ensures."""
    text = " ".join(query)
    if not words(text):
        _fail(f"the query {text!r} has no identifier words to match", EXIT_USAGE)
    pool, notes = _vstd_lemmas(vstd, verus, no_cache, file_given=file is not None)
    if file is not None:
        pool = pool + _file_lemmas(file, notes)
    hits = LemmaSearch(pool).search(text, limit)
    if as_json:
        typer.echo("\n".join(notes), err=True)
        typer.echo(json.dumps([hit.as_json() for hit in hits], indent=2))
        return
    typer.echo("\n".join(notes))
    typer.echo(render_hits(hits) if hits else "no lemma matches")


def _vstd_lemmas(vstd: Path | None, verus: str | None, no_cache: bool, file_given: bool) -> tuple[list, list[str]]:
    try:
        source = find_vstd(vstd, verus)
    except VstdNotFound as error:
        if vstd is not None or not file_given:
            _fail(str(error), EXIT_USAGE if vstd is not None else EXIT_NO_VSTD)
        return [], [f"warning: {error}; searching the file only"]
    try:
        index, cached = load_index(source, use_cache=not no_cache)
    except OSError as error:
        _fail(f"cannot read the vstd source at {source.root}: {error}", EXIT_USAGE)
    origin = "from the cache" if cached else "built"
    return index.lemmas, [f"{source.describe()}: {len(index.lemmas)} lemmas (index {origin})"]


def _file_lemmas(file: Path, notes: list[str]) -> list:
    try:
        found = file_lemmas(file)
    except UnreadableSource as error:
        _fail(str(error), EXIT_USAGE)
    notes.append(f"{file}: {len(found)} lemmas")
    return found


def _fail(message: str, code: int) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)
