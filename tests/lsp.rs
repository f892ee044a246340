//! `plint lsp` spoken to as an editor does: the server is started as a subprocess and given
//! JSON-RPC messages with their `Content-Length` headers on standard input; what it writes on
//! standard output is read back and checked.

mod common;

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
                "capabilities": {},
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
        "textDocument/hover",
        json!({"textDocument": {"uri": uri(&root.join("x.pp"))}, "position": {"line": 0, "character": 0}}),
    );
    assert_eq!(error["code"], -32601, "{error}");
    client.shutdown();
}

/// Neovim (Debian's, headless) as the client: it opens a manifest, starts `plint lsp`, and
/// shows plint's diagnostics at their places. Skipped without `nvim`, except under CI.
#[test]
fn neovim_shows_the_diagnostics() {
    let nvim = Command::new("nvim").arg("--version").output();
    if nvim.is_err() {
        assert!(
            std::env::var_os("CI").is_none(),
            "nvim is not installed (.ci/run installs Debian's neovim)"
        );
        eprintln!("skipping: no nvim");
        return;
    }
    let dir = workspace();
    let root = dir.path().canonicalize().unwrap();
    let file = root.join("modules/web/manifests/site.pp");
    std::fs::write(
        &file,
        "class web::site {\n  include web\n  notice($undefined_here)\n}\n",
    )
    .unwrap();
    let out = root.join("diagnostics.txt");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lsp/neovim.lua");
    let status = Command::new("nvim")
        .args(["--headless", "-u", "NONE", "-i", "NONE", "-c"])
        .arg(format!("luafile {}", script.display()))
        .env("PLINT", common::PLINT)
        .env("PLINT_ROOT", &root)
        .env("PLINT_FILE", &file)
        .env("PLINT_OUT", &out)
        .current_dir(&root)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .status()
        .expect("run nvim");
    assert!(status.success(), "nvim exited with {status}");
    let shown = std::fs::read_to_string(&out).expect("the script's output");
    assert_eq!(
        shown,
        "2:9 P112 the variable `$undefined_here` is not defined\n\
         2:9 P411 the variable `$undefined_here` is not defined in this class\n"
    );
}
