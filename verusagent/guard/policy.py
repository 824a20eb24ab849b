"""What the caller lets the model change. The default is strict: the model may only add proof."""

from pydantic import BaseModel, ConfigDict

from verusagent.guard.report import Rule, Severity


class GuardPolicy(BaseModel):
    """Relaxations are explicit. `synth` mode names the functions whose exec bodies the model writes.

    exec_editable_functions: unit ids ("fn:foo", "fn:Type::foo") or plain names whose exec *bodies* may change;
        their signatures and clauses stay guarded.
    allow_exec_changes: every exec body may change (signatures and clauses stay guarded).
    allow_new_exec_functions: new exec functions (helpers) may be added.
    relaxed_rules: violations of these rules are reported as warnings and do not block the candidate.
    """

    model_config = ConfigDict(frozen=True)

    exec_editable_functions: frozenset[str] = frozenset()
    allow_exec_changes: bool = False
    allow_new_exec_functions: bool = False
    relaxed_rules: frozenset[Rule] = frozenset()

    def exec_editable(self, function_id: str, name: str) -> bool:
        if self.allow_exec_changes:
            return True
        return function_id in self.exec_editable_functions or name in self.exec_editable_functions

    def severity(self, rule: Rule) -> Severity:
        return Severity.WARNING if rule in self.relaxed_rules else Severity.ERROR


STRICT = GuardPolicy()
