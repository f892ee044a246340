use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{ExprKind, Span};

declare_rule! {
    /// ## What it does
    /// Finds classes and defined types without a comment directly above them (no blank
    /// line between). A comment that is only a suppression (`# lint:ignore:...`,
    /// `# plint:allow(...)`) does not count as documentation.
    ///
    /// ## Why is this bad?
    /// A class or defined type is an interface: its users need to know what it does and what
    /// its parameters mean. Tools such as puppet-strings build the module's reference from
    /// that comment.
    ///
    /// ## Example
    /// ```puppet
    /// class ntp (Array[String] $servers) { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// # @summary Keeps the clock in sync.
    /// # @param servers The NTP servers to use.
    /// class ntp (Array[String] $servers) { }
    /// ```
    pub struct Documentation {
        code: "P414",
        name: "undocumented-definition",
        severity: Warning,
        category: Style,
        puppet_lint: "documentation",
    }
}

fn is_control_comment(text: &str) -> bool {
    let body = text.trim_start_matches(['#', '/', '*']).trim();
    body.starts_with("lint:") || body.starts_with("plint:")
}

/// Is there a comment directly above `start` (at most one line break between), other than
/// control comments, through a run of comments directly above each other?
fn documented(cx: &Context<'_>, start: u32) -> bool {
    let comments = &cx.ast().comments;
    let mut i = comments.partition_point(|c| c.span.end <= start);
    let mut next = start;
    while i > 0 {
        let c = &comments[i - 1];
        let gap = cx
            .source()
            .get(c.span.end as usize..next as usize)
            .unwrap_or("x");
        if !gap.trim().is_empty() || gap.matches('\n').count() > 1 {
            return false;
        }
        if !is_control_comment(cx.text(c.span)) {
            return true;
        }
        next = c.span.start;
        i -= 1;
    }
    false
}

impl Check for Documentation {
    fn check(&self, cx: &mut Context<'_>) {
        let mut defs = Vec::new();
        for e in cx.index().exprs_of(&[Kind::Class, Kind::Define]) {
            match &e.kind {
                ExprKind::Class(c) => defs.push(("class", c.name.clone(), e.span)),
                ExprKind::Define(d) => defs.push(("defined type", d.name.clone(), e.span)),
                _ => {}
            }
        }
        for (kind, name, span) in defs {
            if documented(cx, span.start) {
                continue;
            }
            cx.report(
                Span::new(span.start as usize, name.span.end as usize),
                format!("the {kind} `{}` is not documented", name.name),
            )
            .label("no comment above it")
            .help(format!(
                "describe the {kind} and its parameters in a comment directly above it (puppet-strings tags: `@summary`, `@param`)"
            ));
        }
    }
}
