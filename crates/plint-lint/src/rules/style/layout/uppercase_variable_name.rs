use crate::declare_rule;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check, queries};
use crate::syntax::ast::{ExprKind, Span};

declare_rule! {
    /// ## What it does
    /// Finds variables and parameters whose names contain an uppercase letter.
    ///
    /// ## Why is this bad?
    /// Puppet's variable names are lowercase by convention (uppercase names are for types
    /// and classes), and the same variable written with different cases is easy to
    /// mistype.
    ///
    /// ## Example
    /// ```puppet
    /// $serverName = 'ntp.example.com'
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $server_name = 'ntp.example.com'
    /// ```
    pub struct UppercaseVariableName {
        code: "P438",
        name: "uppercase-variable-name",
        severity: Warning,
        category: Style,
        puppet_lint: "variable_is_lowercase",
    }
}

impl Check for UppercaseVariableName {
    fn check(&self, cx: &mut Context<'_>) {
        let mut found: Vec<(Span, &str)> = Vec::new();
        let has_upper = |name: &str| name.bytes().any(|b| b.is_ascii_uppercase());
        let index = cx.index();
        let name_bytes = index.name_bytes();
        for (i, e) in index.of(queries::VARIABLES_AND_PARAMETERS) {
            if let ExprKind::Variable(name) = &e.kind {
                if name_bytes[i].has_upper() {
                    found.push((e.span, name));
                }
            } else if let Some(params) = queries::parameters(e) {
                found.extend(
                    params
                        .iter()
                        .filter(|p| has_upper(&p.name.name))
                        .map(|p| (p.name.span, p.name.name.as_str())),
                );
            }
        }
        for (span, name) in found {
            let name = name.trim_start_matches('$');
            cx.report(
                span,
                format!("the variable `${name}` has an uppercase letter"),
            )
            .label("uppercase in a variable name")
            .help(format!(
                "use lowercase letters, digits and underscores: `${}`",
                to_snake_case(name)
            ));
        }
    }
}

/// `serverName` -> `server_name`, keeping `::` separators.
fn to_snake_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    let mut prev_lower = false;
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            if prev_lower {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
            prev_lower = false;
        } else {
            out.push(c);
            prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        }
    }
    out
}
