//! `P507` hiera-syntax-error: a `hiera.yaml` or Hiera data file that does not parse.

use super::{FileContext, ModuleFileCheck};
use crate::declare_rule;
use crate::discover::FileKind;

declare_rule! {
    /// ## What it does
    /// Reports a `hiera.yaml` (a module's or an environment's) or a Hiera data file (`*.yaml`,
    /// `*.yml`, `*.json` in the `data` folder of a module or environment) that is not valid YAML
    /// (or JSON), as Puppet's loader (Psych's `safe_load`, whose parser is libyaml) reads it:
    /// bad indentation, a tab where an indentation is expected, an unclosed quote or bracket.
    /// The finding is at the line and column Puppet's error names (where the mapping, list or
    /// scalar being read started), with a second label where the problem was found.
    ///
    /// ## Why is this bad?
    /// Puppet fails every lookup that reads the file, and so the compilation of every node whose
    /// hierarchy includes it; a broken `hiera.yaml` fails every lookup in its module or
    /// environment. Hiera says nothing until a node looks a key up.
    ///
    /// ## Example
    /// ```yaml
    /// # file: ntp/data/common.yaml
    /// ntp::servers:
    ///   - 0.pool.ntp.org
    ///  - 1.pool.ntp.org
    /// ```
    ///
    /// ## Use instead
    /// ```yaml
    /// # file: ntp/data/common.yaml
    /// ntp::servers:
    ///   - 0.pool.ntp.org
    ///   - 1.pool.ntp.org
    /// ```
    pub struct HieraSyntaxError {
        code: "P507",
        name: "hiera-syntax-error",
        severity: Error,
        category: Module,
    }
}

impl ModuleFileCheck for HieraSyntaxError {
    fn kinds(&self) -> &'static [FileKind] {
        &[
            FileKind::ModuleHiera,
            FileKind::EnvironmentHiera,
            FileKind::HieraData,
        ]
    }

    fn check(&self, cx: &mut FileContext<'_>) {
        let json = cx.path.extension().is_some_and(|e| e == "json");
        let parsed = if json {
            crate::eval::yaml::parse_json(cx.text)
        } else {
            crate::eval::yaml::parse(cx.text)
        };
        let Err(e) = parsed else {
            return;
        };
        // At the line and column Puppet's error names (Psych's: where the construct being read
        // started), and where libyaml found the problem when that is elsewhere.
        let span = super::char_at(cx.text, offset_of(cx.text, e.line, e.column));
        let what = if json { "JSON" } else { "YAML" };
        let mut d = cx.diagnostic(span, format!("{what} syntax error: {}", e.message));
        if let Some((line, column)) = e.found {
            let found = super::char_at(cx.text, offset_of(cx.text, line, column));
            d = d
                .with_label("Puppet's error names this line and column")
                .with_secondary(found, format!("{what} cannot parse this"));
        } else {
            d = d.with_label(format!("{what} cannot parse this"));
        }
        let d = d
            .with_help(if json {
                "JSON allows no trailing comma and no comment; strings take double quotes"
            } else {
                "indent with spaces, never tabs; items of one list or map start in one column; \
                 quote a value that starts with `%`, `@`, `*`, `&` or holds `: `"
            });
        cx.report(d);
    }
}

/// The byte offset of a 1-based line and a 1-based column (in characters); the start when the
/// line is 0 (unknown).
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    if line == 0 {
        return 0;
    }
    let start: usize = text
        .split_inclusive('\n')
        .take(line - 1)
        .map(str::len)
        .sum();
    let rest = text.get(start..).unwrap_or("");
    start
        + rest
            .char_indices()
            .nth(column.saturating_sub(1))
            .map_or(rest.len(), |(b, _)| b)
}
