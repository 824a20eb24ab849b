// An agent test task: the loop needs an invariant (r <= n) and a decreases clause.
use vstd::prelude::*;

verus! {

fn count_up(n: u32) -> (r: u32)
    ensures
        r == n,
{
    let mut r: u32 = 0;
    while r < n {
        r = r + 1;
    }
    r
}

fn main() {
}

} // verus!
