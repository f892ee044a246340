use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{BinaryOp, ExprKind, StringKind, StringPart};

declare_rule! {
    /// ## What it does
    /// Finds variable names written with a dash: `${foo-bar}` in a string, `$foo-bar` in
    /// code, and `"$foo-bar"` (which interpolates `$foo` and keeps `-bar` as text).
    ///
    /// ## Why is this bad?
    /// Puppet's variable names cannot contain a dash. `$foo-bar` in code subtracts the word
    /// `bar` from `$foo` (an error when evaluated), `${foo-bar}` names a variable that can
    /// never be assigned, and `"$foo-bar"` reads like one variable but is `$foo` followed by
    /// text.
    ///
    /// ## Example
    /// ```puppet
    /// $config = "/etc/${service-name}.conf"
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $config = "/etc/${service_name}.conf"
    /// $log = "/var/log/${service_name}-error.log"
    /// ```
    pub struct DashInVariableName {
        code: "P437",
        name: "dash-in-variable-name",
        severity: Warning,
        category: Style,
        puppet_lint: "variable_contains_dash",
    }
}

/// For a `-` at `op` written between a variable and a word with no space (`$foo-bar`),
/// the variable's name and the word.
fn dashed_variable(src: &str, op: std::ops::Range<usize>) -> Option<(&str, &str)> {
    let before = &src[..op.start];
    let name_start = before
        .trim_end_matches(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':')
        .len();
    let name = &before[name_start..];
    if name.is_empty() || !before[..name_start].ends_with('$') {
        return None;
    }
    let word = dashed_word(&src[op.start..])?;
    word.starts_with(|c: char| c.is_alphabetic() || c == '_')
        .then_some((name, word))
}

/// The word characters of `s` after a leading `-` (`-bar` -> `bar`), if any.
fn dashed_word(s: &str) -> Option<&str> {
    let rest = s.strip_prefix('-')?;
    let n = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    (n > 0).then(|| &rest[..n])
}

impl Check for DashInVariableName {
    fn check(&self, cx: &mut Context<'_>) {
        let src = cx.source();
        let mut found = Vec::new();
        let kinds = [Kind::Variable, Kind::Binary, Kind::String];
        let index = cx.index();
        let name_bytes = index.name_bytes();
        index.of(&kinds).for_each(|(i, e)| match &e.kind {
            ExprKind::Variable(name) if name_bytes[i].has_dash() => {
                found.push((e.span.range(), format!("the variable name `${name}` has a dash"), format!("Puppet's variable names cannot contain `-`: rename it, e.g. `${}`", name.replace('-', "_"))));
            }
            // `$foo-bar` written without spaces: a subtraction that reads like one name.
            ExprKind::Binary {
                op: BinaryOp::Sub,
                op_span,
                ..
            } => {
                if let Some((var, word)) = dashed_variable(src, op_span.range()) {
                    let start = op_span.start as usize - var.len() - 1;
                    found.push((
                        start..op_span.end as usize + word.len(),
                        format!("`${var}-{word}` subtracts `{word}` from `${var}`"),
                        "Puppet's variable names cannot contain `-`; put spaces around `-` if a subtraction is meant".to_string(),
                    ));
                }
            }
            ExprKind::String(s) if !matches!(s.kind, StringKind::SingleQuoted) => {
                for pair in s.parts.windows(2) {
                    if let [StringPart::Interpolation { expr, braced: false, span }, StringPart::Text { span: text, .. }] = pair
                        && let ExprKind::Variable(name) = &expr.kind
                        && let Some(word) = dashed_word(&src[text.range()])
                    {
                        found.push((span.start as usize..text.start as usize + 1 + word.len(), format!("`${name}-{word}` interpolates `${name}` followed by the text `-{word}`"), format!("write `${{{name}}}-{word}` to make that clear")));
                    }
                }
            }
            _ => {}
        });
        for (span, message, help) in found {
            cx.report(span, message)
                .label("dash after a variable name")
                .help(help);
        }
    }
}
