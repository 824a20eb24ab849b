// Layouts the slicer must keep whole or cut cleanly: shared lines, item macros, nested items, two verus! blocks.
use vstd::prelude::*;

mod plain_rust {
    pub fn helper() -> u32 { 7 }
}

verus! {

pub struct Pair { pub a: u64, pub b: u64 } pub struct Unused { pub z: u64 }

pub open spec fn pair_sum(p: Pair) -> nat { (p.a + p.b) as nat }

struct_with_invariants! {
    pub struct Guarded {
        pub value: u64,
    }

    spec fn wf(self) -> bool {
        invariant on value with () is (v: u64) { v < 100 }
    }
}

#[derive(PartialEq, Eq)]
pub enum Color { Red, Green }

pub trait Shape {
    spec fn area(&self) -> nat;

    fn describe(&self) -> (r: u64)
        ensures
            r > 0,
    {
        1
    }
}

impl Shape for Pair {
    spec fn area(&self) -> nat {
        pair_sum(*self)
    }
}

pub fn swap(p: Pair) -> (q: Pair)
    ensures
        pair_sum(q) == pair_sum(p),
{
    fn inner(x: u64) -> u64 { x }
    Pair { a: inner(p.b), b: p.a }
}

pub fn one_liner(x: u64) -> (r: u64) ensures r == x { x }

} // verus!

verus! {

pub proof fn lemma_pair_sum_commutes(p: Pair)
    ensures
        pair_sum(Pair { a: p.b, b: p.a }) == pair_sum(p),
{
}

} // verus!
