use crate::declare_rule;
use crate::report::Fix;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{Expr, ExprKind, StringKind};

declare_rule! {
    /// ## What it does
    /// Finds `file` and `concat` modes that are neither four octal digits (`'0644'`) nor a
    /// symbolic mode (`'u=rw,go=r'`). Modes computed by a variable, a function call or an
    /// interpolated string are not checked.
    ///
    /// The fix adds the leading zero to a three-digit mode (`'644'` becomes `'0644'`, the
    /// same mode).
    ///
    /// ## Why is this bad?
    /// Three digits, or a number, leave the reader to guess whether the value is octal and
    /// whether special bits (setuid, sticky) are meant. Four digits say it exactly.
    ///
    /// ## Example
    /// ```puppet
    /// file { '/etc/motd': mode => '644' }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// file { '/etc/motd': mode => '0644' }
    /// ```
    pub struct FileMode {
        code: "P418",
        name: "malformed-file-mode",
        severity: Warning,
        category: Style,
        puppet_lint: "file_mode",
        fixable: true,
    }
}

fn octal_digits(s: &str, n: usize) -> bool {
    s.len() == n && s.bytes().all(|b| (b'0'..=b'7').contains(&b))
}

/// `[ugoa]*[-=+][-=+rstwxXugo]*`, comma-separated.
fn symbolic(s: &str) -> bool {
    s.split(',').all(|clause| {
        let rest = clause.trim_start_matches(['u', 'g', 'o', 'a']);
        rest.starts_with(['-', '=', '+']) && rest.chars().all(|c| "-=+rstwxXugo".contains(c))
    })
}

/// The mode as written, and the quote to use for a fix; `None` for values not checked.
fn literal_mode<'a>(cx: &Context<'a>, value: &Expr) -> Option<(String, char)> {
    match &value.kind {
        ExprKind::String(s) => {
            let quote = match s.kind {
                StringKind::SingleQuoted | StringKind::BareWord => '\'',
                StringKind::DoubleQuoted => '"',
                StringKind::Heredoc(_) => return None,
            };
            s.literal_value().map(|v| (v, quote))
        }
        ExprKind::Integer(_) | ExprKind::Name(_) => Some((cx.text(value.span).to_string(), '\'')),
        _ => None,
    }
}

impl Check for FileMode {
    fn check(&self, cx: &mut Context<'_>) {
        let mut values: Vec<&Expr> = Vec::new();
        for e in cx.index().exprs_of(&[Kind::Resource]) {
            if let ExprKind::Resource(r) = &e.kind
                && r.type_expr.is_none()
                && matches!(r.type_name.name.as_str(), "file" | "concat")
            {
                let attrs = r.bodies.iter().flat_map(|b| &b.attributes);
                values.extend(attrs.filter(|a| a.name.name == "mode").map(|a| &a.value));
            }
        }
        for value in values {
            let Some((mode, quote)) = literal_mode(cx, value) else {
                continue;
            };
            if octal_digits(&mode, 4) || symbolic(&mode) {
                continue;
            }
            let d = cx
                .report(value.span, format!("the file mode `{mode}` is not four octal digits or a symbolic mode"))
                .label("unclear mode")
                .help("write the mode as four octal digits, such as '0644', or symbolically, such as 'u=rw,go=r'");
            if octal_digits(&mode, 3) {
                d.fix(Fix::replace(
                    "write the mode with four digits",
                    value.span.range(),
                    format!("{quote}0{mode}{quote}"),
                ));
            }
        }
    }
}
