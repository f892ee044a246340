//! `plint lsp` spoken to as an editor does: the server is started as a subprocess and given
//! JSON-RPC messages with their `Content-Length` headers on standard input; what it writes on
//! standard output is read back and checked.

mod common;
#[path = "lsp/completion.rs"]
mod completion;
#[path = "lsp/edits.rs"]
mod edits;
#[path = "lsp/watched.rs"]
mod watched;

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};

struct Client {
    child: Child,
    stdin: ChildStdin,
    messages: mpsc::Receiver<Value>,
    next_id: i64,
}

fn read_message(out: &mut BufReader<ChildStdout>) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if out.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    out.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

impl Client {
    /// Starts `plint lsp` in `dir` and initializes it with `dir` as the workspace.
    fn start(dir: &Path) -> Client {
        Client::start_with(dir, json!({}))
    }

    /// [`Client::start`] for a client of these capabilities.
    fn start_with(dir: &Path, capabilities: Value) -> Client {
        let mut child = Command::new(common::PLINT)
            .arg("lsp")
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start plint lsp");
        let stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let (tx, messages) = mpsc::channel();
        std::thread::spawn(move || {
            while let Some(m) = read_message(&mut stdout) {
                if tx.send(m).is_err() {
                    break;
                }
            }
        });
        let mut client = Client {
            child,
            stdin,
            messages,
            next_id: 1,
        };
        let uri = uri(dir);
        let result = client.request(
            "initialize",
            json!({
                "processId": null,
                "rootUri": uri,
                "capabilities": capabilities,
                "workspaceFolders": [{"uri": uri, "name": "test"}],
            }),
        );
        assert_eq!(result["serverInfo"]["name"], "plint", "{result}");
        assert_eq!(
            result["capabilities"]["textDocumentSync"]["change"], 1,
            "full synchronization: {result}"
        );
        client.notify("initialized", json!({}));
        client
    }

    fn send(&mut self, message: &Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and returns its response's result (or error), skipping notifications.
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let m = self.next();
            if m["id"] == json!(id) {
                return if m.get("error").is_some() {
                    m["error"].clone()
                } else {
                    m["result"].clone()
                };
            }
        }
    }

    fn next(&mut self) -> Value {
        self.messages
            .recv_timeout(Duration::from_secs(60))
            .expect("a message from the server within a minute")
    }

    /// The next message `wanted` accepts (the others are skipped).
    fn wait_for(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        loop {
            let m = self.next();
            if wanted(&m) {
                return m;
            }
        }
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics(&mut self, uri: &str) -> Value {
        loop {
            let m = self.next();
            if m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri {
                return m["params"].clone();
            }
        }
    }

    fn shutdown(mut self) {
        let result = self.request("shutdown", Value::Null);
        assert_eq!(result, Value::Null);
        self.notify("exit", Value::Null);
        let status = self.child.wait().unwrap();
        assert!(status.success(), "plint lsp exited with {status}");
    }
}

fn uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// Findings as (code, start line, start character, end line, end character).
fn findings(params: &Value) -> Vec<(String, u64, u64, u64, u64)> {
    params["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let r = &d["range"];
            (
                d["code"].as_str().unwrap().to_string(),
                r["start"]["line"].as_u64().unwrap(),
                r["start"]["character"].as_u64().unwrap(),
                r["end"]["line"].as_u64().unwrap(),
                r["end"]["character"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    std::fs::create_dir_all(root.join("modules/web/manifests")).unwrap();
    std::fs::write(
        root.join("plint.toml"),
        "[rules]\n\"documentation\" = \"allow\"\n",
    )
    .unwrap();
    std::fs::write(
        root.join("modules/web/manifests/init.pp"),
        "class web (String $root = '/srv') {\n  file { $root: ensure => directory }\n}\n",
    )
    .unwrap();
    dir
}

#[test]
fn diagnostics_follow_the_edits_of_an_open_document() {
    let dir = workspace();
    let root = dir.path().canonicalize().unwrap();
    let mut client = Client::start(&root);
    let file = root.join("modules/web/manifests/site.pp");
    let uri = uri(&file);
    // Not saved: the server checks the editor's text, in the module around it (`web` is
    // known from the file on disk).
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "puppet", "version": 1,
            "text": "class web::site {\n  include web\n  notice($undefined_here)\n}\n"}}),
    );
    let published = client.diagnostics(&uri);
    assert_eq!(published["version"], 1);
    assert_eq!(
        findings(&published),
        [
            ("P112".to_string(), 2, 9, 2, 24),
            ("P411".to_string(), 2, 9, 2, 24)
        ]
    );
    let d = &published["diagnostics"][0];
    assert_eq!(d["severity"], 1, "an error for Puppet 8: {d}");
    assert_eq!(published["diagnostics"][1]["severity"], 2);
    assert_eq!(d["source"], "plint");
    assert!(
        d["message"]
            .as_str()
            .unwrap()
            .contains("the variable `$undefined_here` is not defined"),
        "{d}"
    );

    // The fix: no diagnostics. A class of another module that does not exist: P103's error,
    // with a position in UTF-16 code units after a non-ASCII string.
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2},
            "contentChanges": [{"text": "class web::site {\n  include web\n}\n"}]}),
    );
    let published = client.diagnostics(&uri);
    assert_eq!(published["version"], 2);
    assert_eq!(findings(&published), []);
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 3},
            "contentChanges": [{"text": "class web::site {\n  notice('é😀') include web::nope\n}\n"}]}),
    );
    let published = client.diagnostics(&uri);
    assert_eq!(published["version"], 3);
    let found = findings(&published);
    assert!(
        found
            .iter()
            .any(|(code, l, c, _, _)| code == "P107" && *l == 1 && *c == 24),
        "the class name starts at UTF-16 column 24 (é one unit, 😀 two; 27 in bytes, 23 in characters): {found:?}"
    );

    // Closing the document clears its diagnostics.
    client.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri}}),
    );
    let published = client.diagnostics(&uri);
    assert_eq!(findings(&published), []);
    client.shutdown();
}

