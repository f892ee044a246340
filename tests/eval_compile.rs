//! The catalog compiler against catalogs real Puppet 7.23 produced for small manifests
//! (resources with their parameters and tags, containment edges, classes), and its
//! diagnostics for bad input.

use std::path::PathBuf;

use plint::eval::compiler::{CompileInput, CompileOutput, Manifest, Node};
use plint::eval::diag::EvalDiagKind;
use plint::eval::value::{Hash, Value};
use serde_json::Value as Json;

fn node() -> Node {
    let mut facts = Hash::new();
    facts.insert(Value::string("fqdn"), Value::string("node1.example.com"));
    facts.insert(Value::string("hostname"), Value::string("node1"));
    facts.insert(Value::string("osfamily"), Value::string("Debian"));
    Node::new("node1.example.com", facts)
}

/// The sandbox of a compilation of this repository's test cases.
fn repo_sandbox() -> std::sync::Arc<plint::sandbox::Sandbox> {
    let cwd = std::env::current_dir().unwrap();
    std::sync::Arc::new(plint::sandbox::Sandbox::new(
        &cwd,
        std::slice::from_ref(&cwd),
    ))
}

fn input(manifest: Manifest, modulepath: Vec<PathBuf>) -> CompileInput {
    CompileInput {
        manifest,
        sandbox: repo_sandbox(),
        modulepath,
        global_hiera: None,
        hiera: None,
        environment_dir: None,
        environment: "production".into(),
        strict_variables: false,
        budgets: Default::default(),
        node: node(),
        ruby: Default::default(),
        record_variable_reads: false,
    }
}

fn compile_code(code: &str) -> CompileOutput {
    plint::eval::compiler::compile(&input(Manifest::Code(code.to_string()), Vec::new()))
}

/// The catalog in a compact, order-independent form: `Type[title] {params} [tags]` lines,
/// `source -> target` edges, and the classes.
fn canonical(j: &Json) -> String {
    let mut lines = Vec::new();
    for r in j["resources"].as_array().unwrap() {
        let mut tags: Vec<String> = r["tags"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap().to_string())
            .collect();
        tags.sort();
        let params = r.get("parameters").cloned().unwrap_or(Json::Null);
        let params = match params {
            Json::Object(m) => {
                let mut keys: Vec<&String> = m.keys().collect();
                keys.sort();
                keys.iter()
                    .map(|k| format!("{k}={}", m[*k]))
                    .collect::<Vec<_>>()
                    .join(" ")
            }
            _ => String::new(),
        };
        lines.push(format!(
            "{}[{}] {{{params}}} [{}]{}",
            r["type"].as_str().unwrap(),
            r["title"].as_str().unwrap_or("?"),
            tags.join(","),
            if r["exported"].as_bool() == Some(true) {
                " exported"
            } else {
                ""
            }
        ));
    }
    let mut edges: Vec<String> = j["edges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            format!(
                "{} -> {}",
                e["source"].as_str().unwrap(),
                e["target"].as_str().unwrap()
            )
        })
        .collect();
    edges.sort();
    lines.extend(edges);
    lines.push(format!("classes {}", j["classes"]));
    lines.join("\n")
}

/// Compiles `code` and compares with the expected canonical catalog.
fn check(code: &str, expected: &str) {
    let out = compile_code(code);
    let Some(cat) = out.catalog else {
        panic!("compilation failed: {:?}", out.diags);
    };
    let got = canonical(&cat.to_json());
    let want: Vec<&str> = expected.trim().lines().map(str::trim).collect();
    assert_eq!(
        got,
        want.join("\n"),
        "\nfor:\n{code}\ndiags: {:?}",
        out.diags
    );
}

/// Prints the canonical catalog of `PLINT_COMPILE` (a file), for comparing with Puppet's.
#[test]
#[ignore]
fn dump() {
    let Ok(path) = std::env::var("PLINT_COMPILE") else {
        return;
    };
    let mp: Vec<PathBuf> = std::env::var("PLINT_MODULEPATH")
        .map(|m| m.split(':').map(PathBuf::from).collect())
        .unwrap_or_default();
    let mut inp = input(Manifest::Files(vec![path.into()]), mp);
    if let Ok(f) = std::env::var("PLINT_FACTS").map(|f| f.trim().to_string())
        && !f.is_empty()
    {
        let j: Json = serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
        if let Value::Hash(h) = json_value(&j) {
            inp.node = Node::new("node1.example.com", (*h).clone());
        }
    }
    let out = plint::eval::compiler::compile(&inp);
    for d in &out.diags {
        println!(
            "DIAG {:?}: {} at {:?}:{:?}",
            d.kind,
            plint::rules::catalog::message(&d.kind),
            d.at.file,
            d.at.line
        );
    }
    if let Some(c) = out.catalog {
        println!("{}", canonical(&c.to_json()));
    }
}

