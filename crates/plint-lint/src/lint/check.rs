//! Checking files: read each one, parse it, run the rules, collect its findings.
//!
//! Rules run only on files that parse: a file with a syntax error (`P001`) or nesting too deep
//! (`P004`) gets only those findings, as Puppet would not compile it and rules on a partial
//! tree would report nonsense. With `--fix` or `--diff`, the safe fixes are applied (see
//! [`crate::lint::fix`]).
//!
//! Bad input never stops the run and never panics:
//! - a file that cannot be read gets a `P002` (`unreadable-file`) error;
//! - a file with a NUL byte is binary, not a manifest: `P002` error, not parsed;
//! - a file that is not valid UTF-8 is decoded lossily (each bad sequence becomes U+FFFD)
//!   and checked, with a `P003` (`invalid-utf8`) warning at the first bad byte;
//! - an empty file is an empty manifest;
//! - a panic while checking a file (a bug in plint) becomes a `P000` (`internal-error`)
//!   error on that file; the other files are checked as usual.

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::panic::{catch, internal_error};
use crate::config::Profile;
use crate::defs::Index;
use crate::defs::index::{FileDefs, Manifest, Modules};
use crate::discover::FileKind;
use crate::discover::module::{ModuleMap, ModuleRoot};
use crate::report::codes::{
    INVALID_UTF8, NESTING_TOO_DEEP, REFUSED_FILE, SYNTAX_ERROR, UNREADABLE_FILE,
};
use crate::report::{Diagnostic, FileReport, LineIndex, display_path};
use crate::rules::FileInfo;
use crate::rules::registry::{self, ModuleFileFound, Part, Selection};
use crate::sandbox::Sandbox;
use crate::syntax::Parsed;

/// One file, read.
#[derive(Debug)]
pub struct Source {
    /// The path as walked.
    pub path: PathBuf,
    /// The path as shown (see [`display_path`]).
    pub display: String,
    /// The text to check (lossily decoded if need be). `None` if the file could not be read
    /// or is binary: it is then not parsed.
    pub text: Option<String>,
    /// Findings made while reading (`P002`, `P003`).
    pub diagnostics: Vec<Diagnostic>,
    /// Size of the file in bytes (0 if unreadable).
    pub bytes: usize,
    /// The module root the file lies in, as discovery found it.
    pub module: Option<ModuleRoot>,
}

/// Reads one file (through the sandbox) and classifies its bytes. Never fails: problems
/// become findings.
pub fn read_source(path: &Path, cwd: &Path, sandbox: &Sandbox) -> Source {
    let display = display_path(path, cwd);
    match sandbox.read(path) {
        Ok(bytes) => decode(path.to_path_buf(), display, bytes),
        Err(e) => Source {
            path: path.to_path_buf(),
            display,
            text: None,
            diagnostics: vec![if e.is_refusal() {
                REFUSED_FILE
                    .diagnostic(0..0, format!("not read: {e}"))
                    .with_help(
                        "plint reads only regular files inside the repository and the module \
                         path, within the size limit (see the README's Security section)",
                    )
            } else {
                UNREADABLE_FILE
                    .diagnostic(0..0, format!("cannot read this file: {e}"))
                    .with_help("fix the file's permissions, or remove it")
            }],
            bytes: 0,
            module: None,
        },
    }
}

/// Classifies the bytes of a file (see the module documentation).
pub fn decode(path: PathBuf, display: String, bytes: Vec<u8>) -> Source {
    let len = bytes.len();
    let unreadable = |message: String, help: &str| Source {
        path: path.clone(),
        display: display.clone(),
        text: None,
        diagnostics: vec![
            UNREADABLE_FILE
                .diagnostic(0..0, message)
                .with_help(help.to_string()),
        ],
        bytes: len,
        module: None,
    };
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return unreadable(
            "this file is encoded as UTF-16, not UTF-8; not checked".into(),
            "re-encode the file as UTF-8",
        );
    }
    if let Some(at) = memchr::memchr(0, &bytes) {
        return unreadable(
            format!("binary file (NUL byte at byte offset {at}); not checked"),
            "a manifest is text: remove or rename this file if it is not a manifest",
        );
    }
    let (text, diagnostics) = match String::from_utf8(bytes) {
        Ok(text) => (text, Vec::new()),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
            // Up to `at` the lossy text is the file's bytes; then comes U+FFFD (3 bytes).
            let d = INVALID_UTF8
                .diagnostic(
                    at..at + '\u{FFFD}'.len_utf8(),
                    format!(
                        "invalid UTF-8 at byte offset {at}; invalid bytes were replaced by \
                         U+FFFD before checking"
                    ),
                )
                .with_label("not UTF-8")
                .with_help("re-encode the file as UTF-8");
            (text, vec![d])
        }
    };
    Source {
        path,
        display,
        text: Some(text),
        diagnostics,
        bytes: len,
        module: None,
    }
}

