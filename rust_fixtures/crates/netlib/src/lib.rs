// A library of three modules: `net` (src/net.rs, with a submodule in src/net/), `store` (src/store/mod.rs)
// and `arith`, behind a #[path] attribute.
use vstd::prelude::*;

pub mod net;
pub mod store;
#[path = "util/arith_helpers.rs"]
pub mod arith;

verus! {

pub fn top(n: u32) -> (r: u32)
    requires
        n < 100,
    ensures
        r == 2 * n,
{
    arith::double(n)
}

} // verus!