/// Checked with Puppet 7.23.
#[test]
fn node_class_defaults_and_arrow() {
    check(
        r#"class a($x = 1) { notify { "n$x": } }
node default { include a 
 File { mode => "0644" }
 file { "/tmp/x": ensure => file } -> notify { "z": } }
"#,
        r#"
Stage[main] {name="main"} [stage]
Class[Settings] {} [class,settings]
Class[main] {name="main"} [class]
Node[default] {} [class,default,node]
Class[A] {x=1} [a,class,default,node]
Notify[n1] {} [a,class,default,n1,node,notify]
File[/tmp/x] {before=["Notify[z]"] ensure="file" mode="0644"} [class,default,file,node]
Notify[z] {} [class,default,node,notify,z]
Class[A] -> Notify[n1]
Class[main] -> Node[default]
Node[default] -> File[/tmp/x]
Node[default] -> Notify[z]
Stage[main] -> Class[A]
Stage[main] -> Class[Settings]
Stage[main] -> Class[main]
classes ["settings","default","a"]
"#,
    );
}

/// Checked with Puppet 7.23.
#[test]
fn inherits_override_defines_collectors_and_relationships() {
    check(
        r#"class base { file { '/etc/base': ensure => file, mode => '0600' } }
class child inherits base { File['/etc/base'] { mode => '0644' } notify { "m $module_name": } }
define myd($x = 'dx', $y) { notify { "d-$title-$x-$y": } }
class p($a = 1, String $b = "b$a") { myd { 'one': y => $b } }
node default {
  include child
  class { 'p': a => 5 }
  @user { 'bob': uid => 10 }
  @user { 'al': uid => 11 }
  User <| title == 'bob' |> { shell => '/bin/sh' }
  contain base
  exec { 'e': command => '/bin/true', require => [File['/etc/base']] }
  Exec['e'] ~> Notify['m ']
  $arr = ['a','b'].map |$v| { "x$v" }
  notify { $arr: message => 'hi', }
  Notify { loglevel => 'info' }
  notify { 'later': }
}
"#,
        r#"
Stage[main] {name="main"} [stage]
Class[Settings] {} [class,settings]
Class[main] {name="main"} [class]
Node[default] {} [class,default,node]
Class[Base] {} [base,class,default,node]
Class[Child] {} [child,class,default,node]
File[/etc/base] {ensure="file" mode="0644"} [base,class,default,file,node]
Notify[m ] {} [child,class,default,node,notify]
Class[P] {a=5 b="b5"} [class,default,node,p]
Myd[one] {x="dx" y="b5"} [class,default,myd,node,one,p]
User[bob] {shell="/bin/sh" uid=10} [bob,class,default,node,user]
Exec[e] {command="/bin/true" notify=["Notify[m ]"] require=["File[/etc/base]"]} [class,default,e,exec,node]
Notify[xa] {message="hi"} [class,default,node,notify,xa]
Notify[xb] {message="hi"} [class,default,node,notify,xb]
Notify[later] {loglevel="info"} [class,default,later,node,notify]
Notify[d-one-dx-b5] {loglevel="info"} [class,d-one-dx-b5,default,myd,node,notify,one,p]
Class[Base] -> File[/etc/base]
Class[Child] -> Notify[m ]
Class[P] -> Myd[one]
Class[main] -> Node[default]
Myd[one] -> Notify[d-one-dx-b5]
Node[default] -> Class[Base]
Node[default] -> Exec[e]
Node[default] -> Notify[later]
Node[default] -> Notify[xa]
Node[default] -> Notify[xb]
Node[default] -> User[bob]
Stage[main] -> Class[Base]
Stage[main] -> Class[Child]
Stage[main] -> Class[P]
Stage[main] -> Class[Settings]
Stage[main] -> Class[main]
classes ["settings","default","base","child","p"]
"#,
    );
}

