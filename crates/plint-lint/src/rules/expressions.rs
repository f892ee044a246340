//! Every expression of a file, listed once per file and shared by its rules: in pre-order with
//! parents, and grouped by kind ([`Kind`]), so that a rule asks for the kinds it looks at
//! rather than walking the AST.

use std::cell::OnceCell;

#[cfg(test)]
use super::FileInfo;
use super::cache::FileCaches;
use crate::report::LineIndex;
use crate::syntax::ast::{Expr, ExprKind, File};

macro_rules! kinds {
    ($($kind:ident),* $(,)?) => {
        /// The kind of an expression: its [`ExprKind`] variant. A rule that looks at a few kinds
        /// of expression asks the [`Expressions`] for those only ([`Expressions::of`]).
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Kind {
            $($kind,)*
        }

        impl Kind {
            /// Every kind, in order.
            pub const ALL: &[Kind] = &[$(Kind::$kind,)*];

            /// The kind of `e`.
            pub fn of(e: &ExprKind) -> Kind {
                match e {
                    $(ExprKind::$kind { .. } => Kind::$kind,)*
                }
            }
        }
    };
}

// The one list of expression kinds: a variant of `ExprKind` missing here does not compile.
kinds! {
    Integer,
    Float,
    Boolean,
    Undef,
    Default,
    Regex,
    String,
    Variable,
    Name,
    TypeRef,
    ReservedWord,
    Array,
    Hash,
    Access,
    Unary,
    Binary,
    Assignment,
    Relationship,
    Selector,
    Paren,
    Call,
    MethodCall,
    If,
    Unless,
    Case,
    Resource,
    ResourceDefaults,
    ResourceOverride,
    Collector,
    Class,
    Define,
    Node,
    Function,
    TypeAlias,
    TypeDefinition,
    Plan,
    Error,
}

/// How many kinds there are.
const KINDS: usize = Kind::ALL.len();
const _: () = assert!(KINDS <= 64, "Expressions::of keeps a set of kinds in a u64");

/// Every expression of a file in pre-order, each with its parent's index; built once per
/// file and shared by all rules, so that a rule need not walk the AST itself. It also keeps
/// what several rules compute from the same file, computed once on first use ([`FileCaches`]).
///
/// The rules that read the program's index ([`Rule::needs_program`](super::Rule::needs_program))
/// look only at what the caches keep: for them alone, the expressions are not listed (see
/// [`Expressions::unlisted`]).
#[derive(Debug, Default)]
pub struct Expressions<'a> {
    nodes: Vec<IndexedExpr<'a>>,
    /// Whether `nodes` lists the file's expressions (see [`Expressions::unlisted`]).
    listed: bool,
    /// The positions in `nodes` grouped by kind (in [`Kind`] order), each group in pre-order.
    by_kind: Vec<u32>,
    /// Where each kind's group starts in `by_kind`, and where the last one ends.
    kind_start: Vec<u32>,
    /// The kind of each node (a [`Kind`] as a number).
    kinds: Vec<u8>,
    /// The file's line table (see [`Context::line_index`](super::Context::line_index)),
    /// handed back to the report when a rule made it.
    pub(crate) line_index: OnceCell<LineIndex>,
    /// Where the file sits in its module
    /// (see [`Context::module_file`](super::Context::module_file)), handed back to the index
    /// when a rule looked it up.
    pub(crate) module_file: OnceCell<Option<crate::discover::module::ModuleFile>>,
    /// See [`Expressions::name_bytes`].
    name_bytes: OnceCell<Vec<NameBytes>>,
    /// What the rules of a family share (see [`FileCaches`]).
    pub caches: FileCaches,
}

/// Which kinds of byte a variable's name holds, found in one pass over it: several rules ask
/// about every variable's name ([`Expressions::name_bytes`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NameBytes(u8);

impl NameBytes {
    const UPPER: u8 = 1;
    const DASH: u8 = 2;
    const COLON: u8 = 4;
    /// Not an ASCII letter, digit, `_`, `:` or `-`.
    const OTHER: u8 = 8;
    const NON_DIGIT: u8 = 16;

