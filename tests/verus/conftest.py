"""The fixtures of tests/verus, kept in verus_support.py beside the helpers that the tests import from it
(`tests.verus.verus_support`)."""

from tests.verus.verus_support import *  # noqa: F401,F403
