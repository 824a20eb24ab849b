"""Agent mode: the model drives with tools (view, definition, search_lemmas, verify, edit, submit) while
verusagent keeps every guarantee: each edit is guarded before it applies, verus is the only authority, each call
and result is an event, the session's budgets hold, and only the loop's acceptance run can accept.

    from verusagent.agent.session import SessionKit, run_session
    proposal = run_session(kit, client, config, file_name, strategy, base, round_no, feedback)
"""

from verusagent.agent.session.kit import SessionKit
from verusagent.agent.session.run import run_session

__all__ = ["SessionKit", "run_session"]
