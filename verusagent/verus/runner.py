"""Runs verus on one candidate: flags, cache, a scratch copy, the process, the verdict."""

import hashlib
import os
import re
import sqlite3
import tempfile
import time
from pathlib import Path

from verusagent.verus.cache import ResultCache, cache_key, default_cache
from verusagent.verus.install import VerusInstall
from verusagent.verus.models import ParsedOutput, RunOptions, Verdict, VerusResult
from verusagent.verus.parse import parse_output
from verusagent.verus.process import ProcessOutcome, ProcessRegistry, run_in_group

KEEP_OUTPUT_CHARS = 256 * 1024  # of each stream kept in a result: the head and the tail
_MAIN = re.compile(rb"\bfn\s+main\s*\(")
_LINE_COMMENT = re.compile(rb"//[^\n]*")


def build_flags(install: VerusInstall, data: bytes, options: RunOptions) -> tuple[list[str], list[str]]:
    """verus's arguments (without the file) and warnings about requested flags this verus lacks."""
    flags = ["--output-json", "--error-format=json"]
    flags += _if_supported(install, "--no-report-long-running")
    flags += ["--multiple-errors", str(options.multiple_errors), "--rlimit", _rlimit(options.rlimit)]
    if not has_main(data):
        flags.append("--crate-type=lib")
    flags += _if_supported(install, "--num-threads", str(num_threads(options)))
    flags += scope_flags(options)
    warnings = []
    if options.no_cheating and install.supports("--no-cheating"):
        flags.append("--no-cheating")
    elif options.no_cheating:
        warnings.append(f"--no-cheating was requested but verus {install.version} does not support it")
    return flags + list(options.extra_args), warnings


def scope_flags(options: RunOptions) -> list[str]:
    """`--verify-function F` needs exactly one `--verify-root` or `--verify-only-module M` beside it."""
    module = ["--verify-only-module", options.verify_module] if options.verify_module else []
    if options.verify_function:
        return ["--verify-function", options.verify_function, *(module or ["--verify-root"])]
    return module or (["--verify-root"] if options.verify_root else [])


def _if_supported(install: VerusInstall, flag: str, *values: str) -> list[str]:
    known = install.supported_flags is None or flag in install.supported_flags
    return [flag, *values] if known else []


def _rlimit(rlimit: float | str) -> str:
    if isinstance(rlimit, str):
        return rlimit
    return str(int(rlimit)) if float(rlimit).is_integer() else str(rlimit)


def has_main(data: bytes) -> bool:
    return _MAIN.search(_LINE_COMMENT.sub(b"", data)) is not None


