//! plint's puppet-lint-named rules against puppet-lint 3.0.1 itself, over the module corpus.
//!
//! `tests/oracle/puppet-lint-corpus.txt` is what puppet-lint 3.0.1 reports for every `.pp`
//! file of the corpus (`path:line:check`, path relative to the corpus root), with its
//! default checks and the four that are off by default enabled too; its control comments
//! are in effect. `scripts/oracle/lint-corpus.sh` writes it. This test runs every plint rule
//! that records one of puppet-lint 3.0.1's check names, with plint's suppressions in effect,
//! over the same files, and compares `path:line:check` both ways:
//! - every finding of puppet-lint's that plint does not report, and every finding of plint's
//!   that puppet-lint does not report, must be one of the explained differences below
//!   ([`PUPPET_LINT_ONLY`], [`PLINT_ONLY`], [`top_scope_definitions_only`]), and every listed
//!   difference must still be one (a stale entry fails the test);
//! - plint reports at least 95% of puppet-lint's findings of the checks that are on by
//!   default (explained differences count as misses in that figure).
//!
//! `code_on_top_scope` is compared by file: puppet-lint reports every line that holds a token
//! of top-scope code, plint each top-scope statement once, at its first line.
//!
//! Checks plint implements that have no oracle here (puppet-lint 3.0.1 lacks them and no
//! plugin gem is installed) are listed in the output with plint's counts: `legacy_facts` and
//! `top_scope_facts` (built in from puppet-lint 3.1), `space_before_arrow` (puppet-lint 4)
//! and the plugin checks of P460-P496.
//!
//! A second test does the same on plint's rule fixtures (`tests/oracle/puppet-lint-fixtures.txt`):
//! each puppet-lint-named rule's check on its own fixtures, which exercise every check where
//! the corpus (clean code) leaves most of them without a finding; the departures from
//! puppet-lint that the fixtures pin down are listed there too.
//!
//! A third test compares both on a few modules of the corpus made into code with style
//! problems by [`roughen`] (`tests/oracle/puppet-lint-rough.txt`): thousands of findings of
//! the indentation, spacing, alignment and quoting checks in real code.
//!
//! The figures are printed (`cargo test --test lint_parity -- --nocapture`). In CI (`CI`
//! set) a missing corpus is a failure; elsewhere the test says so and passes.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use plint::rules::{FileInfo, RuleInfo, registry};
use plint::syntax::ast::ExprKind;

const CORPUS: &str = "/usr/share/puppet/modules";

/// puppet-lint 3.0.1's checks (`puppet-lint --list-checks`), whether each is on by default,
/// and whether puppet-lint can fix it.
const CHECKS: &[(&str, bool, bool)] = &[
    ("arrow_on_right_operand_line", true, true),
    ("autoloader_layout", true, false),
    ("class_inherits_from_params_class", false, false),
    ("code_on_top_scope", false, false),
    ("inherits_across_namespaces", true, false),
    ("names_containing_dash", true, false),
    ("names_containing_uppercase", true, true),
    ("nested_classes_or_defines", true, false),
    ("parameter_order", true, false),
    ("right_to_left_relationship", true, false),
    ("variable_scope", true, false),
    ("slash_comments", true, true),
    ("star_comments", true, true),
    ("case_without_default", true, false),
    ("selector_inside_resource", true, false),
    ("documentation", true, false),
    ("unquoted_node_name", true, true),
    ("duplicate_params", true, false),
    ("ensure_first_param", true, true),
    ("ensure_not_symlink_target", true, true),
    ("file_mode", true, true),
    ("unquoted_file_mode", true, true),
    ("unquoted_resource_title", true, true),
    ("double_quoted_strings", true, true),
    ("only_variable_string", true, true),
    ("puppet_url_without_modules", true, true),
    ("quoted_booleans", false, true),
    ("single_quote_string_with_variables", true, false),
    ("variables_not_enclosed", true, true),
    ("variable_contains_dash", true, false),
    ("variable_is_lowercase", true, false),
    ("140chars", true, false),
    ("2sp_soft_tabs", true, false),
    ("80chars", false, false),
    ("arrow_alignment", true, true),
    ("hard_tabs", true, true),
    ("trailing_whitespace", true, true),
];

/// Findings of puppet-lint's that plint does not report, by reason (`path:line:check`).
/// None of them is a finding plint should make.
const PUPPET_LINT_ONLY: &[(&str, &[&str])] = &[(
    // Without a module path, plint takes a folder named `author-name` above `manifests/` as
    // the module `name`, as a Forge release or a `puppet-name` checkout is laid out (and so
    // does tests/validator_parity.rs); puppet-lint run without `--relative` wants the folder
    // to be named as the module. Given the corpus as its module path, plint reports these
    // as Puppet does (folder names taken as they are): checked below, see
    // [`AUTHOR_PREFIX`].
    AUTHOR_PREFIX,
    &[
        "saz-rsyslog/manifests/client.pp:26:autoloader_layout",
        "saz-rsyslog/manifests/config.pp:13:autoloader_layout",
        "saz-rsyslog/manifests/database.pp:25:autoloader_layout",
        "saz-rsyslog/manifests/imfile.pp:24:autoloader_layout",
        "saz-rsyslog/manifests/init.pp:13:autoloader_layout",
        "saz-rsyslog/manifests/install.pp:13:autoloader_layout",
        "saz-rsyslog/manifests/params.pp:13:autoloader_layout",
        "saz-rsyslog/manifests/server.pp:31:autoloader_layout",
        "saz-rsyslog/manifests/service.pp:13:autoloader_layout",
        "saz-rsyslog/manifests/snippet.pp:18:autoloader_layout",
    ],
)];

