"""The lemmas `search_lemmas` and `definition` look in: vstd's (its index read once per run, from the cache by
vstd version when built before) and the current candidate's own (once per version of the text)."""

import threading
from pathlib import Path

from verusagent.lemmas import Lemma, LemmaHit, LemmaSearch, VstdNotFound, find_vstd, load_index
from verusagent.lemmas.build import model_lemmas
from verusagent.lens import SourceModel
from verusagent.prompt import tool_results as shown_as


class LemmaLibrary:
    def __init__(self, vstd: Path | None = None, verus: str | None = None):
        self.vstd, self.verus = vstd, verus
        self.note = ""  # which vstd was found (or why none), for the first line of a search result
        self._search: LemmaSearch | None = None
        self._loaded = False
        self._lock = threading.Lock()
        self._file: tuple[str, list[Lemma], LemmaSearch] | None = None  # (sha256, lemmas, search)

    def vstd_search(self) -> LemmaSearch | None:
        with self._lock:
            if not self._loaded:
                self._search, self.note = _load(self.vstd, self.verus)
                self._loaded = True
            return self._search

    def vstd_lemmas(self) -> list[Lemma]:
        search = self.vstd_search()
        return search.lemmas if search is not None else []

    def file_search(self, sha256: str, models: dict[str, SourceModel]) -> tuple[list[Lemma], LemmaSearch]:
        """The lemmas of the candidate's files (`models`: each file's model by its name; one for a single file)."""
        with self._lock:
            if self._file is None or self._file[0] != sha256:
                lemmas = [lemma for name, model in models.items() for lemma in model_lemmas(model, name)]
                self._file = (sha256, lemmas, LemmaSearch(lemmas))
            return self._file[1], self._file[2]

    def search(
        self, query: str, limit: int, sha256: str, models: dict[str, SourceModel]
    ) -> tuple[list[LemmaHit], list[LemmaHit]]:
        """(hits in the files, hits in vstd): two lists, since BM25 scores of two collections do not compare."""
        _, in_file = self.file_search(sha256, models)
        vstd = self.vstd_search()
        return in_file.search(query, min(limit, 5)), vstd.search(query, limit) if vstd is not None else []


def _load(vstd: Path | None, verus: str | None) -> tuple[LemmaSearch | None, str]:
    try:
        source = find_vstd(vstd, verus)
    except VstdNotFound as error:
        return None, shown_as.vstd_not_found(error)
    try:
        index, cached = load_index(source)
    except OSError as error:
        return None, shown_as.vstd_unreadable(source.root, error)
    return LemmaSearch(index.lemmas), shown_as.vstd_loaded(source.describe(), len(index.lemmas), cached)
