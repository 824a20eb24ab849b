"""The pre-check of a file or a crate's files: each rule over the lens's models, findings placed in units.

A file that does not lex gets only its parse errors: the other rules read structure that a broken token stream
does not give with certainty (and verus would stop at rustc's errors anyway).
"""

import time
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from verusagent.lens import SourceModel, TokenStream, parse_shared
from verusagent.lens.positions import LineIndex
from verusagent.precheck.exec_calls import ExecFunctions, exec_call_findings
from verusagent.precheck.ghost_calls import GhostFunctions, ghost_call_findings
from verusagent.precheck.ghost_types import ghost_type_findings
from verusagent.precheck.lexical import parse_findings
from verusagent.precheck.literals import literal_findings
from verusagent.precheck.methods import method_findings
from verusagent.precheck.model import PrecheckFinding, PrecheckReport, PrecheckRule
from verusagent.precheck.names import CrateFile, blind_spot, unknown_call_findings
from verusagent.precheck.regions import exec_bodies
from verusagent.precheck.render import Place
from verusagent.precheck.syntax import syntax_findings
from verusagent.precheck.triggers import trigger_findings
from verusagent.precheck.vstd_methods import VstdMethods
from verusagent.precheck.vstd_names import known_elsewhere
from verusagent.verus import map_to_units


@dataclass(frozen=True)
class PrecheckContext:
    """What the rules need besides the files: the crate's name (verus's messages name paths with it) and the
    names vstd provides (None: the vstd source was not found, so the unknown-function rule does not run)."""

    crate_name: str = "crate"
    vstd_names: frozenset[str] | None = None
    vstd_problem: str = "the vstd source was not given"
    # the files are the whole crate (a file verus checks alone, or every module file): a glob import of
    # `crate::`/`super::`/`self::` then brings in nothing the check does not see
    whole_crate: bool = True
    vstd_methods: VstdMethods | None = None  # the methods of vstd's collection types (None: that rule is off)
    rules: frozenset[PrecheckRule] = field(default_factory=lambda: frozenset(PrecheckRule))


def precheck_source(data: bytes | str, file_name: str, context: PrecheckContext | None = None) -> PrecheckReport:
    """One file: a crate of one file named `file_name` (as verus sees it)."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    context = context or PrecheckContext(crate_name=crate_of(file_name))
    return precheck_parsed({file_name: parse_shared(raw)}, context)


def precheck_parsed(parsed: dict[str, tuple[SourceModel, TokenStream]], context: PrecheckContext) -> PrecheckReport:
    """The crate's files by path, each with its (module-prefixed) model and token stream."""
    started = time.perf_counter()
    files = [
        CrateFile(Place(path, model.data, _lines(stream, model)), model, stream)
        for path, (model, stream) in parsed.items()
    ]
    findings = _parse_errors(files, context)
    rules_off: dict[str, str] = {}
    if not findings:
        findings = _code_findings(files, context, rules_off)
    order = {f.place.file: n for n, f in enumerate(files)}
    findings.sort(key=lambda f: (order.get(_file(f), 0), _offset(f)))
    placed = [_placed(f, files) for f in findings]
    return PrecheckReport(findings=placed, rules_off=rules_off, duration_s=time.perf_counter() - started)


def _lines(stream: TokenStream, model: SourceModel) -> LineIndex:
    """The line index the parse made (shared), else one of the file's own."""
    return stream.lines if isinstance(stream.lines, LineIndex) else LineIndex(model.data)


def _parse_errors(files: list[CrateFile], context: PrecheckContext) -> list[PrecheckFinding]:
    if PrecheckRule.PARSE_ERROR not in context.rules:
        return []
    found = []
    for file in files:
        lexical = parse_findings(file.place, file.stream)
        found += lexical or syntax_findings(file.place, file.model, file.stream)
    return found


def _code_findings(
    files: list[CrateFile], context: PrecheckContext, rules_off: dict[str, str]
) -> list[PrecheckFinding]:
    ghosts = GhostFunctions([f.model for f in files])
    execs = ExecFunctions([f.model for f in files])
    found: list[PrecheckFinding] = []
    for file in files:
        bodies = exec_bodies(file.model, file.stream)
        if PrecheckRule.GHOST_TYPE_IN_EXEC in context.rules:
            found += ghost_type_findings(file.place, file.stream, bodies)
        if PrecheckRule.GHOST_CALL_IN_EXEC in context.rules:
            found += ghost_call_findings(file.place, file.stream, bodies, ghosts, context.crate_name)
        if PrecheckRule.EXEC_CALL_IN_GHOST in context.rules:
            found += exec_call_findings(file.place, file.model, file.stream, execs, context.crate_name)
        if PrecheckRule.MISMATCHED_TYPES in context.rules:
            found += literal_findings(file.place, file.model, file.stream)
        if PrecheckRule.NO_TRIGGER in context.rules:
            found += trigger_findings(file.place, file.model, file.stream)
    if PrecheckRule.UNKNOWN_FUNCTION in context.rules:
        found += _unknown_calls(files, context, rules_off)
    if PrecheckRule.UNKNOWN_METHOD in context.rules:
        found += _unknown_methods(files, context, rules_off)
    return found


def _unknown_calls(
    files: list[CrateFile], context: PrecheckContext, rules_off: dict[str, str]
) -> list[PrecheckFinding]:
    rule = str(PrecheckRule.UNKNOWN_FUNCTION)
    if context.vstd_names is None:
        rules_off[rule] = context.vstd_problem
        return []
    blind = blind_spot(files, {f.place.file for f in files}, context.whole_crate)
    if blind is not None:
        rules_off[rule] = blind
        return []
    return unknown_call_findings(files, context.vstd_names | known_elsewhere())


def _unknown_methods(
    files: list[CrateFile], context: PrecheckContext, rules_off: dict[str, str]
) -> list[PrecheckFinding]:
    if context.vstd_methods is None:
        rules_off[str(PrecheckRule.UNKNOWN_METHOD)] = context.vstd_problem
        return []
    crate_names = frozenset(f.name for file in files for f in file.model.functions)
    return [
        finding
        for file in files
        for finding in method_findings(file.place, file.model, file.stream, context.vstd_methods, crate_names)
    ]


def _placed(finding: PrecheckFinding, files: list[CrateFile]) -> PrecheckFinding:
    """The finding with the lens unit (function, loop, call) and clause of its location filled in."""
    where = finding.diagnostic.location
    model = next((f.model for f in files if where is not None and f.place.file == where.file), None)
    if model is None:
        return finding
    [mapped] = map_to_units([finding.diagnostic], model, None)
    return finding.model_copy(update={"diagnostic": mapped})


def _file(finding: PrecheckFinding) -> str:
    where = finding.diagnostic.location
    return where.file or "" if where else ""


def _offset(finding: PrecheckFinding) -> int:
    where = finding.diagnostic.location
    return where.byte_start or 0 if where else 0


def crate_of(file_name: str) -> str:
    """The crate name rustc gives a single file: its stem, as an identifier."""
    stem = PurePosixPath(file_name).stem.replace("-", "_")
    return stem if stem.isidentifier() else f"c_{stem}"
