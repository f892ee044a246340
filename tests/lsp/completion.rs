//! The protocol tests of completion (`textDocument/completion`) on the fixture
//! `tests/lsp/completion`: a control repository with Hiera data, a fact file named in its
//! `plint.toml`, and a module `app` (a class inheriting a params class, a defined type, a
//! Puppet and a Ruby function, a custom resource type, Hiera data of its own). Each case
//! edits a document and asks at the place marked `<>`; the whole answer is compared.

use std::path::Path;

use serde_json::{Value, json};

use super::{Client, uri};

/// The fixture, copied to a temporary folder.
fn fixture() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    super::common::copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lsp/completion"),
        &root,
    );
    (dir, root)
}

/// A client of the fixture whose index is built.
fn start(root: &Path) -> Client {
    let mut client = Client::start_with(root, json!({"window": {"workDoneProgress": true}}));
    client.wait_for(|m| m["method"] == "$/progress" && m["params"]["value"]["kind"] == "end");
    client
}

/// An open document whose text each case sets.
struct Doc {
    uri: String,
    version: i32,
}

impl Doc {
    fn open(client: &mut Client, root: &Path, file: &str) -> Doc {
        let uri = uri(&root.join(file));
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        client.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "puppet", "version": 1, "text": text}}),
        );
        Doc { uri, version: 1 }
    }

    /// The items offered at `<>` of `text` (which becomes the document's text), each as
    /// `label | kind | detail | sortText | newText` (the last two when they are not the
    /// label), after the range they replace as `line:start-end`.
    fn complete(&mut self, client: &mut Client, text: &str, trigger: Option<&str>) -> Vec<String> {
        let marker = text.find("<>").expect("a <> marker");
        let before = &text[..marker];
        let line = before.matches('\n').count();
        let column: usize = before[before.rfind('\n').map_or(0, |i| i + 1)..]
            .chars()
            .map(char::len_utf16)
            .sum();
        self.version += 1;
        client.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": self.uri, "version": self.version},
                "contentChanges": [{"text": text.replacen("<>", "", 1)}]}),
        );
        let context = match trigger {
            Some(c) => json!({"triggerKind": 2, "triggerCharacter": c}),
            None => json!({"triggerKind": 1}),
        };
        let answer = client.request(
            "textDocument/completion",
            json!({"textDocument": {"uri": self.uri},
                "position": {"line": line, "character": column}, "context": context}),
        );
        shown(&answer)
    }
}

fn shown(answer: &Value) -> Vec<String> {
    let Some(items) = answer["items"].as_array() else {
        return vec![answer.to_string()];
    };
    let mut out = Vec::new();
    let mut ranges: Vec<String> = Vec::new();
    for item in items {
        let label = item["label"].as_str().unwrap();
        let edit = &item["textEdit"];
        let r = &edit["range"];
        let range = format!(
            "{}:{}-{}",
            r["start"]["line"], r["start"]["character"], r["end"]["character"]
        );
        if !ranges.contains(&range) {
            ranges.push(range);
        }
        let mut line = format!(
            "{label} | {} | {}",
            item["kind"],
            item["detail"].as_str().unwrap_or("")
        );
        let new_text = edit["newText"].as_str().unwrap();
        if let Some(sort) = item["sortText"].as_str() {
            line.push_str(&format!(" | {sort}"));
        }
        if new_text != label {
            line.push_str(&format!(" | {new_text:?}"));
        }
        out.push(line);
    }
    let mut all = vec![format!("range {}", ranges.join(", "))];
    if answer["isIncomplete"] == true {
        all.push("incomplete".into());
    }
    all.extend(out);
    all
}

/// Keeps the lines of `items` whose label starts with `prefix` (and the range).
fn starting(items: Vec<String>, prefix: &str) -> Vec<String> {
    items
        .into_iter()
        .enumerate()
        .filter(|(i, l)| *i == 0 || l.starts_with(prefix))
        .map(|(_, l)| l)
        .collect()
}

