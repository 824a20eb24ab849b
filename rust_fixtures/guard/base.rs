// The guard's test problem: specs and exec code with no proof. Tests edit copies of it (see tests/guard/).
use vstd::prelude::*;

fn main() {
    let v = vec![1u64, 3, 5];
    let _ = find(&v, 3);
}

verus! {

pub const LIMIT: u64 = 1000;

pub struct Counter {
    pub value: u64,
}

pub open spec fn sorted(s: Seq<u64>) -> bool {
    forall|i: int, j: int| 0 <= i < j < s.len() ==> s[i] <= s[j]
}

spec fn sum_to(n: nat) -> nat
    decreases n,
{
    if n == 0 { 0 } else { n + sum_to((n - 1) as nat) }
}

proof fn lemma_sum_to_grows(n: nat)
    ensures
        sum_to(n) >= n,
    decreases n,
{
    if n > 0 {
        lemma_sum_to_grows((n - 1) as nat);
    }
}

/// Finds `k` in a sorted vector.
fn find(v: &Vec<u64>, k: u64) -> (r: Option<usize>)
    requires
        sorted(v@),
        v.len() < LIMIT,
    ensures
        r.is_some() ==> v[r.unwrap() as int] == k,
        r.is_none() ==> forall|i: int| 0 <= i < v.len() ==> v[i] != k,
{
    let mut i: usize = 0;
    while i < v.len() {
        if v[i] == k {
            return Some(i);
        }
        i = i + 1;
    }
    None
}

impl Counter {
    fn bump(&mut self)
        requires
            old(self).value < LIMIT,
        ensures
            self.value == old(self).value + 1,
    {
        self.value = self.value + 1;
    }
}

} // verus!
