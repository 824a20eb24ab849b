"""Runs verus on one candidate: flags, cache, a scratch copy, the process, the verdict."""

import hashlib
import os
import re
import sqlite3
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from verusagent.verus.cache import ResultCache, cache_key, crate_cache_key, default_cache
from verusagent.verus.cargo import cargo_command, crate_relative_spans, root_crate_output
from verusagent.verus.install import VerusInstall
from verusagent.verus.models import ParsedOutput, RunOptions, Verdict, VerusResult
from verusagent.verus.parse import parse_output
from verusagent.verus.process import ProcessOutcome, ProcessRegistry, run_in_group
from verusagent.verus.sources import CrateSources

KEEP_OUTPUT_CHARS = 256 * 1024  # of each stream kept in a result: the head and the tail
_MAIN = re.compile(rb"\bfn\s+main\s*\(")
_LINE_COMMENT = re.compile(rb"//[^\n]*")


def build_flags(
    install: VerusInstall, data: bytes, options: RunOptions, crate: CrateSources | None = None
) -> tuple[list[str], list[str]]:
    """verus's arguments (without the file) and warnings about requested flags this verus lacks. `data` is the
    root file; under `cargo verus` cargo decides the crate's type and name."""
    flags = ["--output-json", "--error-format=json"]
    flags += _if_supported(install, "--no-report-long-running")
    flags += ["--multiple-errors", str(options.multiple_errors), "--rlimit", _rlimit(options.rlimit)]
    cargo = crate is not None and crate.cargo_verus is not None
    if not has_main(data) and not cargo:
        flags.append("--crate-type=lib")
    if crate is not None and crate.crate_name and not cargo:
        flags += ["--crate-name", crate.crate_name]
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
    source: bytes | str | CrateSources,
    *,
    options: RunOptions | None = None,
    registry: ProcessRegistry | None = None,
) -> VerusResult:
    """Verifies `source` (a file's text, or a crate's files) with verus (or answers from the cache). Never
    raises for what verus does: a crash, a hang or garbage output is a TOOL_FAILURE or TIMEOUT result with its
    reasons."""
    options = options or RunOptions()
    clock = _Clock()
    run = _prepare(install, source, options)
    cached = _answer_from_cache(run, clock)
    if cached is not None:
        return cached
    outcome, scratch = _execute(install, run.flags, run.sources, options, registry, clock)
    result = _result(
        install,
        options,
        _recorded_flags(run.flags, run.sources, options),
        run.sources,
        outcome,
        run.warnings,
        clock,
        scratch,
    )
    _store(run.cache, run.key, result)
    clock.mark("cache_store")
    return result.model_copy(update={"timings": clock.done()})


def cached_result(
    install: VerusInstall, source: bytes | str | CrateSources, options: RunOptions | None = None
) -> VerusResult | None:
    """The result cache's answer for this run, exactly as `run_verus` would give it, or None (a miss, or
    `use_cache` off). Starts no verus: a budget of verus runs need not cover it."""
    return _answer_from_cache(_prepare(install, source, options or RunOptions()), _Clock())


@dataclass
class _PreparedRun:
    sources: CrateSources
    flags: list[str]
    warnings: list[str]
    key: str
    cache: ResultCache | None


def _prepare(install: VerusInstall, source: bytes | str | CrateSources, options: RunOptions) -> _PreparedRun:
    sources = _sources(source, options)
    crate = None if sources.is_single_file else sources
    flags, warnings = build_flags(install, sources.root_data, options, crate)
    cache = default_cache() if options.use_cache else None
    return _PreparedRun(sources, flags, warnings, _key(install, flags, sources), cache)


def _answer_from_cache(run: _PreparedRun, clock: _Clock) -> VerusResult | None:
    clock.mark("prepare")
    cached = _lookup(run.cache, run.key, run.warnings)
    clock.mark("cache_lookup")
    if cached is None:
        return None
    return cached.model_copy(update={"from_cache": True, "timings": clock.done(), "warnings": run.warnings})