/// puppet-lint's lexer reads `$facts["key"]["${name}"]` as one variable token, so a
/// double-quoted string in an index right after a variable is invisible to it.
const INDEX_STRINGS: &str =
    "puppet-lint false negative: strings in an index after a variable (`$facts[\"key\"]`)";

const AUTHOR_PREFIX: &str =
    "module folder with an author prefix (`saz-rsyslog` holds the module `rsyslog`)";

/// Findings of plint's that puppet-lint does not report, by reason (`path:line:check`):
/// each is a true finding puppet-lint misses.
const PLINT_ONLY: &[(&str, &[&str])] = &[
    (
        INDEX_STRINGS,
        &[
            "swift/manifests/storage/xfs.pp:65:double_quoted_strings",
            "swift/manifests/storage/xfs.pp:65:only_variable_string",
            "swift/manifests/storage/xfs.pp:66:double_quoted_strings",
            "swift/manifests/storage/xfs.pp:66:only_variable_string",
        ],
    ),
    (
        // puppet-lint takes any variable of a parameter list followed by `,`, `=` or `)` for
        // a parameter: the top-scope fact that ends a default value (`$soa = $fqdn,`) is
        // then taken as defined in the class.
        "puppet-lint false negative: a top-scope variable ending a parameter's default",
        &[
            "dns/manifests/zone.pp:19:variable_scope",
            "dns/manifests/zone.pp:22:variable_scope",
            "mcollective/manifests/init.pp:28:variable_scope",
            "monit/manifests/init.pp:49:variable_scope",
            "monit/manifests/init.pp:50:variable_scope",
            "monit/manifests/init.pp:51:variable_scope",
            "neutron/manifests/plugins/ovs/opendaylight.pp:104:variable_scope",
        ],
    ),
    (
        // puppet-lint looks for `=> $variable ?` only; plint for any selector that is an
        // attribute's value (`sslverify => empty($x) ? { ... }`).
        "puppet-lint false negative: a selector whose control is not a lone variable",
        &[
            "zookeeper/manifests/install/repo.pp:100:selector_inside_resource",
            "zookeeper/manifests/install/repo.pp:104:selector_inside_resource",
            "zookeeper/manifests/install/repo.pp:114:selector_inside_resource",
            "zookeeper/manifests/install/repo.pp:118:selector_inside_resource",
        ],
    ),
];

/// puppet-lint 3.0.1 takes node definitions, type aliases and functions for top-scope code
/// (its `code_on_top_scope` knows only classes and defined types): a file whose top-level
/// statements are all definitions (`type X = ...` in `types/`, `function` in `functions/`,
/// `node default { }` in examples) is a false positive of puppet-lint's. Checked on plint's
/// syntax tree rather than listed (135 files).
fn top_scope_definitions_only(source: &str) -> bool {
    let parsed = plint::syntax::parse(source);
    !parsed.ast.statements.is_empty()
        && parsed.ast.statements.iter().all(|s| s.is_definition())
        && parsed.ast.statements.iter().any(|s| {
            matches!(
                s.kind,
                ExprKind::Node(_) | ExprKind::Function(_) | ExprKind::TypeAlias(_)
            )
        })
}

/// The check compared by file rather than by line (see the module documentation).
const BY_FILE: &str = "code_on_top_scope";

/// Every `.pp` file under `root`, following symlinks as `find -L` does (a folder linked
/// from two places is listed under both paths, as puppet-lint sees it; a link back to an
/// ancestor is not followed), as (path relative to `root`, path).
fn corpus_files(root: &Path) -> Vec<(String, PathBuf)> {
    fn walk(dir: &Path, rel: &str, ancestors: &mut Vec<PathBuf>, out: &mut Vec<(String, PathBuf)>) {
        let Ok(canon) = dir.canonicalize() else {
            return;
        };
        if ancestors.contains(&canon) {
            return;
        }
        ancestors.push(canon);
        if let Ok(entries) = std::fs::read_dir(dir) {
            for e in entries.flatten() {
                let path = e.path();
                let name = e.file_name().to_string_lossy().to_string();
                let rel = if rel.is_empty() {
                    name.clone()
                } else {
                    format!("{rel}/{name}")
                };
                if path.is_dir() {
                    walk(&path, &rel, ancestors, out);
                } else if path.is_file() && name.ends_with(".pp") {
                    out.push((rel, path));
                }
            }
        }
        ancestors.pop();
    }
    let mut out = Vec::new();
    walk(root, "", &mut Vec::new(), &mut out);
    out.sort();
    out
}

fn line_of(src: &str, offset: usize) -> usize {
    src[..offset.min(src.len())].matches('\n').count() + 1
}

/// `path:line:check` as a key; `line` 0 for [`BY_FILE`].
type Key = (String, usize, String);

fn key(path: &str, line: usize, check: &str) -> Key {
    let line = if check == BY_FILE { 0 } else { line };
    (path.to_string(), line, check.to_string())
}

