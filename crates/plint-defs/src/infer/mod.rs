//! Inference: scopes (which variable a name refers to, [`scope`]), the type of every
//! expression ([`expr`]), and the type and name checks that follow from them. Emits data
//! ([`TypeDiag`], [`scope::ScopeDiag`]), never text: rule files make diagnostics of it.
//!
//! [`analyze`] walks one file once; the rules share the result through their file's index
//! (`rules::types::analysis`).

pub mod compat;
pub mod expr;
pub mod program;
pub mod scope;

use crate::syntax::ast::{File, Span};

/// Sizes `map` for `n` entries when it has no room yet: a map filled by the walk starts at a
/// size that fits the usual few entries instead of growing from the smallest, and a map that
/// stays empty allocates nothing.
pub(crate) fn reserve_if_unallocated<K, V, S>(
    map: &mut std::collections::HashMap<K, V, S>,
    n: usize,
) where
    K: Eq + std::hash::Hash,
    S: std::hash::BuildHasher,
{
    if map.capacity() == 0 {
        map.reserve(n);
    }
}
use crate::types::Type;

pub use program::{Defs, NameKind, NoDefs, Program};

/// What a lambda given to a call does wrong.
#[derive(Debug, Clone, PartialEq)]
pub enum LambdaProblem {
    /// The function needs a lambda and none is given.
    Missing,
    /// A lambda is given to a function that takes none.
    NotAccepted,
    /// The lambda's number of parameters fits none of the function's signatures.
    Count { given: usize, expected: Vec<String> },
}

/// A finding of inference, before it becomes a diagnostic.
#[derive(Debug, Clone, PartialEq)]
pub enum TypeDiag {
    UnknownFunction {
        name: String,
        span: Span,
        suggestion: Option<String>,
    },
    /// No signature of `function` accepts the arguments: `expected` lists the signatures
    /// (`min(Numeric a, Numeric b) - arg count {2}`), `actual` the call.
    ArgumentMismatch {
        function: String,
        span: Span,
        expected: Vec<String>,
        actual: String,
    },
    LambdaMismatch {
        function: String,
        span: Span,
        problem: LambdaProblem,
    },
    UnknownResourceType {
        name: String,
        span: Span,
        suggestion: Option<String>,
    },
    UnknownAttribute {
        type_name: String,
        attribute: String,
        span: Span,
        suggestion: Option<String>,
    },
    AttributeTypeMismatch {
        type_name: String,
        attribute: String,
        expected: Type,
        found: Type,
        span: Span,
    },
    UnknownClass {
        name: String,
        span: Span,
        suggestion: Option<String>,
    },
    UnknownClassParameter {
        class: String,
        param: String,
        span: Span,
        suggestion: Option<String>,
    },
    MissingRequiredParameter {
        definition: String,
        param: String,
        span: Span,
    },
    ParameterTypeMismatch {
        definition: String,
        param: String,
        expected: Type,
        found: Type,
        span: Span,
    },
    DefaultTypeMismatch {
        param: String,
        expected: Type,
        found: Type,
        span: Span,
    },
    OperatorMismatch {
        op: &'static str,
        left: Type,
        right: Type,
        span: Span,
        reason: String,
    },
    DuplicateResource {
        type_name: String,
        title: String,
        span: Span,
        first: Span,
    },
    InvalidAccess {
        found: Type,
        span: Span,
    },
    /// A type matcher of a `case` that no value can reach: the value's type excludes it,
    /// or an earlier matcher (`earlier`) takes every value it would.
    UnreachableCaseBranch {
        span: Span,
        matcher: String,
        value: Type,
        earlier: Option<Span>,
    },
    UnknownType {
        name: String,
        span: Span,
        suggestion: Option<String>,
    },
    /// Matching `text` against the regular expression `pattern` gave up (too many
    /// back-tracking steps: see [`crate::types::RegexFailure`]); the check took it as a
    /// match. Once per pattern and file, at the first value checked.
    RegexTooCostly {
        pattern: String,
        text: String,
        span: Span,
    },
    /// A Bolt plan's `run_task('mod::task', ...)` that the task's metadata does not allow
    /// (see [`crate::defs::tasks`]).
    TaskMismatch {
        task: String,
        span: Span,
        problem: TaskProblem,
    },
}

/// What is wrong with a `run_task` call.
#[derive(Debug, Clone, PartialEq)]
pub enum TaskProblem {
    /// The task's module is indexed, and has no such task.
    Unknown,
    /// The metadata declares no such parameter.
    UnknownParameter {
        param: String,
        suggestion: Option<String>,
    },
    /// A required parameter is not given.
    MissingParameter { param: String },
    /// The value does not match the parameter's type.
    ParameterType {
        param: String,
        expected: Type,
        found: Type,
    },
}

