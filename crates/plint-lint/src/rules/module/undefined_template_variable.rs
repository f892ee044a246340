//! `P502` undefined-template-variable: an ERB template reads `@x`, and no class or defined
//! type that renders it defines `$x`; an EPP template reads `$x`, which is neither its
//! parameter nor given by its callers.

use super::{FileContext, ModuleFileCheck};
use crate::declare_rule;
use crate::defs::Index;
use crate::defs::model::{ClassKind, Origin};
use crate::defs::templates::{TemplateKind, TemplateUse};
use crate::discover::FileKind;
use crate::ruby::ast::{Node, NodeKind, Target};

declare_rule! {
    /// ## What it does
    /// Finds an instance variable (`@name`) that an ERB template reads, when no class or
    /// defined type that renders the template with `template()` defines a variable `$name`
    /// there: not as a parameter, not in its body, not in a class it inherits from, and it is
    /// not a fact or a top-scope variable either. The template's callers are the calls of
    /// `template('module/file.erb')` (or `"${module_name}/file.erb"`) in the program's
    /// manifests. A template that no indexed manifest renders, or that a call plint cannot
    /// follow may render (a name computed at run time, a call outside a class or defined
    /// type), is not checked.
    ///
    /// An EPP template (`epp()`) sees only its parameters and the top scope, not its caller's
    /// variables: a variable it reads that is not a parameter (or, for a template without a
    /// parameter list, a key of the hash every `epp()` call rendering it passes), not assigned
    /// in the template, and not a fact or top-scope variable, is reported too.
    ///
    /// ## Why is this bad?
    /// Puppet renders an undefined `@name` as an empty string (`nil`), without a warning: a
    /// parameter renamed in the class but not in its template, or a typo, silently writes a
    /// wrong configuration file.
    ///
    /// ## Example
    /// ```erb
    /// # file: ntp/manifests/init.pp
    /// class ntp (Array[String] $servers = []) {
    ///   file { '/etc/ntp.conf': content => template('ntp/ntp.conf.erb') }
    /// }
    /// # file: ntp/templates/ntp.conf.erb
    /// <% @server.each do |s| -%>
    /// server <%= s %>
    /// <% end -%>
    /// ```
    ///
    /// ## Use instead
    /// ```erb
    /// # file: ntp/manifests/init.pp
    /// class ntp (Array[String] $servers = []) {
    ///   file { '/etc/ntp.conf': content => template('ntp/ntp.conf.erb') }
    /// }
    /// # file: ntp/templates/ntp.conf.erb
    /// <% @servers.each do |s| -%>
    /// server <%= s %>
    /// <% end -%>
    /// ```
    pub struct UndefinedTemplateVariable {
        code: "P502",
        name: "undefined-template-variable",
        severity: Warning,
        category: Module,
    }
}

impl ModuleFileCheck for UndefinedTemplateVariable {
    fn kinds(&self) -> &'static [FileKind] {
        &[FileKind::Erb, FileKind::Epp]
    }

    fn needs_program(&self) -> bool {
        true
    }

    fn check(&self, cx: &mut FileContext<'_>) {
        if cx.kind == FileKind::Epp {
            return check_epp(cx);
        }
        let program = cx.program;
        let Some((module, name)) = template_name(program, cx.path) else {
            return;
        };
        let Some(callers) = callers(program, &module, &name) else {
            return;
        };
        // While a module the template's module declares is absent, its custom facts (which
        // templates read as `@name` too) are unknown.
        if !program.world().absent_for(Some(&module)).is_empty() {
            return;
        }
        let Ok(compiled) = cx.erb() else {
            return;
        };
        let mut reads: Vec<(String, u32)> = Vec::new();
        let mut assigned: Vec<String> = Vec::new();
        ivars(&compiled.program.root, &mut reads, &mut assigned);
        let mut reported: Vec<&str> = Vec::new();
        let mut found = Vec::new();
        for (var, at) in &reads {
            if reported.contains(&var.as_str()) || assigned.contains(var) || is_global(program, var)
            {
                continue;
            }
            let mut unknown = false;
            let defined = callers.iter().any(|c| match visible(program, c, var) {
                Visible::Yes => true,
                Visible::No => false,
                Visible::Unknown => {
                    unknown = true;
                    false
                }
            });
            if defined || unknown {
                continue;
            }
            reported.push(var);
            // The read ends where its node ends (maybe after a closing parenthesis).
            let after = compiled.template_offset(*at);
            let needle = format!("@{var}");
            let start = cx
                .text
                .get(..(after + 1).min(cx.text.len()))
                .and_then(|t| t.rfind(&needle))
                .unwrap_or(after);
            let end = (start + needle.len()).min(cx.text.len());
            let scopes = scope_list(&callers);
            let first = callers[0];
            let d = cx
                .diagnostic(
                    start..end,
                    format!(
                        "`@{var}` is not defined where the template is rendered (in {scopes})"
                    ),
                )
                .with_label("always `nil` here")
                .with_help(format!(
                    "rendered by `template('{name}')` at {}; define `${var}` there (a \
                     parameter or a variable), or fix the name",
                    place(program, first)
                ));
            found.push(d);
        }
        found.into_iter().for_each(|d| cx.report(d));
    }
}