fn parse_key(entry: &str) -> Key {
    let mut parts = entry.rsplitn(3, ':');
    let check = parts.next().expect("check");
    let line = parts.next().expect("line").parse().expect("a line number");
    let path = parts.next().expect("path");
    key(path, line, check)
}

/// Each of puppet-lint 3.0.1's checks has its rule, on by default exactly when puppet-lint's
/// check is, fixable when puppet-lint's is; where the fix changes the value's type
/// (`"${x}"` -> `$x`, `'true'` -> `true`), plint's fix is unsafe (`--unsafe-fixes`).
#[test]
fn puppet_lint_checks_have_rules_with_the_same_defaults() {
    let rules = &*registry::RULES;
    const UNSAFE_FIX: &[&str] = &["only_variable_string", "quoted_booleans"];
    for (check, on, fix) in CHECKS {
        let rule = rules
            .iter()
            .find(|r| r.info().puppet_lint == Some(*check))
            .unwrap_or_else(|| panic!("no plint rule records puppet-lint's check `{check}`"));
        assert_eq!(
            rule.info().default_enabled,
            *on,
            "{} is {} by default, puppet-lint's `{check}` is not",
            rule.info().code,
            if *on { "off" } else { "on" }
        );
        assert_eq!(
            rule.info().fixable,
            *fix,
            "{} and puppet-lint's `{check}` differ in what --fix does",
            rule.info().code
        );
        if UNSAFE_FIX.contains(check) {
            assert_eq!(
                rule.info().fix_safety,
                plint::rules::FixSafety::Unsafe,
                "{}'s fix changes the value's type: it must be unsafe",
                rule.info().code
            );
        }
    }
}

#[test]
fn puppet_lint_named_rules_agree_with_puppet_lint_on_the_corpus() {
    if !Path::new(CORPUS).is_dir() {
        assert!(
            std::env::var_os("CI").is_none(),
            "the module corpus is not installed at {CORPUS}: run scripts/install-corpus.sh"
        );
        eprintln!("skipping: no module corpus at {CORPUS} (run scripts/install-corpus.sh)");
        return;
    }
    let oracle_checks: BTreeSet<&str> = CHECKS.iter().map(|(c, _, _)| *c).collect();
    // puppet-lint's findings.
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracle/puppet-lint-corpus.txt");
    let text = std::fs::read_to_string(&fixture).expect("the oracle fixture is readable");
    let theirs: BTreeSet<Key> = text
        .lines()
        .filter(|l| !l.is_empty())
        .map(parse_key)
        .collect();
    for (_, _, check) in &theirs {
        assert!(
            oracle_checks.contains(check.as_str()),
            "the fixture holds `{check}`, which is not one of puppet-lint 3.0.1's checks here"
        );
    }

    // plint's findings: every rule with a puppet-lint name runs (those without an oracle
    // too, to print their counts), off-by-default ones included.
    let selection = registry::Selection::from_fn(|i| i.puppet_lint.map(|_| i.severity));
    let files = corpus_files(Path::new(CORPUS));
    assert!(
        files.len() >= 1_890,
        "only {} files in the corpus",
        files.len()
    );
    let mut ours: BTreeSet<Key> = BTreeSet::new();
    let mut no_oracle: BTreeMap<&str, usize> = BTreeMap::new();
    let mut sources: BTreeMap<String, String> = BTreeMap::new();
    for (rel, path) in &files {
        let src = std::fs::read_to_string(path).expect("corpus files are UTF-8");
        let parsed = plint::syntax::parse(&src);
        let info = FileInfo {
            path: &path.to_string_lossy(),
            source: &src,
            ast: &parsed.ast,
            module: None,
        };
        for d in registry::check(info, &selection) {
            let Some(check) = d.puppet_lint else {
                continue;
            };
            if oracle_checks.contains(check) {
                ours.insert(key(rel, line_of(&src, d.span.start), check));
            } else {
                *no_oracle.entry(check).or_default() += 1;
            }
        }
        sources.insert(rel.clone(), src);
    }

    // The differences, and their explanations.
    let (mut problems, explained) = compare(&theirs, &ours, &sources, PUPPET_LINT_ONLY, PLINT_ONLY);

    // With the corpus as the module path, the author-prefixed folders are no modules of the
    // names their classes have, and plint says so where puppet-lint does.
    let with_modulepath = registry::Selection::from_fn(|i| {
        (i.puppet_lint == Some("autoloader_layout")).then_some(i.severity)
    })
    .with_modulepath(std::sync::Arc::from(vec![PathBuf::from(CORPUS)]));
    for (reason, entries) in PUPPET_LINT_ONLY {
        for k in entries
            .iter()
            .filter(|_| *reason == AUTHOR_PREFIX)
            .map(|e| parse_key(e))
        {
            let src = &sources[&k.0];
            let parsed = plint::syntax::parse(src);
            let path = Path::new(CORPUS).join(&k.0);
            let info = FileInfo {
                path: &path.to_string_lossy(),
                source: src,
                ast: &parsed.ast,
                module: None,
            };
            let found = registry::check(info, &with_modulepath)
                .iter()
                .any(|d| line_of(src, d.span.start) == k.1);
            if !found {
                problems.push(format!(
                    "{}:{}:{}: not reported even with the corpus as the module path",
                    k.0, k.1, k.2
                ));
            }
        }
    }

    // The figures, per check and overall.
    let (theirs_default, both_default) = print_figures(&theirs, &ours);
    let recall = 100.0 * both_default as f64 / theirs_default.max(1) as f64;
    eprintln!(
        "parity: {} files; puppet-lint's default checks: {theirs_default} findings, plint \
         reports {both_default} of them ({recall:.1}%); all compared checks: puppet-lint {}, \
         plint {}, both {}",
        files.len(),
        theirs.len(),
        ours.len(),
        theirs.intersection(&ours).count()
    );
    for (reason, n) in &explained {
        eprintln!("explained difference ({n}): {reason}");
    }
    eprintln!(
        "checks with no oracle (puppet-lint 3.0.1 lacks them), plint's findings: {no_oracle:?}"
    );
    assert!(
        problems.is_empty(),
        "{} unexplained differences:\n{}",
        problems.len(),
        problems.join("\n")
    );
    assert!(
        recall >= 95.0,
        "plint reports only {recall:.1}% of puppet-lint's findings of its default checks"
    );
}

