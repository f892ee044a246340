//! An unknown is never a wrong answer (issue 29, item 1): at each place a compilation consumes
//! a value (a Hiera level's result, `lookup_options`, each merge strategy, `lookup()`'s
//! default, conditions and `case`, resource titles, `include` of a computed name, collectors,
//! relationships, `defined()`, string interpolation, a Ruby function's `if`), a value plint
//! cannot know stays unknown, naming where it comes from: never a default, `false`, "not
//! found" or an error. The node still gets its catalog, with the unknown values marked
//! (`{"__unknown__": type, "origin": why}`) or a note saying what was not evaluated, and what
//! can be known still is. One test per place, named after it.
//!
//! The unknown values come from what plint never computes: `generate()` (a command the server
//! runs), an eyaml `ENC[...]` value, a Hiera data file outside the repository.

use std::fs;
use std::path::Path;

use plint::eval::catalog::{Catalog, Resource};
use plint::eval::compiler::{CompileInput, CompileOutput, Manifest, Node, compile};
use plint::eval::diag::{EvalDiag, EvalDiagKind};
use plint::eval::value::{Hash, Value};
use plint::rules::catalog::message as finding_text;

/// The origin `generate()` gives its unknown result.
const GENERATED: &str = "generate(): the output of a command run by the server";

/// A control repository in a scratch folder: `site.pp`, `hiera.yaml`, `data/`, `modules/`.
fn repo(files: &[(&str, &str)]) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let p = tmp.path().join(path);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, text).unwrap();
    }
    tmp
}

/// Compiles the repository's `site.pp` for a Debian node, as `--evaluate` does (the repository
/// is the environment: its `hiera.yaml`, `data/` and `modules/`).
fn compile_repo(dir: &Path) -> CompileOutput {
    let mut facts = Hash::new();
    facts.insert(Value::string("fqdn"), Value::string("web1.example.com"));
    facts.insert(Value::string("hostname"), Value::string("web1"));
    let mut os = Hash::new();
    os.insert(Value::string("family"), Value::string("Debian"));
    facts.insert(Value::string("os"), Value::hash(os));
    let dir = dir.canonicalize().unwrap();
    let input = CompileInput {
        manifest: Manifest::Files(vec![dir.join("site.pp")]),
        sandbox: std::sync::Arc::new(plint::sandbox::Sandbox::new(
            &dir,
            std::slice::from_ref(&dir),
        )),
        modulepath: vec![dir.join("modules")],
        global_hiera: None,
        hiera: None,
        environment_dir: Some(dir.clone()),
        environment: "production".into(),
        strict_variables: false,
        budgets: Default::default(),
        node: Node::new("web1.example.com", facts),
        ruby: Default::default(),
        record_variable_reads: false,
    };
    compile(&input)
}

/// Compiles `site` alone.
fn compile_site(site: &str) -> CompileOutput {
    let tmp = repo(&[("site.pp", site)]);
    compile_repo(tmp.path())
}

/// The findings at error level: what makes Puppet fail.
fn errors(out: &CompileOutput) -> Vec<&EvalDiag> {
    out.diags
        .iter()
        .filter(|d| {
            !matches!(
                d.kind,
                EvalDiagKind::UnknownCondition { .. }
                    | EvalDiagKind::NotEvaluated { .. }
                    | EvalDiagKind::RefusedHieraData { .. }
                    | EvalDiagKind::RefusedRead { .. }
                    | EvalDiagKind::IncompleteFacts { .. }
            )
        })
        .collect()
}

/// The node's catalog, which must be there: an unknown is not an error. It is incomplete:
/// it holds an unknown value, or a note says what was not evaluated.
fn incomplete_catalog(out: &CompileOutput) -> &Catalog {
    assert!(
        errors(out).is_empty(),
        "no error expected: {:#?}",
        out.diags
    );
    let catalog = out
        .catalog
        .as_ref()
        .unwrap_or_else(|| panic!("no catalog: {:#?}", out.diags));
    let json = catalog.to_json().to_string();
    let noted = out.diags.iter().any(|d| {
        matches!(
            d.kind,
            EvalDiagKind::UnknownCondition { .. }
                | EvalDiagKind::NotEvaluated { .. }
                | EvalDiagKind::RefusedHieraData { .. }
        )
    });
    assert!(
        json.contains("__unknown__") || noted,
        "the catalog should be marked incomplete: {json}\n{:#?}",
        out.diags
    );
    catalog
}

