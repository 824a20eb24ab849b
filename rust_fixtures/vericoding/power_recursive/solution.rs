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
fn mul_within(a: u64, b: u64) -> (product: u64)
    requires
        a * b <= u64::MAX,
    ensures
        product == a * b,
{
    a * b
}

// <proofs>
proof fn lemma_pow_step(base: nat, exp: nat)
    requires
        base >= 1,
        exp >= 1,
    ensures
        pow(base, (exp - 1) as nat) <= pow(base, exp),
{
    let smaller = pow(base, (exp - 1) as nat);
    assert(pow(base, exp) == base * smaller);
    assert(base * smaller >= smaller) by (nonlinear_arith)
        requires
            base >= 1,
    ;
}

// <spec>
fn power(base: u64, exp: u64) -> (result: u64)
    requires
        base >= 1,
        pow(base as nat, exp as nat) <= u64::MAX,
    ensures
        result == pow(base as nat, exp as nat),
    decreases exp,
// <code>
{
    if exp == 0 {
        1
    } else {
        proof {
            lemma_pow_step(base as nat, exp as nat);
        }
        let smaller = power(base, exp - 1);
        mul_within(base, smaller)
    }
}

} // verus!

#[verifier::external]
fn main() {
    println!("{}", power(3, 4));
}