/// Checked with Puppet 7.23.
#[test]
fn stages_tags_exported_collection_create_resources_and_require() {
    check(
        r#"stage { 'pre': before => Stage['main'] }
class early { notify { 'early': } }
class { 'early': stage => 'pre' }
class a::b { tag 'extra'  notify { 'ab': } }
include a::b
define wrap($content) { file { "/tmp/$title": content => $content } }
wrap { ['w1', 'w2']: content => 'c' }
Wrap['w1'] -> Wrap['w2']
@@file { '/exp': ensure => file, tag => 'exp' }
File <<| tag == 'exp' |>>
$h = { 'k1' => { 'message' => 'v1' }, 'k2' => {} }
create_resources('notify', $h, { 'withpath' => true })
if $facts['osfamily'] == 'Debian' { notify { 'deb': } } else { notify { 'other': } }
case $hostname { /^node(\d+)$/: { notify { "num $1": } } default: {} }
$x = $osfamily ? { 'Debian' => 'apt', default => 'yum' }
notify { $x: }
class req { notify { 'req': } }
class usesreq { require req }
include usesreq
"#,
        r#"
Stage[main] {name="main"} [stage]
Class[Settings] {} [class,settings]
Class[main] {name="main"} [class]
Stage[pre] {before="Stage[main]"} [class,pre,stage]
Class[Early] {stage="pre"} [class,early]
Notify[early] {} [class,early,notify]
Class[A::B] {} [a,a::b,b,class,extra]
Notify[ab] {} [a,a::b,ab,b,class,extra,notify]
Wrap[w1] {before=["Wrap[w2]"] content="c"} [class,w1,wrap]
Wrap[w2] {content="c"} [class,w2,wrap]
File[/exp] {ensure="file" tag="exp"} [class,exp,file] exported
Notify[k1] {message="v1" withpath=true} [class,k1,notify]
Notify[k2] {withpath=true} [class,k2,notify]
Notify[deb] {} [class,deb,notify]
Notify[num 1] {} [class,notify]
Notify[apt] {} [apt,class,notify]
Class[Usesreq] {require=["Class[Req]"]} [class,usesreq]
Class[Req] {} [class,req,usesreq]
Notify[req] {} [class,notify,req,usesreq]
File[/tmp/w1] {content="c"} [class,file,w1,wrap]
File[/tmp/w2] {content="c"} [class,file,w2,wrap]
Class[A::B] -> Notify[ab]
Class[Early] -> Notify[early]
Class[Req] -> Notify[req]
Class[main] -> File[/exp]
Class[main] -> Notify[apt]
Class[main] -> Notify[deb]
Class[main] -> Notify[k1]
Class[main] -> Notify[k2]
Class[main] -> Notify[num 1]
Class[main] -> Wrap[w1]
Class[main] -> Wrap[w2]
Stage[main] -> Class[A::B]
Stage[main] -> Class[Req]
Stage[main] -> Class[Settings]
Stage[main] -> Class[Usesreq]
Stage[main] -> Class[main]
Stage[pre] -> Class[Early]
Wrap[w1] -> File[/tmp/w1]
Wrap[w2] -> File[/tmp/w2]
classes ["settings","early","a::b","usesreq","req"]
"#,
    );
}

/// The compilation fails as Puppet's does; the diagnostic's kind, message and line.
fn fails(code: &str, kind: fn(&EvalDiagKind) -> bool, message: &str, line: u32) {
    let out = compile_code(code);
    assert!(out.catalog.is_none(), "compiled: {code}");
    let d = out
        .diags
        .iter()
        .find(|d| kind(&d.kind))
        .unwrap_or_else(|| panic!("not the kind for {code}: {:?}", out.diags));
    let text = plint::rules::catalog::message(&d.kind);
    assert!(
        text.contains(message),
        "{text:?} does not contain {message:?}"
    );
    assert_eq!(d.at.line, Some(line), "{d:?}");
}

