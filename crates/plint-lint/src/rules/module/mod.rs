//! Checks of a module's files besides its manifests (P5xx): templates, `metadata.json`, Hiera's
//! configuration and data, Bolt tasks' metadata.
//!
//! Discovery lists these files apart from the manifests
//! ([`crate::discover::Discovered::other_files`]); each is read through the sandbox and checked
//! by the selected rules of this family whose [`ModuleFileCheck::kinds`] include its kind. A
//! rule reports through a [`FileContext`], which parses the file at most once for all rules
//! (an ERB template with Prism, an EPP template with Puppet's grammar) and gives the
//! program's index to the rules that read it (such as which classes render a template).
//!
//! [`declare_rule!`](crate::declare_rule) declares these rules with `category: Module`; one
//! rule per file, registered by one line in the family's `rule_family!` list.

use std::cell::OnceCell;
use std::ops::Range;
use std::path::Path;

use crate::defs::Index;
use crate::discover::FileKind;
use crate::eval::epp::{self, EppError, EppTemplate};
use crate::report::{Diagnostic, Severity};
use crate::ruby::{self, erb};
use crate::rules::registry::Selection;
use crate::rules::{Rule, RuleKind};

/// The check of a rule of this family.
pub trait ModuleFileCheck: Send + Sync {
    /// The kinds of file it checks.
    fn kinds(&self) -> &'static [FileKind];
    /// Checks one file.
    fn check(&self, cx: &mut FileContext<'_>);
    /// Whether it reads the program's index (which is then built).
    fn needs_program(&self) -> bool {
        false
    }
}

pub mod metadata;

crate::rule_family! {
    template_syntax_error::TemplateSyntaxError,
    undefined_template_variable::UndefinedTemplateVariable,
    metadata_syntax_error::MetadataSyntaxError,
    missing_metadata_field::MissingMetadataField,
    invalid_metadata::InvalidMetadata,
    open_ended_dependency::OpenEndedDependency,
    hiera_syntax_error::HieraSyntaxError,
    invalid_hiera_config::InvalidHieraConfig,
    ignored_hiera_config::IgnoredHieraConfig,
    unknown_hiera_key::UnknownHieraKey,
    invalid_task_metadata::InvalidTaskMetadata,
}

/// This family's rules with their checks.
fn module_rules() -> impl Iterator<Item = (&'static dyn Rule, &'static dyn ModuleFileCheck)> {
    RULES.iter().filter_map(|r| match r.kind() {
        RuleKind::ModuleFile(c) => Some((*r, c)),
        _ => None,
    })
}

/// What a rule of this family sees of one file, and where it reports.
pub struct FileContext<'a> {
    /// The path as walked.
    pub path: &'a Path,
    pub text: &'a str,
    pub kind: FileKind,
    /// The program's index (empty when no selected rule reads it).
    pub program: &'a Index,
    /// The run's sandbox, to list the files beside this one (`None` in tests of one text).
    pub sandbox: Option<&'a crate::sandbox::Sandbox>,
    erb: OnceCell<Result<erb::Compiled, Vec<ruby::SyntaxError>>>,
    epp: OnceCell<Result<EppTemplate, EppError>>,
    metadata: OnceCell<Result<serde_json::Map<String, serde_json::Value>, metadata::JsonError>>,
    current: Option<(&'static dyn Rule, Severity)>,
    diagnostics: Vec<Diagnostic>,
}

impl<'a> FileContext<'a> {
    pub fn new(path: &'a Path, text: &'a str, kind: FileKind, program: &'a Index) -> Self {
        FileContext {
            path,
            text,
            kind,
            program,
            sandbox: None,
            erb: OnceCell::new(),
            epp: OnceCell::new(),
            metadata: OnceCell::new(),
            current: None,
            diagnostics: Vec::new(),
        }
    }

    /// The ERB template compiled to Ruby (once), or its syntax errors.
    pub fn erb(&self) -> &Result<erb::Compiled, Vec<ruby::SyntaxError>> {
        self.erb.get_or_init(|| {
            let label = self.path.to_string_lossy();
            erb::compile_mapped(&label, self.text)
        })
    }