fn resource<'c>(catalog: &'c Catalog, ty: &str, title: &str) -> &'c Resource {
    catalog
        .find(ty, title)
        .map(|i| catalog.get(i))
        .unwrap_or_else(|| panic!("no {ty}[{title}] in {}", catalog.to_json()))
}

/// The `message` of `Notify[title]`.
fn message(catalog: &Catalog, title: &str) -> Value {
    resource(catalog, "Notify", title)
        .param("message")
        .cloned()
        .unwrap_or(Value::Undef)
}

/// Asserts that `v` is unknown and that its origin names `origin`.
#[track_caller]
fn assert_unknown_from(v: &Value, origin: &str) {
    match v {
        Value::Unknown(u) => assert!(
            u.origin.contains(origin),
            "origin `{}` should name `{origin}`",
            u.origin
        ),
        other => panic!("expected an unknown from {origin}, got {other:?}"),
    }
}

/// The notes of a kind, by message.
fn notes(out: &CompileOutput, kind: fn(&EvalDiagKind) -> bool) -> Vec<String> {
    out.diags
        .iter()
        .filter(|d| kind(&d.kind))
        .map(|d| finding_text(&d.kind))
        .collect()
}

// --- Hiera ------------------------------------------------------------------------------

const HIERA: &str = "version: 5
defaults:
  datadir: data
  data_hash: yaml_data
hierarchy:
  - name: secrets
    lookup_key: eyaml_lookup_key
    path: secrets.eyaml
  - name: common
    path: common.yaml
";

const SECRETS: &str =
    "secret: ENC[PKCS7,MIIBiQYJKoZIhvcNAQcDoIIBejCCAXYCAQAxggEhMIIBHQIBADAFMAACAQEw]
list:
  - ENC[PKCS7,MIIBiQYJKoZIhvcNAQcDoIIBejCCAXYCAQAxggEh]
users:
  alice: ENC[PKCS7,MIIBiQYJKoZIhvcNAQcDoIIBejCCAXYCAQAxggEh]
deep:
  db:
    password: ENC[PKCS7,MIIBiQYJKoZIhvcNAQcDoIIBejCCAXYCAQAxggEh]
plain: not secret
";

const COMMON: &str = "secret: the default
list:
  - 1
users:
  bob: 2
deep:
  db:
    user: admin
plain: the common one
only_common: common
lookup_options:
  merged_users:
    merge: hash
";

fn hiera_repo(site: &str) -> tempfile::TempDir {
    repo(&[
        ("site.pp", site),
        ("hiera.yaml", HIERA),
        ("data/secrets.eyaml", SECRETS),
        ("data/common.yaml", COMMON),
    ])
}

const EYAML: &str = "an encrypted eyaml value";

#[test]
fn hiera_level_result() {
    let tmp = hiera_repo(
        "notify { 'secret': message => lookup('secret') }\n\
         notify { 'plain': message => lookup('plain') }\n\
         notify { 'common': message => lookup('only_common') }\n",
    );
    let out = compile_repo(tmp.path());
    let c = incomplete_catalog(&out);
    // The encrypted value is unknown, never the lower level's value.
    assert_unknown_from(&message(c, "secret"), EYAML);
    assert_unknown_from(&message(c, "secret"), "secrets.eyaml");
    // What the levels hold in plain text is known.
    assert_eq!(message(c, "plain"), Value::string("not secret"));
    assert_eq!(message(c, "common"), Value::string("common"));
}

