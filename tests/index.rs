//! The index of definitions (`plint::defs::Index`): a small module tree under
//! `tests/fixtures/index/` (a checked module, an environment, and a module path), and spot
//! checks on the real corpus (/usr/share/puppet/modules, skipped when missing).
//!
//! `cargo test --release --test index -- --nocapture` prints the corpus's counts.

use std::path::{Path, PathBuf};

use plint::defs::Index;
use plint::defs::index::Manifest;
use plint::defs::model::{AttributeKind, ClassKind, FunctionKind, NodeMatcher, Origin, ParamKind};
use plint::discover::module::{ModuleRoot, modules_in};

const CORPUS: &str = "/usr/share/puppet/modules";

/// Discovers `paths`, parses what it finds, and indexes it with the modules of `modulepath`.
fn load(paths: &[PathBuf], modulepath: &[PathBuf]) -> Index {
    let mut sandbox = sandbox_for(paths);
    for dir in modulepath {
        sandbox.add_trusted(dir);
    }
    let found = plint::discover::discover(paths, &sandbox).expect("paths exist");
    let texts: Vec<(PathBuf, String)> = found
        .files
        .iter()
        .map(|p| (p.clone(), std::fs::read_to_string(p).unwrap_or_default()))
        .collect();
    let parsed: Vec<_> = texts
        .iter()
        .map(|(_, t)| plint::syntax::parse(t).ast)
        .collect();
    let manifests: Vec<Manifest<'_>> = texts
        .iter()
        .zip(&parsed)
        .map(|((path, source), ast)| Manifest { path, source, ast })
        .collect();
    let mut roots: Vec<ModuleRoot> = found.modules.clone();
    roots.extend(modules_in(modulepath, &sandbox));
    Index::load(&manifests, &roots, &sandbox)
}

/// The sandbox of a run checking `paths` from the working directory.
fn sandbox_for(paths: &[PathBuf]) -> plint::sandbox::Sandbox {
    let cwd = std::env::current_dir().unwrap();
    plint::sandbox::Sandbox::new(&cwd, paths)
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/index")
}

fn file_of(origin: &Origin) -> String {
    match origin {
        Origin::Manifest { path, .. } | Origin::Ruby { path, .. } => {
            path.file_name().unwrap().to_string_lossy().into_owned()
        }
        Origin::Builtin => "builtin".into(),
    }
}

