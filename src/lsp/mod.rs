//! `plint lsp`: a Language Server Protocol server over standard input and output.
//!
//! Built on rust-analyzer's synchronous scaffold (`lsp-server`: a reader and a writer thread,
//! messages on channels, no async runtime, as the rest of plint runs on plain threads) and the
//! protocol's types (`lsp-types`). The server keeps the open documents' texts
//! ([`documents::Documents`]) and, once edits pause ([`DEBOUNCE`]), checks each changed
//! document with a [`crate::lint::Session`] of its own whose sandbox holds the open texts in
//! memory: every rule of check mode, `plint.toml` and `.puppet-lint.rc`, suppression
//! comments, and the program around the file (its module and the module path) as `plint PATH`
//! sees it. No process-global state: the [`Server`] is the run.

pub mod convert;
pub mod documents;

use std::path::{Path, PathBuf};
use std::time::Duration;

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, DidSaveTextDocument,
    Notification as _, PublishDiagnostics,
};
use lsp_types::{
    InitializeParams, PublishDiagnosticsParams, ServerCapabilities, ServerInfo,
    TextDocumentSyncCapability, TextDocumentSyncKind, TextDocumentSyncOptions,
    TextDocumentSyncSaveOptions, Uri,
};

use crate::config::{CliOptions, Settings};
use crate::lint::{FixMode, Session};
use crate::sandbox::Sandbox;
use documents::Documents;

/// How long the server waits after an edit for the next one before it checks: a burst of
/// keystrokes is checked once.
pub const DEBOUNCE: Duration = Duration::from_millis(150);

/// Serves the protocol on standard input and output until the client asks to exit.
pub fn serve_stdio() -> Result<(), String> {
    let (connection, io_threads) = Connection::stdio();
    serve(&connection)?;
    drop(connection);
    io_threads
        .join()
        .map_err(|e| format!("the connection's threads failed: {e}"))
}

/// Serves the protocol on `connection`: the initialize handshake, then documents and their
/// diagnostics until `shutdown` and `exit`.
pub fn serve(connection: &Connection) -> Result<(), String> {
    let capabilities = ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::FULL),
                save: Some(TextDocumentSyncSaveOptions::Supported(true)),
                ..TextDocumentSyncOptions::default()
            },
        )),
        ..ServerCapabilities::default()
    };
    let result = serde_json::json!({
        "capabilities": capabilities,
        "serverInfo": ServerInfo {
            name: "plint".into(),
            version: Some(env!("CARGO_PKG_VERSION").into()),
        },
    });
    let (id, params) = connection
        .initialize_start()
        .map_err(|e| format!("the client did not initialize: {e}"))?;
    let params: InitializeParams = serde_json::from_value(params)
        .map_err(|e| format!("the client's initialize parameters are not valid: {e}"))?;
    connection
        .initialize_finish(id, result)
        .map_err(|e| format!("the client did not finish initializing: {e}"))?;
    let mut server = Server::new(workspace_root(&params));
    server.run(connection)
}

/// The folder the client opened: its first workspace folder, else its root, else the
/// current directory.
fn workspace_root(params: &InitializeParams) -> PathBuf {
    let folder = params
        .workspace_folders
        .as_ref()
        .and_then(|f| f.first())
        .and_then(|f| convert::path_of(&f.uri));
    #[allow(deprecated)] // `rootUri`, which older clients send instead of workspace folders
    let root = || params.root_uri.as_ref().and_then(convert::path_of);
    folder
        .or_else(root)
        .or_else(|| std::env::current_dir().ok())
        .unwrap_or_else(|| PathBuf::from("."))
}

/// One language server run: the workspace, the open documents, and those to check again.
pub struct Server {
    root: PathBuf,
    documents: Documents,
}

impl Server {
    pub fn new(root: PathBuf) -> Server {
        Server {
            root,
            documents: Documents::default(),
        }
    }

    fn run(&mut self, connection: &Connection) -> Result<(), String> {
        loop {
            // While documents wait to be checked, a pause in the client's messages lets the
            // checks run; otherwise wait for the next message.
            let message = if self.documents.has_stale() {
                match connection.receiver.recv_timeout(DEBOUNCE) {
                    Ok(m) => Some(m),
                    Err(e) if e.is_timeout() => None,
                    Err(_) => return Ok(()),
                }
            } else {
                match connection.receiver.recv() {
                    Ok(m) => Some(m),
                    Err(_) => return Ok(()),
                }
            };
            match message {
                None => self.check_stale(connection)?,
                Some(Message::Request(request)) => {
                    if connection.handle_shutdown(&request).map_err(closed)? {
                        return Ok(());
                    }
                    self.request(connection, request)?;
                }
                Some(Message::Notification(n)) => self.notification(connection, n)?,
                Some(Message::Response(_)) => {}
            }
        }
    }

