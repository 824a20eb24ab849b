"""The fixtures of tests/bench_harness, kept in bench_support.py beside the helpers that the tests import from it
(`tests.bench_harness.bench_support`)."""

from tests.bench_harness.bench_support import *  # noqa: F401,F403
