use crate::rules::Kind;
use rustc_hash::FxHashSet as HashSet;

use crate::declare_rule;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{Expr, ExprKind, Span, StringKind};

declare_rule! {
    /// ## What it does
    /// Finds single-quoted strings that contain `${`, which look like interpolation but are
    /// taken literally.
    ///
    /// Arguments of `inline_epp` and `inline_template` are left alone: there `${` or `<%=`
    /// belongs to the template and must not be interpolated by Puppet.
    ///
    /// puppet-lint reports this as an error; plint reports it as a warning, as it does every
    /// style rule: Puppet accepts the code.
    ///
    /// ## Why is this bad?
    /// Single quotes never interpolate, so `'${name}'` is the text `${name}`: almost always
    /// a mistake. If the text is meant literally (a shell variable, say), escape the dollar
    /// in a double-quoted string (`"\${HOME}"`) to say so.
    ///
    /// ## Example
    /// ```puppet
    /// file { '/etc/motd': content => 'Welcome to ${fqdn}' }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// file { '/etc/motd': content => "Welcome to ${fqdn}" }
    /// ```
    pub struct InterpolationInSingleQuotes {
        code: "P435",
        name: "interpolation-in-single-quotes",
        severity: Warning,
        category: Style,
        puppet_lint: "single_quote_string_with_variables",
    }
}

/// The arguments of template functions, whose text is a template.
fn template_args(e: &Expr) -> &[Expr] {
    match &e.kind {
        ExprKind::Call(c) if matches!(c.name(), Some("inline_epp" | "inline_template")) => &c.args,
        _ => &[],
    }
}

/// Whether one of `found` (the offsets of the file's `${`, sorted) lies in `span`: a string
/// without one need not be searched.
fn may_hold(found: &[usize], span: Span) -> bool {
    let at = found.partition_point(|&p| p < span.start as usize);
    found.get(at).is_some_and(|&p| p + 2 <= span.end as usize)
}

/// Does `text` contain `${`? (A search for `$` first: most strings have none.)
fn has_dollar_brace(text: &str) -> bool {
    let bytes = text.as_bytes();
    memchr::memchr_iter(b'$', bytes).any(|i| bytes.get(i + 1) == Some(&b'{'))
}

impl Check for InterpolationInSingleQuotes {
    fn check(&self, cx: &mut Context<'_>) {
        // Where the file has `${`, found in one pass: most strings hold none.
        let found_in_file: Vec<usize> =
            memchr::memmem::find_iter(cx.source().as_bytes(), b"${").collect();
        if found_in_file.is_empty() {
            return;
        }
        let mut exempt = HashSet::default();
        let mut found = Vec::new();
        // A call comes before its arguments.
        for e in cx.index().exprs_of(&[Kind::Call, Kind::String]) {
            exempt.extend(template_args(e).iter().map(|a| a.span));
            if let ExprKind::String(s) = &e.kind
                && s.kind == StringKind::SingleQuoted
                && may_hold(&found_in_file, e.span)
                && has_dollar_brace(cx.text(e.span))
                && !exempt.contains(&e.span)
            {
                found.push(e.span);
            }
        }
        for span in found {
            let text = cx.text(span);
            let at = span.start as usize + text.find("${").unwrap_or(0);
            cx.report(span, "`${` in a single-quoted string is not interpolated")
                .label("taken literally")
                .secondary(at..at + 2, "this is not interpolation")
                .help("use double quotes to interpolate, or escape the `$` in double quotes to keep it literal");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A span holds a `${` of the file exactly when its text has one.
    #[test]
    fn the_file_wide_search_agrees_with_the_text() {
        for text in [
            "", "$", "${", "$${", "a${b}${", "${{$", "x$ {y", "é${ü}", "}{$",
        ] {
            let found: Vec<usize> = memchr::memmem::find_iter(text.as_bytes(), b"${").collect();
            for start in 0..=text.len() {
                for end in start..=text.len() {
                    let Some(part) = text.get(start..end) else {
                        continue;
                    };
                    let span = Span::new(start, end);
                    assert_eq!(
                        may_hold(&found, span),
                        has_dollar_brace(part),
                        "{text:?} {start}..{end}"
                    );
                }
            }
        }
    }
}