def num_threads(options: RunOptions) -> int:
    """The cores shared out among the runs that go on at once, so that parallel runs do not oversubscribe."""
    if options.num_threads:
        return options.num_threads
    return max(1, len(os.sched_getaffinity(0)) // max(options.jobs, 1))


def safe_file_name(name: str) -> str:
    """A file name whose stem rustc accepts as a crate name."""
    stem = re.sub(r"\W", "_", Path(name).stem) or "candidate"
    return (stem if stem[0].isalpha() else f"f_{stem}") + ".rs"


class _Clock:
    def __init__(self) -> None:
        self.start = self.last = time.perf_counter()
        self.timings: dict[str, float] = {}

    def mark(self, phase: str) -> None:
        now = time.perf_counter()
        self.timings[phase] = self.timings.get(phase, 0.0) + now - self.last
        self.last = now

    def done(self) -> dict[str, float]:
        self.timings["total"] = time.perf_counter() - self.start
        return self.timings


def run_verus(
    install: VerusInstall,
    source: bytes | str,
    *,
    options: RunOptions | None = None,
    registry: ProcessRegistry | None = None,
) -> VerusResult:
    """Verifies `source` with verus (or answers from the cache). Never raises for what verus does: a crash,
    a hang or garbage output is a TOOL_FAILURE or TIMEOUT result with its reasons."""
    options = options or RunOptions()
    clock = _Clock()
    data = source.encode("utf-8") if isinstance(source, str) else source
    flags, warnings = build_flags(install, data, options)
    file_name = safe_file_name(options.file_name)
    key = cache_key(install.fingerprint, flags, file_name, data)
    cache = default_cache() if options.use_cache else None
    clock.mark("prepare")
    cached = _lookup(cache, key, warnings)
    clock.mark("cache_lookup")
    if cached is not None:
        return cached.model_copy(update={"from_cache": True, "timings": clock.done(), "warnings": warnings})
    outcome = _execute(install, flags, file_name, data, options.timeout_s, registry, clock)
    result = _result(install, options, flags, file_name, data, outcome, warnings, clock)
    _store(cache, key, result)
    clock.mark("cache_store")
    return result.model_copy(update={"timings": clock.done()})


def _lookup(cache: ResultCache | None, key: str, warnings: list[str]) -> VerusResult | None:
    if cache is None:
        return None
    try:
        return cache.get(key)
    except (sqlite3.Error, OSError, ValueError) as problem:
        warnings.append(f"the result cache at {cache.path} could not be read ({problem}); verus runs instead")
        return None


def _store(cache: ResultCache | None, key: str, result: VerusResult) -> None:
    if cache is None:
        return
    try:
        cache.put(key, result)
    except (sqlite3.Error, OSError) as problem:
        result.warnings.append(f"the result was not cached: {cache.path}: {problem}")


def _execute(
    install: VerusInstall,
    flags: list[str],
    file_name: str,
    data: bytes,
    timeout_s: float,
    registry: ProcessRegistry | None,
    clock: _Clock,
) -> ProcessOutcome | OSError:
    with tempfile.TemporaryDirectory(prefix="verusagent-verus-") as scratch:
        (Path(scratch) / file_name).write_bytes(data)
        clock.mark("scratch")
        try:
            outcome: ProcessOutcome | OSError = run_in_group(
                [install.path, *flags, file_name], cwd=scratch, timeout_s=timeout_s, registry=registry
            )
        except OSError as problem:  # the binary vanished or cannot be executed: reported as a tool failure
            outcome = problem
        clock.mark("verus")
    clock.mark("scratch")
    return outcome


def _result(
    install: VerusInstall,
    options: RunOptions,
    flags: list[str],
    file_name: str,
    data: bytes,
    outcome: ProcessOutcome | OSError,
    warnings: list[str],
    clock: _Clock,
) -> VerusResult:
    if isinstance(outcome, OSError):
        parsed = ParsedOutput(verdict=Verdict.TOOL_FAILURE, reasons=[f"cannot run {install.path}: {outcome}"])
        outcome = ProcessOutcome(None, "", "", 0.0, False, False)
    else:
        parsed = parse_output(outcome.stdout, outcome.stderr, outcome.exit_code)
    clock.mark("parse")
    verdict, reasons = _final_verdict(parsed, outcome, options)
    standin = install.is_standin or parsed.standin_detected
    if standin:  # its words are about a stand-in's answer, never verus's
        reasons = [reason.replace("verus verified", "the verus stand-in (not verus) answered verified for")
                   for reason in reasons]
    stdout, cut_out = _kept(outcome.stdout)
    stderr, cut_err = _kept(outcome.stderr)
    summary = parsed.summary
    return VerusResult(
        verdict=verdict,
        partial=parsed.partial or options.partial,
        reasons=reasons,
        warnings=warnings + _version_warning(install, parsed),
        diagnostics=parsed.diagnostics,
        verified=summary.verified if summary else None,
        errors=summary.errors if summary else None,
        exit_code=outcome.exit_code,
        duration_s=outcome.duration_s,
        verus_path=install.path,
        verus_version=install.version,
        is_standin=standin,
        content_sha256=hashlib.sha256(data).hexdigest(),
        file_name=file_name,
        flags=flags,
        stdout=stdout,
        stderr=stderr,
        output_truncated=cut_out or cut_err or outcome.truncated,
        panics=parsed.panics,
        raw_lines=parsed.raw_lines[:200],
        func_details=parsed.func_details,
    )


def _final_verdict(parsed: ParsedOutput, outcome: ProcessOutcome, options: RunOptions) -> tuple[Verdict, list[str]]:
    if outcome.timed_out:
        return Verdict.TIMEOUT, [f"verus did not finish within {options.timeout_s:g} s; its process group was killed"]
    verdict = parsed.verdict or Verdict.TOOL_FAILURE
    if verdict == Verdict.VERIFIED and options.partial:
        return Verdict.VERIFIED_PARTIAL, ["a partial run (--verify-*) passed: not an acceptance"]
    return verdict, parsed.reasons


def _version_warning(install: VerusInstall, parsed: ParsedOutput) -> list[str]:
    if parsed.verus_version and parsed.verus_version != install.version:
        return [f"verus reported version {parsed.verus_version} in its output, {install.version} when probed"]
    return []


def _kept(text: str) -> tuple[str, bool]:
    if len(text) <= KEEP_OUTPUT_CHARS:
        return text, False
    head, tail = text[: KEEP_OUTPUT_CHARS * 3 // 4], text[-KEEP_OUTPUT_CHARS // 4 :]
    return f"{head}\n[... {len(text) - len(head) - len(tail)} characters cut by verusagent ...]\n{tail}", True
