use crate::rules::Kind;
use rustc_hash::FxHashMap as HashMap;

use crate::declare_rule;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{Expr, ExprKind, StringKind};

declare_rule! {
    /// ## What it does
    /// Finds a hash literal that has the same literal key twice (`{ 'a' => 1, a => 2 }`).
    /// Keys are compared by value: a quoted string and the same bare word are one key, and
    /// so are `1` and `0x1`.
    ///
    /// ## Why is this bad?
    /// The last value silently wins, so the first entry is dead and usually a mistake
    /// (a copy-paste, a merge). Puppet 8 rejects it (`DUPLICATE_KEY` with `strict = error`,
    /// its default): an error. Puppet 7 (`strict = warning`) warns: a warning with
    /// `puppet-version = 7`.
    ///
    /// ## Example
    /// ```puppet
    /// $ports = { 'http' => 80, 'https' => 443, 'http' => 8080 }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $ports = { 'http' => 8080, 'https' => 443 }
    /// ```
    pub struct DuplicateHashKey {
        code: "P316",
        name: "duplicate-hash-key",
        severity: Error,
        category: Validation,
        puppet_setting: Strict,
    }
}

/// The value of a literal key, as Puppet compares them.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Key {
    Undef,
    Default,
    Bool(bool),
    Int(i64),
    Float(u64),
    Str(String),
    Regex(String),
    List(Vec<Key>),
    Map(Vec<(Key, Key)>),
}

/// The literal value of `e`, if it is a literal (no variables, calls, references, operators,
/// heredocs or interpolation).
fn literal(e: &Expr) -> Option<Key> {
    Some(match &e.kind {
        ExprKind::Undef => Key::Undef,
        ExprKind::Default => Key::Default,
        ExprKind::Boolean(b) => Key::Bool(*b),
        ExprKind::Integer(i) => Key::Int(i.value?),
        ExprKind::Float(f) => Key::Float(if *f == 0.0 { 0 } else { f.to_bits() }),
        ExprKind::Name(n) => Key::Str(n.clone()),
        ExprKind::String(s) if !matches!(s.kind, StringKind::Heredoc(_)) => {
            Key::Str(s.literal_value()?)
        }
        ExprKind::Regex(r) => Key::Regex(r.clone()),
        ExprKind::Array(items) => Key::List(items.iter().map(literal).collect::<Option<_>>()?),
        ExprKind::Hash(h) => {
            let mut map: Vec<(Key, Key)> = Vec::new();
            for p in &h.entries {
                let (k, v) = (literal(&p.key)?, literal(&p.value)?);
                map.retain(|(old, _)| *old != k);
                map.push((k, v));
            }
            map.sort();
            Key::Map(map)
        }
        _ => return None,
    })
}

impl Check for DuplicateHashKey {
    fn check(&self, cx: &mut Context<'_>) {
        // One map for every hash (emptied for each): its table is allocated once.
        let mut seen = HashMap::default();
        for e in cx.index().exprs_of(&[Kind::Hash]) {
            let ExprKind::Hash(h) = &e.kind else {
                continue;
            };
            seen.clear();
            for p in &h.entries {
                let Some(key) = literal(&p.key) else {
                    continue;
                };
                if let Some(first) = seen.get(&key) {
                    let text = cx.text(p.key.span).to_string();
                    cx.report(
                        p.key.span,
                        format!("the key `{text}` is already in this hash"),
                    )
                    .label("duplicate key")
                    .secondary(*first, "first used here")
                    .help("remove one of the entries; the last one wins");
                } else {
                    seen.insert(key, p.key.span);
                }
            }
        }
    }
}
