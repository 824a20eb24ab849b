"""The stand-in itself: names itself everywhere, rules, computed positions, exit codes."""

import json
import subprocess
import sys
from pathlib import Path

from verusagent.verus import parse_output, parse_text_log

from tests.verus.verus_support import STANDIN

SOURCE = 'fn main() {\n    let s = "é";\n    let total = add(1, 2);\n}\n'


def call(args: list[str], cwd: Path, scenario: Path | None = None) -> subprocess.CompletedProcess:
    env = {"PATH": "/usr/bin:/bin"}
    if scenario is not None:
        env["VERUS_STANDIN_SCENARIO"] = str(scenario)
    return subprocess.run(
        [sys.executable, str(STANDIN), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=30
    )


def write(tmp_path: Path, scenario: dict) -> Path:
    (tmp_path / "input.rs").write_text(SOURCE, encoding="utf-8")
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(scenario))
    return path


def test_version_says_stand_in(tmp_path: Path) -> None:
    document = json.loads(call(["--version", "--output-json"], tmp_path).stdout)
    assert document["standin"] is True and document["verus"]["version"] == "0.0.0-standin"
    assert "stand-in (not the real verus)" in call(["--version"], tmp_path).stdout


def test_every_run_carries_the_marker(tmp_path: Path) -> None:
    scenario = write(tmp_path, {"name": "plain", "verdict": "verified"})
    done = call(["--output-json", "--error-format=json", "input.rs"], tmp_path, scenario)
    assert done.returncode == 0
    assert done.stderr.startswith("[verus stand-in] note: not the real verus; answering from scenario plain")
    assert json.loads(done.stdout)["verus"]["standin"] is True


def test_rules_pick_the_first_match_and_compute_positions(tmp_path: Path) -> None:
    scenario = write(
        tmp_path,
        {
            "rules": [
                {"when_contains": "nothing like this", "verdict": "verified"},
                {
                    "when_contains": "add(",
                    "when_not_contains": "assume(",
                    "verdict": "failed",
                    "errors": [
                        {
                            "message": "precondition not satisfied",
                            "line_contains": "add(1, 2)",
                            "related": [{"line_contains": '"é"', "label": "failed precondition"}],
                        }
                    ],
                },
            ]
        },
    )
    done = call(["--output-json", "--error-format=json", "input.rs"], tmp_path, scenario)
    assert done.returncode == 1
    parsed = parse_output(done.stdout, done.stderr, done.returncode)
    [error] = parsed.diagnostics
    data = SOURCE.encode()
    loc = error.location
    assert (loc.line, loc.col, loc.end_col) == (3, 17, 26)
    assert data[loc.byte_start : loc.byte_end] == b"add(1, 2)"
    related = error.related[0]
    assert (related.line, related.col, related.end_col) == (2, 13, 16)  # columns in characters
    assert data[related.byte_start : related.byte_end] == '"é"'.encode()
    assert parsed.standin_detected and parsed.summary.errors == 1


def test_human_format_round_trips_through_the_text_parser(tmp_path: Path) -> None:
    scenario = write(
        tmp_path,
        {
            "verdict": "failed",
            "errors": [{"message": "assertion failed", "line_contains": "add(1, 2)", "label": "assertion failed"}],
        },
    )
    done = call(["input.rs"], tmp_path, scenario)
    parsed = parse_text_log(done.stderr + done.stdout)
    [error] = parsed.diagnostics
    assert (error.location.file, error.location.line, error.location.col, error.location.text) == (
        "input.rs",
        3,
        17,
        "add(1, 2)",
    )
    assert parsed.summary.errors == 1 and parsed.standin_detected


def test_unsupported_flag_exits_255(tmp_path: Path) -> None:
    scenario = write(tmp_path, {"unsupported_flags": ["--no-cheating"], "verdict": "verified"})
    done = call(["--no-cheating", "input.rs"], tmp_path, scenario)
    assert done.returncode == 255 and done.stderr.startswith("Error: Unrecognized option: 'no-cheating'")
    assert "--no-cheating" not in call(["--help"], tmp_path, scenario).stdout


def test_scenario_problems_are_loud(tmp_path: Path) -> None:
    assert call(["input.rs"], tmp_path).returncode == 2  # no scenario
    scenario = write(tmp_path, {"verdict": "failed", "errors": [{"message": "m", "line_contains": "absent"}]})
    done = call(["input.rs"], tmp_path, scenario)
    assert done.returncode == 2 and "'absent'" in done.stderr


def test_a_folder_of_scenarios_is_read_in_name_order(tmp_path: Path) -> None:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    (folder / "b.json").write_text(json.dumps({"name": "b", "verdict": "verified"}))
    (folder / "a.json").write_text(json.dumps({"name": "a", "rules": [{"when_contains": "zzz", "verdict": "failed"}]}))
    write(tmp_path, {})
    done = call(["--output-json", "input.rs"], tmp_path, folder)
    assert "scenario b (rule 0)" in done.stderr and done.returncode == 0