impl Source {
    /// Records the module root the file lies in. A file under the module's `files/` or
    /// `templates/` folder is no manifest Puppet reads: that it is binary or unreadable is a
    /// note (see [`not_read_by_puppet`]).
    pub fn set_module(&mut self, module: Option<ModuleRoot>) {
        if let Some(root) = &module
            && let Ok(rest) = self.path.strip_prefix(&root.path)
            && rest
                .components()
                .next()
                .is_some_and(|c| c.as_os_str() == "files" || c.as_os_str() == "templates")
        {
            not_read_by_puppet(&mut self.diagnostics);
        }
        self.module = module;
    }
}

/// Turns the `P002` finding of a file Puppet reads only when a manifest names it (a
/// template, a module's file) into a note: Puppet never reads a file nothing names, and one a
/// manifest renders is an error at the call (`P123`).
pub fn not_read_by_puppet(diagnostics: &mut [Diagnostic]) {
    for d in diagnostics
        .iter_mut()
        .filter(|d| d.code == UNREADABLE_FILE.code)
    {
        d.severity = crate::report::Severity::Info;
        d.help = Some(
            "Puppet reads this file only when a manifest names it; `template()` or `epp()` of \
             it is reported at the call (P123)"
                .to_string(),
        );
    }
}

/// Reads all files in parallel (on the current rayon pool), keeping their order.
pub fn read_all(paths: &[PathBuf], cwd: &Path, sandbox: &Sandbox) -> Vec<Source> {
    paths
        .par_iter()
        .map(|p| read_source(p, cwd, sandbox))
        .collect()
}

/// Parses and lowers one file, turning a panic into a `P000` finding.
/// Returns `None` when the file has no findings.
pub fn check_source(source: Source) -> Option<FileReport> {
    check_source_with(source, |text| crate::syntax::parse(text).diagnostics)
}

/// [`check_source`] with the checking step given: `check` returns the findings about a text.
pub fn check_source_with(
    source: Source,
    check: impl Fn(&str) -> Vec<Diagnostic>,
) -> Option<FileReport> {
    let Source {
        display,
        text,
        mut diagnostics,
        ..
    } = source;
    let text = text.unwrap_or_default();
    if !diagnostics.iter().any(|d| d.code == UNREADABLE_FILE.code) {
        match catch(|| check(&text)) {
            Ok(found) => diagnostics.extend(found),
            Err(payload) => diagnostics.push(internal_error(payload)),
        }
    }
    if diagnostics.is_empty() {
        None
    } else {
        Some(FileReport::new(display, text, diagnostics))
    }
}

/// Checks all sources in parallel (on the current rayon pool), keeping their order.
pub fn check_all(sources: Vec<Source>) -> Vec<FileReport> {
    sources.into_par_iter().filter_map(check_source).collect()
}

/// The findings about a text: its syntax errors, then (if it has none) the findings of the
/// profile's rules, with the profile's levels applied to plint's own configurable codes.
pub fn lint(path: &str, text: &str, profile: &Profile) -> Vec<Diagnostic> {
    lint_parsed(
        path,
        text,
        crate::syntax::parse(text),
        None,
        profile,
        Index::empty(),
    )
}

/// [`lint`] of a text already parsed, in its module (as discovery found it) and program.
fn lint_parsed(
    path: &str,
    text: &str,
    parsed: Parsed,
    module: Option<&ModuleRoot>,
    profile: &Profile,
    program: &Index,
) -> Vec<Diagnostic> {
    lint_parsed_with(path, text, parsed, None, module, profile, program).0
}

