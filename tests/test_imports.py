"""`import litellm` takes seconds: the CLI's help and the commands that need no model must not load it."""

import json
import subprocess
import sys
from pathlib import Path

LIGHT_MODULES = [
    "verusagent.cli",
    "verusagent.llm",
    "verusagent.llm.client",
    "verusagent.edit.extract",
    "verusagent.prompt.templates",
    "verusagent.llm.cache",
    "verusagent.llm.budget",
    "verusagent.llm.retry",
    "verusagent.llm.script",
    "verusagent.llm.tools",
    "verusagent.record",
    "verusagent.record.timeline",
    "verusagent.commands.show",
    "verusagent.review",
    "verusagent.review.calibration.labels",
    "verusagent.review.calibration.report",
    "verusagent.review.calibration.render",
    "verusagent.commands.calibrate",
    "verusagent.commands.lemmas",
    "verusagent.lemmas",
    "verusagent.bench.command",
    "verusagent.bench.cli_run",
    "verusagent.bench.report",
    "verusagent.context",
    "verusagent.llm.tokens",
]


CLI_PROBE = """
import atexit, json, sys
out, args = sys.argv[1], sys.argv[2:]
atexit.register(lambda: open(out, "w").write(json.dumps(sorted(sys.modules))))
sys.argv = ["verusagent", *args]
from verusagent.cli import main
main()
"""


def modules_after_cli(tmp_path: Path, *args: str) -> set[str]:
    """The modules loaded by a fresh interpreter that ran the ``verusagent`` entry point with ``args``."""
    out = tmp_path / "modules.json"
    run = subprocess.run([sys.executable, "-c", CLI_PROBE, str(out), *args], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stdout[-1000:] + run.stderr[-2000:]
    return set(json.loads(out.read_text()))


def has_litellm(modules: set[str]) -> bool:
    return any(name == "litellm" or name.startswith("litellm.") for name in modules)


def test_importing_does_not_load_litellm():
    """All the light modules imported in one fresh interpreter: imports only ever add modules, so if litellm is
    not loaded after all of them, none of them loads it (the one that does is then named)."""
    code = ("import importlib, json, sys\nfirst = None\n"
            f"for name in {LIGHT_MODULES!r}:\n"
            "    importlib.import_module(name)\n"
            "    if first is None and any(m.split('.')[0] == 'litellm' for m in sys.modules):\n"
            "        first = name\n"
            "print(json.dumps(first))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert json.loads(run.stdout) is None, f"importing {json.loads(run.stdout)} loads litellm"


def test_verusagent_help_does_not_load_litellm(tmp_path):
    modules = modules_after_cli(tmp_path, "--help")
    assert "verusagent.cli" in modules and "verusagent.commands.show" in modules
    assert not has_litellm(modules)
    script = Path(sys.executable).parent / "verusagent"
    run = subprocess.run([str(script), "--help"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "show" in run.stdout


def test_bench_driver_loads_neither_litellm_nor_its_extras(tmp_path):
    """The driver needs no model: litellm loads only in the task processes; Ray and matplotlib only when used."""
    modules = modules_after_cli(tmp_path, "bench", "--help")
    assert "verusagent.bench.command" in modules
    assert not has_litellm(modules) and "ray" not in modules and "matplotlib" not in modules


def test_show_does_not_load_litellm(tmp_path):
    from verusagent.record import RunStarted, RunWriter

    with RunWriter.create(tmp_path, "r") as writer:
        writer.emit(RunStarted(run_id="r"))
    modules = modules_after_cli(tmp_path, "show", str(writer.folder))
    assert "verusagent.record.reader" in modules
    assert not has_litellm(modules)


def test_calibrate_does_not_load_litellm(tmp_path):
    labels = tmp_path / "labels.jsonl"
    labels.write_text('{"score": 0.0, "valid": true, "votes": ["minor", "minor", "not_real"]}\n' * 100
                      + '{"score": 1.0, "valid": false, "verus_s": 12.0, "votes": [1, 1, 1]}\n' * 10)
    modules = modules_after_cli(tmp_path, "calibrate", str(labels), "--json", "--out", str(tmp_path / "c.json"))
    assert "verusagent.review.calibration.resample" in modules
    assert not has_litellm(modules)


def test_the_model_layer_loads_litellm_only_when_it_calls():
    code = ("import sys\nfrom verusagent.llm.provider import load_litellm\nassert 'litellm' not in sys.modules\n"
            "load_litellm()\nassert 'litellm' in sys.modules\nimport os\n"
            "assert os.environ['LITELLM_LOCAL_MODEL_COST_MAP'] == 'True'\n"
            "import litellm\nassert litellm.suppress_debug_info and any(p['provider'] == 'scripted' "
            "for p in litellm.custom_provider_map)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "model cost map fetch" not in run.stderr  # no network attempt at import


def test_lemmas_does_not_load_litellm(tmp_path):
    vstd = tmp_path / "vstd"
    vstd.mkdir()
    (vstd / "vstd.rs").write_text("verus! { pub proof fn lemma_x(s: Seq<int>) ensures s.len() >= 0, { } }\n")
    modules = modules_after_cli(tmp_path, "lemmas", "seq len", "--vstd", str(vstd), "--json")
    assert "verusagent.lemmas.search" in modules
    assert not has_litellm(modules)


def test_the_model_layer_knows_nothing_of_verus():
    """`import verusagent.llm` (transport only) loads neither the lens nor tree-sitter, nor the prompts."""
    code = ("import sys, verusagent.llm, verusagent.llm.client, verusagent.llm.provider\n"
            "loaded = [m for m in sys.modules if m.startswith(('verusagent.lens', 'tree_sitter', 'verusagent.prompt',"
            " 'verusagent.edit', 'verusagent.context', 'jinja2'))]\nassert not loaded, loaded")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