/// The metaparameters, offered last for every resource.
const METAPARAMETERS: &[&str] = &[
    "alias | 10 | Variant[String, Array[String]] (metaparameter) | 2alias | \"alias => \"",
    "audit | 10 | Variant[String, Array[String]] (metaparameter) | 2audit | \"audit => \"",
    "before | 10 | Variant[CatalogEntry, Type[CatalogEntry], String, Array[Variant[CatalogEntry, Type[CatalogEntry], String]]] (metaparameter) | 2before | \"before => \"",
    "loglevel | 10 | Enum['debug', 'info', 'notice', 'warning', 'err', 'alert', 'emerg', 'crit', 'verbose'] (metaparameter) | 2loglevel | \"loglevel => \"",
    "noop | 10 | Variant[Boolean, Enum['true', 'false']] (metaparameter) | 2noop | \"noop => \"",
    "notify | 10 | Variant[CatalogEntry, Type[CatalogEntry], String, Array[Variant[CatalogEntry, Type[CatalogEntry], String]]] (metaparameter) | 2notify | \"notify => \"",
    "require | 10 | Variant[CatalogEntry, Type[CatalogEntry], String, Array[Variant[CatalogEntry, Type[CatalogEntry], String]]] (metaparameter) | 2require | \"require => \"",
    "schedule | 10 | Any (metaparameter) | 2schedule | \"schedule => \"",
    "stage | 10 | Any (metaparameter) | 2stage | \"stage => \"",
    "subscribe | 10 | Variant[CatalogEntry, Type[CatalogEntry], String, Array[Variant[CatalogEntry, Type[CatalogEntry], String]]] (metaparameter) | 2subscribe | \"subscribe => \"",
    "tag | 10 | Variant[Pattern[/\\A\\w[-\\w:.]*\\z/], Numeric, Boolean, Array[Variant[Pattern[/\\A\\w[-\\w:.]*\\z/], Numeric, Boolean]]] (metaparameter) | 2tag | \"tag => \"",
];

/// `lines`, then the metaparameters.
fn with_metaparameters(lines: &[&str]) -> Vec<String> {
    lines
        .iter()
        .chain(METAPARAMETERS)
        .map(|l| l.to_string())
        .collect()
}

#[test]
fn completes_types_classes_functions_and_attributes() {
    let (_dir, root) = fixture();
    let mut client = start(&root);
    let mut site = Doc::open(&mut client, &root, "manifests/site.pp");
    // A class after `include`, with nothing written yet.
    assert_eq!(
        site.complete(&mut client, "node default {\n  include <>\n}\n", None),
        [
            "range 1:10-10",
            "app | 9 | class (modules/app/manifests/init.pp)",
            "app::params | 9 | class (modules/app/manifests/params.pp)",
        ]
    );
    assert_eq!(
        site.complete(
            &mut client,
            "node default {\n  class { 'a<>\n}\n",
            Some("'")
        ),
        [
            "range 1:11-12",
            "app | 9 | class (modules/app/manifests/init.pp)",
            "app::params | 9 | class (modules/app/manifests/params.pp)",
        ]
    );
    // A type reference: core types, the custom type, the defined type.
    assert_eq!(
        site.complete(&mut client, "node default {\n  Ap<>\n}\n", None),
        [
            "range 1:2-4",
            "App::Site | 7 | defined type (modules/app/manifests/site.pp)",
            "App_service | 22 | custom type (modules/app/lib/puppet/type/app_service.rb)",
            "Exec | 22 | core type",
            "File | 22 | core type",
            "Filebucket | 22 | core type",
            "Group | 22 | core type",
            "Notify | 22 | core type",
            "Package | 22 | core type",
            "Resources | 22 | core type",
            "Schedule | 22 | core type",
            "Service | 22 | core type",
            "Stage | 22 | core type",
            "Tidy | 22 | core type",
            "User | 22 | core type",
        ]
    );
    // A name in code: resource types and functions (Puppet's own too) with their signatures.
    let names = site.complete(&mut client, "node default {\n  ap<>\n}\n", None);
    assert!(
        names.contains(&"lookup | 3 | function lookup(Variant[String, Array[String]] $name, Optional Type $value_type, Optional Variant[String[1], Hash[String, Scalar]] $merge) >> Any (and 4 more signatures)".to_string()),
        "{names:#?}"
    );
    assert!(
        names.contains(&"file | 22 | core type".to_string()),
        "{names:#?}"
    );
    assert_eq!(
        starting(names, "app"),
        [
            "range 1:2-4",
            "app::double | 3 | function app::double(Integer $n) >> Integer",
            // A Ruby file not read yet is not read for the list (see the resolve below).
            "app::greet | 3 | Ruby function (modules/app/lib/puppet/functions/app/greet.rb)",
            "app::site | 7 | defined type (modules/app/manifests/site.pp)",
            "app_service | 22 | custom type (modules/app/lib/puppet/type/app_service.rb)",
        ]
    );
    // Typed, an empty name in code offers nothing (`:` of a selector's case, say).
    assert_eq!(
        site.complete(
            &mut client,
            "node default {\n  $x = $y ? { 'a':<>\n}\n",
            Some(":")
        ),
        ["null"]
    );
    // A class's parameters, the required ones first, those given left out.
    assert_eq!(
        site.complete(
            &mut client,
            "node default {\n  class { 'app':\n    port => 80,\n    <>\n  }\n}\n",
            None
        ),
        with_metaparameters(&[
            "range 3:4-4",
            "user | 10 | String $user (required parameter of class app) | 0user | \"user => \"",
            "manage | 10 | Boolean $manage = true (parameter of class app) | 1manage | \"manage => \"",
            "motd | 10 | Optional[String] $motd = undef (parameter of class app) | 1motd | \"motd => \"",
        ])
    );
    // A defined type's parameters, right after the title's colon.
    assert_eq!(
        site.complete(
            &mut client,
            "node default {\n  app::site { 'x':<>\n}\n",
            Some(":")
        ),
        with_metaparameters(&[
            "range 1:18-18",
            "port | 10 | Integer[1, 65535] $port (required parameter of defined type app::site) | 0port | \"port => \"",
            "root | 10 | String $root = '/srv/www' (parameter of defined type app::site) | 1root | \"root => \"",
        ])
    );
    // A custom type's attributes (`ensure` is written).
    assert_eq!(
        site.complete(
            &mut client,
            "node default {\n  app_service { 'x':\n    ensure => running,\n    c<>\n  }\n}\n",
            None
        ),
        with_metaparameters(&[
            "range 3:4-5",
            "command | 10 | Any (property) | 1command | \"command => \"",
            "name | 10 | Any (parameter, namevar) | 1name | \"name => \"",
        ])
    );
    // A half-typed resource: the body is not closed, the attribute half written.
    let half = site.complete(
        &mut client,
        "node default {\n  file { '/x': ens<>\n}\n",
        None,
    );
    assert_eq!(half[0], "range 1:15-18");
    assert_eq!(
        half[6],
        "ensure | 10 | Variant[Enum['absent', 'false', 'file', 'present', 'directory', 'link'], String[1], Numeric, Boolean, Hash] (property) | 1ensure | \"ensure => \""
    );
    assert_eq!(half.len(), 1 + 34 + METAPARAMETERS.len(), "{half:#?}");
    client.shutdown();
}

