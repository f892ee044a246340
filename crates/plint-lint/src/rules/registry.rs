//! Every rule (the families' `rule_family!` lists, gathered), the selection of those that
//! run, and running them over a file.

use std::path::PathBuf;
use std::sync::{Arc, LazyLock};

use super::options::Decoded;
use super::{Check, Context, FileInfo, Rule, RuleInfo, RuleKind};
use crate::defs::Index;
use crate::report::{Diagnostic, LineIndex, Severity};

/// Every rule, in code order: the families' lists (`types::names`, `types`, `catalog`,
/// `validation`, `style::puppet_lint`, `style::layout`, `style::plugins`, `module`).
pub static RULES: LazyLock<Vec<&'static dyn Rule>> = LazyLock::new(|| {
    let mut all: Vec<&'static dyn Rule> = [
        super::types::names::RULES,
        super::types::RULES,
        super::catalog::RULES,
        super::validation::RULES,
        super::style::puppet_lint::RULES,
        super::style::layout::RULES,
        super::style::plugins::RULES,
        super::module::RULES,
    ]
    .concat();
    all.sort_by_key(|r| r.info().code);
    all
});

/// Which rules run, at which severity, with which options.
#[derive(Debug, Clone)]
pub struct Selection {
    active: Vec<Active>,
    modulepath: Arc<[PathBuf]>,
    /// Keep the findings that control comments suppress, marked ignored (`--show-ignored`).
    show_ignored: bool,
}

#[derive(Debug, Clone)]
struct Active {
    rule: &'static dyn Rule,
    severity: Severity,
    /// The rule's options struct, decoded (see [`super::options`]); `None` if it takes none.
    options: Option<Decoded>,
    /// The rule's per-file check; `None` for a catalog rule (it finds nothing in one file).
    check: Option<&'static dyn Check>,
    /// The rule's [`Rule::needs_program`], asked once.
    needs_program: bool,
}

impl std::fmt::Debug for dyn Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.info().code)
    }
}

impl std::fmt::Debug for dyn Check {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Check")
    }
}

impl Selection {
    /// The rules enabled by default, at their default severities.
    pub fn defaults() -> Self {
        Self::from_fn(|info| info.default_enabled.then_some(info.severity))
    }

    /// Every rule, at its default severity.
    pub fn all() -> Self {
        Self::from_fn(|info| Some(info.severity))
    }

    /// `decide` returns the severity a rule runs at, or `None` to leave it off.
    pub fn from_fn(decide: impl Fn(&RuleInfo) -> Option<Severity>) -> Self {
        Selection {
            active: RULES
                .iter()
                .filter_map(|r| {
                    decide(r.info()).map(|severity| Active {
                        rule: *r,
                        severity,
                        options: r.info().options.map(|schema| {
                            schema
                                .decode(&toml::Table::new())
                                .expect("a rule's default options decode")
                        }),
                        check: match r.kind() {
                            RuleKind::File(check) => Some(check),
                            RuleKind::Catalog(_) | RuleKind::ModuleFile(_) => None,
                        },
                        needs_program: r.needs_program(),
                    })
                })
                .collect(),
            modulepath: Arc::from(Vec::new()),
            show_ignored: false,
        }
    }

    /// Gives the rule `code` these options (`[rule-options.<rule>]`, see
    /// [`Context::options`]), decoded once here; no effect if the rule is not selected. `Err`
    /// with the decoder's message if the rule takes no options or a value does not fit.
    pub fn with_options(mut self, code: &str, options: &toml::Table) -> Result<Self, String> {
        for a in &mut self.active {
            if a.rule.info().code == code {
                match a.rule.info().options {
                    Some(schema) => a.options = Some(schema.decode(options)?),
                    None if options.is_empty() => {}
                    None => return Err(format!("rule `{}` has no options", a.rule.info().name)),
                }
            }
        }
        Ok(self)
    }

    /// The directories that hold modules, for rules that need a file's module.
    pub fn with_modulepath(mut self, modulepath: Arc<[PathBuf]>) -> Self {
        self.modulepath = modulepath;
        self
    }

    /// Keeps the findings that control comments suppress, marked ignored (`--show-ignored`).
    pub fn with_show_ignored(mut self, show: bool) -> Self {
        self.show_ignored = show;
        self
    }

    /// Whether suppressed findings are kept, marked ignored.
    pub fn shows_ignored(&self) -> bool {
        self.show_ignored
    }

    pub fn is_empty(&self) -> bool {
        self.active.is_empty()
    }

    pub fn rules(&self) -> impl Iterator<Item = &'static dyn Rule> + '_ {
        self.active.iter().map(|a| a.rule)
    }

    /// The severity the rule `code` runs at, `None` if it does not run.
    pub fn severity(&self, code: &str) -> Option<Severity> {
        self.active
            .iter()
            .find(|a| a.rule.info().code == code)
            .map(|a| a.severity)
    }

    /// The configured module path (see [`Context::modulepath`](super::Context::modulepath)).
    pub fn modulepath(&self) -> &[PathBuf] {
        &self.modulepath
    }

    /// Whether a selected rule of manifests reads the program's index.
    pub fn needs_program(&self) -> bool {
        self.active
            .iter()
            .any(|a| a.needs_program && a.check.is_some())
    }

    /// Whether a selected rule of a module's other files (templates, Hiera data) reads the
    /// program's index.
    pub fn other_files_need_program(&self) -> bool {
        self.active
            .iter()
            .any(|a| a.needs_program && matches!(a.rule.kind(), RuleKind::ModuleFile(_)))
    }
}

