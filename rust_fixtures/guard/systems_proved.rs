// An honest proof of systems.rs, written the way the upstream proofs of VeruSAGE-Bench are: only ghost code is
// added, but in exec syntax too (see tests/guard/test_systems.py).
use vstd::prelude::*;

verus! {

pub struct Log {
    pub entries: Vec<u64>,
    pub view: Ghost<Seq<u64>>,
}

pub enum Outcome {
    Stored,
    Full,
}

impl Log {
    pub open spec fn inv(&self) -> bool {
        self.view@ == self.entries@
    }

    pub fn new() -> (r: Self)
        requires
        ensures
            r.inv(),
            r.view@ == Seq::<u64>::empty(),
    {
        Log { entries: Vec::new(), view: Ghost(Seq::empty()), }
    }

    #[verifier::spinoff_prover]
    #[verifier::rlimit(20)]
    pub fn append(&mut self, x: u64, max: usize) -> (res: (Outcome, Ghost<Seq<u64>>))
        requires old(self).inv()
        ensures
            self.inv(),
            res.1@ == old(self).view@,
            match res.0 {
                Outcome::Stored => self.view@ == old(self).view@.push(x),
                Outcome::Full => self.view@ == old(self).view@
            }
    {
        let before = Ghost(self.view@);
        if self.entries.len() >= max {
            return (Outcome::Full, before);
        }
        self.entries.push(x);
        self.view = Ghost(self.view@.push(x));
        proof {
            broadcast use vstd::seq_lib::group_seq_properties;
            self.view@ = self.entries@;
        }
        (Outcome::Stored, before)
    }

    pub fn get(&self, i: usize, Ghost(bound): Ghost<nat>) -> (v: u64)
        requires
            self.inv(),
            i < self.entries.len(),
            i < bound,
        ensures
            v == self.view@[i as int],
    {
        self.entries[i]
    }

    pub fn first(&self) -> (v: Option<u64>)
        requires
            self.inv(),
        ensures
            v == if self.entries.len() == 0 { None } else { Some(self.view@[0]) },
    {
        if self.entries.len() == 0 {
            return None;
        } else {
            proof {
                assert(self.entries@.len() > 0);
            }
        }
        let r = Some(self.get(0, Ghost(1nat),));
        proof {
            assert(r == Some(self.view@[0]));
        }
        r
    }
}

pub fn fill(log: &mut Log, xs: &Vec<u64>, max: usize) -> (count: usize)
    requires
        old(log).inv(),
    ensures
        log.inv(),
        count <= xs.len(),
{
    let mut i: usize = 0;
    let mut count: usize = 0;
    while i < xs.len()
        invariant
            log.inv(),
            count <= i,
            i <= xs.len(),
        decreases xs.len() - i,
    {
        let (outcome, prior) = log.append(xs[i], max);
        match outcome {
            Outcome::Stored => { count = count + 1 }
            Outcome::Full => assert(count <= i),
        }
        {
            proof {
                assert(prior@.len() >= 0);
            }
        }
        i = i + 1;
    }
    count
}

} // verus!
