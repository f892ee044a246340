//! The workspace's index, built once at start-up on a thread of its own while the server
//! answers, with the client told of the work (`$/progress`) when it can show it; then kept
//! up to date by each check ([`crate::lint::Session::check_in`]) and by the files changed on
//! disk ([`super::watched`]). The manifests' texts are read on the same thread, for find
//! references ([`super::texts`]).

use std::path::{Path, PathBuf};
use std::time::Instant;

use crossbeam_channel::Receiver;
use lsp_server::{Connection, Message, Notification, Request, RequestId};
use lsp_types::notification::{Notification as _, Progress};
use lsp_types::request::{Request as _, WorkDoneProgressCreate};
use lsp_types::{
    NumberOrString, ProgressParams, ProgressParamsValue, WorkDoneProgress, WorkDoneProgressBegin,
    WorkDoneProgressCreateParams, WorkDoneProgressEnd,
};

use crate::config::{CliOptions, Settings};
use crate::lint::{Session, Workspace};
use crate::sandbox::Sandbox;

use super::texts::Texts;

/// The progress token of the indexing.
const TOKEN: &str = "plint/index";

/// A session over the workspace at `root`: its configuration, a sandbox holding `texts` (the
/// open documents) in memory, `threads` worker threads (0: one per core).
pub fn session<'a>(
    root: &Path,
    extra_root: Option<&Path>,
    texts: impl Iterator<Item = (PathBuf, &'a str)>,
    threads: usize,
) -> Result<Session, String> {
    let mut roots = vec![root.to_path_buf()];
    roots.extend(extra_root.map(Path::to_path_buf));
    let mut sandbox = Sandbox::new(root, &roots);
    for (file, text) in texts {
        sandbox.add_in_memory(&file, text.as_bytes().to_vec());
    }
    let settings = Settings::load(&CliOptions::default(), root, &mut sandbox)
        .map_err(|e| e.display_from(root))?;
    Session::new(root.to_path_buf(), settings, sandbox, threads)
}

/// What the indexing thread gives: the workspace, its manifests' texts, the time it took.
pub type Built = Result<(Box<Workspace>, Texts, std::time::Duration), String>;

/// The index being built, or built.
pub enum State {
    Building(Receiver<Built>),
    Ready(Box<Workspace>),
    /// The index could not be built (the configuration is invalid, say): each check then
    /// says why.
    Failed(String),
}

/// Starts building the index of the workspace at `root` on its own thread; tells the client
/// when it supports `window.workDoneProgress` (`attempt` counts the indexings of the run, so
/// that each request to create the progress has an id of its own).
pub fn start(
    connection: &Connection,
    root: &Path,
    progress: bool,
    attempt: u32,
) -> Result<State, String> {
    if progress {
        let id = match attempt {
            0 => TOKEN.to_string(),
            n => format!("{TOKEN}/{n}"),
        };
        let create = Request::new(
            RequestId::from(id),
            WorkDoneProgressCreate::METHOD.into(),
            WorkDoneProgressCreateParams {
                token: NumberOrString::String(TOKEN.into()),
            },
        );
        super::send(connection, create.into())?;
        report(
            connection,
            WorkDoneProgress::Begin(WorkDoneProgressBegin {
                title: "plint: indexing the workspace".into(),
                ..WorkDoneProgressBegin::default()
            }),
        )?;
    }
    let (tx, rx) = crossbeam_channel::bounded(1);
    let root = root.to_path_buf();
    std::thread::Builder::new()
        .name("plint-index".into())
        .spawn(move || {
            let started = Instant::now();
            let built = session(&root, None, std::iter::empty(), 0).and_then(|mut s| {
                let workspace = s.index_workspace(&root)?;
                let texts = s.install(|| Texts::read(workspace.parts().paths(), s.sandbox()));
                Ok((Box::new(workspace), texts, started.elapsed()))
            });
            // The server may have started another indexing since (files changed): this one's
            // receiver is then gone.
            let _ = tx.send(built);
        })
        .map_err(|e| format!("cannot start the indexing thread: {e}"))?;
    Ok(State::Building(rx))
}

/// The index built: the new state and the manifests' texts, after telling the client when it
/// was told of the start.
pub fn finished(
    connection: &Connection,
    built: Built,
    progress: bool,
) -> Result<(State, Texts), String> {
    let (state, texts, message) = match built {
        Ok((workspace, texts, took)) => {
            let stats = workspace.index().stats();
            let message = format!("{stats} in {} ms", took.as_millis());
            (State::Ready(workspace), texts, message)
        }
        Err(e) => (State::Failed(e.clone()), Texts::default(), e),
    };
    if progress {
        report(
            connection,
            WorkDoneProgress::End(WorkDoneProgressEnd {
                message: Some(message),
            }),
        )?;
    }
    Ok((state, texts))
}

fn report(connection: &Connection, value: WorkDoneProgress) -> Result<(), String> {
    let params = ProgressParams {
        token: NumberOrString::String(TOKEN.into()),
        value: ProgressParamsValue::WorkDone(value),
    };
    let n = Notification::new(Progress::METHOD.into(), params);
    super::send(connection, Message::Notification(n))
}

/// A sandbox over the workspace at `root` holding `texts` (the open documents) in memory.
pub fn sandbox<'a>(root: &Path, texts: impl Iterator<Item = (PathBuf, &'a str)>) -> Sandbox {
    let mut sandbox = Sandbox::new(root, &[root.to_path_buf()]);
    for (file, text) in texts {
        sandbox.add_in_memory(&file, text.as_bytes().to_vec());
    }
    sandbox
}
