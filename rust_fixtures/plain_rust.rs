// Plain Rust with no verus! block: the lens still lists its functions.
struct Counter {
    count: u32,
}

impl Counter {
    fn new() -> Self {
        Counter { count: 0 }
    }

    fn bump(&mut self) -> u32 {
        self.count += 1;
        self.count
    }
}

fn apply(f: fn(u32) -> u32, x: u32) -> u32 {
    f(x)
}

fn main() {
    let mut c = Counter::new();
    for _ in 0..3 {
        c.bump();
    }
    println!("{}", apply(|x| x + 1, c.count));
}
