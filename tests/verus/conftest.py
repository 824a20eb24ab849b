"""The fixtures of tests/verus (kept in verus_support.py, a module name no other test folder has, so that tests
import its helpers by a unique name even when several folders run in one session)."""

from verus_support import *  # noqa: F401,F403
