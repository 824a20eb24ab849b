"""BM25F: rarer words weigh more, fields are weighted, saturation, ties in document order."""

import pytest

from verusagent.lemmas.rank import Ranker

WEIGHTS = {"ensures": 3.0, "name": 1.0}


def test_a_word_in_the_heavier_field_ranks_first():
    documents = [{"name": ["take"], "ensures": ["len"]}, {"name": ["len"], "ensures": ["take"]}]
    ranker = Ranker(documents, WEIGHTS)
    assert [index for index, _ in ranker.top({"take"}, 2)] == [1, 0]
    assert [index for index, _ in ranker.top({"len"}, 2)] == [0, 1]


def test_rare_words_outweigh_common_ones():
    documents = [{"ensures": ["len", "len"]}, {"ensures": ["len", "subrange"]}, {"ensures": ["len"]}]
    ranker = Ranker(documents, WEIGHTS)
    best, _ = ranker.top({"len", "subrange"}, 1)[0]
    assert best == 1
    assert ranker.idf["subrange"] > ranker.idf["len"] > 0


def test_term_frequency_saturates():
    documents = [{"ensures": ["len"] * 50}, {"ensures": ["len", "take"]}, {"ensures": ["other"]}]
    scores = Ranker(documents, WEIGHTS).scores({"len", "take"})
    assert scores[1] > scores[0]  # two matching words beat one word repeated fifty times


def test_unknown_words_and_empty_queries_give_nothing():
    ranker = Ranker([{"ensures": ["len"]}], WEIGHTS)
    assert ranker.top({"nothing"}, 5) == [] and ranker.top(set(), 5) == []


def test_ties_keep_document_order_and_limit_cuts():
    ranker = Ranker([{"ensures": ["a1"]}] * 4, WEIGHTS)
    assert [index for index, _ in ranker.top({"a1"}, 3)] == [0, 1, 2]


def test_an_empty_index_is_searchable():
    assert Ranker([], WEIGHTS).top({"len"}, 3) == []


@pytest.mark.parametrize("field", ["ensures", "name"])
def test_empty_fields_do_not_divide_by_zero(field):
    ranker = Ranker([{field: []}, {field: ["x1"]}], WEIGHTS)
    assert ranker.top({"x1"}, 2)[0][0] == 1
