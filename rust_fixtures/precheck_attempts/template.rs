// The program every pre-check attempt is spliced into (rust_fixtures/precheck_attempts/*.toml): each attempt
// replaces one slot with a model-style mistake. With every slot at its default it has no finding.
use vstd::prelude::*;

verus! {

spec fn is_even(x: int) -> bool {
    x % 2 == 0
}

spec fn sum_to(n: nat) -> nat
    decreases n,
{
    if n == 0 { 0 } else { n + sum_to((n - 1) as nat) }
}

proof fn lemma_even_plus_two(x: int)
    requires
        is_even(x),
    ensures
        is_even(x + 2),
{
}

fn double(x: u64) -> (r: u64)
    requires
        x < 1000,
    ensures
        r == 2 * x,
{
    x * 2
}

// slot: item

spec fn attempt_spec(s: Seq<int>, n: int) -> bool {
    // slot: spec
}

proof fn attempt_proof(s: Seq<int>, n: int)
    requires
        0 <= n <= s.len(),
{
    // slot: proof
}

fn attempt_exec(v: &Vec<u64>, n: u64) -> (r: u64)
    requires
        v.len() > 0,
        // slot: requires
    ensures
        r <= n,
        // slot: ensures
{
    // slot: exec
    0
}

fn main() {}

} // verus!