#[test]
fn a_request_it_does_not_answer_is_an_error_not_a_crash() {
    let dir = workspace();
    let root = dir.path().canonicalize().unwrap();
    let mut client = Client::start(&root);
    let error = client.request(
        "textDocument/semanticTokens/full",
        json!({"textDocument": {"uri": uri(&root.join("x.pp"))}}),
    );
    assert_eq!(error["code"], -32601, "{error}");
    client.shutdown();
}

/// Whether `nvim` can run (it must under CI: `.ci/run` installs Debian's neovim).
fn has_neovim() -> bool {
    if Command::new("nvim").arg("--version").output().is_ok() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "nvim is not installed (.ci/run installs Debian's neovim)"
    );
    eprintln!("skipping: no nvim");
    false
}

/// Runs Neovim on `file` of the workspace `root` with `tests/lsp/neovim.lua` making
/// `requests`; what the script wrote.
fn neovim(root: &Path, file: &Path, requests: &str, out: &Path) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lsp/neovim.lua");
    let status = Command::new("nvim")
        .args(["--headless", "-u", "NONE", "-i", "NONE", "-c"])
        .arg(format!("luafile {}", script.display()))
        .env("PLINT", common::PLINT)
        .env("PLINT_ROOT", root)
        .env("PLINT_FILE", file)
        .env("PLINT_OUT", out)
        .env("PLINT_REQUESTS", requests)
        .current_dir(root)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .status()
        .expect("run nvim");
    assert!(status.success(), "nvim exited with {status}");
    std::fs::read_to_string(out).expect("the script's output")
}

/// Neovim (Debian's, headless) as the client: it opens a manifest, starts `plint lsp`, and
/// shows plint's diagnostics at their places; finds references, offers code actions and
/// formats the text. Skipped without `nvim`, except under CI.
#[test]
fn neovim_shows_the_diagnostics() {
    if !has_neovim() {
        return;
    }
    let dir = workspace();
    let root = dir.path().canonicalize().unwrap();
    let file = root.join("modules/web/manifests/site.pp");
    std::fs::write(
        &file,
        "class web::site {\n  include web\n  notice($undefined_here)\n  notice(\"x\")\n}\n",
    )
    .unwrap();
    let shown = neovim(
        &root,
        &file,
        "references 1 10, codeAction 3 10, completion 1 10, formatting 0 0",
        &root.join("diagnostics.txt"),
    );
    assert_eq!(
        shown,
        "2:9 P112 the variable `$undefined_here` is not defined\n\
         2:9 P411 the variable `$undefined_here` is not defined in this class\n\
         3:9 P432 double-quoted string with nothing to interpolate\n\
         references 1:10 modules/web/manifests/init.pp:0 modules/web/manifests/site.pp:1\n\
         codeAction 3:10 use single quotes; suppress `needless-double-quotes` on this line\n\
         completion 1:10 web web::site\n\
         formatting 0:0 class web::site {|  include web|  notice($undefined_here)|  \
         notice('x')|}\n"
    );
}