/// Messages as Puppet 7.23 gives them.
#[test]
fn errors_as_puppet_reports_them() {
    fails(
        "notify{'a':}\nnotify{'a':}",
        |k| matches!(k, EvalDiagKind::DuplicateResource { .. }),
        "Duplicate declaration: Notify[a] is already declared at (line: 1); cannot redeclare (line: 2)",
        2,
    );
    fails(
        "\ninclude nope",
        |k| matches!(k, EvalDiagKind::UnknownClass { .. }),
        "Could not find class ::nope for node1.example.com",
        2,
    );
    fails(
        "foo{'x':}",
        |k| matches!(k, EvalDiagKind::UnknownResourceType { .. }),
        "Unknown resource type: 'foo'",
        1,
    );
    fails(
        "class c(Integer $x){}\nclass{'c': x => 's'}",
        |k| matches!(k, EvalDiagKind::ParameterType { .. }),
        "Class[C]: parameter 'x' expects an Integer value, got String",
        2,
    );
    fails(
        "class c($x){}\ninclude c",
        |k| matches!(k, EvalDiagKind::MissingParameter { .. }),
        "Class[C]: expects a value for parameter 'x'",
        2,
    );
    fails(
        "\n\nfail('boom')",
        |k| matches!(k, EvalDiagKind::Fail { .. }),
        "boom",
        3,
    );
    fails(
        "$x = [1,2]\n$x = 3",
        |k| matches!(k, EvalDiagKind::EvalError { .. }),
        "Cannot reassign variable '$x'",
        2,
    );
    fails(
        "notify{'a':}\nNotify['b'] -> Notify['a']",
        |k| matches!(k, EvalDiagKind::DanglingRelationship { .. }),
        "Could not find resource 'Notify[b]' for relationship on 'Notify[a]'",
        2,
    );
    fails(
        "realize(User['nobody'])",
        |k| matches!(k, EvalDiagKind::RealizeMissing { .. }),
        "Failed to realize virtual resources User[nobody]",
        1,
    );
    fails(
        "File['/nope'] { mode => '0644' }",
        |k| matches!(k, EvalDiagKind::RealizeMissing { .. }),
        "Could not find resource(s) File[/nope] for overriding",
        1,
    );
    fails(
        "notify{'a': message => 1 +}",
        |k| matches!(k, EvalDiagKind::EvalError { .. }),
        "Syntax error",
        1,
    );
}

/// Endless recursion and endless generation end with a diagnostic, not a hang or a crash.
#[test]
fn bounded_on_bad_input() {
    let out = compile_code("function f($n){ f($n+1) }\nf(1)");
    assert!(out.catalog.is_none());
    assert!(
        out.diags
            .iter()
            .any(|d| plint::rules::catalog::message(&d.kind).contains("too deep")),
        "{:?}",
        out.diags
    );
    let out = compile_code("define d(){ d{\"x${title}\":} }\nd{'a':}");
    assert!(out.catalog.is_none());
    assert!(
        out.diags.iter().any(
            |d| plint::rules::catalog::message(&d.kind).contains("looped more than 1000 times")
        ),
        "{:?}",
        out.diags
    );
    let out = compile_code("Integer[1, 1000000000].each |$i| { }");
    assert!(out.catalog.is_none());
    assert!(
        out.diags.iter().any(
            |d| plint::rules::catalog::message(&d.kind).contains("budget")
                || plint::rules::catalog::message(&d.kind).contains("refusing")
        ),
        "{:?}",
        out.diags
    );
}

fn json_value(j: &Json) -> Value {
    plint::eval::yaml::json_to_value(j).expect("a JSON value within Puppet's range")
}

