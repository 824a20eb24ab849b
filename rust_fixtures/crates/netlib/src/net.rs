use vstd::prelude::*;

pub mod conn;

verus! {

/// Sends `n` packets; the loop needs an invariant and a decreases clause.
pub fn send(n: u32) -> (sent: u32)
    ensures
        sent == n,
{
    let mut sent: u32 = 0;
    while sent < n {
        sent = sent + 1;
    }
    sent
}

} // verus!
