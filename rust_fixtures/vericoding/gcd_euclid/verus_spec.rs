use vstd::prelude::*;

verus! {

// <preamble>
pub open spec fn gcd(a: nat, b: nat) -> nat
    decreases b,
{
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

// <helpers>

// <proofs>

// <spec>
fn euclid(a: u64, b: u64) -> (g: u64)
    ensures
        g == gcd(a as nat, b as nat),
// <code>
{
    // TODO: implement Euclid's algorithm
}

fn main() {}

} // verus!