/// [`lint_parsed`], given the findings of the rules that do not read the program when they
/// have already run (see [`first_pass_all`]), with the file's place in its module when they
/// found it: then only the others run. With the file's line table when a rule made one.
fn lint_parsed_with(
    path: &str,
    text: &str,
    parsed: Parsed,
    local: Option<(Vec<Diagnostic>, Option<ModuleFileFound>)>,
    module: Option<&ModuleRoot>,
    profile: &Profile,
    program: &Index,
) -> (Vec<Diagnostic>, Option<LineIndex>, crate::syntax::ast::File) {
    let Parsed { ast, diagnostics } = parsed;
    let mut diagnostics = diagnostics;
    let mut lines = None;
    if parses(&diagnostics) {
        let file = FileInfo {
            path,
            source: text,
            ast: &ast,
            module,
        };
        let (part, local, known) = match local {
            Some((local, known)) => (Part::Program, Some(local), known),
            None => (Part::All, None, None),
        };
        let (mut found, made, _) =
            registry::run_keeping_lines(file, &profile.selection, program, part, known);
        lines = made;
        if let Some(local) = local {
            found.extend(local);
        }
        registry::suppress(file, &profile.selection, &mut found);
        diagnostics.extend(found);
    }
    profile.adjust(&mut diagnostics);
    (diagnostics, lines, ast)
}

/// Whether a file's parse findings let the rules run: no syntax error (`P001`), no nesting
/// too deep (`P004`).
fn parses(diagnostics: &[Diagnostic]) -> bool {
    !diagnostics
        .iter()
        .any(|d| d.code == SYNTAX_ERROR.code || d.code == NESTING_TOO_DEEP.code)
}

/// A file's parse: `None` when it was not parsed (unreadable), `Err` with a `P000` finding
/// when parsing panicked.
pub type ParseResult = Option<Result<Parsed, Box<Diagnostic>>>;

/// Parses every readable source, in parallel (on the current rayon pool), keeping their order.
pub fn parse_all(sources: &[Source]) -> Vec<ParseResult> {
    sources
        .par_iter()
        .map(|s| {
            let text = s.text.as_deref()?;
            Some(catch(|| crate::syntax::parse(text)).map_err(|p| Box::new(internal_error(p))))
        })
        .collect()
}

/// The index of the program: the parsed sources and the modules at `roots` (see
/// [`Index::load`]).
pub fn build_index(
    sources: &[Source],
    parsed: &[ParseResult],
    roots: &[ModuleRoot],
    sandbox: &Sandbox,
) -> Index {
    let manifests: Vec<Manifest<'_>> = sources
        .iter()
        .zip(parsed)
        .filter_map(|(s, p)| {
            let Some(Ok(p)) = p else {
                return None;
            };
            Some(Manifest {
                path: &s.path,
                source: s.text.as_deref()?,
                ast: &p.ast,
            })
        })
        .collect();
    Index::load(&manifests, roots, sandbox)
}

/// What the first pass over one file gives (see [`first_pass_all`]).
#[derive(Debug)]
pub struct FirstPass {
    /// The file's parse.
    pub parsed: ParseResult,
    /// The findings of its profile's rules that do not read the program, before
    /// suppressions; `None` when they did not run (the file does not parse).
    pub local: Option<Vec<Diagnostic>>,
    /// What the file defines, for the index; `None` when it was not parsed.
    pub defs: Option<FileDefs>,
    /// The file's line table, when its rules made one (for the report).
    pub lines: Option<LineIndex>,
    /// The file's place in its module, when its rules looked it up (for the second pass).
    pub module_file: Option<ModuleFileFound>,
}

impl From<ParseResult> for FirstPass {
    /// A parse alone: every rule runs in the second pass.
    fn from(parsed: ParseResult) -> Self {
        FirstPass {
            parsed,
            local: None,
            defs: None,
            lines: None,
            module_file: None,
        }
    }
}

/// The parse of `source`'s text (`None` when it has none), or the panic it raised.
fn parse_source(source: &Source) -> Option<std::thread::Result<Parsed>> {
    let text = source.text.as_deref()?;
    Some(catch(|| crate::syntax::parse(text)))
}