/// Neovim on a file of the corpus (`ntp/manifests/config.pp`, the `ntp` module as the
/// workspace): its diagnostics, then the hover and the definition of a class's variable
/// (`$ntp::keys_file`, a parameter of `ntp`) and the definition of a template (`epp('ntp/keys.epp')`).
#[test]
fn neovim_hovers_and_goes_to_definitions_in_the_corpus() {
    if !has_neovim() {
        return;
    }
    let root = Path::new("/usr/share/puppet/modules/ntp");
    let file = root.join("manifests/config.pp");
    let out = tempfile::tempdir().unwrap();
    let shown = neovim(
        root,
        &file,
        "hover 29 12, definition 29 12, definition 34 22",
        &out.path().join("out.txt"),
    );
    assert_eq!(
        shown,
        "8:6 P421 the legacy fact `operatingsystem` is read\n\
         8:46 P421 the legacy fact `operatingsystemmajrelease` is read\n\
         9:5 P421 the legacy fact `operatingsystem` is read\n\
         9:49 P421 the legacy fact `operatingsystemmajrelease` is read\n\
         hover 29:12 $ntp::keys_file: Stdlib::Absolutepath\n\
         definition 29:12 manifests/init.pp:227\n\
         definition 34:22 templates/keys.epp:0\n"
    );
}

/// The protocol tests' workspace (`tests/lsp/workspace`: two modules, `web` defining a class,
/// a defined type, a Puppet and a Ruby function, a type alias, a custom resource type, a
/// template and a file; `site` using them), copied to a temporary folder.
fn fixture() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    common::copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lsp/workspace"),
        &root,
    );
    (dir, root)
}

/// A client that shows progress: the server indexes the workspace at start-up and says so.
fn start_indexed(root: &Path) -> Client {
    let mut client = Client::start_with(root, json!({"window": {"workDoneProgress": true}}));
    let create = client.wait_for(|m| m["method"] == "window/workDoneProgress/create");
    assert_eq!(create["params"]["token"], "plint/index");
    let begin = client.wait_for(|m| m["method"] == "$/progress");
    assert_eq!(begin["params"]["value"]["kind"], "begin", "{begin}");
    let end = client.wait_for(|m| m["method"] == "$/progress");
    assert_eq!(end["params"]["value"]["kind"], "end", "{end}");
    let said = end["params"]["value"]["message"].as_str().unwrap();
    assert!(
        said.starts_with(
            "3 classes, 1 defines, 2 functions (1 Puppet, 1 Ruby 4.x, 0 Ruby 3.x), 1 type \
             aliases, 1 resource types, 0 nodes; from 6 manifests, 2 Ruby files, 2 modules in "
        ),
        "{said}"
    );
    client
}

fn position(uri: &str, line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
}

fn location(root: &Path, file: &str, start: (u32, u32), end: (u32, u32)) -> Value {
    json!({"uri": uri(&root.join(file)), "range": {
        "start": {"line": start.0, "character": start.1},
        "end": {"line": end.0, "character": end.1}}})
}

#[test]
fn go_to_definition() {
    let (_dir, root) = fixture();
    let mut client = start_indexed(&root);
    let site = uri(&root.join("modules/site/manifests/init.pp"));
    let web = uri(&root.join("modules/web/manifests/init.pp"));
    let vhost = uri(&root.join("modules/web/manifests/vhost.pp"));
    let cases = [
        // `include web`, `class { 'web::params': }`, `$web::params::user`
        (
            &site,
            1,
            10,
            location(&root, "modules/web/manifests/init.pp", (7, 6), (7, 9)),
        ),
        (
            &site,
            2,
            12,
            location(&root, "modules/web/manifests/params.pp", (1, 6), (1, 17)),
        ),
        (
            &site,
            3,
            25,
            location(&root, "modules/web/manifests/params.pp", (2, 2), (2, 7)),
        ),
        // A Puppet function, a Ruby function (its line), a type alias, a custom type.
        (
            &site,
            4,
            12,
            location(&root, "modules/web/functions/port.pp", (1, 9), (1, 18)),
        ),
        (
            &site,
            5,
            15,
            location(
                &root,
                "modules/web/lib/puppet/functions/web/shout.rb",
                (1, 0),
                (1, 0),
            ),
        ),
        (
            &site,
            0,
            14,
            location(&root, "modules/web/types/mode.pp", (0, 5), (0, 14)),
        ),
        (
            &site,
            6,
            3,
            location(
                &root,
                "modules/web/lib/puppet/type/web_site.rb",
                (0, 0),
                (0, 0),
            ),
        ),
        // Variables: a lambda's parameter, an assignment, a class parameter.
        (
            &site,
            7,
            28,
            location(&root, "modules/site/manifests/init.pp", (7, 15), (7, 17)),
        ),
        (
            &site,
            5,
            21,
            location(&root, "modules/site/manifests/init.pp", (3, 2), (3, 7)),
        ),
        (
            &site,
            5,
            30,
            location(&root, "modules/site/manifests/init.pp", (4, 2), (4, 7)),
        ),
        (
            &web,
            11,
            16,
            location(&root, "modules/web/manifests/init.pp", (8, 9), (8, 14)),
        ),
        // A defined type, its parameter, a file served, a template.
        (
            &web,
            16,
            5,
            location(&root, "modules/web/manifests/vhost.pp", (3, 7), (3, 17)),
        ),
        (
            &web,
            16,
            24,
            location(&root, "modules/web/manifests/vhost.pp", (4, 2), (4, 25)),
        ),
        (
            &web,
            14,
            20,
            location(&root, "modules/web/files/index.html", (0, 0), (0, 0)),
        ),
        (
            &vhost,
            7,
            26,
            location(&root, "modules/web/templates/vhost.erb", (0, 0), (0, 0)),
        ),
        // A built-in function has no file; a string is no name.
        (&site, 5, 4, Value::Null),
        (&site, 6, 15, Value::Null),
    ];
    for (uri, line, character, expected) in cases {
        let found = client.request("textDocument/definition", position(uri, line, character));
        assert_eq!(found, expected, "at {uri}:{line}:{character}");
    }
    client.shutdown();
}

