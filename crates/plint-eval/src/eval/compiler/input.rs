//! What a compilation takes (the manifests, the module path, Hiera, the node and its facts) and
//! what it gives (a catalog and diagnostics as data).
//!
//! `--evaluate` in the CLI builds a [`CompileInput`] per node and turns the [`EvalDiag`]s into
//! diagnostics through the P2xx rules.

use std::path::PathBuf;

use crate::eval::catalog::Catalog;
use crate::eval::diag::EvalDiag;
use crate::eval::value::{Hash, Value};

/// What to evaluate as the main manifest.
#[derive(Debug, Clone)]
pub enum Manifest {
    /// Files (a site.pp, or every `.pp` of a directory, in the order Puppet reads them).
    Files(Vec<PathBuf>),
    /// Code given on the command line (`-e 'include ntp'`).
    Code(String),
}

/// The node a catalog is compiled for.
#[derive(Debug, Clone)]
pub struct Node {
    /// The certificate name (from `--node`, else the facts' fqdn).
    pub name: String,
    /// `$facts`, with the facts an agent adds (`clientcert`, `clientversion`, `clientnoop`).
    pub facts: Hash,
    /// `$trusted`.
    pub trusted: Hash,
    /// `$server_facts` without `environment`, which the compilation adds from
    /// [`CompileInput::environment`] (see [`Node::new`]).
    pub server_facts: Hash,
}

/// The facts a Puppet server adds of its own to every node it compiles (Puppet's
/// `set_server_facts`; `environment` is the run's, [`CompileInput::environment`]).
pub const SERVER_FACTS: &[&str] = &["serverversion", "servername", "serverip", "serverip6"];

/// The server facts plint cannot know: the compiling server's own facts (its `fqdn` and its
/// addresses). Each stays an unknown `String` naming its cause unless given
/// ([`Node::set_server_fact`]).
const UNKNOWN_SERVER_FACTS: &[(&str, &str)] = &[
    ("servername", "the compiling server's fqdn"),
    ("serverip", "the compiling server's IP address"),
];

/// Settings of one compilation.
#[derive(Debug, Clone)]
pub struct CompileInput {
    pub manifest: Manifest,
    /// Where the compilation may read (see [`crate::sandbox`]).
    pub sandbox: std::sync::Arc<crate::sandbox::Sandbox>,
    /// Folders holding modules, searched in order.
    pub modulepath: Vec<PathBuf>,
    /// The global layer's `hiera.yaml` (`--global-hiera FILE`: a server's own), if any.
    pub global_hiera: Option<PathBuf>,
    /// The environment layer's `hiera.yaml` when named (`--hiera FILE`); else the one in
    /// `environment_dir`, if any.
    pub hiera: Option<PathBuf>,
    /// The environment's folder (for its `hiera.yaml` and `data/`), if any.
    pub environment_dir: Option<PathBuf>,
    pub environment: String,
    /// Unknown variables are errors (Puppet's `strict_variables`).
    pub strict_variables: bool,
    pub node: Node,
    /// The limits of the compilation in time and memory.
    pub budgets: crate::eval::budget::Budgets,
    /// The run's parsed templates and Ruby functions, shared by its nodes' compilations.
    pub ruby: std::sync::Arc<super::RubyCache>,
    /// Record every variable read of the manifests in [`CompileOutput::variable_reads`] (for
    /// the test that the evaluator's scopes agree with name resolution's: `tests/scope_models.rs`).
    pub record_variable_reads: bool,
}

/// The result of one compilation: a catalog unless the compilation failed (as Puppet fails it),
/// and every finding.
#[derive(Debug, Clone)]
pub struct CompileOutput {
    /// The catalog, when the compilation succeeded.
    pub catalog: Option<Catalog>,
    /// When it failed: the catalog as far as the compilation went (every statement that did
    /// not fail), for a report that shows what the node would have had.
    pub failed: Option<Catalog>,
    pub diags: Vec<EvalDiag>,
    /// The errors that fail the compilation (Puppet stops at the first), as indices in
    /// `diags`, in the order the compilation met them: empty when it succeeded.
    pub errors: Vec<usize>,
    /// The facts the code read that the node's facts lack (`$::osfamily` on a node whose
    /// facts have only `os.family`).
    pub missing_facts: Vec<crate::eval::facts::MissingFact>,
    /// Each variable read of the manifests, in the order evaluated, when
    /// [`CompileInput::record_variable_reads`] asked for them (else empty).
    pub variable_reads: Vec<VariableRead>,
}

