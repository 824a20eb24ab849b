use vstd::prelude::*;

verus! {

// <preamble>
pub open spec fn is_max_index(s: Seq<u64>, k: int) -> bool {
    0 <= k < s.len() && forall|i: int| 0 <= i < s.len() ==> s[i] <= s[k]
}

// <helpers>

// <proofs>

// <spec>
fn max_index(v: &Vec<u64>) -> (k: usize)
    requires
        v.len() > 0,
    ensures
        is_max_index(v@, k as int),
// <code>
{ }

fn main() {}

} // verus!
