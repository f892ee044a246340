use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::definitions::{is_core_type, is_indent, is_single_space};
use super::tokens::{self, Kind, Token};

declare_rule! {
    /// ## What it does
    /// Checks the space before an opening bracket `[` that starts an array, as
    /// manifest_whitespace_opening_bracket_before: one space after an operator (`= [`,
    /// `=> [`), none after another opening bracket (`([`, `[[`), and the bracket may start a
    /// line after `,`, `;`, `:`, a closing bracket or a name.
    ///
    /// A bracket right after a name, variable, string or closing bracket is an access
    /// (`$x[0]`, `Array[String]`) and is not checked. The fix removes or sets the space
    /// where that cannot turn an array into an access. Off by default, like every layout
    /// check of this plugin.
    ///
    /// ## Why is this bad?
    /// One consistent spacing makes code easier to scan and keeps diffs about content.
    ///
    /// ## Example
    /// ```puppet
    /// $servers =  ['a', 'b']
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $servers = ['a', 'b']
    /// ```
    pub struct SpaceBeforeOpeningBracket {
        code: "P487",
        name: "space-before-opening-bracket",
        severity: Warning,
        category: Style,
        puppet_lint: "manifest_whitespace_opening_bracket_before",
        default_enabled: false,
        fixable: true,
    }
}

fn word<'s>(t: &Token, source: &'s str) -> Option<&'s str> {
    (t.kind == Kind::Word).then(|| &source[t.start..t.end])
}

fn is_name(t: &Token, source: &str) -> bool {
    word(t, source).is_some_and(|w| !w.starts_with(|c: char| c.is_ascii_uppercase()))
}

/// Is the bracket at `i` placed well?
fn well_placed(toks: &[Token], i: usize, p: usize, source: &str) -> bool {
    let prev = i - 1;
    let line_start = toks[prev].kind == Kind::Newline || is_indent(toks, prev);
    let spaced = p + 2 == i && is_single_space(toks, prev, source);
    let pk = toks[p].kind;
    if (matches!(pk, Kind::Semi | Kind::Comma | Kind::Colon) && line_start)
        || pk == Kind::Comment
        || (line_start && (is_name(&toks[p], source) || matches!(pk, Kind::RBrack | Kind::RBrace)))
    {
        return true;
    }
    let opener_or_closer = matches!(
        pk,
        Kind::RBrack | Kind::RBrace | Kind::RParen | Kind::LParen | Kind::LBrack | Kind::LBrace
    ) || word(&toks[p], source).is_some_and(is_core_type);
    if opener_or_closer {
        if p == prev || line_start {
            return true;
        }
    } else {
        // After a variable or a resource type, a spaced bracket is an error, not a style.
        let reference = pk == Kind::Variable
            || word(&toks[p], source)
                .is_some_and(|w| w.starts_with(|c: char| c.is_ascii_uppercase()));
        if !reference && spaced {
            return true;
        }
    }
    pk == Kind::LBrace
        && tokens::prev_code(toks, p).is_some_and(|pp| is_name(&toks[pp], source))
        && (line_start || spaced)
}

impl Check for SpaceBeforeOpeningBracket {
    fn check(&self, cx: &mut Context<'_>) {
        let source = cx.source();
        let toks = tokens::of(cx);
        let mut found = Vec::new();
        for (i, t) in toks.iter().enumerate() {
            if t.kind != Kind::LBrack || i == 0 {
                continue;
            }
            let adjacent = &toks[i - 1];
            if matches!(adjacent.kind, Kind::Word | Kind::Variable | Kind::Str) {
                continue;
            }
            let Some(p) = tokens::prev_code(toks, i) else {
                continue;
            };
            if well_placed(toks, i, p, source) {
                continue;
            }
            let fix = match toks[p].kind {
                Kind::LParen | Kind::LBrack | Kind::LBrace => Some(""),
                Kind::FArrow | Kind::Equals | Kind::Op | Kind::Comma | Kind::Colon | Kind::Semi => {
                    Some(" ")
                }
                _ => None,
            };
            found.push((t.start..t.end, toks[p].end..t.start, fix));
        }
        for (bracket, gap, fix) in found {
            let d = cx.report(
                bracket,
                "an opening bracket should follow a single space, or none after another bracket",
            );
            d.label("opening bracket")
                .help("put one space before the bracket, none after `(`, `[` or `{`");
            if let Some(text) = fix {
                d.fix(Fix::replace("fix the space before the bracket", gap, text));
            }
        }
    }
}