    fn request(&mut self, connection: &Connection, request: Request) -> Result<(), String> {
        let response = Response::new_err(
            request.id,
            ErrorCode::MethodNotFound as i32,
            format!("plint does not answer `{}`", request.method),
        );
        send(connection, response.into())
    }

    fn notification(&mut self, connection: &Connection, n: Notification) -> Result<(), String> {
        let params = n.params;
        let bad = |e: serde_json::Error| format!("a `{}` notification is not valid: {e}", n.method);
        match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let p: lsp_types::DidOpenTextDocumentParams =
                    serde_json::from_value(params).map_err(bad)?;
                let doc = p.text_document;
                self.documents.open(doc.uri, doc.version, doc.text);
            }
            DidChangeTextDocument::METHOD => {
                let p: lsp_types::DidChangeTextDocumentParams =
                    serde_json::from_value(params).map_err(bad)?;
                // Full synchronization: the last change holds the whole text.
                if let Some(change) = p.content_changes.into_iter().last() {
                    let doc = p.text_document;
                    self.documents.change(&doc.uri, doc.version, change.text);
                }
            }
            DidSaveTextDocument::METHOD => {
                let p: lsp_types::DidSaveTextDocumentParams =
                    serde_json::from_value(params).map_err(bad)?;
                self.documents.mark_stale(&p.text_document.uri);
            }
            DidCloseTextDocument::METHOD => {
                let p: lsp_types::DidCloseTextDocumentParams =
                    serde_json::from_value(params).map_err(bad)?;
                let uri = p.text_document.uri;
                self.documents.close(&uri);
                publish(connection, uri, Vec::new(), None)?;
            }
            _ => {}
        }
        Ok(())
    }

    /// Checks every document changed since its last check and publishes its diagnostics.
    fn check_stale(&mut self, connection: &Connection) -> Result<(), String> {
        for uri in self.documents.take_stale() {
            let Some(doc) = self.documents.get(&uri) else {
                continue;
            };
            let version = doc.version;
            let diagnostics = match convert::path_of(&uri) {
                Some(path) => match self.check(&path) {
                    Ok(found) => found,
                    Err(message) => vec![convert::failure(&message)],
                },
                // Not a file (an unsaved buffer): nothing to place it in a module.
                None => Vec::new(),
            };
            publish(connection, uri, diagnostics, Some(version))?;
        }
        Ok(())
    }

    /// Every rule of check mode on the file at `path`, with the open documents' texts in place
    /// of the files'.
    fn check(&self, path: &Path) -> Result<Vec<lsp_types::Diagnostic>, String> {
        let mut sandbox = Sandbox::new(&self.root, &[self.root.clone(), path.to_path_buf()]);
        for (file, text) in self.documents.files() {
            sandbox.add_in_memory(&file, text.as_bytes().to_vec());
        }
        let settings = Settings::load(&CliOptions::default(), &self.root, &mut sandbox)
            .map_err(|e| e.display_from(&self.root))?;
        let mut session = Session::new(self.root.clone(), settings, sandbox, 0)?;
        let checked = session.check(&[path.to_path_buf()], FixMode::Off)?;
        let mut found = Vec::new();
        for outcome in &checked.outcomes {
            if let Some(report) = &outcome.report {
                found.extend(convert::diagnostics(report));
            }
        }
        Ok(found)
    }
}

fn publish(
    connection: &Connection,
    uri: Uri,
    diagnostics: Vec<lsp_types::Diagnostic>,
    version: Option<i32>,
) -> Result<(), String> {
    let params = PublishDiagnosticsParams {
        uri,
        diagnostics,
        version,
    };
    let n = Notification::new(PublishDiagnostics::METHOD.into(), params);
    send(connection, n.into())
}

fn send(connection: &Connection, message: Message) -> Result<(), String> {
    connection.sender.send(message).map_err(closed)
}

fn closed(e: impl std::fmt::Display) -> String {
    format!("the connection closed: {e}")
}
