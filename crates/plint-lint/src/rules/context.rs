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

use std::ops::Range;
use std::path::PathBuf;

use super::RuleInfo;
use super::cache::FileCache;
pub(crate) use super::expressions::Expressions;
use crate::defs::Index;
use crate::report::{Diagnostic, Fix, LineIndex, Severity};
use crate::syntax::ast::{Expr, File, Span};

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

/// A rule's view of one file, and the sink for its findings.
pub struct Context<'a> {
    pub file: FileInfo<'a>,
    index: &'a Expressions<'a>,
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
        index: &'a Expressions<'a>,
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
    pub fn index(&self) -> &'a Expressions<'a> {
        self.index
    }

    /// Every expression of the file, in pre-order.
    pub fn exprs(&self) -> impl Iterator<Item = &'a Expr> + 'a {
        let index: &'a Expressions<'a> = self.index;
        index.nodes().iter().map(|n| n.expr)
    }

    /// The file's line table, built once per file.
    pub fn line_index(&self) -> &'a LineIndex {
        let index: &'a Expressions<'a> = self.index;
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
        let index: &'a Expressions<'a> = self.index;
        index
            .module_file
            .get_or_init(|| {
                let known = self.file.module.map(|root| root.path.as_path());
                let mut found = crate::discover::module::module_file_in(self.file.path, known)?;
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

    /// The spans of text that are data rather than code ([`crate::rules::queries::literal_spans`]),
    /// computed once per file.
    pub fn literal_spans(&self) -> &'a [Span] {
        &self.cache::<super::queries::LiteralSpans>().0
    }

    /// The value of type `T` for this file ([`FileCache`]): computed by the first rule that
    /// asks for it, shared by the others.
    pub fn cache<T: FileCache>(&self) -> &'a T {
        let index: &'a Expressions<'a> = self.index;
        index.caches.get_or_compute::<T>(self)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The rules that read the program find the same things when the file's expressions are
    /// not listed for them (they walk the AST themselves).
    #[test]
    fn program_rules_need_no_expression_list() {
        use crate::rules::registry::{self, Part, Selection};
        let selection = Selection::defaults();
        let program = crate::defs::Index::empty();
        crate::rules::expressions::for_each_fixture(&mut |info| {
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
            let index = Expressions::build(&parsed.ast);
            let mut diagnostics = Vec::new();
            let info = crate::rules::style::puppet_lint::RULES[0].info();
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
        let index = Expressions::build(&parsed.ast);
        let table: toml::Table = toml::from_str("max-length = 120\nall-blocks = true\n").unwrap();
        let options = crate::rules::options::OptionsSchema::of::<Sample>()
            .decode(&table)
            .unwrap();
        let modulepath = [PathBuf::from("/srv/modules")];
        let info = crate::rules::style::puppet_lint::RULES[0].info();
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