def _sources(source: bytes | str | CrateSources, options: RunOptions) -> CrateSources:
    if isinstance(source, CrateSources):
        return source
    data = source.encode("utf-8") if isinstance(source, str) else source
    return CrateSources.single(safe_file_name(options.file_name), data)


def _key(install: VerusInstall, flags: list[str], sources: CrateSources) -> str:
    if sources.is_single_file:
        return cache_key(install.fingerprint, flags, sources.root, sources.root_data)
    return crate_cache_key(install.fingerprint, flags, sources.key_parts(), sources.files)


def _recorded_flags(flags: list[str], sources: CrateSources, options: RunOptions) -> list[str]:
    """The flags as the record keeps them: under cargo, the cargo subcommand first (`verify`, or `focus` for a
    partial run), so that a record says how each result was made."""
    if sources.cargo_verus is None:
        return flags
    return ["cargo-verus", "focus" if options.partial else "verify", "--", *flags]


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
    sources: CrateSources,
    options: RunOptions,
    registry: ProcessRegistry | None,
    clock: _Clock,
) -> tuple[ProcessOutcome | OSError, str]:
    with tempfile.TemporaryDirectory(prefix="verusagent-verus-") as scratch:
        try:
            crate = sources.write(Path(scratch))
        except OSError as problem:  # the crate could not be copied: a tool failure, with the reason
            return problem, scratch
        clock.mark("scratch")
        if sources.cargo_verus is not None:
            command, cwd = cargo_command(sources, flags, options), Path(scratch)
        else:
            command, cwd = [install.path, *flags, sources.root], crate
        try:
            outcome: ProcessOutcome | OSError = run_in_group(
                command, cwd=str(cwd), timeout_s=options.timeout_s, registry=registry
            )
        except OSError as problem:  # the binary vanished or cannot be executed: reported as a tool failure
            outcome = problem
        clock.mark("verus")
    clock.mark("scratch")
    return outcome, scratch


def _result(
    install: VerusInstall,
    options: RunOptions,
    flags: list[str],
    sources: CrateSources,
    outcome: ProcessOutcome | OSError,
    warnings: list[str],
    clock: _Clock,
    scratch: str,
) -> VerusResult:
    if isinstance(outcome, OSError):
        runner = sources.cargo_verus or install.path
        parsed = ParsedOutput(verdict=Verdict.TOOL_FAILURE, reasons=[f"cannot run {runner}: {outcome}"])
        outcome = ProcessOutcome(None, "", "", 0.0, False, False)
    else:
        stdout = root_crate_output(outcome.stdout) if sources.cargo_verus else outcome.stdout
        parsed = parse_output(stdout, outcome.stderr, _exit_code(outcome, sources))
        if not sources.is_single_file:
            parsed.diagnostics = crate_relative_spans(parsed.diagnostics, sources, scratch)
    clock.mark("parse")
    verdict, reasons = _final_verdict(parsed, outcome, options)
    standin = install.is_standin or parsed.standin_detected
    if standin:  # its words are about a stand-in's answer, never verus's
        reasons = [
            reason.replace("verus verified", "the verus stand-in (not verus) answered verified for")
            for reason in reasons
        ]
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
        content_sha256=hashlib.sha256(sources.content()).hexdigest(),
        file_name=sources.root,
        flags=flags,
        stdout=stdout,
        stderr=stderr,
        output_truncated=cut_out or cut_err or outcome.truncated,
        panics=parsed.panics,
        raw_lines=parsed.raw_lines[:200],
        func_details=parsed.func_details,
    )


def _exit_code(outcome: ProcessOutcome, sources: CrateSources) -> int | None:
    """cargo exits 101 when the build failed, here when verus found errors: that is verus's exit 1."""
    if sources.cargo_verus is not None and outcome.exit_code == 101 and '"verification-results"' in outcome.stdout:
        return 1
    return outcome.exit_code


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
