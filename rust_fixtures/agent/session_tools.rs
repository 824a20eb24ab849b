// A task for the agent-mode tools: a struct, a const, a spec fn, a lemma, a method and a loop whose proof is
// missing.
use vstd::prelude::*;

verus! {

pub const LIMIT: u64 = 1000;

pub struct Counter {
    pub count: u64,
    pub step: u64,
}

pub open spec fn scaled(n: int, step: int) -> int {
    n * step
}

proof fn lemma_scaled_grows(n: int, step: int)
    requires
        0 <= n,
        0 <= step,
    ensures
        scaled(n, step) <= scaled(n + 1, step),
{
    assert(scaled(n + 1, step) == scaled(n, step) + step) by (nonlinear_arith);
}

impl Counter {
    pub fn bump(&mut self)
        requires
            old(self).count + old(self).step <= LIMIT,
        ensures
            self.count == old(self).count + old(self).step,
            self.step == old(self).step,
    {
        self.count = self.count + self.step;
    }
}

fn total(n: u64, step: u64) -> (r: u64)
    requires
        n <= 100,
        step <= 10,
    ensures
        r == scaled(n as int, step as int),
{
    let mut i: u64 = 0;
    let mut r: u64 = 0;
    while i < n {
        i = i + 1;
        r = r + step;
    }
    r
}

fn main() {
}

} // verus!
