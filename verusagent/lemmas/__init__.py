"""The lemma index and search: the lemmas (`proof fn`, broadcast lemmas, axioms) of vstd and of the user's file,
read with the lens, ranked by BM25 over identifier words of their ensures, requires and names.

    from verusagent.lemmas import find_vstd, load_index, LemmaSearch
    index, from_cache = load_index(find_vstd())
    for hit in LemmaSearch(index.lemmas).search("s.take(n).len() == n", limit=5):
        print(hit.lemma.path, hit.score)
"""

from verusagent.lemmas.build import build_index, file_lemmas, source_lemmas
from verusagent.lemmas.cache import load_index
from verusagent.lemmas.locate import VstdNotFound, find_vstd
from verusagent.lemmas.model import Lemma, LemmaHit, LemmaIndex, VstdSource
from verusagent.lemmas.search import LemmaSearch

__all__ = [
    "Lemma",
    "LemmaHit",
    "LemmaIndex",
    "LemmaSearch",
    "VstdNotFound",
    "VstdSource",
    "build_index",
    "file_lemmas",
    "find_vstd",
    "load_index",
    "source_lemmas",
]