#[test]
fn fixture_tree() {
    let root = fixtures();
    let ix = load(
        &[root.join("checked"), root.join("env")],
        &[root.join("modulepath")],
    );
    // Module roots: the checked module (found by the walk), then the module path's, in path
    // order; the environment and a folder without manifests or metadata are not modules.
    let modules: Vec<_> = ix.modules().iter().map(|m| m.name.as_str()).collect();
    assert_eq!(modules, ["beta", "alpha", "gamma"]);

    // Classes, with parameters, types as written, defaults and parents.
    let alpha = ix.class("::Alpha").expect("alpha from the module path");
    assert_eq!(alpha.parent.as_deref(), Some("alpha::params"));
    let params: Vec<_> = alpha
        .params
        .iter()
        .map(|p| (p.name.as_str(), p.ty.as_deref(), p.has_default))
        .collect();
    assert_eq!(
        params,
        [
            ("port", Some("Alpha::Port"), true),
            ("user", Some("Optional[String[1]]"), true),
            ("enable", Some("Boolean"), false),
        ]
    );
    let vars: Vec<_> = alpha.variables.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(vars, ["config_dir", "service", "pkg"], "not `in_lambda`");
    assert!(ix.variable("alpha::port").is_some(), "a parameter");
    assert!(ix.variable("alpha::pkg").is_some());
    assert!(ix.variable("alpha::in_lambda").is_none());
    assert!(ix.variable("alpha::params::default_port").is_some());
    assert!(ix.variable("::site_wide").is_some(), "top scope of site.pp");

    let thing = ix.define("alpha::sub::thing").unwrap();
    assert_eq!(thing.kind, ClassKind::Define);
    assert!(!thing.params[0].has_default);
    assert_eq!(
        thing.params[1].ty.as_deref(),
        Some("Enum['present', 'absent']")
    );
    assert!(ix.class("alpha::sub::thing").is_none());

    // Duplicates: all kept; the one in the autoloaded file wins even when met later.
    let others: Vec<_> = ix.classes_named("beta::other").collect();
    assert_eq!(others.len(), 2);
    assert_eq!(file_of(&others[0].origin), "other.pp");
    assert_eq!(file_of(&others[1].origin), "dup.pp");
    let gammas: Vec<_> = ix.classes_named("gamma").collect();
    assert_eq!(file_of(&gammas[0].origin), "init.pp");
    assert!(gammas[0].params.is_empty());

    // Functions of every kind.
    let helper = ix.function("alpha::helper").unwrap();
    assert_eq!(helper.kind, FunctionKind::Puppet);
    assert_eq!(helper.signatures[0].params[1].kind, ParamKind::Optional);
    assert_eq!(helper.signatures[0].return_type.as_deref(), Some("String"));
    let greet = ix.function("Alpha::Greet").unwrap();
    assert_eq!(greet.kind, FunctionKind::Ruby4x);
    assert_eq!(greet.signatures.len(), 2);
    assert_eq!(greet.signatures[0].params[0].ty, "String[1]");
    assert_eq!(
        greet.signatures[1].block.as_ref().map(|b| b.ty.as_str()),
        Some("Callable[1, 1]")
    );
    assert!(matches!(greet.origin, Origin::Ruby { line: 4, .. }));
    let old = ix.function("alpha_old").unwrap();
    assert_eq!(old.kind, FunctionKind::Ruby3x { rvalue: true });
    assert_eq!(old.signatures[0].params.len(), 2);
    assert!(ix.function("not_this").is_none(), "in a heredoc");
    let any = ix.function("beta::any_args").unwrap();
    let kinds: Vec<_> = any.signatures[0].params.iter().map(|p| p.kind).collect();
    assert_eq!(kinds, [ParamKind::Required, ParamKind::Repeated]);

    // Type aliases.
    assert_eq!(
        ix.type_alias("alpha::port").unwrap().ty,
        "Integer[1, 65535]"
    );

    // Custom resource types.
    let t = ix.resource_type("alpha_thing").unwrap();
    let attrs: Vec<_> = t
        .attributes
        .iter()
        .map(|a| (a.name.as_str(), a.kind, a.ty.as_str(), a.namevar))
        .collect();
    assert_eq!(
        attrs,
        [
            (
                "ensure",
                AttributeKind::Property,
                "Enum['present', 'absent']",
                false
            ),
            ("name", AttributeKind::Parameter, "Any", true),
            ("mode", AttributeKind::Property, "Enum['on', 'off']", false),
            (
                "purge",
                AttributeKind::Parameter,
                "Variant[Boolean, Enum['true', 'false', 'yes', 'no']]",
                false
            ),
        ]
    );
    let r = ix.resource_type("alpha_rapi").unwrap();
    assert_eq!(
        r.namevars().map(|a| a.name.as_str()).collect::<Vec<_>>(),
        ["key"]
    );
    assert_eq!(r.attribute("value").unwrap().ty, "Optional[Integer]");

    // Nodes.
    assert_eq!(ix.nodes().len(), 2);
    assert_eq!(
        ix.nodes()[0].matchers,
        [
            NodeMatcher::Name("web01.example.com".into()),
            NodeMatcher::Regex("^db\\d+$".into())
        ]
    );

    let s = ix.stats();
    assert_eq!(
        (
            s.classes,
            s.defines,
            s.puppet_functions,
            s.ruby_functions_4x,
            s.ruby_functions_3x,
            s.type_aliases,
            s.resource_types,
            s.nodes
        ),
        (7, 1, 1, 2, 1, 1, 2, 2)
    );
}

