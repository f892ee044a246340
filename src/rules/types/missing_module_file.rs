//! `P124` missing-module-file: `file()`, `binary_file()` or a `puppet:///modules/` source names
//! a file its module does not have.

use crate::declare_rule;
use crate::defs::templates::module_path;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Check, Context};
use crate::syntax::ast::{Attribute, Expr, ExprKind, Span};

declare_rule! {
    /// ## What it does
    /// Finds a call of `file('module/name')` or `binary_file('module/name')`, and a `file`
    /// resource's `source => 'puppet:///modules/module/name'` (unless it is `ensure => absent`), whose module is installed but
    /// has no such file (or folder, for a source) under its `files` folder. `$module_name` in
    /// the name is resolved; a name with another variable, an absolute path or any other URL
    /// is not checked, nor is a module that is not installed (see `P008`). When several names
    /// are given (`file()` and an array of sources use the first that exists), the finding
    /// is for none of them existing.
    ///
    /// ## Why is this bad?
    /// `file()` and `binary_file()` fail the compilation of every node that reaches the call
    /// ("Could not find any files from ..."); a source that does not exist fails the resource
    /// on every agent that applies it, and every resource that depends on it is skipped. A
    /// file renamed or moved, or a typo in its name, shows only when a node gets there.
    ///
    /// ## Example
    /// ```puppet
    /// # file: motd/manifests/init.pp
    /// class motd {
    ///   file { '/etc/motd': source => 'puppet:///modules/motd/mtod' }
    /// }
    /// # file: motd/files/motd
    /// Welcome.
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// # file: motd/manifests/init.pp
    /// class motd {
    ///   file { '/etc/motd': source => 'puppet:///modules/motd/motd' }
    /// }
    /// # file: motd/files/motd
    /// Welcome.
    /// ```
    pub struct MissingModuleFile {
        code: "P124",
        name: "missing-module-file",
        severity: Error,
        category: Types,
    }
}

/// How a use names its files.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Via {
    /// A function's arguments: `module/name`.
    Function(&'static str),
    /// A `source` attribute: `puppet:///modules/module/name`.
    Source,
}

impl Check for MissingModuleFile {
    fn check(&self, cx: &mut Context<'_>) {
        // Most manifests name no module file.
        let source = cx.source();
        if !source.contains("file(") && !source.contains("puppet:/") {
            return;
        }
        let module = cx.module_file().map(|m| m.module.clone());
        let mut uses: Vec<(Via, Span, &[Expr])> = Vec::new();
        let ast = cx.ast();
        for statement in &ast.statements {
            statement.walk(&mut |e| uses.extend(module_file_uses(e)));
        }
        let program = cx.program();
        for (via, span, args) in uses {
            let mut names = Vec::new();
            for a in args {
                let Some(text) = module_path(a, module.as_deref()) else {
                    names.clear();
                    break;
                };
                let name = match via {
                    Via::Function(_) => Some(text.as_str()),
                    Via::Source => source_name(&text),
                };
                let Some((m, rest)) = name.and_then(|n| n.split_once('/')) else {
                    names.clear();
                    break;
                };
                let m = m.to_ascii_lowercase();
                match program.module_assets(&m) {
                    // A name climbing out of `files/` is not looked for in the listing.
                    Some(assets)
                        if !m.is_empty()
                            && !rest.is_empty()
                            && !rest.split('/').any(|c| c == ".." || c == ".") =>
                    {
                        names.push((m, rest.trim_end_matches('/').to_string(), assets));
                    }
                    _ => {
                        names.clear();
                        break;
                    }
                }
            }
            if names.is_empty() || names.iter().any(|(_, rest, a)| a.files.contains(rest)) {
                continue;
            }
            let shown: Vec<String> = names.iter().map(|(m, r, _)| format!("`{m}/{r}`")).collect();
            let message = match (via, shown.as_slice()) {
                (Via::Source, [one]) => format!("the source file {one} does not exist"),
                (Via::Source, _) => format!("none of the source files {} exists", shown.join(", ")),
                (Via::Function(f), [one]) => format!("`{f}()` names {one}, which does not exist"),
                (Via::Function(f), _) => {
                    format!("`{f}()` names {}, none of which exists", shown.join(", "))
                }
            };
            let (m, rest, assets) = &names[0];
            let mut near = crate::infer::Closest::within(rest, 3);
            assets.files.iter().for_each(|p| near.offer(p));
            let d = cx
                .report(span, message)
                .label(format!("no `files/{rest}` in the module `{m}`"));
            match (near.best(), via) {
                (Some(p), Via::Source) => {
                    d.help(format!("did you mean `puppet:///modules/{m}/{p}`?"))
                }
                (Some(p), Via::Function(_)) => d.help(format!("did you mean `{m}/{p}`?")),
                (None, _) => d.help(format!(
                    "`{m}/NAME` names `files/NAME` of the module `{m}`: add the file or fix the name"
                )),
            };
        }
    }
}

/// The uses of module files an expression makes itself: a call of `file()` or
/// `binary_file()`, or the `source` attributes of a `file` resource or of `File` defaults.
fn module_file_uses(e: &Expr) -> Vec<(Via, Span, &[Expr])> {
    match &e.kind {
        ExprKind::Call(c) => {
            let via = match c.name().map(crate::syntax::trim_colons) {
                Some("file") => Via::Function("file"),
                Some("binary_file") => Via::Function("binary_file"),
                _ => return Vec::new(),
            };
            match (c.args.first(), c.args.last()) {
                (Some(first), Some(last)) if c.lambda.is_none() => {
                    vec![(via, first.span.cover(last.span), c.args.as_slice())]
                }
                _ => Vec::new(),
            }
        }
        // A file removed is not fetched; defaults may apply to no resource.
        ExprKind::Resource(r) if r.type_name.name == "file" && r.type_expr.is_none() => r
            .bodies
            .iter()
            .filter(|b| !b.attributes.iter().any(is_absent))
            .flat_map(|b| sources(&b.attributes))
            .collect(),
        _ => Vec::new(),
    }
}

/// `ensure => absent`.
fn is_absent(a: &Attribute) -> bool {
    a.name.name == "ensure"
        && match &a.value.kind {
            ExprKind::String(s) => s.text() == Some("absent"),
            ExprKind::Name(n) => n == "absent",
            _ => false,
        }
}

/// The `source` attributes among `attributes`: the span of the value and its names (one, or
/// an array's elements).
fn sources(attributes: &[Attribute]) -> impl Iterator<Item = (Via, Span, &[Expr])> {
    attributes
        .iter()
        .filter(|a| a.name.name == "source")
        .map(|a| match &a.value.kind {
            ExprKind::Array(items) => (Via::Source, a.value.span, items.as_slice()),
            _ => (Via::Source, a.value.span, std::slice::from_ref(&a.value)),
        })
}

/// `module/name` of a `puppet://[server]/modules/module/name` URL; `None` for any other.
fn source_name(url: &str) -> Option<&str> {
    let rest = url.strip_prefix("puppet://")?;
    let (_server, path) = rest.split_once('/')?;
    path.strip_prefix("modules/")
}

#[cfg(test)]
mod tests {
    use super::source_name;

    #[test]
    fn source_urls() {
        assert_eq!(source_name("puppet:///modules/m/a/b"), Some("m/a/b"));
        assert_eq!(source_name("puppet://srv/modules/m/a"), Some("m/a"));
        assert_eq!(source_name("puppet:///files/a"), None);
        assert_eq!(source_name("file:///etc/a"), None);
        assert_eq!(source_name("/etc/a"), None);
    }
}
