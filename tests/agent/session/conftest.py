"""The fixtures of tests/agent/session (kept in session_support.py, a module name no other test folder has, so that tests
import its helpers by a unique name even when several folders run in one session)."""

from session_support import *  # noqa: F401,F403
