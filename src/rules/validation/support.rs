//! Helpers shared by the validation rules.

use crate::rules::FileIndex;
use crate::syntax::ast::{BinaryOp, Block, Expr, ExprKind};

/// The statement lists an expression owns directly: the bodies of definitions and lambdas,
/// and the blocks of `if`, `unless` and `case`.
pub fn statement_lists(e: &Expr) -> Vec<&[Expr]> {
    fn lambda(l: &Option<crate::syntax::ast::Lambda>) -> Vec<&[Expr]> {
        l.iter().map(|l| l.body.statements.as_slice()).collect()
    }
    let blocks: Vec<&Block> = match &e.kind {
        ExprKind::Class(c) => vec![&c.body],
        ExprKind::Define(d) => vec![&d.body],
        ExprKind::Node(n) => vec![&n.body],
        ExprKind::Function(f) => vec![&f.body],
        ExprKind::Plan(p) => vec![&p.body],
        ExprKind::If(i) => i
            .branches
            .iter()
            .map(|(_, b)| b)
            .chain(i.else_block.as_ref())
            .collect(),
        ExprKind::Unless(u) => std::iter::once(&u.then_block)
            .chain(u.else_block.as_ref())
            .collect(),
        ExprKind::Case(c) => c.options.iter().map(|o| &o.body).collect(),
        ExprKind::Call(c) => return lambda(&c.lambda),
        ExprKind::MethodCall(m) => return lambda(&m.lambda),
        _ => Vec::new(),
    };
    blocks
        .into_iter()
        .map(|b| b.statements.as_slice())
        .collect()
}

/// Whether evaluating `e` is known to change nothing: it only produces a value (Puppet's
/// "idem" expressions). Calls, assignments, matches (they set `$0`...), resources and
/// definitions have effects; a branch is idem when its test and all its blocks are.
pub fn is_idem(e: &Expr) -> bool {
    let all = |stmts: &[Expr]| stmts.iter().all(is_idem);
    match &e.kind {
        ExprKind::Integer(_)
        | ExprKind::Float(_)
        | ExprKind::Boolean(_)
        | ExprKind::Undef
        | ExprKind::Default
        | ExprKind::Regex(_)
        | ExprKind::String(_)
        | ExprKind::Variable(_)
        | ExprKind::Name(_)
        | ExprKind::TypeRef(_)
        | ExprKind::ReservedWord(_)
        | ExprKind::Array(_)
        | ExprKind::Hash(_)
        | ExprKind::Access { .. }
        | ExprKind::Unary { .. }
        | ExprKind::Selector { .. } => true,
        ExprKind::Binary { op, .. } => !matches!(op, BinaryOp::Match | BinaryOp::NotMatch),
        ExprKind::Paren(inner) => is_idem(inner),
        ExprKind::If(i) => {
            i.branches
                .iter()
                .all(|(c, b)| is_idem(c) && all(&b.statements))
                && i.else_block.as_ref().is_none_or(|b| all(&b.statements))
        }
        ExprKind::Unless(u) => {
            is_idem(&u.condition)
                && all(&u.then_block.statements)
                && u.else_block.as_ref().is_none_or(|b| all(&b.statements))
        }
        ExprKind::Case(c) => {
            is_idem(&c.value)
                && c.options
                    .iter()
                    .all(|o| o.matchers.iter().all(is_idem) && all(&o.body.statements))
        }
        _ => false,
    }
}

/// The name Puppet gives the class or defined type at `index.nodes[i]`, named `own`: inside
/// classes, it is qualified by their names (`class a { class b { } }` defines `a::b`).
pub fn full_name(index: &FileIndex<'_>, i: usize, own: &str) -> String {
    let mut names: Vec<&str> = index
        .ancestors(i)
        .filter_map(|a| match &a.kind {
            ExprKind::Class(c) => Some(c.name.name.as_str()),
            _ => None,
        })
        .collect();
    names.reverse();
    names.push(own);
    names.join("::")
}

/// What an expression is, in a few words, for messages ("a variable", "an `if` expression").
pub fn describe(e: &Expr) -> &'static str {
    match &e.kind {
        ExprKind::Integer(_) | ExprKind::Float(_) => "a number",
        ExprKind::Boolean(_) => "a boolean",
        ExprKind::Undef => "`undef`",
        ExprKind::Default => "`default`",
        ExprKind::Regex(_) => "a regular expression",
        ExprKind::String(_) => "a string",
        ExprKind::Variable(_) => "a variable",
        ExprKind::Name(_) => "a bare word",
        ExprKind::TypeRef(_) => "a type reference",
        ExprKind::ReservedWord(_) => "a reserved word",
        ExprKind::Array(_) => "an array",
        ExprKind::Hash(_) => "a hash",
        ExprKind::Access { .. } => "an access (`[]`)",
        ExprKind::Unary { .. } => "a unary operation",
        ExprKind::Binary { .. } => "an operation",
        ExprKind::Selector { .. } => "a selector",
        ExprKind::Paren(inner) => describe(inner),
        ExprKind::If(_) => "an `if` expression",
        ExprKind::Unless(_) => "an `unless` expression",
        ExprKind::Case(_) => "a `case` expression",
        ExprKind::Collector(_) => "a collector",
        _ => "this expression",
    }
}

/// The kind of directory a module autoloads `.pp` files from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AutoloadDir {
    /// `manifests/`: classes and defined types.
    Manifests,
    /// `functions/`: functions written in Puppet.
    Functions,
    /// `types/`: type aliases.
    Types,
}

/// Where a file sits in a module whose files Puppet's autoloader loads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModuleFile {
    /// The module's name (from its folder, without an `author-` prefix).
    pub module: String,
    pub dir: AutoloadDir,
    /// The folders below the autoload directory, then the file name without `.pp`, in lower
    /// case.
    pub rest: Vec<String>,
}