    /// The EPP template parsed (once), or its syntax error.
    pub fn epp(&self) -> &Result<EppTemplate, EppError> {
        self.epp.get_or_init(|| epp::parse(self.text))
    }

    /// The `metadata.json` parsed (once): its top-level object, or why it is not one.
    pub fn metadata(
        &self,
    ) -> &Result<serde_json::Map<String, serde_json::Value>, metadata::JsonError> {
        self.metadata.get_or_init(|| metadata::parse(self.text))
    }

    /// A diagnostic of the rule being run, at its configured severity; push it with
    /// [`FileContext::report`].
    pub fn diagnostic(&self, span: Range<usize>, message: impl Into<String>) -> Diagnostic {
        let (rule, severity) = self
            .current
            .expect("a diagnostic is made while a rule runs");
        let info = rule.info();
        let mut d = Diagnostic::new(info.code, info.name, severity, span, message);
        d.puppet_lint = info.puppet_lint;
        d
    }

    pub fn report(&mut self, d: Diagnostic) {
        self.diagnostics.push(d);
    }
}

/// The span of the character at `at` in `text` (empty at the end): where a syntax error points.
pub(crate) fn char_at(text: &str, at: usize) -> Range<usize> {
    let at = at.min(text.len());
    at..text
        .get(at..)
        .and_then(|r| r.chars().next())
        .map_or(at, |c| at + c.len_utf8())
}

/// Runs the selected rules of this family over one file of `kind`, in code order; `sandbox`
/// is the run's (the rules that look at the files beside this one list them through it).
pub fn check(
    path: &Path,
    text: &str,
    kind: FileKind,
    selection: &Selection,
    program: &Index,
    sandbox: Option<&crate::sandbox::Sandbox>,
) -> Vec<Diagnostic> {
    let mut cx = FileContext::new(path, text, kind, program);
    cx.sandbox = sandbox;
    for (rule, check) in module_rules() {
        let Some(severity) = selection.severity(rule.info().code) else {
            continue;
        };
        if !check.kinds().contains(&kind) {
            continue;
        }
        cx.current = Some((rule, severity));
        check.check(&mut cx);
    }
    cx.diagnostics
}

/// Checks the files of a rule's documentation example: its text is files, each starting with a
/// line `# file: PATH` (a manifest when `PATH` ends in `.pp`). The manifests make the program;
/// the other files are checked with `selection`. For the test of every rule's examples.
pub fn check_example(text: &str, selection: &Selection) -> Vec<Diagnostic> {
    let mut files: Vec<(String, String)> = Vec::new();
    for line in text.split_inclusive('\n') {
        match line.strip_prefix("# file: ") {
            Some(path) => files.push((path.trim().to_string(), String::new())),
            None => match files.last_mut() {
                Some((_, body)) => body.push_str(line),
                None => files.push(("example.erb".into(), line.to_string())),
            },
        }
    }
    let parsed: Vec<(std::path::PathBuf, &str, crate::syntax::Parsed)> = files
        .iter()
        .filter(|(p, _)| p.ends_with(".pp"))
        .map(|(p, t)| {
            (
                std::path::PathBuf::from(p),
                t.as_str(),
                crate::syntax::parse(t),
            )
        })
        .collect();
    let manifests: Vec<crate::defs::index::Manifest<'_>> = parsed
        .iter()
        .map(|(path, source, p)| crate::defs::index::Manifest {
            path,
            source,
            ast: &p.ast,
        })
        .collect();
    let roots: Vec<crate::discover::module::ModuleRoot> = files
        .iter()
        .filter_map(|(p, _)| {
            let (root, _) = p.split_once("/templates/")?;
            let name = root.rsplit('/').next()?.to_string();
            Some(crate::discover::module::ModuleRoot {
                name,
                path: root.into(),
            })
        })
        .collect();
    let program = Index::build(&manifests, &[]).with_modules(roots);
    files
        .iter()
        .filter_map(|(p, t)| {
            // Not on disk: a data file is known by its `data` folder.
            let kind = if p.contains("/data/") && !p.ends_with(".pp") {
                FileKind::HieraData
            } else {
                FileKind::of_explicit(Path::new(p))?
            };
            Some(check(Path::new(p), t, kind, selection, &program, None))
        })
        .flatten()
        .collect()
}
