"""The crate prompt selects by the same dependency rule as a single file's: one large VeruSAGE task split into
three modules (tests/prompt/split_crate.py) shows every needed definition the single-file prompt shows."""

from pathlib import Path

import pytest

from verusagent.agent.strategies import portfolio
from verusagent.bench.needed import CrateDefinitions, coverage
from verusagent.bench.slice_coverage import prove_request
from verusagent.bench.verusage import SplicedPair, discover, spliced_pair
from verusagent.crate.discover import find_crate
from verusagent.crate.model import CrateModel, read_sources
from verusagent.crate.workspace import CrateWorkspace
from verusagent.crate_text import join_files
from verusagent.lens import parse_with_tokens
from verusagent.prompt import chat
from verusagent.prompt.proposal import round_prompt

from tests.prompt.split_crate import split_into_modules

# a large task whose target is a method (its Self type and a spec family to follow across modules)
TASK = "ironkv/host_impl_v__impl2__receive_packet_next"


def crate_coverage(pair: SplicedPair, folder: Path):
    files = split_into_modules(pair.original, folder)
    layout = find_crate(folder).layout
    text = join_files({path: data.decode() for path, data in read_sources(layout).items()}, layout.paths)
    path, target = CrateModel.read(layout).resolve(pair.target)  # as `prove CRATE --fn NAME` resolves it
    assert path in files
    workspace = CrateWorkspace(layout, path)
    name, context = round_prompt(
        workspace, text, [], targets=[target.qualified], synth=False, strategy=portfolio(1)[0].name, feedback=[]
    )
    prompt = chat(name, **context)[1]["content"]
    parsed = workspace.parsed(text)
    sources = [parsed[path] for path in layout.paths]
    return coverage(CrateDefinitions(sources), target, pair.ground_truth_function, prompt), context


def single_coverage(pair: SplicedPair):
    request = prove_request(pair.task, pair.original, pair.target, None, ceiling=None)  # as round_prompt: no cap
    model, stream = parse_with_tokens(pair.original)
    found = coverage(
        CrateDefinitions([(model, stream)]),
        model.function(pair.target),
        pair.ground_truth_function,
        request.messages[1]["content"],
    )
    return found, request


@pytest.fixture(scope="module")
def pair(shared_dir: Path) -> SplicedPair:
    [task] = [t for t in discover(shared_dir / "corpus" / "verusage-bench") if t.task_id == TASK]
    found = spliced_pair(task)
    assert isinstance(found, SplicedPair)
    return found


def test_a_task_split_into_three_modules_shows_what_the_single_file_shows(pair, tmp_path):
    single, request = single_coverage(pair)
    split, context = crate_coverage(pair, tmp_path)
    assert request.sliced and len(context["other_files"]) == 2  # the target's module, and what it needs of the two
    assert sorted(n.label for n in split.needed) == sorted(n.label for n in single.needed)
    assert sorted(m.label for m in split.missing) == sorted(m.label for m in single.missing)
    assert split.missing_by_reason()["self_type"] == 0
