//! What a rule sees of one file, and how it reports.
//!
//! # Options
//!
//! A rule that takes options declares them as a struct (see [`super::options`]); the rule
//! selection decodes them once, and the rule reads them with [`Context::options`]:
//!
//! ```ignore
//! let max = cx.options::<Options>().max_length;
//! ```

use std::cell::OnceCell;
use std::ops::Range;
use std::path::PathBuf;

use super::RuleInfo;
use crate::defs::Index;
use crate::report::{Diagnostic, Fix, LineIndex, Severity};
use crate::syntax::ast::{Expr, ExprKind, File, Span};

/// The file being checked.
#[derive(Debug, Clone, Copy)]
pub struct FileInfo<'a> {
    /// The path as given or found (forward slashes not guaranteed).
    pub path: &'a str,
    pub source: &'a str,
    pub ast: &'a File,
    /// The module root the file lies in, as discovery found it (its name from its
    /// `metadata.json`, not from its folder's), if any.
    pub module: Option<&'a crate::discover::module::ModuleRoot>,
}

/// The kind of an expression: its [`ExprKind`] variant. A rule that looks at a few kinds of
/// expression asks the [`FileIndex`] for those only ([`FileIndex::of`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
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
const KINDS: usize = 37;
const _: () = assert!(KINDS <= 64, "FileIndex::of keeps a set of kinds in a u64");

impl Kind {
    /// The kind of `e`.
    pub fn of(e: &ExprKind) -> Kind {
        match e {
            ExprKind::Integer(_) => Kind::Integer,
            ExprKind::Float(_) => Kind::Float,
            ExprKind::Boolean(_) => Kind::Boolean,
            ExprKind::Undef => Kind::Undef,
            ExprKind::Default => Kind::Default,
            ExprKind::Regex(_) => Kind::Regex,
            ExprKind::String(_) => Kind::String,
            ExprKind::Variable(_) => Kind::Variable,
            ExprKind::Name(_) => Kind::Name,
            ExprKind::TypeRef(_) => Kind::TypeRef,
            ExprKind::ReservedWord(_) => Kind::ReservedWord,
            ExprKind::Array(_) => Kind::Array,
            ExprKind::Hash(_) => Kind::Hash,
            ExprKind::Access { .. } => Kind::Access,
            ExprKind::Unary { .. } => Kind::Unary,
            ExprKind::Binary { .. } => Kind::Binary,
            ExprKind::Assignment { .. } => Kind::Assignment,
            ExprKind::Relationship { .. } => Kind::Relationship,
            ExprKind::Selector { .. } => Kind::Selector,
            ExprKind::Paren(_) => Kind::Paren,
            ExprKind::Call(_) => Kind::Call,
            ExprKind::MethodCall(_) => Kind::MethodCall,
            ExprKind::If(_) => Kind::If,
            ExprKind::Unless(_) => Kind::Unless,
            ExprKind::Case(_) => Kind::Case,
            ExprKind::Resource(_) => Kind::Resource,
            ExprKind::ResourceDefaults(_) => Kind::ResourceDefaults,
            ExprKind::ResourceOverride(_) => Kind::ResourceOverride,
            ExprKind::Collector(_) => Kind::Collector,
            ExprKind::Class(_) => Kind::Class,
            ExprKind::Define(_) => Kind::Define,
            ExprKind::Node(_) => Kind::Node,
            ExprKind::Function(_) => Kind::Function,
            ExprKind::TypeAlias(_) => Kind::TypeAlias,
            ExprKind::TypeDefinition(_) => Kind::TypeDefinition,
            ExprKind::Plan(_) => Kind::Plan,
            ExprKind::Error => Kind::Error,
        }
    }
}