/// Runs the conformance cases of tests/catalog through the compiler directly (without the
/// CLI) and prints the differences: `PLINT_CASES=substring` selects cases.
#[test]
#[ignore]
fn conformance_local() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/catalog");
    let only = std::env::var("PLINT_CASES").unwrap_or_default();
    let mut dirs = Vec::new();
    for sub in ["cases", "modules"] {
        let mut v: Vec<PathBuf> = std::fs::read_dir(root.join(sub))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        v.sort();
        dirs.extend(v);
    }
    let (mut pass, mut total) = (0, 0);
    for dir in dirs {
        let name = dir
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .to_string();
        if !name.contains(&only) {
            continue;
        }
        total += 1;
        let opts: Vec<(String, String)> = std::fs::read_to_string(dir.join("options"))
            .unwrap_or_default()
            .lines()
            .filter_map(|l| l.split_once('='))
            .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
            .collect();
        let opt = |k: &str| opts.iter().find(|(x, _)| x == k).map(|(_, v)| v.clone());
        let facts_name = opt("facts").unwrap_or("default.yaml".into());
        let facts = if let Some(fdb) = facts_name.strip_prefix("facterdb:") {
            let text = std::fs::read_to_string(format!(
                "/usr/share/rubygems-integration/all/gems/facterdb-1.12.1/facts/4.2/{fdb}.facts"
            ))
            .unwrap();
            json_value(&serde_json::from_str(&text).unwrap())
        } else {
            plint::eval::yaml::parse(
                &std::fs::read_to_string(root.join("facts").join(&facts_name)).unwrap(),
            )
            .unwrap()
        };
        let Value::Hash(facts) = facts else { panic!() };
        let node_name = opt("node").unwrap_or_else(|| {
            facts
                .get_str("fqdn")
                .map(|v| v.to_puppet_string())
                .or_else(|| {
                    facts
                        .get_str("networking")
                        .and_then(|n| n.as_hash()?.get_str("fqdn").map(|v| v.to_puppet_string()))
                })
                .unwrap_or_default()
        });
        let mut mp = vec![dir.join("modules")];
        if opt("modulepath").as_deref() == Some("corpus") {
            mp.push(PathBuf::from("/usr/share/puppet/modules"));
        }
        let inp = CompileInput {
            manifest: Manifest::Files(vec![dir.join("site.pp")]),
            sandbox: repo_sandbox(),
            modulepath: mp,
            global_hiera: None,
            hiera: None,
            environment_dir: Some(dir.clone()),
            environment: "production".into(),
            strict_variables: opt("strict_variables").as_deref() == Some("true"),
            node: Node::new(&node_name, (*facts).clone()),
            budgets: Default::default(),
            ruby: Default::default(),
            record_variable_reads: false,
        };
        let out = plint::eval::compiler::compile(&inp);
        let expected = std::fs::read_to_string(dir.join("expected.json")).ok();
        let result = match (expected, &out.catalog) {
            (Some(e), Some(c)) => {
                let want = canonical(&serde_json::from_str(&e).unwrap());
                let got = canonical(&c.to_json());
                let want = relax(&want);
                let got = relax(&got);
                let mut ws: Vec<&str> = want.lines().collect();
                let mut gs: Vec<&str> = got.lines().collect();
                ws.sort();
                gs.sort();
                if ws == gs {
                    Ok(())
                } else {
                    let wl: Vec<&str> = want.lines().collect();
                    let gl: Vec<&str> = got.lines().collect();
                    let mut d = String::new();
                    for l in &wl {
                        if !gl.contains(l) {
                            d.push_str(&format!("  - {l}\n"));
                        }
                    }
                    for l in &gl {
                        if !wl.contains(l) {
                            d.push_str(&format!("  + {l}\n"));
                        }
                    }
                    Err(d)
                }
            }
            (Some(_), None) => Err(format!(
                "  plint failed: {:?}\n",
                out.diags
                    .iter()
                    .map(|d| (plint::rules::catalog::message(&d.kind), d.at.line))
                    .collect::<Vec<_>>()
            )),
            (None, Some(_)) => Err(format!(
                "  plint compiled; puppet: {}\n",
                std::fs::read_to_string(dir.join("expected-error.txt"))
                    .unwrap_or_default()
                    .replace('\n', " | ")
            )),
            (None, None) => Ok(()),
        };
        match result {
            Ok(()) => {
                pass += 1;
                println!("PASS {name}");
            }
            Err(d) => println!("FAIL {name}\n{d}"),
        }
    }
    println!("{pass}/{total} pass");
}

/// Relationship parameters as sorted lists, unknown values as `?`.
fn relax(s: &str) -> String {
    s.lines()
        .map(|l| {
            let mut l = l.to_string();
            for p in ["before", "require", "notify", "subscribe"] {
                let key = format!(" {p}=");
                if let Some(i) = l.find(&key) {
                    let start = i + key.len();
                    let end = l[start..].find([' ', '}']).map_or(l.len(), |e| start + e);
                    // Values here have no spaces (references), so the next space ends them.
                    let v = &l[start..end];
                    let mut items: Vec<String> = match serde_json::from_str::<Json>(v) {
                        Ok(Json::Array(a)) => a.iter().map(|x| x.to_string()).collect(),
                        Ok(x) => vec![x.to_string()],
                        Err(_) => vec![v.to_string()],
                    };
                    items.sort();
                    l = format!("{}{}{}", &l[..start], items.join(","), &l[end..]);
                }
            }
            l
        })
        .collect::<Vec<_>>()
        .join("\n")
}