    const CLASS: [u8; 256] = {
        let mut table = [0u8; 256];
        let mut b = 0;
        while b < 256 {
            let c = b as u8;
            table[b] = if c.is_ascii_digit() {
                0
            } else if c.is_ascii_lowercase() || c == b'_' {
                Self::NON_DIGIT
            } else if c.is_ascii_uppercase() {
                Self::UPPER | Self::NON_DIGIT
            } else if c == b'-' {
                Self::DASH | Self::NON_DIGIT
            } else if c == b':' {
                Self::COLON | Self::NON_DIGIT
            } else {
                Self::OTHER | Self::NON_DIGIT
            };
            b += 1;
        }
        table
    };

    pub fn of(name: &str) -> Self {
        NameBytes(
            name.bytes()
                .fold(0, |bits, b| bits | Self::CLASS[b as usize]),
        )
    }

    /// Whether the name has an ASCII upper-case letter.
    pub fn has_upper(self) -> bool {
        self.0 & Self::UPPER != 0
    }

    /// Whether the name has a `-`.
    pub fn has_dash(self) -> bool {
        self.0 & Self::DASH != 0
    }

    /// Whether the name has a `:` (it may be qualified).
    pub fn has_colon(self) -> bool {
        self.0 & Self::COLON != 0
    }

    /// Whether the name has only ASCII lower-case letters, digits and `_` (or nothing).
    pub fn is_plain(self) -> bool {
        self.0 & !Self::NON_DIGIT == 0
    }

    /// Whether the name has only ASCII digits (or nothing).
    pub fn is_digits(self) -> bool {
        self.0 & Self::NON_DIGIT == 0
    }
}

#[derive(Debug, Clone, Copy)]
pub struct IndexedExpr<'a> {
    pub expr: &'a Expr,
    /// Index of the parent expression in [`Expressions::nodes`], `None` for a statement of
    /// the file.
    pub parent: Option<u32>,
}

