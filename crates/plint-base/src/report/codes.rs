//! Metadata of diagnostic codes, and the codes plint's own pipeline reports (`P000`–`P009`).
//!
//! Rules under `crates/plint-lint/src/rules/` describe themselves with the same [`RuleMeta`]; the command line
//! hands the whole catalogue to the output formats (SARIF lists a `rules` entry per reported
//! code). The report module itself never looks anything up in later stages.

use std::ops::Range;

use super::{Diagnostic, Severity};

/// What an output format needs to know about a code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleMeta {
    /// Stable code, such as `P001`.
    pub code: &'static str,
    /// Kebab-case name, such as `syntax-error`.
    pub name: &'static str,
    /// Severity when nothing configures it otherwise.
    pub default_severity: Severity,
    /// One sentence: what the rule finds.
    pub summary: &'static str,
    /// A paragraph: why it matters and what to do.
    pub description: &'static str,
    /// The family, used as a SARIF tag: `syntax`, `input`, `internal`, `suppression` for the
    /// pipeline's codes, a rule's category (`validation`, `style`, ...) for rules.
    pub category: &'static str,
    /// The puppet-lint check the code mirrors, if any.
    pub puppet_lint: Option<&'static str>,
    /// The rule's documentation as written in its doc comment (markdown with sections `## What
    /// it does`, `## Why is this bad?`, `## Example`, `## Use instead`; each line may keep the
    /// comment's leading space): what `plint explain` shows. Empty for plint's own codes, whose
    /// summary and description say everything.
    pub docs: &'static str,
}

impl RuleMeta {
    /// A diagnostic of this code at its default severity.
    pub fn diagnostic(&self, span: Range<usize>, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(self.code, self.name, self.default_severity, span, message)
    }
}

/// `P000`: plint itself failed on a file (a bug in plint, never in the input).
pub const INTERNAL_ERROR: RuleMeta = RuleMeta {
    code: "P000",
    name: "internal-error",
    default_severity: Severity::Error,
    summary: "plint failed while checking this file.",
    description: "plint hit an internal error (a bug in plint, not in your code) while checking \
                  this file, so the file was not fully checked. Other files were checked as \
                  usual. Please report the message together with the file.",
    category: "internal",
    puppet_lint: None,
    docs: "",
};

/// `P001`: the file does not parse.
pub const SYNTAX_ERROR: RuleMeta = RuleMeta {
    code: "P001",
    name: "syntax-error",
    default_severity: Severity::Error,
    summary: "The manifest is not valid Puppet syntax.",
    description: "Puppet cannot parse this part of the manifest, so the catalog cannot be \
                  compiled. Every syntax error of a file is reported; fix the first one first, \
                  as later errors can be caused by it. A file with so many errors that \
                  recovering from them would cost the parser too much (more than 300 tokens \
                  read while recovering: runs of errors, such as `'a' =>` repeated, can make \
                  the recovery grow with the square of their length) is read up to there: its \
                  errors before that point are reported, then one saying where plint stopped \
                  reading.",
    category: "syntax",
    puppet_lint: None,
    docs: "",
};

/// `P002`: the file could not be read, or is not text.
pub const UNREADABLE_FILE: RuleMeta = RuleMeta {
    code: "P002",
    name: "unreadable-file",
    default_severity: Severity::Error,
    summary: "The file could not be read, or it is binary rather than text.",
    description: "plint could not check this file: reading it failed (for example, permission \
                  denied), or it contains NUL bytes and so is not a text file. Fix the \
                  permissions, or remove or rename the file if it is not a manifest. For a \
                  template, or a file under a module's `files/` or `templates/` folder, it is \
                  a note: Puppet reads such a file only when a manifest names it, and a \
                  `template()` or `epp()` call that renders it is reported at the call \
                  (`P123`).",
    category: "input",
    puppet_lint: None,
    docs: "",
};

/// `P003`: the file is not valid UTF-8.
pub const INVALID_UTF8: RuleMeta = RuleMeta {
    code: "P003",
    name: "invalid-utf8",
    default_severity: Severity::Warning,
    summary: "The file is not valid UTF-8.",
    description: "Puppet reads manifests as UTF-8. plint checked this file after replacing \
                  each invalid byte sequence with U+FFFD; the finding points at the first one. \
                  Re-encode the file as UTF-8.",
    category: "input",
    puppet_lint: None,
    docs: "",
};

/// `P004`: expressions nested too deep to analyze.
pub const NESTING_TOO_DEEP: RuleMeta = RuleMeta {
    code: "P004",
    name: "nesting-too-deep",
    default_severity: Severity::Error,
    summary: "Expressions are nested too deeply for plint to analyze.",
    description: "plint stops analyzing expressions nested more than 1,000 levels deep: the \
                  rest of that expression is not checked, and no rule runs on the file. Such \
                  nesting is almost always generated code; split the expression with variables.",
    category: "syntax",
    puppet_lint: None,
    docs: "",
};

