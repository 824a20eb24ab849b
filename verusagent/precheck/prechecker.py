"""The pre-check as the agent and the gate use it: one context per run, vstd's names found on first use."""

import threading
from pathlib import Path

from verusagent.lemmas import VstdNotFound, find_vstd
from verusagent.lens import SourceModel, TokenStream, parse_shared
from verusagent.precheck.check import PrecheckContext, crate_of, precheck_parsed
from verusagent.precheck.model import PrecheckReport
from verusagent.precheck.vstd_methods import vstd_methods
from verusagent.precheck.vstd_names import vstd_names


class Prechecker:
    """`vstd`/`verus`: where to find the vstd source (as the lemma search finds it); not found, the
    unknown-function rule does not run and each report says why."""

    def __init__(self, crate_name: str, vstd: Path | None = None, verus: str | None = None, whole_crate: bool = True):
        self.crate_name, self.vstd, self.verus, self.whole_crate = crate_name, vstd, verus, whole_crate
        self._context: PrecheckContext | None = None
        self._lock = threading.Lock()

    def context(self) -> PrecheckContext:
        with self._lock:
            if self._context is None:
                self._context = self._load()
            return self._context

    def check(self, parsed: dict[str, tuple[SourceModel, TokenStream]]) -> PrecheckReport:
        return precheck_parsed(parsed, self.context())

    def _load(self) -> PrecheckContext:
        try:
            source = find_vstd(self.vstd, self.verus)
            return PrecheckContext(
                crate_name=self.crate_name,
                vstd_names=vstd_names(source),
                vstd_methods=vstd_methods(source),
                whole_crate=self.whole_crate,
            )
        except (VstdNotFound, OSError) as error:
            return PrecheckContext(
                crate_name=self.crate_name, vstd_problem=f"no vstd source ({error})", whole_crate=self.whole_crate
            )

    def check_file(self, data: bytes, file_name: str) -> PrecheckReport:
        """One file (e.g. a changed file of a repository): a crate of its own, named by its stem."""
        context = self.context()
        named = PrecheckContext(
            crate_name=crate_of(file_name),
            vstd_names=context.vstd_names,
            vstd_methods=context.vstd_methods,
            vstd_problem=context.vstd_problem,
            whole_crate=self.whole_crate,
        )
        return precheck_parsed({file_name: parse_shared(data)}, named)
