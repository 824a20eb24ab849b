// A ledger of accounts, written for the slicer's tests: large enough to be sliced, with every kind of item.
use vstd::prelude::*;
use vstd::seq_lib::*;

fn main() {}

verus! {

pub const MAX_ACCOUNTS: u64 = 1000;

pub const MAX_BALANCE: u64 = 1_000_000_000;

pub type AccountId = u64;

pub type Amount = u64;

/// One account of the ledger.
pub struct Account {
    pub id: AccountId,
    pub balance: Amount,
    pub frozen: bool,
}

pub enum Entry {
    Deposit { to: AccountId, amount: Amount },
    Withdraw { from: AccountId, amount: Amount },
    Transfer { from: AccountId, to: AccountId, amount: Amount },
}

pub struct Ledger {
    pub accounts: Vec<Account>,
    pub history: Vec<Entry>,
}

pub struct Audit {
    pub checked: u64,
    pub mismatches: u64,
}

pub trait Summable {
    spec fn weight(&self) -> nat;

    fn add_weight(&self, total: u64) -> (r: u64)
        requires
            total + self.weight() <= u64::MAX,
        ensures
            r == total + self.weight();
}

impl Account {
    pub open spec fn valid(&self) -> bool {
        &&& self.balance <= MAX_BALANCE
        &&& self.id < MAX_ACCOUNTS
    }

    pub open spec fn can_pay(&self, amount: Amount) -> bool {
        !self.frozen && amount <= self.balance
    }

    pub fn pay(&mut self, amount: Amount)
        requires
            old(self).valid(),
            old(self).can_pay(amount),
        ensures
            self.valid(),
            self.balance == old(self).balance - amount,
            self.id == old(self).id,
    {
        self.balance = self.balance - amount;
    }

    pub fn receive(&mut self, amount: Amount)
        requires
            old(self).valid(),
            old(self).balance + amount <= MAX_BALANCE,
        ensures
            self.valid(),
            self.balance == old(self).balance + amount,
            self.id == old(self).id,
    {
        self.balance = self.balance + amount;
    }
}

impl Summable for Account {
    spec fn weight(&self) -> nat {
        self.balance as nat
    }

    fn add_weight(&self, total: u64) -> (r: u64) {
        total + self.balance
    }
}

pub open spec fn total(accounts: Seq<Account>) -> nat
    decreases accounts.len(),
{
    if accounts.len() == 0 {
        0
    } else {
        total(accounts.drop_last()) + accounts.last().balance as nat
    }
}

pub open spec fn all_valid(accounts: Seq<Account>) -> bool {
    forall|i: int| 0 <= i < accounts.len() ==> #[trigger] accounts[i].valid()
}

pub open spec fn ids_unique(accounts: Seq<Account>) -> bool {
    forall|i: int, j: int|
        0 <= i < accounts.len() && 0 <= j < accounts.len() && i != j ==> accounts[i].id != accounts[j].id
}

pub open spec fn entry_amount(entry: Entry) -> Amount {
    match entry {
        Entry::Deposit { amount, .. } => amount,
        Entry::Withdraw { amount, .. } => amount,
        Entry::Transfer { amount, .. } => amount,
    }
}

pub open spec fn unrelated_helper(x: int) -> int {
    x * x + 1
}

pub open spec fn another_unrelated_helper(x: int, y: int) -> int {
    unrelated_helper(x) + unrelated_helper(y)
}

pub proof fn lemma_total_bounded(accounts: Seq<Account>)
    requires
        all_valid(accounts),
    ensures
        total(accounts) <= accounts.len() * (MAX_BALANCE as nat),
    decreases accounts.len(),
{
    if accounts.len() > 0 {
        let rest = accounts.drop_last();
        assert forall|i: int| 0 <= i < rest.len() implies #[trigger] rest[i].valid() by {
            assert(rest[i] == accounts[i]);
        }
        lemma_total_bounded(rest);
        assert(accounts.last().valid());
    }
}