/// A variable read in a manifest, and whether the evaluator found the variable defined there.
#[derive(Debug, Clone)]
pub struct VariableRead {
    /// The name as written, without `$`.
    pub name: String,
    pub at: crate::eval::catalog::Location,
    /// The variable had a value (`undef` included); `false`: Puppet's "Unknown variable".
    pub found: bool,
}

impl Node {
    /// A node with the given facts; adds what an agent and a server add (`clientcert`,
    /// `clientversion`, `clientnoop`, `$trusted`, `$server_facts`). Of the server's facts,
    /// `serverversion` is plint's Puppet version; `servername` and `serverip`, the server's
    /// own facts, are unknown (with their cause) until [`Node::set_server_fact`] gives them;
    /// `serverip6`, which a server without an IPv6 address lacks, is absent until given.
    pub fn new(name: &str, mut facts: Hash) -> Self {
        let add = |facts: &mut Hash, k: &str, v: Value| {
            if facts.get_str(k).is_none() {
                facts.insert(Value::string(k), v);
            }
        };
        add(&mut facts, "clientcert", Value::string(name));
        add(&mut facts, "clientversion", Value::string(PUPPET_VERSION));
        add(&mut facts, "clientnoop", Value::Boolean(false));
        let (hostname, domain) = match name.split_once('.') {
            Some((h, d)) => (h, d),
            None => (name, ""),
        };
        let mut trusted = Hash::new();
        // In the order of Puppet's TrustedInformation#to_h.
        trusted.insert(Value::string("authenticated"), Value::string("remote"));
        trusted.insert(Value::string("certname"), Value::string(name));
        trusted.insert(Value::string("extensions"), Value::hash(Hash::new()));
        trusted.insert(Value::string("hostname"), Value::string(hostname));
        trusted.insert(Value::string("domain"), Value::string(domain));
        trusted.insert(Value::string("external"), Value::hash(Hash::new()));
        let mut server_facts = Hash::new();
        server_facts.insert(
            Value::string("serverversion"),
            Value::string(PUPPET_VERSION),
        );
        for (key, what) in UNKNOWN_SERVER_FACTS {
            let origin = format!("the server fact `{key}`, {what} (--server-fact {key}=VALUE)");
            server_facts.insert(Value::string(*key), Value::unknown("String", &origin));
        }
        Node {
            name: name.to_string(),
            facts,
            trusted,
            server_facts,
        }
    }

    /// Sets one of the server's facts ([`SERVER_FACTS`]: `--server-fact KEY=VALUE`), in
    /// place of the unknown or default value; `Err` names the keys when `key` is not one.
    pub fn set_server_fact(&mut self, key: &str, value: &str) -> Result<(), String> {
        if !SERVER_FACTS.contains(&key) {
            return Err(not_a_server_fact(key));
        }
        self.server_facts
            .insert(Value::string(key), Value::string(value));
        Ok(())
    }
}

/// Reads a `--server-fact KEY=VALUE` setting: a key of [`SERVER_FACTS`] or `environment`
/// (the run's environment, [`CompileInput::environment`]), and its value, a string.
pub fn parse_server_fact(setting: &str) -> Result<(String, String), String> {
    let Some((key, value)) = setting.split_once('=') else {
        return Err(format!(
            "--server-fact `{}`: expected KEY=VALUE",
            crate::report::escape::shorten(setting, 60)
        ));
    };
    let key = key.trim();
    if key != "environment" && !SERVER_FACTS.contains(&key) {
        return Err(format!("--server-fact: {}", not_a_server_fact(key)));
    }
    if key == "environment" && !is_environment_name(value) {
        return Err(format!(
            "--server-fact environment=`{}`: an environment's name is made of letters, digits \
             and underscores",
            crate::report::escape::shorten(value, 60)
        ));
    }
    Ok((key.to_string(), value.to_string()))
}

/// Whether `name` is a valid environment name (Puppet's `valid_name?`: word characters).
fn is_environment_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// The message for a key that is not a server fact.
pub fn not_a_server_fact(key: &str) -> String {
    format!(
        "`{}` is not a server fact: a Puppet server sets {} and `environment` (the \
         environment's name)",
        crate::report::escape::shorten(key, 60),
        SERVER_FACTS
            .iter()
            .map(|k| format!("`{k}`"))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// The Puppet version plint evaluates as.
pub const PUPPET_VERSION: &str = "7.23.0";
