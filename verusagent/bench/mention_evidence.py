"""What ground-truth proofs use of what the slicer ranks: the evidence the mention priors are learned from.

For each VeruSAGE-Bench task with a ground truth, the task file is sliced around its target (the prover's slice
at the default budget, whether or not the file is large enough to be sliced in a prompt) and every candidate the
ranking offers because a shown part mentions it is recorded once, with the kind of the part that mentioned it
first and its own kind (context/priors.py's classes: "proof", "exec", "spec" mention a "spec", "enum", "fn", ...).
A candidate is used when the ground-truth proof needs it (bench/needed.py: its text, or the signature the needed
measure asks for, is in the candidate's text). What is needed whatever it costs never reaches the ranking, so the
evidence is about the rest: the definitions a proof uses beyond what the unproved target mentions.

A mention's chance (`learn`) is the share of such candidates used, smoothed toward the share over all pairs
(`SMOOTHING` pseudo-candidates): a pair seen rarely keeps near the overall share. The recording follows the
ranking as it ran with the priors in force, so a candidate only reached through a part that was shown counts.
"""

from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from pydantic import BaseModel

from verusagent.bench.needed import CrateDefinitions, folded_text, needed_definitions
from verusagent.bench.verusage import SplicedPair, VerusageTask, spliced_pair
from verusagent.context import select as select_module
from verusagent.context.levels import Detail
from verusagent.context.outline import Node
from verusagent.context.priors import candidate_kind, source_kind
from verusagent.context.slicer import FileSlicer, NoTargets
from verusagent.lens import parse_with_tokens

SMOOTHING = 10.0  # pseudo-candidates at the overall share, per pair
LEAST_EVIDENCE = 20  # a pair offered fewer times than this falls back to the default chance


class Offer(BaseModel):
    project: str
    pair: str  # "source>candidate", e.g. "proof>spec"
    used: bool


class PairChance(BaseModel):
    offered: int
    used: int
    chance: float


class MentionPriors(BaseModel):
    """The learned table (verusagent/context/mention_priors.json), with the evidence it was made from."""

    made_by: str = "python tools/learn_priors.py"
    projects: list[str]
    smoothing: float = SMOOTHING
    default: float  # a pair with too little evidence, and a header's mention
    pairs: dict[str, PairChance]

    def table(self) -> dict[tuple[str, str], float]:
        return {tuple(k.split(">", 1)): v.chance for k, v in self.pairs.items()}  # type: ignore[misc]


def task_offers(task: VerusageTask) -> list[Offer]:
    """The ranked candidates of the task's slice, each once, and whether its ground truth uses it."""
    pair = spliced_pair(task)
    if not isinstance(pair, SplicedPair):
        return []
    model, stream = parse_with_tokens(pair.original)
    function = model.function(pair.target)
    if function is None:
        return []
    needed = needed_definitions(CrateDefinitions([(model, stream)]), function, pair.ground_truth_function)
    texts = [folded_text(text) for n in needed for text in n.texts]
    slicer = FileSlicer(pair.original, model, stream)
    with _recorded() as seen:
        try:
            slicer.slice([pair.target])
        except NoTargets:
            return []
    data = model.data
    return [Offer(project=task.project, pair=key, used=_holds_any(data, node, texts)) for node, key in seen.items()]


def learn(offers: Iterable[Offer]) -> MentionPriors:
    offers = list(offers)
    counts = Counter(o.pair for o in offers)
    used = Counter(o.pair for o in offers if o.used)
    overall = sum(used.values()) / max(len(offers), 1)
    pairs = {
        key: PairChance(offered=n, used=used[key], chance=round((used[key] + SMOOTHING * overall) / (n + SMOOTHING), 3))
        for key, n in sorted(counts.items())
        if n >= LEAST_EVIDENCE
    }
    rare = [o for o in offers if counts[o.pair] < LEAST_EVIDENCE]
    default = (sum(o.used for o in rare) + SMOOTHING * overall) / (len(rare) + SMOOTHING)
    return MentionPriors(projects=sorted({o.project for o in offers}), default=round(default, 3), pairs=pairs)


@contextmanager
def _recorded() -> Iterator[dict[Node, str]]:
    """Every candidate the ranking's mentions offer, with "source>candidate" of its first mention."""
    seen: dict[Node, str] = {}
    original = select_module._Offers._prior

    def recording(offers, node, candidate, mention):  # type: ignore[no-untyped-def]
        header = offers.selection.levels[node] == Detail.HEADER
        if candidate not in offers.selection.levels and not header:
            seen.setdefault(candidate, f"{source_kind(node)}>{candidate_kind(candidate)}")
        return original(offers, node, candidate, mention)

    select_module._Offers._prior = recording  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        select_module._Offers._prior = original  # type: ignore[method-assign]


def _holds_any(data: bytes, node: Node, texts: list[str]) -> bool:
    if node.item is None:
        return False
    own = folded_text(data[node.item.span.start : node.item.span.end].decode("utf-8", "replace"))
    return any(text and text in own for text in texts)
