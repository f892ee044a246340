//! The human format of `plint diff`: a summary line, then each group of nodes with the same
//! news (those that no longer compile first) and its changes, `+` green, `-` red, `~` yellow,
//! a multi-line text's unified diff under its parameter; the parameters plint could not know;
//! the notes.

use std::io;

use termcolor::{Color, ColorSpec, WriteColor};

use super::text;
use crate::diff::{Change, CompileError, DiffReport, Group, Status, groups};
use crate::report::escape::escape;

pub fn write(report: &DiffReport, out: &mut dyn WriteColor) -> io::Result<()> {
    let bold = |c: Option<Color>| {
        let mut s = ColorSpec::new();
        s.set_bold(true).set_fg(c);
        s
    };
    out.set_color(&bold(None))?;
    write!(
        out,
        "plint diff: {} → {}",
        escape(&report.from.label),
        escape(&report.to.label)
    )?;
    out.reset()?;
    writeln!(out, ": {}", summary(report))?;
    for group in groups(report) {
        writeln!(out)?;
        write_group(&group, out)?;
    }
    let unknown: usize = report.nodes.iter().map(|n| n.unknown.len()).sum();
    if unknown > 0 {
        writeln!(out)?;
        write_unknown(report, out)?;
    }
    for note in &report.notes {
        out.set_color(&bold(Some(Color::Cyan)))?;
        write!(out, "note")?;
        out.reset()?;
        writeln!(out, ": {}", escape(note))?;
    }
    Ok(())
}

/// `2 of 40 nodes change (1 no longer compiles), 38 unchanged`.
pub fn summary(report: &DiffReport) -> String {
    let mut text = format!(
        "{} of {} change",
        report.changed(),
        text::count(report.nodes.len(), "node")
    );
    let failing = report.now_failing();
    if failing > 0 {
        let verb = if failing == 1 { "compiles" } else { "compile" };
        text.push_str(&format!(" ({failing} no longer {verb})"));
    }
    text.push_str(&format!(", {} unchanged", report.unchanged()));
    let failing = report
        .nodes
        .iter()
        .filter(|n| n.status == Status::StillFails && !n.changed())
        .count();
    if failing > 0 {
        text.push_str(&format!(" ({failing} failing at both revisions)"));
    }
    let bad = report.count(Status::BadFacts);
    if bad > 0 {
        text.push_str(&format!(", {} with unusable facts", bad));
    }
    text
}

fn write_group(group: &Group<'_>, out: &mut dyn WriteColor) -> io::Result<()> {
    let node = group.report;
    let (mark, color) = match node.status {
        Status::NowFails | Status::BadFacts => ("✗", Color::Red),
        Status::NowCompiles => ("✓", Color::Green),
        Status::StillFails | Status::Compiles => ("●", Color::Yellow),
    };
    out.set_color(ColorSpec::new().set_fg(Some(color)).set_bold(true))?;
    write!(out, "{mark} {}", text::count(group.nodes.len(), "node"))?;
    out.reset()?;
    let names = text::nodes(&group.nodes, &|n| escape(n).into_owned());
    writeln!(out, " ({names}): {}", text::news(node))?;
    for (side, errors) in [("FROM", &node.errors_from), ("TO", &node.errors_to)] {
        for e in errors {
            write_error(side, e, out)?;
        }
    }
    for c in &node.changes {
        write_change(c, out)?;
    }
    Ok(())
}

fn write_error(side: &str, e: &CompileError, out: &mut dyn WriteColor) -> io::Result<()> {
    write!(out, "    at {side}: ")?;
    out.set_color(ColorSpec::new().set_fg(Some(Color::Red)))?;
    write!(out, "{} {}", e.code, e.rule)?;
    out.reset()?;
    write!(out, ": {}", escape(&e.message))?;
    if let Some(at) = &e.at {
        write!(out, " ({})", escape(&at.to_string()))?;
    }
    writeln!(out)
}

fn write_change(c: &Change, out: &mut dyn WriteColor) -> io::Result<()> {
    let sign = text::sign(c);
    let color = match sign {
        '+' => Color::Green,
        '-' => Color::Red,
        _ => Color::Yellow,
    };
    out.set_color(ColorSpec::new().set_fg(Some(color)))?;
    write!(out, "    {sign} {}", escape(&text::change_line(c)))?;
    out.reset()?;
    if let Some(at) = c.at() {
        write!(out, "  ({})", escape(&at.to_string()))?;
    }
    writeln!(out)?;
    if let Change::ParameterChanged { from, to, .. } = c
        && let Some((a, b)) = text::multi_line(from.as_ref(), to.as_ref())
    {
        for line in text::unified(&a, &b).lines() {
            let color = match line.chars().next() {
                Some('+') => Some(Color::Green),
                Some('-') => Some(Color::Red),
                Some('@') => Some(Color::Cyan),
                _ => None,
            };
            out.set_color(ColorSpec::new().set_fg(color))?;
            write!(out, "        {}", escape(line))?;
            out.reset()?;
            writeln!(out)?;
        }
    }
    Ok(())
}

/// The parameters unknown on either side, each once with the nodes it is unknown on.
fn write_unknown(report: &DiffReport, out: &mut dyn WriteColor) -> io::Result<()> {
    let mut seen: Vec<(&crate::diff::Unknown, Vec<&str>)> = Vec::new();
    for n in &report.nodes {
        for u in &n.unknown {
            match seen.iter_mut().find(|(v, _)| *v == u) {
                Some((_, nodes)) => nodes.push(&n.node),
                None => seen.push((u, vec![&n.node])),
            }
        }
    }
    out.set_color(ColorSpec::new().set_bold(true))?;
    write!(out, "? not compared")?;
    out.reset()?;
    writeln!(
        out,
        " (values plint could not know; never reported as changes):"
    )?;
    for (u, nodes) in seen {
        writeln!(
            out,
            "    {} {}: {}, {} ({})",
            escape(&u.resource),
            escape(&u.parameter),
            text::side(u.side),
            escape(&u.origin),
            text::nodes(&nodes, &|n| escape(n).into_owned()),
        )?;
    }
    Ok(())
}