/// The result of inference over one file.
#[derive(Debug, Default)]
pub struct Analysis {
    pub diags: Vec<TypeDiag>,
    /// The type of every expression, by span (only when asked for: see [`analyze_with_types`]).
    pub types: Vec<(Span, Type)>,
}

impl Analysis {
    /// The recorded type of the expression with exactly this span (the outermost one when
    /// several share it).
    pub fn type_at(&self, span: Span) -> Option<&Type> {
        self.types
            .iter()
            .rev()
            .find(|(s, _)| *s == span)
            .map(|(_, t)| t)
    }
}

/// Infers the types of one file and checks it.
pub fn analyze(file: &File, src: &str, defs: &dyn Defs) -> Analysis {
    run(file, src, defs, None, false)
}

/// [`analyze`] of a file of `module` (its name by its metadata), whose world the index
/// knows (see [`crate::defs::world`]).
pub fn analyze_in(file: &File, src: &str, defs: &dyn Defs, module: Option<&str>) -> Analysis {
    run(file, src, defs, module, false)
}

/// [`analyze`], recording the type of every expression.
pub fn analyze_with_types(file: &File, src: &str, defs: &dyn Defs) -> Analysis {
    run(file, src, defs, None, true)
}

/// Inference of one file, with the caches of the run ([`Defs::caches`]), or caches of its
/// own when the definitions have none.
fn run(file: &File, src: &str, defs: &dyn Defs, module: Option<&str>, record: bool) -> Analysis {
    let own;
    let caches = match defs.caches() {
        Some(c) => c,
        None => {
            own = crate::types::Caches::default();
            &own
        }
    };
    let mut program = Program::new(file, src, defs);
    program.module = module;
    let resolver = expr::Resolver::new(&program, caches);
    expr::Infer::new(src, &resolver, record).run(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diags(src: &str) -> Vec<TypeDiag> {
        let parsed = crate::syntax::parse(src);
        analyze(&parsed.ast, src, &NoDefs).diags
    }

    /// The index of one manifest at `path`.
    fn index_of(path: &str, src: &str) -> crate::defs::Index {
        let ast = crate::syntax::parse(src).ast;
        let path = std::path::PathBuf::from(path);
        let manifest = crate::defs::index::Manifest {
            path: &path,
            source: src,
            ast: &ast,
        };
        crate::defs::Index::build(&[manifest], &[])
    }

    /// Two runs in one process (two workspaces of a language server): the same alias name
    /// resolves as each index says, each index's caches hold what its run read, and dropping
    /// one leaves the other as it was.
    #[test]
    fn two_indexes_keep_apart() {
        let a = index_of(
            "/a/mymod/types/port.pp",
            "type Mymod::Port = Integer[1, 65535]\n",
        );
        let b = index_of("/b/mymod/types/port.pp", "type Mymod::Port = String[1]\n");
        let src = "class mymod(Mymod::Port $port = 'http') {}\n";
        let parsed = crate::syntax::parse(src);
        let mismatch = |defs: &crate::defs::Index| {
            analyze(&parsed.ast, src, defs)
                .diags
                .iter()
                .any(|d| matches!(d, TypeDiag::DefaultTypeMismatch { .. }))
        };
        assert!(mismatch(&a));
        assert!(!mismatch(&b));
        let (ca, cb) = (a.caches().unwrap(), b.caches().unwrap());
        assert!(ca.has_parsed("Integer[1, 65535]") && !ca.has_parsed("String[1]"));
        assert!(cb.has_parsed("String[1]") && !cb.has_parsed("Integer[1, 65535]"));
        drop(a);
        assert!(!mismatch(&b));
        assert!(!b.caches().unwrap().has_parsed("Integer[1, 65535]"));
    }

    /// The regexps a run's inference compiles stay in its index's caches.
    #[test]
    fn two_indexes_keep_their_regexps_apart() {
        let a = index_of(
            "/a/mymod/types/name.pp",
            "type Mymod::Name = Pattern[/\\A[a-z]+\\z/]\n",
        );
        let b = index_of("/b/mymod/types/name.pp", "type Mymod::Name = String[1]\n");
        let src = "class mymod(Mymod::Name $n = 'Web1') {}\n";
        let parsed = crate::syntax::parse(src);
        let mismatch = |defs: &crate::defs::Index| {
            analyze(&parsed.ast, src, defs)
                .diags
                .iter()
                .any(|d| matches!(d, TypeDiag::DefaultTypeMismatch { .. }))
        };
        assert!(mismatch(&a));
        assert!(!mismatch(&b));
        assert!(!a.caches().unwrap().regexes().is_empty());
        assert!(b.caches().unwrap().regexes().is_empty());
    }

    #[test]
    fn deep_nesting_does_not_overflow() {
        let deep = format!("$x = {}1{}\n", "[".repeat(5000), "]".repeat(5000));
        let _ = diags(&deep);
        let long = format!("$y = 1{}\n", " + 1".repeat(20000));
        let _ = diags(&long);
    }
}