/// The first pass over one file of a program, after its parse (`parsed` is what
/// [`parse_source`] gave for `source`): run the rules of `profile` that do not read the
/// program's index (while the tree is fresh), and take what it defines for the index. A panic
/// becomes a `P000` finding, as a panic while parsing.
fn first_pass_parsed(
    source: &Source,
    parsed: Option<std::thread::Result<Parsed>>,
    profile: &Profile,
) -> FirstPass {
    let (text, parsed) = match (source.text.as_deref(), parsed) {
        (Some(text), Some(Ok(parsed))) => (text, parsed),
        (_, Some(Err(payload))) => {
            return FirstPass::from(Some(Err(Box::new(internal_error(payload)))));
        }
        _ => return FirstPass::from(None),
    };
    let run = || {
        let path = path_text(&source.path);
        let mut module = None;
        let local = parses(&parsed.diagnostics).then(|| {
            let file = FileInfo {
                path: &path,
                source: text,
                ast: &parsed.ast,
                module: source.module.as_ref(),
            };
            let (found, lines, found_module) = registry::run_keeping_lines(
                file,
                &profile.selection,
                Index::empty(),
                Part::Local,
                None,
            );
            module = found_module;
            (found, lines)
        });
        let manifest = Manifest {
            path: &source.path,
            source: text,
            ast: &parsed.ast,
        };
        // The file's place in its module, found once for the rules of both passes and the
        // index.
        let module_file = module.clone();
        let defs = match module {
            Some(module) => FileDefs::extract_in(manifest, module),
            None => FileDefs::extract(manifest),
        };
        (local, defs, module_file)
    };
    match catch(run) {
        Ok((local, defs, module_file)) => {
            let (local, lines) = match local {
                Some((found, lines)) => (Some(found), lines),
                None => (None, None),
            };
            FirstPass {
                parsed: Some(Ok(parsed)),
                local,
                defs: Some(defs),
                lines,
                module_file,
            }
        }
        Err(payload) => FirstPass::from(Some(Err(Box::new(internal_error(payload))))),
    }
}

/// How many consecutive files a worker of the first pass parses before it runs their rules:
/// parsing and the rules each run faster when the same code runs many times in a row (see
/// `BENCHMARKS.md`). At least 32 batches per thread, so that a thread that is done still takes work from the other until near
/// the end.
fn first_pass_batch(files: usize) -> usize {
    (files / (rayon::current_num_threads() * 32)).clamp(1, 32)
}

/// The first pass over each file of `paths` (in parallel, in order), each in the module of
/// `roots` it lies in: read, parse, the rules of its profile that do not read the index, and
/// what it defines ([`FirstPass::defs`]).
pub fn first_pass_files(
    paths: &[PathBuf],
    cwd: &Path,
    profiles: &[&Profile],
    roots: &[ModuleRoot],
    sandbox: &Sandbox,
    tick: &(dyn Fn() + Sync),
) -> Vec<(Source, FirstPass)> {
    let map = ModuleMap::new(roots);
    let batch = first_pass_batch(paths.len());
    paths
        .par_chunks(batch)
        .zip(profiles.par_chunks(batch))
        // One batch per task, so that a thread that is done takes work from the other
        // until the last batch (rayon's default halves leave one thread idle at the end).
        .with_max_len(1)
        .flat_map_iter(|(paths, profiles)| {
            let parsed: Vec<(Source, _)> = paths
                .iter()
                .map(|path| {
                    let mut source = read_source(path, cwd, sandbox);
                    source.set_module(map.of(path).cloned());
                    let parsed = parse_source(&source);
                    (source, parsed)
                })
                .collect();
            parsed
                .into_iter()
                .zip(profiles)
                .map(|((source, parsed), profile)| {
                    let pass = first_pass_parsed(&source, parsed, profile);
                    tick();
                    (source, pass)
                })
        })
        .collect()
}

