"""Lemma hits as text for people (the `lemmas` command) and for a model's tool result."""

from verusagent.lemmas.model import LemmaHit

_MAX_CLAUSE_CHARS = 400


def render_hit(hit: LemmaHit, rank: int) -> str:
    lemma = hit.lemma
    lines = [
        f"{rank:2}. {lemma.path}  [{lemma.kind}, score {hit.score:.2f}]",
        f"    {lemma.file}:{lemma.line}"
        + (f"  groups: {', '.join(lemma.broadcast_groups)}" if lemma.broadcast_groups else ""),
        f"    {lemma.signature}",
    ]
    for keyword, exprs in (("requires", lemma.requires), ("ensures", lemma.ensures)):
        for expr in exprs:
            lines.append(f"    {keyword:8} {_clip(expr)}")
    return "\n".join(lines)


def render_hits(hits: list[LemmaHit]) -> str:
    return "\n".join(render_hit(hit, rank) for rank, hit in enumerate(hits, 1))


def _clip(text: str) -> str:
    return text if len(text) <= _MAX_CLAUSE_CHARS else text[: _MAX_CLAUSE_CHARS - 3] + "..."
