//! Suppression comments: plint's `# plint:allow(name, ...)` and puppet-lint's
//! `# lint:ignore:<check> [reason]` ... `# lint:endignore`.
//!
//! - `# plint:allow(a, b)` after code on a line suppresses those rules on that line; on a line
//!   of its own it suppresses them in the statement that follows (all its lines).
//! - `# lint:ignore:a lint:ignore:b reason` after code: that line; on a line of its own: from
//!   there to the matching `# lint:endignore` (blocks nest; an endignore closes the latest).
//!
//! A name may be a plint code (`P401`), a plint rule name or a puppet-lint check name: of
//! puppet-lint itself or of a well-known plugin (`rules/lint/plugins.toml`), whether plint
//! implements it or not. A name that is none of these is a finding (`P005`, with the closest
//! known name); a suppression that suppresses nothing, or a
//! block that is never closed, is a finding too (`P006`), for rules that are enabled.

use rustc_hash::FxHashSet as HashSet;

use super::registry::Selection;
use crate::report::codes::{UNKNOWN_SUPPRESSION, UNUSED_SUPPRESSION};
use crate::report::{Diagnostic, LineIndex, RuleMeta};
use crate::syntax::ast::{CommentKind, File, Span};

/// `rules/lint/plugins.toml`: the checks of puppet-lint and of well-known plugins.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct PluginsFile {
    plugin: Vec<Plugin>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Plugin {
    #[allow(dead_code)] // documents the data
    gem: String,
    checks: Vec<String>,
}

/// The check names of `rules/lint/plugins.toml`, read once (the data is embedded and never
/// changes), sorted.
static KNOWN_CHECKS: std::sync::LazyLock<Vec<String>> = std::sync::LazyLock::new(|| {
    let file: PluginsFile = toml::from_str(include_str!("../../../../rules/lint/plugins.toml"))
        .expect("rules/lint/plugins.toml is valid");
    let mut checks: Vec<String> = file.plugin.into_iter().flat_map(|p| p.checks).collect();
    checks.sort();
    checks.dedup();
    checks
});

/// Whether `name` is a check of puppet-lint or of a well-known plugin
/// (`rules/lint/plugins.toml`).
fn is_known_check(name: &str) -> bool {
    KNOWN_CHECKS
        .binary_search_by(|c| c.as_str().cmp(name))
        .is_ok()
}

/// Whether `name` is a puppet-lint check (core or a common plugin), implemented by plint or
/// not. The configuration uses it to accept puppet-lint options about checks plint lacks.
pub fn is_puppet_lint_check(name: &str) -> bool {
    is_known_check(name)
        || super::registry::RULES
            .iter()
            .any(|r| r.info().puppet_lint == Some(name))
}

/// The known name closest to `key`, for "did you mean": a rule's name or puppet-lint check,
/// or a known check.
fn suggestion(key: &str) -> Option<String> {
    let mut c = crate::suggest::Closest::new(key);
    for r in super::registry::RULES.iter() {
        let i = r.info();
        c.offer(i.name);
        if let Some(check) = i.puppet_lint {
            c.offer(check);
        }
    }
    KNOWN_CHECKS.iter().for_each(|k| c.offer(k));
    c.best()
}

/// What a suppression names.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Target {
    /// A plint rule, by code.
    Rule(&'static str),
    /// A puppet-lint check plint does not implement.
    Foreign,
}

fn resolve(key: &str) -> Option<Target> {
    if let Some(rule) = super::find(key) {
        return Some(Target::Rule(rule.info().code));
    }
    is_known_check(key).then_some(Target::Foreign)
}

#[derive(Debug)]
struct Entry {
    key: String,
    target: Target,
    /// 1-based lines, inclusive.
    first_line: usize,
    last_line: usize,
    /// Where the name is written, for findings about the suppression itself.
    span: Span,
    used: bool,
    /// The comment's words after its directives (puppet-lint's reason), shown by
    /// `--show-ignored`.
    reason: String,
}

/// The suppressions of one file.
#[derive(Debug, Default)]
pub struct Suppressions {
    entries: Vec<Entry>,
    /// Findings about the suppressions themselves found while reading them.
    problems: Vec<Diagnostic>,
}

/// The 1-based line of `offset`.
fn line_of(lines: &LineIndex, offset: usize) -> usize {
    lines.line_index(offset) + 1
}

