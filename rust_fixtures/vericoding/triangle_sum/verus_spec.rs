use vstd::prelude::*;

verus! {

// <preamble>
pub open spec fn triangle(n: nat) -> nat
    decreases n,
{
    if n == 0 {
        0
    } else {
        n + triangle((n - 1) as nat)
    }
}

// <helpers>

// <proofs>

// <spec>
fn triangle_sum(n: u32) -> (sum: u64)
    requires
        n <= 100000,
    ensures
        sum == triangle(n as nat),
// <code>
{
}

#[verifier::external]
fn main() {
    println!("{}", triangle_sum(10));
}

} // verus!
