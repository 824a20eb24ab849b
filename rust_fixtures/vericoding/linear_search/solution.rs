use vstd::prelude::*;

verus! {

// <preamble>
pub open spec fn absent_before(s: Seq<i32>, x: i32, upto: int) -> bool {
    forall|i: int| 0 <= i < upto ==> s[i] != x
}

// <helpers>

// <proofs>

// <spec>
fn find_first(v: &Vec<i32>, x: i32) -> (r: Option<usize>)
    ensures
        match r {
            Some(k) => k < v.len() && v@[k as int] == x && absent_before(v@, x, k as int),
            None => absent_before(v@, x, v.len() as int),
        },
// <code>
{
    let mut i: usize = 0;
    while i < v.len()
        invariant
            i <= v.len(),
            absent_before(v@, x, i as int),
        decreases v.len() - i,
    {
        if v[i] == x {
            return Some(i);
        }
        i = i + 1;
    }
    None
}

fn main() {}

} // verus!