/// Reads each file of `paths` (see [`read_source`]) and makes the first pass over it (with its
/// profile, see [`first_pass_all`]), in parallel on the current rayon pool and in batches of
/// consecutive files, while the files of the modules at `roots` are read; then the program's
/// index, of these files and those modules (as [`build_index`] builds it).
pub fn first_pass_all(
    paths: &[PathBuf],
    cwd: &Path,
    profiles: &[&Profile],
    roots: &[ModuleRoot],
    sandbox: &Sandbox,
    tick: &(dyn Fn() + Sync),
) -> (Vec<(Source, FirstPass)>, Index) {
    let checked: Vec<&Path> = paths.iter().map(PathBuf::as_path).collect();
    let (mut passes, (modules, custom_facts)): (Vec<(Source, FirstPass)>, _) = rayon::join(
        || first_pass_files(paths, cwd, profiles, roots, sandbox, tick),
        || {
            let modules = Modules::read(&checked, roots, sandbox);
            let selections: Vec<&Selection> = profiles.iter().map(|p| &p.selection).collect();
            let custom_facts = crate::defs::facts::CustomFacts::new(sandbox.clone());
            crate::rules::types::names::read_custom_facts_ahead(paths, &selections, &custom_facts);
            (modules, custom_facts)
        },
    );
    let defs = passes
        .iter_mut()
        .filter_map(|(_, p)| p.defs.take())
        .collect();
    let mut index = Index::assemble(defs, modules).with_custom_facts(custom_facts);
    index.probe_rendered_templates(sandbox);
    (passes, index)
}

/// Reads each file of `paths` (see [`read_source`]) and checks it with its profile and no
/// program index (see `check_file`), in parallel on the current rayon pool, keeping their
/// order; `tick` is called after each file.
pub fn check_all_unread(
    paths: &[PathBuf],
    cwd: &Path,
    profiles: &[&Profile],
    mode: FixMode,
    roots: &[ModuleRoot],
    sandbox: &Sandbox,
    tick: &(dyn Fn() + Sync),
) -> Vec<Outcome> {
    let map = ModuleMap::new(roots);
    paths
        .par_iter()
        .zip(profiles)
        // One file per task (see `first_pass_all`).
        .with_max_len(1)
        .map(|(path, profile)| {
            let mut source = read_source(path, cwd, sandbox);
            source.set_module(map.of(path).cloned());
            let outcome = check_file(source, profile, mode);
            tick();
            outcome
        })
        .collect()
}

/// What `--fix` and `--diff` do (with `--unsafe-fixes`: with the unsafe fixes too).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FixMode {
    /// Report only.
    Off,
    /// Write the fixed files.
    Write(crate::lint::fix::Applicability),
    /// Make a diff of what would change.
    Diff(crate::lint::fix::Applicability),
}

/// What checking one file gave.
#[derive(Debug)]
pub struct Outcome {
    /// The findings (after fixing, with `--fix`), `None` if there are none.
    pub report: Option<FileReport>,
    /// How many fixes were applied (or would be, with `--diff`).
    pub fixed: usize,
    /// With `--diff`: the diff, if the file would change.
    pub diff: Option<String>,
    /// With `--diff`: the fixed text, if the file would change.
    pub fixed_text: Option<String>,
    /// With `--fix`: why the fixed text could not be written.
    pub write_error: Option<String>,
    /// With `--fix` or `--diff`: how many unsafe fixes the fixed text still offers (see
    /// [`crate::lint::fix::unsafe_fixes`]); set by [`super::Session::check`] from the check of
    /// the fixed files.
    pub unsafe_left: usize,
    /// The size of the file in bytes (0 if unreadable).
    pub bytes: usize,
}

/// Checks one file with a profile: parse, rules, and fixes as `mode` says. A panic becomes
/// a `P000` finding and leaves the file unchanged.
fn check_file(source: Source, profile: &Profile, mode: FixMode) -> Outcome {
    let parsed = source
        .text
        .as_deref()
        .map(|t| catch(|| crate::syntax::parse(t)).map_err(|p| Box::new(internal_error(p))));
    check_parsed(
        source,
        FirstPass::from(parsed),
        profile,
        mode,
        Index::empty(),
        false,
    )
}

