"""The fixtures of tests/bench, kept in bench_support.py beside the helpers that the tests import from it
(`tests.bench.bench_support`)."""

from tests.bench.bench_support import *  # noqa: F401,F403
