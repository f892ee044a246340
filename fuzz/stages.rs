//! What the fuzz targets do with an input, shared by the targets (`fuzz_targets/*.rs`) and by
//! the regression tests of the inputs they found (`tests/fuzz_regressions.rs`), which include
//! this file with `#[path]`. Each includer uses some of the stages.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use plint::config::{CliOptions, Profile, Settings};
use plint::eval::Value;
use plint::eval::catalog::Location;
use plint::eval::compiler::{CompileInput, Manifest, Node, compile};
use plint::eval::hiera::{Hiera, HieraScope, MergeStrategy};
use plint::report::escape::is_hidden;
use plint::report::{EmitOptions, FileReport, OutputFormat, Report, Severity};
use plint::rules::catalog;
use plint::syntax::ast::{ExprKind, Span, StringKind, StringPart};

/// The path the rules see (module layout rules read it).
pub const PATH: &str = "modules/fuzz/manifests/init.pp";

/// The `hiera.yaml` of a `hiera` input without one: a usual hierarchy (per OS family, then
/// common), reading `data/`.
pub const HIERA_YAML: &str = "---
version: 5
defaults:
  datadir: data
  data_hash: yaml_data
hierarchy:
  - name: \"Per OS family\"
    path: \"%{facts.os.family}.yaml\"
  - name: \"Common\"
    path: \"common.yaml\"
";

/// Every rule, at its default severity, with no configuration file (`dir` is an empty folder
/// taken as the working directory).
pub fn profile(dir: &Path) -> Profile {
    let codes = plint::rules::registry::RULES
        .iter()
        .map(|r| r.info().code.to_string())
        .collect();
    let cli = CliOptions {
        select: Some(codes),
        ..CliOptions::default()
    };
    let mut sandbox = plint::sandbox::Sandbox::new(dir, &[]);
    Settings::load(&cli, dir, &mut sandbox)
        .unwrap()
        .profile(&[])
}

fn render(format: OutputFormat, report: &Report) -> String {
    let mut out = termcolor::NoColor::new(Vec::new());
    format
        .emitter(EmitOptions::default())
        .emit(report, &mut out)
        .unwrap();
    String::from_utf8(out.into_inner()).unwrap()
}

/// Check mode on one file, as `plint` runs it: the bytes decoded as a file's, parsed, lowered
/// and checked by every rule of `profile`, fixed (on inputs of up to 4 KiB) and reported in
/// every format. The report holds what it promises for text from a hostile file: no line of
/// the human format starts with `::` or holds a control or invisible character, no format holds
/// `##[`, and every GitHub line is one annotation. The file's name is taken from the input's
/// first bytes, so that names get escaped too.
pub fn lower(data: &[u8], profile: &Profile) {
    let name = String::from_utf8_lossy(&data[..data.len().min(12)]);
    let display = format!("dir/{name}.pp");
    let source = plint::lint::check::decode(PathBuf::from(PATH), display.clone(), data.to_vec());
    let Some(text) = source.text.as_deref() else {
        return;
    };
    let lint = |t: &str| plint::lint::check::lint(PATH, t, profile);
    let mut diagnostics = source.diagnostics.clone();
    diagnostics.extend(lint(text));
    if text.len() <= 4096 {
        // As `--fix` does; nothing is fixed in a text that is not the file's (P003).
        let _ = plint::lint::fix::fix(text, diagnostics.clone(), lint);
    }
    let file = FileReport::new(display, text.to_string(), diagnostics);
    let report = Report::new(vec![file], 1, plint::cli::rule_metadata());
    let human = render(OutputFormat::Human, &report);
    for line in human.split('\n') {
        assert!(
            !line.trim_start().starts_with("::"),
            "a line starts with `::`: {line:?}"
        );
        assert!(
            !line.chars().any(is_hidden),
            "a hidden character in {line:?}"
        );
    }
    assert!(!human.contains("##["), "`##[` in {human:?}");
    for format in [
        OutputFormat::Json,
        OutputFormat::Sarif,
        OutputFormat::Github,
    ] {
        let out = render(format, &report);
        assert!(!out.contains("##["), "`##[` in {out:?}");
        assert!(out.chars().all(|c| c == '\n' || !is_hidden(c)), "{out:?}");
        if let OutputFormat::Github = format {
            for line in out.lines() {
                assert!(line.starts_with("::"), "{line:?}");
                assert!(!line.contains('\r'), "{line:?}");
            }
        }
    }
}