impl<'a> Expressions<'a> {
    pub fn build(ast: &'a File) -> Self {
        struct Acc<'a> {
            nodes: Vec<IndexedExpr<'a>>,
            kinds: Vec<u8>,
            /// How many nodes of each kind, at the kind's number plus one.
            kind_start: [u32; KINDS + 1],
        }
        fn visit<'a>(e: &'a Expr, parent: Option<u32>, acc: &mut Acc<'a>) {
            let me = acc.nodes.len() as u32;
            acc.nodes.push(IndexedExpr { expr: e, parent });
            let k = Kind::of(&e.kind) as u8;
            acc.kinds.push(k);
            acc.kind_start[k as usize + 1] += 1;
            e.for_each_child(&mut |c| visit(c, Some(me), acc));
        }
        // About one expression per 16 bytes of text, at most (the corpus has one per 30,
        // comments included): the lists rarely grow.
        let capacity = (ast.span.end as usize / 16).max(ast.statements.len() * 16);
        let mut acc = Acc {
            nodes: Vec::with_capacity(capacity),
            kinds: Vec::with_capacity(capacity),
            kind_start: [0; KINDS + 1],
        };
        for s in &ast.statements {
            // The AST is at most about `syntax::lower::MAX_DEPTH` deep: recursion is safe.
            visit(s, None, &mut acc);
        }
        let Acc {
            nodes,
            kinds,
            kind_start,
        } = acc;
        // A counting sort of the positions by kind.
        let mut kind_start = kind_start.to_vec();
        for k in 0..KINDS {
            kind_start[k + 1] += kind_start[k];
        }
        let mut next = kind_start.clone();
        let mut by_kind = vec![0u32; nodes.len()];
        for (i, &k) in kinds.iter().enumerate() {
            by_kind[next[k as usize] as usize] = i as u32;
            next[k as usize] += 1;
        }
        Expressions {
            nodes,
            listed: true,
            by_kind,
            kind_start,
            kinds,
            ..Expressions::default()
        }
    }

    /// An index that keeps the caches but does not list the expressions, for the rules that
    /// read the program's index: the type inference and the scope analysis walk the file
    /// themselves. Asking it for expressions is a bug (it panics).
    pub fn unlisted() -> Self {
        Expressions::default()
    }

    /// Every expression of the file in pre-order, with its parent.
    pub fn nodes(&self) -> &[IndexedExpr<'a>] {
        self.assert_listed();
        &self.nodes
    }

    fn assert_listed(&self) {
        assert!(
            self.listed,
            "a rule that reads the program's index asked for the file's expressions"
        );
    }

    /// The positions in [`Expressions::nodes`] of the expressions of kind `kind`, in pre-order.
    fn positions(&self, kind: Kind) -> &[u32] {
        let k = kind as usize;
        self.assert_listed();
        match self.kind_start.get(k..k + 2) {
            Some(&[start, end]) => &self.by_kind[start as usize..end as usize],
            _ => &[],
        }
    }

    /// The expressions of the given kinds, each with its position in [`Expressions::nodes`],
    /// in pre-order (as [`File::walk`] meets them), without looking at the others.
    pub fn of(&self, kinds: &[Kind]) -> impl Iterator<Item = (usize, &'a Expr)> + '_ {
        let positions: std::borrow::Cow<'_, [u32]> = match kinds {
            [one] => std::borrow::Cow::Borrowed(self.positions(*one)),
            _ => self.merged(kinds),
        };
        (0..positions.len()).map(move |i| {
            let at = positions[i] as usize;
            (at, self.nodes[at].expr)
        })
    }

    /// The positions of the expressions of several kinds, in pre-order.
    fn merged(&self, kinds: &[Kind]) -> std::borrow::Cow<'_, [u32]> {
        // The groups of the kinds that are in the file, each kind once; the first two kept.
        let (mut seen, mut nonempty, mut found) = (0u64, 0, 0);
        let mut first: [&[u32]; 2] = [&[], &[]];
        for &k in kinds {
            let bit = 1 << k as u32;
            if seen & bit != 0 {
                continue;
            }
            seen |= bit;
            let group = self.positions(k);
            if !group.is_empty() {
                if let Some(slot) = first.get_mut(nonempty) {
                    *slot = group;
                }
                nonempty += 1;
                found += group.len();
            }
        }
        let all = match nonempty {
            // Often only one of the kinds is in the file: its group is the answer.
            0 | 1 => return std::borrow::Cow::Borrowed(first[0]),
            // Two: merged side by side.
            2 => merge_two(first[0], first[1]),
            // A few: their groups, sorted together.
            _ if found * 16 < self.kinds.len() => {
                let mut all: Vec<u32> = kinds
                    .iter()
                    .flat_map(|&k| self.positions(k).iter().copied())
                    .collect();
                all.sort_unstable();
                all.dedup();
                all
            }
            // Many: one look at each node's kind.
            _ => {
                let mut all = Vec::with_capacity(found);
                for (i, &k) in self.kinds.iter().enumerate() {
                    if seen >> k & 1 != 0 {
                        all.push(i as u32);
                    }
                }
                all
            }
        };
        std::borrow::Cow::Owned(all)
    }

    /// [`Expressions::of`] without the positions.
    pub fn exprs_of(&self, kinds: &[Kind]) -> impl Iterator<Item = &'a Expr> + '_ {
        self.of(kinds).map(|(_, e)| e)
    }

    /// [`NameBytes`] of the name of every variable of the file, at the variable's position in
    /// [`Expressions::nodes`] (the other positions hold nothing), found once per file.
    pub fn name_bytes(&self) -> &[NameBytes] {
        self.name_bytes.get_or_init(|| {
            let mut all = vec![NameBytes::default(); self.nodes().len()];
            for &at in self.positions(Kind::Variable) {
                if let ExprKind::Variable(name) = &self.nodes[at as usize].expr.kind {
                    all[at as usize] = NameBytes::of(name);
                }
            }
            all
        })
    }

    /// The ancestors of node `i`, innermost first.
    pub fn ancestors(&self, i: usize) -> impl Iterator<Item = &'a Expr> + '_ {
        let nodes = self.nodes();
        let mut next = nodes[i].parent;
        std::iter::from_fn(move || {
            let p = next? as usize;
            next = nodes[p].parent;
            Some(nodes[p].expr)
        })
    }
}

/// The positions of two sorted lists without a position in common, sorted.
fn merge_two(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut all = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while let (Some(&x), Some(&y)) = (a.get(i), b.get(j)) {
        if x < y {
            all.push(x);
            i += 1;
        } else {
            all.push(y);
            j += 1;
        }
    }
    all.extend_from_slice(&a[i..]);
    all.extend_from_slice(&b[j..]);
    all
}

/// Asserts that every expression of the rule fixtures for which `matches` holds is of a kind in
/// `kinds`: a kind list that stands for what a helper matches covers it.
#[cfg(test)]
pub(crate) fn assert_kinds_cover(kinds: &[Kind], matches: &dyn Fn(&Expr) -> bool) {
    for_each_fixture_index(&mut |index| {
        for n in index.nodes() {
            if matches(n.expr) {
                let kind = Kind::of(&n.expr.kind);
                assert!(kinds.contains(&kind), "{kind:?} is missing from {kinds:?}");
            }
        }
    });
}

