//! ERB as Puppet compiles it: Ruby's ERB with `trim_mode: '-'`, translated to Ruby source that
//! appends to the buffer `_erbout`, then parsed like any Ruby.
//!
//! The text rules (checked against Ruby's ERB):
//! - `<% code %>` runs code, `<%= expr %>` appends `expr.to_s`, `<%# ... %>` is a comment;
//! - `<%-` at the start of a line (after spaces and tabs only) drops that indentation; elsewhere
//!   it is `<%`;
//! - `-%>` followed by a newline (or the end) eats that newline; `-%>` before other text is `%>`;
//! - `<%%` in text is a literal `<%`; `%%>` inside a tag is a literal `%>` in the code.
//!
//! The generated code keeps the template's lines: the text of line N and the code written on
//! line N are on line N of the generated source (a comment's lines are kept as blank lines), so
//! a syntax error or a raise at line N is at line N of the template. Columns are those of the
//! generated line.

use super::{Program, SyntaxError};

/// The name of the output buffer in the generated code.
pub const BUFFER: &str = "_erbout";

/// Compiles an ERB template to a [`Program`] whose value is the rendered text. The program's
/// label is `label` (a template path, or `inline template`).
pub fn compile(label: &str, template: &str) -> Result<Program, Vec<SyntaxError>> {
    compile_mapped(label, template).map(|c| c.program)
}

/// A compiled template, and where the code of its tags is in the template.
#[derive(Debug)]
pub struct Compiled {
    /// The program (see [`compile`]).
    pub program: Program,
    /// (offset in the generated source, offset in the template), ascending.
    map: Vec<(usize, usize)>,
    template_len: usize,
}

impl Compiled {
    /// The template offset of an offset of the generated source that is in the code of a tag
    /// (such as the span of a node read from a tag); other offsets map to somewhere near.
    pub fn template_offset(&self, generated: u32) -> usize {
        map_back(&self.map, generated as usize).min(self.template_len)
    }
}

fn map_back(map: &[(usize, usize)], at: usize) -> usize {
    let idx = map.partition_point(|(g, _)| *g <= at);
    match idx.checked_sub(1).map(|i| map[i]) {
        Some((g, t)) => t + (at - g),
        None => at,
    }
}

/// [`compile`], keeping the map from the generated source back to the template.
pub fn compile_mapped(label: &str, template: &str) -> Result<Compiled, Vec<SyntaxError>> {
    let (src, map) = translate(template);
    match super::parse(label, &src) {
        Ok(program) => Ok(Compiled {
            program,
            map,
            template_len: template.len(),
        }),
        Err(errs) => Err(errs
            .into_iter()
            .map(|e| {
                // Back to the template's coordinates: a position in code written in a tag maps
                // to where that code is in the template.
                let at = super::offset_of(&src, e.line, e.column);
                let tmpl = map_back(&map, at).min(template.len());
                let starts = super::line_starts(template);
                let (line, column) = super::line_col(template, &starts, tmpl);
                SyntaxError {
                    line,
                    column,
                    message: e.message,
                }
            })
            .collect()),
    }
}

/// Translates an ERB template (trim mode `-`) to Ruby source whose value is the output.
pub fn to_ruby(template: &str) -> String {
    translate(template).0
}