/// Which of the selected rules to run over a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// Every selected rule.
    All,
    /// The rules that do not read the program's index: they can run as soon as the file is
    /// parsed, before the index is built.
    Local,
    /// The rules that read the program's index.
    Program,
}

impl Part {
    fn includes(self, rule: &Active) -> bool {
        match self {
            Part::All => true,
            Part::Local => !rule.needs_program,
            Part::Program => rule.needs_program,
        }
    }
}

/// Runs the selected rules over one parsed file, with an empty program index.
pub fn check(file: FileInfo<'_>, selection: &Selection) -> Vec<Diagnostic> {
    check_with(file, selection, Index::empty())
}

/// Runs the selected rules over one parsed file of `program`, then applies the file's
/// suppressions.
pub fn check_with(file: FileInfo<'_>, selection: &Selection, program: &Index) -> Vec<Diagnostic> {
    let mut diagnostics = run(file, selection, program, Part::All);
    suppress(file, selection, &mut diagnostics);
    diagnostics
}

/// The findings of one part of the selected rules over one parsed file of `program`, in rule
/// order, before suppressions (see [`suppress`]).
pub fn run(
    file: FileInfo<'_>,
    selection: &Selection,
    program: &Index,
    part: Part,
) -> Vec<Diagnostic> {
    run_keeping_lines(file, selection, program, part, None).0
}

/// Where a file sits in its module ([`Context::module_file`](super::Context::module_file)):
/// `None` if it is no module file. [`run_keeping_lines`] gives it when a rule looked it up.
pub type ModuleFileFound = Option<crate::discover::module::ModuleFile>;

/// [`run`], with the file's line table when a rule made one
/// ([`Context::line_index`](super::Context::line_index)): the report then need not make it again;
/// and with the file's place in its module when a rule looked it up (the index needs it too).
/// `known` is that place when an earlier pass over the same file found it.
pub fn run_keeping_lines(
    file: FileInfo<'_>,
    selection: &Selection,
    program: &Index,
    part: Part,
    known: Option<ModuleFileFound>,
) -> (Vec<Diagnostic>, Option<LineIndex>, Option<ModuleFileFound>) {
    let mut diagnostics = Vec::new();
    let mut active = selection
        .active
        .iter()
        .filter(|a| part.includes(a))
        .filter_map(|a| Some((a, a.check?)))
        .peekable();
    if active.peek().is_none() {
        return (diagnostics, None, None);
    }
    // The rules that read the program's index do not read the file's expression list.
    let mut index = if part == Part::Program {
        super::context::Expressions::unlisted()
    } else {
        super::context::Expressions::build(file.ast)
    };
    if let Some(known) = known {
        let _ = index.module_file.set(known);
    }
    for (a, check) in active {
        let mut cx = Context::new(file, &index, a.rule.info(), a.severity, &mut diagnostics)
            .with_options(a.options.as_deref())
            .with_modulepath(&selection.modulepath)
            .with_program(program);
        check.check(&mut cx);
    }
    (
        diagnostics,
        index.line_index.take(),
        index.module_file.take(),
    )
}

/// Applies the file's suppressions (`# plint:allow`, `# lint:ignore`) to the findings of
/// every selected rule over it, and adds the findings about the suppressions themselves.
pub fn suppress(file: FileInfo<'_>, selection: &Selection, diagnostics: &mut Vec<Diagnostic>) {
    super::suppress::Suppressions::parse(file.source, file.ast).apply(
        file.source,
        diagnostics,
        selection,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn codes_and_names_are_unique_and_well_formed() {
        let mut codes = HashSet::new();
        let mut names = HashSet::new();
        for r in RULES.iter() {
            let i = r.info();
            assert!(codes.insert(i.code), "duplicate code {}", i.code);
            assert!(names.insert(i.name), "duplicate name {}", i.name);
            assert!(
                i.code.len() == 4
                    && i.code.starts_with('P')
                    && i.code[1..].chars().all(|c| c.is_ascii_digit()),
                "bad code {}",
                i.code
            );
            let family = match i.category {
                super::super::Category::Types => '1',
                super::super::Category::Catalog => '2',
                super::super::Category::Validation => '3',
                super::super::Category::Style => '4',
                super::super::Category::Module => '5',
            };
            assert_eq!(
                i.code.as_bytes()[1] as char,
                family,
                "{} is not in its family",
                i.code
            );
            assert!(
                i.name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                "{} is not kebab-case",
                i.name
            );
        }
    }

    #[test]
    fn options_sections_are_made_from_the_options_structs() {
        for r in RULES.iter() {
            let i = r.info();
            assert!(
                super::super::docs::section(i.docs, "Options").is_none(),
                "{}: its `## Options` section is made from its options struct",
                i.code
            );
            let documented = super::super::docs::section(&i.documentation(), "Options").map(|s| {
                s.lines()
                    .filter(|l| l.trim_start().starts_with("- `"))
                    .count()
            });
            assert_eq!(documented, i.options.map(|o| o.fields.len()), "{}", i.code);
        }
        let options = Selection::all()
            .with_options("P439", &toml::from_str("max-length = 100").unwrap())
            .unwrap();
        assert!(
            options
                .with_options("P439", &toml::from_str("max = 1").unwrap())
                .is_err()
        );
        assert!(
            Selection::all()
                .with_options("P401", &toml::from_str("max = 1").unwrap())
                .is_err()
        );
    }
}
