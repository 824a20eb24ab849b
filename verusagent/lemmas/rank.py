"""BM25F over identifier words: a document has weighted fields (a lemma's ensures, requires, name, ...); each
field's term frequency is normalised by its length, then weighted and summed before BM25's saturation."""

import math
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence

K1 = 1.2
B = 0.75


class Ranker:
    def __init__(self, documents: Sequence[Mapping[str, list[str]]], weights: Mapping[str, float]) -> None:
        self.size = len(documents)
        averages = {f: sum(len(d.get(f, ())) for d in documents) / max(1, self.size) or 1.0 for f in weights}
        self.postings: dict[str, list[tuple[int, float]]] = defaultdict(list)
        for index, document in enumerate(documents):
            for term, frequency in _weighted_frequencies(document, weights, averages).items():
                self.postings[term].append((index, frequency))
        self.idf = {term: _idf(self.size, len(hits)) for term, hits in self.postings.items()}

    def scores(self, terms: set[str]) -> dict[int, float]:
        totals: dict[int, float] = defaultdict(float)
        for term in terms:
            idf = self.idf.get(term)
            if idf is None:
                continue
            for index, frequency in self.postings[term]:
                totals[index] += idf * frequency * (K1 + 1) / (frequency + K1)
        return totals

    def top(self, terms: set[str], limit: int) -> list[tuple[int, float]]:
        ranked = sorted(self.scores(terms).items(), key=lambda item: (-item[1], item[0]))
        return ranked[:limit]


def _weighted_frequencies(
    document: Mapping[str, list[str]], weights: Mapping[str, float], averages: Mapping[str, float]
) -> dict[str, float]:
    combined: dict[str, float] = defaultdict(float)
    for name, weight in weights.items():
        words = document.get(name, ())
        if not words:
            continue
        norm = 1 - B + B * len(words) / averages[name]
        for term, count in Counter(words).items():
            combined[term] += weight * count / norm
    return combined


def _idf(size: int, document_frequency: int) -> float:
    return math.log(1 + (size - document_frequency + 0.5) / (document_frequency + 0.5))
