"""Which function a VeruSAGE-Bench task file's name means, read from the task file alone.

The stem's last `__`-separated part names the function, written with the projects' conventions: `impl1_erase` is
`erase`; storage's `inv_L_name` is `lemma_name` (`pmemutil_L_...` with its underscores dropped), `logimpl_name` is
`name`, `subregion_new3` a third `new` task, `subregion_persistentmemorysubregion_new` is
`PersistentMemorySubregion::new`; a `-poly` suffix marks a variant of the task; the task of a spec fn `name` proves
its exec implementation `name_impl` or `_name`. The parts before it name the module, and an `implN` part says the
target is a method (Verus's `impl&%N`, the N-th impl block of the module).
A file named after its module, or with a name no function has (`vec_lib`, `config`, a typo), means the one
function the task leaves to prove when there is one.

The N-th impl block cannot be counted in the task file: the extraction drops and reorders impl blocks (the task
`marshal_v__impl0__deserialize` keeps `impl Marshalable for u64`, upstream's impl 0, last of six). What tells the
target apart among methods of one name is the extraction itself: every other one is kept with its proof or stubbed
as `#[verifier::external_body]`, so the target is the one provable function of the name that is not trusted.
"""

import re

from verusagent.lens import Function, Mode
from verusagent.lens.model import SourceModel

_IMPL_PREFIX = re.compile(r"^impl\d+_")
_IMPL_PART = re.compile(r"^impl\d+$")
_TRUSTED = re.compile(r"\bexternal(_body)?\b")
_PROVABLE = frozenset({Mode.PROOF, Mode.EXEC})


def target_candidates(stem: str) -> list[str]:
    """The function names a task file's stem may mean, most literal first."""
    last = stem.split("__")[-1]
    names = [last, _IMPL_PREFIX.sub("", last)]
    _module, sep, rest = last.partition("_")
    if sep:
        names += ["lemma_" + rest[2:]] if rest.startswith("L_") else [rest]
    names += [variant for name in list(names) for variant in _variants(name)]
    return list(dict.fromkeys(n for n in names if n))


def _variants(name: str) -> list[str]:
    plain = name.split("-")[0]  # `send_packet-poly`: a variant of the `send_packet` task
    counted = plain.rstrip("0123456789") if not plain.endswith("_") else plain  # `new3`: the third `new` task
    return [plain, counted, plain + "_impl", "_" + plain]


def names_a_method(stem: str) -> bool:
    parts = stem.split("__")
    return any(_IMPL_PART.match(p) for p in parts[:-1]) or bool(_IMPL_PREFIX.match(parts[-1]))


def is_trusted(function: Function) -> bool:
    return any(_TRUSTED.search(a.text) for a in function.attributes)


def find_target(stem: str, model: SourceModel) -> Function | None:
    """The one provable function the stem names, or None when it names none or several."""
    provable = [f for f in model.functions if f.mode in _PROVABLE and f.body is not None and f.name != "main"]
    for name in target_candidates(stem):
        named = [f for f in provable if f.name == name] or [f for f in provable if _folded_match(f, name)]
        if named:
            return _one_of(named, stem)
    untrusted = [f for f in provable if not is_trusted(f)]
    return untrusted[0] if len(untrusted) == 1 else None


def _one_of(named: list[Function], stem: str) -> Function | None:
    """The function alone, or the one not trusted, or (an `implN` stem) the one method not trusted."""
    untrusted = [f for f in named if not is_trusted(f)]
    methods = [f for f in untrusted if (f.container or "").startswith("impl ")] if names_a_method(stem) else []
    return next((group[0] for group in (named, untrusted, methods) if len(group) == 1), None)


def _folded_match(function: Function, name: str) -> bool:
    """The file name lost the underscores, or joined the type to the name: `persistentmemorysubregion_new`."""
    folded = _fold(name)
    return folded in (_fold(function.name), _fold(function.qualified.split("::")[-2:]))


def _fold(name: str | list[str]) -> str:
    return "".join(name).replace("_", "").lower()


def reference(model: SourceModel, function: Function) -> str:
    """The shortest of name, qualified name and unit id that names this function alone (as `--fn` reads it)."""
    for ref in (function.name, function.qualified):
        if [f for f in model.functions if ref in (f.id, f.name, f.qualified)] == [function]:
            return ref
    return function.id
