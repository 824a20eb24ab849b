// Every escape hatch and outside-file read the lens reports (the guard rejects any the model adds).
use vstd::prelude::*;

mod other_file;
#[path = "elsewhere.rs"]
mod elsewhere;
extern crate core;

const BANNER: &str = include_str!("banner.txt");
const HOME: &str = env!("HOME");

verus! {

#[verifier::external_body]
fn trusted_len(v: &Vec<u8>) -> (n: usize)
    ensures
        n == v.len(),
{
    v.len()
}

#[verifier(external_body)]
proof fn trusted_lemma()
    ensures
        false,
{
}

axiom fn everything_holds()
    ensures
        false;

pub assume_specification[ core::cmp::max::<u64> ](a: u64, b: u64) -> (r: u64)
    ensures
        r == if a >= b { a } else { b };

#[verifier::external]
fn not_verified() {
}

#[verifier::assume_termination]
fn spins() {
}

#[verifier::exec_allows_no_decreases_clause]
fn no_decreases(n: u64) {
    let mut i = 0;
    while i < n {
        i = i + 1;
    }
}

fn cheats(x: u64) -> (r: u64)
    ensures
        r == x + 1,
{
    assume(x < 100);
    proof {
        admit();
    }
    x + 1
}

} // verus!