fn check(text: &str, what: &str, start: usize, end: usize) {
    assert!(
        start <= end && end <= text.len(),
        "{what} span {start}..{end} is not within the text (length {})",
        text.len()
    );
    assert!(
        text.is_char_boundary(start) && text.is_char_boundary(end),
        "{what} span {start}..{end} does not fall on character boundaries"
    );
}

fn check_span(text: &str, what: &str, span: Span) {
    check(text, what, span.start as usize, span.end as usize);
}

/// `plint::syntax::parse` of the bytes decoded lossily: no panic, and every span (of the
/// diagnostics and their labels, the file, comments, expressions and the parts of strings) a
/// range of the text on character boundaries.
pub fn parse(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let text: &str = &text;
    let parsed = plint::syntax::parse(text);
    for d in &parsed.diagnostics {
        check(text, "diagnostic", d.span.start, d.span.end);
        for l in &d.labels {
            check(text, "diagnostic label", l.span.start, l.span.end);
        }
    }
    let file = &parsed.ast;
    check_span(text, "file", file.span);
    for c in &file.comments {
        check_span(text, "comment", c.span);
    }
    file.walk(&mut |e| {
        check_span(text, "expression", e.span);
        if let ExprKind::String(s) = &e.kind {
            for p in &s.parts {
                match p {
                    StringPart::Text { span, .. } => check_span(text, "string text", *span),
                    StringPart::Interpolation { span, .. } => {
                        check_span(text, "interpolation", *span)
                    }
                }
            }
            if let StringKind::Heredoc(h) = &s.kind {
                check_span(text, "heredoc body", h.body_span);
            }
        }
    });
}

/// Type inference of one file with the file's index (files with syntax errors are skipped):
/// every typed expression's span is within the text, and every diagnostic's message is built.
pub fn infer(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let text: &str = &text;
    let parsed = plint::syntax::parse(text);
    if parsed
        .diagnostics
        .iter()
        .any(|d| d.code == "P001" || d.code == "P004")
    {
        return;
    }
    let manifests = [plint::defs::index::Manifest {
        path: Path::new(PATH),
        source: text,
        ast: &parsed.ast,
    }];
    let sandbox = plint::sandbox::Sandbox::new(Path::new("/"), &[]);
    let index = plint::defs::Index::load(&manifests, &[], &sandbox);
    let analysis = plint::infer::analyze_with_types(&parsed.ast, text, &index);
    for (span, _) in &analysis.types {
        check_span(text, "typed expression", *span);
    }
    for d in &analysis.diags {
        let _ = format!("{d:?}");
    }
}

