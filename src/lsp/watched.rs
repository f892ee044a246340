//! Files changed outside the editor (`workspace/didChangeWatchedFiles`): a branch checked
//! out, a file generated or deleted, `plint.toml` edited in another program.
//!
//! When the client can register watchers dynamically the server asks it to watch the files
//! plint reads ([`WATCHED`]); otherwise it acts on what the client sends of its own. What a
//! change does, by the file ([`Change`]):
//! - a manifest or a module's Ruby file (`lib/puppet/…`) not open in the editor: the index
//!   takes what the file defines now, or drops it once the file is gone or unreadable
//!   ([`crate::lint::Workspace::refresh`]), the kept texts of find references too, and the open
//!   documents are checked again when what the program defines changed;
//! - a template changed: the open documents are checked again (their template checks read
//!   it); one created or deleted changes the module's listing, see below;
//! - `plint.toml`, `.puppet-lint.rc` (the settings, which also say the module path and what
//!   is excluded), `metadata.json`, `Puppetfile`, `hiera.yaml` (the modules, their
//!   dependencies, the data) and a template created or deleted: the workspace is indexed again
//!   in the background, with `$/progress`, and the open documents are checked in the new
//!   index.
//!
//! A file that vanished or cannot be read is said in the client's log
//! (`window/logMessage`), never the end of the server.

use std::path::{Path, PathBuf};

use lsp_server::{Connection, Notification, Request, RequestId};
use lsp_types::notification::{LogMessage, Notification as _};
use lsp_types::request::{RegisterCapability, Request as _};
use lsp_types::{
    DidChangeWatchedFilesParams, DidChangeWatchedFilesRegistrationOptions, FileChangeType,
    FileSystemWatcher, GlobPattern, InitializeParams, LogMessageParams, MessageType, Registration,
    RegistrationParams,
};

use super::{Server, convert, index};

/// The files the server asks the client to watch.
pub const WATCHED: [&str; 9] = [
    "**/*.pp",
    "**/*.epp",
    "**/*.erb",
    "**/lib/puppet/**/*.rb",
    "**/metadata.json",
    "**/hiera.yaml",
    "**/plint.toml",
    "**/.puppet-lint.rc",
    "**/Puppetfile",
];

/// Asks the client to watch [`WATCHED`] when it can register watchers dynamically.
pub fn register(connection: &Connection, params: &InitializeParams) -> Result<(), String> {
    let dynamic = params
        .capabilities
        .workspace
        .as_ref()
        .and_then(|w| w.did_change_watched_files.as_ref())
        .and_then(|d| d.dynamic_registration)
        .unwrap_or(false);
    if !dynamic {
        return Ok(());
    }
    let watchers = WATCHED
        .iter()
        .map(|glob| FileSystemWatcher {
            glob_pattern: GlobPattern::String((*glob).to_string()),
            kind: None,
        })
        .collect();
    let options = serde_json::to_value(DidChangeWatchedFilesRegistrationOptions { watchers })
        .map_err(|e| e.to_string())?;
    let params = RegistrationParams {
        registrations: vec![Registration {
            id: "plint/watched-files".into(),
            method: "workspace/didChangeWatchedFiles".into(),
            register_options: Some(options),
        }],
    };
    let request = Request::new(
        RequestId::from("plint/watch".to_string()),
        RegisterCapability::METHOD.into(),
        params,
    );
    super::send(connection, request.into())
}

/// What a change to a file asks of the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// The index reads the file again (a manifest, a module's Ruby file).
    Reread,
    /// The open documents are checked again.
    Recheck,
    /// The workspace is indexed again.
    Reindex,
    /// Nothing plint reads.
    Ignored,
}

/// What a change of type `typ` to the file at `path` asks (see the module's documentation).
pub fn change(path: &Path, typ: FileChangeType) -> Change {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    match (name, extension) {
        ("plint.toml" | ".puppet-lint.rc" | "metadata.json" | "Puppetfile" | "hiera.yaml", _) => {
            Change::Reindex
        }
        (_, "pp" | "rb") => Change::Reread,
        (_, "epp" | "erb") if typ == FileChangeType::CHANGED => Change::Recheck,
        (_, "epp" | "erb") => Change::Reindex,
        _ => Change::Ignored,
    }
}

