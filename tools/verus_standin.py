#!/usr/bin/env python3
"""verus stand-in: NOT the real verus. A test double that behaves like `verus` at the process boundary.

It answers from scenario files instead of verifying anything, and says so in every output: a stderr line
`[verus stand-in] note: not the real verus; answering from scenario NAME`, `"standin": true` and the version
`0.0.0-standin` in its JSON, `Verus stand-in (not the real verus)` in its text version.

Scenario: env VERUS_STANDIN_SCENARIO names a JSON file, or a folder whose *.json files are read in name order.
A file holds either one answer (used for every input) or rules, of which the first that matches answers:

    {
      "name": "loop-invariant",                  optional, shown in the marker line
      "unsupported_flags": ["--no-cheating"],    these flags exit 255 with `Error: Unrecognized option`
      "version": "0.2024.01.01.abcdef0",         optional, default "0.0.0-standin"
      "install_incomplete": false,               every call exits 128, like a broken install
      "rules": [
        {
          "when_contains": "invariant",          substring (or list, all needed) of the input .rs file
          "when_not_contains": "assume(",        substring (or list, none allowed)
          "when_flags": ["--verify-function"],   flags that must all be present
          "verdict": "failed",                   verified | failed | frontend_rejected | did_not_compile
          "errors": [                            diagnostics; positions computed from the input file
            {"message": "invariant not satisfied at end of loop body",
             "line_contains": "x <= 10",         the span is this substring's first occurrence
             "occurrence": 1,                    or its n-th one
             "label": null, "level": "error", "code": null,   "E0308" gives {"code": "E0308"}
             "notes": ["..."],
             "related": [{"line_contains": "requires x > 0", "label": "failed precondition"},
                         {"file": "vstd/seq.rs", "line": 12, "col": 9, "text": "i < self.len()",
                          "label": "failed precondition"}]}
          ],
          "verified": 3,                         the `verified` count (default: functions minus errors)
          "errors_count": 1,                     the `errors` count (default: error-level entries)
          "stdout": {...} | null,                replaces the JSON document (null: print none)
          "stdout_text": "garbage",              replaces stdout with raw text
          "stderr_lines": ["text", {...}],       extra stderr lines (objects are printed as JSON)
          "exit": 1,                             default: 0 for verified, else 1
          "sleep": 0.0,                          seconds to wait before answering (a slow run)
          "hang": false,                         start a child (like z3), then never answer
          "stray_child": false,                  leave a child behind in the process group, then answer
          "panic": false                         print a panic and no JSON document
        }
      ]
    }

Env VERUS_STANDIN_PIDFILE: a file to which the pids of the stand-in and its children are appended.
Env VERUS_STANDIN_LOG: a file to which one JSON line per call is appended (argv, input hash, rule, times).
Flags: `--version [--output-json]`, `--help`; in a run `--output-json` and `--error-format=json` select JSON output
(human text otherwise); any `--verify-*` flag makes the run partial; `--verify-function F` (once per run) needs
exactly one `--verify-root` or `--verify-only-module M` beside it, as verus does (else exit 1 with verus's message),
and reports only the scenario's errors that lie inside `fn F`. F must name a function of that module (the root, or
M: a file's module or an inline `mod` in it), as a name relative to it (`f`, `Type::f`, or a part of one; `*`
wildcards aside): else exit 1 with verus's "could not find function F specified by --verify-function" and the
module's functions. Without a scenario a run exits 2 with an explanation.

Crates. `verus src/lib.rs` follows the root's `mod x;` lines (`x.rs`, `x/mod.rs`, `#[path = "..."]`) as verus
does: rules match the text of every file, an error's `line_contains` is looked for in the files in order (or in
`"file": "src/net.rs"`), and its spans name the file as it was opened. `--verify-only-module M` (or `--verify-root`)
alone reports only the errors in M's files. Called as `cargo-verus verus verify|focus [--manifest-path P] [-p NAME]
[--target-dir D] -- VERUS-ARGS` (how cargo runs a subcommand), it plays `cargo verus`: it reads the Cargo.toml
(a workspace's member by `-p`), verifies the package's root like `verus ROOT`, names files from the folder it
runs in (`member/src/net.rs`), prints cargo's `Compiling` lines and exits 101 where verus exits 1. `verify`
refuses `--verify-*` flags, as cargo-verus does ("Partial verification must use `cargo verus focus`").
"""