#[test]
fn hover() {
    let (_dir, root) = fixture();
    let mut client = start_indexed(&root);
    let site = uri(&root.join("modules/site/manifests/init.pp"));
    let web = uri(&root.join("modules/web/manifests/init.pp"));
    let text = std::fs::read_to_string(root.join("modules/site/manifests/init.pp")).unwrap();
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": site, "languageId": "puppet", "version": 1, "text": text}}),
    );
    let published = client.diagnostics(&site);
    assert_eq!(findings(&published), [("P414".to_string(), 0, 0, 0, 10)]);
    let hover = |client: &mut Client, uri: &str, line, character| {
        let found = client.request("textDocument/hover", position(uri, line, character));
        if found.is_null() {
            return (String::new(), Value::Null);
        }
        assert_eq!(found["contents"]["kind"], "markdown");
        (
            found["contents"]["value"].as_str().unwrap().to_string(),
            found["range"].clone(),
        )
    };
    let range = |start: (u32, u32), end: (u32, u32)| {
        json!({"start": {"line": start.0, "character": start.1},
            "end": {"line": end.0, "character": end.1}})
    };
    // A class: its parameters as written, its puppet-strings documentation.
    assert_eq!(
        hover(&mut client, &site, 1, 10),
        (
            "```puppet\nclass web (\n  String $root = '/srv',\n  Integer $port = 80,\n) inherits \
             web::params\n```\n\nManages the web server.\n\nInstalls the server and its document \
             root.\n\n- `root`: The document root.\n- `port`: The port it listens on."
                .to_string(),
            range((1, 10), (1, 13))
        )
    );
    // Functions' signatures (Puppet, Ruby 4.x, built-in).
    assert_eq!(
        hover(&mut client, &site, 4, 12).0,
        "```puppet\nfunction web::port(Integer $base, Optional Integer $step) >> Integer\n```\n\n\
         The port after `base`."
    );
    assert_eq!(
        hover(&mut client, &site, 5, 15).0,
        "```puppet\nfunction web::shout(String $text) >> String\n```"
    );
    assert_eq!(
        hover(&mut client, &site, 5, 4).0,
        "```puppet\nfunction notice(Any *$values) >> Undef\n```"
    );
    // Attributes: a custom type's, a core type's, a defined type's parameter.
    assert_eq!(
        hover(&mut client, &site, 6, 22).0,
        "```puppet\npath => Any\n```\nproperty of `web_site`"
    );
    assert_eq!(
        hover(&mut client, &web, 13, 5).0,
        "```puppet\nensure => Variant[Enum['absent', 'false', 'file', 'present', 'directory', \
         'link'], String[1], Numeric, Boolean, Hash]\n```\nproperty of `file`"
    );
    assert_eq!(
        hover(&mut client, &web, 16, 24).0,
        "```puppet\nInteger[1, 65535] $port\n```\nparameter of `web::vhost`"
    );
    // A type alias; variables' inferred types.
    assert_eq!(
        hover(&mut client, &site, 0, 13).0,
        "```puppet\ntype Web::Mode = Enum['static', 'proxy']\n```"
    );
    assert_eq!(
        hover(&mut client, &site, 4, 3),
        (
            "```puppet\n$next: Integer\n```".to_string(),
            range((4, 2), (4, 7))
        )
    );
    assert_eq!(
        hover(&mut client, &site, 7, 28).0,
        "```puppet\n$i: Variant[Integer[1, 1], Integer[2, 2]]\n```"
    );
    // On a diagnostic: the documentation of its rule.
    let (said, at) = hover(&mut client, &site, 0, 1);
    assert!(said.starts_with("**P414 "), "{said}");
    assert!(said.contains("## What it does"), "{said}");
    assert_eq!(at, range((0, 0), (0, 10)));
    client.shutdown();
}