def test_partial_run_needs_a_root_and_omits_success(tmp_path: Path) -> None:
    scenario = write(tmp_path, {"verdict": "verified"})
    assert call(["--verify-function", "main", "input.rs"], tmp_path, scenario).returncode == 255
    done = call(["--output-json", "--verify-function", "main", "--verify-root", "input.rs"], tmp_path, scenario)
    results = json.loads(done.stdout)["verification-results"]
    assert "success" not in results and results["is-verifying-entire-crate"] is False


TWO_FUNCTIONS = "fn helper(x: u8) -> u8 {\n    x + 1\n}\n\nfn main() {\n    let y = helper(2);\n}\n"


def _focus_scenario(tmp_path: Path) -> Path:
    (tmp_path / "input.rs").write_text(TWO_FUNCTIONS, encoding="utf-8")
    path = tmp_path / "scenario.json"
    path.write_text(
        json.dumps(
            {
                "verdict": "failed",
                "errors": [{"message": "possible arithmetic underflow/overflow", "line_contains": "x + 1"}],
            }
        )
    )
    return path


def test_verify_function_pairs_with_exactly_one_root_or_only_module(tmp_path: Path) -> None:
    scenario = _focus_scenario(tmp_path)
    refused = {
        ("--verify-function", "main"): "requires --verify-only-module or --verify-root",
        ("--verify-function", "main", "--verify-module", "m"): "use --verify-only-module instead",
        ("--verify-function", "main", "--verify-root", "--verify-only-module", "m"): "at most one",
        ("--verify-function", "main", "--verify-function", "helper", "--verify-root"): "once",
    }
    for args, message in refused.items():
        done = call(["--output-json", *args, "input.rs"], tmp_path, scenario)
        assert done.returncode == 255 and message in done.stderr, (args, done.stderr)
    done = call(["--output-json", "--verify-function", "main", "--verify-root", "input.rs"], tmp_path, scenario)
    assert done.returncode == 0, done.stderr


MODULES = """mod m {
    pub fn helper(x: u8) -> u8 { x }
}
struct Counter { n: u8 }
impl Counter {
    fn bump(&mut self) { self.n = 1; }
}
fn main() {}
"""


def test_a_verify_function_that_names_no_function_of_its_module_is_refused_as_verus_does(tmp_path: Path) -> None:
    (tmp_path / "input.rs").write_text(MODULES, encoding="utf-8")
    scenario = tmp_path / "scenario.json"
    scenario.write_text(json.dumps({"verdict": "verified"}))
    for function, scope in (
        ("helper", ["--verify-root"]),
        ("main", ["--verify-only-module", "m"]),
        ("nosuch", ["--verify-root"]),
        ("Counter::bump", ["--verify-only-module", "m"]),
    ):
        done = call(["--output-json", "--verify-function", function, *scope, "input.rs"], tmp_path, scenario)
        assert done.returncode == 1, (function, scope)
        assert f"could not find function {function} specified by --verify-function" in done.stderr
        assert "available functions are:" in done.stderr and "not the real verus" in done.stderr
    listed = call(["--verify-function", "nosuch", "--verify-root", "input.rs"], tmp_path, scenario).stderr
    assert "  - Counter::bump\n  - main" in listed and "helper" not in listed  # the root's functions only
    for function, scope in (
        ("helper", ["--verify-only-module", "m"]),
        ("Counter::bump", ["--verify-root"]),
        ("bump", ["--verify-root"]),
        ("*elp*", ["--verify-only-module", "m"]),
    ):
        done = call(["--output-json", "--verify-function", function, *scope, "input.rs"], tmp_path, scenario)
        assert done.returncode == 0, (function, scope, done.stderr)


def test_a_focused_run_reports_only_the_errors_inside_its_function(tmp_path: Path) -> None:
    scenario = _focus_scenario(tmp_path)
    elsewhere = call(
        ["--output-json", "--error-format=json", "--verify-function", "main", "--verify-root", "input.rs"],
        tmp_path,
        scenario,
    )
    parsed = parse_output(elsewhere.stdout, elsewhere.stderr, elsewhere.returncode)
    assert elsewhere.returncode == 0 and parsed.partial and not parsed.errors()
    inside = call(
        ["--output-json", "--error-format=json", "--verify-function", "helper", "--verify-root", "input.rs"],
        tmp_path,
        scenario,
    )
    parsed = parse_output(inside.stdout, inside.stderr, inside.returncode)
    assert inside.returncode == 1 and [d.message for d in parsed.errors()] == ["possible arithmetic underflow/overflow"]


def test_a_module_run_alone_is_partial(tmp_path: Path) -> None:
    scenario = write(tmp_path, {"verdict": "verified"})
    for scope in (["--verify-root"], ["--verify-only-module", "m"]):
        done = call(["--output-json", *scope, "input.rs"], tmp_path, scenario)
        results = json.loads(done.stdout)["verification-results"]
        assert done.returncode == 0 and "success" not in results and results["is-verifying-entire-crate"] is False
