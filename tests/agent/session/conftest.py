"""The fixtures of tests/agent/session, kept in session_support.py beside the helpers that the tests import from it
(`tests.agent.session.session_support`)."""

from tests.agent.session.session_support import *  # noqa: F401,F403
