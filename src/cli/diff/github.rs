//! The GitHub format of `plint diff`: workflow commands that GitHub Actions shows as annotations
//! on the pull request. A node that no longer compiles is an `error` at the failing line; each
//! change is a `notice` on the declaration of its resource at the revision compared to (a removed
//! resource's at the revision compared from), naming the nodes it applies to; a change plint
//! knows no place of (a class added) is a `notice` without a file. The same change of several
//! groups of nodes is one annotation listing them all.

use std::io::{self, Write};

use super::text;
use crate::diff::{DiffReport, Place, Status, groups};
use crate::report::escape::escape;
use crate::report::github::{escape_data, escape_lines, escape_property};

/// One annotation, and the nodes it is about.
struct Annotation {
    command: &'static str,
    at: Option<Place>,
    title: String,
    message: String,
    nodes: Vec<String>,
}

pub fn write(report: &DiffReport, out: &mut dyn Write) -> io::Result<()> {
    // In the order first met; the same annotation of several groups once, with all their nodes.
    let mut notes: Vec<Annotation> = Vec::new();
    let mut add = |command, at: Option<&Place>, title: String, message: String, nodes: &[&str]| {
        let note = Annotation {
            command,
            at: at.cloned(),
            title,
            message,
            nodes: nodes.iter().map(|s| s.to_string()).collect(),
        };
        match notes.iter_mut().find(|n| {
            (n.command, &n.at, &n.title, &n.message)
                == (note.command, &note.at, &note.title, &note.message)
        }) {
            Some(n) => n.nodes.extend(note.nodes),
            None => notes.push(note),
        }
    };
    for g in groups(report) {
        let node = g.report;
        match node.status {
            Status::NowFails | Status::StillFails | Status::BadFacts => {
                let what = if node.status == Status::BadFacts {
                    "facts cannot be used"
                } else {
                    "no longer compiles"
                };
                if let Some(e) = node.errors_to.first() {
                    let title = format!("plint diff: {what}");
                    let message = format!("{} {}: {}", e.code, e.rule, e.message);
                    add("error", e.at.as_ref(), title, message, &g.nodes);
                }
            }
            Status::NowCompiles => {
                let title = "plint diff: compiles again".to_string();
                add("notice", None, title, String::new(), &g.nodes);
            }
            Status::Compiles => {}
        }
        for c in &node.changes {
            let mut message = format!("{} {}", text::sign(c), text::change_line(c));
            if let crate::diff::Change::ParameterChanged { from, to, .. } = c
                && let Some((a, b)) = text::multi_line(from.as_ref(), to.as_ref())
            {
                message.push('\n');
                message.push_str(&text::unified(&a, &b));
            }
            add(
                "notice",
                c.at(),
                "plint diff: catalog change".into(),
                message,
                &g.nodes,
            );
        }
    }
    for Annotation {
        command,
        at,
        title,
        message,
        nodes,
    } in notes
    {
        write!(out, "::{command} ")?;
        if let Some(at) = &at {
            write!(out, "file={}", escape_property(&escape(&at.file)))?;
            if let Some(line) = at.line {
                write!(out, ",line={line}")?;
            }
            write!(out, ",")?;
        }
        let mut nodes: Vec<&str> = nodes.iter().map(String::as_str).collect();
        nodes.sort_unstable();
        let names = text::nodes(&nodes, &|n| n.to_string());
        let message = format!("{} ({names})\n{message}", text::count(nodes.len(), "node"));
        writeln!(
            out,
            "title={}::{}",
            escape_property(&escape(&title)),
            escape_data(escape_lines(message.trim_end()).as_str())
        )?;
    }
    Ok(())
}