fn finding(meta: RuleMeta, span: Span, message: String, help: &str) -> Diagnostic {
    meta.diagnostic(span.range(), message)
        .with_label("here")
        .with_help(help)
}

impl Suppressions {
    /// Reads every suppression comment of a file.
    pub fn parse(src: &str, ast: &File) -> Suppressions {
        let mut out = Suppressions::default();
        if !may_hold_one(src) {
            return out;
        }
        let lines = LineIndex::new(src);
        // Open `lint:ignore` blocks: (line, entries' indices).
        let mut stack: Vec<(usize, Vec<usize>, Span)> = Vec::new();
        for comment in &ast.comments {
            let raw = &src[comment.span.range()];
            let body = match comment.kind {
                CommentKind::Line => raw.trim_start_matches('#'),
                CommentKind::Block => raw.trim_start_matches("/*").trim_end_matches("*/"),
            };
            let text = body.trim();
            let body_offset = comment.span.start as usize
                + (raw.len() - raw.trim_start_matches('#').len())
                + (body.len() - body.trim_start().len());
            let line = line_of(&lines, comment.span.start as usize);
            let line_start = lines.line_range(line - 1).start;
            let trailing = !src[line_start..comment.span.start as usize]
                .trim()
                .is_empty();

            if let Some(rest) = text.strip_prefix("plint:allow(") {
                let Some(close) = rest.find(')') else {
                    continue;
                };
                let (first, last) = if trailing {
                    (line, line)
                } else {
                    next_statement_lines(ast, &lines, comment.span.end as usize)
                        .unwrap_or((line, line))
                };
                let reason = rest[close + 1..].trim().to_string();
                let mut offset = body_offset + "plint:allow(".len();
                for key in rest[..close].split(',') {
                    let k = key.trim();
                    let span = Span::new(
                        offset + (key.len() - key.trim_start().len()),
                        offset + (key.len() - key.trim_start().len()) + k.len(),
                    );
                    offset += key.len() + 1;
                    if k.is_empty() {
                        continue;
                    }
                    if let Some(i) = out.add(k, span, first, last) {
                        out.entries[i].reason.clone_from(&reason);
                    }
                }
                continue;
            }

            if !(text.starts_with("lint:ignore:") || text.starts_with("lint:endignore")) {
                continue;
            }
            let mut added = Vec::new();
            let mut word_offset = body_offset;
            for word in text.split_whitespace() {
                let at = src[word_offset..]
                    .find(word)
                    .map_or(word_offset, |i| word_offset + i);
                word_offset = at + word.len();
                if let Some(check) = word.strip_prefix("lint:ignore:") {
                    let span = Span::new(at + "lint:ignore:".len(), at + word.len());
                    if let Some(i) = out.add(check, span, line, line) {
                        added.push(i);
                    }
                } else if word.starts_with("lint:endignore") {
                    match stack.pop() {
                        Some((_, indices, _)) => {
                            for i in indices {
                                out.entries[i].last_line = line;
                            }
                        }
                        None => out.problems.push(finding(
                            UNUSED_SUPPRESSION,
                            Span::new(at, at + word.len()),
                            "`lint:endignore` closes no `lint:ignore` block".to_string(),
                            "remove it, or add the `# lint:ignore:<check>` that opens the block",
                        )),
                    }
                } else {
                    // The rest is the reason.
                    let end = (comment.span.end as usize).max(at);
                    let reason = src[at..end].trim_end_matches("*/").trim();
                    for &i in &added {
                        out.entries[i].reason = reason.to_string();
                    }
                    break;
                }
            }
            if !trailing && !added.is_empty() {
                let span = comment.span;
                // Until closed, a block covers nothing beyond its own line.
                stack.push((line, added, span));
            }
        }
        for (_, indices, span) in stack {
            for i in &indices {
                // An unclosed block suppresses nothing (as puppet-lint): report it once.
                out.entries[*i].last_line = 0;
                out.entries[*i].used = true;
            }
            out.problems.push(finding(
                UNUSED_SUPPRESSION,
                span,
                "this `lint:ignore` block is never closed with `# lint:endignore`".to_string(),
                "add `# lint:endignore` where the block ends, or put the comment at the end of the line it is about",
            ));
        }
        out
    }