/// [`check_file`] of a file already parsed (and maybe checked by its rules that do not read
/// the program, see [`first_pass_all`]), in a program. With `leak`, a tree of the program is
/// left to the process's end (see [`super::Session::leak_at_exit`]).
fn check_parsed(
    source: Source,
    pass: FirstPass,
    profile: &Profile,
    mode: FixMode,
    program: &Index,
    leak: bool,
) -> Outcome {
    let Source {
        path,
        display,
        text,
        mut diagnostics,
        bytes,
        module,
    } = source;
    let mut outcome = Outcome {
        report: None,
        fixed: 0,
        diff: None,
        fixed_text: None,
        write_error: None,
        unsafe_left: 0,
        bytes,
    };
    let mut text = text.unwrap_or_default();
    // The line table the rules made of `text`, if any.
    let mut lines = None;
    if !diagnostics.iter().any(|d| d.code == UNREADABLE_FILE.code) {
        let rule_path = path_text(&path);
        let run = || {
            let parsed = match pass.parsed {
                Some(Ok(parsed)) => parsed,
                Some(Err(panicked)) => return (vec![*panicked], None, None),
                None => crate::syntax::parse(&text),
            };
            // In a program, every tree was alive until now anyway.
            let in_program = pass.local.is_some();
            let (found, made, tree) = lint_parsed_with(
                &rule_path,
                &text,
                parsed,
                pass.local.map(|local| (local, pass.module_file)),
                module.as_ref(),
                profile,
                program,
            );
            if leak && in_program {
                std::mem::forget(tree);
            } else {
                drop(tree);
            }
            let made = pass.lines.or(made);
            // A text that is not exactly the file's (invalid UTF-8) is never fixed.
            let exact = !diagnostics
                .iter()
                .any(|d| crate::lint::fix::prevents_fixing(d.code));
            let applicability = match mode {
                FixMode::Write(a) | FixMode::Diff(a) if exact => a,
                _ => return (found, made, None),
            };
            // Each pass re-checks the fixed text in the world of the first check: the same
            // module, program and profile.
            let fixed = crate::lint::fix::fix_with(&text, found.clone(), applicability, |t| {
                lint_parsed(
                    &rule_path,
                    t,
                    crate::syntax::parse(t),
                    module.as_ref(),
                    profile,
                    program,
                )
            });
            (found, made, Some(fixed))
        };
        match catch(run) {
            Ok((found, made, None)) => {
                lines = made;
                diagnostics.extend(found)
            }
            Ok((found, _, Some(fixed))) => {
                if fixed.applied == 0 || fixed.text == text {
                    diagnostics.extend(fixed.diagnostics);
                } else if matches!(mode, FixMode::Diff(_)) {
                    outcome.fixed = fixed.applied;
                    outcome.diff =
                        Some(crate::lint::fix::unified_diff(&display, &text, &fixed.text));
                    outcome.fixed_text = Some(fixed.text);
                    diagnostics.extend(found);
                } else {
                    match std::fs::write(&path, &fixed.text) {
                        Ok(()) => {
                            outcome.fixed = fixed.applied;
                            text = fixed.text;
                            diagnostics.extend(fixed.diagnostics);
                        }
                        Err(e) => {
                            outcome.write_error = Some(format!("cannot write `{display}`: {e}"));
                            diagnostics.extend(found);
                        }
                    }
                }
            }
            Err(payload) => diagnostics.push(internal_error(payload)),
        }
    }
    // The levels of plint's configurable codes apply to the findings made while reading too.
    profile.adjust(&mut diagnostics);
    if !diagnostics.is_empty() {
        outcome.report = Some(FileReport::with_line_index(
            display,
            text,
            diagnostics,
            lines,
        ));
    }
    outcome
}

/// The path as the rules see it: `to_string_lossy`, with the standard library's fast UTF-8
/// check first (a path is UTF-8 but for rare exceptions).
fn path_text(path: &Path) -> std::borrow::Cow<'_, str> {
    match path.to_str() {
        Some(text) => std::borrow::Cow::Borrowed(text),
        None => path.to_string_lossy(),
    }
}

/// Checks all parsed sources of `program` in parallel (on the current rayon pool), each with
/// its profile, keeping their order (`leak` as for `check_parsed`); `tick` is called after
/// each file.
pub fn check_all_parsed(
    work: Vec<(Source, FirstPass, &Profile)>,
    mode: FixMode,
    program: &Index,
    leak: bool,
    tick: &(dyn Fn() + Sync),
) -> Vec<Outcome> {
    work.into_par_iter()
        // One file per task (see `first_pass_all`).
        .with_max_len(1)
        .map(|(source, pass, profile)| {
            let outcome = check_parsed(source, pass, profile, mode, program, leak);
            tick();
            outcome
        })
        .collect()
}

