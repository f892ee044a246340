//! Inference: scopes (which variable a name refers to, [`scope`]), the type of every
//! expression ([`expr`]), and the type and name checks that follow from them. Emits data
//! ([`TypeDiag`], [`scope::ScopeDiag`]), never text: rule files make diagnostics of it.
//!
//! [`analyze`] walks one file once; the rules share the result through their file's index
//! (`rules::types::support::analysis`).

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

/// The closest of `names` to `name` (at most [`typo_limit`] edits away, at least one), for
/// "did you mean".
pub fn closest<'a>(name: &str, names: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let mut c = Closest::new(name);
    names.into_iter().for_each(|n| c.offer(n));
    c.best()
}

/// [`closest`], offered one name at a time (the names need not be collected): the same
/// answer whatever the order, the smallest distance, then the smallest name.
pub struct Closest<'n> {
    name: &'n str,
    limit: usize,
    best: Option<(usize, String)>,
}

impl<'n> Closest<'n> {
    pub fn new(name: &'n str) -> Self {
        Closest {
            name,
            limit: typo_limit(name).max(1),
            best: None,
        }
    }

    /// [`Closest::new`], looking only at names at most `max` edits away.
    pub fn within(name: &'n str, max: usize) -> Self {
        let mut c = Closest::new(name);
        c.limit = c.limit.min(max);
        c
    }

    pub fn offer(&mut self, n: &str) {
        if n == self.name || n.len().abs_diff(self.name.len()) > self.limit {
            return;
        }
        // A name farther than the best so far cannot replace it: the distance is computed
        // only as far as it can matter.
        let max = self
            .best
            .as_ref()
            .map_or(self.limit, |(bd, _)| (*bd).min(self.limit));
        if count_bound(self.name.as_bytes(), n.as_bytes()) > max {
            return;
        }
        let Some(d) = distance_at_most(self.name, n, max) else {
            return;
        };
        let better = match &self.best {
            None => true,
            Some((bd, bn)) => (d, n) < (*bd, bn.as_str()),
        };
        if better {
            self.best = Some((d, n.to_string()));
        }
    }

    pub fn best(self) -> Option<String> {
        self.best.map(|(_, n)| n)
    }
}

/// A lower bound of the edit distance ([`distance`]), cheaper to find: how many bytes
/// (counted by their low five bits) one string has more of, or fewer of, than the other. An
/// insertion, deletion or substitution changes at most one count up and one down, so each
/// moves the bound by at most one; a swap of neighbours changes no count.
fn count_bound(a: &[u8], b: &[u8]) -> usize {
    let mut counts = [0i32; 32];
    for &x in a {
        counts[usize::from(x & 31)] += 1;
    }
    for &x in b {
        counts[usize::from(x & 31)] -= 1;
    }
    let (mut more, mut fewer) = (0i32, 0i32);
    for c in counts {
        if c > 0 {
            more += c;
        } else {
            fewer -= c;
        }
    }
    more.max(fewer) as usize
}

/// Edit distance for "did you mean": the optimal string alignment distance (Damerau's
/// variant of Levenshtein's, where a swap of two neighbouring letters is one edit: `fiel` is
/// one edit from `file`), in characters.
pub fn distance(a: &str, b: &str) -> usize {
    strsim::osa_distance(a, b)
}

/// [`distance`] if it is at most `max`, else `None` (two bounds that are cheaper to find are
/// tried first: the difference in length, and `count_bound`).
pub fn distance_at_most(a: &str, b: &str, max: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > max || count_bound(a.as_bytes(), b.as_bytes()) > max {
        return None;
    }
    Some(distance(a, b)).filter(|&d| d <= max)
}

/// How many edits away a name may be to be taken for a misspelling of another: none for a
/// name of one or two letters, one up to five letters, two up to fifteen, three beyond.
pub fn typo_limit(name: &str) -> usize {
    match name.chars().count() {
        0..=2 => 0,
        3..=5 => 1,
        6..=15 => 2,
        _ => 3,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounded_distance_agrees_with_the_full_distance() {
        let words = [
            "",
            "a",
            "ab",
            "ba",
            "cron",
            "corn",
            "crn",
            "cronn",
            "yumrepo",
            "yum_repo",
            "mount",
            "mount_point",
            "ini_setting",
            "ini_settings",
            "init_setting",
            "file",
            "files",
            "package",
            "pakage",
            "apache::vhost",
            "apache::vhosts",
            "aaaa",
            "bbbb",
            "abab",
        ];
        for a in words {
            for b in words {
                let full = distance(a, b);
                assert!(count_bound(a.as_bytes(), b.as_bytes()) <= full, "{a} {b}");
                for max in 0..6 {
                    assert_eq!(
                        distance_at_most(a, b, max),
                        Some(full).filter(|&d| d <= max),
                        "{a} {b} {max}"
                    );
                }
            }
        }
    }

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

    #[test]
    fn closest_names() {
        assert_eq!(closest("notce", ["notice", "split"]), Some("notice".into()));
        assert_eq!(closest("zzz", ["notice"]), None);
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance_at_most("kitten", "sitting", 3), Some(3));
        assert_eq!(distance_at_most("kitten", "sitting", 2), None);
        assert_eq!(distance_at_most("package", "pakage", 1), Some(1));
        assert_eq!(distance_at_most("abc", "xyz", 0), None);
        assert_eq!(distance_at_most("", "", 0), Some(0));
        // A swap of neighbouring letters is one edit.
        assert_eq!(distance("fiel", "file"), 1);
        assert_eq!(distance("pacakge", "package"), 1);
        assert_eq!(distance_at_most("ab", "ba", 1), Some(1));
        assert_eq!(closest("fiel", ["file", "fail"]), Some("file".into()));
        assert_eq!(typo_limit("fiel"), 1);
        assert_eq!(typo_limit("ab"), 0);
        assert_eq!(typo_limit("ini_settings"), 2);
        assert_eq!(typo_limit("postgresql_server_x"), 3);
    }
}
