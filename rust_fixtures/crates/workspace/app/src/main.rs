use vstd::prelude::*;

verus! {

fn main() {
    let r = core_math::clamp(7, 5);
}

} // verus!
