//! What the type rules share: the file's type analysis (one per file, cached) and how types and
//! values are shown in messages.

use std::rc::Rc;

use crate::infer::{self, Analysis};
use crate::rules::Context;
use crate::types::Type;

/// The inference of the rule's file (computed once per file, shared by the rules).
pub fn analysis(cx: &Context<'_>) -> Rc<Analysis> {
    cx.cache::<FileAnalysis>().0.clone()
}

/// [`analysis`] of the file being checked.
struct FileAnalysis(Rc<Analysis>);

impl crate::rules::FileCache for FileAnalysis {
    fn compute(cx: &Context<'_>) -> Self {
        let module = cx.file.module.map(|m| m.name.as_str());
        FileAnalysis(Rc::new(infer::analyze_in(
            cx.ast(),
            cx.source(),
            cx.program(),
            module,
        )))
    }
}

/// A type in a message: `` `Integer[1, 65535]` ``.
pub fn show_type(t: &Type) -> String {
    format!("`{t}`")
}

/// An inferred value in a message: a known string as itself (`'presnet'`), else its type.
pub fn show_value(t: &Type) -> String {
    match t {
        Type::String(s) if s.value.is_some() => {
            format!("'{}'", s.value.as_deref().unwrap_or(""))
        }
        Type::Array(a) if a.size.is_some_and(|r| r.max == Some(0)) => "the empty array `[]`".into(),
        Type::Hash(h) if h.size.is_some_and(|r| r.max == Some(0)) => "the empty hash `{}`".into(),
        t => format!("a value of type `{t}`"),
    }
}
