use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::ExprKind;

use super::definitions::is_single_space;
use super::tokens::{self, Kind};

declare_rule! {
    /// ## What it does
    /// Checks that the `{` opening the body of a class or defined type follows its `)`,
    /// name or parent class after exactly one space on the same line, as
    /// manifest_whitespace_class_opening_curly_brace.
    ///
    /// A brace after a comment is not checked. The fix sets one space, moving the brace up
    /// if needed. Off by default, like every layout check of this plugin (P479 reports
    /// these braces too, with every other brace).
    ///
    /// ## Why is this bad?
    /// One consistent spacing makes definitions easy to read; a brace on its own line is
    /// the style of other languages.
    ///
    /// ## Example
    /// ```puppet
    /// class ntp (String $server){ }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class ntp (String $server) { }
    /// ```
    pub struct SpaceBeforeDefinitionBody {
        code: "P494",
        name: "space-before-definition-body",
        severity: Warning,
        category: Style,
        puppet_lint: "manifest_whitespace_class_opening_curly_brace",
        default_enabled: false,
        fixable: true,
    }
}

impl Check for SpaceBeforeDefinitionBody {
    fn check(&self, cx: &mut Context<'_>) {
        let source = cx.source();
        let mut braces = Vec::new();
        cx.index()
            .exprs_of(&[crate::rules::Kind::Class, crate::rules::Kind::Define])
            .for_each(|e| match &e.kind {
                ExprKind::Class(c) => braces.push(c.body.span.start as usize),
                ExprKind::Define(d) => braces.push(d.body.span.start as usize),
                _ => {}
            });
        if braces.is_empty() {
            return;
        }
        let toks = tokens::of(cx);
        let mut found = Vec::new();
        for b in braces {
            let Some(i) = tokens::at(toks, b).filter(|&i| toks[i].kind == Kind::LBrace) else {
                continue;
            };
            let Some(p) = tokens::prev_code(toks, i) else {
                continue;
            };
            if toks[p].kind == Kind::Comment || (p + 2 == i && is_single_space(toks, i - 1, source))
            {
                continue;
            }
            found.push((toks[i].start..toks[i].end, toks[p].end..toks[i].start));
        }
        for (brace, gap) in found {
            cx.report(
                brace,
                "the body's opening brace should follow a single space",
            )
            .label("body")
            .help("put exactly one space before the `{` of the body, on the same line")
            .fix(Fix::replace("leave a single space", gap, " "));
        }
    }
}
