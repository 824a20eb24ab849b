"""The mypy configuration: the packages issue 29 names are checked with every per-module flag of --strict, and
no override turns `strict` on (in mypy 1.20 that switches strict on for every module: python/mypy#11401)."""

import tomllib

from tests.paths import REPO_ROOT

STRICT_PACKAGES = {"lens", "guard", "verus", "llm", "record", "edit", "context", "review", "reply"}
STRICT_FLAGS = {
    "disallow_any_generics": True,
    "disallow_subclassing_any": True,
    "disallow_untyped_calls": True,
    "disallow_untyped_defs": True,
    "disallow_incomplete_defs": True,
    "check_untyped_defs": True,
    "disallow_untyped_decorators": True,
    "warn_unused_ignores": True,
    "warn_return_any": True,
    "implicit_reexport": False,
    "strict_equality": True,
    "extra_checks": True,
}


def _mypy() -> dict:
    return tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]


def _strict_override() -> dict:
    strict = [o for o in _mypy()["overrides"] if o.get("disallow_untyped_defs")]
    assert len(strict) == 1, "one override block holds the strict packages"
    return strict[0]


def test_every_named_package_is_checked_with_every_flag_of_strict() -> None:
    override = _strict_override()
    assert {m.removeprefix("verusagent.").removesuffix(".*") for m in override["module"]} >= STRICT_PACKAGES
    assert {flag: override.get(flag) for flag in STRICT_FLAGS} == STRICT_FLAGS


def test_no_override_switches_strict_on_for_every_module() -> None:
    assert all("strict" not in override for override in _mypy()["overrides"])


def test_the_strict_packages_are_in_the_checked_files() -> None:
    assert {f"verusagent/{p}" for p in STRICT_PACKAGES} <= set(_mypy()["files"])
