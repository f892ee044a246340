use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{ExprKind, StringKind};

declare_rule! {
    /// ## What it does
    /// Checks the text of a heredoc without interpolation that declares its syntax:
    /// `@(END:json)` (or `:something+json`) must hold valid JSON, `:base64` valid Base64
    /// (blanks and line breaks aside), and `:pp` valid Puppet code.
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`ILLEGAL_JSON`, `ILLEGAL_BASE64`, `ILLEGAL_PP`): the
    /// syntax tag promises text that another program will parse.
    ///
    /// ## Example
    /// ```puppet
    /// $config = @(END:json)
    ///   { "port": 8080, }
    ///   | END
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $config = @(END:json)
    ///   { "port": 8080 }
    ///   | END
    /// ```
    pub struct InvalidHeredocSyntax {
        code: "P336",
        name: "invalid-heredoc-syntax",
        severity: Error,
        category: Validation,
    }
}

/// Whether `text` is strict Base64 once blanks, line breaks and `?` are removed (as Puppet
/// cleans it): whole quads, padding only at the end, unused bits zero.
fn is_base64(text: &str) -> bool {
    let v: Vec<u8> = text
        .bytes()
        .filter(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b'?'))
        .collect();
    crate::ruby_core::base64::strict_decode(&v).is_some()
}

/// What is wrong with `text` in `syntax`, if anything.
fn problem(syntax: &str, text: &str) -> Option<String> {
    let is = |name: &str| syntax == name || syntax.ends_with(&format!("+{name}"));
    if is("json") {
        return serde_json::from_str::<serde_json::Value>(text)
            .err()
            .map(|e| e.to_string());
    }
    if is("base64") {
        return (!is_base64(text)).then(|| "bad characters or padding".to_string());
    }
    if syntax == "pp" {
        let parsed = crate::syntax::parse(text);
        return parsed.diagnostics.first().map(|d| d.message.clone());
    }
    None
}

impl Check for InvalidHeredocSyntax {
    fn check(&self, cx: &mut Context<'_>) {
        for e in cx.index().exprs_of(&[Kind::String]) {
            let ExprKind::String(s) = &e.kind else {
                continue;
            };
            let StringKind::Heredoc(h) = &s.kind else {
                continue;
            };
            let (Some(syntax), Some(text)) = (&h.syntax, s.literal_value()) else {
                continue;
            };
            let Some(problem) = problem(syntax, &text) else {
                continue;
            };
            let span = if h.body_span.is_empty() {
                e.span
            } else {
                h.body_span
            };
            cx.report(
                span,
                format!("the heredoc's text is not valid `{syntax}`: {problem}"),
            )
            .label("invalid text")
            .secondary(e.span, format!("declared as `{syntax}` here"))
            .help("fix the text, or remove the syntax tag");
        }
    }
}
