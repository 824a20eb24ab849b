"""A rich tree of a SourceModel, for `verusagent units`."""

from rich.console import Console
from rich.markup import escape
from rich.tree import Tree

from verusagent.console import make_console
from verusagent.lens.machine_model import InvariantStruct, StateMachine
from verusagent.lens.model import Function, SourceModel, Span


def _at(span: Span) -> str:
    return f"[dim]{span.line}:{span.col}[/dim]"


def _short(text: str, width: int = 70) -> str:
    folded = " ".join(text.split())
    return escape(folded if len(folded) <= width else folded[: width - 1] + "…")


def render_model(model: SourceModel, title: str, console: Console | None = None) -> None:
    console = console or make_console()
    machines = f", {len(model.state_machines)} state machines" if model.state_machines else ""
    root = Tree(f"[bold]{escape(title)}[/bold]  {len(model.functions)} functions, {len(model.loops)} loops{machines}")
    for function in model.functions:
        _add_function(root, model, function)
    for machine in model.state_machines:
        _add_machine(root, machine)
    for struct in model.structs_with_invariants:
        _add_invariant_struct(root, struct)
    _add_sites(root, model)
    for problem in model.problems:
        where = _at(problem.span) if problem.span else ""
        root.add(f"[red]problem[/red] {where} {escape(problem.message)}")
    console.print(root)


def _add_function(root: Tree, model: SourceModel, function: Function) -> None:
    flags = " ".join([function.visibility, *function.modifiers, function.mode.value]).strip()
    node = root.add(f"[cyan]{escape(function.id)}[/cyan] {_at(function.span)} [yellow]{escape(flags)}[/yellow]")
    for attribute in function.attributes:
        node.add(f"[magenta]{escape(attribute.text)}[/magenta]")
    for clause in function.clauses:
        clause_node = node.add(f"[green]{clause.kind.value}[/green] {_at(clause.span)}")
        for expr in clause.exprs:
            clause_node.add(_short(expr.text))
    for loop in model.loops_of(function.id):
        loop_node = node.add(f"[blue]{escape(loop.id)}[/blue] {loop.kind.value} {_at(loop.span)}")
        for clause in loop.clauses:
            loop_node.add(f"[green]{clause.kind.value}[/green] " + "; ".join(_short(e.text, 40) for e in clause.exprs))
    for site in model.proof_sites_of(function.id):
        node.add(f"{site.kind.value} {_at(site.span)} {_short(model.slice(site.span), 50)}")
    lemma_calls = [c for c in model.calls_of(function.id) if c.is_lemma]
    for call in lemma_calls:
        node.add(f"lemma call {escape(call.id)} {_at(call.span)}")


def _add_machine(root: Tree, machine: StateMachine) -> None:
    generics = machine.generics or ""
    node = root.add(
        f"[cyan]{escape(machine.id)}[/cyan] {_at(machine.span)} [yellow]{machine.kind.value}[/yellow]"
        f" {escape(machine.name + generics)}"
    )
    for field in machine.fields:
        sharding = f" [magenta]#[sharding({escape(field.sharding)})][/magenta]" if field.sharding else ""
        node.add(f"[blue]{escape(field.id)}[/blue] {_at(field.span)}{sharding} {_short(field.type, 50)}")
    for operation in machine.operations:
        op_node = node.add(
            f"[blue]{escape(operation.id)}[/blue] {_at(operation.span)} {_short(operation.signature, 60)}"
        )
        for statement in operation.statements:
            op_node.add(f"[green]{statement.kind.value}[/green] {_at(statement.span)} {_short(statement.text, 60)}")
    for function_id in machine.functions:
        node.add(f"fn {escape(function_id)}")


def _add_invariant_struct(root: Tree, struct: InvariantStruct) -> None:
    node = root.add(f"[cyan]{escape(struct.id)}[/cyan] {_at(struct.span)} [yellow]struct_with_invariants[/yellow]")
    for function_id in struct.functions:
        node.add(f"fn {escape(function_id)}")
    for declaration in struct.invariants:
        node.add(f"[blue]{escape(declaration.id)}[/blue] {_at(declaration.span)} {_short(declaration.header, 60)}")


def _add_sites(root: Tree, model: SourceModel) -> None:
    for site in model.item_sites:
        root.add(f"[red]{site.kind.value}[/red] {_at(site.span)} {_short(site.text, 60)}")
    for proof in model.proof_sites:
        if proof.function_id is None:
            root.add(f"{proof.kind.value} {_at(proof.span)} {_short(model.slice(proof.span), 60)}")
