"""The oracle's replies and the verus stand-in's rules for them, on real tasks (no agent run)."""

from verusagent.bench.oracle import OracleAnswer, first_added_line, oracle_answer, standin_scenario
from verusagent.bench.suites import load_suite
from verusagent.lens import parse

from tests.bench.bench_support import count_up_task, write_suite


def _task(root, task_id):
    return next(t for t in load_suite(root, task_id))


def test_mbpp_ground_truth_without_its_main_tests(bench_dir):
    task = _task(bench_dir, "mbpp_task_id_105")
    text = task.task_path.read_text()
    answer = oracle_answer(task, text)
    truth = task.ground_truth_path.read_text()
    assert "assert" in parse(truth).slice(parse(truth).function("main").span)
    main = parse(answer.expected).function("main")
    assert parse(answer.expected).slice(main.span) == parse(text).slice(parse(text).function("main").span)
    assert answer.reply == f"```rust\n{answer.expected}```\n" and answer.target is None


def test_the_stand_in_verifies_only_the_file_with_the_proof(bench_dir):
    task = _task(bench_dir, "cloverbench_binary_search")
    text = task.task_path.read_text()
    answer = oracle_answer(task, text)
    scenario = standin_scenario(text, answer)
    marker = scenario["rules"][0]["when_contains"]
    assert marker == first_added_line(text, answer.expected)
    assert marker in answer.expected and marker not in text
    assert scenario["rules"][1]["errors"][0]["line_contains"] == "ensures"


def test_verusage_reply_is_the_target_function(verusage_dir):
    task = load_suite(verusage_dir / "vest", limit=1)[0]
    answer = oracle_answer(task, task.task_path.read_text())
    assert isinstance(answer, OracleAnswer) and answer.target == "corollary_parse_surjective"
    body = answer.reply.removeprefix("```rust\n").removesuffix("```\n")
    assert [f.name for f in parse("verus! {\n" + body + "}\n").functions] == [answer.target]


def test_tasks_without_an_answer_say_why(tmp_path, bench_dir):
    text, _ = count_up_task("same")
    write_suite(tmp_path, {"same": (text, text), "none": (text, None)})
    assert "is the task itself" in oracle_answer(_task(tmp_path, "same"), text)
    assert oracle_answer(_task(tmp_path, "none"), text) == "no ground truth"
    assert "adds no line" in standin_scenario(text, OracleAnswer(reply="", expected=text + "\n" + text))
