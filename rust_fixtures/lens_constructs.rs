// A small Verus program that uses every construct the lens must understand.
use vstd::prelude::*;

fn helper_outside(x: u8) -> u8 {
    x / 2
}

verus! {

/// The sum of the first n numbers.
pub open spec fn triangle(n: nat) -> nat
    decreases n,
{
    if n == 0 { 0 } else { n + triangle((n - 1) as nat) }
}

pub closed spec(checked) fn bounded(x: int) -> bool
    recommends
        x >= 0,
{
    x < 1000
}

spec fn all_pos(s: Seq<int>) -> bool {
    forall|i: int| #![trigger s[i]] 0 <= i < s.len() ==> s[i] > 0
}

proof fn lemma_triangle_monotone(a: nat, b: nat)
    requires
        a <= b,
    ensures
        triangle(a) <= triangle(b),
    decreases b,
{
    if a < b {
        lemma_triangle_monotone(a, (b - 1) as nat);
    }
}

#[verifier::opaque]
spec fn opaque_double(x: int) -> int {
    2 * x
}

fn sum_pairs(v: &Vec<u64>) -> (total: u64)
    requires
        v.len() < 100,
        forall|i: int| 0 <= i < v.len() ==> v[i] < 100,
    ensures
        total <= 100 * 100 * v.len(),
{
    let mut total: u64 = 0;
    let mut i: usize = 0;
    while i < v.len()
        invariant
            i <= v.len(),
            total <= 100 * 100 * i,
            forall|k: int| 0 <= k < v.len() ==> v[k] < 100,
        decreases v.len() - i,
    {
        let mut j: usize = 0;
        while j < 100
            invariant_except_break
                j <= 100,
            ensures
                j <= 100,
            decreases 100 - j,
        {
            j = j + 1;
        }
        proof {
            lemma_triangle_monotone(0, i as nat);
        }
        total = total + v[i] * 100;
        i = i + 1;
    }
    total
}

fn count_down(n: u32) -> (r: u32)
    ensures
        r == 0,
{
    let mut k = n;
    loop
        invariant
            k <= n,
        decreases k,
    {
        if k == 0 {
            break;
        }
        k = k - 1;
    }
    for x in iter: 0..n
        invariant
            k == 0,
    {
        assert(x < n);
    }
    k
}

fn bit_and_nonlinear(x: u32, y: u32)
    requires
        x < 10,
        y < 10,
{
    assert(x & 0 == 0) by (bit_vector);
    assert(x * y < 100) by (nonlinear_arith)
        requires
            x < 10,
            y < 10,
    {
    }
    assert(opaque_double(3) == 6) by {
        reveal(opaque_double);
    }
    assert forall|i: int| 0 <= i < 3 implies opaque_double(i) == 2 * i by {
        reveal(opaque_double);
    }
    let ghost g = triangle(3);
    assert(g == 6) by (compute);
}

fn ext_and_bullets(s1: Seq<int>, s2: Seq<int>) -> (same: bool)
    requires
        s1 =~= s2,
    ensures
        same ==> {
            &&& s1.len() == s2.len()
            &&& s1 =~= s2
        },
{
    true
}

fn set_to_seven(x: &mut u32)
    ensures
        *final(x) == 7,
{
    *x = 7;
}

pub trait Shape {
    spec fn area_spec(&self) -> int;

    fn area(&self) -> (a: u64)
        ensures
            a as int == self.area_spec();

    fn double_area(&self) -> (d: u64)
        requires
            self.area_spec() < 1000,
        ensures
            d as int == 2 * self.area_spec(),
    {
        let a = self.area();
        a * 2
    }
}

pub struct Square {
    pub side: u64,
}

impl Shape for Square {
    spec fn area_spec(&self) -> int {
        self.side * self.side
    }

    fn area(&self) -> (a: u64) {
        assume(self.side < 1000);
        self.side * self.side
    }
}

impl Square {
    pub fn new(side: u64) -> (s: Self)
        ensures
            s.side == side,
    {
        Square { side }
    }
}

mod geometry {
    use vstd::prelude::*;

    pub proof fn lemma_square_nonneg(x: int)
        ensures
            x * x >= 0,
    {
        assert(x * x >= 0) by (nonlinear_arith);
    }
}

broadcast use vstd::seq::group_seq_axioms;

fn calc_example(a: int, b: int)
    requires
        a == b,
{
    proof {
        calc! {
            (==)
            a; {}
            b;
        }
    }
}

fn main() {
    let t = Square::new(3);
    let _a = t.area();
}

} // verus!
