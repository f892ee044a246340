//! `P216` refused-read: the catalog rule for `EvalDiagKind::RefusedRead`.

use super::CatalogRule;
use crate::declare_rule;
use crate::eval::diag::{EvalDiag, EvalDiagKind};

declare_rule! {
    /// ## What it does
    /// Reports a file that the compilation asked for and plint refused to read: `file()`,
    /// `binary_file()` or `epp()` of an absolute path or of a path that leads (by `..` or by a
    /// symbolic link) out of the repository and the module path, a Hiera data file outside them,
    /// a FIFO, a device, a file of `/proc`, or a file over the size limit. The value read is
    /// unknown and the compilation goes on. Found by `plint --evaluate`.
    ///
    /// A Hiera data folder outside the repository (a private data checkout beside it) is read
    /// when the user says it is theirs: `--trust DIR`, or a Hiera configuration named with
    /// `--hiera`/`--global-hiera` that lies outside the repository (its data folders are
    /// trusted with it). A configuration inside the repository cannot widen what plint reads:
    /// a pull request could point it anywhere.
    ///
    /// ## Why is this bad?
    /// plint runs on pull requests and its reports are read by their authors: reading any file
    /// the manifest names would let a pull request copy the CI machine's secrets into the
    /// catalog and the report. Puppet itself would read the file on the server, which makes
    /// the catalog depend on the server's files rather than on the code.
    ///
    /// ## Example
    /// ```puppet
    /// $users = file('/etc/passwd')
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// $users = file('profile/passwd')
    /// ```
    pub struct RefusedRead {
        code: "P216",
        name: "refused-read",
        severity: Warning,
        category: Catalog,
    }
}

impl CatalogRule for RefusedRead {
    fn label(&self, _diag: &EvalDiag) -> String {
        "not read".to_string()
    }

    fn help(&self, diag: &EvalDiag) -> String {
        if matches!(diag.kind, EvalDiagKind::RefusedHieraData { .. }) {
            return "if this data folder is yours (a private data checkout beside the \
                    repository), say so with `--trust DIR`, or name a Hiera configuration that \
                    lies outside the repository with `--hiera`/`--global-hiera`"
                .to_string();
        }
        "keep the file in a module (`files/`, `templates/`) or in the repository, and name it \
         as `module/file`"
            .to_string()
    }
}

/// The file not read, and why.
pub(super) fn message(written: &str, why: &str) -> String {
    format!("`{written}` was not read: {why}; its content is unknown")
}
