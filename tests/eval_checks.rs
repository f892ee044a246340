//! Catalog checks (`eval::checks`) against real Puppet 7.
//!
//! `tests/eval_checks/*.pp` were compiled by Puppet 7.23 with `tests/eval_checks/oracle.rb`,
//! which wrote next to each the catalog Puppet compiled (exported resources included), the
//! error its agent raised turning that catalog into the one it applies, and its dependency
//! cycle report. Each catalog is loaded into plint's catalog model and checked: plint must
//! report the same cycles, with the same text, and the same agent errors.
//!
//! The other tests build catalogs by hand for what Puppet's compiler refuses to produce a
//! catalog for (dangling references, unknown attributes), with the messages Puppet gave for
//! the same manifests (quoted in each test).

use std::path::Path;

use plint::eval::Value;
use plint::eval::catalog::{Catalog, Location, Resource};
use plint::eval::checks::{
    add_relationship, check_attributes, check_cycles, check_relationships, resolve_reference,
};
use plint::eval::diag::{EvalDiag, EvalDiagKind};
use plint::rules::catalog::message;
use serde_json::Value as Json;

fn value_of(j: &Json) -> Value {
    plint::eval::yaml::json_to_value(j).expect("a JSON value within Puppet's range")
}

/// A catalog in Puppet's JSON form loaded into plint's model.
fn catalog_from_json(j: &Json) -> Catalog {
    let mut c = Catalog::new("n1", "production");
    for r in j["resources"].as_array().expect("resources") {
        let mut res = Resource::new(
            r["type"].as_str().expect("type"),
            r["title"].as_str().expect("title"),
        );
        res.exported = r["exported"].as_bool().unwrap_or(false);
        // Recorded by the oracle (not part of Puppet's format): an exported resource no
        // collector collected.
        res.virtual_ = r["virtual"].as_bool().unwrap_or(false);
        res.location = Location {
            file: None,
            span: None,
            line: r["line"].as_u64().map(|l| l as u32),
        };
        if let Some(params) = r["parameters"].as_object() {
            for (k, v) in params {
                res.set_param(k, value_of(v));
            }
        }
        if let Some(tags) = r["tags"].as_array() {
            for t in tags.iter().filter_map(Json::as_str) {
                res.tag(t);
            }
        }
        c.add(res).expect("no duplicates in Puppet's catalog");
    }
    for e in j["edges"].as_array().expect("edges") {
        c.add_edge(
            e["source"].as_str().expect("source").to_string(),
            e["target"].as_str().expect("target").to_string(),
        );
    }
    c
}

/// The messages (as the rules write them) of the findings of a kind.
fn messages(diags: &[EvalDiag], is: fn(&EvalDiagKind) -> bool) -> Vec<String> {
    diags
        .iter()
        .filter(|d| is(&d.kind))
        .map(|d| message(&d.kind))
        .collect()
}

