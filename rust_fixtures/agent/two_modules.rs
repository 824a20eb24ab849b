// An agent test task for focused screening: a lemma in a module, and a loop in the root module.
use vstd::prelude::*;

verus! {

mod arith {
    use vstd::prelude::*;

    pub proof fn lemma_bounded_sum(a: int, b: int)
        requires
            0 <= a <= 10,
            0 <= b <= 10,
        ensures
            a + b <= 20,
    {
    }

    pub fn add_small(a: u32, b: u32) -> (r: u32)
        requires
            a <= 10,
            b <= 10,
        ensures
            r == a + b,
    {
        a + b
    }
}

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