impl Server {
    /// Acts on the files the client says changed on disk (see the module's documentation).
    pub(super) fn files_changed(
        &mut self,
        connection: &Connection,
        params: serde_json::Value,
    ) -> Result<(), String> {
        let params: DidChangeWatchedFilesParams = match serde_json::from_value(params) {
            Ok(p) => p,
            Err(e) => {
                return log(
                    connection,
                    &format!("plint: a files-changed notification is not valid: {e}"),
                );
            }
        };
        let mut reread: Vec<(PathBuf, FileChangeType)> = Vec::new();
        let mut recheck = false;
        let mut reindex = false;
        for event in params.changes {
            let Some(path) = convert::path_of(&event.uri) else {
                continue;
            };
            match change(&path, event.typ) {
                // The editor's text of an open manifest is the one the index holds.
                Change::Reread if self.documents.get(&event.uri).is_some() => {}
                Change::Reread => reread.push((path, event.typ)),
                Change::Recheck => recheck = true,
                Change::Reindex => reindex = true,
                Change::Ignored => {}
            }
        }
        if reindex || matches!(self.index, index::State::Building(_)) && !reread.is_empty() {
            // An indexing under way may have read the files before they changed: start again.
            return self.reindex(connection);
        }
        if !reread.is_empty() && self.reread(connection, &reread)? {
            recheck = true;
        }
        if recheck {
            self.documents.mark_all_stale_but(&[]);
        }
        Ok(())
    }

    /// Indexes the workspace again in the background; the open documents are checked in the
    /// new index once it is built.
    fn reindex(&mut self, connection: &Connection) -> Result<(), String> {
        self.indexings += 1;
        self.index = index::start(connection, &self.root, self.progress, self.indexings)?;
        self.documents.mark_all_stale_but(&[]);
        Ok(())
    }

    /// Reads the changed manifests and Ruby files again into the index and the kept texts:
    /// whether what the program defines changed. A file that cannot be read is said in the
    /// log (unless its deletion was the change).
    fn reread(
        &mut self,
        connection: &Connection,
        changed: &[(PathBuf, FileChangeType)],
    ) -> Result<bool, String> {
        let index::State::Ready(workspace) = &mut self.index else {
            // No index yet (or none can be built): the checks will say so.
            return Ok(false);
        };
        let paths: Vec<PathBuf> = changed.iter().map(|(p, _)| p.clone()).collect();
        let session = index::session(&self.root, None, self.documents.files(), 1)?;
        let refreshed = crate::lint::panic::catch(|| {
            let gone = workspace.refresh(&paths, session.sandbox());
            self.texts.refresh(&paths, session.sandbox());
            (gone, workspace.names_changed())
        });
        let (gone, names_changed) = match refreshed {
            Ok(r) => r,
            Err(p) => {
                let finding = crate::lint::panic::internal_error(p);
                log(connection, &format!("plint: {}", finding.message))?;
                return Ok(true);
            }
        };
        for path in gone {
            let deleted = changed
                .iter()
                .any(|(p, t)| *p == path && *t == FileChangeType::DELETED);
            if !deleted {
                let message = format!(
                    "plint: {} cannot be read; what it defined is no longer in the index",
                    path.display()
                );
                log(connection, &message)?;
            }
        }
        Ok(names_changed)
    }
}

/// Writes `message` in the client's log, as a warning.
fn log(connection: &Connection, message: &str) -> Result<(), String> {
    let params = LogMessageParams {
        typ: MessageType::WARNING,
        message: message.to_string(),
    };
    let n = Notification::new(LogMessage::METHOD.into(), params);
    super::send(connection, n.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_each_file_changed_asks() {
        let at = |p: &str, t| change(Path::new(p), t);
        let changed = FileChangeType::CHANGED;
        let created = FileChangeType::CREATED;
        assert_eq!(at("/w/m/manifests/init.pp", created), Change::Reread);
        assert_eq!(at("/w/m/lib/puppet/type/x.rb", changed), Change::Reread);
        assert_eq!(at("/w/m/templates/a.erb", changed), Change::Recheck);
        assert_eq!(at("/w/m/templates/a.epp", created), Change::Reindex);
        assert_eq!(at("/w/plint.toml", changed), Change::Reindex);
        assert_eq!(at("/w/.puppet-lint.rc", created), Change::Reindex);
        assert_eq!(at("/w/m/metadata.json", changed), Change::Reindex);
        assert_eq!(
            at("/w/Puppetfile", FileChangeType::DELETED),
            Change::Reindex
        );
        assert_eq!(at("/w/hiera.yaml", changed), Change::Reindex);
        assert_eq!(at("/w/README.md", changed), Change::Ignored);
    }
}
