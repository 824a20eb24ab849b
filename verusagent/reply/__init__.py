"""Reading a model's reply, and nothing else: the one home of every parser that turns model text into typed
objects. Code blocks (``fences``), JSON (``jsonreply``), a prover's reply with its per-file sections and
disputes (``edits``, ``disputes``), the review's findings (each item a ``ProposedFinding`` or a ``Dropped``,
``findings``) and votes (``votes``), tool calls (``tool_calls``). A reply with nothing usable raises
``ReplyError`` (``errors``), whose reason and detail go back to the model. It imports no other package of
verusagent: the edit a reply makes of the source is ``verusagent.edit``'s.

    from verusagent.reply import edit_reply
    reply = edit_reply(completion.texts[0])  # reply.sections, reply.disputes
"""

from verusagent.reply.disputes import Dispute, parse_disputes
from verusagent.reply.edits import EditReply, ReplySection, edit_reply, rust_blocks
from verusagent.reply.errors import ReplyError, ReplyReason
from verusagent.reply.fences import CodeBlock, code_blocks
from verusagent.reply.findings import Dropped, ProposedFinding, findings_of, proposed_findings
from verusagent.reply.jsonreply import extract_json
from verusagent.reply.tool_calls import ToolCall, text_calls, tool_calls_of
from verusagent.reply.votes import vote_of

__all__ = [
    "CodeBlock",
    "Dispute",
    "Dropped",
    "EditReply",
    "ProposedFinding",
    "ReplyError",
    "ReplyReason",
    "ReplySection",
    "ToolCall",
    "code_blocks",
    "edit_reply",
    "extract_json",
    "findings_of",
    "parse_disputes",
    "proposed_findings",
    "rust_blocks",
    "text_calls",
    "tool_calls_of",
    "vote_of",
]
