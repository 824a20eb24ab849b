"""Item replies into one of two impl blocks of the same type and trait (`impl M for Vec<u8>`, `impl<T> M for Vec<T>`):
the reply's impl header says which."""

from verusagent.edit.splice import functions_in, splice
from verusagent.lens import parse

SOURCE = """verus! {
trait M { fn size(&self) -> usize; }
impl M for Vec<u8> {
    fn size(&self) -> usize { 1 }
}
impl<T: M> M for Vec<T> {
    fn size(&self) -> usize { 2 }
}
}
"""


def _spliced(reply: str) -> str:
    return splice(parse(SOURCE), functions_in(reply).complete).candidate


def test_the_reply_goes_into_the_impl_its_header_names():
    reply = "impl<T: M> M for Vec<T> {\n    fn size(&self) -> usize { 3 }\n}\n"
    assert _spliced(reply) == SOURCE.replace("{ 2 }", "{ 3 }")


def test_the_header_is_compared_with_its_whitespace_folded():
    reply = "impl M for Vec<u8>\n{\n    fn size(&self) -> usize { 4 }\n}\n"
    assert _spliced(reply) == SOURCE.replace("{ 1 }", "{ 4 }")


def test_an_unknown_header_falls_back_to_the_first_of_the_type():
    reply = "impl M for Vec<bool> {\n    fn size(&self) -> usize { 5 }\n}\n"
    assert _spliced(reply) == SOURCE.replace("{ 1 }", "{ 5 }")
