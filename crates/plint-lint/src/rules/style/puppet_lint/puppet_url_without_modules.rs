use crate::declare_rule;
use crate::report::Fix;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{ExprKind, Span, StringKind, StringPart};

declare_rule! {
    /// ## What it does
    /// Finds `puppet://` URLs whose path does not start with `modules/`
    /// (`puppet:///files/motd`). A URL whose path starts with an interpolation is not
    /// checked.
    ///
    /// The fix inserts `modules/`. It is marked unsafe: a URL that names a custom mount
    /// point of the server's `fileserver.conf` would then name another file.
    ///
    /// ## Why is this bad?
    /// Module files are served under the `modules` mount point
    /// (`puppet:///modules/<module>/<file>`). Other mount points are configured on each
    /// server, outside the code, and are deprecated for module content.
    ///
    /// ## Example
    /// ```puppet
    /// file { '/etc/motd': source => 'puppet:///motd/motd.txt' }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// file { '/etc/motd': source => 'puppet:///modules/motd/motd.txt' }
    /// ```
    pub struct PuppetUrlWithoutModules {
        code: "P420",
        name: "puppet-url-without-modules",
        severity: Warning,
        category: Style,
        puppet_lint: "puppet_url_without_modules",
        fixable: true,
        fix_safety: Unsafe,
    }
}

/// The offset (into the source) where the URL's path starts, if the string is a
/// `puppet://` URL whose path is written out and is not under `modules/`.
fn path_start(cx: &Context<'_>, parts: &[StringPart]) -> Option<usize> {
    let StringPart::Text { value, span } = parts.first()? else {
        return None;
    };
    let rest = value.strip_prefix("puppet://")?;
    let path = &rest[rest.find('/')? + 1..];
    if path.starts_with("modules/") || (path.is_empty() && parts.len() > 1) {
        return None;
    }
    let raw = cx.text(*span);
    let host_end = raw.find("puppet://")? + 9;
    Some(span.start as usize + host_end + raw[host_end..].find('/')? + 1)
}

impl Check for PuppetUrlWithoutModules {
    fn check(&self, cx: &mut Context<'_>) {
        let mut strings = Vec::new();
        for e in cx.index().exprs_of(&[Kind::String]) {
            if let ExprKind::String(s) = &e.kind
                && matches!(s.kind, StringKind::SingleQuoted | StringKind::DoubleQuoted)
            {
                strings.push((e.span, &s.parts));
            }
        }
        for (span, parts) in strings {
            let Some(at) = path_start(cx, parts) else {
                continue;
            };
            let url = cx.text(Span::new(span.start as usize + 1, span.end as usize - 1));
            let mut fix = Fix::replace("insert `modules/`", at..at, "modules/");
            fix.safe = false;
            cx.report(span, format!("the URL `{url}` is not under `modules/`"))
                .label("not under `modules/`")
                .help("serve module files from `puppet:///modules/<module>/<file>`")
                .fix(fix);
        }
    }
}