#[test]
fn cycles_and_agent_errors_are_puppets() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/eval_checks");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/eval_checks")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 27, "the fixtures are there");
    let mut failures = Vec::new();
    for f in &files {
        let j: Json =
            serde_json::from_str(&std::fs::read_to_string(f).expect("read")).expect("fixture JSON");
        let name = f.file_stem().unwrap().to_string_lossy();
        assert!(j["error"].is_null(), "{name}: Puppet did not compile it");
        let cat = catalog_from_json(&j["catalog"]);

        let cycles = check_cycles(&cat, None);
        let got = messages(&cycles, |k| {
            matches!(k, EvalDiagKind::DependencyCycle { .. })
        });
        let want: Vec<String> = j["cycles"]
            .as_str()
            .map(str::to_string)
            .into_iter()
            .collect();
        if got != want {
            failures.push(format!("{name}: cycles\n  got:  {got:?}\n  want: {want:?}"));
        }

        let rels = check_relationships(&cat, None);
        let got = messages(&rels, |k| {
            matches!(k, EvalDiagKind::DanglingRelationship { .. })
        });
        let want: Vec<String> = j["agent_error"]
            .as_str()
            .map(str::to_string)
            .into_iter()
            .collect();
        if got != want {
            failures.push(format!(
                "{name}: relationships\n  got:  {got:?}\n  want: {want:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The catalog Puppet's compiler starts from: `Stage[main]` containing `Class[Settings]` and
/// `Class[main]`.
fn base() -> Catalog {
    let mut c = Catalog::new("n1", "production");
    for (t, n) in [("Stage", "main"), ("Class", "Settings"), ("Class", "main")] {
        c.add(Resource::new(t, n)).unwrap();
    }
    c.add_edge("Stage[main]".into(), "Class[Settings]".into());
    c.add_edge("Stage[main]".into(), "Class[main]".into());
    c
}

/// Adds a resource contained in `Class[main]`, declared on `line`.
fn add(c: &mut Catalog, ty: &str, title: &str, line: u32, params: &[(&str, Value)]) -> usize {
    let mut r = Resource::new(ty, title);
    r.location.line = Some(line);
    for (k, v) in params {
        r.set_param(k, v.clone());
    }
    let i = c.add(r).unwrap();
    c.add_edge("Class[main]".into(), c.get(i).reference());
    i
}

fn rel_messages(c: &Catalog) -> Vec<String> {
    messages(&check_relationships(c, None), |k| {
        matches!(k, EvalDiagKind::DanglingRelationship { .. })
    })
}

#[test]
fn dangling_relationship_parameters() {
    // file { '/a': ensure => file, require => File['/x'] }
    //   Could not find resource 'File[/x]' in parameter 'require'
    let mut c = base();
    add(
        &mut c,
        "File",
        "/a",
        1,
        &[("require", Value::resource("File", "/x"))],
    );
    assert_eq!(
        rel_messages(&c),
        ["Could not find resource 'File[/x]' in parameter 'require'"]
    );
    let d = &check_relationships(&c, None)[0];
    assert_eq!(d.at.line, Some(1));

    // A string reference is shown as written: require => [['file[/x]'], undef]
    //   Could not find resource 'file[/x]' in parameter 'require'
    let mut c = base();
    add(
        &mut c,
        "File",
        "/a",
        1,
        &[(
            "require",
            Value::array(vec![
                Value::array(vec![Value::string("file[/x]")]),
                Value::Undef,
            ]),
        )],
    );
    assert_eq!(
        rel_messages(&c),
        ["Could not find resource 'file[/x]' in parameter 'require'"]
    );

    // Values that are not references (require => 'nonsense', require => 42, require => File).
    let mut c = base();
    add(
        &mut c,
        "File",
        "/a",
        1,
        &[("require", Value::string("nonsense"))],
    );
    add(&mut c, "File", "/b", 2, &[("before", Value::Integer(42))]);
    add(
        &mut c,
        "File",
        "/c",
        3,
        &[("notify", Value::string("File[/tmp/a]x"))],
    );
    assert_eq!(
        rel_messages(&c),
        [
            "No title provided and \"nonsense\" is not a valid resource reference",
            "No title provided and \"42\" is not a valid resource reference",
            "No title provided and \"File[/tmp/a]x\" is not a valid resource reference",
        ]
    );
}

#[test]
fn references_resolve_as_in_puppets_catalog() {
    // class foo {} include foo; define foo::bar() {} foo::bar { 'x': }; file { '/tmp/a': }
    // notify { 'Foo': }; then file { '/b': require => REF } for each REF: found or not, as
    // Puppet 7.23 found it.
    let mut c = base();
    add(&mut c, "Class", "Foo", 1, &[]);
    add(&mut c, "Foo::Bar", "x", 3, &[]);
    add(&mut c, "File", "/tmp/a", 5, &[]);
    add(&mut c, "Notify", "Foo", 6, &[]);
    add(&mut c, "File", "x", 7, &[("path", Value::string("/tmp/p"))]);
    add(
        &mut c,
        "File",
        "/tmp/q",
        8,
        &[("alias", Value::string("qq"))],
    );
    add(
        &mut c,
        "Exec",
        "e",
        9,
        &[("command", Value::string("/bin/true"))],
    );
    add(&mut c, "Foo::Bar", "y", 10, &[("name", Value::string("z"))]);
    let found = |v: Value| resolve_reference(&c, &v).is_ok();
    for s in [
        "Class[foo]",
        "class[foo]",
        "Class[Foo]",
        "Foo::Bar[x]",
        "foo::bar[x]",
        "File[/tmp/a/]",
        "File[/tmp/p]",
        "File[qq]",
        "Foo::Bar[z]",
    ] {
        assert!(found(Value::string(s)), "{s} is found");
    }
    for s in [
        "Class[FOO]",
        "Class[::foo]",
        "FOO::BAR[x]",
        "Foo::Bar[X]",
        "File[ /tmp/a]",
        "File[\"/tmp/a\"]",
        "Notify[foo]",
        "Notify[FOO]",
        "Exec[/bin/true]",
    ] {
        assert!(!found(Value::string(s)), "{s} is not found");
    }
    for (t, title) in [
        ("Class", "Foo"),
        ("Class", "FOO"),
        ("Class", "::foo"),
        ("Foo::Bar", "x"),
    ] {
        assert!(found(Value::resource(t, title)), "{t}['{title}'] is found");
    }
    assert_eq!(
        resolve_reference(&c, &Value::string("Notify[foo]")),
        Err("Could not find resource 'Notify[foo]'".to_string())
    );
    assert_eq!(
        resolve_reference(
            &c,
            &Value::array(vec![
                Value::resource("File", "/tmp/a"),
                Value::Undef,
                Value::unknown("String", "f()"),
                Value::string("Class[foo]"),
            ])
        ),
        Ok(vec![5, 3])
    );
}

#[test]
fn relationships_to_resources_the_agent_does_not_get() {
    // @file { '/v': }  file { '/b': require => File['/v'] }
    //   agent: Could not find dependency File[/v] for File[/b]
    // @file { '/v': }  file { '/b': before => File['/v'] }
    //   agent: Could not find dependent File[/v] for File[/b]
    let mut c = base();
    let v = add(&mut c, "File", "/v", 1, &[]);
    c.get_mut(v).virtual_ = true;
    add(
        &mut c,
        "File",
        "/b",
        2,
        &[("require", Value::resource("File", "/v"))],
    );
    add(
        &mut c,
        "File",
        "/c",
        3,
        &[("before", Value::string("File[/v]"))],
    );
    // A virtual resource's own relationships are not checked (it is not in the catalog).
    add(
        &mut c,
        "File",
        "/w",
        4,
        &[("require", Value::resource("File", "/nope"))],
    );
    let w = c.find("File", "/w").unwrap();
    c.get_mut(w).virtual_ = true;
    let diags = check_relationships(&c, None);
    assert_eq!(
        messages(&diags, |k| matches!(
            k,
            EvalDiagKind::DanglingRelationship { .. }
        )),
        [
            "Could not find dependency File[/v] for File[/b]",
            "Could not find dependent File[/v] for File[/c]",
        ]
    );
    assert_eq!(diags[0].related.len(), 1);
    assert_eq!(diags[0].related[0].0.line, Some(1));
}

#[test]
fn arrows_add_relationship_parameters_as_puppet_does() {
    // class foo {} include foo; file { '/a': before => File['/c'] } file { '/b': }
    // file { '/c': }; File['/a'] -> Class['foo']; File['/a'] ~> File['/b'];
    // Puppet's catalog: File[/a] before => [File[/c], Class[Foo]], notify => [File[/b]]
    let mut c = base();
    add(&mut c, "Class", "Foo", 1, &[]);
    let a = add(
        &mut c,
        "File",
        "/a",
        3,
        &[("before", Value::resource("File", "/c"))],
    );
    add(&mut c, "File", "/b", 4, &[]);
    add(&mut c, "File", "/c", 5, &[]);
    add_relationship(
        &mut c,
        &Value::resource("File", "/a"),
        &Value::resource("Class", "foo"),
        false,
    )
    .unwrap();
    add_relationship(
        &mut c,
        &Value::resource("File", "/a"),
        &Value::resource("File", "/b"),
        true,
    )
    .unwrap();
    let j = c.to_json();
    let params = &j["resources"][4]["parameters"];
    assert_eq!(c.get(a).title, "/a");
    assert_eq!(
        params["before"],
        serde_json::json!(["File[/c]", "Class[Foo]"])
    );
    assert_eq!(params["notify"], serde_json::json!(["File[/b]"]));

    // File['/a'] -> File['/zz']: Could not find resource 'File[/zz]' for relationship from 'File[/a]'
    // Class['nope'] -> File['/a']: Could not find resource 'Class[Nope]' for relationship on 'File[/a]'
    assert_eq!(
        add_relationship(
            &mut c,
            &Value::resource("File", "/a"),
            &Value::resource("File", "/zz"),
            false
        ),
        Err("Could not find resource 'File[/zz]' for relationship from 'File[/a]'".into())
    );
    assert_eq!(
        add_relationship(
            &mut c,
            &Value::resource("Class", "nope"),
            &Value::array(vec![Value::resource("File", "/a")]),
            false
        ),
        Err("Could not find resource 'Class[Nope]' for relationship on 'File[/a]'".into())
    );
}

fn attr_messages(c: &Catalog, index: Option<&plint::defs::Index>) -> Vec<String> {
    messages(&check_attributes(c, index), |k| {
        matches!(k, EvalDiagKind::UnknownAttribute { .. })
    })
}

#[test]
fn unknown_attributes_of_core_types() {
    // file { '/a': foo => 1 }              no parameter named 'foo' (line: 1) on File[/a]
    // file { '/a': title => '/b' }         no parameter named 'title' ... on File[/a]
    // file { '/a': name => '/b' }          accepted (the namevar's alias)
    // file { '/a': stage => 'main' }       Only classes can set 'stage'; normal resources
    //                                      like File[/a] cannot change run stage
    let mut c = base();
    add(
        &mut c,
        "File",
        "/a",
        1,
        &[
            ("foo", Value::Integer(1)),
            ("ensure", Value::string("file")),
            ("title", Value::string("/b")),
            ("name", Value::string("/b")),
            ("require", Value::Undef),
            ("tag", Value::string("x")),
            ("noop", Value::Boolean(true)),
            ("bar", Value::Undef),
        ],
    );
    add(&mut c, "File", "/s", 2, &[("stage", Value::string("main"))]);
    add(
        &mut c,
        "Exec",
        "e",
        3,
        &[("command", Value::string("/bin/true"))],
    );
    assert_eq!(
        attr_messages(&c, None),
        [
            "no parameter named 'foo' on File[/a]",
            "no parameter named 'title' on File[/a]",
            "no parameter named 'bar' on File[/a]",
            "Only classes can set 'stage'; normal resources like File[/s] cannot change run stage",
        ]
    );
    // Unknown types and defines without an index are not judged.
    let mut c = base();
    add(&mut c, "D", "a", 1, &[("y", Value::Integer(2))]);
    assert!(attr_messages(&c, None).is_empty());
}

fn index_of(src: &str) -> plint::defs::Index {
    let parsed = plint::syntax::parse(src);
    assert!(parsed.diagnostics.is_empty());
    let m = plint::defs::index::Manifest {
        path: Path::new("/m/init.pp"),
        source: src,
        ast: &parsed.ast,
    };
    plint::defs::Index::build(&[m], &[])
}

#[test]
fn unknown_attributes_of_defines_and_classes() {
    // define d($x = 1) {}; d { 'a': y => 2 }    D[a]: has no parameter named 'y'
    // d { 'a': y => 2, z => 3 }                 D[a]:\n  has no parameter named 'y'\n  has ...
    // class c($x = 1) {}; class { 'c': y => 2 } Class[C]: has no parameter named 'y'
    // d { 'a': name => 'b', title => 'c' }      D[a]: has no parameter named 'title'
    let index = index_of("define d($x = 1) {}\nclass c($x = 1) {}\n");
    let mut c = base();
    add(&mut c, "D", "a", 1, &[("y", Value::Integer(2))]);
    add(
        &mut c,
        "D",
        "b",
        2,
        &[("y", Value::Integer(2)), ("z", Value::Integer(3))],
    );
    add(
        &mut c,
        "D",
        "c",
        3,
        &[
            ("x", Value::Integer(2)),
            ("require", Value::Undef),
            ("tag", Value::string("x")),
            ("alias", Value::string("q")),
            ("noop", Value::Boolean(true)),
            ("audit", Value::string("all")),
            ("schedule", Value::string("x")),
            ("loglevel", Value::string("info")),
            ("name", Value::string("b")),
        ],
    );
    add(&mut c, "D", "d", 4, &[("title", Value::string("c"))]);
    add(&mut c, "Class", "C", 5, &[("y", Value::Integer(2))]);
    assert_eq!(
        attr_messages(&c, Some(&index)),
        [
            "D[a]: has no parameter named 'y'",
            "D[b]:\n  has no parameter named 'y'\n  has no parameter named 'z'",
            "D[d]: has no parameter named 'title'",
            "Class[C]: has no parameter named 'y'",
        ]
    );
    // class { 'c': x => 2, stage => main, require => undef, tag => 'x', noop => true }: accepted.
    let mut c = base();
    add(
        &mut c,
        "Class",
        "C",
        1,
        &[
            ("x", Value::Integer(2)),
            ("stage", Value::string("main")),
            ("require", Value::Undef),
            ("tag", Value::string("x")),
            ("noop", Value::Boolean(true)),
        ],
    );
    assert!(attr_messages(&c, Some(&index)).is_empty());
}

#[test]
fn large_catalogs_stay_linear() {
    // A ring of 20,000 files (each before the next) and a chain of 20,000 notifies: one
    // cycle through every file, found without deep recursion; its path is the whole ring.
    // (Resources are added without containment edges: `Catalog::add_edge` checks for
    // duplicates linearly.)
    let n = 20_000;
    let mut c = base();
    let add = |c: &mut Catalog, ty: &str, title: &str, _line: u32, params: &[(&str, Value)]| {
        let mut r = Resource::new(ty, title);
        for (k, v) in params {
            r.set_param(k, v.clone());
        }
        c.add(r).unwrap();
    };
    for i in 0..n {
        let next = Value::resource("File", &format!("/r/{}", (i + 1) % n));
        add(&mut c, "File", &format!("/r/{i}"), 1, &[("before", next)]);
    }
    for i in 0..n {
        let next = Value::resource("Notify", &format!("n{}", i + 1));
        let params: Vec<(&str, Value)> = if i + 1 < n {
            vec![("before", next)]
        } else {
            Vec::new()
        };
        add(&mut c, "Notify", &format!("n{i}"), 1, &params);
    }
    let diags = check_cycles(&c, None);
    assert_eq!(diags.len(), 1);
    let m = &message(&diags[0].kind);
    assert!(m.starts_with("Found 1 dependency cycle:\n(File[/r/0] => File[/r/1] => "));
    assert!(m.ends_with(" => File[/r/19999] => File[/r/0])"));
    assert_eq!(m.matches(" => ").count(), n);
    assert!(check_relationships(&c, None).is_empty());
}
