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
proof fn lemma_triangle_bound(n: nat)
    ensures
        triangle(n) <= n * n,
    decreases n,
{
    if n > 0 {
        lemma_triangle_bound((n - 1) as nat);
        assert((n - 1) * (n - 1) + n <= n * n) by (nonlinear_arith)
            requires
                n > 0,
        ;
    }
}

// <spec>
fn triangle_sum(n: u32) -> (sum: u64)
    requires
        n <= 100000,
    ensures
        sum == triangle(n as nat),
// <code>
{
    let mut sum: u64 = 0;
    let mut i: u32 = 0;
    while i < n
        invariant
            i <= n,
            n <= 100000,
            sum == triangle(i as nat),
        decreases n - i,
    {
        i = i + 1;
        proof {
            lemma_triangle_bound(i as nat);
            assert(i as nat * i as nat <= 100000 * 100000) by (nonlinear_arith)
                requires
                    i <= 100000,
            ;
        }
        sum = sum + i as u64;
    }
    sum
}

#[verifier::external]
fn main() {
    println!("{}", triangle_sum(10));
}

} // verus!
