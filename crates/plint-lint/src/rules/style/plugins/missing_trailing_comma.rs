use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::ExprKind;

use super::tokens::{self, Kind};

declare_rule! {
    /// ## What it does
    /// Finds multi-line arrays, hashes and attribute blocks (of resources, resource defaults,
    /// overrides and collectors) whose last element is not followed by a comma.
    ///
    /// Only lists whose closing bracket is on a later line than their last element are
    /// checked; a comment after the last element does not hide it. The fix adds the comma.
    /// Off by default: it is a layout preference (the plugin is opt-in in puppet-lint).
    ///
    /// ## Why is this bad?
    /// With a comma after every element, adding an element to the end of a list changes one
    /// line instead of two, diffs stay small, and elements can be reordered freely.
    ///
    /// ## Example
    /// ```puppet
    /// $servers = [
    ///   'a.pool.ntp.org',
    ///   'b.pool.ntp.org'
    /// ]
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $servers = [
    ///   'a.pool.ntp.org',
    ///   'b.pool.ntp.org',
    /// ]
    /// ```
    pub struct MissingTrailingComma {
        code: "P474",
        name: "missing-trailing-comma",
        severity: Warning,
        category: Style,
        puppet_lint: "trailing_comma",
        default_enabled: false,
        fixable: true,
    }
}

impl Check for MissingTrailingComma {
    fn check(&self, cx: &mut Context<'_>) {
        let (source, ast) = (cx.source(), cx.ast());
        let mut closers = Vec::new();
        ast.walk(&mut |e| {
            let closes = match &e.kind {
                ExprKind::Array(_) => true,
                ExprKind::Hash(h) => h.braced,
                ExprKind::Resource(_)
                | ExprKind::ResourceDefaults(_)
                | ExprKind::ResourceOverride(_)
                | ExprKind::Collector(_) => true,
                _ => false,
            };
            let end = e.span.end as usize;
            if closes && end > 0 && matches!(source.as_bytes()[end - 1], b']' | b'}') {
                closers.push(end - 1);
            }
        });
        if closers.is_empty() {
            return;
        }
        let toks = tokens::of(cx);
        let partners = tokens::partners(toks);
        let mut found = Vec::new();
        for closer in closers {
            let Some(ci) = tokens::at(toks, closer) else {
                continue;
            };
            let mut newline = false;
            let mut j = ci;
            while j > 0 {
                j -= 1;
                match toks[j].kind {
                    Kind::Newline => newline = true,
                    Kind::Space | Kind::Comment | Kind::HeredocBody => {}
                    _ => break,
                }
            }
            let last = toks[j];
            let ends_list = matches!(last.kind, Kind::Comma | Kind::Semi | Kind::Colon);
            if newline && !ends_list && partners[ci] != Some(j) {
                found.push(last);
            }
        }
        for t in found {
            cx.report(
                t.start..t.end,
                "the last element of a multi-line list has no trailing comma",
            )
            .label("no comma after this")
            .help("add a comma after the last element")
            .fix(Fix::replace("add a trailing comma", t.end..t.end, ","));
        }
    }
}
