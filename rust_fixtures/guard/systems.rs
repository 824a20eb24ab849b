// A systems-style task, written the way VeruSAGE-Bench extracts them: ghost state in `Ghost<..>` fields and tuple
// results, placeholders for the ghost values the proof must supply, and results named before they are returned.
// tests/guard/test_systems.py guards systems_proved.rs (an honest proof) and cheats on it against this file.
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
        ensures
            r.inv(),
            r.view@ == Seq::<u64>::empty(),
    {
        let ghost view_ghost0: Seq<u64> = arbitrary();  // TODO - replace with correct value
        Log { entries: Vec::new(), view: Ghost(view_ghost0) }
    }

    pub fn append(&mut self, x: u64, max: usize) -> (res: (Outcome, Ghost<
        Seq<u64>,
    >))
        requires
            old(self).inv(),
        ensures
            self.inv(),
            res.1@ == old(self).view@,
            match res.0 {
                Outcome::Stored => self.view@ == old(self).view@.push(x),
                Outcome::Full => self.view@ == old(self).view@,
            },
    {
        if self.entries.len() >= max {
            let ghost ret_ghost0: Seq<u64> = arbitrary();  // TODO - replace with correct value
            let ret = (Outcome::Full, Ghost(ret_ghost0));
            return ret;
        }
        self.entries.push(x);
        let ghost view_ghost0: Seq<u64> = arbitrary();  // TODO - replace with correct value
        self.view = Ghost(view_ghost0);
        let ghost ret_ghost0: Seq<u64> = arbitrary();  // TODO - replace with correct value
        let ret = (Outcome::Stored, Ghost(ret_ghost0));
        ret
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
            v == if self.entries.len() == 0 { None } else { Some(self.view@[0]) }
    {
        if self.entries.len() == 0 {
            return None;
        }
        let ghost get_ghost0: nat = arbitrary();  // TODO - replace with correct value
        let ret = Some(self.get(0, Ghost(get_ghost0)));
        ret
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
    while i < xs.len() {
        let (outcome, Ghost(append_ghost0)) = log.append(xs[i], max);
        match outcome {
            Outcome::Stored => {
                count = count + 1;
            },
            Outcome::Full => {},
        }
        i = i + 1;
    }
    count
}

} // verus!
