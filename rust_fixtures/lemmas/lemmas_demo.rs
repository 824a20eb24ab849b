// Lemmas of every kind the lemma index reads: free, broadcast, axiom, external_body, private, methods,
// module members, and broadcast groups (one nested in another).
use vstd::prelude::*;

verus! {

pub open spec fn double(x: int) -> int {
    2 * x
}

/// Doubling is adding a number to itself.
pub proof fn lemma_double_is_sum(x: int)
    ensures
        double(x) == x + x,
{
}

pub broadcast proof fn lemma_double_monotonic(x: int, y: int)
    requires
        x <= y,
    ensures
        #[trigger] double(x) <= #[trigger] double(y),
{
}

pub axiom fn axiom_double_zero()
    ensures
        double(0) == 0;

#[verifier::external_body]
pub proof fn lemma_trusted_double_positive(x: int)
    requires
        x > 0,
    ensures
        double(x) > 0,
{
}

proof fn lemma_private_helper(s: Seq<int>)
    ensures
        s.len() >= 0,
{
}

pub struct Counter {
    pub value: nat,
}

impl Counter {
    pub proof fn lemma_counter_value_nonnegative(self)
        ensures
            self.value >= 0,
    {
    }

    pub broadcast proof fn lemma_counter_value_bounded(self, n: nat)
        requires
            self.value <= n,
        ensures
            #[trigger] (self.value + 1) <= n + 1,
    {
    }
}

pub mod inner {
    use vstd::prelude::*;

    pub proof fn lemma_seq_push_len<A>(s: Seq<A>, a: A)
        ensures
            s.push(a).len() == s.len() + 1,
    {
    }

    pub broadcast group group_inner {
        lemma_seq_push_len,
    }
}

pub broadcast group group_double {
    lemma_double_monotonic,
    Counter::lemma_counter_value_bounded,
}

pub broadcast group group_all {
    group_double,
    inner::group_inner,
}

fn use_them(x: u8) {
    proof {
        lemma_double_is_sum(x as int);
    }
}

} // verus!
