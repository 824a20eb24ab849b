"""`--fn` targets: each names a function of the file by its name, qualified name or unit id; the inductive
lemma of a state machine too, by its name (`tr_inc_preserves`) or its unit id (`sm:X/inductive:tr_inc`)."""

from verusagent.lens import Function, parse_shared


class UnknownTarget(ValueError):
    pass


def resolve_targets(source: str, targets: list[str]) -> list[Function]:
    """The functions the targets name, in order; UnknownTarget lists the ones that name nothing, or the functions
    a name matches when it matches several (as in a crate: the file's first `wf` of twelve is no answer)."""
    if not targets:
        return []
    model = parse_shared(source)[0]  # read only here; the agent parses the same text again
    found = [(target, _matches(model.functions, target)) for target in targets]
    unknown = [target for target, matches in found if not matches]
    if unknown:
        names = ", ".join(f.qualified for f in model.functions[:12]) + (", ..." if len(model.functions) > 12 else "")
        raise UnknownTarget(f"--fn {', '.join(unknown)}: no such function in the file (it has: {names or 'none'})")
    for target, matches in found:
        if len(matches) > 1:
            listed = ", ".join(f"{f.id} (line {f.span.line})" for f in matches)
            raise UnknownTarget(
                f"--fn {target} matches {len(matches)} functions: {listed}; name one by its qualified name or unit id"
            )
    return [matches[0] for _, matches in found]


def have_loops(source: str, targets: list[str]) -> bool:
    """Whether a loop lies in the functions the targets name (every function of the source when none is named),
    as the lens finds them; a target that names no function counts as one with loops (its shape is unknown)."""
    model = parse_shared(source)[0]
    functions = [model.function(target) for target in targets] if targets else list(model.functions)
    if any(function is None for function in functions):
        return True
    spans = [function.span for function in functions if function is not None]
    return any(span.start <= loop.span.start and loop.span.end <= span.end for loop in model.loops for span in spans)


def _matches(functions: list[Function], target: str) -> list[Function]:
    """The functions a target names: by unit id, else by qualified name, else by bare name."""
    for key in ("id", "qualified", "name"):
        matches = [f for f in functions if getattr(f, key) == target]
        if matches:
            return matches
    return []


def target_names(source: str, targets: list[str]) -> list[str]:
    """The targets as the prompt names them: qualified names (`X::tr_inc_preserves` for a unit id too), or the
    unit id where the file has several functions of that qualified name (two impls of one trait for `Vec`)."""
    model = parse_shared(source)[0]
    named = []
    for target in targets:
        function = model.function(target)
        twins = [f for f in model.functions if function and f.qualified == function.qualified]
        named.append(target if function is None else function.id if len(twins) > 1 else function.qualified)
    return named
