use vstd::prelude::*;

verus! {

// <preamble>
pub open spec fn is_max_index(s: Seq<u64>, k: int) -> bool {
    0 <= k < s.len() && forall|i: int| 0 <= i < s.len() ==> s[i] <= s[k]
}

// <helpers>
fn larger_of(v: &Vec<u64>, a: usize, b: usize) -> (k: usize)
    requires
        a < v.len(),
        b < v.len(),
    ensures
        k == a || k == b,
        v@[k as int] >= v@[a as int],
        v@[k as int] >= v@[b as int],
{
    if v[a] >= v[b] {
        a
    } else {
        b
    }
}

// <proofs>

// <spec>
fn max_index(v: &Vec<u64>) -> (k: usize)
    requires
        v.len() > 0,
    ensures
        is_max_index(v@, k as int),
// <code>
{
    let mut best: usize = 0;
    let mut i: usize = 1;
    while i < v.len()
        invariant
            1 <= i <= v.len(),
            best < i,
            forall|j: int| 0 <= j < i ==> v@[j] <= v@[best as int],
        decreases v.len() - i,
    {
        best = larger_of(v, best, i);
        i = i + 1;
    }
    best
}

fn main() {}

} // verus!