#[test]
fn the_index_is_deterministic() {
    let root = fixtures();
    let a = load(&[root.join("checked")], &[root.join("modulepath")]);
    let b = load(&[root.join("checked")], &[root.join("modulepath")]);
    assert_eq!(a.classes(), b.classes());
    assert!(a.functions().eq(b.functions()));
    assert!(a.resource_types().eq(b.resource_types()));
}

#[test]
fn a_module_given_by_one_file_is_indexed_whole() {
    let root = fixtures();
    let ix = load(&[root.join("modulepath/alpha/manifests/params.pp")], &[]);
    assert_eq!(ix.modules()[0].name, "alpha");
    assert!(
        ix.class("alpha").is_some(),
        "init.pp, not given, is indexed"
    );
    assert!(ix.function("alpha::greet").is_some());
    assert!(ix.class("beta").is_none());
}

#[test]
fn corpus() {
    if !Path::new(CORPUS).is_dir() {
        eprintln!("skipped: {CORPUS} is missing (run scripts/install-corpus.sh)");
        return;
    }
    let start = std::time::Instant::now();
    let ix = load(&[PathBuf::from(CORPUS)], &[]);
    let s = ix.stats();
    eprintln!(
        "corpus index ({:.0} ms with parsing, not asserted): {s}",
        start.elapsed().as_secs_f64() * 1000.0
    );
    assert!(s.modules >= 90, "{s}");
    // Modules do not nest (`collectd/types/manifests/` is no module).
    for m in ix.modules() {
        assert!(
            !ix.modules()
                .iter()
                .any(|o| o.path != m.path && m.path.starts_with(&o.path)),
            "{} is inside another module",
            m.path.display()
        );
    }
    assert!(s.classes > 1_000 && s.defines > 100, "{s}");
    assert!(s.ruby_functions_4x > 50 && s.ruby_functions_3x > 100, "{s}");
    assert!(s.type_aliases > 50 && s.resource_types > 100, "{s}");

    // stdlib: a 4.x function with dispatches, a 3.x one, a Puppet function, an alias.
    let f = ix
        .function("stdlib::ensure_packages")
        .or_else(|| ix.function("ensure_packages"));
    let f = f.expect("ensure_packages");
    assert_eq!(f.kind, FunctionKind::Ruby4x);
    assert!(!f.signatures.is_empty());
    assert!(f.signatures.iter().all(|s| !s.params.is_empty()));
    // stdlib has `is_absolute_path` in 4.x and in 3.x: Puppet loads the 4.x one.
    assert_eq!(ix.functions_named("is_absolute_path").count(), 2);
    assert_eq!(
        ix.function("is_absolute_path").unwrap().kind,
        FunctionKind::Ruby4x
    );
    let pick = ix.function("pick").expect("pick (3.x)");
    assert_eq!(pick.kind, FunctionKind::Ruby3x { rvalue: true });
    assert!(ix.type_alias("Stdlib::Absolutepath").is_some());

    // apt's, concat's and augeas_core's types.
    let concat = ix.resource_type("concat_file").expect("concat_file");
    assert!(concat.namevars().any(|a| a.name == "path"), "{concat:?}");
    assert!(concat.attribute("ensure").is_some());
    let augeas = ix.resource_type("augeas").expect("augeas");
    assert!(augeas.attribute("changes").is_some());
    assert!(augeas.namevars().any(|a| a.name == "name"));
    let apt_key = ix.resource_type("apt_key").expect("apt_key");
    assert!(
        apt_key.attribute("id").is_some_and(|a| a.namevar),
        "{apt_key:?}"
    );

    // A class with a parent and typed parameters.
    let apache = ix.class("apache").expect("apache");
    assert_eq!(apache.parent.as_deref(), Some("apache::params"));
    assert!(apache.params.iter().any(|p| p.ty.is_some()));
    assert!(ix.variable("apache::params::user").is_some());
}

