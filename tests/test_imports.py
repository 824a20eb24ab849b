"""`import litellm` takes seconds: the CLI's help and the commands that need no model must not load it."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

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
    "verusagent.reply",
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


def modules_after_cli(tmp_path: Path, *args: str, codes: tuple[int, ...] = (0,)) -> set[str]:
    """The modules loaded by a fresh interpreter that ran the ``verusagent`` entry point with ``args``."""
    out = tmp_path / "modules.json"
    run = subprocess.run(
        [sys.executable, "-c", CLI_PROBE, str(out), *args], capture_output=True, text=True, timeout=120
    )
    assert run.returncode in codes, run.stdout[-1000:] + run.stderr[-2000:]
    return set(json.loads(out.read_text()))


def has_litellm(modules: set[str]) -> bool:
    return any(name == "litellm" or name.startswith("litellm.") for name in modules)


def test_importing_does_not_load_litellm():
    """All the light modules imported in one fresh interpreter: imports only ever add modules, so if litellm is
    not loaded after all of them, none of them loads it (the one that does is then named)."""
    code = (
        "import importlib, json, sys\nfirst = None\n"
        f"for name in {LIGHT_MODULES!r}:\n"
        "    importlib.import_module(name)\n"
        "    if first is None and any(m.split('.')[0] == 'litellm' for m in sys.modules):\n"
        "        first = name\n"
        "print(json.dumps(first))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert json.loads(run.stdout) is None, f"importing {json.loads(run.stdout)} loads litellm"


def test_verusagent_help_does_not_load_litellm(tmp_path):
    modules = modules_after_cli(tmp_path, "--help")
    assert "verusagent.cli" in modules and not any(m.startswith("verusagent.commands.") for m in modules)
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
    labels.write_text(
        '{"score": 0.0, "valid": true, "votes": ["minor", "minor", "not_real"]}\n' * 100
        + '{"score": 1.0, "valid": false, "verus_s": 12.0, "votes": [1, 1, 1]}\n' * 10
    )
    modules = modules_after_cli(tmp_path, "calibrate", str(labels), "--json", "--out", str(tmp_path / "c.json"))
    assert "verusagent.review.calibration.resample" in modules
    assert not has_litellm(modules)


def test_the_model_layer_loads_litellm_only_when_it_calls():
    code = (
        "import sys\nfrom verusagent.llm.provider import load_litellm\nassert 'litellm' not in sys.modules\n"
        "load_litellm()\nassert 'litellm' in sys.modules\nimport os\n"
        "assert os.environ['LITELLM_LOCAL_MODEL_COST_MAP'] == 'True'\n"
        "import litellm\nassert litellm.suppress_debug_info and any(p['provider'] == 'scripted' "
        "for p in litellm.custom_provider_map)"
    )
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


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Inputs for the model-free commands: a file and its proof, a verus log, a vstd folder, labels, a git
    repository with a proved file changed, and the verus stand-in answering "verified"."""
    repo = Path(__file__).resolve().parents[1]
    count_up = (repo / "rust_fixtures" / "agent" / "count_up.rs").read_text()
    proved = count_up.replace(
        "    while r < n {", "    while r < n\n        invariant\n            r <= n,\n        decreases n - r,\n    {"
    )
    (tmp_path / "count_up.rs").write_text(count_up)
    (tmp_path / "proved.rs").write_text(proved)
    (tmp_path / "verus.log").write_text(
        "error: invariant not satisfied at end of loop body\n  --> count_up.rs:12:13\n"
        "\nverification results:: 0 verified, 1 errors\n"
    )
    (tmp_path / "vstd").mkdir()
    (tmp_path / "vstd" / "vstd.rs").write_text("verus! { pub proof fn lemma_x(s: Seq<int>) ensures s.len() >= 0 {} }\n")
    (tmp_path / "labels.jsonl").write_text('{"score": 0.0, "valid": true}\n' * 20 + '{"score": 1.0, "valid": false}\n')
    (tmp_path / "verified.json").write_text('{"name": "verified", "rules": [{"verdict": "verified"}]}')
    monkeypatch.setenv("VERUS_STANDIN_SCENARIO", str(tmp_path / "verified.json"))
    project = tmp_path / "project"
    project.mkdir()
    (project / "count_up.rs").write_text(count_up)
    for args in (
        ["init", "-q"],
        ["add", "."],
        ["-c", "user.email=t@example.invalid", "-c", "user.name=T", "commit", "-qm", "problem"],
    ):
        subprocess.run(["git", *args], cwd=project, check=True, capture_output=True)
    (project / "count_up.rs").write_text(proved)
    return tmp_path


STANDIN = str(Path(__file__).resolve().parents[1] / "tools" / "verus_standin.py")
MODEL_FREE = {  # command line, relative to the `files` folder (gate: in its git repository)
    "prove --dry-run": ["prove", "count_up.rs", "--model", "openai/gpt-4o", "--dry-run"],
    "repair --dry-run": [
        "repair",
        "count_up.rs",
        "--log",
        "verus.log",
        "--model",
        "anthropic/claude-sonnet-4-5",
        "--dry-run",
        "--json",
    ],
    "synth --dry-run": ["synth", "count_up.rs", "--model", "nosuchprovider/foo", "--dry-run", "--fn", "count_up"],
    "units": ["units", "count_up.rs", "--json"],
    "check": ["check", "count_up.rs", "proved.rs"],
    "lemmas": ["lemmas", "seq", "len", "--vstd", "vstd", "--file", "proved.rs"],
    "verify": ["verify", "count_up.rs", "--verus", STANDIN],
    "diagnose": ["diagnose", "verus.log", "--source", "count_up.rs"],
    "gate": ["gate", "--base", "HEAD"],
    "gate --review, nothing to review": [
        "gate",
        "--base",
        "HEAD",
        "--review",
        "--model",
        "openai/gpt-4o",
        "no-such-change.rs",
    ],
    "calibrate": ["calibrate", "labels.jsonl", "--json"],
    "--version": ["--version"],
    "prove --help": ["prove", "--help"],
}


@pytest.mark.parametrize("name", list(MODEL_FREE))
def test_a_model_free_command_does_not_load_litellm(name: str, files: Path, monkeypatch) -> None:
    args = MODEL_FREE[name]
    if args[0] == "gate":
        monkeypatch.chdir(files / "project")
        if "no-such-change.rs" in args:  # a path with no change: the review has no file to read
            (files / "project" / "no-such-change.rs").write_text("")
            subprocess.run(["git", "add", "no-such-change.rs"], cwd=files / "project", check=True)
            subprocess.run(
                ["git", "-c", "user.email=t@example.invalid", "-c", "user.name=T", "commit", "-qm", "x"],
                cwd=files / "project",
                check=True,
                capture_output=True,
            )
    else:
        monkeypatch.chdir(files)
    modules = modules_after_cli(Path.cwd(), *args, codes=(0, 1))  # 1: not verified, a verdict
    assert "verusagent.cli" in modules
    assert not has_litellm(modules), f"`verusagent {' '.join(args)}` imported litellm"


def test_the_model_layer_knows_nothing_of_verus():
    """`import verusagent.llm` (transport only) loads neither the lens nor tree-sitter, nor the prompts."""
    code = (
        "import sys, verusagent.llm, verusagent.llm.client, verusagent.llm.provider\n"
        "loaded = [m for m in sys.modules if m.startswith(('verusagent.lens', 'tree_sitter', 'verusagent.prompt',"
        " 'verusagent.edit', 'verusagent.context', 'jinja2'))]\nassert not loaded, loaded"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
