use crate::declare_rule;
use crate::report::{Edit, Fix};
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{Attribute, AttributeOp, ExprKind, ResourceBody};

declare_rule! {
    /// ## What it does
    /// Finds resource declarations where `ensure` is not the first attribute (`* =>` splats
    /// aside).
    ///
    /// ## Why is this bad?
    /// `ensure` decides whether the resource exists at all and what it is; everything else
    /// describes it. Readers look for it first.
    ///
    /// The fix moves the `ensure` line to the top of the body.
    ///
    /// ## Example
    /// ```puppet
    /// file { '/etc/motd':
    ///   content => 'hello',
    ///   ensure  => file,
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// file { '/etc/motd':
    ///   ensure  => file,
    ///   content => 'hello',
    /// }
    /// ```
    pub struct EnsureFirstParam {
        code: "P416",
        name: "ensure-not-first-attribute",
        severity: Warning,
        category: Style,
        puppet_lint: "ensure_first_param",
        fixable: true,
    }
}

/// Moves the attribute `ensure` (at `at` in `attrs`) before `first`: deletes it with the
/// separator before it, inserts it and a separator before `first`. `None` when a comment
/// would be lost.
fn move_first(cx: &Context<'_>, attrs: &[Attribute], at: usize, first: &Attribute) -> Option<Fix> {
    let src = cx.source();
    let first = first.span;
    let ensure = attrs[at].span;
    let cut = attrs[at - 1].span.end as usize..ensure.end as usize;
    if src[cut.clone()].contains('#') || src[cut.clone()].contains("/*") {
        return None;
    }
    let line_start = src[..first.start as usize].rfind('\n').map_or(0, |i| i + 1);
    let indent = &src[line_start..first.start as usize];
    let separator = if indent.trim().is_empty() {
        format!(",\n{indent}")
    } else {
        ", ".to_string()
    };
    let text = format!("{}{separator}", cx.text(ensure));
    Some(Fix::safe(
        "move `ensure` to the top",
        vec![
            Edit {
                span: first.start as usize..first.start as usize,
                replacement: text,
            },
            Edit {
                span: cut,
                replacement: String::new(),
            },
        ],
    ))
}

impl Check for EnsureFirstParam {
    fn check(&self, cx: &mut Context<'_>) {
        let mut bodies: Vec<&ResourceBody> = Vec::new();
        for e in cx.index().exprs_of(&[Kind::Resource]) {
            if let ExprKind::Resource(r) = &e.kind
                && r.type_name.name != "class"
            {
                bodies.extend(&r.bodies);
            }
        }
        for body in bodies {
            let attrs = &body.attributes;
            let Some(at) = attrs
                .iter()
                .position(|a| a.name.name == "ensure" && a.op != AttributeOp::Splat)
            else {
                continue;
            };
            let Some(first) = attrs[..at].iter().find(|a| a.op != AttributeOp::Splat) else {
                continue;
            };
            let fix = move_first(cx, attrs, at, first);
            let d = cx
                .report(attrs[at].name.span, "`ensure` is not the first attribute")
                .label("should come first")
                .secondary(first.name.span, "first attribute")
                .help("put `ensure` before the other attributes");
            if let Some(fix) = fix {
                d.fix(fix);
            }
        }
    }
}