/// Every expression of a file in pre-order, each with its parent's index; built once per
/// file and shared by all rules, so that a rule need not walk the AST itself. It also keeps
/// what several rules compute from the same file, computed once on first use.
///
/// The rules that read the program's index ([`Rule::needs_program`](super::Rule::needs_program))
/// look only at what the caches keep: for them alone, the expressions are not listed (see
/// [`FileIndex::unlisted`]).
#[derive(Debug, Default)]
pub struct FileIndex<'a> {
    nodes: Vec<IndexedExpr<'a>>,
    /// Whether `nodes` lists the file's expressions (see [`FileIndex::unlisted`]).
    listed: bool,
    /// The positions in `nodes` grouped by kind (in [`Kind`] order), each group in pre-order.
    by_kind: Vec<u32>,
    /// Where each kind's group starts in `by_kind`, and where the last one ends.
    kind_start: Vec<u32>,
    /// The kind of each node (a [`Kind`] as a number).
    kinds: Vec<u8>,
    /// The file's line table (see [`Context::line_index`]).
    pub(crate) line_index: OnceCell<LineIndex>,
    /// See [`Context::literal_spans`].
    pub(crate) literal_spans: OnceCell<Vec<Span>>,
    /// The spans of heredoc texts (`layout::shared::heredoc_spans`).
    pub(crate) heredoc_spans: OnceCell<Vec<Span>>,
    /// The lexical comment scan (`layout::comments::scan`).
    pub(crate) comment_scan: OnceCell<Vec<crate::rules::layout::comments::Found>>,
    /// The groups of `=>` arrows (`layout::arrows::groups_of`).
    pub(crate) arrow_groups: OnceCell<crate::rules::layout::arrows::Groups>,
    /// The scope analysis (`names::support::analyze`), shared by the four rules that report it.
    pub(crate) scope_diags: OnceCell<Vec<crate::infer::scope::ScopeDiag>>,
    /// The fact reads (`lint::facts::reads_of`), shared by P421 and P422.
    pub(crate) fact_reads: OnceCell<Vec<crate::rules::lint::facts::Read>>,
    /// The unbraced interpolations (`lint::facts::unbraced_of`), shared by P421 and P422.
    pub(crate) unbraced_interpolations: OnceCell<Vec<Span>>,
    /// Where the file sits in its module (`discover::module::module_file`).
    pub(crate) module_file: OnceCell<Option<crate::discover::module::ModuleFile>>,
    /// The type inference (`types::support::analysis`), shared by the rules that report it.
    pub(crate) analysis: OnceCell<std::rc::Rc<crate::infer::Analysis>>,
    /// See [`FileIndex::name_bytes`].
    name_bytes: OnceCell<Vec<NameBytes>>,
    /// The file's token stream (`plugins::tokens::of`), shared by the layout rules that read it.
    pub(crate) tokens: OnceCell<Vec<crate::rules::plugins::tokens::Token>>,
}

/// Which kinds of byte a variable's name holds, found in one pass over it: several rules ask
/// about every variable's name ([`FileIndex::name_bytes`]).
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
    /// Index of the parent expression in [`FileIndex::nodes`], `None` for a statement of
    /// the file.
    pub parent: Option<u32>,
}

impl<'a> FileIndex<'a> {
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
        FileIndex {
            nodes,
            listed: true,
            by_kind,
            kind_start,
            kinds,
            ..FileIndex::default()
        }
    }

    /// An index that keeps the caches but does not list the expressions, for the rules that
    /// read the program's index: the type inference and the scope analysis walk the file
    /// themselves. Asking it for expressions is a bug (it panics).
    pub fn unlisted() -> Self {
        FileIndex::default()
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

    /// The positions in [`FileIndex::nodes`] of the expressions of kind `kind`, in pre-order.
    fn positions(&self, kind: Kind) -> &[u32] {
        let k = kind as usize;
        self.assert_listed();
        match self.kind_start.get(k..k + 2) {
            Some(&[start, end]) => &self.by_kind[start as usize..end as usize],
            _ => &[],
        }
    }

    /// The expressions of the given kinds, each with its position in [`FileIndex::nodes`],
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

    /// [`FileIndex::of`] without the positions.
    pub fn exprs_of(&self, kinds: &[Kind]) -> impl Iterator<Item = &'a Expr> + '_ {
        self.of(kinds).map(|(_, e)| e)
    }

    /// [`NameBytes`] of the name of every variable of the file, at the variable's position in
    /// [`FileIndex::nodes`] (the other positions hold nothing), found once per file.
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

/// A rule's view of one file, and the sink for its findings.
pub struct Context<'a> {
    pub file: FileInfo<'a>,
    index: &'a FileIndex<'a>,
    rule: &'static RuleInfo,
    severity: Severity,
    diagnostics: &'a mut Vec<Diagnostic>,
    options: Option<&'a (dyn std::any::Any + Send + Sync)>,
    modulepath: &'a [PathBuf],
    program: &'a Index,
}

