//! The methods of Ruby's Array.

use super::value::*;
use super::{Blk, Interp, R};

impl Interp<'_> {
    pub(crate) fn array_method(
        &mut self,
        recv: &Value,
        name: &str,
        args: &[Value],
        blk: Option<&Blk>,
    ) -> R<Option<Value>> {
        let _ = (recv, name, args, blk);
        Ok(None)
    }
}