#[test]
fn hiera_level_not_read() {
    // A data folder outside the repository: its files are not read.
    let outside = tempfile::tempdir().unwrap();
    fs::write(outside.path().join("common.yaml"), "key: outside\n").unwrap();
    let hiera = format!(
        "version: 5\nhierarchy:\n  - name: outside\n    datadir: {}\n    path: common.yaml\n\
         \x20 - name: common\n    datadir: data\n    path: common.yaml\n",
        outside.path().display()
    );
    let tmp = repo(&[
        (
            "site.pp",
            "notify { 'k': message => lookup('key', String, first, 'dflt') }\n",
        ),
        ("hiera.yaml", &hiera),
        ("data/common.yaml", "key: inside\n"),
    ]);
    let out = compile_repo(tmp.path());
    let c = incomplete_catalog(&out);
    // Neither the lower level's value nor the default: the file not read may hold the key.
    assert_unknown_from(&message(c, "k"), "not read");
    assert_eq!(
        notes(&out, |k| matches!(k, EvalDiagKind::RefusedHieraData { .. })).len(),
        1
    );
}

#[test]
fn lookup_options_merge() {
    // `lookup_options` known (merge: hash), one level's value unknown: the merged hash keeps
    // what is known and the unknown key.
    let tmp = repo(&[
        (
            "site.pp",
            "notify { 'u': message => lookup('merged_users') }\n",
        ),
        ("hiera.yaml", HIERA),
        (
            "data/secrets.eyaml",
            "merged_users:\n  alice: ENC[PKCS7,MIIBiQYJKoZIhvcNAQcDoIIBejCCAXYCAQAxggEh]\n",
        ),
        (
            "data/common.yaml",
            "merged_users:\n  bob: 2\nlookup_options:\n  merged_users:\n    merge: hash\n",
        ),
    ]);
    let out = compile_repo(tmp.path());
    let c = incomplete_catalog(&out);
    let v = message(c, "u");
    let h = v.as_hash().unwrap_or_else(|| panic!("a hash: {v:?}"));
    assert_unknown_from(h.get_str("alice").unwrap(), EYAML);
    assert_eq!(h.get_str("bob"), Some(&Value::Integer(2)));
}

#[test]
fn merge_first() {
    let tmp = hiera_repo("notify { 'f': message => lookup('secret', undef, 'first') }\n");
    let out = compile_repo(tmp.path());
    let c = incomplete_catalog(&out);
    assert_unknown_from(&message(c, "f"), EYAML);
}

#[test]
fn merge_unique() {
    // `[1]` and an unknown element: the known element stays, with the unknown one.
    let tmp = hiera_repo("notify { 'u': message => lookup('list', Array, 'unique') }\n");
    let out = compile_repo(tmp.path());
    let c = incomplete_catalog(&out);
    let v = message(c, "u");
    assert!(v.contains_unknown(), "{v:?}");
    let known: Vec<&Value> = match v.as_array() {
        Some(a) => a.iter().filter(|e| !e.is_unknown()).collect(),
        None => {
            assert_unknown_from(&v, EYAML);
            Vec::new()
        }
    };
    assert!(known.is_empty() || known == [&Value::Integer(1)], "{v:?}");
}

#[test]
fn merge_hash() {
    let tmp = hiera_repo("notify { 'h': message => lookup('users', Hash, 'hash') }\n");
    let out = compile_repo(tmp.path());
    let c = incomplete_catalog(&out);
    let v = message(c, "h");
    let h = v.as_hash().unwrap_or_else(|| panic!("a hash: {v:?}"));
    assert_unknown_from(h.get_str("alice").unwrap(), EYAML);
    assert_eq!(h.get_str("bob"), Some(&Value::Integer(2)));
}

#[test]
fn merge_deep() {
    let tmp = hiera_repo("notify { 'd': message => lookup('deep', Hash, 'deep') }\n");
    let out = compile_repo(tmp.path());
    let c = incomplete_catalog(&out);
    let v = message(c, "d");
    let db = v
        .as_hash()
        .and_then(|h| h.get_str("db"))
        .and_then(Value::as_hash)
        .unwrap_or_else(|| panic!("a hash of a hash: {v:?}"));
    assert_unknown_from(db.get_str("password").unwrap(), EYAML);
    assert_eq!(db.get_str("user"), Some(&Value::string("admin")));
}