/// puppet-lint 3.0.1 does not know node definitions, type aliases and functions as
/// definitions (see [`top_scope_definitions_only`]).
const NODE_TYPE_FUNCTION: &str = "puppet-lint false positive: node definitions, type aliases and functions taken for \
     top-scope code";

/// Compares puppet-lint's findings (`theirs`) with plint's (`ours`): every difference must
/// be listed (`pl_only`, `plint_only`: reason and `path:line:check` entries) or, for
/// [`BY_FILE`], be a file of definitions only; every listed entry must be a difference.
/// Returns the problems and the number of differences per reason.
fn compare(
    theirs: &BTreeSet<Key>,
    ours: &BTreeSet<Key>,
    sources: &BTreeMap<String, String>,
    pl_only: &[(&'static str, &[&str])],
    plint_only: &[(&'static str, &[&str])],
) -> (Vec<String>, BTreeMap<&'static str, usize>) {
    let listed = |table: &[(&'static str, &[&str])]| -> BTreeMap<Key, &'static str> {
        table
            .iter()
            .flat_map(|(reason, entries)| entries.iter().map(move |e| (parse_key(e), *reason)))
            .collect()
    };
    let (theirs_listed, ours_listed) = (listed(pl_only), listed(plint_only));
    let mut problems = Vec::new();
    let mut explained: BTreeMap<&'static str, usize> = BTreeMap::new();
    for k in theirs.difference(ours) {
        let reason = theirs_listed.get(k).copied().or_else(|| {
            (k.2 == BY_FILE
                && sources
                    .get(&k.0)
                    .is_some_and(|s| top_scope_definitions_only(s)))
            .then_some(NODE_TYPE_FUNCTION)
        });
        match reason {
            Some(reason) => *explained.entry(reason).or_default() += 1,
            None => problems.push(format!(
                "{}:{}:{}: puppet-lint reports it, plint does not",
                k.0, k.1, k.2
            )),
        }
    }
    for k in ours.difference(theirs) {
        match ours_listed.get(k) {
            Some(reason) => *explained.entry(reason).or_default() += 1,
            None => problems.push(format!(
                "{}:{}:{}: plint reports it, puppet-lint does not",
                k.0, k.1, k.2
            )),
        }
    }
    for k in theirs_listed.keys() {
        if ours.contains(k) || !theirs.contains(k) {
            problems.push(format!(
                "{}:{}:{}: listed as puppet-lint's only, but it is not",
                k.0, k.1, k.2
            ));
        }
    }
    for k in ours_listed.keys() {
        if theirs.contains(k) || !ours.contains(k) {
            problems.push(format!(
                "{}:{}:{}: listed as plint's only, but it is not",
                k.0, k.1, k.2
            ));
        }
    }
    (problems, explained)
}

/// Prints the findings per check; returns (puppet-lint's findings of its default checks,
/// how many of them plint reports).
fn print_figures(theirs: &BTreeSet<Key>, ours: &BTreeSet<Key>) -> (usize, usize) {
    let count = |set: &BTreeSet<Key>, check: &str| set.iter().filter(|k| k.2 == check).count();
    let both: BTreeSet<Key> = theirs.intersection(ours).cloned().collect();
    eprintln!(
        "{:<36} {:>7} {:>11} {:>6} {:>9} {:>7}",
        "puppet-lint check", "default", "puppet-lint", "plint", "both", "found"
    );
    let (mut theirs_default, mut both_default) = (0, 0);
    for (check, on, _) in CHECKS {
        let (t, o, b) = (
            count(theirs, check),
            count(ours, check),
            count(&both, check),
        );
        if *on {
            theirs_default += t;
            both_default += b;
        }
        let found = if t == 0 {
            "-".to_string()
        } else {
            format!("{:.1}%", 100.0 * b as f64 / t as f64)
        };
        eprintln!(
            "{check:<36} {:>7} {t:>11} {o:>6} {b:>9} {found:>7}{}",
            if *on { "on" } else { "off" },
            if *check == BY_FILE { "  (files)" } else { "" }
        );
    }
    (theirs_default, both_default)
}

/// Differences on the rule fixtures: findings of puppet-lint's that plint does not report,
/// by reason. Each fixture states plint's intended behaviour, reviewed; these are where it
/// departs from puppet-lint 3.0.1 on purpose.
const FIXTURES_PUPPET_LINT_ONLY: &[(&str, &[&str])] = &[
    (
        AUTHOR_PREFIX,
        &[
            "definition-outside-autoload-path/puppetlabs-ntp/manifests/pass_config.pp:2:autoloader_layout",
        ],
    ),
    (
        // `my.repo` cannot be a module's name: plint does not compare it with the class's
        // first segment (the checkout's name is not the module's).
        "folder above manifests/ that is no module name (`my.repo`)",
        &[
            "definition-outside-autoload-path/my.repo/manifests/pass_anything.pp:2:autoloader_layout",
        ],
    ),
    (
        // A class inside a class: puppet-lint looks for `inner` in `inner/manifests/init.pp`;
        // its real name is `outer::inner`, which the autoloader never looks up, and
        // nested_classes_or_defines (P408) reports it.
        "nested definitions are nested_classes_or_defines' finding",
        &[
            "definition-outside-autoload-path/modules/web/manifests/vhost/pass_ssl.pp:6:autoloader_layout",
        ],
    ),
    (
        // The text of a heredoc is data: splitting the line changes the value.
        "puppet-lint false positive: a long line of heredoc text",
        &["line-too-long/pass.pp:5:140chars"],
    ),
    (
        // puppet-lint 3.0.1 knows `\n`, `\t`, `\s`, `\\`, `\$`, `\"`, `\'` as reasons for
        // double quotes, not `\u{...}`/`\uXXXX` or `\r`.
        "puppet-lint false positive: `\\u` and `\\r` escapes need double quotes",
        &[
            "needless-double-quotes/pass.pp:9:double_quoted_strings",
            "needless-double-quotes/pass.pp:10:double_quoted_strings",
        ],
    ),
    (
        // `mode => "0${digits}"`: the mode is computed, its value unknown.
        "puppet-lint false positive: an interpolated mode",
        &["malformed-file-mode/pass.pp:7:file_mode"],
    ),
    (
        // A parameter whose type accepts undef (`Undef $x`) is optional without a default;
        // puppet-lint 3.0.1 only knows the word `Optional`.
        "puppet-lint false positive: a parameter typed Undef is not required",
        &["optional-parameter-before-required/pass.pp:16:parameter_order"],
    ),
    (
        // `"puppet:///${mount}/hosts"`: the mount point is computed.
        "puppet-lint false positive: a computed mount point",
        &["puppet-url-without-modules/pass.pp:8:puppet_url_without_modules"],
    ),
    (
        // `$count-1` is `$count - 1` for Puppet 4 and later; puppet-lint's lexer reads the
        // variable `$count-1`.
        "puppet-lint false positive: subtraction without spaces",
        &["dash-in-variable-name/pass.pp:5:variable_contains_dash"],
    ),
];

/// Differences on the rule fixtures: findings of plint's that puppet-lint does not report,
/// by reason; each is a true finding puppet-lint misses.
const FIXTURES_PLINT_ONLY: &[(&str, &[&str])] = &[
    (
        // `# lint:ignore:autoloader_layout` right above a define is a control comment, not
        // documentation; puppet-lint takes any comment there as documentation.
        "puppet-lint false negative: a control comment taken for documentation",
        &["undocumented-definition/fail.pp:10:documentation"],
    ),
    (
        // puppet-lint takes `$servername` (no type) for `Optional` because the type it finds
        // looking back is the previous parameter's.
        "puppet-lint false negative: an untyped parameter after an Optional one",
        &["optional-parameter-before-required/fail.pp:5:parameter_order"],
    ),
    (
        "puppet-lint false negative: `<~` is a right-to-left relationship too",
        &["right-to-left-relationship/fail.pp:3:right_to_left_relationship"],
    ),
    (
        "puppet-lint false negative: a selector whose control is not a lone variable",
        &[
            "selector-inside-resource/fail.pp:10:selector_inside_resource",
            "selector-inside-resource/fail.pp:11:selector_inside_resource",
        ],
    ),
    (
        "puppet-lint false negative: a top-scope variable ending a parameter's default",
        &["unqualified-top-scope-variable/fail.pp:2:variable_scope"],
    ),
    (
        // puppet-lint's lexer makes `$hostname` in `"host: $hostname"` an unenclosed
        // variable, which variable_scope does not look at.
        "puppet-lint false negative: an unbraced variable in a string",
        &["unqualified-top-scope-variable/fail.pp:6:variable_scope"],
    ),
    (
        // puppet-lint collects the variables assigned in every class of a file into one
        // set: `$motd` of `web` counts as defined in `web::config` too.
        "puppet-lint false negative: a variable of another class of the same file",
        &["unqualified-top-scope-variable/fail.pp:11:variable_scope"],
    ),
];

/// The same comparison on plint's rule fixtures (`tests/fixtures/<rule>/**.pp`, against
/// `tests/oracle/puppet-lint-fixtures.txt`): for each rule that records one of puppet-lint
/// 3.0.1's checks, that check on that rule's fixtures. The fixtures exercise every check,
/// where the corpus leaves most of them without a finding.
#[test]
fn puppet_lint_named_rules_agree_with_puppet_lint_on_the_fixtures() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let oracle_file =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracle/puppet-lint-fixtures.txt");
    let text = std::fs::read_to_string(&oracle_file).expect("the oracle fixture is readable");
    let oracle: BTreeSet<Key> = text
        .lines()
        .filter(|l| !l.is_empty())
        .map(parse_key)
        .collect();
    let mut theirs: BTreeSet<Key> = BTreeSet::new();
    let mut ours: BTreeSet<Key> = BTreeSet::new();
    let mut sources: BTreeMap<String, String> = BTreeMap::new();
    let mut compared = 0;
    for (info, check) in compared_fixture_dirs() {
        let dir = root.join(info.name);
        assert!(dir.is_dir(), "{} has no fixtures", info.name);
        compared += 1;
        let selection =
            registry::Selection::from_fn(|i| (i.code == info.code).then_some(i.severity));
        for (rel, path) in corpus_files(&dir) {
            let rel = format!("{}/{rel}", info.name);
            let src = std::fs::read_to_string(&path).expect("fixtures are UTF-8");
            let parsed = plint::syntax::parse(&src);
            let file = FileInfo {
                path: &path.to_string_lossy(),
                source: &src,
                ast: &parsed.ast,
                module: None,
            };
            for d in registry::check(file, &selection) {
                if d.puppet_lint == Some(check) {
                    ours.insert(key(&rel, line_of(&src, d.span.start), check));
                }
            }
            let in_file = oracle.iter().filter(|k| k.0 == rel && k.2 == check);
            theirs.extend(in_file.cloned());
            sources.insert(rel, src);
        }
    }
    assert!(compared >= CHECKS.len(), "only {compared} rules compared");
    let (mut problems, explained) = compare(
        &theirs,
        &ours,
        &sources,
        FIXTURES_PUPPET_LINT_ONLY,
        FIXTURES_PLINT_ONLY,
    );
    for k in theirs.iter().chain(&ours) {
        if !oracle.iter().any(|o| o.0 == k.0) && sources.contains_key(&k.0) {
            problems.push(format!(
                "{}: not in tests/oracle/puppet-lint-fixtures.txt: rerun scripts/oracle/lint-corpus.sh",
                k.0
            ));
        }
    }
    problems.dedup();
    print_figures(&theirs, &ours);
    eprintln!(
        "parity on the fixtures of {compared} rules: puppet-lint {} findings, plint {}, both {}",
        theirs.len(),
        ours.len(),
        theirs.intersection(&ours).count()
    );
    for (reason, n) in &explained {
        eprintln!("explained difference ({n}): {reason}");
    }
    assert!(
        problems.is_empty(),
        "{} unexplained differences:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The modules of the corpus that [`roughen`] makes into a third comparison.
const ROUGH_MODULES: &[&str] = &["apache", "mysql", "postgresql", "stdlib"];

/// Makes clean code into code with style problems, deterministically, line by line (`n` is
/// the line's number): one space before the first `=>` of a line (misaligned arrows),
/// `${name}` unbraced where the text after it allows, a space after the `,` ending every
/// 7th line, a tab in the indentation of every 11th line indented by four spaces, three
/// spaces for two on every 13th line, double quotes for single-quoted strings with nothing
/// to escape, quoted booleans ending every 3rd line, unquoted file modes on even lines,
/// unquoted resource titles, and `/* */` for every 5th line's own-line `#` comment. The
/// corpus exercises few checks; this makes thousands of findings of the indentation,
/// spacing, alignment, quoting and comment checks in real code.
fn roughen(src: &str) -> String {
    let mut out = String::with_capacity(src.len() + src.len() / 8);
    for (i, line) in src.split_inclusive('\n').enumerate() {
        let n = i + 1;
        let (body, eol) = match line.strip_suffix('\n') {
            Some(b) => (b, "\n"),
            None => (line, ""),
        };
        let mut l = body.to_string();
        if let Some(at) = l.find("=>") {
            let key_end = l[..at].trim_end().len();
            if key_end > 0 && !l[..key_end].trim().is_empty() {
                l = format!("{} {}", &l[..key_end], &l[at..]);
            }
        }
        l = double_quote(&unbrace(&l));
        if n % 3 == 0 {
            l = quote_boolean(&l);
        }
        if n % 2 == 0 {
            l = unquote_mode(&l);
        }
        l = unquote_title(&l);
        if n % 5 == 0 {
            l = star_comment(&l);
        }
        if n % 7 == 0 && l.ends_with(',') {
            l.push(' ');
        }
        let indent = l.len() - l.trim_start_matches(' ').len();
        let starts_code = l[indent..].starts_with(|c: char| !c.is_whitespace());
        if n % 11 == 0 && indent == 4 && starts_code {
            l = format!("\t  {}", &l[4..]);
        } else if n % 13 == 0 && indent == 2 && starts_code {
            l = format!(" {l}");
        }
        out.push_str(&l);
        out.push_str(eol);
    }
    out
}

/// `=> true,` as `=> 'true',` (and `false`).
fn quote_boolean(l: &str) -> String {
    for word in ["true", "false"] {
        for end in [",", ""] {
            let plain = format!("=> {word}{end}");
            if l.ends_with(&plain) {
                let at = l.len() - plain.len();
                return format!("{}=> '{word}'{end}", &l[..at]);
            }
        }
    }
    l.to_string()
}

/// `mode => "0644"` as `mode => 0644`.
fn unquote_mode(l: &str) -> String {
    let Some(at) = l.find("mode") else {
        return l.to_string();
    };
    let rest = l[at + 4..].trim_start();
    let Some(value) = rest.strip_prefix("=>").map(str::trim_start) else {
        return l.to_string();
    };
    let b = value.as_bytes();
    if b.len() >= 6 && b[0] == b'"' && b[5] == b'"' && b[1..5].iter().all(u8::is_ascii_digit) {
        let start = l.len() - value.len();
        format!("{}{}{}", &l[..start], &value[1..5], &value[6..])
    } else {
        l.to_string()
    }
}

/// `file { "name":` as `file { name:` for a plain lower-case word that is no keyword.
fn unquote_title(l: &str) -> String {
    const KEYWORDS: &[&str] = &[
        "and",
        "application",
        "attr",
        "case",
        "class",
        "consumes",
        "default",
        "define",
        "else",
        "elsif",
        "false",
        "function",
        "if",
        "import",
        "in",
        "inherits",
        "node",
        "or",
        "private",
        "produces",
        "site",
        "true",
        "type",
        "undef",
        "unless",
    ];
    let Some(open) = l.find("{ \"") else {
        return l.to_string();
    };
    let ty = l[..open].trim();
    if ty.is_empty()
        || !ty
            .chars()
            .all(|c| c.is_ascii_lowercase() || c == '_' || c == ':')
    {
        return l.to_string();
    }
    let after = &l[open + 3..];
    let Some(close) = after.find("\":") else {
        return l.to_string();
    };
    let title = &after[..close];
    let word = title.starts_with(|c: char| c.is_ascii_lowercase())
        && title
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if word && !KEYWORDS.contains(&title) {
        format!("{}{{ {title}{}", &l[..open], &after[close + 1..])
    } else {
        l.to_string()
    }
}

/// A comment on a line of its own, `# text`, as `/* text */`.
fn star_comment(l: &str) -> String {
    let indent = l.len() - l.trim_start().len();
    match l[indent..].strip_prefix("# ") {
        Some(text) if !text.contains("*/") && !text.contains("lint:") => {
            format!("{}/* {text} */", &l[..indent])
        }
        _ => l.to_string(),
    }
}

/// `${name}` as `$name` where the next character cannot continue the name (nor index it).
fn unbrace(l: &str) -> String {
    let mut out = String::with_capacity(l.len());
    let mut rest = l;
    while let Some(at) = rest.find("${") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let name_len = after
            .find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'))
            .unwrap_or(after.len());
        let name = &after[..name_len];
        let closes = after[name_len..].starts_with('}');
        let next = after[name_len..].chars().nth(1);
        let free = next.is_none_or(|c| !(c.is_ascii_alphanumeric() || "_[:-".contains(c)));
        if closes && free && name.starts_with(|c: char| c.is_ascii_lowercase() || c == '_') {
            out.push('$');
            out.push_str(name);
            rest = &after[name_len + 1..];
        } else {
            out.push_str("${");
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// Single-quoted strings of a line with nothing to escape (`'abc'`), double-quoted.
fn double_quote(l: &str) -> String {
    let mut out = String::with_capacity(l.len());
    let mut rest = l;
    while let Some(open) = rest.find('\'') {
        let Some(len) = rest[open + 1..].find('\'') else {
            break;
        };
        let inner = &rest[open + 1..open + 1 + len];
        out.push_str(&rest[..open]);
        if inner.contains(['\\', '$', '"']) {
            out.push_str(&rest[open..open + len + 2]);
        } else {
            out.push('"');
            out.push_str(inner);
            out.push('"');
        }
        rest = &rest[open + len + 2..];
    }
    out.push_str(rest);
    out
}

/// The roughened files of [`ROUGH_MODULES`] that still parse: (path relative to the corpus,
/// roughened source).
fn rough_corpus() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for module in ROUGH_MODULES {
        for (rel, path) in corpus_files(&Path::new(CORPUS).join(module)) {
            let src = std::fs::read_to_string(&path).expect("corpus files are UTF-8");
            let rough = roughen(&src);
            if plint::syntax::parse(&rough).diagnostics.is_empty() {
                out.push((format!("{module}/{rel}"), rough));
            }
        }
    }
    out
}

/// The folders of rule fixtures the fixtures test compares: those of the rules that record
/// one of puppet-lint 3.0.1's checks.
fn compared_fixture_dirs() -> Vec<(&'static RuleInfo, &'static str)> {
    registry::RULES
        .iter()
        .map(|r| r.info())
        .filter_map(|info| {
            info.puppet_lint
                .filter(|c| CHECKS.iter().any(|(k, _, _)| k == c))
                .map(|check| (info, check))
        })
        .collect()
}

/// Writes the inputs of scripts/oracle/lint-corpus.sh below `$PLINT_ORACLE_DIR`:
/// `fixture-dirs` (the folders of tests/fixtures to lint, one a line) and `rough/` (the
/// files of [`rough_corpus`]).
#[test]
#[ignore = "run by scripts/oracle/lint-corpus.sh"]
fn write_oracle_inputs() {
    let dir = PathBuf::from(std::env::var_os("PLINT_ORACLE_DIR").expect("PLINT_ORACLE_DIR"));
    let names: Vec<&str> = compared_fixture_dirs()
        .iter()
        .map(|(i, _)| i.name)
        .collect();
    std::fs::write(dir.join("fixture-dirs"), names.join("\n") + "\n").expect("write the list");
    for (rel, src) in rough_corpus() {
        let path = dir.join("rough").join(rel);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("create the folder");
        std::fs::write(path, src).expect("write the file");
    }
}

/// Differences on the roughened modules: findings of puppet-lint's that plint does not
/// report, by reason.
const ROUGH_PUPPET_LINT_ONLY: &[(&str, &[&str])] = &[];

/// Differences on the roughened modules: findings of plint's that puppet-lint does not
/// report, by reason; each is a true finding puppet-lint misses.
const ROUGH_PLINT_ONLY: &[(&str, &[&str])] = &[(
    INDEX_STRINGS,
    &[
        "apache/manifests/balancer.pp:54:double_quoted_strings",
        "apache/manifests/balancer.pp:56:double_quoted_strings",
        "mysql/manifests/server/binarylog.pp:11:double_quoted_strings",
        "mysql/manifests/server/binarylog.pp:21:double_quoted_strings",
        "mysql/manifests/server/binarylog.pp:22:double_quoted_strings",
        "mysql/manifests/server/config.pp:61:double_quoted_strings",
        "mysql/manifests/server/installdb.pp:12:double_quoted_strings",
        "mysql/manifests/server/installdb.pp:13:double_quoted_strings",
        "mysql/manifests/server/installdb.pp:14:double_quoted_strings",
        "mysql/manifests/server/installdb.pp:16:double_quoted_strings",
        "mysql/manifests/server/installdb.pp:24:double_quoted_strings",
        "mysql/manifests/server/installdb.pp:32:double_quoted_strings",
        "mysql/manifests/server/service.pp:19:double_quoted_strings",
        "mysql/manifests/server/service.pp:20:double_quoted_strings",
        "mysql/manifests/server/service.pp:21:double_quoted_strings",
        "mysql/manifests/server/service.pp:23:double_quoted_strings",
        "mysql/manifests/server/service.pp:48:double_quoted_strings",
        "mysql/manifests/server/service.pp:49:double_quoted_strings",
        "mysql/manifests/server/service.pp:50:double_quoted_strings",
        "mysql/manifests/server/service.pp:52:double_quoted_strings",
        "postgresql/manifests/server/config.pp:110:double_quoted_strings",
        "postgresql/manifests/server/config.pp:111:double_quoted_strings",
        "postgresql/manifests/server/config.pp:117:double_quoted_strings",
        "postgresql/manifests/server/role.pp:56:double_quoted_strings",
    ],
)];

/// The same comparison on a few modules of the corpus made into code with style problems
/// ([`roughen`]; `tests/oracle/puppet-lint-rough.txt`), every compared check.
#[test]
fn puppet_lint_named_rules_agree_with_puppet_lint_on_roughened_modules() {
    if !Path::new(CORPUS).is_dir() {
        assert!(
            std::env::var_os("CI").is_none(),
            "the module corpus is not installed at {CORPUS}: run scripts/install-corpus.sh"
        );
        eprintln!("skipping: no module corpus at {CORPUS} (run scripts/install-corpus.sh)");
        return;
    }
    let oracle_file =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracle/puppet-lint-rough.txt");
    let text = std::fs::read_to_string(&oracle_file).expect("the oracle fixture is readable");
    let theirs: BTreeSet<Key> = text
        .lines()
        .filter(|l| !l.is_empty())
        .map(parse_key)
        .collect();
    let oracle_checks: BTreeSet<&str> = CHECKS.iter().map(|(c, _, _)| *c).collect();
    let selection = registry::Selection::from_fn(|i| {
        i.puppet_lint
            .filter(|c| oracle_checks.contains(c))
            .map(|_| i.severity)
    });
    let files = rough_corpus();
    assert!(
        files.len() >= 200,
        "only {} roughened files parse",
        files.len()
    );
    let mut ours: BTreeSet<Key> = BTreeSet::new();
    let mut sources: BTreeMap<String, String> = BTreeMap::new();
    for (rel, src) in files {
        let parsed = plint::syntax::parse(&src);
        // The path the rules see: the file's place in the corpus (autoloader_layout).
        let path = Path::new(CORPUS).join(&rel);
        let info = FileInfo {
            path: &path.to_string_lossy(),
            source: &src,
            ast: &parsed.ast,
            module: None,
        };
        for d in registry::check(info, &selection) {
            if let Some(check) = d.puppet_lint {
                ours.insert(key(&rel, line_of(&src, d.span.start), check));
            }
        }
        sources.insert(rel, src);
    }
    let (problems, explained) = compare(
        &theirs,
        &ours,
        &sources,
        ROUGH_PUPPET_LINT_ONLY,
        ROUGH_PLINT_ONLY,
    );
    let (theirs_default, both_default) = print_figures(&theirs, &ours);
    let recall = 100.0 * both_default as f64 / theirs_default.max(1) as f64;
    eprintln!(
        "parity on {} roughened files: puppet-lint's default checks: {theirs_default} \
         findings, plint reports {both_default} of them ({recall:.1}%); all compared checks: \
         puppet-lint {}, plint {}, both {}",
        sources.len(),
        theirs.len(),
        ours.len(),
        theirs.intersection(&ours).count()
    );
    for (reason, n) in &explained {
        eprintln!("explained difference ({n}): {reason}");
    }
    assert!(
        problems.is_empty(),
        "{} unexplained differences (rerun scripts/oracle/lint-corpus.sh if `roughen` \
         changed):\n{}",
        problems.len(),
        problems.join("\n")
    );
    assert!(
        recall >= 95.0,
        "plint reports only {recall:.1}% of puppet-lint's findings"
    );
}