impl ModuleFile {
    /// The name every definition in the file must start with (Puppet's rule, a plain string
    /// prefix): `mod` for `mod/manifests/init.pp`, `mod::a::b` for `mod/manifests/a/b.pp`.
    pub fn namespace(&self) -> String {
        let mut names = vec![self.module.as_str()];
        let init = self.rest.len() == 1 && self.rest[0] == "init";
        if !init {
            names.extend(self.rest.iter().map(String::as_str));
        }
        names.join("::")
    }
}

/// Whether `s` is a valid module name (`^[a-z][a-z0-9_]*$`).
pub fn is_module_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// The module file at `path`, if it is a `.pp` file Puppet autoloads from a module:
/// `<module>/manifests/**.pp`, `<module>/functions/**.pp` or `<module>/types/**.pp`. The
/// module folder may carry an author prefix (`puppetlabs-apache`). A relative path without a
/// module folder is made absolute from the current directory first. Not module files: the
/// environment's main manifests (`manifests/site.pp`, anything under
/// `environments/<env>/manifests/`, rspec-puppet's `spec/fixtures/manifests/`, and a folder
/// holding `environment.conf` or a `Puppetfile`) and files whose module folder is not a module name.
pub fn module_file(path: &str) -> Option<ModuleFile> {
    let split = |p: &str| -> Vec<String> {
        p.split(['/', '\\'])
            .filter(|c| !c.is_empty() && *c != ".")
            .map(str::to_string)
            .collect()
    };
    let is_dir = |p: &String| matches!(p.as_str(), "manifests" | "functions" | "types");
    let mut parts = split(path);
    let mut absolute = path.starts_with(['/', '\\']);
    if !parts[..parts.len().saturating_sub(1)].iter().any(is_dir) {
        let abs = std::path::absolute(path).ok()?;
        parts = split(&abs.to_string_lossy());
        absolute = true;
    }
    let file = parts.last()?.to_ascii_lowercase();
    let stem = file.strip_suffix(".pp")?.to_string();
    let last_dir = parts.len() - 1;
    // The last `manifests` folder wins; otherwise the last `functions` or `types` one.
    let at = parts[..last_dir]
        .iter()
        .rposition(|p| p == "manifests")
        .or_else(|| parts[..last_dir].iter().rposition(is_dir))?;
    if at == 0 {
        return None;
    }
    let folder = &parts[at - 1];
    let module = folder.rsplit('-').next().unwrap_or(folder);
    // An environment's `manifests/`, and rspec-puppet's (`spec/fixtures/manifests/`).
    let parent = (at >= 2).then(|| parts[at - 2].as_str());
    if !is_module_name(module)
        || parent == Some("environments")
        || (folder == "fixtures" && parent == Some("spec"))
    {
        return None;
    }
    // A control repository (an environment) has `manifests/` too; when the path exists, it
    // is recognized by its files.
    let root = format!(
        "{}{}",
        if absolute { "/" } else { "" },
        parts[..at].join("/")
    );
    let root = std::path::Path::new(&root);
    if ["environment.conf", "Puppetfile"]
        .iter()
        .any(|f| root.join(f).is_file())
    {
        return None;
    }
    let dir = match parts[at].as_str() {
        "manifests" => AutoloadDir::Manifests,
        "functions" => AutoloadDir::Functions,
        _ => AutoloadDir::Types,
    };
    let mut rest: Vec<String> = parts[at + 1..last_dir]
        .iter()
        .map(|p| p.to_ascii_lowercase())
        .collect();
    rest.push(stem);
    if dir == AutoloadDir::Manifests && rest == ["site"] {
        return None;
    }
    Some(ModuleFile {
        module: module.to_string(),
        dir,
        rest,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ns(path: &str) -> Option<String> {
        module_file(path).map(|m| m.namespace())
    }

    #[test]
    fn module_files() {
        assert_eq!(ns("/m/apache/manifests/init.pp").as_deref(), Some("apache"));
        assert_eq!(
            ns("apache/manifests/mod/php.pp").as_deref(),
            Some("apache::mod::php")
        );
        assert_eq!(
            ns("x/puppetlabs-ntp/manifests/a.pp").as_deref(),
            Some("ntp::a")
        );
        assert_eq!(ns("stdlib/functions/x.pp").as_deref(), Some("stdlib::x"));
        assert_eq!(
            ns("stdlib/types/compat/ip.pp").as_deref(),
            Some("stdlib::compat::ip")
        );
        assert_eq!(
            ns("m/spec/fixtures/modules/f/manifests/init.pp").as_deref(),
            Some("f")
        );
        assert_eq!(ns("/code/environments/production/manifests/a.pp"), None);
        assert_eq!(ns("/m/x/spec/fixtures/manifests/site_test.pp"), None);
        assert_eq!(ns("/repo/control/manifests/site.pp"), None);
        assert_eq!(ns("/repo/Bad/manifests/a.pp"), None);
        assert_eq!(ns("/m/apache/examples/a.pp"), None);
        assert_eq!(ns("/m/apache/manifests/a.rb"), None);
        let dir = std::env::temp_dir().join("plint-support-test/control-repo");
        std::fs::create_dir_all(dir.join("manifests")).unwrap();
        std::fs::write(dir.join("Puppetfile"), "").unwrap();
        let nodes = dir.join("manifests/nodes.pp");
        assert_eq!(ns(&nodes.to_string_lossy()), None);
        assert_eq!(
            ns("/nonexistent/control-repo/manifests/nodes.pp").as_deref(),
            Some("repo::nodes")
        );
    }
}