#[test]
fn completes_variables_facts_and_hiera_keys() {
    let (_dir, root) = fixture();
    let mut client = start(&root);
    let mut site = Doc::open(&mut client, &root, "manifests/site.pp");
    // The keys of the fact file `plint.toml` names, and of a hash fact.
    assert_eq!(
        site.complete(
            &mut client,
            "node default {\n  $v = $facts['<>']\n}\n",
            Some("'")
        ),
        [
            "range 1:15-15",
            "kernel | 5 | String 'Linux' (facts/web01.yaml)",
            "networking | 5 | Hash of 1 key (facts/web01.yaml)",
            "os | 5 | Hash of 2 keys (facts/web01.yaml)",
        ]
    );
    assert_eq!(
        site.complete(
            &mut client,
            "node default {\n  $v = $facts['os'][\"<>\n}\n",
            Some("\"")
        ),
        [
            "range 1:21-21",
            "family | 5 | String 'Debian' (facts/web01.yaml)",
            "release | 5 | Hash of 2 keys (facts/web01.yaml)",
        ]
    );
    // Hiera keys: the environment's data (every level) and the module's, then the keys of
    // the classes' parameters that no data sets.
    assert_eq!(
        site.complete(
            &mut client,
            "node default {\n  $v = lookup('<>')\n}\n",
            Some("'")
        ),
        [
            "range 1:15-15",
            "app::manage | 10 | Boolean (parameter of class app)",
            "app::motd | 21 | Hiera data (modules/app/data/common.yaml)",
            "app::port | 21 | Hiera data (data/nodes/web01.example.com.yaml)",
            "app::user | 21 | Hiera data (data/common.yaml)",
            "ntp_servers | 21 | Hiera data (data/common.yaml and 1 more)",
        ]
    );
    // Variables in a lambda of a class (after a non-ASCII character: UTF-16 columns): the
    // lambda's parameter, the class's parameters and variables assigned before, the
    // inherited class's, Puppet's.
    let mut init = Doc::open(&mut client, &root, "modules/app/manifests/init.pp");
    let text = "class app (\n  String $user,\n  Integer $port = 8080,\n) inherits app::params {\n  \
                $home = \"/srv/${user}\"\n  [1].each |$i| {\n    notice('é', $<>)\n  }\n  $later = 1\n}\n";
    assert_eq!(
        init.complete(&mut client, text, Some("$")),
        [
            "range 6:17-17",
            "$home | 6 | variable of class app | 0$home | \"home\"",
            "$i | 6 | lambda parameter | 0$i | \"i\"",
            "$name | 6 | set by Puppet of class app | 0$name | \"name\"",
            "$port | 6 | Integer (parameter of class app) | 0$port | \"port\"",
            "$title | 6 | set by Puppet of class app | 0$title | \"title\"",
            "$user | 6 | String (parameter of class app) | 0$user | \"user\"",
            "$package | 6 | variable of inherited class app::params | 1$package | \"package\"",
            "$agent_specified_environment | 6 | set by Puppet | 3$agent_specified_environment | \"agent_specified_environment\"",
            "$caller_module_name | 6 | set by Puppet | 3$caller_module_name | \"caller_module_name\"",
            "$clientcert | 6 | set by Puppet | 3$clientcert | \"clientcert\"",
            "$clientnoop | 6 | set by Puppet | 3$clientnoop | \"clientnoop\"",
            "$clientversion | 6 | set by Puppet | 3$clientversion | \"clientversion\"",
            "$environment | 6 | set by Puppet | 3$environment | \"environment\"",
            "$facts | 6 | set by Puppet | 3$facts | \"facts\"",
            "$module_name | 6 | set by Puppet | 3$module_name | \"module_name\"",
            "$server_facts | 6 | set by Puppet | 3$server_facts | \"server_facts\"",
            "$serverip | 6 | set by Puppet | 3$serverip | \"serverip\"",
            "$servername | 6 | set by Puppet | 3$servername | \"servername\"",
            "$serverversion | 6 | set by Puppet | 3$serverversion | \"serverversion\"",
            "$trusted | 6 | set by Puppet | 3$trusted | \"trusted\"",
        ]
    );
    // Half a name written: the same variables (the client filters them).
    let typed = init.complete(
        &mut client,
        "class app (\n  Integer $port = 8080,\n) {\n  notice($po<>)\n}\n",
        None,
    );
    assert_eq!(
        typed[..4],
        [
            "range 3:10-12",
            "$name | 6 | set by Puppet of class app | 0$name | \"name\"",
            "$port | 6 | Integer (parameter of class app) | 0$port | \"port\"",
            "$title | 6 | set by Puppet of class app | 0$title | \"title\"",
        ]
    );
    // A class's variables by its name, its parameters first.
    assert_eq!(
        init.complete(
            &mut client,
            "class app::x {\n  notice($app::m<>)\n}\n",
            None
        ),
        [
            "range 1:10-16",
            "$app::manage | 6 | Boolean (parameter of class app) | 0$app::manage | \"app::manage\"",
            "$app::motd | 6 | Optional[String] (parameter of class app) | 0$app::motd | \"app::motd\"",
            "$app::port | 6 | Integer (parameter of class app) | 0$app::port | \"app::port\"",
            "$app::user | 6 | String (parameter of class app) | 0$app::user | \"app::user\"",
            "$app::home | 6 | variable of class app | 1$app::home | \"app::home\"",
            "$app::package | 6 | variable of class app::params | 1$app::package | \"app::package\"",
        ]
    );
    client.shutdown();
}

