"""Texts the crate tests share: the honest proof of netlib's `net::send`."""

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
