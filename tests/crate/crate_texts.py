"""Texts the crate tests share: the honest proof of netlib's `net::send`, the stand-in verus rules that reject
netlib and accept that proof, and a reply that gives it as an item."""

PROVED_SEND = """pub fn send(n: u32) -> (sent: u32)
    ensures
        sent == n,
{
    let mut sent: u32 = 0;
    while sent < n
        invariant
            sent <= n,
        decreases n - sent,
    {
        sent = sent + 1;
    }
    sent
}
"""

BASELINE = {
    "when_not_contains": "decreases n - sent",
    "verdict": "failed",
    "errors": [{"message": "loop must have a decreases clause", "line_contains": "while sent < n"}],
}
PROVED = {"when_contains": "decreases n - sent", "verdict": "verified"}


def items_reply(code: str) -> dict:
    return {"text": f"The loop needs an invariant and a decreases clause.\n\n```rust\n{code}```\n"}