#[test]
fn lookup_default() {
    // The value found is unknown: the default is not taken, nor is the type checked against
    // it as a mismatch.
    let tmp = hiera_repo(
        "notify { 'd': message => lookup('secret', String, 'first', 'the default') }\n\
         notify { 'n': message => lookup('nosuchkey', String, 'first', 'the default') }\n",
    );
    let out = compile_repo(tmp.path());
    let c = incomplete_catalog(&out);
    assert_unknown_from(&message(c, "d"), EYAML);
    // A key no level has, with every level read: the default.
    assert_eq!(message(c, "n"), Value::string("the default"));
}

#[test]
fn automatic_class_parameter() {
    let tmp = hiera_repo(
        "class app(String $secret) { notify { 'p': message => $secret } }\ninclude app\n",
    );
    fs::write(
        tmp.path().join("data/secrets.eyaml"),
        "app::secret: ENC[PKCS7,MIIBiQYJKoZIhvcNAQcDoIIBejCCAXYCAQAxggEh]\n",
    )
    .unwrap();
    let out = compile_repo(tmp.path());
    let c = incomplete_catalog(&out);
    assert_unknown_from(&message(c, "p"), EYAML);
}

// --- Conditions ---------------------------------------------------------------------------

#[test]
fn if_condition() {
    let out = compile_site(
        "$role = generate('/usr/local/bin/role')\n\
         if $role == 'web' { notify { 'web': } $x = 1 } else { notify { 'other': } $x = 2 }\n\
         notify { 'x': message => $x }\n\
         notify { 'after': message => 'known' }\n",
    );
    let c = incomplete_catalog(&out);
    // Neither branch's resources: which one Puppet takes is not known.
    assert!(c.find("Notify", "web").is_none() && c.find("Notify", "other").is_none());
    // What the branches assign is unknown, naming the branch.
    assert_unknown_from(&message(c, "x"), "a branch not evaluated");
    assert_eq!(message(c, "after"), Value::string("known"));
    let n = notes(&out, |k| matches!(k, EvalDiagKind::UnknownCondition { .. }));
    assert_eq!(n.len(), 1, "{n:?}");
    assert!(n[0].contains(GENERATED), "{n:?}");
}

#[test]
fn unless_condition() {
    let out = compile_site(
        "unless generate('/usr/local/bin/role') =~ /web/ { notify { 'not web': } }\n\
         notify { 'after': }\n",
    );
    let c = incomplete_catalog(&out);
    assert!(c.find("Notify", "not web").is_none());
    assert!(c.find("Notify", "after").is_some());
    assert_eq!(
        notes(&out, |k| matches!(k, EvalDiagKind::UnknownCondition { .. })).len(),
        1
    );
}

#[test]
fn case_statement() {
    let out = compile_site(
        "$role = generate('/usr/local/bin/role')\n\
         case $role {\n  'web': { notify { 'web': } }\n  default: { notify { 'default': } }\n}\n\
         case 'db' {\n  'web': { notify { 'known web': } }\n  'db': { notify { 'known db': } }\n}\n",
    );
    let c = incomplete_catalog(&out);
    // No branch is chosen for the unknown value, not even `default`.
    assert!(c.find("Notify", "web").is_none() && c.find("Notify", "default").is_none());
    // The known `case` is evaluated.
    assert!(c.find("Notify", "known db").is_some() && c.find("Notify", "known web").is_none());
    let n = notes(&out, |k| matches!(k, EvalDiagKind::UnknownCondition { .. }));
    assert_eq!(n.len(), 1, "{n:?}");
    assert!(n[0].contains(GENERATED), "{n:?}");
}

#[test]
fn selector() {
    let out = compile_site(
        "$v = generate('/usr/local/bin/role') ? { 'web' => 80, default => 8080 }\n\
         notify { 's': message => $v }\n",
    );
    let c = incomplete_catalog(&out);
    // Not the default's value.
    assert_unknown_from(&message(c, "s"), GENERATED);
}

// --- Resources, classes, references --------------------------------------------------------

