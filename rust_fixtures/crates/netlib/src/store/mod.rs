use vstd::prelude::*;

verus! {

pub fn put(len: u32) -> (r: u32)
    requires
        len < 1000,
    ensures
        r == len + 1,
{
    len + 1
}

} // verus!
