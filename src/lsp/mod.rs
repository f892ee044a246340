//! `plint lsp`: a Language Server Protocol server over standard input and output.
//!
//! Built on rust-analyzer's synchronous scaffold (`lsp-server`: a reader and a writer thread,
//! messages on channels, no async runtime, as the rest of plint runs on plain threads) and the
//! protocol's types (`lsp-types`). At start-up the workspace's index is built once on a thread
//! of its own ([`index`]); the server keeps the open documents' texts
//! ([`documents::Documents`]) and, once edits pause ([`DEBOUNCE`]), checks each changed
//! document in that index with a [`crate::lint::Session`] of its own whose sandbox holds the
//! open texts in memory ([`crate::lint::Session::check_in`]): every rule of check mode,
//! `plint.toml` and `.puppet-lint.rc`, suppression comments, and the program around the file
//! as `plint PATH` sees it. What a check finds a file defines goes into the index; when that
//! changes, the other open documents are checked again; so do files changed on disk
//! ([`watched`]). Requests ([`requests`]): go to
//! definition, find references ([`references`]), hover, document and workspace symbols, code
//! actions ([`actions`]), formatting ([`formatting`]) and completion ([`completion`]). No process-global state: the [`Server`]
//! is the run.

pub mod actions;
pub mod at;
pub mod completion;
pub mod convert;
pub mod definition;
pub mod documents;
pub mod formatting;
pub mod hover;
pub mod index;
pub mod references;
pub mod requests;
pub mod symbols;
pub mod texts;
pub mod watched;

use std::path::{Path, PathBuf};
use std::time::Duration;

use lsp_server::{Connection, Message, Notification, Request};
use lsp_types::notification::{
    DidChangeTextDocument, DidChangeWatchedFiles, DidCloseTextDocument, DidOpenTextDocument,
    DidSaveTextDocument, Notification as _, PublishDiagnostics,
};
use lsp_types::{
    CodeActionKind, CodeActionOptions, CodeActionProviderCapability, HoverProviderCapability,
    InitializeParams, OneOf, PublishDiagnosticsParams, ServerCapabilities, ServerInfo,
    TextDocumentSyncCapability, TextDocumentSyncKind, TextDocumentSyncOptions,
    TextDocumentSyncSaveOptions, Uri,
};

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
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        workspace_symbol_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        completion_provider: Some(completion::options()),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![CodeActionKind::QUICKFIX]),
            ..CodeActionOptions::default()
        })),
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
    let progress = params
        .capabilities
        .window
        .as_ref()
        .and_then(|w| w.work_done_progress)
        .unwrap_or(false);
    watched::register(connection, &params)?;
    let root = workspace_root(&params);
    let state = index::start(connection, &root, progress, 0)?;
    let mut server = Server::new(root, state, progress);
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

/// One language server run: the workspace and its index, the open documents, and those to
/// check again.
pub struct Server {
    root: PathBuf,
    documents: Documents,
    index: index::State,
    /// The texts of the index's manifests, for find references.
    texts: texts::Texts,
    /// How many times the workspace was indexed again (files changed on disk).
    indexings: u32,
    /// Whether the client shows `$/progress`.
    progress: bool,
    /// The keys of the Hiera data files completion has read.
    data_keys: std::sync::Mutex<completion::hiera::DataKeys>,
}

/// A check's diagnostics, the findings they were made of, and whether names changed.
type Checked = (
    Vec<lsp_types::Diagnostic>,
    Vec<crate::report::Diagnostic>,
    bool,
);

/// What the server waits for next.
enum Event {
    Message(Message),
    /// The workspace's index is built (or could not be).
    Indexed(index::Built),
    /// The client paused: time to check the documents changed.
    Pause,
    Closed,
}

impl Server {
    pub fn new(root: PathBuf, index: index::State, progress: bool) -> Server {
        Server {
            root,
            documents: Documents::default(),
            index,
            texts: texts::Texts::default(),
            indexings: 0,
            progress,
            data_keys: Default::default(),
        }
    }

    fn next_event(&self, connection: &Connection) -> Event {
        let message = |m: Result<Message, _>| m.map_or(Event::Closed, Event::Message);
        if let index::State::Building(built) = &self.index {
            // Checks wait for the index; requests are answered meanwhile.
            return crossbeam_channel::select! {
                recv(connection.receiver) -> m => message(m),
                recv(built) -> b => Event::Indexed(b.unwrap_or_else(|_| {
                    Err("the indexing thread stopped".into())
                })),
            };
        }
        // While documents wait to be checked, a pause in the client's messages lets the
        // checks run; otherwise wait for the next message.
        if self.documents.has_stale() {
            match connection.receiver.recv_timeout(DEBOUNCE) {
                Ok(m) => Event::Message(m),
                Err(e) if e.is_timeout() => Event::Pause,
                Err(_) => Event::Closed,
            }
        } else {
            message(connection.receiver.recv())
        }
    }

