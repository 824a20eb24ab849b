"""The edit a model's reply makes of the source (``extract``): a whole file, or items spliced in through the
lens (``splice``, inside state machines ``machine_splice``, across a crate's files ``crate_splice``); and Houdini
pruning, the edit made without a model (``houdini``). The reply itself is read in ``verusagent.reply``; a reply
with nothing usable raises its ``ReplyError``.

    from verusagent.edit import extract_edit
    edit = extract_edit(reply.texts[0], source, truncated=reply.choices[0].truncated)
"""

from verusagent.edit.extract import Edit, extract_edit

__all__ = ["Edit", "extract_edit"]
