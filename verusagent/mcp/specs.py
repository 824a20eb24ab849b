"""The original's specs as the client reads them: each function's signature with its requires/ensures (and the
other clauses that are its contract), spec fns whole. What every edit must keep."""

from verusagent.lens import Mode
from verusagent.lens.model import ClauseKind
from verusagent.mcp.tree import Snapshot

CONTRACT = (ClauseKind.REQUIRES, ClauseKind.RECOMMENDS, ClauseKind.ENSURES, ClauseKind.RETURNS)


def original_specs(snapshot: Snapshot) -> str:
    lines = []
    for file, model in snapshot.model().models.items():
        for function in model.functions:
            lines.append(f"// {file}:{function.span.line} {function.id}")
            if function.mode == Mode.SPEC:
                lines.append(model.slice(function.span).strip())
                continue
            lines.append(function.signature)
            lines += [model.slice(c.span).strip() for c in function.clauses if c.kind in CONTRACT]
        lines.append("")
    return "\n".join(lines)
