//! `P124` missing-module-file: `file()`, `binary_file()` or a `puppet:///modules/` source names
//! a file its module does not have.

use std::sync::LazyLock;

use memchr::memmem::Finder;

use crate::declare_rule;
use crate::defs::templates::module_path;
use crate::discover::lookup::{self, FileFunction, Resolution};
use crate::rules::context::DiagnosticExt;
use crate::rules::{Check, Context};
use crate::syntax::ast::{Attribute, Expr, ExprKind, Span};

declare_rule! {
    /// ## What it does
    /// Finds a call of `file('module/name')` or `binary_file('module/name')`, and a `file`
    /// resource's `source => 'puppet:///modules/module/name'` (unless it is `ensure =>
    /// absent`), that Puppet would not find, reading the names as Puppet does: `module/name` is
    /// `files/name` of the module, the module part as written (module names are lower case), a
    /// name without `/` names nothing, `puppet:///modules/module` is the module's whole `files`
    /// folder, runs of `/` in a source are one. It reports a file (or, for a source, a folder)
    /// the module's `files` folder lacks, a folder given to `file()` or `binary_file()` (which
    /// read a file), and a source URL Puppet's file server refuses (a `..` component). When
    /// several names are given (`file()` and an array of sources use the first that exists),
    /// the finding is for none of them existing. `$module_name` in a name is resolved; a name
    /// with another variable, an absolute path, another URL or mount is not checked, nor is a
    /// module that is not installed (see `P008`).
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
    Function(FileFunction),
    /// A `source` attribute: `puppet:///modules/module/name`.
    Source,
}

impl Check for MissingModuleFile {
    fn check(&self, cx: &mut Context<'_>) {
        // Most manifests name no module file.
        let source = cx.source();
        static FILE_CALL: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new("file("));
        static SOURCE: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new("puppet:/"));
        let bytes = source.as_bytes();
        if FILE_CALL.find(bytes).is_none() && SOURCE.find(bytes).is_none() {
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
            let Some(texts) = args
                .iter()
                .map(|a| module_path(a, module.as_deref()))
                .collect::<Option<Vec<String>>>()
            else {
                continue;
            };
            let names: Vec<&str> = texts.iter().map(String::as_str).collect();
            let resolution = match via {
                Via::Function(f) => lookup::resolve(program, f, &names),
                Via::Source => lookup::resolve_source(program, &names),
            };
            match resolution {
                Resolution::NotFound { names } => missing(cx, via, span, &names),
                Resolution::Found { name, path, folder: true } => {
                    let Via::Function(f) = via else {
                        continue;
                    };
                    let f = f.name();
                    cx.report(span, format!("`{f}()` names `{name}`, which is a folder"))
                        .label(format!("`files/{path}` is a folder"))
                        .help(format!("`{f}()` reads a file: name a file in `files/{path}`"));
                }
                Resolution::Invalid(e) => {
                    cx.report(span, format!("Puppet refuses this source: {e}"))
                        .label("not a valid `puppet:///` URL")
                        .help("a module's file is `puppet:///modules/MODULE/PATH`, without `..`");
                }
                Resolution::Found { .. } | Resolution::Unknown | Resolution::Refused { .. } => {}
            }
        }
    }
}

/// The finding for module files none of which exists (`names` as Puppet looks them up,
/// `module/rest`).
fn missing(cx: &mut Context<'_>, via: Via, span: Span, names: &[String]) {
    let shown: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    let message = match (via, shown.as_slice()) {
        (Via::Source, [one]) => format!("the source file {one} does not exist"),
        (Via::Source, _) => format!("none of the source files {} exists", shown.join(", ")),
        (Via::Function(f), [one]) => format!("`{}()` names {one}, which does not exist", f.name()),
        (Via::Function(f), _) => {
            format!("`{}()` names {}, none of which exists", f.name(), shown.join(", "))
        }
    };
    let first = names.first().map_or("", String::as_str);
    let Some((m, rest)) = first.split_once('/') else {
        cx.report(span, message)
            .label(format!("`{first}` names no module"))
            .help("a module's file is named `MODULE/PATH`: `files/PATH` of the module `MODULE`");
        return;
    };
    if !lookup::is_module_name(m) {
        let lower = m.to_ascii_lowercase();
        cx.report(span, message)
            .label(format!("`{m}` is not a module's name"))
            .help(if lookup::is_module_name(&lower) {
                format!("module names are lower case: `{lower}/{rest}`")
            } else {
                "a module's name is a lower case word (letters, digits, `_`)".to_string()
            });
        return;
    }
    let program = cx.program();
    let Some(assets) = program.module_assets(m) else {
        return;
    };
    let rest = rest.trim_end_matches('/');
    let mut near = crate::suggest::Closest::within(rest, 3);
    assets
        .files
        .files
        .iter()
        .chain(&assets.files.folders)
        .for_each(|p| near.offer(p));
    let d = cx
        .report(span, message)
        .label(format!("no `files/{rest}` in the module `{m}`"));
    match (near.best(), via) {
        (Some(p), Via::Source) => d.help(format!("did you mean `puppet:///modules/{m}/{p}`?")),
        (Some(p), Via::Function(_)) => d.help(format!("did you mean `{m}/{p}`?")),
        (None, _) => d.help(format!(
            "`{m}/NAME` names `files/NAME` of the module `{m}`: add the file or fix the name"
        )),
    };
}

/// The uses of module files an expression makes itself: a call of `file()` or
/// `binary_file()`, or the `source` attributes of a `file` resource or of `File` defaults.
fn module_file_uses(e: &Expr) -> Vec<(Via, Span, &[Expr])> {
    match &e.kind {
        ExprKind::Call(c) => {
            let via = match c.name().map(crate::syntax::trim_colons) {
                Some("file") => Via::Function(FileFunction::File),
                Some("binary_file") => Via::Function(FileFunction::BinaryFile),
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
