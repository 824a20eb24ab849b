"""`search_lemmas(query)`: lemmas of the current candidate and of vstd whose ensures, requires or name share
identifier words with the query, ranked (BM25), each with its path, signature and spec."""

from verusagent.agent.session.library import LemmaLibrary
from verusagent.agent.session.outcome import ToolOutcome, failure
from verusagent.agent.session.workspace import Workspace
from verusagent.lemmas.render import render_hits
from verusagent.lemmas.words import words
from verusagent.prompt import session as wording
from verusagent.prompt import tool_results as shown_as


def search_lemmas(workspace: Workspace, library: LemmaLibrary, query: str, limit: int) -> ToolOutcome:
    if not words(query):
        return failure("malformed_arguments", wording.no_query_words(query))
    in_file, in_vstd = library.search(query, limit, workspace.sha, workspace.models())
    file_hits, vstd_hits = (render_hits(hits) if hits else "" for hits in (in_file, in_vstd))
    text = shown_as.search_results(library.note, workspace.is_crate, workspace.file_name, file_hits, vstd_hits)
    return ToolOutcome(text=text)