#[test]
fn resource_title() {
    let out = compile_site(
        "$n = generate('/usr/local/bin/name')\n\
         file { \"/etc/${n}.conf\": ensure => file }\n\
         notify { 'known': }\n",
    );
    let c = incomplete_catalog(&out);
    let unknown: Vec<&Resource> = c
        .resources()
        .iter()
        .filter(|r| r.type_name == "File")
        .collect();
    // The resource is in the catalog, its title unknown and naming its origin.
    assert_eq!(unknown.len(), 1, "{}", c.to_json());
    let title = unknown[0].unknown_title.as_ref().expect("an unknown title");
    assert_unknown_from(title, GENERATED);
    assert_eq!(unknown[0].param("ensure"), Some(&Value::string("file")));
    assert!(c.find("Notify", "known").is_some());
}

#[test]
fn resource_attribute() {
    let out = compile_site(
        "file { '/etc/motd': ensure => file, content => generate('/usr/local/bin/motd') }\n",
    );
    let c = incomplete_catalog(&out);
    let f = resource(c, "File", "/etc/motd");
    assert_unknown_from(f.param("content").unwrap(), GENERATED);
    assert_eq!(f.param("ensure"), Some(&Value::string("file")));
}

#[test]
fn define_parameter() {
    // A define given an unknown: its body runs, the unknown flows to what it declares.
    let out = compile_site(
        "define app::site(String $docroot) { notify { \"site ${title}\": message => $docroot } }\n\
         app::site { 'a': docroot => generate('/usr/local/bin/root') }\n",
    );
    let c = incomplete_catalog(&out);
    assert_unknown_from(&message(c, "site a"), GENERATED);
}

#[test]
fn include_of_a_computed_name() {
    for function in ["include", "contain", "require"] {
        let out = compile_site(&format!(
            "class known {{ notify {{ 'known': }} }}\n\
             class wrapper {{\n  $role = generate('/usr/local/bin/role')\n  \
             {function} \"role::${{role}}\"\n  {function} known\n}}\n\
             include wrapper\n"
        ));
        let c = incomplete_catalog(&out);
        // Not "Could not find class": the class is not known, and a note says so.
        assert!(
            out.diags
                .iter()
                .all(|d| !matches!(d.kind, EvalDiagKind::UnknownClass { .. })),
            "{function}: {:#?}",
            out.diags
        );
        let n = notes(&out, |k| matches!(k, EvalDiagKind::UnknownCondition { .. }));
        let n2 = notes(&out, |k| matches!(k, EvalDiagKind::NotEvaluated { .. }));
        assert!(
            n.iter().chain(&n2).any(|m| m.contains(GENERATED)),
            "{function}: a note naming the origin: {:#?}",
            out.diags
        );
        // The known class is declared.
        assert!(c.find("Notify", "known").is_some(), "{function}");
        assert!(c.classes.iter().any(|k| k == "known"), "{function}");
    }
}

#[test]
fn relationship_with_an_unknown_reference() {
    let out = compile_site(
        "file { '/etc/x': ensure => file }\n\
         $role = generate('/usr/local/bin/role')\n\
         Class[$role] -> File['/etc/x']\n\
         File['/etc/x'] -> Service[$role]\n\
         notify { 'after': }\n",
    );
    let c = incomplete_catalog(&out);
    // Not a dangling relationship: the reference is unknown, not absent.
    assert!(
        out.diags
            .iter()
            .all(|d| !matches!(d.kind, EvalDiagKind::DanglingRelationship { .. })),
        "{:#?}",
        out.diags
    );
    assert!(c.find("File", "/etc/x").is_some());
    assert!(c.find("Notify", "after").is_some());
}

#[test]
fn relationship_metaparameter_with_an_unknown_reference() {
    let out = compile_site(
        "$role = generate('/usr/local/bin/role')\n\
         file { '/etc/x': ensure => file, require => Package[$role] }\n",
    );
    let c = incomplete_catalog(&out);
    assert!(
        out.diags
            .iter()
            .all(|d| !matches!(d.kind, EvalDiagKind::DanglingRelationship { .. })),
        "{:#?}",
        out.diags
    );
    let f = resource(c, "File", "/etc/x");
    assert!(f.param("require").unwrap().contains_unknown());
}