/// Checks the files that are not manifests (templates) in parallel (on the current rayon
/// pool), each with its profile, keeping their order: read through the sandbox, then the
/// selected rules of [`crate::rules::module`]. A panic becomes a `P000` finding.
pub fn check_other_all(
    files: &[crate::discover::OtherFile],
    profiles: &[&Profile],
    cwd: &Path,
    program: &Index,
    sandbox: &Sandbox,
    tick: &(dyn Fn() + Sync),
) -> Vec<Outcome> {
    files
        .par_iter()
        .zip(profiles)
        .with_max_len(1)
        .map(|(file, profile)| {
            let Source {
                path,
                display,
                text,
                mut diagnostics,
                bytes,
                ..
            } = read_source(&file.path, cwd, sandbox);
            if matches!(file.kind, FileKind::Erb | FileKind::Epp) {
                not_read_by_puppet(&mut diagnostics);
            }
            let text = text.unwrap_or_default();
            if !diagnostics.iter().any(|d| d.code == UNREADABLE_FILE.code) {
                let run = || {
                    crate::rules::module::check(
                        &path,
                        &text,
                        file.kind,
                        &profile.selection,
                        program,
                        Some(sandbox),
                    )
                };
                match catch(run) {
                    Ok(found) => diagnostics.extend(found),
                    Err(payload) => diagnostics.push(internal_error(payload)),
                }
            }
            profile.adjust(&mut diagnostics);
            tick();
            Outcome {
                report: (!diagnostics.is_empty())
                    .then(|| FileReport::new(display, text, diagnostics)),
                fixed: 0,
                diff: None,
                fixed_text: None,
                write_error: None,
                unsafe_left: 0,
                bytes,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decoded(bytes: &[u8]) -> Source {
        decode(PathBuf::from("x.pp"), "x.pp".into(), bytes.to_vec())
    }

    #[test]
    fn text_is_kept() {
        let s = decoded(b"notice(1)\n");
        assert_eq!(s.text.as_deref(), Some("notice(1)\n"));
        assert!(s.diagnostics.is_empty());
        assert_eq!(s.bytes, 10);
    }

    #[test]
    fn empty_file_is_fine() {
        let s = decoded(b"");
        assert_eq!(s.text.as_deref(), Some(""));
        assert!(s.diagnostics.is_empty());
    }

    #[test]
    fn binary_file_is_not_checked() {
        let s = decoded(b"ab\0cd");
        assert!(s.text.is_none());
        assert_eq!(s.diagnostics[0].code, "P002");
        assert!(s.diagnostics[0].message.contains("offset 2"));
        let r = check_source(s).unwrap();
        assert_eq!(r.diagnostics().len(), 1);
    }

    #[test]
    fn utf16_is_named() {
        let s = decoded(&[0xFF, 0xFE, b'a', 0]);
        assert!(s.diagnostics[0].message.contains("UTF-16"));
    }

    #[test]
    fn invalid_utf8_is_decoded_lossily_with_a_warning() {
        let s = decoded(b"ab\xffcd\xfe");
        assert_eq!(s.text.as_deref(), Some("ab\u{FFFD}cd\u{FFFD}"));
        let d = &s.diagnostics[0];
        assert_eq!((d.code, d.rule), ("P003", "invalid-utf8"));
        assert_eq!(d.span, 2..5);
        assert!(d.message.contains("byte offset 2"));
    }

    #[test]
    fn unreadable_file_is_a_finding() {
        let tmp = tempfile::tempdir().unwrap();
        // A directory cannot be read as a file, whoever we are.
        let s = read_source(
            tmp.path(),
            Path::new("/"),
            &Sandbox::new(Path::new("/"), &[tmp.path().to_path_buf()]),
        );
        assert!(s.text.is_none());
        assert_eq!(s.diagnostics[0].code, "P002");
        assert!(
            s.diagnostics[0]
                .message
                .starts_with("cannot read this file")
        );
    }

    #[test]
    fn a_panic_while_checking_is_a_finding_on_that_file() {
        let source = decoded(b"# caf\xe9\nnotice(1)\n");
        let report = check_source_with(source, |_| panic!("lowering bug")).unwrap();
        let codes: Vec<_> = report.diagnostics().iter().map(|d| d.code).collect();
        assert_eq!(codes, ["P000", "P003"]);
        assert!(report.diagnostics()[0].message.contains("lowering bug"));
        // The other files are checked as usual.
        assert!(check_source_with(decoded(b"notice(1)\n"), |_| Vec::new()).is_none());
    }
}