/// `P005`: a suppression comment names no known rule or check.
pub const UNKNOWN_SUPPRESSION: RuleMeta = RuleMeta {
    code: "P005",
    name: "unknown-suppression",
    default_severity: Severity::Warning,
    summary: "A suppression comment names no plint rule and no puppet-lint check.",
    description: "A `# plint:allow(...)` or `# lint:ignore:<check>` comment names something \
                  that is neither a plint rule (code or name) nor a puppet-lint check, so it \
                  suppresses nothing, often because of a typo. Use a name that `plint rules` \
                  lists, or a puppet-lint check name.",
    category: "suppression",
    puppet_lint: None,
    docs: "",
};

/// `P006`: a suppression comment that suppresses nothing.
pub const UNUSED_SUPPRESSION: RuleMeta = RuleMeta {
    code: "P006",
    name: "unused-suppression",
    default_severity: Severity::Warning,
    summary: "A suppression comment suppresses nothing.",
    description: "A `# plint:allow(...)` or `# lint:ignore:<check>` comment names an enabled \
                  rule that finds nothing where the comment applies, or a `lint:ignore` block \
                  is never closed (or an `endignore` closes nothing). Stale suppressions hide \
                  future findings; remove the comment or fix its block.",
    category: "suppression",
    puppet_lint: None,
    docs: "",
};

/// `P007`: a file the confined file system refused to read.
pub const REFUSED_FILE: RuleMeta = RuleMeta {
    code: "P007",
    name: "refused-file",
    default_severity: Severity::Warning,
    summary: "A file plint refused to read: outside the repository, not a regular file, or too \
              large.",
    description: "plint reads only regular files that lie inside the repository being checked, \
                  the module path and the files named on the command line, up to a size limit \
                  (64 MiB unless `--max-file-size` says otherwise). A symbolic link leading out \
                  of them, a FIFO, a device or a file of `/proc` is not read, so that a pull \
                  request cannot make plint quote files of the machine it runs on. The file was \
                  not checked; the finding names the path as it was found, never what it holds. \
                  Replace the link with the file, or check the target where it lies.",
    category: "input",
    puppet_lint: None,
    docs: "",
};

/// `P008`: a module declared as needed that is not installed, so names it may define are not
/// checked.
pub const ABSENT_DEPENDENCY: RuleMeta = RuleMeta {
    code: "P008",
    name: "absent-dependency",
    default_severity: Severity::Info,
    summary: "A module the checked code declares it needs is not installed, so what it may \
              define is not checked.",
    description: "A module's `metadata.json` (or its `.fixtures.yml`, or a control \
                  repository's `Puppetfile`) names a module that is neither among the checked \
                  paths nor on the module path. Any unqualified function, type or resource type \
                  may come from it, so a name nobody defines is not reported as an error while \
                  it is absent, and the names it qualifies (`stdlib::ensure`) are not checked. \
                  One note is given per absent module, at its first declaration. To check \
                  everything, give the folder holding the dependencies with `--modulepath` \
                  (or `modulepath` in `plint.toml`), or install the test fixtures first.",
    category: "input",
    puppet_lint: None,
    docs: "",
};

/// `P009`: a `.fixtures.yml` symlink to a folder of the repository that does not exist.
pub const STALE_FIXTURE: RuleMeta = RuleMeta {
    code: "P009",
    name: "stale-fixture",
    default_severity: Severity::Warning,
    summary: "A `.fixtures.yml` symlink entry points to a folder of the repository that does \
              not exist.",
    description: "An entry of `fixtures.symlinks` links a module for the tests from a folder \
                  inside the repository, and that folder is not there (the module was moved, \
                  renamed or removed): rspec-puppet's fixtures would fail to install it. It is \
                  not taken for a dependency installed elsewhere, so it does not stop plint \
                  from checking the names that module would have defined. Remove the entry or \
                  point it at the module's folder.",
    category: "input",
    puppet_lint: None,
    docs: "",
};

/// The codes of plint's own pipeline, in code order.
pub const BUILTIN: &[RuleMeta] = &[
    INTERNAL_ERROR,
    SYNTAX_ERROR,
    UNREADABLE_FILE,
    INVALID_UTF8,
    NESTING_TOO_DEEP,
    UNKNOWN_SUPPRESSION,
    UNUSED_SUPPRESSION,
    REFUSED_FILE,
    ABSENT_DEPENDENCY,
    STALE_FIXTURE,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_codes_are_sorted_unique_and_well_formed() {
        for pair in BUILTIN.windows(2) {
            assert!(pair[0].code < pair[1].code);
        }
        for meta in BUILTIN {
            assert!(meta.code.len() == 4 && meta.code.starts_with('P'));
            assert!(
                meta.name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b == b'-' || b.is_ascii_digit())
            );
            assert!(meta.summary.ends_with('.') && meta.description.ends_with('.'));
        }
    }

    #[test]
    fn diagnostic_uses_code_name_and_default_severity() {
        let d = INVALID_UTF8.diagnostic(3..6, "bad");
        assert_eq!(
            (d.code, d.rule, d.severity),
            ("P003", "invalid-utf8", Severity::Warning)
        );
        assert_eq!(d.span, 3..6);
    }
}
