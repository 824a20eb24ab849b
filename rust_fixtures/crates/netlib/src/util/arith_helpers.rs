use vstd::prelude::*;

verus! {

pub proof fn lemma_double_bound(n: u32)
    requires
        n < 100,
    ensures
        2 * n < 200,
{
}

pub fn double(n: u32) -> (r: u32)
    requires
        n < 100,
    ensures
        r == 2 * n,
{
    proof {
        lemma_double_bound(n);
    }
    n + n
}

} // verus!
