"""Ranked lemma search: the lemmas whose name, requires or ensures share words with a query, best first."""

from collections.abc import Iterable

from verusagent.lemmas.model import Lemma, LemmaHit
from verusagent.lemmas.rank import Ranker
from verusagent.lemmas.words import words

# What a lemma proves matters most, then what it needs, then what it is called; its signature (types, module)
# only breaks ties between lemmas about different types.
FIELD_WEIGHTS = {"ensures": 3.0, "requires": 2.0, "name": 1.5, "signature": 0.5}


def lemma_fields(lemma: Lemma) -> dict[str, list[str]]:
    return {
        "ensures": words(" ".join(lemma.ensures)),
        "requires": words(" ".join(lemma.requires)),
        "name": words(lemma.name),
        "signature": words(f"{lemma.module} {lemma.container or ''} {lemma.signature}"),
    }


class LemmaSearch:
    def __init__(self, lemmas: Iterable[Lemma]) -> None:
        self.lemmas = list(lemmas)
        self._ranker = Ranker([lemma_fields(lemma) for lemma in self.lemmas], FIELD_WEIGHTS)

    def search(self, query: str, limit: int = 10) -> list[LemmaHit]:
        """At most `limit` lemmas, best first; none when the query has no identifier words."""
        ranked = self._ranker.top(set(words(query)), limit)
        return [LemmaHit(lemma=self.lemmas[index], score=score) for index, score in ranked]
