"""Reading a model's reply: its code blocks and JSON (``fences``, ``jsonreply``), and the edit it makes of the
source (``extract``): a whole file, or items spliced in through the lens (``splice``, inside state machines
``machine_splice``, across a crate's files ``crate_splice``); and Houdini pruning, the edit made without a model
(``houdini``). Replies never make extraction raise: a reply with nothing usable is an ``ExtractionFailure``.

    from verusagent.edit import extract_edit
    edit = extract_edit(reply.texts[0], source, truncated=reply.choices[0].truncated)
"""

from verusagent.edit.extract import Edit, ExtractionFailure, FailureReason, extract_edit
from verusagent.edit.jsonreply import JsonFailure, extract_json

__all__ = ["Edit", "ExtractionFailure", "FailureReason", "JsonFailure", "extract_edit", "extract_json"]
