// An honest proof of base.rs: only proof added (invariants, asserts, proof blocks, lemmas, triggers, reveal,
// bounded rlimit, loop_isolation(false), ghost lets, imports, broadcast use). The guard must stay silent.
use vstd::prelude::*;

fn main() {
    let v = vec![1u64, 3, 5];
    let _ = find(&v, 3);
}

verus! {

use vstd::arithmetic::mul::*;

broadcast use vstd::seq::group_seq_axioms;

pub const LIMIT: u64 = 1000;

pub struct Counter {
    pub value: u64,
}

pub open spec fn sorted(s: Seq<u64>) -> bool {
    forall|i: int, j: int| 0 <= i < j < s.len() ==> #[trigger] s[i] <= #[trigger] s[j]
}

spec fn sum_to(n: nat) -> nat
    decreases n,
{
    if n == 0 {
        0
    } else {
        n + sum_to((n - 1) as nat)
    }
}

// A new spec fn and a new lemma: allowed.
spec fn absent(s: Seq<u64>, k: u64, upto: int) -> bool {
    forall|i: int| 0 <= i < upto ==> s[i] != k
}

proof fn lemma_absent_extends(s: Seq<u64>, k: u64, upto: int)
    requires
        0 <= upto < s.len(),
        absent(s, k, upto),
        s[upto] != k,
    ensures
        absent(s, k, upto + 1),
{
}

#[verifier::rlimit(20)]
proof fn lemma_sum_to_grows(n: nat)
    ensures
        sum_to(n) >= n,
    decreases n,
{
    reveal(sum_to);
    if n > 0 {
        lemma_sum_to_grows((n - 1) as nat);
        assert(sum_to(n) == n + sum_to((n - 1) as nat));
    }
}

/// Finds `k` in a sorted vector.
#[verifier::loop_isolation(false)]
fn find(v: &Vec<u64>, k: u64) -> (r: Option<usize>)
    requires
        sorted(v@),
        v.len() < LIMIT,
    ensures
        r.is_some() ==> v[r.unwrap() as int] == k,
        r.is_none() ==> forall|i: int| 0 <= i < v.len() ==> #[trigger] v[i] != k,
{
    let ghost start = v@;
    let mut i: usize = 0;
    assert(absent(v@, k, 0));
    while (i < v.len())
        invariant
            i <= v.len(),
            absent(v@, k, i as int),
            v@ == start,
        decreases v.len() - i,
    {
        if v[i] == k {
            return Some(i);
        }
        proof {
            lemma_absent_extends(v@, k, i as int);
        }
        i = i + 1;
    }
    assert forall|j: int| 0 <= j < v.len() implies v[j] != k by {
        assert(absent(v@, k, v.len() as int));
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

    proof fn lemma_bump_bounded(value: u64)
        requires
            value < LIMIT,
        ensures
            value + 1 <= LIMIT,
    {
    }
}

} // verus!
