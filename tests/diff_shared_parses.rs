//! `plint diff`'s two sessions share the parses of the files whose text is the same at both
//! revisions (`evaluate::Session::with_shared_parses`): every node's catalog, failed catalog and
//! findings must be those of sessions that parse every file themselves, at each revision, and
//! what a finding names (a file, a template) must be the revision's own file.

use std::fs;
use std::path::Path;
use std::sync::Arc;

use plint::config::{CliOptions, Settings};
use plint::eval::compiler::SharedParses;
use plint::evaluate::{FactsSource, NodeOutcome, Session, Target};
use plint::sandbox::Sandbox;

fn write(root: &Path, path: &str, text: &str) {
    let p = root.join(path);
    fs::create_dir_all(p.parent().unwrap()).unwrap();
    fs::write(p, text).unwrap();
}

const SITE: &str = "node default {
  include m
  if $facts['role'] == 'broken' { include m::broken }
  if $facts['role'] == 'erb' { include m::erb }
}
";

const INIT: &str = "class m {
  $greeting = m::greet('x')
  file { '/same': content => template('m/same.erb') }
  file { '/changed': content => template('m/changed.erb') }
  notify { 'shout': message => shout('a') }
  file { '/epp': content => epp('m/same.epp', { 'who' => 'epp' }) }
  include m::config
}
";

const GREET: &str = "Puppet::Functions.create_function(:'m::greet') do
  dispatch :greet do
    param 'String', :name
  end
  def greet(name)
    \"hello #{name}\"
  end
end
";

const SHOUT: &str = "module Puppet::Parser::Functions
  newfunction(:shout, :type => :rvalue) do |args|
    args[0].upcase
  end
end
";

/// A revision: what both have, and the files that differ (`second`).
fn revision(root: &Path, second: bool) {
    let n = if second { "2" } else { "1" };
    write(root, "environment.conf", "modulepath = modules\n");
    write(root, "manifests/site.pp", SITE);
    write(root, "modules/m/manifests/init.pp", INIT);
    write(
        root,
        "modules/m/manifests/config.pp",
        &format!("class m::config {{\n  notify {{ 'config': message => '{n}' }}\n}}\n"),
    );
    // A syntax error at both revisions: reported in each revision's own file.
    write(
        root,
        "modules/m/manifests/broken.pp",
        "class m::broken {\n  notify { 'x' }\n}\n",
    );
    write(
        root,
        "modules/m/manifests/erb.pp",
        "class m::erb {\n  notify { 'erb': message => template('m/bad.erb') }\n}\n",
    );
    write(
        root,
        "modules/m/templates/same.erb",
        "<%= @greeting %> same\n",
    );
    write(
        root,
        "modules/m/templates/changed.erb",
        &format!("<%= @greeting %> {n}\n"),
    );
    write(root, "modules/m/templates/bad.erb", "<% if %>\n");
    write(
        root,
        "modules/m/templates/same.epp",
        "<%- | String $who | -%>\nhello <%= $who %>\n",
    );
    write(root, "modules/m/lib/puppet/functions/m/greet.rb", GREET);
    write(
        root,
        "modules/m/lib/puppet/parser/functions/shout.rb",
        SHOUT,
    );
}

fn session(root: &Path) -> Session {
    let mut sandbox = Sandbox::new(root, &[root.to_path_buf()]);
    sandbox.add_untrusted(root);
    let cli = CliOptions {
        no_config: true,
        ..CliOptions::default()
    };
    let settings = Settings::load(&cli, root, &mut sandbox).unwrap();
    let target = Target {
        paths: vec![root.to_path_buf()],
        ..Target::default()
    };
    Session::new(root.to_path_buf(), settings, sandbox, target, 2).unwrap()
}

/// What a node's compilation gave, as text: catalogs, findings (with their files).
fn outcome(o: &NodeOutcome) -> String {
    let json = |c: &Option<plint::eval::catalog::Catalog>| c.as_ref().map(|c| c.to_json());
    format!(
        "{:?}\n{:?}\n{:#?}\n{:?}",
        json(&o.catalog),
        json(&o.failed),
        o.diags,
        o.errors
    )
}

/// Each role's outcome at the revision of `session`.
fn compile(session: &Session) -> Vec<String> {
    ["web", "broken", "erb"]
        .iter()
        .flat_map(|role| {
            let source = FactsSource {
                os: Some("debian-12".into()),
                node: Some(format!("{role}1.example.com")),
                settings: vec![format!("role={role}")],
                ..FactsSource::default()
            };
            let nodes = session.nodes(&session.facts(&source).unwrap());
            session.compile_nodes(nodes)
        })
        .map(|o| outcome(&o))
        .collect()
}

#[test]
fn shared_parses_give_the_catalogs_of_separate_sessions() {
    let tmp = tempfile::tempdir().unwrap();
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    revision(&a, false);
    revision(&b, true);
    let separate = (compile(&session(&a)), compile(&session(&b)));
    let shared = Arc::new(SharedParses::default());
    let from = session(&a).with_shared_parses(shared.clone());
    let to = session(&b).with_shared_parses(shared.clone());
    // As `plint diff` runs them: a revision's nodes, then the other's.
    let together = (compile(&from), compile(&to));
    // Parsed once each: the 4 manifests, 3 templates and 2 functions the same at both
    // revisions; twice each: the manifest and the template that differ.
    assert_eq!(shared.parsed(), 4 + 3 + 2 + 2 * 2);
    assert_eq!(together.0, separate.0);
    assert_eq!(together.1, separate.1);
    // What the test compares is what the revisions differ by.
    let web = &together.1[0];
    assert!(
        web.contains("hello x 2") && web.contains("hello x same"),
        "{web}"
    );
    assert!(web.contains("\"A\"") && web.contains("hello epp"), "{web}");
    assert!(together.0[0].contains("hello x 1"));
    let broken = &together.1[1];
    assert!(
        broken.contains("/b/modules/m/manifests/broken.pp"),
        "{broken}"
    );
    assert!(!broken.contains("/a/"), "{broken}");
    let erb = &together.1[2];
    assert!(erb.contains("bad.erb") && !erb.contains("/a/"), "{erb}");
}
