use vstd::prelude::*;

verus! {

spec fn sum_to(n: nat) -> nat
    decreases n,
{
    if n == 0 { 0 } else { n + sum_to((n - 1) as nat) }
}

proof fn lemma_sum_to_monotone(a: nat, b: nat)
    requires
        a <= b,
    ensures
        sum_to(a) <= sum_to(b),
    decreases b,
{
}

fn count_up(n: u32) -> (r: u32)
    ensures
        r == n,
{
    let mut i: u32 = 0;
    while i < n {
        i = i + 1;
    }
    i
}

fn first_positive(v: &Vec<i64>) -> (found: bool)
    ensures
        found == exists|k: int| 0 <= k < v.len() && v[k] > 0,
{
    let found = {
        let mut seen = false;
        for i in 0..v.len() {
            if v[i] > 0 {
                seen = true;
            }
        }
        seen
    };
    found
}

fn add_one(x: u32) -> (r: u32)
    requires
        x < 100,
    ensures
        r == x + 1,
{
    x + 1
}

} // verus!