/// The Ruby source, and where the code of the tags went: (offset in the source, offset in the
/// template), ascending.
fn translate(template: &str) -> (String, Vec<(usize, usize)>) {
    let mut out = Out {
        script: String::with_capacity(template.len() * 2),
        line: vec![(format!("{BUFFER} = +''"), None)],
        map: Vec::new(),
    };
    let mut content_start = 0usize;
    let b = template.as_bytes();
    let mut i = 0;
    let mut content = String::new();
    // In a tag: which one (`<%`, `<%=`, `<%#`).
    let mut stag: Option<&'static str> = None;
    let mut start = 0;
    while i <= b.len() {
        match stag {
            None => {
                if i == b.len() {
                    content.push_str(&template[start..i]);
                    break;
                }
                let at_line_start = i == 0 || b[i - 1] == b'\n';
                if at_line_start {
                    let mut j = i;
                    while j < b.len() && (b[j] == b' ' || b[j] == b'\t') {
                        j += 1;
                    }
                    if b[j..].starts_with(b"<%-") {
                        content.push_str(&template[start..i]);
                        out.put(&mut content);
                        stag = Some("<%");
                        i = j + 3;
                        start = i;
                        content_start = i;
                        continue;
                    }
                }
                if b[i..].starts_with(b"<%") {
                    content.push_str(&template[start..i]);
                    let rest = &b[i + 2..];
                    let (tag, len): (&'static str, usize) = match rest.first() {
                        Some(b'-') => ("<%", 3),
                        Some(b'%') => ("<%%", 3),
                        Some(b'=') => ("<%=", 3),
                        Some(b'#') => ("<%#", 3),
                        _ => ("<%", 2),
                    };
                    i += len;
                    start = i;
                    if tag == "<%%" {
                        content.push_str("<%");
                    } else {
                        out.put(&mut content);
                        stag = Some(tag);
                        content_start = i;
                    }
                    continue;
                }
                i += 1;
            }
            Some(tag) => {
                if i == b.len() {
                    // An unclosed tag: ERB outputs what it gathered as text.
                    content.push_str(&template[start..i]);
                    break;
                }
                let (end, trim) = if b[i..].starts_with(b"-%>") {
                    (3, true)
                } else if b[i..].starts_with(b"%%>") {
                    content.push_str(&template[start..i]);
                    content.push_str("%>");
                    i += 3;
                    start = i;
                    continue;
                } else if b[i..].starts_with(b"%>") {
                    (2, false)
                } else {
                    i += 1;
                    continue;
                };
                content.push_str(&template[start..i]);
                i += end;
                match tag {
                    "<%=" => {
                        let prefix = format!("{BUFFER}.<<((");
                        let at = Some((prefix.len(), content_start));
                        out.line.push((format!("{prefix}{content}).to_s)"), at));
                    }
                    "<%#" => {
                        for _ in 0..content.matches('\n').count() {
                            out.cr();
                        }
                    }
                    _ => {
                        if let Some(code) = content.strip_suffix('\n') {
                            out.line.push((code.to_string(), Some((0, content_start))));
                            out.cr();
                        } else {
                            out.line.push((content.clone(), Some((0, content_start))));
                        }
                    }
                }
                content.clear();
                stag = None;
                if trim {
                    if b[i..].starts_with(b"\r\n") {
                        i += 2;
                        out.cr();
                    } else if b[i..].starts_with(b"\n") {
                        i += 1;
                        out.cr();
                    } else if i == b.len() {
                        out.cr();
                    }
                }
                start = i;
            }
        }
    }
    out.put(&mut content);
    out.line.push((BUFFER.to_string(), None));
    out.flush();
    (out.script, out.map)
}

struct Out {
    script: String,
    /// The commands of the current line, with where their code starts (offset in the command,
    /// offset in the template).
    line: Vec<(String, Option<(usize, usize)>)>,
    map: Vec<(usize, usize)>,
}

impl Out {
    /// Writes the current line's commands joined with `; `, as ERB does.
    fn flush(&mut self) {
        for (k, (cmd, at)) in std::mem::take(&mut self.line).into_iter().enumerate() {
            if k > 0 {
                self.script.push_str("; ");
            }
            if let Some((inner, tmpl)) = at {
                self.map.push((self.script.len() + inner, tmpl));
            }
            self.script.push_str(&cmd);
        }
    }

    fn cr(&mut self) {
        self.flush();
        self.script.push('\n');
    }

    /// Appends the text gathered so far (if any) as a literal, keeping its newlines as lines.
    fn put(&mut self, content: &mut String) {
        if content.is_empty() {
            return;
        }
        let newlines = content.matches('\n').count();
        // `String#inspect` is a double-quoted literal that holds the text exactly.
        let mut cmd = format!(
            "{BUFFER}.<< {}.freeze",
            crate::ruby_core::inspect::inspect(content)
        );
        for _ in 0..newlines {
            cmd.push('\n');
        }
        self.line.push((cmd, None));
        content.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_kept() {
        let r = to_ruby("a\n<% x = 1 -%>\nb <%= x %>\n");
        assert_eq!(r.lines().count(), 4, "{r}");
        assert!(
            r.lines().nth(2).is_some_and(|l| l.contains("(( x ).to_s)")),
            "{r}"
        );
    }

    #[test]
    fn literal_tags() {
        let r = to_ruby("<%% x %>");
        assert!(r.contains("\"<% x %>\""), "{r}");
    }
}

#[cfg(test)]
mod map_tests {
    use super::*;
    use crate::ruby::ast::{Node, NodeKind};

    fn ivar_offsets(n: &Node, out: &mut Vec<(String, u32)>) {
        if let NodeKind::Ivar(name) = &n.kind {
            out.push((name.clone(), n.span.end));
        }
        n.for_each_child(&mut |c| ivar_offsets(c, out));
    }

    #[test]
    fn code_maps_back_to_the_template() {
        let t = "A=<%= @a %>\nB=\"<%= @b %>\"\n\n<% if @c -%>\nx\n<% end -%>\n";
        let c = compile_mapped("t", t).unwrap();
        let mut found = Vec::new();
        ivar_offsets(&c.program.root, &mut found);
        let mapped: Vec<(String, &str)> = found
            .iter()
            .map(|(n, at)| {
                let o = c.template_offset(*at);
                let o = t[..o].rfind('@').unwrap();
                (n.clone(), &t[o..o + 2])
            })
            .collect();
        assert_eq!(
            mapped,
            [
                ("a".to_string(), "@a"),
                ("b".to_string(), "@b"),
                ("c".to_string(), "@c")
            ],
            "{}",
            c.program.source
        );
    }
}
