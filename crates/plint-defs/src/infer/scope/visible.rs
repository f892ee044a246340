//! Which variables a point of a file sees (the editor's completion of `$`): the scope walk of
//! [`super::analyze`] stopped where the point is, so that what it sees is what name
//! resolution would accept there: the lambdas' parameters and what their bodies assigned
//! before it, the enclosing class's, define's or function's parameters and variables
//! assigned before it, what an inherited class defines, and the file's top-scope variables.

use rustc_hash::FxHashSet as HashSet;

use super::{BUILT_INS, BindingKind, Fallback, Program, ScopeKind, Walker};
use crate::syntax::ast::{File, Span};

/// Where a visible variable is defined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VisibleScope {
    /// A lambda around the point (the innermost first).
    Lambda,
    /// The class around the point.
    Class,
    /// The defined type around the point.
    Define,
    /// The function or plan around the point.
    Function,
    /// The node definition around the point.
    Node,
    /// A class the enclosing class inherits from (its name is not known here).
    Inherited,
    /// The file's top scope.
    Top,
}

/// A variable visible at a point.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Visible<'a> {
    /// Without `$`.
    pub name: &'a str,
    /// Its parameter or first assignment (none for an inherited variable).
    pub span: Option<Span>,
    pub kind: BindingKind,
    pub scope: VisibleScope,
}

/// The variables Puppet sets in every scope besides facts (`$facts`, `$trusted`,
/// `$server_facts`, `$environment`, ...), `$title` and `$name` aside.
pub fn builtin_variables() -> impl Iterator<Item = &'static str> {
    BUILT_INS
        .iter()
        .copied()
        .filter(|n| !matches!(*n, "title" | "name"))
}

/// The variables of `file` visible at byte `offset` (the file's own; the program's top-scope
/// variables and Puppet's are the caller's to add), innermost scope first, each name once.
pub fn visible_at<'a>(file: &'a File, offset: usize, program: &'a dyn Program) -> Vec<Visible<'a>> {
    let mut w = Walker::new(file, program);
    w.probe = Some(u32::try_from(offset).unwrap_or(u32::MAX));
    w.push(ScopeKind::Top, Fallback::Global, false);
    w.block_statements(&file.statements, false);
    w.take_visible();
    w.pop();
    w.visible
}

impl<'a> Walker<'a> {
    /// The end of a body that spans `span`: a point inside it after its last statement sees
    /// the body's scope as it is now.
    pub(super) fn probe_end(&mut self, span: Span) {
        if self
            .probe
            .is_some_and(|at| span.start <= at && at <= span.end)
        {
            self.take_visible();
        }
    }

    /// Records what the scopes see now (once: the probe is then done).
    pub(super) fn take_visible(&mut self) {
        if self.probe.take().is_none() {
            return;
        }
        let mut seen: HashSet<&'a str> = HashSet::default();
        let mut out = Vec::new();
        let mut named = None;
        for scope in self.scopes.iter().rev() {
            let where_ = match scope.kind {
                ScopeKind::Lambda => VisibleScope::Lambda,
                ScopeKind::Class => VisibleScope::Class,
                ScopeKind::Define => VisibleScope::Define,
                ScopeKind::Function | ScopeKind::Plan => VisibleScope::Function,
                ScopeKind::Node => VisibleScope::Node,
                ScopeKind::Top => VisibleScope::Top,
            };
            for &name in &scope.order {
                if seen.insert(name) {
                    let v = &scope.vars[name];
                    out.push(Visible {
                        name,
                        span: Some(v.span),
                        kind: v.kind,
                        scope: where_,
                    });
                }
            }
            if scope.kind != ScopeKind::Lambda {
                named = Some(scope);
                break;
            }
        }
        if let Some(scope) = named {
            unplaced(
                &scope.inherited,
                VisibleScope::Inherited,
                &mut seen,
                &mut out,
            );
        }
        // The file's top scope: every variable assigned there (a named scope runs after it).
        if named.is_some_and(|s| s.kind != ScopeKind::Top) {
            unplaced(&self.top_vars, VisibleScope::Top, &mut seen, &mut out);
        }
        self.visible = out;
    }
}

/// The names of `names` not yet `seen`, in order, as variables of `scope` assigned where the
/// walk has no place for them (an inherited class, the file's top scope).
fn unplaced<'a>(
    names: &HashSet<&'a str>,
    scope: VisibleScope,
    seen: &mut HashSet<&'a str>,
    out: &mut Vec<Visible<'a>>,
) {
    let mut sorted: Vec<&'a str> = names.iter().copied().collect();
    sorted.sort_unstable();
    for name in sorted {
        if seen.insert(name) {
            out.push(Visible {
                name,
                span: None,
                kind: BindingKind::Assignment,
                scope,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::infer::scope::NoProgram;

    fn names(src: &str) -> Vec<String> {
        let offset = src.find("<>").unwrap();
        let text = src.replacen("<>", "", 1);
        let parsed = crate::syntax::parse(&text);
        visible_at(&parsed.ast, offset, &NoProgram)
            .iter()
            .map(|v| format!("{}:{:?}", v.name, v.scope))
            .collect()
    }

    #[test]
    fn what_a_point_sees() {
        let src = "$top = 1\nclass a ($p = 1) {\n  $before = 2\n  [1].each |$i| {\n    $in = 3\n    notice(<>)\n  }\n  $after = 4\n}\n$late = 5\n";
        assert_eq!(
            names(src),
            [
                "i:Lambda",
                "in:Lambda",
                "title:Class",
                "name:Class",
                "p:Class",
                "before:Class",
                "late:Top",
                "top:Top"
            ]
        );
        // At the end of a body, after its last statement; at top scope, what came before.
        assert_eq!(
            names("class a {\n  $x = 1\n  <>\n}\n$y = 2\n"),
            ["title:Class", "name:Class", "x:Class", "y:Top"]
        );
        assert_eq!(names("$x = 1\n<>\n$y = 2\n"), ["x:Top"]);
        // A variable being written, and a parameter's default.
        assert_eq!(
            names("define d ($a, $b = $a<>) {}\n"),
            ["title:Define", "name:Define", "a:Define"]
        );
        assert_eq!(
            names("function f($x) { $y = 1\n $y + $x<> }"),
            ["x:Function", "y:Function"]
        );
    }
}