/// Calls `f` with the file index of every rule fixture (`tests/fixtures/*/*.pp`).
#[cfg(test)]
fn for_each_fixture_index(f: &mut dyn FnMut(&Expressions<'_>)) {
    for_each_fixture(&mut |file| f(&Expressions::build(file.ast)));
}

/// Calls `f` with every rule fixture (`tests/fixtures/*/*.pp`), parsed.
#[cfg(test)]
pub(super) fn for_each_fixture(f: &mut dyn FnMut(FileInfo<'_>)) {
    let root =
        std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("tests/fixtures");
    let mut files = 0;
    for dir in std::fs::read_dir(&root).unwrap() {
        for file in std::fs::read_dir(dir.unwrap().path()).unwrap() {
            let path = file.unwrap().path();
            if path.extension().is_some_and(|e| e == "pp") {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                let parsed = crate::syntax::parse(&text);
                f(FileInfo {
                    path: &path.to_string_lossy(),
                    source: &text,
                    ast: &parsed.ast,
                    module: None,
                });
                files += 1;
            }
        }
    }
    assert!(files > 100, "only {files} fixtures found");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `of` gives what a walk meets of the kinds asked, in its order, whether it takes one
    /// group (one kind asked, or only one of them in the file), merges two, sorts a few or
    /// reads every node's kind.
    #[test]
    fn of_is_the_walk_filtered() {
        let sets: &[&[Kind]] = &[
            &[Kind::Variable],
            &[Kind::Class, Kind::Define],
            &[Kind::Variable, Kind::String, Kind::Call],
            &[Kind::Error, Kind::Plan],
        ];
        // Every pair of kinds next to each other too.
        use Kind::*;
        let all = Kind::ALL;
        let mut more: Vec<&[Kind]> = all.windows(2).collect();
        // Kinds named twice (one of them alone in a file too); many kinds; all of them.
        more.push(&[Variable, String, Variable]);
        more.push(&[Class, Class, Plan]);
        more.push(&all[..9]);
        more.push(&all[20..]);
        more.push(all);
        for_each_fixture_index(&mut |index| {
            for kinds in sets.iter().chain(&more) {
                let walked: Vec<usize> = (0..index.nodes().len())
                    .filter(|&i| kinds.contains(&Kind::of(&index.nodes()[i].expr.kind)))
                    .collect();
                let found = index.of(kinds);
                assert_eq!(found.size_hint(), (walked.len(), Some(walked.len())));
                let got: Vec<usize> = found.map(|(i, _)| i).collect();
                assert_eq!(got, walked, "{kinds:?}");
            }
        });
    }

    /// [`NameBytes`] says what the plain tests on the name say.
    #[test]
    fn name_bytes_classify_names() {
        let alphabet = ["a", "B", "1", "_", ":", "-", "é", " ", "$"];
        for name in &crate::rules::queries::names_up_to(&alphabet, 4) {
            let b = NameBytes::of(name);
            assert_eq!(
                b.has_upper(),
                name.bytes().any(|c| c.is_ascii_uppercase()),
                "{name:?}"
            );
            assert_eq!(b.has_dash(), name.contains('-'), "{name:?}");
            assert_eq!(b.has_colon(), name.contains(':'), "{name:?}");
            assert_eq!(
                b.is_digits(),
                name.bytes().all(|c| c.is_ascii_digit()),
                "{name:?}"
            );
            assert_eq!(
                b.is_plain(),
                name.bytes()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'_'),
                "{name:?}"
            );
        }
        for_each_fixture_index(&mut |index| {
            let bytes = index.name_bytes();
            for (i, n) in index.nodes().iter().enumerate() {
                if let ExprKind::Variable(name) = &n.expr.kind {
                    assert_eq!(bytes[i], NameBytes::of(name));
                }
            }
        });
    }

    /// The index the rules that read the program get lists no expressions: asking it is a bug
    /// that must not go unnoticed (a rule would see an empty file).
    #[test]
    #[should_panic(expected = "asked for the file's expressions")]
    fn an_unlisted_index_refuses_to_give_expressions() {
        let index = Expressions::unlisted();
        let _ = index.exprs_of(&[Kind::Variable]).count();
    }
}