pub proof fn lemma_total_update(accounts: Seq<Account>, i: int, new_balance: Amount)
    requires
        0 <= i < accounts.len(),
    ensures
        total(accounts.update(i, Account { balance: new_balance, ..accounts[i] })) + accounts[i].balance as nat
            == total(accounts) + new_balance as nat,
    decreases accounts.len(),
{
    let updated = accounts.update(i, Account { balance: new_balance, ..accounts[i] });
    if i == accounts.len() - 1 {
        assert(updated.drop_last() =~= accounts.drop_last());
    } else {
        lemma_total_update(accounts.drop_last(), i, new_balance);
        assert(updated.drop_last() =~= accounts.drop_last().update(i, Account { balance: new_balance, ..accounts[i] }));
    }
}

pub proof fn lemma_unrelated_positive(x: int)
    ensures
        unrelated_helper(x) > 0,
{
    assert(x * x >= 0) by (nonlinear_arith);
}

impl Ledger {
    pub open spec fn inv(&self) -> bool {
        &&& all_valid(self.accounts@)
        &&& ids_unique(self.accounts@)
        &&& self.accounts.len() <= MAX_ACCOUNTS
    }

    pub open spec fn balance_of(&self, i: int) -> nat {
        self.accounts@[i].balance as nat
    }

    pub fn new() -> (ledger: Self)
        ensures
            ledger.inv(),
            ledger.accounts.len() == 0,
    {
        Ledger { accounts: Vec::new(), history: Vec::new() }
    }

    pub fn deposit(&mut self, i: usize, amount: Amount)
        requires
            old(self).inv(),
            i < old(self).accounts.len(),
            old(self).balance_of(i as int) + amount <= MAX_BALANCE,
        ensures
            self.inv(),
            total(self.accounts@) == total(old(self).accounts@) + amount,
    {
        let mut account = Account {
            id: self.accounts[i].id,
            balance: self.accounts[i].balance,
            frozen: self.accounts[i].frozen,
        };
        account.receive(amount);
        self.accounts.set(i, account);
        self.history.push(Entry::Deposit { to: account.id, amount });
    }

    pub fn sum_balances(&self) -> (sum: u64)
        requires
            self.inv(),
        ensures
            sum == total(self.accounts@),
    {
        let mut sum: u64 = 0;
        let mut k: usize = 0;
        while k < self.accounts.len() {
            sum = sum + self.accounts[k].balance;
            k = k + 1;
        }
        sum
    }

    pub fn count_frozen(&self) -> (n: usize)
        ensures
            n <= self.accounts.len(),
    {
        let mut n: usize = 0;
        let mut k: usize = 0;
        while k < self.accounts.len()
            invariant
                n <= k <= self.accounts.len(),
            decreases self.accounts.len() - k,
        {
            if self.accounts[k].frozen {
                n = n + 1;
            }
            k = k + 1;
        }
        n
    }
}

impl Audit {
    pub open spec fn consistent(&self) -> bool {
        self.mismatches <= self.checked
    }

    pub fn record(&mut self, ok: bool)
        requires
            old(self).consistent(),
            old(self).checked < u64::MAX,
        ensures
            self.consistent(),
    {
        self.checked = self.checked + 1;
        if !ok {
            self.mismatches = self.mismatches + 1;
        }
    }
}

pub mod reports {
    use super::*;

    pub open spec fn report_line_count(ledger: Ledger) -> nat {
        ledger.accounts.len() as nat + 1
    }

    pub fn header_width() -> (w: u64)
        ensures
            w == 80,
    {
        80
    }
}

pub fn largest_balance(accounts: &Vec<Account>) -> (m: Amount)
    requires
        accounts.len() > 0,
        all_valid(accounts@),
    ensures
        forall|i: int| 0 <= i < accounts.len() ==> accounts@[i].balance <= m,
        m <= MAX_BALANCE,
{
    let mut m = accounts[0].balance;
    let mut k = 1;
    while k < accounts.len()
        invariant
            1 <= k <= accounts.len(),
            m <= MAX_BALANCE,
            all_valid(accounts@),
            forall|i: int| 0 <= i < k ==> accounts@[i].balance <= m,
        decreases accounts.len() - k,
    {
        if accounts[k].balance > m {
            m = accounts[k].balance;
        }
        k = k + 1;
    }
    m
}

} // verus!
