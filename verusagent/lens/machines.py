"""`state_machine!` / `tokenized_state_machine!` invocations: the machine, its fields, its operations, and its
functions (read by the ordinary item scanner, with the machine as their macro scope). Ids: `machine_model`."""

from verusagent.lens.attributes import read_attribute
from verusagent.lens.bodies import FunctionScan
from verusagent.lens.definitions import record_macro
from verusagent.lens.functions import ItemScope, doc_comment_start
from verusagent.lens.machine_model import MachineField, MachineKind, Operation, OperationKind, StateMachine
from verusagent.lens.macro_roles import MacroScope
from verusagent.lens.model import Problem
from verusagent.lens.scan_state import ScanContext
from verusagent.lens.span import Attribute, Span
from verusagent.lens.transitions import scan_statements

MACHINE_MACROS = {kind.value: kind for kind in MachineKind}
OPERATION_MACROS = {kind.value: kind for kind in OperationKind}


def parse_state_machine(ctx: ScanContext, item_start: int, macro_index: int, close: int, scope: ItemScope) -> None:
    """The machine invoked at macro_index (`NAME ! { Machine<T> { body } }`), whose group closes at close."""
    from verusagent.lens.items import scan_items  # items dispatches here: import when first used

    stream = ctx.stream
    name_index = _after_attributes(ctx, macro_index + 3, close - 1)  # `{ #[verifier::reject_recursive_types(V)] M<V>`
    body_open = name_index + 1
    generics = None
    if stream.is_punct(body_open, "<"):
        after = ctx.skip_angles(body_open, close - 1)
        generics, body_open = stream.source(body_open, after - 1), after
    if not (stream.is_ident(name_index) and stream.is_punct(body_open, "{") and body_open < close):
        span = ctx.span(macro_index, close)
        ctx.problems.append(Problem(message=f"{stream.text(macro_index)}! without a `Name {{ ... }}` body", span=span))
        return
    name = stream.text(name_index)
    body_close = ctx.group_end(body_open)
    last = close + 1 if stream.is_punct(close + 1, ";") else close
    machine = StateMachine.model_construct(
        id=ctx.unique_id(f"sm:{name}"),
        name=name,
        kind=MACHINE_MACROS[stream.text(macro_index)],
        generics=generics,
        in_verus=scope.in_verus,
        span=_item_span(ctx, item_start, last),
        body=ctx.span(body_open, body_close),
        fields_block=None,
        fields=[],
        operations=[],
        functions=[],
    )
    ctx.state_machines.append(machine)
    inner = ItemScope(
        path=[*scope.path, name],
        container=f"{machine.kind.value} {name}",
        in_verus=True,
        macro=MacroScope(machine.id, is_machine=True),
        modules=scope.modules,
        opaque_macro=scope.opaque_macro,
    )
    scan_items(ctx, body_open + 1, body_close - 1, inner)
    machine.functions = [f.id for f in ctx.functions if f.macro_unit == machine.id]


def machine_item(ctx: ScanContext, i: int, item_start: int, scope: ItemScope) -> int | None:
    """A `fields { }` block or an operation macro at i in a machine's body: the index after it, else None."""
    stream = ctx.stream
    assert scope.macro is not None  # items.py calls it in a machine's body only
    machine = next(m for m in reversed(ctx.state_machines) if m.id == scope.macro.unit_id)
    if stream.is_ident(i, "fields") and stream.is_punct(i + 1, "{"):
        close = ctx.group_end(i + 1)
        machine.fields_block = ctx.span(i, close)
        machine.fields.extend(_fields(ctx, machine, i + 2, close - 1))
        return close + 1
    kind = OPERATION_MACROS.get(stream.text(i))
    if kind is None or not (stream.is_punct(i + 1, "!") and stream.is_punct(i + 2, "{", "(", "[")):
        return None
    close = ctx.group_end(i + 2)
    last = close + 1 if stream.is_punct(close + 1, ";") else close
    operations = _operations(ctx, machine, kind, i + 3, close - 1)
    if len(operations) == 1:  # the usual `transition! { name(..) { .. } }`: the unit is the whole invocation
        operations[0].span = _item_span(ctx, item_start, last)
        operations[0].attributes = _attributes(ctx, item_start, i)
    machine.operations.extend(operations)
    record_macro(ctx, i, item_start, last + 1, scope)  # a definition too, as the slicer's outline reads items
    return last + 1


