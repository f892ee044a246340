//! The syntax stage's token stream ([`crate::syntax::tokens`]) of the file being checked, made
//! once per file and shared by every rule of this family that reads it.

pub use crate::syntax::tokens::{Kind, Token, at, next_code, partners, prev_code};

use crate::rules::Context;
use crate::syntax::tokens::tokenize;

/// The tokens of the file `cx` checks ([`tokenize`]), made once per file and shared by every
/// rule that reads them.
pub fn of<'a>(cx: &Context<'a>) -> &'a [Token] {
    &cx.cache::<Tokens>().0
}

/// [`of`] the file being checked.
struct Tokens(Vec<Token>);

impl crate::rules::FileCache for Tokens {
    fn compute(cx: &Context<'_>) -> Self {
        Tokens(tokenize(cx.source(), cx.ast()))
    }
}