#[test]
fn collector_with_an_unknown_query() {
    let out = compile_site(
        "$tag = generate('/usr/local/bin/tag')\n\
         @file { '/etc/a': ensure => file, tag => ['web'] }\n\
         @file { '/etc/b': ensure => file }\n\
         File <| tag == $tag |>\n\
         File <| title == '/etc/b' |> { mode => generate('/usr/local/bin/mode') }\n",
    );
    let c = incomplete_catalog(&out);
    // What the unknown query collects is not known: not "nothing", and a note says so.
    let n = notes(&out, |k| matches!(k, EvalDiagKind::UnknownCondition { .. }));
    assert!(
        n.iter().any(|m| m.contains(GENERATED)),
        "a note naming the origin: {:#?}",
        out.diags
    );
    // The known collector realizes and overrides with the unknown value.
    let b = resource(c, "File", "/etc/b");
    assert!(!b.virtual_);
    assert_unknown_from(b.param("mode").unwrap(), GENERATED);
}

#[test]
fn defined_of_an_unknown() {
    let out = compile_site(
        "$role = generate('/usr/local/bin/role')\n\
         $d = defined($role)\n\
         $r = defined(File[$role])\n\
         notify { 'd': message => $d }\n\
         notify { 'r': message => $r }\n\
         if defined($role) { notify { 'then': } } else { notify { 'else': } }\n",
    );
    let c = incomplete_catalog(&out);
    // Neither `false` nor `true`.
    assert!(message(c, "d").is_unknown(), "{:?}", message(c, "d"));
    assert!(message(c, "r").is_unknown(), "{:?}", message(c, "r"));
    assert!(c.find("Notify", "then").is_none() && c.find("Notify", "else").is_none());
}

#[test]
fn string_interpolation() {
    let out = compile_site(
        "$role = generate('/usr/local/bin/role')\n\
         notify { 'i': message => \"role: ${role}\" }\n\
         notify { 'j': message => \"${facts['os']['family']}\" }\n",
    );
    let c = incomplete_catalog(&out);
    assert_unknown_from(&message(c, "i"), GENERATED);
    assert_eq!(message(c, "j"), Value::string("Debian"));
}

#[test]
fn ruby_if_on_an_unknown() {
    // A module's 4.x function whose `if` reads the unknown argument.
    let tmp = repo(&[
        (
            "site.pp",
            "notify { 'r': message => m::choose(generate('/usr/local/bin/role')) }\n\
             notify { 'k': message => m::choose('web') }\n",
        ),
        (
            "modules/m/lib/puppet/functions/m/choose.rb",
            "Puppet::Functions.create_function(:'m::choose') do\n\
             \x20 dispatch :choose do\n    param 'Any', :role\n  end\n\
             \x20 def choose(role)\n    if role == 'web'\n      'port 80'\n    else\n      'port 22'\n    end\n  end\nend\n",
        ),
    ]);
    let out = compile_repo(tmp.path());
    let c = incomplete_catalog(&out);
    // Not the `else` branch's value.
    assert_unknown_from(&message(c, "r"), GENERATED);
    assert_eq!(message(c, "k"), Value::string("port 80"));
}

#[test]
fn function_arguments() {
    let out = compile_site(
        "$role = generate('/usr/local/bin/role')\n\
         notify { 'u': message => upcase($role) }\n\
         notify { 'j': message => join(['a', $role], ',') }\n\
         notify { 's': message => size([1, $role]) }\n",
    );
    let c = incomplete_catalog(&out);
    assert_unknown_from(&message(c, "u"), GENERATED);
    assert!(message(c, "j").is_unknown(), "{:?}", message(c, "j"));
    // What is known of the array is enough.
    assert_eq!(message(c, "s"), Value::Integer(2));
}

// --- Every error at once (issue 29, item 5) ------------------------------------------------

/// The messages of the errors that failed the compilation, in the order it met them.
fn error_messages(out: &CompileOutput) -> Vec<String> {
    let messages: Vec<String> = out
        .errors
        .iter()
        .map(|&i| finding_text(&out.diags[i].kind))
        .collect();
    // They are every finding at error level.
    assert_eq!(messages.len(), errors(out).len(), "{:#?}", out.diags);
    messages
}

