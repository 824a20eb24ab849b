"""The agent: prove, repair and synthesize with verus in the loop (see loop.py for the loop itself)."""

from verusagent.agent.config import AgentConfig, Task, TaskMode

__all__ = ["AgentConfig", "TaskMode", "Task"]
