// A deep spec family and a long proof, written for the hard budget's tests (context/fit.py): what the
// target needs exceeds a small budget, so the floor is cut in its order.
use vstd::prelude::*;

fn main() {}

verus! {

pub open spec fn deep_fact(x: int) -> bool {
        &&& x + 0 > -1000
        &&& x + 1 > -999
        &&& x + 2 > -998
        &&& x + 3 > -997
        &&& x + 4 > -996
        &&& x + 5 > -995
        &&& x + 6 > -994
        &&& x + 7 > -993
        &&& x + 8 > -992
        &&& x + 9 > -991
        &&& x + 10 > -990
        &&& x + 11 > -989
        &&& x + 12 > -988
        &&& x + 13 > -987
        &&& x + 14 > -986
        &&& x + 15 > -985
        &&& x + 16 > -984
        &&& x + 17 > -983
        &&& x + 18 > -982
        &&& x + 19 > -981
        &&& x + 20 > -980
        &&& x + 21 > -979
        &&& x + 22 > -978
        &&& x + 23 > -977
        &&& x + 24 > -976
        &&& x + 25 > -975
        &&& x + 26 > -974
        &&& x + 27 > -973
        &&& x + 28 > -972
        &&& x + 29 > -971
        &&& x + 30 > -970
        &&& x + 31 > -969
        &&& x + 32 > -968
        &&& x + 33 > -967
        &&& x + 34 > -966
        &&& x + 35 > -965
        &&& x + 36 > -964
        &&& x + 37 > -963
        &&& x + 38 > -962
        &&& x + 39 > -961
        &&& x >= 0 || x < 0
}

pub open spec fn mid_fact(x: int) -> bool {
        &&& x + 0 > -1000
        &&& x + 1 > -999
        &&& x + 2 > -998
        &&& x + 3 > -997
        &&& x + 4 > -996
        &&& x + 5 > -995
        &&& x + 6 > -994
        &&& x + 7 > -993
        &&& x + 8 > -992
        &&& x + 9 > -991
        &&& x + 10 > -990
        &&& x + 11 > -989
        &&& x + 12 > -988
        &&& x + 13 > -987
        &&& x + 14 > -986
        &&& x + 15 > -985
        &&& x + 16 > -984
        &&& x + 17 > -983
        &&& x + 18 > -982
        &&& x + 19 > -981
        &&& x + 20 > -980
        &&& x + 21 > -979
        &&& x + 22 > -978
        &&& x + 23 > -977
        &&& x + 24 > -976
        &&& x + 25 > -975
        &&& x + 26 > -974
        &&& x + 27 > -973
        &&& x + 28 > -972
        &&& x + 29 > -971
        &&& x + 30 > -970
        &&& x + 31 > -969
        &&& x + 32 > -968
        &&& x + 33 > -967
        &&& x + 34 > -966
        &&& x + 35 > -965
        &&& x + 36 > -964
        &&& x + 37 > -963
        &&& x + 38 > -962
        &&& x + 39 > -961
        &&& deep_fact(x)
}

pub open spec fn top_fact(x: int) -> bool {
        &&& x + 0 > -1000
        &&& x + 1 > -999
        &&& x + 2 > -998
        &&& x + 3 > -997
        &&& x + 4 > -996
        &&& x + 5 > -995
        &&& x + 6 > -994
        &&& x + 7 > -993
        &&& x + 8 > -992
        &&& x + 9 > -991
        &&& x + 10 > -990
        &&& x + 11 > -989
        &&& x + 12 > -988
        &&& x + 13 > -987
        &&& x + 14 > -986
        &&& x + 15 > -985
        &&& x + 16 > -984
        &&& x + 17 > -983
        &&& x + 18 > -982
        &&& x + 19 > -981
        &&& x + 20 > -980
        &&& x + 21 > -979
        &&& x + 22 > -978
        &&& x + 23 > -977
        &&& x + 24 > -976
        &&& x + 25 > -975
        &&& x + 26 > -974
        &&& x + 27 > -973
        &&& x + 28 > -972
        &&& x + 29 > -971
        &&& x + 30 > -970
        &&& x + 31 > -969
        &&& x + 32 > -968
        &&& x + 33 > -967
        &&& x + 34 > -966
        &&& x + 35 > -965
        &&& x + 36 > -964
        &&& x + 37 > -963
        &&& x + 38 > -962
        &&& x + 39 > -961
        &&& mid_fact(x)
}

pub proof fn helper_lemma(x: int)
    requires
        x >= 0,
    ensures
        top_fact(x),
{
    assert(x >= 0);
}

pub proof fn target(x: int)
    requires
        x >= 0,
    ensures
        top_fact(x),
{
    assert(x + 0 >= 0);
    assert(x + 1 >= 1);
    assert(x + 2 >= 2);
    assert(x + 3 >= 3);
    assert(x + 4 >= 4);
    assert(x + 5 >= 5);
    assert(x + 6 >= 6);
    assert(x + 7 >= 7);
    assert(x + 8 >= 8);
    assert(x + 9 >= 9);
    assert(x + 10 >= 10);
    assert(x + 11 >= 11);
    assert(x + 12 >= 12);
    assert(x + 13 >= 13);
    assert(x + 14 >= 14);
    assert(x + 15 >= 15);
    assert(x + 16 >= 16);
    assert(x + 17 >= 17);
    assert(x + 18 >= 18);
    assert(x + 19 >= 19);
    assert(x + 20 >= 20);
    assert(x + 21 >= 21);
    assert(x + 22 >= 22);
    assert(x + 23 >= 23);
    assert(x + 24 >= 24);
    assert(x + 25 >= 25);
    assert(x + 26 >= 26);
    assert(x + 27 >= 27);
    assert(x + 28 >= 28);
    assert(x + 29 >= 29);
    assert(x + 30 >= 30);
    assert(x + 31 >= 31);
    assert(x + 32 >= 32);
    assert(x + 33 >= 33);
    assert(x + 34 >= 34);
    assert(x + 35 >= 35);
    assert(x + 36 >= 36);
    assert(x + 37 >= 37);
    assert(x + 38 >= 38);
    assert(x + 39 >= 39);
    assert(x + 40 >= 40);
    assert(x + 41 >= 41);
    assert(x + 42 >= 42);
    assert(x + 43 >= 43);
    assert(x + 44 >= 44);
    assert(x + 45 >= 45);
    assert(x + 46 >= 46);
    assert(x + 47 >= 47);
    assert(x + 48 >= 48);
    assert(x + 49 >= 49);
    assert(x + 50 >= 50);
    assert(x + 51 >= 51);
    assert(x + 52 >= 52);
    assert(x + 53 >= 53);
    assert(x + 54 >= 54);
    assert(x + 55 >= 55);
    assert(x + 56 >= 56);
    assert(x + 57 >= 57);
    assert(x + 58 >= 58);
    assert(x + 59 >= 59);
    assert(x + 60 >= 60);
    assert(x + 61 >= 61);
    assert(x + 62 >= 62);
    assert(x + 63 >= 63);
    assert(x + 64 >= 64);
    assert(x + 65 >= 65);
    assert(x + 66 >= 66);
    assert(x + 67 >= 67);
    assert(x + 68 >= 68);
    assert(x + 69 >= 69);
    assert(x + 70 >= 70);
    assert(x + 71 >= 71);
    assert(x + 72 >= 72);
    assert(x + 73 >= 73);
    assert(x + 74 >= 74);
    assert(x + 75 >= 75);
    assert(x + 76 >= 76);
    assert(x + 77 >= 77);
    assert(x + 78 >= 78);
    assert(x + 79 >= 79);
    assert(x + 80 >= 80);
    assert(x + 81 >= 81);
    assert(x + 82 >= 82);
    assert(x + 83 >= 83);
    assert(x + 84 >= 84);
    assert(x + 85 >= 85);
    assert(x + 86 >= 86);
    assert(x + 87 >= 87);
    assert(x + 88 >= 88);
    assert(x + 89 >= 89);
    assert(x + 90 >= 90);
    assert(x + 91 >= 91);
    assert(x + 92 >= 92);
    assert(x + 93 >= 93);
    assert(x + 94 >= 94);
    assert(x + 95 >= 95);
    assert(x + 96 >= 96);
    assert(x + 97 >= 97);
    assert(x + 98 >= 98);
    assert(x + 99 >= 99);
    assert(x + 100 >= 100);
    assert(x + 101 >= 101);
    assert(x + 102 >= 102);
    assert(x + 103 >= 103);
    assert(x + 104 >= 104);
    assert(x + 105 >= 105);
    assert(x + 106 >= 106);
    assert(x + 107 >= 107);
    assert(x + 108 >= 108);
    assert(x + 109 >= 109);
    assert(x + 110 >= 110);
    assert(x + 111 >= 111);
    assert(x + 112 >= 112);
    assert(x + 113 >= 113);
    assert(x + 114 >= 114);
    assert(x + 115 >= 115);
    assert(x + 116 >= 116);
    assert(x + 117 >= 117);
    assert(x + 118 >= 118);
    assert(x + 119 >= 119);
    helper_lemma(x);
}

} // verus!