/// An EPP template sees its parameters (when it declares them; else the keys of the hash
/// each `epp()` call gives) and the top scope: a variable it reads that is none of these, nor
/// assigned in the template, nor a lambda's parameter, is undefined.
fn check_epp(cx: &mut FileContext<'_>) {
    let program = cx.program;
    let Ok(template) = cx.epp() else {
        return;
    };
    let mut visible: Vec<String> = Vec::new();
    let callers: Vec<&TemplateUse>;
    match &template.parameters {
        Some(params) => {
            visible.extend(params.iter().map(|p| p.name.name.clone()));
            callers = Vec::new();
        }
        None => {
            // Without a parameter list, the variables are what the calls give.
            let Some((_, name)) = template_name(program, cx.path) else {
                return;
            };
            let uses: Vec<&TemplateUse> = program
                .template_uses()
                .iter()
                .filter(|u| u.kind == TemplateKind::Epp)
                .collect();
            // A call plint cannot follow may render it with any variables.
            if uses.iter().any(|u| u.name.is_none()) {
                return;
            }
            callers = uses
                .into_iter()
                .filter(|u| u.looked_up_name().as_deref() == Some(name.as_str()))
                .collect();
            if callers.is_empty() {
                return;
            }
            for c in &callers {
                let Some(keys) = &c.epp_keys else {
                    return;
                };
                visible.extend(keys.iter().cloned());
            }
        }
    }
    let mut reads: Vec<(String, crate::syntax::ast::Span)> = Vec::new();
    let mut local: Vec<String> = Vec::new();
    for s in &template.body.statements {
        epp_variables(s, &mut reads, &mut local);
    }
    if let Some(params) = &template.parameters {
        for p in params {
            if let Some(d) = &p.default {
                epp_variables(d, &mut reads, &mut local);
            }
        }
    }
    let mut found = Vec::new();
    let mut reported: Vec<&str> = Vec::new();
    for (var, span) in &reads {
        if reported.contains(&var.as_str())
            || visible.contains(var)
            || local.contains(var)
            || is_global(program, var)
        {
            continue;
        }
        reported.push(var);
        let start = template.template_offset(span.start as usize);
        let end = (start + var.len() + 1).min(cx.text.len());
        let d = if template.parameters.is_some() {
            cx.diagnostic(
                start..end,
                format!("`${var}` is not a parameter of the template, nor a top-scope variable"),
            )
            .with_label("undefined: `undef` here")
            .with_help(format!(
                "an EPP template rendered by `epp()` sees only its parameters and the top \
                 scope: declare `${var}` in its parameter list (`<%- | $x | -%>`) and pass it"
            ))
        } else {
            let first = callers[0];
            cx.diagnostic(
                start..end,
                format!(
                    "`${var}` is not given by the calls of `epp()` rendering the template (in {})",
                    scope_list(&callers)
                ),
            )
            .with_label("undefined: `undef` here")
            .with_help(format!(
                "rendered at {}; an EPP template sees only what `epp()` passes and the top \
                 scope: pass `'{var}' => ...`, or declare the template's parameters",
                place(program, first)
            ))
        };
        found.push(d);
    }
    found.into_iter().for_each(|d| cx.report(d));
}

/// The unqualified variables an EPP body reads (each once, first read first), and those it
/// assigns or takes as a lambda's parameter anywhere in it.
fn epp_variables(
    e: &crate::syntax::ast::Expr,
    reads: &mut Vec<(String, crate::syntax::ast::Span)>,
    local: &mut Vec<String>,
) {
    use crate::syntax::ast::ExprKind;
    match &e.kind {
        ExprKind::Variable(name)
            if !name.contains("::") && !reads.iter().any(|(r, _)| r == name) =>
        {
            reads.push((name.clone(), e.span));
        }
        ExprKind::Assignment { left, .. } => {
            let mut targets = Vec::new();
            match &left.kind {
                ExprKind::Array(items) => targets.extend(items.iter()),
                _ => targets.push(left.as_ref()),
            }
            for t in targets {
                if let ExprKind::Variable(n) = &t.kind {
                    local.push(n.clone());
                }
            }
        }
        ExprKind::Call(c) => {
            if let Some(l) = &c.lambda {
                local.extend(l.params.iter().map(|p| p.name.name.clone()));
            }
        }
        ExprKind::MethodCall(m) => {
            if let Some(l) = &m.lambda {
                local.extend(l.params.iter().map(|p| p.name.name.clone()));
            }
        }
        _ => {}
    }
    e.for_each_child(&mut |c| epp_variables(c, reads, local));
}

/// The module and the template name (`module/path`) of a file in a module's `templates`
/// folder.
fn template_name(program: &Index, path: &std::path::Path) -> Option<(String, String)> {
    let root = module_of(program, path)?;
    let rest = path.strip_prefix(root.path.join("templates")).ok()?;
    let rest: Vec<&str> = rest
        .components()
        .map(|c| c.as_os_str().to_str())
        .collect::<Option<_>>()?;
    Some((root.name.clone(), format!("{}/{}", root.name, rest.join("/"))))
}

