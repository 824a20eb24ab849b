use vstd::prelude::*;

include!(concat!(env!("OUT_DIR"), "/limits.rs"));

verus! {

pub fn below_limit(x: u32) -> (r: bool)
    ensures
        r == (x < 64),
{
    x < 64
}

} // verus!