impl<'a> Context<'a> {
    pub fn new(
        file: FileInfo<'a>,
        index: &'a FileIndex<'a>,
        rule: &'static RuleInfo,
        severity: Severity,
        diagnostics: &'a mut Vec<Diagnostic>,
    ) -> Self {
        Context {
            file,
            index,
            rule,
            severity,
            diagnostics,
            options: None,
            modulepath: &[],
            program: Index::empty(),
        }
    }

    /// The rule's options for this file (`[rule-options.<rule>]` in `plint.toml`), decoded
    /// into its options struct.
    pub fn with_options(mut self, options: Option<&'a (dyn std::any::Any + Send + Sync)>) -> Self {
        self.options = options;
        self
    }

    /// The configured module path (see [`Context::modulepath`]).
    pub fn with_modulepath(mut self, modulepath: &'a [PathBuf]) -> Self {
        self.modulepath = modulepath;
        self
    }

    /// The program's index (see [`Context::program`]).
    pub fn with_program(mut self, program: &'a Index) -> Self {
        self.program = program;
        self
    }

    /// The index of every definition of the program: the checked files and the modules
    /// around them (see [`crate::defs::index`]). It is built only for rules whose
    /// [`Rule::needs_program`](super::Rule::needs_program) is true; other rules see an empty
    /// index.
    pub fn program(&self) -> &'a Index {
        self.program
    }

    /// Whether the file's world is closed: every module it may call on is known, so a name
    /// nobody defines is undefined (see [`crate::defs::world`]).
    pub fn world_is_closed(&self) -> bool {
        use crate::infer::program::Defs;
        self.program
            .is_closed_for(self.file.module.map(|m| m.name.as_str()))
    }

    /// The absent modules the file may call on (see [`crate::defs::world`]), by name.
    pub fn absent_modules(&self) -> Vec<&'a str> {
        let module = self.file.module.map(|m| m.name.as_str());
        self.program
            .world()
            .absent_for(module)
            .into_iter()
            .map(|d| d.module.full.as_str())
            .collect()
    }

    /// The rule's options, as configured for this file (the defaults of the fields left
    /// out). `T` is the options struct the rule declares (`options: T` in its
    /// [`declare_rule!`](crate::declare_rule)): the rule selection decodes it for every rule
    /// that declares one, so asking for another type is a bug of the rule, and panics.
    pub fn options<T: super::options::RuleOptions>(&self) -> &'a T {
        self.options
            .and_then(|o| o.downcast_ref::<T>())
            .unwrap_or_else(|| {
                panic!(
                    "rule `{}` reads options it does not declare",
                    self.rule.name
                )
            })
    }

    /// The directories that hold modules (`modulepath` in `plint.toml`, `--modulepath`),
    /// absolute: a file under `DIR/<module>/` belongs to module `<module>`. Empty when none
    /// is configured; a rule then infers the module from the file's path.
    pub fn modulepath(&self) -> &'a [PathBuf] {
        self.modulepath
    }

    pub fn source(&self) -> &'a str {
        self.file.source
    }

    pub fn ast(&self) -> &'a File {
        self.file.ast
    }

    /// Every expression of the file in pre-order, with parents (cheaper than walking).
    pub fn index(&self) -> &'a FileIndex<'a> {
        self.index
    }

    /// Every expression of the file, in pre-order.
    pub fn exprs(&self) -> impl Iterator<Item = &'a Expr> + 'a {
        let index: &'a FileIndex<'a> = self.index;
        index.nodes().iter().map(|n| n.expr)
    }

    /// The file's line table, built once per file.
    pub fn line_index(&self) -> &'a LineIndex {
        let index: &'a FileIndex<'a> = self.index;
        index
            .line_index
            .get_or_init(|| LineIndex::new(self.file.source))
    }

    /// The file's lines, each with its start offset and its line break (see
    /// [`LineIndex::lines`]), from the file's line table.
    pub fn lines(&self) -> impl Iterator<Item = (usize, &'a str)> + 'a {
        self.line_index().lines(self.file.source)
    }

    /// The byte range of each of the file's lines, with its line break: [`Context::lines`]
    /// without the texts, from the file's line table (cheaper when most lines are skipped).
    pub fn line_ranges(&self) -> impl Iterator<Item = Range<usize>> + 'a {
        let starts = self.line_index().starts();
        let len = self.file.source.len();
        // Each line but the last ends where the next starts; the last holds text unless the
        // file is empty or ends with a line break.
        let last = starts.last().copied().filter(|&s| s < len).map(|s| s..len);
        starts.windows(2).map(|w| w[0]..w[1]).chain(last)
    }

    /// Where the file sits in a module whose files Puppet autoloads
    /// ([`crate::discover::module::module_file`]), computed once per file.
    pub fn module_file(&self) -> Option<&'a crate::discover::module::ModuleFile> {
        let index: &'a FileIndex<'a> = self.index;
        index
            .module_file
            .get_or_init(|| {
                let mut found = crate::discover::module::module_file(self.file.path)?;
                // The module's name is its metadata's, when the file is in that module's
                // folder (a checkout named `build/` still holds module `ntp`).
                if let Some(root) = self.file.module
                    && std::path::absolute(&root.path)
                        .ok()
                        .and_then(|p| p.file_name().map(|n| n.to_string_lossy() == found.folder))
                        .unwrap_or(false)
                {
                    found.module = root.name.clone();
                }
                Some(found)
            })
            .as_ref()
    }

    /// The spans of text that are data rather than code ([`crate::rules::util::literal_spans`]),
    /// computed once per file.
    pub fn literal_spans(&self) -> &'a [Span] {
        let index: &'a FileIndex<'a> = self.index;
        index.literal_spans.get_or_init(|| {
            super::util::literal_spans_of(
                index.exprs_of(&[Kind::String, Kind::Regex]),
                self.file.source,
            )
        })
    }

    /// The text of a span.
    pub fn text(&self, span: Span) -> &'a str {
        self.file.source.get(span.range()).unwrap_or("")
    }

    /// Reports a finding of this rule at `span`; the returned diagnostic can be given a
    /// label, secondary labels, help and a fix.
    pub fn report(
        &mut self,
        span: impl Into<Range<usize>>,
        message: impl Into<String>,
    ) -> &mut Diagnostic {
        let mut d = Diagnostic::new(
            self.rule.code,
            self.rule.name,
            self.severity,
            span.into(),
            message,
        );
        d.puppet_lint = self.rule.puppet_lint;
        self.diagnostics.push(d);
        self.diagnostics.last_mut().expect("just pushed")
    }
}

