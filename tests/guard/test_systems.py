"""Systems-style proofs (rust_fixtures/guard/systems.rs and its honest proof systems_proved.rs): ghost code written
in exec syntax is ghost, and every real change next to it is still caught with its rule, function and place."""

import pytest

from verusagent.guard import guard

from tests.paths import REPO_ROOT

FIXTURES = REPO_ROOT / "rust_fixtures" / "guard"


@pytest.fixture(scope="module")
def task() -> str:
    return (FIXTURES / "systems.rs").read_text()


@pytest.fixture(scope="module")
def proved() -> str:
    return (FIXTURES / "systems_proved.rs").read_text()


def edit(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, f"fixture holds {old!r} {text.count(old)} times"
    return text.replace(old, new)


def kinds(report) -> set[tuple[str, str | None]]:
    return {(str(v.rule), v.function) for v in report.violations}


def test_the_honest_systems_proof_is_clean(task, proved) -> None:
    report = guard(task, proved)
    assert report.violations == []
    assert report.functions_compared == 6


@pytest.mark.parametrize(
    ("construct", "old", "new"),
    [
        ("a trailing comma in a return type's generic arguments", "Ghost<Seq<u64>>))", "Ghost<Seq<u64>,>,))"),
        ("an argument's content in Ghost(..)", "Ghost(1nat)", "Ghost(0nat)"),
        ("a ghost field update", "self.view = Ghost(self.view@.push(x));\n", ""),
        ("a ghost field update in a proof", "            self.view@ = self.entries@;\n", ""),
        (
            "a ghost-wrapper let and its use",
            "return (Outcome::Full, before);",
            "return (Outcome::Full, Ghost(self.view@));",
        ),
        (
            "an all-ghost else branch",
            "        } else {\n            proof {\n                assert(self.entries@.len() > 0);\n            }\n        }\n",  # noqa: E501 (a source text, kept on one line to read as the file reads)
            "        }\n",
        ),
        (
            "an all-ghost block",
            "        {\n            proof {\n                assert(prior@.len() >= 0);\n            }\n        }\n",
            "",
        ),
        ("an all-ghost match arm", "Outcome::Full => assert(count <= i),", "Outcome::Full => {},"),
        (
            "a named tail expression",
            "        proof {\n            assert(r == Some(self.view@[0]));\n        }\n        r\n",
            "        r\n",
        ),
        ("proof-tuning attributes", "    #[verifier::spinoff_prover]\n    #[verifier::rlimit(20)]\n", ""),
        ("broadcast use inside a proof", "            broadcast use vstd::seq_lib::group_seq_properties;\n", ""),
        (
            "an empty requires before ensures",
            "        requires\n        ensures\n            r.inv(),",
            "        ensures\n            r.inv(),",
        ),
    ],
)
def test_each_ghost_construct_reads_as_ghost_either_way(task, proved, construct, old, new) -> None:
    varied = edit(proved, old, new)
    assert guard(task, varied).violations == [], construct
    assert guard(varied, proved).violations == [], construct


@pytest.mark.parametrize(
    ("old", "new", "rule", "function", "shown"),
    [
        (
            "self.view = Ghost(self.view@.push(x));",
            "self.view = Ghost(self.view@.push(x));\n        assume(false);",
            "escape-hatch-added",
            "fn:Log::append",
            "assume(false)",
        ),
        (
            "Ghost(self.view@.push(x))",
            "Ghost({ admit(); self.view@.push(x) })",
            "escape-hatch-added",
            "fn:Log::append",
            "admit()",
        ),
        (
            "    #[verifier::spinoff_prover]\n",
            "    #[verifier::external_body]\n",
            "escape-hatch-added",
            "fn:Log::append",
            "#[verifier::external_body]",
        ),
        (
            "    #[verifier::rlimit(20)]\n",
            "    #[verifier::rlimit(infinity)]\n",
            "rlimit-unbounded",
            "fn:Log::append",
            "#[verifier::rlimit(infinity)]",
        ),
        (
            "        requires\n        ensures\n            r.inv(),",
            "        requires\n            false,\n        ensures\n            r.inv(),",
            "spec-changed",
            "fn:Log::new",
            "false",
        ),
        (
            "Outcome::Full => self.view@ == old(self).view@\n",
            "Outcome::Full => true\n",
            "spec-changed",
            "fn:Log::append",
            "true",
        ),
        (
            "v == if self.entries.len() == 0 { None } else { Some(self.view@[0]) },",
            "v == if self.entries.len() == 0 { None } else { Some(self.view@[1]) },",
            "spec-changed",
            "fn:Log::first",
            "Some(self.view@[1])",
        ),
        ("self.entries.push(x);", "self.entries.push(x + 1);", "exec-changed", "fn:Log::append", "+ 1"),
        (
            "self.view = Ghost(self.view@.push(x));",
            "self.view = Ghost(self.view@.push(x));\n        self.entries = Vec::new();",
            "exec-changed",
            "fn:Log::append",
            "self.entries = Vec::new()",
        ),
        (
            "Outcome::Full => assert(count <= i),",
            "Outcome::Full => { count = 0 }",
            "exec-changed",
            "fn:fill",
            "count = 0",
        ),
        (
            "assert(self.entries@.len() > 0);\n            }",
            "assert(self.entries@.len() > 0);\n            }\n            return None;",
            "exec-changed",
            "fn:Log::first",
            "return None",
        ),
        (
            "let r = Some(self.get(0, Ghost(1nat),));",
            "let r = Some(self.get(1, Ghost(1nat),));",
            "exec-changed",
            "fn:Log::first",
            "1",
        ),
        (
            "        r\n    }\n}",
            "        let _ = self.get(0, Ghost(0nat));\n        r\n    }\n}",
            "exec-changed",
            "fn:Log::first",
            "let r =",
        ),  # a statement between: the name no longer folds
        (
            "let (outcome, prior) = log.append(xs[i], max);",
            "let (outcome, prior) = log.append(xs[i], max + 1);",
            "exec-changed",
            "fn:fill",
            "+ 1",
        ),
        ("Ghost<Seq<u64>>))", "Ghost<Seq<u8>>))", "spec-changed", "fn:Log::append", "u8"),
    ],
)
def test_real_changes_next_to_ghost_code_are_caught(task, proved, old, new, rule, function, shown) -> None:
    report = guard(task, edit(proved, old, new))
    assert kinds(report) == {(rule, function)}
    assert any(shown in v.evidence.candidate for v in report.violations), [v.headline() for v in report.violations]
