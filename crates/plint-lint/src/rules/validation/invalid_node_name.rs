use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{ExprKind, StringPart};

declare_rule! {
    /// ## What it does
    /// Finds a node name that is not a host name: a name with characters other than letters,
    /// digits, `_`, `-` and `.`, or a string with interpolation.
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`ILLEGAL_HOSTNAME_CHARS`, `ILLEGAL_HOSTNAME_INTERPOLATION`):
    /// node names are matched against certificate names when the manifest is compiled, before
    /// any variable exists.
    ///
    /// ## Example
    /// ```puppet
    /// node "web-${facts['networking']['domain']}" { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// node /^web-\d+\.example\.com$/ { }
    /// ```
    pub struct InvalidNodeName {
        code: "P321",
        name: "invalid-node-name",
        severity: Error,
        category: Validation,
    }
}

fn bad_char(name: &str) -> Option<char> {
    name.chars()
        .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')))
}

impl Check for InvalidNodeName {
    fn check(&self, cx: &mut Context<'_>) {
        for e in cx.index().exprs_of(&[Kind::Node]) {
            let ExprKind::Node(n) = &e.kind else {
                continue;
            };
            for m in &n.matchers {
                let value = match &m.kind {
                    ExprKind::String(s) => {
                        let interpolation = s.parts.iter().find_map(|p| match p {
                            StringPart::Interpolation { span, .. } => Some(*span),
                            _ => None,
                        });
                        if let Some(span) = interpolation {
                            cx.report(span, "a node name cannot contain interpolation")
                                .label("interpolated")
                                .secondary(m.span, "in this node name")
                                .help("write the name literally, or match several nodes with a regular expression");
                            continue;
                        }
                        s.literal_value().unwrap_or_default()
                    }
                    ExprKind::Name(name) | ExprKind::TypeRef(name) => name.clone(),
                    _ => continue,
                };
                if let Some(c) = bad_char(&value) {
                    cx.report(
                        m.span,
                        format!("the node name `{value}` contains the character {c:?}"),
                    )
                    .label("not a host name")
                    .help("node names use only letters, digits, `_`, `-` and `.`; use a regular expression to match a pattern");
                }
            }
        }
    }
}
