use vstd::prelude::*;

pub mod ops;

verus! {

pub fn clamp(x: u32, hi: u32) -> (r: u32)
    ensures
        r <= hi,
        x <= hi ==> r == x,
{
    if x > hi { hi } else { x }
}

} // verus!