/// A Puppet function's item gets its puppet-strings summary when the client resolves it, a
/// Ruby function not read yet its signatures.
#[test]
fn resolves_a_functions_documentation() {
    let (_dir, root) = fixture();
    let mut client = start(&root);
    let site = Doc::open(&mut client, &root, "manifests/site.pp");
    let answer = client.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": site.uri}, "position": {"line": 1, "character": 4}}),
    );
    let item = answer["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["label"] == "app::double")
        .unwrap()
        .clone();
    assert_eq!(
        item["documentation"]["value"],
        "```puppet\nfunction app::double(Integer $n) >> Integer\n```\nPuppet function \
         (modules/app/functions/double.pp)"
    );
    let resolved = client.request("completionItem/resolve", item);
    assert_eq!(
        resolved["documentation"]["value"],
        "```puppet\nfunction app::double(Integer $n) >> Integer\n```\nPuppet function \
         (modules/app/functions/double.pp)\n\nTwice the number."
    );
    let greet = answer["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["label"] == "app::greet")
        .unwrap()
        .clone();
    let resolved = client.request("completionItem/resolve", greet);
    assert_eq!(
        resolved["detail"],
        "function app::greet(String $who, Optional String $greeting) >> String"
    );
    assert_eq!(
        resolved["documentation"]["value"],
        "```puppet\nfunction app::greet(String $who, Optional String $greeting) >> String\n```\n\
         Ruby function (modules/app/lib/puppet/functions/app/greet.rb)"
    );
    client.shutdown();
}
