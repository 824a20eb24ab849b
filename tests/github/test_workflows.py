"""The GitHub Actions workflows and action.yml: both linters clean, and the facts they must keep (the README's test
command, the Python matrix, the verus pin in one place, actions pinned by commit, least privilege, no secrets)."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.github.ci_files import REPO_ROOT, WORKFLOWS, load_yaml

WORKFLOW_FILES = sorted(WORKFLOWS.glob("*.yml"))
ACTION = REPO_ROOT / "action.yml"
VERUS_BENCH_COMMIT = "422077e39ef16a9bb45d929822a1e1356d5a0fcd"  # shared/corpus/verus-bench/PROVENANCE.md
PINNED_USES = re.compile(r"^(actions|github)/[\w.-]+(/[\w./-]+)?@[0-9a-f]{40}$")
VERSION_COMMENT = re.compile(r"uses: \S+@[0-9a-f]{40} # v\d+\.\d+\.\d+$")


def linter(name: str) -> str:
    beside_python = Path(sys.executable).parent / name
    found = str(beside_python) if beside_python.exists() else shutil.which(name)
    assert found, f"{name} is not installed: it is in the test extra (pip install -e '.[test]')"
    return found


def run_linter(*command: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=REPO_ROOT, input=stdin, capture_output=True, text=True, timeout=120)


def action_as_workflow() -> str:
    """action.yml's composite steps as a workflow_dispatch job with the same inputs, so that actionlint (which
    lints workflows, and action metadata only through a workflow's `uses: ./`) checks their expressions and
    shell scripts too."""
    action = load_yaml(ACTION)
    inputs = {name: {"type": "string", "required": False} for name in action["inputs"]}
    job = {"runs-on": "ubuntu-latest", "permissions": {}, "steps": action["runs"]["steps"]}
    workflow = {"name": "action.yml", "on": {"workflow_dispatch": {"inputs": inputs}}, "jobs": {"action": job}}
    return yaml.safe_dump(workflow, sort_keys=False)


def test_actionlint_is_clean_on_the_workflows() -> None:
    done = run_linter(linter("actionlint"), "-no-color", *(str(p.relative_to(REPO_ROOT)) for p in WORKFLOW_FILES))
    assert done.returncode == 0, done.stdout + done.stderr


def test_actionlint_is_clean_on_the_composite_action_steps() -> None:
    done = run_linter(
        linter("actionlint"), "-no-color", "-stdin-filename", "action.yml", "-", stdin=action_as_workflow()
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_zizmor_is_clean_offline() -> None:
    # --offline: no GitHub API, so the online audits (impostor commits, known-vulnerable actions, ref confusion)
    # do not run here; every offline audit does, with the default persona
    done = run_linter(linter("zizmor"), "--offline", "--no-progress", "--color", "never", ".github", "action.yml")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "No findings to report" in done.stdout, done.stdout


def readme_test_command() -> str:
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"^Install and run the tests\b[^\n]*\n\n```bash\n([^\n]+)\n```", readme, re.MULTILINE)
    assert match, "README.md has no ```bash block after 'Install and run the tests'"
    return match.group(1).strip()


def steps_of(workflow: dict) -> list[dict]:
    return [step for job in workflow["jobs"].values() for step in job["steps"]]


def test_ci_runs_exactly_the_readme_test_command() -> None:
    command = readme_test_command()
    assert command == "python3 -m venv .venv && .venv/bin/pip install '.[test]' && .venv/bin/pytest -q"
    runs = [step.get("run", "").strip() for step in steps_of(load_yaml(WORKFLOWS / "ci.yml"))]
    assert command in runs
    assert not any("VERUSAGENT_CORPUS=" in run for run in runs)  # the shared corpus stays absent


def test_the_hosted_workflow_runs_every_check_of_ci_run() -> None:
    """.ci/run (the stop's CI) and ci.yml (the hosted one) run the same checks: the linters and mypy too."""
    local = (REPO_ROOT / ".ci" / "run").read_text().splitlines()
    checks = [line.strip() for line in local if line.startswith(".venv/bin/")]
    runs = [step.get("run", "").strip() for step in steps_of(load_yaml(WORKFLOWS / "ci.yml"))]
    assert ".venv/bin/mypy" in checks
    assert [check for check in checks if check not in runs] == []


def test_ci_matrix_is_python_3_11_to_3_13_on_ubuntu_latest() -> None:
    [job] = load_yaml(WORKFLOWS / "ci.yml")["jobs"].values()
    assert job["runs-on"] == "ubuntu-latest"
    assert job["strategy"]["matrix"]["python-version"] == ["3.11", "3.12", "3.13"]
    setup = next(step for step in job["steps"] if step.get("uses", "").startswith("actions/setup-python@"))
    assert setup["with"]["python-version"] == "${{ matrix.python-version }}"


def dockerfile_args() -> dict[str, str]:
    text = (REPO_ROOT / "Dockerfile").read_text(encoding="utf-8")
    return dict(re.findall(r"^ARG (\w+)=(.*)$", text, re.MULTILINE))


def test_the_dockerfile_pins_the_verus_release_of_verus_release_env(verus_release) -> None:
    release = verus_release.read_release()
    args = dockerfile_args()
    assert args["VERUS_VERSION"] == release.version
    assert args["VERUS_SHA256"] == release.sha256
    assert args["RUST_TOOLCHAIN"] == release.rust_toolchain


def test_the_verus_workflow_takes_its_release_from_verus_release_env(verus_release) -> None:
    text = (WORKFLOWS / "verus.yml").read_text(encoding="utf-8")
    release = verus_release.read_release()
    assert release.version not in text and release.rust_toolchain not in text  # no second copy of the pin
    assert (release.sha256 or "VERUS_SHA256=") not in text
    runs = "\n".join(step.get("run", "") for step in steps_of(load_yaml(WORKFLOWS / "verus.yml")))
    for command in ("verus_release.py show", "verus_release.py install", "verus_release.py check"):
        assert command in runs
    assert 'rustup toolchain install "$RUST_TOOLCHAIN"' in runs


def test_the_verus_workflow_runs_where_and_what_the_issue_says() -> None:
    workflow = load_yaml(WORKFLOWS / "verus.yml")
    assert workflow["on"]["push"] == {"branches": ["main"]}
    assert workflow["on"]["schedule"] and "workflow_dispatch" in workflow["on"]
    assert workflow["env"]["VERUS_BENCH_COMMIT"] == VERUS_BENCH_COMMIT
    assert workflow["env"]["VERUS_BENCH_REPOSITORY"] == "https://github.com/microsoft/verus-proof-synthesis"
    runs = "\n".join(step.get("run", "") for step in steps_of(workflow))
    assert "pytest -q -m verus" in runs
    assert '--oracle --verus "$(command -v verus)" --out bench-out --json' in runs
    assert "bench_floor.py bench-out/summary.json .github/verus-bench-floor.json" in runs
    [upload] = [step for step in steps_of(workflow) if step.get("uses", "").startswith("actions/upload-artifact@")]
    for part in ("summary.json", "report.md", "*.png", "runs/"):
        assert f"bench-out/{part}" in upload["with"]["path"]


def test_the_pinned_verus_bench_commit_is_the_corpus_copy_s(bench_dir: Path) -> None:
    assert VERUS_BENCH_COMMIT in (bench_dir / "PROVENANCE.md").read_text(encoding="utf-8")


def test_the_recorded_floor_claims_no_figure_no_run_produced(bench_floor) -> None:
    floor = bench_floor.load(bench_floor.BenchFloor, REPO_ROOT / ".github" / "verus-bench-floor.json")
    # no real-verus run has produced a Verus-Bench figure yet: when one has, record it with its run and verus
    assert floor.solved is None or (floor.run and floor.verus_version)


def uses_lines() -> list[tuple[Path, str]]:
    return [
        (path, line.strip().removeprefix("- "))
        for path in [*WORKFLOW_FILES, ACTION]
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip().removeprefix("- ").startswith("uses:")
    ]


def test_only_github_s_own_actions_pinned_by_full_commit_sha() -> None:
    remote = [(path, line) for path, line in uses_lines() if not line.startswith("uses: ./")]
    assert remote
    for path, line in remote:
        reference = line.split()[1]
        assert PINNED_USES.match(reference), f"{path.name}: {line}"
        assert VERSION_COMMENT.match(line), f"{path.name}: {line} (say the release: # vX.Y.Z)"


def test_least_privilege_and_no_secrets() -> None:
    for path in WORKFLOW_FILES:
        workflow = load_yaml(path)
        assert workflow["permissions"] == {}, path.name
        for name, job in workflow["jobs"].items():
            assert job["permissions"] == {"contents": "read"}, f"{path.name}: {name}"
            assert job.get("timeout-minutes"), f"{path.name}: {name}"
    for path in [*WORKFLOW_FILES, ACTION]:
        assert "secrets." not in path.read_text(encoding="utf-8"), path.name


def test_the_action_passes_review_and_model_only_through_its_script() -> None:
    action = load_yaml(ACTION)
    assert {"base", "paths", "fail-on-violations", "review", "model"} <= set(action["inputs"])
    assert action["inputs"]["review"]["default"] == "false" and action["inputs"]["model"]["default"] == ""
    [gate] = [step for step in action["runs"]["steps"] if step.get("id") == "gate"]
    assert gate["env"]["GATE_REVIEW"] == "${{ inputs.review }}" and gate["env"]["GATE_MODEL"] == "${{ inputs.model }}"
    assert "${{" not in gate["run"]  # inputs reach the script as environment variables, never as its text


@pytest.mark.parametrize("path", [*WORKFLOW_FILES, ACTION], ids=lambda p: p.name)
def test_no_expression_is_spliced_into_a_script(path: Path) -> None:
    document = load_yaml(path)
    steps = document["runs"]["steps"] if path == ACTION else steps_of(document)
    for step in steps:
        assert "${{" not in step.get("run", ""), f"{path.name}: {step.get('name')}"
