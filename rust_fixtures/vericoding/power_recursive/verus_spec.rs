use vstd::prelude::*;

verus! {

// <preamble>
pub open spec fn pow(base: nat, exp: nat) -> nat
    decreases exp,
{
    if exp == 0 {
        1
    } else {
        base * pow(base, (exp - 1) as nat)
    }
}

// <helpers>

// <proofs>

// <spec>
fn power(base: u64, exp: u64) -> (result: u64)
    requires
        base >= 1,
        pow(base as nat, exp as nat) <= u64::MAX,
    ensures
        result == pow(base as nat, exp as nat),
// <code>
{
}

} // verus!

#[verifier::external]
fn main() {
    println!("{}", power(3, 4));
}
