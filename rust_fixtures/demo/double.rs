// The demo task: the spec and the code are given; the proof (loop invariants, decreases) is missing.
use vstd::prelude::*;

verus! {

/// Adds 2 to a counter n times.
fn double(n: u64) -> (r: u64)
    requires
        n <= 1000,
    ensures
        r == 2 * n,
{
    let mut i: u64 = 0;
    let mut r: u64 = 0;
    while i < n {
        i = i + 1;
        r = r + 2;
    }
    r
}

fn main() {
    let d = double(21);
    assert(d == 42);
}

} // verus!
