// Clause lists the lens must split right (tests/lens/test_clauses.py): empty clauses, and clause expressions
// that end in an `if .. { } else { }` or `match .. { }` block right before the body, the next clause or the `;`.
use vstd::prelude::*;

verus! {

fn empty_requires(x: u8) -> (r: u8)
    requires
    ensures
        r == x,
{
    x
}

fn empty_requires_on_one_line(x: u8) -> (r: u8)
    requires ensures r == x
{
    x
}

fn if_else_before_body(x: u8) -> (r: u8)
    ensures
        r == if x > 0 { 1 } else { 2 }
{
    if x > 0 { 1 } else { 2 }
}

fn match_before_body(x: Option<u8>) -> (r: u8)
    ensures
        match x { Some(v) => r == v, None => r == 0 }
{
    match x { Some(v) => v, None => 0 }
}

fn if_else_before_ensures(b: bool) -> (r: u8)
    requires
        if b { true } else { false }
    ensures
        r == 0
{
    0
}

trait Reader {
    fn read(&self, x: Option<u8>) -> (r: u8)
        ensures
            match x { Some(v) => r == v, None => r == 0 };

    fn either(&self, b: bool) -> (r: u8)
        ensures
            if b { r == 1 } else { r == 2 };

    fn largest(&self, o: u8) -> (r: u8)
        ensures
            match o { 0 => r == 0, _ => r >= o }
        default_ensures
            exists|m: u8| { &&& m == r };
}

fn names_that_are_keywords(requires: u8) -> (r: u8)
    requires
        requires < 10,
    ensures
        r == requires,
{
    requires
}

} // verus!