/// Builder-style helpers on a reported diagnostic.
pub trait DiagnosticExt {
    fn label(&mut self, label: impl Into<String>) -> &mut Self;
    fn secondary(&mut self, span: impl Into<Range<usize>>, label: impl Into<String>) -> &mut Self;
    fn help(&mut self, help: impl Into<String>) -> &mut Self;
    fn fix(&mut self, fix: Fix) -> &mut Self;
}

impl DiagnosticExt for Diagnostic {
    fn label(&mut self, label: impl Into<String>) -> &mut Self {
        self.label = label.into();
        self
    }

    fn secondary(&mut self, span: impl Into<Range<usize>>, label: impl Into<String>) -> &mut Self {
        self.labels.push(crate::report::Label {
            span: span.into(),
            message: label.into(),
        });
        self
    }

    fn help(&mut self, help: impl Into<String>) -> &mut Self {
        self.help = Some(help.into());
        self
    }

    fn fix(&mut self, fix: Fix) -> &mut Self {
        self.fix = Some(fix);
        self
    }
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
fn for_each_fixture_index(f: &mut dyn FnMut(&FileIndex<'_>)) {
    for_each_fixture(&mut |file| f(&FileIndex::build(file.ast)));
}

/// Calls `f` with every rule fixture (`tests/fixtures/*/*.pp`), parsed.
#[cfg(test)]
fn for_each_fixture(f: &mut dyn FnMut(FileInfo<'_>)) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
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
        let all = [
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
        ];
        assert_eq!(all.len(), KINDS);
        let mut more: Vec<&[Kind]> = all.windows(2).collect();
        // Kinds named twice (one of them alone in a file too); many kinds; all of them.
        more.push(&[Variable, String, Variable]);
        more.push(&[Class, Class, Plan]);
        more.push(&all[..9]);
        more.push(&all[20..]);
        more.push(&all);
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
        for name in &crate::rules::util::names_up_to(&alphabet, 4) {
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
        let index = FileIndex::unlisted();
        let _ = index.exprs_of(&[Kind::Variable]).count();
    }

    /// The rules that read the program find the same things when the file's expressions are
    /// not listed for them (they walk the AST themselves).
    #[test]
    fn program_rules_need_no_expression_list() {
        use crate::rules::registry::{self, Part, Selection};
        let selection = Selection::defaults();
        let program = crate::defs::Index::empty();
        for_each_fixture(&mut |info| {
            let mut all = registry::run(info, &selection, program, Part::All);
            let mut parts = registry::run(info, &selection, program, Part::Local);
            parts.extend(registry::run(info, &selection, program, Part::Program));
            let key = |d: &Diagnostic| (d.span.start, d.code, d.message.clone());
            all.sort_by_key(key);
            parts.sort_by_key(key);
            assert_eq!(all, parts, "{}", info.path);
        });
    }

    /// `line_ranges` gives the lines `lines` gives, as ranges.
    #[test]
    fn line_ranges_are_the_lines() {
        for text in ["", "a", "\n", "a\n", "a\nb", "\n\n", "é\r\nx", "a\n\nb\n"] {
            let parsed = crate::syntax::parse(text);
            let file = FileInfo {
                path: "x.pp",
                source: text,
                ast: &parsed.ast,
                module: None,
            };
            let index = FileIndex::build(&parsed.ast);
            let mut diagnostics = Vec::new();
            let info = crate::rules::lint::RULES[0].info();
            let cx = Context::new(file, &index, info, Severity::Warning, &mut diagnostics);
            let ranges: Vec<Range<usize>> = cx.line_ranges().collect();
            let lines: Vec<Range<usize>> = cx.lines().map(|(s, l)| s..s + l.len()).collect();
            assert_eq!(ranges, lines, "{text:?}");
        }
    }

    #[test]
    fn options_and_modulepath_reach_the_rule() {
        crate::rule_options! {
            /// Options of several types.
            struct Sample {
                /// An integer.
                max_length: usize = 80,
                /// A boolean.
                all_blocks: bool = false,
            }
        }
        let parsed = crate::syntax::parse("notice(1)\n");
        let file = FileInfo {
            path: "x.pp",
            source: "notice(1)\n",
            ast: &parsed.ast,
            module: None,
        };
        let index = FileIndex::build(&parsed.ast);
        let table: toml::Table = toml::from_str("max-length = 120\nall-blocks = true\n").unwrap();
        let options = crate::rules::options::OptionsSchema::of::<Sample>()
            .decode(&table)
            .unwrap();
        let modulepath = [PathBuf::from("/srv/modules")];
        let info = crate::rules::lint::RULES[0].info();
        let mut diagnostics = Vec::new();
        let cx = Context::new(file, &index, info, Severity::Warning, &mut diagnostics)
            .with_options(Some(&*options))
            .with_modulepath(&modulepath);
        assert_eq!(cx.options::<Sample>().max_length, 120);
        assert!(cx.options::<Sample>().all_blocks);
        assert_eq!(cx.modulepath(), modulepath);

        let mut diagnostics = Vec::new();
        let cx = Context::new(file, &index, info, Severity::Warning, &mut diagnostics);
        assert!(cx.modulepath().is_empty());
    }
}