    fn run(&mut self, connection: &Connection) -> Result<(), String> {
        loop {
            match self.next_event(connection) {
                Event::Closed => return Ok(()),
                Event::Pause => self.check_stale(connection)?,
                Event::Indexed(built) => {
                    (self.index, self.texts) = index::finished(connection, built, self.progress)?;
                }
                Event::Message(Message::Request(request)) => {
                    if connection.handle_shutdown(&request).map_err(closed)? {
                        return Ok(());
                    }
                    self.request(connection, request)?;
                }
                Event::Message(Message::Notification(n)) => self.notification(connection, n)?,
                Event::Message(Message::Response(_)) => {}
            }
        }
    }

    /// Answers `request`; a bug of plint while answering is an error response, not the end
    /// of the server.
    fn request(&mut self, connection: &Connection, request: Request) -> Result<(), String> {
        let id = request.id.clone();
        let response = crate::lint::panic::catch(|| self.answer(request)).unwrap_or_else(|p| {
            let finding = crate::lint::panic::internal_error(p);
            lsp_server::Response::new_err(
                id,
                lsp_server::ErrorCode::InternalError as i32,
                finding.message,
            )
        });
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
            DidChangeWatchedFiles::METHOD => self.files_changed(connection, params)?,
            DidCloseTextDocument::METHOD => {
                let p: lsp_types::DidCloseTextDocumentParams =
                    serde_json::from_value(params).map_err(bad)?;
                let uri = p.text_document.uri;
                self.documents.close(&uri);
                self.forget_edits(&uri)?;
                publish(connection, uri, Vec::new(), None)?;
            }
            _ => {}
        }
        Ok(())
    }

    /// A document closed: what the file on disk defines takes the place of what the editor's
    /// text defined in the index; the other open documents are checked again when it differs.
    fn forget_edits(&mut self, uri: &Uri) -> Result<(), String> {
        let (index::State::Ready(workspace), Some(path)) = (&mut self.index, convert::path_of(uri))
        else {
            return Ok(());
        };
        if path.extension().is_none_or(|e| e != "pp") {
            return Ok(());
        }
        let session = index::session(&self.root, Some(&path), self.documents.files(), 1)?;
        let paths = [path];
        workspace.refresh(&paths, session.sandbox());
        self.texts.refresh(&paths, session.sandbox());
        if workspace.names_changed() {
            self.documents.mark_all_stale_but(&[]);
        }
        Ok(())
    }

    /// Checks every document changed since its last check and publishes its diagnostics;
    /// when a check changed what the program defines, the other open documents are checked
    /// again too.
    fn check_stale(&mut self, connection: &Connection) -> Result<(), String> {
        let mut names_changed = false;
        let checked = self.documents.take_stale();
        for uri in &checked {
            let Some(doc) = self.documents.get(uri) else {
                continue;
            };
            let version = doc.version;
            let (diagnostics, found) = match convert::path_of(uri) {
                Some(path) => match crate::lint::panic::catch(|| self.check(&path)) {
                    Ok(Ok((diagnostics, found, changed))) => {
                        names_changed |= changed;
                        (diagnostics, found)
                    }
                    Ok(Err(message)) => (vec![convert::failure(&message)], Vec::new()),
                    Err(p) => {
                        let finding = crate::lint::panic::internal_error(p);
                        (vec![convert::failure(&finding.message)], Vec::new())
                    }
                },
                // Not a file (an unsaved buffer): nothing to place it in a module.
                None => (Vec::new(), Vec::new()),
            };
            self.documents
                .set_diagnostics(uri, diagnostics.clone(), found);
            publish(connection, uri.clone(), diagnostics, Some(version))?;
        }
        if names_changed {
            self.documents.mark_all_stale_but(&checked);
        }
        Ok(())
    }

    /// Every rule of check mode on the file at `path`, with the open documents' texts in place
    /// of the files', in the workspace's program: the diagnostics, the findings they were made
    /// of, and whether what the file defines changed.
    fn check(&mut self, path: &Path) -> Result<Checked, String> {
        if let index::State::Failed(_) = &self.index {
            // Maybe fixed since (an invalid `plint.toml`): index again, here.
            let built =
                index::session(&self.root, None, self.documents.files(), 0).and_then(|mut s| {
                    let workspace = s.index_workspace(&self.root)?;
                    let texts =
                        s.install(|| texts::Texts::read(workspace.parts().paths(), s.sandbox()));
                    Ok((workspace, texts))
                });
            self.index = match built {
                Ok((w, texts)) => {
                    self.texts = texts;
                    index::State::Ready(Box::new(w))
                }
                Err(e) => index::State::Failed(e),
            };
        }
        let workspace = match &mut self.index {
            index::State::Ready(w) => w,
            index::State::Failed(e) => return Err(e.clone()),
            index::State::Building(_) => return Ok((Vec::new(), Vec::new(), false)),
        };
        let mut session = index::session(&self.root, Some(path), self.documents.files(), 1)?;
        let checked = session.check_in(&[path.to_path_buf()], workspace)?;
        let mut diagnostics = Vec::new();
        let mut found = Vec::new();
        for outcome in &checked.outcomes {
            if let Some(report) = &outcome.report {
                diagnostics.extend(convert::diagnostics(report));
                found.extend(report.diagnostics().iter().cloned());
            }
        }
        Ok((diagnostics, found, workspace.names_changed()))
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