#[test]
fn errors_at_the_end_of_the_compilation_are_all_reported() {
    // Dangling relationships (two statements, and a metaparameter), an override of nothing,
    // a realization of nothing, an unknown attribute: Puppet stops at the first; each is
    // independent of the others.
    let out = compile_site(
        "notify { 'a': }\n\
         Notify['a'] -> File['/missing/one']\n\
         Notify['a'] -> File['/missing/two']\n\
         [Notify['a'], Notify['b']] -> File['/missing/three']\n\
         notify { 'b': require => Package['missing'] }\n\
         realize(User['nobody'])\n\
         file { '/etc/x': ensure => file, nosuchattr => 1 }\n",
    );
    assert!(out.catalog.is_none(), "the compilation fails");
    let failed = out.failed.as_ref().expect("what compiled is kept");
    assert!(failed.find("Notify", "a").is_some());
    let messages = error_messages(&out);
    for m in [
        "'File[/missing/one]'",
        "'File[/missing/two]'",
        "'File[/missing/three]'",
        "'Package[missing]' in parameter 'require'",
        "User[nobody]",
        "no parameter named 'nosuchattr'",
    ] {
        assert!(
            messages.iter().filter(|e| e.contains(m)).count() == 1,
            "{m} once in {messages:#?}"
        );
    }
    // One relationship naming a missing resource is one error, however many sources it has.
    assert_eq!(messages.len(), 6, "{messages:#?}");
}

#[test]
fn three_independent_errors_in_three_classes() {
    // An error in a resource's attribute, in a function's argument, in a Hiera lookup: each
    // class goes on after it, and what uses the failed value is not a second error.
    let tmp = repo(&[
        (
            "site.pp",
            "class one {\n  file { '/etc/one': ensure => file, mode => 1 + 'x' }\n  \
             notify { 'one after': }\n}\n\
             class two {\n  $v = upcase(1, 2, 3)\n  notify { \"two ${v}\": }\n  \
             notify { 'two after': }\n}\n\
             class three {\n  $h = lookup('broken')\n  notify { 'three': message => $h }\n  \
             notify { 'three after': }\n}\n\
             include one\ninclude two\ninclude three\n",
        ),
        (
            "hiera.yaml",
            "version: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n",
        ),
        ("data/common.yaml", "broken: \"%{lookup('broken')}\"\n"),
    ]);
    let out = compile_repo(tmp.path());
    assert!(out.catalog.is_none(), "the compilation fails");
    let failed = out.failed.as_ref().expect("what compiled is kept");
    let messages = error_messages(&out);
    assert_eq!(messages.len(), 3, "{:#?}", out.diags);
    // In the order Puppet meets them: the first is the one Puppet reports.
    assert!(messages[0].contains("Numeric"), "{messages:#?}");
    assert!(messages[1].contains("upcase"), "{messages:#?}");
    assert!(messages[2].contains("broken"), "{messages:#?}");
    for t in ["one after", "two after", "three after"] {
        assert!(failed.find("Notify", t).is_some(), "{t}");
    }
}

#[test]
fn define_instances_that_fail_are_each_reported() {
    // The defines are evaluated after the node (Puppet's generators loop): the node's error
    // is the first Puppet meets, then each failing instance.
    let out = compile_site(
        "define d1(Integer $n) { notify { \"d1 ${title}\": } }\n\
         define d2(String $s) { notify { \"d2 ${title}\": } }\n\
         d1 { 'a': n => 'x' }\nd2 { 'b': s => 1 }\nd1 { 'c': }\nd1 { 'd': n => 1 }\n\
         node default {\n  $x = 1 + 'y'\n  notify { 'in node': }\n}\n",
    );
    let messages = error_messages(&out);
    assert_eq!(messages.len(), 4, "{messages:#?}");
    assert!(messages[0].contains("Numeric"), "{messages:#?}");
    assert!(messages[1].starts_with("D1[a]"), "{messages:#?}");
    assert!(messages[2].starts_with("D2[b]"), "{messages:#?}");
    assert!(messages[3].starts_with("D1[c]"), "{messages:#?}");
    let failed = out.failed.as_ref().expect("what compiled is kept");
    assert!(failed.find("Notify", "d1 d").is_some() && failed.find("Notify", "in node").is_some());
}

