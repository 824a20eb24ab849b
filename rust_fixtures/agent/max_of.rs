// A synth test task: only the spec is given.
use vstd::prelude::*;

verus! {

fn max_of(a: u64, b: u64) -> (m: u64)
    ensures
        m >= a,
        m >= b,
        m == a || m == b,
{
    unimplemented!()
}

fn main() {
}

} // verus!
