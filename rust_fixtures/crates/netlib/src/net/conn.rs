use vstd::prelude::*;

verus! {

pub struct Conn {
    pub retries: u32,
}

impl Conn {
    pub fn open(limit: u32) -> (c: Conn)
        ensures
            c.retries == limit,
    {
        let mut retries: u32 = 0;
        while retries < limit
            invariant
                retries <= limit,
            decreases limit - retries,
        {
            retries = retries + 1;
        }
        Conn { retries }
    }
}

} // verus!
