use crate::declare_rule;
use crate::report::Fix;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{ExprKind, Span, StringKind};

declare_rule! {
    /// ## What it does
    /// Finds `file` and `concat` modes written as a number or a bare word instead of a
    /// quoted string.
    ///
    /// The fix quotes the mode.
    ///
    /// ## Why is this bad?
    /// The `mode` attribute takes a string: Puppet refuses a number ("must be a string"),
    /// and `0644` as a number is the decimal 420, not the mode the digits show.
    ///
    /// ## Example
    /// ```puppet
    /// file { '/etc/motd': mode => 0644 }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// file { '/etc/motd': mode => '0644' }
    /// ```
    pub struct UnquotedFileMode {
        code: "P419",
        name: "unquoted-file-mode",
        severity: Warning,
        category: Style,
        puppet_lint: "unquoted_file_mode",
        fixable: true,
    }
}

impl Check for UnquotedFileMode {
    fn check(&self, cx: &mut Context<'_>) {
        let mut spans: Vec<Span> = Vec::new();
        for e in cx.index().exprs_of(&[Kind::Resource]) {
            if let ExprKind::Resource(r) = &e.kind
                && r.type_expr.is_none()
                && matches!(r.type_name.name.as_str(), "file" | "concat")
            {
                for a in r.bodies.iter().flat_map(|b| &b.attributes) {
                    let bare = match &a.value.kind {
                        ExprKind::Integer(_) | ExprKind::Float(_) | ExprKind::Name(_) => true,
                        ExprKind::String(s) => s.kind == StringKind::BareWord,
                        _ => false,
                    };
                    if a.name.name == "mode" && bare {
                        spans.push(a.value.span);
                    }
                }
            }
        }
        for span in spans {
            let mode = cx.text(span).to_string();
            cx.report(span, format!("the file mode `{mode}` is not quoted"))
                .label("unquoted mode")
                .help("quote the mode: it must be a string")
                .fix(Fix::replace(
                    "quote the mode",
                    span.range(),
                    format!("'{mode}'"),
                ));
        }
    }
}
