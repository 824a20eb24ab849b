use vstd::prelude::*;

verus! {

pub fn sum_to(n: u32) -> (total: u64)
    requires
        n < 1000,
    ensures
        total == n * (n + 1) / 2,
{
    let mut total: u64 = 0;
    let mut i: u32 = 0;
    while i < n {
        i = i + 1;
        total = total + i as u64;
    }
    total
}

} // verus!