/// Catalog compilation of one node. The input is split at its first line `%%`: before it the
/// main manifest (given as code, as with `-e`), after it the node's facts (JSON if they start
/// with `{`, else YAML); without that line the facts are those of the rules' documentation
/// examples. Nothing is read from disk. The catalog, if any, is turned into JSON and every
/// finding into its P2xx diagnostic; a finding in the manifest has its span within it.
pub fn evaluate(data: &[u8]) {
    let input = String::from_utf8_lossy(data);
    let (manifest, facts) = match input.split_once("\n%%\n") {
        Some((m, f)) => (m, Some(f)),
        None => (&*input, None),
    };
    let (name, facts) = match facts {
        None => ("node.example.com".to_string(), catalog::example_facts()),
        Some(text) => match plint::eval::facts::parse(Path::new("facts"), text) {
            Ok(f) => {
                let name = plint::eval::facts::node_name(&f)
                    .unwrap_or_else(|| "node.example.com".to_string());
                (name, f.values)
            }
            Err(e) => {
                let _ = e.to_eval_diag(text);
                return;
            }
        },
    };
    let input = CompileInput {
        manifest: Manifest::Code(manifest.to_string()),
        sandbox: std::sync::Arc::new(plint::sandbox::Sandbox::new(Path::new("/"), &[])),
        budgets: Default::default(),
        modulepath: Vec::new(),
        global_hiera: None,
        hiera: None,
        environment_dir: None,
        environment: "production".to_string(),
        strict_variables: data.len() % 2 == 1,
        node: Node::new(&name, facts),
        ruby: Default::default(),
        record_variable_reads: false,
    };
    let output = compile(&input);
    if let Some(c) = &output.catalog {
        let _ = serde_json::to_string_pretty(&c.to_json()).unwrap();
    }
    let same_file = |at: &Location| {
        at.file
            .is_none()
            .then_some(at.span)
            .flatten()
            .map(|s| s.start as usize..s.end as usize)
    };
    for d in &output.diags {
        let span = d.at.span.map_or(0..0, |s| s.start as usize..s.end as usize);
        if d.at.file.is_none() {
            assert!(
                span.start <= span.end && span.end <= manifest.len(),
                "span {span:?} outside the manifest"
            );
        }
        let _ = catalog::diagnostic(d, Severity::Warning, span, &same_file);
    }
}

struct Scope(Node);

impl HieraScope for Scope {
    fn variable(&self, name: &str) -> Option<Value> {
        match name {
            "facts" => Some(Value::hash(self.0.facts.clone())),
            "trusted" => Some(Value::hash(self.0.trusted.clone())),
            "server_facts" => Some(Value::hash(self.0.server_facts.clone())),
            "environment" => Some(Value::string("production")),
            _ => self.0.facts.get_str(name).cloned(),
        }
    }
}

/// Hiera 5 lookups. The input is split at its first line `%%`: before it the environment's
/// `hiera.yaml`, after it the data file `data/common.yaml` (without that line the whole input
/// is the data file and `hiera.yaml` is [`HIERA_YAML`]). Both are written to `env` (a folder
/// with a `data/` folder; Hiera reads files); then each of the data's first eight top-level
/// keys, and a key that is not there, is looked up with the `lookup_options` merge, then with a
/// deep merge, as `lookup()` does.
pub fn hiera(data: &[u8], env: &Path) {
    let input = String::from_utf8_lossy(data);
    let (config, common) = match input.split_once("\n%%\n") {
        Some((c, d)) => (c, d),
        None => (HIERA_YAML, &*input),
    };
    std::fs::write(env.join("hiera.yaml"), config).unwrap();
    std::fs::write(env.join("data/common.yaml"), common).unwrap();
    let mut keys: Vec<String> = match plint::eval::yaml::parse(common) {
        Ok(Value::Hash(h)) => h
            .iter()
            .take(8)
            .map(|(k, _)| k.to_puppet_string())
            .collect(),
        _ => Vec::new(),
    };
    keys.push("fuzz::absent".to_string());
    let scope = Scope(Node::new("node.example.com", catalog::example_facts()));
    let sandbox = plint::sandbox::Sandbox::new(env, &[env.to_path_buf()]);
    let hiera = Hiera::new(None, Some(env), &[], std::sync::Arc::new(sandbox));
    let deep = MergeStrategy::from_value(&Value::string("deep")).unwrap();
    for key in &keys {
        let _ = hiera.lookup(key, None, &scope);
        let _ = hiera.lookup(key, Some(&deep), &scope);
    }
    let _ = hiera.notes();
}