/// The calls that render the template `name` of `module`, each from a class or defined
/// type; `None` when there is none, or when a call plint cannot follow may render it.
fn callers<'p>(program: &'p Index, module: &str, name: &str) -> Option<Vec<&'p TemplateUse>> {
    let mut out = Vec::new();
    for u in program.template_uses() {
        if u.kind != TemplateKind::Erb {
            continue;
        }
        match u.looked_up_name() {
            Some(n) if n == name => {
                u.scope.as_ref()?;
                out.push(u);
            }
            Some(_) => {}
            // A name computed at run time in the same module may be this one.
            None => {
                let same_module = match &u.scope {
                    Some(s) => s.split("::").next() == Some(module),
                    None => true,
                };
                if same_module {
                    return None;
                }
            }
        }
    }
    (!out.is_empty()).then_some(out)
}

enum Visible {
    Yes,
    No,
    Unknown,
}

/// Whether `$var` is visible where `caller` renders the template: a local of its lambdas, a
/// variable of its class or defined type, or of a class that one inherits from.
fn visible(program: &Index, caller: &TemplateUse, var: &str) -> Visible {
    if caller.locals.iter().any(|l| l == var) {
        return Visible::Yes;
    }
    let Some(scope) = caller.scope.as_deref() else {
        return Visible::Unknown;
    };
    let Some(mut def) = program.definition(scope) else {
        return Visible::Unknown;
    };
    if def.kind == ClassKind::Define && (var == "title" || var == "name") {
        return Visible::Yes;
    }
    // Metaparameters are variables of the scope when the declaration sets them.
    if crate::infer::scope::METAPARAMETERS.contains(&var) {
        return Visible::Unknown;
    }
    for _ in 0..32 {
        if def.has_variable(var) {
            return Visible::Yes;
        }
        let Some(parent) = def.parent.as_deref() else {
            return Visible::No;
        };
        match program.class(parent) {
            Some(p) => def = p,
            None => return Visible::Unknown,
        }
    }
    Visible::Unknown
}

/// A variable every scope sees: a built-in, a fact, a top-scope variable of the program, or
/// one the configuration says an ENC or the server sets.
fn is_global(program: &Index, var: &str) -> bool {
    crate::infer::scope::is_global_builtin(var)
        || program.top_variable(var).is_some()
        || program.world().is_known_top_scope(var)
        || program
            .modules()
            .iter()
            .filter_map(|r| r.path.parent())
            .any(|dir| program.custom_facts().of(dir).contains(var))
}

/// The instance variables a program reads (with the end offset of the first read of each, in
/// order: a parenthesized read keeps the parentheses' span) and those it assigns.
fn ivars(node: &Node, reads: &mut Vec<(String, u32)>, assigned: &mut Vec<String>) {
    fn target(t: &Target, assigned: &mut Vec<String>) {
        match t {
            Target::Ivar(n) => assigned.push(n.clone()),
            Target::Nested(ts) => ts.iter().for_each(|t| target(t, assigned)),
            Target::Splat(Some(t)) => target(t, assigned),
            _ => {}
        }
    }
    match &node.kind {
        NodeKind::Ivar(n) if !reads.iter().any(|(r, _)| r == n) => {
            reads.push((n.clone(), node.span.end));
        }
        NodeKind::Assign(t, _) | NodeKind::OpAssign { target: t, .. } => target(t, assigned),
        NodeKind::MultiAssign(ts, _) => ts.iter().for_each(|t| target(t, assigned)),
        _ => {}
    }
    node.for_each_child(&mut |c| ivars(c, reads, assigned));
}

/// "`a`", "`a` and `b`", "`a`, `b` and 3 more": the scopes rendering the template.
fn scope_list(callers: &[&TemplateUse]) -> String {
    let mut names: Vec<&str> = Vec::new();
    for c in callers {
        if let Some(s) = c.scope.as_deref()
            && !names.contains(&s)
        {
            names.push(s);
        }
    }
    match names.as_slice() {
        [] => String::new(),
        [one] => format!("`{one}`"),
        [a, b] => format!("`{a}` and `{b}`"),
        [a, b, rest @ ..] => format!("`{a}`, `{b}` and {} more", rest.len()),
    }
}

/// The indexed module `path` lies in.
fn module_of<'p>(
    program: &'p Index,
    path: &std::path::Path,
) -> Option<&'p crate::discover::module::ModuleRoot> {
    crate::discover::module::ModuleMap::new(program.modules()).of(path)
}

/// `path:line` of a call, the path relative to the folder holding its module.
fn place(program: &Index, call: &TemplateUse) -> String {
    let Origin::Manifest { path, .. } = &call.origin else {
        return "a manifest".into();
    };
    let shown = module_of(program, path)
        .and_then(|r| path.strip_prefix(r.path.parent()?).ok())
        .unwrap_or(path);
    format!("`{}:{}`", shown.display(), call.line)
}
