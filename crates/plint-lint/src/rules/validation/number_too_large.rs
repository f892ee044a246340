use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{ExprKind, Radix};

declare_rule! {
    /// ## What it does
    /// Finds an integer literal too large for Puppet's 64-bit integers (above
    /// 9223372036854775807, in any radix), and a floating-point literal too large for a
    /// double (`1e400`).
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`NUMERIC_OVERFLOW`, or an invalid number for floats).
    /// A minus sign does not help: `-9223372036854775808` is the negation of a literal that
    /// is already too large.
    ///
    /// ## Example
    /// ```puppet
    /// $max_bytes = 18446744073709551615
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $max_bytes = 9223372036854775807
    /// ```
    pub struct NumberTooLarge {
        code: "P329",
        name: "number-too-large",
        severity: Error,
        category: Validation,
    }
}

impl Check for NumberTooLarge {
    fn check(&self, cx: &mut Context<'_>) {
        for e in cx.index().exprs_of(&[Kind::Float, Kind::Integer]) {
            if let ExprKind::Float(f) = &e.kind {
                if f.is_infinite() {
                    let text = cx.text(e.span).to_string();
                    cx.report(e.span, format!("the number `{text}` is too large"))
                        .label("does not fit in a double")
                        .help("the largest float is about 1.8e308; use a string for larger values");
                }
                continue;
            }
            let ExprKind::Integer(lit) = &e.kind else {
                continue;
            };
            if lit.value.is_some() {
                continue;
            }
            // Malformed literals are syntax errors, reported by the parser.
            let text = cx.text(e.span);
            let well_formed = match lit.radix {
                Radix::Hex => text
                    .get(2..)
                    .is_some_and(|d| !d.is_empty() && d.chars().all(|c| c.is_ascii_hexdigit())),
                Radix::Octal => text.chars().all(|c| ('0'..='7').contains(&c)),
                Radix::Decimal => !text.is_empty() && text.chars().all(|c| c.is_ascii_digit()),
            };
            if !well_formed {
                continue;
            }
            cx.report(e.span, format!("the integer `{text}` is too large"))
                .label("does not fit in 64 bits")
                .help("Puppet integers have 64 bits (at most 9223372036854775807); use a string or a float for larger values");
        }
    }
}