#[test]
fn document_and_workspace_symbols() {
    let (_dir, root) = fixture();
    let mut client = start_indexed(&root);
    let web = uri(&root.join("modules/web/manifests/init.pp"));
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": web}}),
    );
    assert_eq!(
        symbols,
        json!([{"name": "web", "kind": 5,
            "range": {"start": {"line": 7, "character": 0}, "end": {"line": 17, "character": 1}},
            "selectionRange": {"start": {"line": 7, "character": 6}, "end": {"line": 7, "character": 9}}}])
    );
    let found = client.request("workspace/symbol", json!({"query": "WEB::"}));
    let names: Vec<(&str, u64, &str)> = found
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let uri = s["location"]["uri"].as_str().unwrap();
            (
                s["name"].as_str().unwrap(),
                s["kind"].as_u64().unwrap(),
                uri.rsplit('/').next().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        names,
        [
            ("Web::Mode", 26, "mode.pp"),
            ("web::params", 5, "params.pp"),
            ("web::port", 12, "port.pp"),
            ("web::shout", 12, "shout.rb"),
            ("web::vhost", 23, "vhost.pp")
        ]
    );
    client.shutdown();
}

/// The index follows the edits: a defined type's parameter renamed in the editor is what the
/// other open documents are checked against, at once.
#[test]
fn an_edit_rechecks_the_documents_that_use_what_it_defines() {
    let (_dir, root) = fixture();
    let mut client = start_indexed(&root);
    let web = uri(&root.join("modules/web/manifests/init.pp"));
    let vhost = uri(&root.join("modules/web/manifests/vhost.pp"));
    for (uri, file) in [(&web, "init.pp"), (&vhost, "vhost.pp")] {
        let text = std::fs::read_to_string(root.join("modules/web/manifests").join(file)).unwrap();
        client.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "puppet", "version": 1, "text": text}}),
        );
        assert_eq!(findings(&client.diagnostics(uri)), []);
    }
    let renamed = std::fs::read_to_string(root.join("modules/web/manifests/vhost.pp"))
        .unwrap()
        .replace("$port", "$listen")
        .replace("@param port", "@param listen");
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": vhost, "version": 2}, "contentChanges": [{"text": renamed}]}),
    );
    assert_eq!(findings(&client.diagnostics(&vhost)), []);
    let again = client.diagnostics(&web);
    assert_eq!(again["version"], 1);
    // `listen` is not given (P109), `port` is no parameter any more (P105).
    assert_eq!(
        findings(&again),
        [
            ("P109".to_string(), 16, 2, 16, 12),
            ("P105".to_string(), 16, 23, 16, 27)
        ]
    );
    // Closed unsaved: the file on disk is what the program defines again.
    client.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": vhost}}),
    );
    assert_eq!(findings(&client.diagnostics(&vhost)), []);
    assert_eq!(findings(&client.diagnostics(&web)), []);
    client.shutdown();
}

/// An invalid `plint.toml` is said on each document checked, until it is fixed.
#[test]
fn an_invalid_configuration_is_said_until_it_is_fixed() {
    let dir = workspace();
    let root = dir.path().canonicalize().unwrap();
    std::fs::write(
        root.join("plint.toml"),
        "[rules]\n\"no-such-rule\" = \"deny\"\n",
    )
    .unwrap();
    let mut client = Client::start(&root);
    let file = root.join("modules/web/manifests/site.pp");
    let uri = uri(&file);
    let text = "class web::site {\n  include web\n}\n";
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "puppet", "version": 1, "text": text}}),
    );
    let published = client.diagnostics(&uri);
    let said = published["diagnostics"][0]["message"].as_str().unwrap();
    assert!(
        said.starts_with("plint could not check this file: "),
        "{said}"
    );
    assert!(said.contains("no-such-rule"), "{said}");
    std::fs::write(
        root.join("plint.toml"),
        "[rules]\n\"documentation\" = \"allow\"\n",
    )
    .unwrap();
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": text}]}),
    );
    assert_eq!(findings(&client.diagnostics(&uri)), []);
    client.shutdown();
}