import hashlib
import json
import os
import re
import sys
import time
import tomllib
from pathlib import Path

MARKER = "[verus stand-in]"
DEFAULT_VERSION = "0.0.0-standin"
VALUE_FLAGS = {
    "--multiple-errors",
    "--rlimit",
    "--num-threads",
    "--verify-function",
    "--verify-module",
    "--verify-only-module",
    "-V",
    "--crate-type",
    "--edition",
    "--error-format",
    "--crate-name",
}
KNOWN_FLAGS = [
    "--output-json",
    "--error-format",
    "--no-report-long-running",
    "--multiple-errors",
    "--rlimit",
    "--no-cheating",
    "--verify-function",
    "--verify-module",
    "--verify-only-module",
    "--verify-root",
    "--expand-errors",
    "--no-verify",
    "--num-threads",
    "--time",
    "--version",
    "--crate-type",
    "-V",
]


# ------------------------------------------------------------------------------------------- scenario


def scenario_paths() -> list[Path]:
    configured = os.environ.get("VERUS_STANDIN_SCENARIO")
    if not configured:
        return []
    path = Path(configured)
    return sorted(path.glob("*.json")) if path.is_dir() else [path]


def load_scenarios() -> list[dict]:
    scenarios = []
    for path in scenario_paths():
        data = json.loads(path.read_text(encoding="utf-8"))
        data.setdefault("name", path.stem)
        scenarios.append(data)
    return scenarios


def scenario_digest() -> str:
    digest = hashlib.sha256()
    for path in scenario_paths():
        digest.update(path.read_bytes())
    return digest.hexdigest()


def rules_of(scenario: dict) -> list[dict]:
    if "rules" in scenario:
        return scenario["rules"]
    answer = {k: v for k, v in scenario.items() if k not in ("name", "unsupported_flags", "version")}
    return [answer]


def as_list(value) -> list:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def matches(rule: dict, text: str, flags: set[str]) -> bool:
    return (
        all(s in text for s in as_list(rule.get("when_contains")))
        and not any(s in text for s in as_list(rule.get("when_not_contains")))
        and all(f in flags for f in as_list(rule.get("when_flags")))
    )


def pick_rule(scenarios: list[dict], text: str, flags: set[str]) -> tuple[str, int, dict] | None:
    for scenario in scenarios:
        for index, rule in enumerate(rules_of(scenario)):
            if matches(rule, text, flags):
                return scenario["name"], index, rule
    return None


# ------------------------------------------------------------------------------------------- arguments


def split_args(argv: list[str]) -> tuple[set[str], dict[str, str], list[str]]:
    flags, values, positional = set(), {}, []
    index = 0
    while index < len(argv):
        arg = argv[index]
        name, _, inline = arg.partition("=")
        if arg.startswith("-"):
            flags.add(name)
            if inline:
                values[name] = inline
            elif name in VALUE_FLAGS and index + 1 < len(argv):
                values[name] = argv[index + 1]
                index += 1
        else:
            positional.append(arg)
        index += 1
    return flags, values, positional


def unsupported(scenarios: list[dict]) -> set[str]:
    return {flag for s in scenarios for flag in s.get("unsupported_flags", [])}


def version_of(scenarios: list[dict]) -> str:
    return next((s["version"] for s in scenarios if "version" in s), DEFAULT_VERSION)


# ------------------------------------------------------------------------------------------- spans


def span_at(data: bytes, file_name: str, needle: str, occurrence: int, label, primary: bool) -> dict:
    encoded = needle.encode("utf-8")
    start = -1
    for _ in range(max(occurrence, 1)):
        start = data.find(encoded, start + 1)
        if start < 0:
            raise LookupError(f"line_contains {needle!r} (occurrence {occurrence}) is not in {file_name}")
    end = start + len(encoded)
    (line, col, line_text), (end_line, end_col, _) = position(data, start), position(data, end)
    result = span(file_name, start, end, line, col, end_col, line_text, label, primary)
    result["line_end"] = end_line
    return result