/// The check pipeline's stages as `plint` runs them when a rule reads the index: read, parse
/// all, index (with the module path), then the rules of each file with the index.
#[test]
fn pipeline_stages() {
    use plint::config::{CliOptions, Settings};
    use plint::lint::check::{
        FirstPass, FixMode, build_index, check_all_parsed, check_all_unread, first_pass_all,
        parse_all, read_all,
    };

    let root = fixtures();
    let sandbox = sandbox_for(std::slice::from_ref(&root));
    let found = plint::discover::discover(&[root.join("checked")], &sandbox).unwrap();
    let sources = read_all(&found.files, &root, &sandbox);
    let parsed = parse_all(&sources);
    assert!(parsed.iter().all(|p| matches!(p, Some(Ok(_)))));
    let mut roots = found.modules.clone();
    roots.extend(modules_in(&[root.join("modulepath")], &sandbox));
    let index = build_index(&sources, &parsed, &roots, &sandbox);
    assert!(index.class("beta").is_some(), "a checked file");
    assert!(
        index.define("alpha::sub::thing").is_some(),
        "from the module path"
    );
    assert_eq!(
        index.stats().manifests,
        3 + 7,
        "3 checked, 7 on the module path"
    );

    let settings = Settings::load(
        &CliOptions::default(),
        &root,
        &mut plint::sandbox::Sandbox::new(&root, &[]),
    )
    .unwrap();
    let profile = settings.profile(&settings.profile_key(&root.join("checked")));
    let work = sources
        .into_iter()
        .zip(parsed)
        .map(|(s, p)| (s, FirstPass::from(p), &profile))
        .collect();
    let outcomes = check_all_parsed(work, FixMode::Off, &index, false, &|| {});
    assert_eq!(outcomes.len(), 3);
    // Only the checked files are reported on.
    for o in outcomes.iter().filter_map(|o| o.report.as_ref()) {
        assert!(o.path().contains("beta"), "{}", o.path());
    }

    // What `plint` runs: a first pass (parse, the rules that do not read the index, the
    // modules' files), then the rules that read the index. Same index, same findings.
    let summary = |outcomes: &[plint::lint::check::Outcome]| -> Vec<String> {
        outcomes
            .iter()
            .filter_map(|o| o.report.as_ref())
            .flat_map(|r| {
                r.diagnostics()
                    .iter()
                    .map(|d| format!("{} {:?} {} {}", r.path(), d.span, d.code, d.message))
            })
            .collect()
    };
    let profiles = vec![&profile; found.files.len()];
    let (passes, fused) = first_pass_all(&found.files, &root, &profiles, &roots, &sandbox, &|| {});
    assert_eq!(fused.stats(), index.stats());
    assert!(
        passes
            .iter()
            .all(|(s, p)| s.text.is_some() && p.local.is_some() && p.defs.is_none())
    );
    let work = passes.into_iter().map(|(s, p)| (s, p, &profile)).collect();
    let fused_outcomes = check_all_parsed(work, FixMode::Off, &fused, false, &|| {});
    assert!(!summary(&outcomes).is_empty());
    assert_eq!(summary(&fused_outcomes), summary(&outcomes));

    // Without the index's rules, each file is read and checked in one go: same findings but
    // for those rules'.
    let local = check_all_unread(
        &found.files,
        &root,
        &profiles,
        FixMode::Off,
        &found.modules,
        &sandbox,
        &|| {},
    );
    let without_index: Vec<String> = summary(&outcomes)
        .into_iter()
        .filter(|f| !f.contains(" P1"))
        .collect();
    assert_eq!(summary(&local), without_index);
    assert_eq!(
        local.iter().map(|o| o.bytes).sum::<usize>(),
        found
            .files
            .iter()
            .map(|f| std::fs::metadata(f).unwrap().len() as usize)
            .sum::<usize>()
    );
}

