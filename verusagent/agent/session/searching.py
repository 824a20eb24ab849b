"""`search_lemmas(query)`: lemmas of the current candidate and of vstd whose ensures, requires or name share
identifier words with the query, ranked (BM25), each with its path, signature and spec."""

from verusagent.agent.session.library import LemmaLibrary
from verusagent.agent.session.outcome import ToolOutcome, failure
from verusagent.agent.session.workspace import Workspace
from verusagent.lemmas.render import render_hits
from verusagent.lemmas.words import words
from verusagent.prompt import session as wording


def search_lemmas(workspace: Workspace, library: LemmaLibrary, query: str, limit: int) -> ToolOutcome:
    if not words(query):
        return failure("malformed_arguments", wording.no_query_words(query))
    in_file, in_vstd = library.search(query, limit, workspace.sha, workspace.models())
    where = "the crate" if workspace.is_crate else workspace.file_name
    sections = [library.note or "vstd: not searched"]
    sections.append(f"In {where}:\n{render_hits(in_file)}" if in_file else f"In {where}: no lemma matches.")
    sections.append(f"In vstd:\n{render_hits(in_vstd)}" if in_vstd else "In vstd: no lemma matches.")
    return ToolOutcome(text="\n".join(sections))