#[test]
fn what_a_failed_value_feeds_is_not_a_second_error() {
    // `$x` failed: what uses it (a typed parameter, arithmetic, a type assertion, a title,
    // a reference, a template) is unknown, not another error.
    let out = compile_site(
        "class c(Integer $n) { notify { 'c': message => $n } }\n\
         define d(String $s) { notify { \"d ${title}\": message => $s } }\n\
         $x = no_such_function(1)\n\
         class { 'c': n => $x }\n\
         d { 'one': s => $x }\n\
         $y = $x + 1\n\
         $z = assert_type(Integer, $x)\n\
         notify { \"t ${x}\": }\n\
         notify { 'ref': require => Notify[$x] }\n\
         $e = inline_epp('<%= $x %> and <%= $x + 1 %>', { 'x' => $x })\n\
         notify { 'e': message => $e }\n\
         notify { 'last': }\n",
    );
    let messages = error_messages(&out);
    assert_eq!(messages.len(), 1, "{:#?}", out.diags);
    assert!(messages[0].contains("no_such_function"), "{messages:#?}");
    let failed = out.failed.as_ref().expect("what compiled is kept");
    for (ty, title) in [("Notify", "c"), ("Notify", "d one"), ("Notify", "e")] {
        assert!(failed.find(ty, title).is_some(), "{ty}[{title}]");
    }
    assert!(failed.find("Notify", "last").is_some());
}

#[test]
fn an_error_in_a_template_fails_its_statement_only() {
    let out = compile_site(
        "$a = inline_epp('<%= 1 + \"x\" %>')\n\
         notify { 'a': message => $a }\n\
         file { '/etc/b': content => inline_template('<%= raise \"boom\" %>') }\n\
         notify { 'last': }\n",
    );
    let messages = error_messages(&out);
    assert_eq!(messages.len(), 2, "{:#?}", out.diags);
    let failed = out.failed.as_ref().expect("what compiled is kept");
    assert!(failed.find("Notify", "last").is_some());
    // What the failed template gave is unknown, named after the failed statement.
    assert_unknown_from(&message(failed, "a"), "a statement that failed");
}

/// The `P213` notes naming `GENERATED`, by line.
fn noted_lines(out: &CompileOutput) -> Vec<u32> {
    out.diags
        .iter()
        .filter(|d| {
            matches!(d.kind, EvalDiagKind::UnknownCondition { .. })
                && finding_text(&d.kind).contains(GENERATED)
        })
        .filter_map(|d| d.at.line)
        .collect()
}

#[test]
fn declarations_of_an_unknown_name() {
    // What each of these would declare is not known: none is an error, none is silent.
    let out = compile_site(
        "$u = generate('/usr/local/bin/x')\n\
         create_resources('file', $u)\n\
         create_resources($u, { '/etc/a' => {} })\n\
         realize(File[$u])\n\
         class { $u: }\n\
         Resource[$u] { 'x': }\n\
         $u.each |$x| { file { $x: } }\n\
         create_resources('file', { '/etc/b' => { 'content' => $u } })\n\
         notify { 'last': }\n",
    );
    let c = incomplete_catalog(&out);
    assert_eq!(noted_lines(&out), [2, 3, 4, 5, 6, 7], "{:#?}", out.diags);
    // A known hash with an unknown value declares its resources.
    assert_unknown_from(
        resource(c, "File", "/etc/b").param("content").unwrap(),
        GENERATED,
    );
    assert!(c.find("Notify", "last").is_some());
}

#[test]
fn a_dependency_cycle_is_reported_with_the_other_errors() {
    let out = compile_site(
        "notify { 'a': before => Notify['b'] }\n\
         notify { 'b': before => Notify['a'] }\n\
         $x = 1 + 'y'\n",
    );
    let messages = error_messages(&out);
    assert_eq!(messages.len(), 2, "{messages:#?}");
    assert!(messages[0].contains("Numeric"), "{messages:#?}");
    assert!(messages[1].contains("dependency cycle"), "{messages:#?}");
    assert!(out.failed.is_some());
}
