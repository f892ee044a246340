use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::tokens::{self, Kind, Token};

declare_rule! {
    /// ## What it does
    /// Checks that every line is indented by two spaces per level of nesting, as the
    /// strict_indent plugin counts levels: one per bracket (`{`, `[`, `(`) opened on an
    /// earlier line and not yet closed, one for the attributes under a resource title that
    /// ends its line (`'x':`) until the `;` ending them, and one extra for a line that
    /// continues an `=` or `=>` ending the line before. Each bracket counts, so a line ending
    /// `Struct[{` opens two levels, as in the plugin. The width is fixed at two spaces.
    ///
    /// Blank lines, comment lines and the inside of multi-line strings and heredocs are not
    /// checked. Lines continuing a condition or a chain of arrows or method calls are
    /// expected at the level of the statement (as the plugin expects). The fix re-indents
    /// the line with spaces. Off by default: it reports every line of a file indented in
    /// another style.
    ///
    /// ## Why is this bad?
    /// Indentation that follows the nesting shows the structure at a glance; mixed widths
    /// and tabs make code hard to read and diffs noisy.
    ///
    /// ## Example
    /// ```puppet
    /// package { 'ntp':
    ///     ensure => installed,
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// package { 'ntp': ensure => installed }
    /// ```
    pub struct WrongIndentation {
        code: "P472",
        name: "wrong-indentation",
        severity: Warning,
        category: Style,
        puppet_lint: "strict_indent",
        default_enabled: false,
        fixable: true,
    }
}

const WIDTH: i64 = 2;

fn opens(t: &Token) -> bool {
    matches!(t.kind, Kind::LBrace | Kind::LBrack | Kind::LParen)
}

fn closes(t: &Token) -> bool {
    matches!(t.kind, Kind::RBrace | Kind::RBrack | Kind::RParen)
}

impl Check for WrongIndentation {
    fn check(&self, cx: &mut Context<'_>) {
        let toks = tokens::of(cx);
        let partner = tokens::partners(toks);
        // Lines are counted between line break tokens, so a multi-line string or comment is
        // part of the line it starts on.
        let (mut indent, mut colon_line): (i64, Option<usize>) = (0, None);
        let mut line_start = 0; // index of the first token of the previous line
        let mut found = Vec::new();
        for nl in 0..toks.len().saturating_sub(1) {
            if toks[nl].kind != Kind::Newline {
                continue;
            }
            let (prev, cur) = (line_start..nl, nl + 1);
            let prev_start = line_start;
            line_start = cur;
            let open_groups = prev
                .clone()
                .filter(|&i| opens(&toks[i]) && partner[i].is_none_or(|p| p > nl))
                .count() as i64;
            indent += open_groups;
            let last = prev
                .rev()
                .find(|&i| toks[i].kind != Kind::Space)
                .map(|i| toks[i].kind);
            let mut extra = 0;
            match last {
                Some(Kind::Colon) if open_groups == 0 && colon_line.is_none() => {
                    colon_line = Some(prev_start);
                    indent += 1;
                }
                Some(Kind::Semi) if colon_line.is_some() => {
                    colon_line = None;
                    indent -= 1;
                }
                Some(Kind::Equals | Kind::FArrow) => extra = 1,
                _ => {}
            }
            for i in (cur..toks.len()).take_while(|&i| toks[i].kind != Kind::Newline) {
                let Some(p) = partner[i].filter(|_| closes(&toks[i])) else {
                    continue;
                };
                if p < cur {
                    indent -= 1;
                }
                if toks[i].kind == Kind::RBrace && colon_line.is_some_and(|c| p < c) {
                    indent -= 1;
                    colon_line = None;
                }
            }
            if indent < 0 {
                break;
            }
            let (ws_end, first) = match toks[cur].kind {
                Kind::Space => (toks[cur].end, toks.get(cur + 1)),
                _ => (toks[cur].start, Some(&toks[cur])),
            };
            if first
                .is_none_or(|f| matches!(f.kind, Kind::Comment | Kind::Newline | Kind::HeredocBody))
            {
                continue;
            }
            let actual = (ws_end - toks[cur].start) as i64;
            let expected = (indent + extra) * WIDTH;
            if actual != expected {
                found.push((
                    toks[cur].start,
                    ws_end,
                    first.map_or(ws_end, |f| f.end),
                    actual,
                    expected,
                ));
            }
        }
        for (start, ws_end, first_end, actual, expected) in found {
            let span = if ws_end > start {
                start..ws_end
            } else {
                start..first_end
            };
            cx.report(
                span,
                format!("indentation of {actual} where {expected} is expected"),
            )
            .label(format!("expected {expected} spaces"))
            .help("indent by two spaces per level of nesting")
            .fix(Fix::replace(
                "re-indent the line",
                start..ws_end,
                " ".repeat(expected as usize),
            ));
        }
    }
}
