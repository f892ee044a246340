//! The Markdown format of `plint diff`, for a pull-request comment: a heading, a summary table
//! (one row per group of nodes with the same news, those that no longer compile first), then
//! each group's details folded in `<details>`, the parameters plint could not know, the notes.
//!
//! Text from the repository (titles, values, messages) is escaped so that it shows as written
//! and cannot add markup; a unified diff goes in a fence longer than any run of backticks it
//! holds. The comment stays under GitHub's limit ([`LIMIT`]): the groups that do not fit are
//! counted at the end.

use std::io::{self, Write};

use super::text;
use crate::diff::{Change, CompileError, DiffReport, Group, groups};

/// The longest comment GitHub accepts is 65,536 characters: room is kept for the end.
pub const LIMIT: usize = 60_000;

pub fn write(report: &DiffReport, out: &mut dyn Write) -> io::Result<()> {
    let mut s = String::new();
    s.push_str(&format!(
        "### plint diff: {} → {}\n\n",
        code(&report.from.label),
        code(&report.to.label)
    ));
    s.push_str(&format!("{}\n\n", md(&super::human::summary(report))));
    let groups = groups(report);
    if !groups.is_empty() {
        s.push_str("| Nodes | What changes |\n|---|---|\n");
        for g in &groups {
            let mark = match g.report.status {
                crate::diff::Status::NowFails | crate::diff::Status::BadFacts => ":x: ",
                _ => "",
            };
            s.push_str(&format!(
                "| {} | {mark}{} |\n",
                text::nodes(&g.nodes, &|n| code(n)),
                md(&text::news(g.report))
            ));
        }
        s.push('\n');
    }
    let mut left = 0;
    for g in &groups {
        let details = details(g);
        if s.len() + details.len() > LIMIT {
            left += 1;
        } else {
            s.push_str(&details);
        }
    }
    if left > 0 {
        s.push_str(&format!(
            "{} not shown here (the comment would be too long): see `plint diff --format \
             json`.\n\n",
            text::count(left, "group")
        ));
    }
    s.push_str(&unknown(report));
    for note in &report.notes {
        s.push_str(&format!("> **Note:** {}\n\n", md(note)));
    }
    out.write_all(s.trim_end().as_bytes())?;
    writeln!(out)
}

/// One group folded: its nodes in the summary line, its errors and changes inside.
fn details(g: &Group<'_>) -> String {
    let node = g.report;
    let mut s = format!(
        "<details><summary>{}: {}</summary>\n\n",
        text::nodes(&g.nodes, &|n| code(n)),
        md(&text::news(node))
    );
    if g.nodes.len() > text::NODES_SHOWN {
        let all: Vec<String> = g.nodes.iter().map(|n| code(n)).collect();
        s.push_str(&format!(
            "All {} nodes: {}\n\n",
            g.nodes.len(),
            all.join(", ")
        ));
    }
    for (side, errors) in [("FROM", &node.errors_from), ("TO", &node.errors_to)] {
        for e in errors {
            s.push_str(&error(side, e));
        }
    }
    for c in &node.changes {
        s.push_str(&change(c));
    }
    s.push_str("\n</details>\n\n");
    s
}

fn error(side: &str, e: &CompileError) -> String {
    let at =
        e.at.as_ref()
            .map(|a| format!(" ({})", code(&a.to_string())))
            .unwrap_or_default();
    format!(
        "- at {side}: **{} {}**: {}{at}\n",
        e.code,
        e.rule,
        md(&e.message)
    )
}

fn change(c: &Change) -> String {
    let at = c
        .at()
        .map(|a| format!(" <sub>{}</sub>", md(&a.to_string())))
        .unwrap_or_default();
    let mut s = format!(
        "- `{}` {}{at}\n",
        text::sign(c),
        code(&text::change_line(c))
    );
    if let Change::ParameterChanged { from, to, .. } = c
        && let Some((a, b)) = text::multi_line(from.as_ref(), to.as_ref())
    {
        let diff = text::unified(&a, &b);
        let fence = "`".repeat(longest_run(&diff, '`').max(2) + 1);
        s.push_str(&format!("\n  {fence}diff\n"));
        for line in diff.lines() {
            s.push_str(&format!("  {line}\n"));
        }
        s.push_str(&format!("  {fence}\n\n"));
    }
    s
}

/// The parameters plint could not know, folded.
fn unknown(report: &DiffReport) -> String {
    let mut seen: Vec<(&crate::diff::Unknown, usize)> = Vec::new();
    for u in report.nodes.iter().flat_map(|n| &n.unknown) {
        match seen.iter_mut().find(|(v, _)| *v == u) {
            Some((_, n)) => *n += 1,
            None => seen.push((u, 1)),
        }
    }
    if seen.is_empty() {
        return String::new();
    }
    let mut s = format!(
        "<details><summary>{} not compared (values plint could not know)</summary>\n\n",
        text::count(seen.len(), "parameter")
    );
    for (u, n) in seen {
        s.push_str(&format!(
            "- {} {}: {}, {} on {}\n",
            code(&u.resource),
            code(&u.parameter),
            text::side(u.side),
            code(&u.origin),
            text::count(n, "node")
        ));
    }
    s.push_str("\n</details>\n\n");
    s
}

/// The longest run of `c` in `s`.
fn longest_run(s: &str, c: char) -> usize {
    let (mut best, mut run) = (0, 0);
    for ch in s.chars() {
        run = if ch == c { run + 1 } else { 0 };
        best = best.max(run);
    }
    best
}

/// Text shown as written, on one line (control characters, line breaks included, shown as
/// escapes by [`crate::report::escape`]): HTML's and Markdown's special characters as
/// character references, which both Markdown and an HTML block (a `<summary>` line) decode.
pub fn md(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in crate::report::escape::escape(s).chars() {
        match ch {
            '&' | '<' | '>' | '|' | '\\' | '`' | '*' | '_' | '[' | ']' | '#' | '~' | '!' | '@'
            | ':' => out.push_str(&format!("&#{};", ch as u32)),
            c => out.push(c),
        }
    }
    out
}

/// Text in a code span (`<code>`: a backtick in the text cannot end it).
pub fn code(s: &str) -> String {
    format!("<code>{}</code>", md(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repository_text_adds_no_markup() {
        assert_eq!(
            md("<img src=x>|`a`*b*"),
            "&#60;img src=x&#62;&#124;&#96;a&#96;&#42;b&#42;"
        );
        assert_eq!(code("x\ny"), "<code>x&#92;ny</code>");
        assert_eq!(longest_run("a ``` b ````", '`'), 4);
    }
}