/// The Ruby scanner never panics, even on files cut anywhere: every Ruby file of the corpus,
/// cut at a dozen places.
#[test]
fn ruby_scanner_survives_cut_files() {
    use plint::defs::ruby::{Kind, Source, scan};
    if !Path::new(CORPUS).is_dir() {
        eprintln!("skipped: {CORPUS} is missing");
        return;
    }
    let sandbox = sandbox_for(&[PathBuf::from(CORPUS)]);
    let found = plint::discover::discover(&[PathBuf::from(CORPUS)], &sandbox).unwrap();
    let mut scanned = 0;
    for root in &found.modules {
        let files = plint::discover::module::module_files(&root.path, &sandbox);
        for (paths, kind) in [
            (&files.functions_4x, Kind::Function4x),
            (&files.functions_3x, Kind::Function3x),
            (&files.resource_types, Kind::ResourceType),
        ] {
            for path in paths {
                let text = std::fs::read_to_string(path).unwrap_or_default();
                let step = (text.len() / 12).max(1);
                for cut in (0..text.len()).step_by(step) {
                    let cut = (cut..=text.len())
                        .find(|&c| text.is_char_boundary(c))
                        .unwrap();
                    let source = Source {
                        path: path.clone(),
                        text: text[..cut].to_string(),
                        kind,
                    };
                    let _ = scan(&source);
                    scanned += 1;
                }
            }
        }
    }
    assert!(scanned > 1_000, "{scanned}");
}

/// The Ruby files the index reads on first use (`defs::ruby::read`) give, when read, what
/// reading them at once gives: every Ruby file of the corpus, whole and cut at a dozen places.
#[test]
fn ruby_files_read_on_first_use_read_as_at_once() {
    use plint::defs::ruby::{Kind, Read, Source, read, scan};
    if !Path::new(CORPUS).is_dir() {
        eprintln!("skipped: {CORPUS} is missing");
        return;
    }
    let sandbox = sandbox_for(&[PathBuf::from(CORPUS)]);
    let found = plint::discover::discover(&[PathBuf::from(CORPUS)], &sandbox).unwrap();
    let (mut whole, mut deferred) = (0, 0);
    for root in &found.modules {
        let files = plint::discover::module::module_files(&root.path, &sandbox);
        for (paths, kind) in [
            (&files.functions_4x, Kind::Function4x),
            (&files.functions_3x, Kind::Function3x),
            (&files.resource_types, Kind::ResourceType),
        ] {
            for path in paths {
                let text = std::fs::read_to_string(path).unwrap_or_default();
                let step = (text.len() / 12).max(1);
                let cuts = (0..text.len()).step_by(step).chain([text.len()]);
                for cut in cuts {
                    let cut = (cut..=text.len())
                        .find(|&c| text.is_char_boundary(c))
                        .unwrap();
                    let source = Source {
                        path: path.clone(),
                        text: text[..cut].to_string(),
                        kind,
                    };
                    let at_once = scan(&source);
                    whole += usize::from(cut == text.len());
                    match read(source) {
                        Read::Now(defs) => assert_eq!(defs, at_once, "{}", path.display()),
                        Read::Later(file) => {
                            deferred += usize::from(cut == text.len());
                            assert!(at_once.top_variables.is_empty());
                            let (one, none) = if kind == Kind::ResourceType {
                                assert_eq!(file.resource_type(), &at_once.resource_types[0]);
                                (at_once.resource_types.len(), at_once.functions.len())
                            } else {
                                assert_eq!(file.function(), &at_once.functions[0]);
                                (at_once.functions.len(), at_once.resource_types.len())
                            };
                            assert_eq!((one, none), (1, 0), "{}", path.display());
                        }
                    }
                }
            }
        }
    }
    eprintln!("{deferred} of {whole} Ruby files read on first use");
    assert!(deferred * 4 > whole * 3, "{deferred} of {whole}");
}