    /// Records one name; returns its entry's index when it names something.
    fn add(&mut self, key: &str, span: Span, first_line: usize, last_line: usize) -> Option<usize> {
        match resolve(key) {
            Some(target) => {
                self.entries.push(Entry {
                    key: key.to_string(),
                    target,
                    first_line,
                    last_line,
                    span,
                    used: false,
                    reason: String::new(),
                });
                Some(self.entries.len() - 1)
            }
            None => {
                let help = match suggestion(key) {
                    Some(s) => format!(
                        "did you mean `{s}`? Use a rule's code or name (see `plint rules`), or a puppet-lint check name"
                    ),
                    None => {
                        "use a rule's code or name (see `plint rules`), or a puppet-lint check name"
                            .to_string()
                    }
                };
                self.problems.push(finding(
                    UNKNOWN_SUPPRESSION,
                    span,
                    format!("`{key}` is not a plint rule or a puppet-lint check"),
                    &help,
                ));
                None
            }
        }
    }

    /// Removes the suppressed findings from `diagnostics` (or marks them ignored, with the
    /// reason, when the selection [shows them](Selection::shows_ignored)), then adds the
    /// findings about the suppressions (unknown names, unused suppressions for enabled rules).
    pub fn apply(mut self, src: &str, diagnostics: &mut Vec<Diagnostic>, selection: &Selection) {
        if self.entries.is_empty() && self.problems.is_empty() {
            return;
        }
        let lines = LineIndex::new(src);
        let keep = selection.shows_ignored();
        diagnostics.retain_mut(|d| {
            if d.code < "P100" {
                return true; // syntax and pipeline findings cannot be suppressed
            }
            let line = line_of(&lines, d.span.start);
            let mut reason = None;
            for e in &mut self.entries {
                if e.target == Target::Rule(d.code) && e.first_line <= line && line <= e.last_line {
                    e.used = true;
                    reason.get_or_insert_with(|| e.reason.clone());
                }
            }
            match reason {
                Some(reason) if keep => {
                    d.ignored = Some(reason);
                    true
                }
                Some(_) => false,
                None => true,
            }
        });
        // The catalog rules find nothing in one file (they report what `--evaluate` finds):
        // their suppressions are not unused for that.
        let enabled: HashSet<&str> = selection
            .rules()
            .filter(|r| r.info().category != super::Category::Catalog)
            .map(|r| r.info().code)
            .collect();
        for e in &self.entries {
            if let Target::Rule(code) = e.target
                && !e.used
                && enabled.contains(code)
            {
                self.problems.push(finding(
                    UNUSED_SUPPRESSION,
                    e.span,
                    format!("this suppression of `{}` suppresses nothing", e.key),
                    "remove it: there is no such finding here any more",
                ));
            }
        }
        diagnostics.append(&mut self.problems);
    }
}

/// Whether `src` may hold a suppression comment. Most files have none: one vectorized search
/// tells.
fn may_hold_one(src: &str) -> bool {
    static LINT: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
        std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"lint:"));
    LINT.find(src.as_bytes()).is_some()
}

impl Suppressions {
    /// The suppressions of a file of which only the text is at hand: parsed only when it may
    /// hold one.
    pub fn of_text(src: &str) -> Suppressions {
        if !may_hold_one(src) {
            return Suppressions::default();
        }
        Suppressions::parse(src, &crate::syntax::parse(src).ast)
    }
}

/// The lines of the statement that starts first after `offset`.
fn next_statement_lines(ast: &File, lines: &LineIndex, offset: usize) -> Option<(usize, usize)> {
    let mut best: Option<Span> = None;
    ast.walk(&mut |e| {
        if (e.span.start as usize) < offset || e.span.is_empty() {
            return;
        }
        best = match best {
            Some(b)
                if b.start < e.span.start || (b.start == e.span.start && b.end >= e.span.end) =>
            {
                Some(b)
            }
            _ => Some(e.span),
        };
    });
    let span = best?;
    Some((
        line_of(lines, span.start as usize),
        line_of(lines, span.end.saturating_sub(1).max(span.start) as usize),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The data loads, and every check a plint rule mirrors is in it (a rule records the
    /// name of a real check).
    #[test]
    fn plugin_data_lists_the_checks_plint_mirrors() {
        assert!(KNOWN_CHECKS.len() > 100);
        for r in super::super::registry::RULES.iter() {
            if let Some(check) = r.info().puppet_lint {
                assert!(is_known_check(check), "{}: `{check}`", r.info().code);
            }
        }
        assert!(!is_known_check("no_such_check"));
        assert_eq!(
            suggestion("trailing_coma").as_deref(),
            Some("trailing_comma")
        );
    }
}
