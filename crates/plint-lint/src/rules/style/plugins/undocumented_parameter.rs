use rustc_hash::FxHashMap as HashMap;

use crate::declare_rule;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{Comment, ExprKind, Span};

declare_rule! {
    /// ## What it does
    /// Checks the puppet-strings documentation of class and defined type parameters: a
    /// parameter without an `@param` tag in the comment block right above the definition, a
    /// parameter documented twice, and an `@param` tag naming no parameter.
    ///
    /// The comment block is the run of comments before the `class` or `define` keyword with
    /// nothing but blank lines between. Besides `@param [Type] name`, the kafo (`$name::`) and
    /// rdoc (`[*name*]`) styles count as documentation. A definition documented
    /// `@api private` is skipped, and documenting the implicit `name` and `title` is fine.
    ///
    /// Off by default: documentation policy varies, and most modules document only some
    /// parameters (as puppet-lint, where the plugin is opt-in).
    ///
    /// ## Why is this bad?
    /// Undocumented parameters leave users guessing; a tag for a parameter that was renamed
    /// or removed documents something that does not exist, and puppet-strings warns about
    /// both.
    ///
    /// ## Example
    /// ```puppet
    /// # @param servers The NTP servers.
    /// # @param iburst Use iburst.
    /// class ntp (Array[String] $servers, Boolean $burst = false) { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// # @param servers The NTP servers.
    /// # @param burst Use burst.
    /// class ntp (Array[String] $servers, Boolean $burst = false) { }
    /// ```
    pub struct UndocumentedParameter {
        code: "P467",
        name: "undocumented-parameter",
        severity: Warning,
        category: Style,
        puppet_lint: "parameter_documentation",
        default_enabled: false,
    }
}

/// Parameters every class and defined type has without declaring them.
const IMPLICIT: &[&str] = &["name", "title"];

/// One documented name: the name and where its tag is.
struct Tag {
    name: String,
    span: Span,
}

fn is_name(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// The parameter a documentation line names, with its offset in the line and length.
fn documented(line: &str) -> Option<(usize, usize, &str)> {
    let text = line.trim_start();
    let lead = line.len() - text.len();
    if let Some(rest) = text.strip_prefix("@param") {
        let rest_trim = rest.trim_start();
        if rest_trim.len() == rest.len() {
            return None;
        }
        let rest_trim = match rest_trim.strip_prefix('[') {
            Some(typed) => typed[typed.find("] ")? + 1..].trim_start(),
            None => rest_trim,
        };
        let name = rest_trim.split(char::is_whitespace).next()?;
        let end = line.len() - rest_trim.len() + name.len();
        return is_name(name).then_some((lead, end - lead, name));
    }
    if let Some(name) = text
        .strip_prefix("[*")
        .and_then(|r| r.split_once("*]"))
        .map(|p| p.0)
    {
        return is_name(name).then_some((lead, name.len() + 4, name));
    }
    let (name, after) = text.strip_prefix('$')?.split_once("::")?;
    let spaced = after.is_empty() || after.starts_with(' ');
    (spaced && is_name(name)).then_some((lead, name.len() + 3, name))
}

/// The tags of a comment block, and whether it says `@api private`.
fn tags(block: &[Comment], source: &str) -> (Vec<Tag>, bool) {
    let mut out = Vec::new();
    let mut private = false;
    for c in block {
        let mut offset = c.span.start as usize;
        for raw in source[c.span.range()].split_inclusive('\n') {
            let body_start = raw
                .find(|ch| !matches!(ch, '#' | '/' | '*' | ' ' | '\t'))
                .unwrap_or(raw.len());
            let line = raw[body_start..].trim_end();
            let line_at = offset + body_start;
            private |= line.starts_with("@api") && {
                let mut words = line.split_whitespace();
                words.next() == Some("@api")
                    && words.next() == Some("private")
                    && words.next().is_none()
            };
            if let Some((at, len, name)) = documented(line) {
                out.push(Tag {
                    name: name.to_string(),
                    span: Span::new(line_at + at, line_at + at + len),
                });
            }
            offset += raw.len();
        }
    }
    (out, private)
}

impl Check for UndocumentedParameter {
    fn check(&self, cx: &mut Context<'_>) {
        let (source, ast) = (cx.source(), cx.ast());
        let mut defs = Vec::new();
        ast.walk(&mut |e| match &e.kind {
            ExprKind::Class(c) => defs.push((e.span.start as usize, &c.name, &c.params, "class")),
            ExprKind::Define(d) => {
                defs.push((e.span.start as usize, &d.name, &d.params, "defined type"))
            }
            _ => {}
        });
        for (start, name, params, what) in defs {
            let (tags, private) = tags(ast.comment_block_before(source, start), source);
            if private {
                continue;
            }
            let mut seen: HashMap<&str, Span> = HashMap::default();
            for t in &tags {
                if let Some(first) = seen.insert(&t.name, t.span) {
                    cx.report(
                        t.span,
                        format!("the parameter `{}` is documented twice", t.name),
                    )
                    .label("documented again")
                    .secondary(first, "first documented here")
                    .help("merge the two `@param` tags");
                } else if !params.iter().any(|p| p.name.name == t.name)
                    && !IMPLICIT.contains(&t.name.as_str())
                {
                    cx.report(
                        t.span,
                        format!(
                            "the documented parameter `{}` is not a parameter of the {what} `{}`",
                            t.name, name.name
                        ),
                    )
                    .label("no such parameter")
                    .help("remove the tag, or rename it to the parameter it describes");
                }
            }
            for p in params
                .iter()
                .filter(|p| !seen.contains_key(p.name.name.as_str()))
            {
                cx.report(
                    p.name.span,
                    format!(
                        "the parameter `${}` of the {what} `{}` is not documented",
                        p.name.name, name.name
                    ),
                )
                .label("no `@param` tag")
                .help(format!(
                    "add `# @param {} <description>` to the comment above the {what}",
                    p.name.name
                ));
            }
        }
    }
}
