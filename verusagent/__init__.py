"""verusagent: writes and repairs Verus proofs with a language model; only verus accepts a proof."""

__version__ = "0.1.0"