def position(data: bytes, offset: int) -> tuple[int, int, str]:
    """1-based line and character column of a byte offset, and the text of its line."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    line_end = data.find(b"\n", offset)
    line_end = len(data) if line_end < 0 else line_end
    line_text = data[line_start:line_end].decode("utf-8", errors="replace")
    column = len(data[line_start:offset].decode("utf-8", errors="replace")) + 1
    return data.count(b"\n", 0, offset) + 1, column, line_text


def span(file_name, byte_start, byte_end, line, col, end_col, line_text, label, primary) -> dict:
    return {
        "file_name": file_name,
        "byte_start": byte_start,
        "byte_end": byte_end,
        "line_start": line,
        "line_end": line,
        "column_start": col,
        "column_end": end_col,
        "is_primary": primary,
        "text": [{"text": line_text, "highlight_start": col, "highlight_end": end_col}],
        "label": label,
        "suggested_replacement": None,
        "suggestion_applicability": None,
        "expansion": None,
    }


def related_span(data: bytes, file_name: str, spec: dict) -> dict:
    if "line_contains" in spec:
        return span_at(data, file_name, spec["line_contains"], spec.get("occurrence", 1), spec.get("label"), False)
    text = spec.get("text", "")
    line, col = spec.get("line", 1), spec.get("col", 1)
    return span(
        spec["file"],
        spec.get("byte_start", 0),
        spec.get("byte_start", 0) + len(text.encode()),
        line,
        col,
        col + len(text),
        " " * (col - 1) + text,
        spec.get("label"),
        False,
    )


def diagnostic(data: bytes, file_name: str, spec: dict) -> dict:
    spans = []
    if "line_contains" in spec:
        spans.append(
            span_at(data, file_name, spec["line_contains"], spec.get("occurrence", 1), spec.get("label"), True)
        )
    spans += [related_span(data, file_name, r) for r in spec.get("related", [])]
    code = spec.get("code")
    entry = {
        "$message_type": "diagnostic",
        "message": spec["message"],
        "code": {"code": code, "explanation": None} if code else None,
        "level": spec.get("level", "error"),
        "spans": spans,
        "children": [
            {"message": n, "code": None, "level": "note", "spans": [], "children": [], "rendered": None}
            for n in spec.get("notes", [])
        ],
    }
    entry["rendered"] = render_human(entry)
    return entry


def render_human(entry: dict) -> str:
    code = f"[{entry['code']['code']}]" if entry.get("code") else ""
    lines = [f"{entry['level']}{code}: {entry['message']}"]
    spans = sorted(entry["spans"], key=lambda s: not s["is_primary"])
    width = max([len(str(s["line_start"])) for s in spans] or [1])
    pad = " " * width
    current_file = None
    for s in spans:
        arrow = "-->" if current_file is None else ":::"
        if s["file_name"] != current_file:
            lines += [f"{pad}{arrow} {s['file_name']}:{s['line_start']}:{s['column_start']}", f"{pad} |"]
            current_file = s["file_name"]
        row = s["text"][0]["text"] if s["text"] else ""
        mark = ("^" if s["is_primary"] else "-") * max(s["column_end"] - s["column_start"], 1)
        label = f" {s['label']}" if s.get("label") else ""
        lines += [
            f"{str(s['line_start']).rjust(width)} | {row}",
            f"{pad} | {' ' * (s['column_start'] - 1)}{mark}{label}",
        ]
    lines += [f"{pad} = note: {c['message']}" for c in entry["children"]]
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------------------- answers


PARTIAL_FLAGS = {"--verify-function", "--verify-module", "--verify-only-module", "--verify-root"}


def function_range(data: bytes, pattern: str) -> tuple[int, int] | None:
    """Bytes from `fn NAME` (NAME: the pattern's last segment) to its body's closing brace."""
    name = pattern.split("::")[-1].strip("*")
    found = re.search(rb"\bfn\s+" + re.escape(name.encode()) + rb"\b", data)
    if not found:
        return None
    depth, index = 0, data.find(b"{", found.end())
    while 0 <= index < len(data):
        depth += {ord("{"): 1, ord("}"): -1}.get(data[index], 0)
        if depth == 0:
            return found.start(), index + 1
        index += 1
    return found.start(), len(data)


def focused(errors: list[dict], data: bytes, pattern: str) -> list[dict]:
    """A `--verify-function` run reports only the errors inside that function, as verus does."""
    bounds = function_range(data, pattern)
    if bounds is None:
        return errors

    def inside(entry: dict) -> bool:
        primary = [s for s in entry["spans"] if s["is_primary"]]
        return not primary or bounds[0] <= primary[0]["byte_start"] < bounds[1]

    return [e for e in errors if inside(e)]


_SCOPE_OPEN = re.compile(rb"\bmod\s+(\w+)\s*\{|\bimpl\b[^{;]*\{")
_FN_NAME = re.compile(rb"\bfn\s+(\w+)")


def unknown_function(files: list, values: dict) -> str | None:
    """verus's refusal of a `--verify-function F` that names no function of its module (None: F names one)."""
    pattern = values.get("--verify-function")
    if pattern is None:
        return None
    module = values.get("--verify-only-module", "")
    names = sorted({name for f in files for path, name in module_functions(f) if path == module})
    if any(pattern.strip("*") in name for name in names):
        return None
    listed = "".join(f"\n  - {name}" for name in names)
    return f"could not find function {pattern} specified by --verify-function\navailable functions are:{listed}"


def module_functions(file) -> list[tuple[str, str]]:
    """(module path, name relative to it) of each `fn` of a file: `Type::f` in an impl, inline `mod`s followed."""
    data = re.sub(rb"//[^\n]*", lambda m: b" " * len(m.group(0)), file.data)
    scopes = []  # (start, end, "mod" | "impl", name)
    for match in _SCOPE_OPEN.finditer(data):
        end = closing_brace(data, match.end() - 1)
        kind = "mod" if match.group(1) else "impl"
        scopes.append(
            (match.start(), end, kind, match.group(1).decode() if match.group(1) else impl_type(match.group(0)))
        )
    found = []
    for match in _FN_NAME.finditer(data):
        around = [s for s in scopes if s[0] < match.start() < s[1]]
        mods = [s[3] for s in around if s[2] == "mod"]
        impls = [s[3] for s in around if s[2] == "impl" and s[3]]
        module = "::".join(([file.module] if file.module else []) + mods)
        found.append((module, f"{impls[-1]}::{match.group(1).decode()}" if impls else match.group(1).decode()))
    return found


def impl_type(header: bytes) -> str:
    """`impl<T> Trait for Type<T> where .. {` -> `Type`."""
    text = re.sub(r"<[^<>]*>", "", re.sub(r"<[^<>]*>", "", header.decode("utf-8", "replace")))
    text = text.split(" where ")[0].rstrip("{ \n")
    words = text.split(" for ")[-1].split()
    return words[-1].split("::")[-1] if words and words[-1] != "impl" else ""


def closing_brace(data: bytes, index: int) -> int:
    depth = 0
    while index < len(data):
        depth += {ord("{"): 1, ord("}"): -1}.get(data[index], 0)
        if depth == 0:
            return index
        index += 1
    return len(data)


def count_functions(text: str) -> int:
    return len(re.findall(r"\bfn\s+\w+", text))


def function_names(text: str) -> list[str]:
    return re.findall(r"\bfn\s+(\w+)", text)


def results_document(
    rule: dict, text: str, crate: str, errors: list[dict], partial: bool, version: str, files=None
) -> dict:
    verdict = rule.get("verdict", "verified")
    error_count = rule.get("errors_count", sum(1 for e in errors if e["level"] == "error"))
    verified = rule.get("verified", max(count_functions(text) - error_count, 0))
    results = {"encountered-error": verdict != "verified", "encountered-vir-error": verdict == "frontend_rejected"}
    if not partial:
        results["success"] = verdict == "verified"
    if verdict != "frontend_rejected":
        if verdict == "did_not_compile":
            verified, error_count = 0, 0
        results.update({"verified": verified, "errors": error_count, "is-verifying-entire-crate": not partial})
    modules = [(f.module, f.data.decode("utf-8", "replace")) for f in files] if files else [("", text)]
    details: dict[str, dict[str, list[str]]] = {
        "::".join(p for p in (crate, module, name) if p): {"obligation_proof_notes": [], "failed_proof_notes": []}
        for module, part in modules
        for name in function_names(part)
    }
    return {"func-details": details, "verification-results": results, "verus": build_info(version)}


def build_info(version: str) -> dict:
    return {
        "profile": "standin",
        "version": version,
        "standin": True,
        "platform": {"os": sys.platform, "arch": os.uname().machine},
        "toolchain": "none (verus stand-in)",
        "commit": "standin",
    }


def aborting(errors: list[dict]) -> list[dict]:
    count = sum(1 for e in errors if e["level"] == "error")
    if not count:
        return []
    plural = "s" if count > 1 else ""
    tail: list[dict[str, object]] = [
        {
            "$message_type": "diagnostic",
            "message": f"aborting due to {count} previous error{plural}",
            "code": None,
            "level": "error",
            "spans": [],
            "children": [],
            "rendered": f"error: aborting due to {count} previous error{plural}\n\n",
        }
    ]
    codes = sorted({e["code"]["code"] for e in errors if e.get("code")})
    if codes:
        note = f"For more information about this error, try `rustc --explain {codes[0]}`."
        tail.append(
            {
                "$message_type": "diagnostic",
                "message": note,
                "code": None,
                "level": "failure-note",
                "spans": [],
                "children": [],
                "rendered": note + "\n",
            }
        )
    return tail


def emit_stderr(entries: list[dict], json_errors: bool) -> None:
    for entry in entries:
        if isinstance(entry, str):
            print(entry, file=sys.stderr)
        elif json_errors:
            print(json.dumps(entry), file=sys.stderr)
        else:
            print(entry.get("rendered") or "", file=sys.stderr)


def emit_stdout(rule: dict, document: dict, json_output: bool, partial: bool) -> None:
    if "stdout_text" in rule:
        sys.stdout.write(rule["stdout_text"])
    elif json_output:
        chosen = rule.get("stdout", document)
        if chosen is not None:
            print(json.dumps(chosen, indent=2))
    else:
        results = document["verification-results"]
        suffix = " (partial verification with `--verify-*`)" if partial else ""
        print(
            f"verification results:: {results.get('verified', 0)} verified, {results.get('errors', 0)} errors{suffix}"
        )
    sys.stdout.flush()


# ------------------------------------------------------------------------------------------- processes


def record_pids(*pids: int) -> None:
    pidfile = os.environ.get("VERUS_STANDIN_PIDFILE")
    if pidfile:
        with open(pidfile, "a", encoding="utf-8") as out:
            out.write("".join(f"{pid}\n" for pid in pids))
            out.flush()


def start_child(seconds: float) -> int:
    """A child in the same process group, like a z3 worker."""
    return os.posix_spawn(sys.executable, [sys.executable, "-c", f"import time; time.sleep({seconds})"], os.environ)


def hang() -> None:
    record_pids(os.getpid(), start_child(3600))
    while True:
        time.sleep(3600)


def panic(rule: dict) -> int:
    print("thread 'rustc' panicked at rust_verify/src/verifier.rs:1:1:", file=sys.stderr)
    print("verus stand-in: simulated panic (not a real verus panic)", file=sys.stderr)
    print("note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace", file=sys.stderr)
    if "stdout_text" in rule or rule.get("stdout"):
        emit_stdout(rule, {}, True, False)
    return rule.get("exit", 1)


def log_call(argv: list[str], data: bytes, rule_name: str, started: float, files=None) -> None:
    log = os.environ.get("VERUS_STANDIN_LOG")
    if log:
        record = {
            "argv": argv,
            "cwd": os.getcwd(),
            "sha256": hashlib.sha256(data).hexdigest(),
            "rule": rule_name,
            "pid": os.getpid(),
            "start": started,
            "end": time.time(),
        }
        if files is not None and len(files) > 1:
            record["files"] = {f.name: hashlib.sha256(f.data).hexdigest() for f in files}
        with open(log, "a", encoding="utf-8") as out:
            out.write(json.dumps(record) + "\n")


# ------------------------------------------------------------------------------------------- commands


def print_version(scenarios: list[dict], as_json: bool) -> int:
    version = version_of(scenarios)
    if as_json:
        document = {
            "verus": build_info(version),
            "standin": True,
            "scenario": os.environ.get("VERUS_STANDIN_SCENARIO"),
            "scenario_sha256": scenario_digest(),
        }
        print(json.dumps(document, indent=2))
    else:
        print(
            f"Verus stand-in (not the real verus)\n  Version: {version}\n  Profile: standin\n"
            f"  Scenario sha256: {scenario_digest()}"
        )
    return 0


def print_help(scenarios: list[dict]) -> int:
    missing = unsupported(scenarios)
    print("Usage: verus [options] FILE   (verus stand-in: not the real verus)\n\nOptions:")
    for flag in KNOWN_FLAGS:
        if flag not in missing:
            print(f"    {flag}")
    return 0


def check_arguments(argv: list[str], flags: set[str], scenarios: list[dict]) -> int | None:
    for flag in sorted(flags & unsupported(scenarios)):
        print(
            f"Error: Unrecognized option: '{flag.lstrip('-')}' (verus stand-in: unsupported by the scenario)",
            file=sys.stderr,
        )
        return 255
    problem = scope_problem(argv)
    if problem:
        print(f"Error: {problem}", file=sys.stderr)
        return 255
    return None


def scope_problem(argv: list[str]) -> str | None:
    """verus's pairing rule (its argument parser's messages): one `--verify-function F` per run, beside exactly
    one `--verify-root` or `--verify-only-module M`, never `--verify-module`."""
    functions = sum(1 for a in argv if a.split("=")[0] == "--verify-function")
    roots = sum(1 for a in argv if a.split("=")[0] in ("--verify-root", "--verify-only-module"))
    if not functions:
        return None
    if functions > 1:
        return "--verify-function may be given once (verus stand-in: one function per run)"
    if "--verify-module" in {a.split("=")[0] for a in argv}:
        return "When using --verify-function, use --verify-only-module instead of --verify-module"
    if roots != 1:
        return (
            "--verify-function option requires --verify-only-module or --verify-root"
            if not roots
            else "Must pass at most one --verify-only-module or --verify-root when using --verify-function"
        )
    return None


def run(argv: list[str], scenarios: list[dict]) -> int:
    if len(argv) >= 2 and argv[0] == "verus" and argv[1] in ("verify", "focus"):
        return run_cargo(argv, scenarios)
    flags, values, positional = split_args(argv)
    bad = check_arguments(argv, flags, scenarios)
    if bad is not None:
        return bad
    sources = [p for p in positional if p.endswith(".rs")]
    if len(sources) != 1:
        print(f"{MARKER} error: expected one .rs file, got {positional}", file=sys.stderr)
        return 255
    if not scenarios:
        print(f"{MARKER} error: no scenario: set VERUS_STANDIN_SCENARIO to a scenario file or folder", file=sys.stderr)
        return 2
    return answer(argv, sources[0], flags, values, scenarios)


def answer(argv, file_name, flags, values, scenarios, cargo: dict | None = None) -> int:
    started = time.time()
    try:
        files = crate_files(file_name)
    except OSError as error:
        print(f"error: couldn't read {error.filename}: {error.strerror}", file=sys.stderr)
        return 1
    data = files[0].data if len(files) == 1 else b"".join(f.data for f in files)
    text = "".join(f.data.decode("utf-8", errors="replace") for f in files)
    unknown = unknown_function(files, values)
    if unknown is not None:
        print(f"{MARKER} note: not the real verus; refusing the run as verus does", file=sys.stderr)
        print(f"error: {unknown}", file=sys.stderr)
        log_call(argv, data, "none (unknown --verify-function)", started, files)
        return 1
    picked = pick_rule(scenarios, text, flags)
    name = f"{picked[0]} (rule {picked[1]})" if picked else "none"
    print(f"{MARKER} note: not the real verus; answering from scenario {name}", file=sys.stderr)
    if picked is None:
        print(f"{MARKER} error: no rule of the scenario matches {file_name}", file=sys.stderr)
        log_call(argv, data, name, started, files)
        return 2
    crate = (cargo or {}).get("name") or values.get("--crate-name") or re.sub(r"\W", "_", Path(file_name).stem)
    code = respond(picked[2], files, text, crate, flags, values, version_of(scenarios), cargo)
    log_call(argv, data, name, started, files)
    return code


def respond(rule, files, text, crate, flags, values, version, cargo=None) -> int:
    time.sleep(float(rule.get("sleep", 0)))
    if rule.get("hang"):
        hang()
    if rule.get("stray_child"):
        record_pids(start_child(30))
    if rule.get("panic"):
        return panic(rule)
    try:
        errors = [crate_diagnostic(files, spec) for spec in rule.get("errors", [])]
    except LookupError as problem:
        print(f"{MARKER} error: scenario does not fit the input: {problem}", file=sys.stderr)
        return 2
    partial = bool(flags & PARTIAL_FLAGS)
    errors = scoped(errors, files, values, flags)
    narrowed = "--verify-function" in values or (partial and len(files) > 1)
    if narrowed and not any(e["level"] == "error" for e in errors) and rule.get("verdict", "verified") == "failed":
        rule = {**rule, "verdict": "verified", "errors_count": 0}
    document = results_document(rule, text, crate, errors, partial, version, files)
    json_errors = "--error-format" in flags
    if cargo is not None:
        print(f"   Compiling {crate} v0.1.0 ({os.getcwd()}) [verus stand-in playing cargo verus]", file=sys.stderr)
    emit_stderr(errors + aborting(errors) + list(rule.get("stderr_lines", [])), json_errors)
    emit_stdout(rule, document, "--output-json" in flags, partial)
    code = rule.get("exit", 0 if rule.get("verdict", "verified") == "verified" else 1)
    if cargo is not None and code == 1:
        print(f"error: could not compile `{crate}` (lib) due to previous errors", file=sys.stderr)
        return 101  # cargo's code when the build (here: verus) failed
    return code


# ------------------------------------------------------------------------------------------- crates


class StandinSource:
    def __init__(self, name: str, data: bytes, module: str):
        self.name, self.data, self.module = name, data, module


_MOD_DECL = re.compile(rb'(?:#\[path\s*=\s*"([^"]+)"\]\s*)?(?:pub(?:\([^)]*\))?\s+)?\bmod\s+(\w+)\s*;')


def crate_files(root: str) -> list[StandinSource]:
    """The root and the module files its `mod` lines name (as verus follows them), in declaration order."""
    files = [StandinSource(root, Path(root).read_bytes(), "")]
    index = 0
    while index < len(files):
        current = files[index]
        for match in _MOD_DECL.finditer(re.sub(rb"//[^\n]*", b"", current.data)):
            child = module_path(current, match.group(1), match.group(2).decode())
            if child is not None and all(f.name != child[0] for f in files):
                files.append(StandinSource(child[0], Path(child[0]).read_bytes(), child[1]))
        index += 1
    return files


def module_path(parent: StandinSource, path_attribute: bytes | None, name: str) -> tuple[str, str] | None:
    module = f"{parent.module}::{name}" if parent.module else name
    folder = Path(parent.name).parent
    if path_attribute is not None:
        return str(folder / path_attribute.decode()), module
    mod_rs = parent.module == "" or Path(parent.name).name == "mod.rs"
    base = folder if mod_rs else folder / Path(parent.name).stem
    for candidate in (base / f"{name}.rs", base / name / "mod.rs"):
        if candidate.is_file():
            return str(candidate), module
    return None


def crate_diagnostic(files: list[StandinSource], spec: dict) -> dict:
    """The diagnostic in the file that `file` names, else in the first file holding its `line_contains`."""
    wanted = spec.get("file")
    chosen = [f for f in files if wanted and (f.name == wanted or f.name.endswith("/" + wanted))]
    if not chosen and "line_contains" in spec and len(files) > 1:
        chosen = [f for f in files if spec["line_contains"].encode("utf-8") in f.data]
    source = (chosen or files)[0]
    entry = diagnostic(source.data, source.name, spec)
    entry["_module"] = source.module
    return entry


def scoped(errors: list[dict], files: list[StandinSource], values: dict, flags: set[str]) -> list[dict]:
    """What a `--verify-*` run reports: only the errors inside `fn F`; with a module alone (in a crate of
    several files), only the errors in that module's files."""
    if "--verify-function" in values:
        module = values.get("--verify-only-module", "")
        source = next(
            (f for f in files if f.module == module and function_range(f.data, values["--verify-function"])), files[0]
        )
        kept = [e for e in errors if e.get("_module", "") == source.module or len(files) == 1]
        errors = focused(kept, source.data, values["--verify-function"])
    elif len(files) > 1 and (
        "--verify-only-module" in values or "--verify-module" in values or "--verify-root" in flags
    ):
        module = values.get("--verify-only-module", values.get("--verify-module", ""))
        errors = [
            e
            for e in errors
            if e.get("_module", "") == module or e.get("_module", "").startswith(module + "::") and module
        ]
    for entry in errors:
        entry.pop("_module", None)
    return errors


def run_cargo(argv: list[str], scenarios: list[dict]) -> int:
    """`cargo-verus verus verify|focus [cargo options] -- [verus options]`, as cargo calls a subcommand."""
    subcommand, rest = argv[1], argv[2:]
    cargo_args, verus_args = (rest[: rest.index("--")], rest[rest.index("--") + 1 :]) if "--" in rest else (rest, [])
    if subcommand == "verify" and any(a.split("=")[0] in PARTIAL_FLAGS for a in verus_args):
        print(
            "Error: Partial verification must use `cargo verus focus` (verus stand-in playing cargo-verus)",
            file=sys.stderr,
        )
        return 1
    options = cargo_options(cargo_args)
    try:
        name, root = package_root(options.get("--manifest-path", "Cargo.toml"), options.get("-p"))
    except (OSError, LookupError, ValueError) as problem:
        print(f"error: {problem} (verus stand-in playing cargo-verus)", file=sys.stderr)
        return 101
    if not scenarios:
        print(f"{MARKER} error: no scenario: set VERUS_STANDIN_SCENARIO", file=sys.stderr)
        return 2
    flags, values, _ = split_args(verus_args)
    bad = check_arguments(verus_args, flags, scenarios)
    if bad is not None:
        return bad
    return answer(argv, root, flags, values, scenarios, cargo={"name": name})


def cargo_options(args: list[str]) -> dict[str, str]:
    options, index = {}, 0
    while index < len(args):
        name, _, inline = args[index].partition("=")
        if name in ("--manifest-path", "-p", "--package", "--target-dir"):
            value = inline or (args[index + 1] if index + 1 < len(args) else "")
            options["-p" if name == "--package" else name] = value
            index += 0 if inline else 1
        index += 1
    return options


def package_root(manifest_path: str, package: str | None) -> tuple[str, str]:
    """The package's name and root file (relative to the current folder), a workspace member by `-p`."""
    manifest = Path(manifest_path)
    data = tomllib.loads(manifest.read_text(encoding="utf-8"))
    if package and data.get("package", {}).get("name") != package:
        for pattern in data.get("workspace", {}).get("members", []):
            for member in sorted(manifest.parent.glob(pattern)):
                inner = tomllib.loads((member / "Cargo.toml").read_text(encoding="utf-8"))
                if inner.get("package", {}).get("name") == package:
                    manifest, data = member / "Cargo.toml", inner
                    break
    if "package" not in data or (package and data["package"].get("name") != package):
        raise LookupError(f"package `{package}` not found in {manifest_path}")
    folder = manifest.parent
    for candidate in (data.get("lib", {}).get("path"), "src/lib.rs", "src/main.rs"):
        if candidate and (folder / candidate).is_file():
            return data["package"]["name"].replace("-", "_"), os.path.normpath(str(folder / candidate))
    raise LookupError(f"package `{data['package']['name']}` has no root file")


def main(argv: list[str]) -> int:
    try:
        scenarios = load_scenarios()
    except (OSError, json.JSONDecodeError) as problem:
        print(f"{MARKER} error: cannot read the scenario: {problem}", file=sys.stderr)
        return 2
    if any(s.get("install_incomplete") for s in scenarios):
        print("error: Verus installation is incomplete (verus stand-in: simulated)", file=sys.stderr)
        return 128
    if "--version" in argv:
        return print_version(scenarios, "--output-json" in argv)
    if "--help" in argv or "-h" in argv:
        return print_help(scenarios)
    return run(argv, scenarios)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