def _item_span(ctx: ScanContext, first: int, last: int) -> Span:
    """From the doc comments before token first to the end of token last."""
    stream = ctx.stream
    return ctx.lines.span(doc_comment_start(ctx, stream.starts[first]), stream.ends[last])


def _attributes(ctx: ScanContext, i: int, stop: int) -> list[Attribute]:
    found = []
    while i < stop and ctx.stream.is_punct(i, "#"):
        attribute, i = read_attribute(ctx, i)
        if attribute is not None and not attribute.inner:
            found.append(attribute)
    return found


def _fields(ctx: ScanContext, machine: StateMachine, i: int, last: int) -> list[MachineField]:
    stream = ctx.stream
    found = []
    while i <= last:
        first = i
        attributes = _attributes(ctx, i, last + 1)
        i = _after_attributes(ctx, i, last)
        visibility, i = _visibility(ctx, i)
        end = i
        while end <= last and not stream.is_punct(end, ","):
            end = ctx.skip_angles(end, last) if stream.is_punct(end, "<") else ctx.group_end(end) + 1
        if stream.is_ident(i) and stream.is_punct(i + 1, ":") and end > i + 2:
            found.append(_field(ctx, machine, (first, i, end - 1), attributes, visibility))
        i = end + 1
    return found


def _after_attributes(ctx: ScanContext, i: int, last: int) -> int:
    while i <= last and ctx.stream.is_punct(i, "#"):
        i = read_attribute(ctx, i)[1]
    return i


def _visibility(ctx: ScanContext, i: int) -> tuple[str, int]:
    stream = ctx.stream
    if not stream.is_ident(i, "pub"):
        return "", i
    end = ctx.group_end(i + 1) if stream.is_punct(i + 1, "(") else i
    return stream.source(i, end).replace(" ", ""), end + 1


def _field(
    ctx: ScanContext, machine: StateMachine, indices: tuple[int, int, int], attributes: list[Attribute], visibility: str
) -> MachineField:
    first, name_index, last = indices
    stream = ctx.stream
    name = stream.text(name_index)
    sharding = next((a for a in attributes if a.path == "sharding"), None)
    return MachineField.model_construct(
        id=ctx.unique_id(f"{machine.id}/field:{name}"),
        name=name,
        type=stream.source(name_index + 2, last),
        sharding=_argument(sharding.text) if sharding else None,
        visibility=visibility,
        span=_item_span(ctx, first, last),
        attributes=attributes,
    )


def _argument(attribute_text: str) -> str:
    """`#[sharding(storage_map)]` -> "storage_map"."""
    inner = attribute_text[attribute_text.find("(") + 1 : attribute_text.rfind(")")]
    return " ".join(inner.split())


def _operations(ctx: ScanContext, machine: StateMachine, kind: OperationKind, i: int, last: int) -> list[Operation]:
    """The operations `name(params) { statements }` inside one operation macro (usually one)."""
    stream = ctx.stream
    found = []
    while i <= last:
        first = i
        i = _after_attributes(ctx, i, last)
        if not (stream.is_ident(i) and stream.is_punct(i + 1, "(")):
            i = ctx.group_end(i) + 1
            continue
        params_close = ctx.group_end(i + 1)
        body_open = params_close + 1 if stream.is_punct(params_close + 1, "{") and params_close < last else None
        end = ctx.group_end(body_open) if body_open is not None else params_close
        found.append(_operation(ctx, machine, kind, (first, i, params_close, body_open, end)))
        i = end + 1
    return found


def _operation(
    ctx: ScanContext, machine: StateMachine, kind: OperationKind, indices: tuple[int, int, int, int | None, int]
) -> Operation:
    first, name_index, params_close, body_open, end = indices
    stream = ctx.stream
    name = stream.text(name_index)
    operation = Operation.model_construct(
        id=ctx.unique_id(f"{machine.id}/{kind.value}:{name}"),
        kind=kind,
        name=name,
        machine_id=machine.id,
        span=_item_span(ctx, first, end),
        signature=" ".join(stream.source(name_index, params_close).split()),
        params=ctx.span(name_index + 1, params_close),
        body=ctx.span(body_open, end) if body_open is not None else None,
        statements=[],
        attributes=_attributes(ctx, first, name_index),
    )
    if body_open is not None:
        scan = FunctionScan(operation.id, f"{machine.name}::{name}", True)
        operation.statements = scan_statements(ctx, scan, body_open + 1, end - 1, False)
    return operation
