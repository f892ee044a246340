//! Where the cursor is, for completion: what kind of name is being written there and the text
//! written so far. Read from the text just before the cursor (a variable after `$`, a key in
//! a string after `$facts[` or `lookup(`, a class after `include`) and from the syntax tree,
//! which the parser builds for a half-typed text too (the resource whose body holds the
//! cursor; a string or heredoc opened on an earlier line that holds the cursor's line).

use crate::syntax::ast::{Expr, ExprKind, File, StringKind, StringPart};

/// What is being written at the cursor. `start` is where the text it replaces starts (the
/// cursor is its end); `prefix` is that text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Site {
    /// A variable's name after `$` (or `${` in a string), as written (`web::par`).
    Variable { prefix: String, start: usize },
    /// A key of `$facts` in a string: the keys above it (`$facts['os']['` → `["os"]`).
    Fact {
        path: Vec<String>,
        prefix: String,
        start: usize,
    },
    /// A Hiera key in `lookup('` or `hiera('`.
    HieraKey { prefix: String, start: usize },
    /// A class's name: after `include`, `contain`, `require`, `inherits`, in `class { '`.
    Class { prefix: String, start: usize },
    /// An attribute of the resource whose body holds the cursor (`type_name` as written,
    /// `class` for `class { 'x': }`, whose `title` is then the class), or of resource defaults
    /// (`File { `); `written` are the attributes the body already has.
    Attribute {
        type_name: String,
        title: Option<String>,
        written: Vec<String>,
        prefix: String,
        start: usize,
    },
    /// Any other name: a resource type, a type reference or a function.
    Name { prefix: String, start: usize },
}

impl Site {
    /// The text being written and where it starts.
    pub fn written(&self) -> (&str, usize) {
        match self {
            Site::Variable { prefix, start }
            | Site::Fact { prefix, start, .. }
            | Site::HieraKey { prefix, start }
            | Site::Class { prefix, start }
            | Site::Attribute { prefix, start, .. }
            | Site::Name { prefix, start } => (prefix, *start),
        }
    }
}

/// Whether `c` can be part of a name being written (`::` separates its segments).
fn name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == ':'
}

/// What is being written at byte `offset` of `text` (parsed as `file`); `None` in a comment,
/// in a string that takes no name, or after a `:` that ends no name.
pub fn site(text: &str, file: &File, offset: usize) -> Option<Site> {
    let offset = crate::report::floor_char_boundary(text, offset);
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let scan_from = match opened_before(file, line_start) {
        Opened::Code => line_start,
        Opened::Quote(at) => at,
        Opened::Heredoc { interpolate } => return in_heredoc(before, line_start, interpolate),
    };
    match open_string(&before[scan_from..]) {
        Line::Comment => return None,
        Line::String(quote) => return in_string(before, scan_from + quote),
        Line::Code => {}
    }
    let start = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| name_char(*c))
        .last()
        .map_or(offset, |(i, _)| i);
    let prefix = before[start..].to_string();
    let ahead = &before[..start];
    if ahead.ends_with('$') || ahead.ends_with("${") {
        return Some(Site::Variable { prefix, start });
    }
    if let Some(rest) = prefix.strip_prefix(':').filter(|r| !r.starts_with(':')) {
        // `'title':` ends the title; what follows it names an attribute.
        return attribute(file, offset, rest, start + 1);
    }
    let previous = ahead.trim_end();
    let word = previous
        .rsplit(|c: char| !name_char(c))
        .next()
        .unwrap_or_default();
    if matches!(word, "include" | "contain" | "require" | "inherits") && previous != ahead {
        return Some(Site::Class { prefix, start });
    }
    if (matches!(previous.chars().last(), Some(',' | '{' | ';')) || previous.ends_with(':'))
        && let Some(site) = attribute(file, offset, &prefix, start)
    {
        return Some(site);
    }
    Some(Site::Name { prefix, start })
}

/// The resource (or resource defaults) whose body holds `offset`, outside its attributes'
/// values: the attribute being named.
fn attribute(file: &File, offset: usize, prefix: &str, start: usize) -> Option<Site> {
    let holds = |e: &Expr| (e.span.start as usize) < offset && offset <= e.span.end as usize;
    let mut found = None;
    file.walk(&mut |e| {
        if !holds(e) {
            return;
        }
        match &e.kind {
            ExprKind::Resource(r) => {
                let Some(body) = r
                    .bodies
                    .iter()
                    .rev()
                    .find(|b| (b.title.span.end as usize) < offset)
                else {
                    return;
                };
                let in_value = body.attributes.iter().any(|a| {
                    (a.value.span.start as usize) <= start && offset <= a.value.span.end as usize
                });
                if in_value {
                    found = None;
                    return;
                }
                let title = match &body.title.kind {
                    ExprKind::String(s) => s.literal_value(),
                    ExprKind::Name(n) => Some(n.clone()),
                    _ => None,
                };
                found = Some(Site::Attribute {
                    type_name: r.type_name.name.clone(),
                    title,
                    written: written(&body.attributes, prefix),
                    prefix: prefix.to_string(),
                    start,
                });
            }
            ExprKind::ResourceDefaults(d) => {
                found = Some(Site::Attribute {
                    type_name: d.type_ref.name.clone(),
                    title: None,
                    written: written(&d.attributes, prefix),
                    prefix: prefix.to_string(),
                    start,
                });
            }
            _ => {}
        }
    });
    found
}

/// The attributes a body sets, but the one being written.
fn written(attributes: &[crate::syntax::ast::Attribute], prefix: &str) -> Vec<String> {
    attributes
        .iter()
        .map(|a| a.name.name.clone())
        .filter(|n| n != prefix)
        .collect()
}

/// What the cursor's line starts in: code, or a string opened on an earlier line.
enum Opened {
    Code,
    /// A quoted string whose opening quote is at this byte.
    Quote(usize),
    /// A heredoc's text (`interpolate`: `@("TAG")`).
    Heredoc {
        interpolate: bool,
    },
}

/// What byte `line_start` of the file is in, by the syntax tree: the innermost string that
/// spans it (a string spanning lines, or a heredoc's text), unless an interpolation in that
/// string holds it.
fn opened_before(file: &File, line_start: usize) -> Opened {
    let at = line_start as u32;
    let mut found = Opened::Code;
    let mut innermost = 0;
    file.walk(&mut |e| {
        let ExprKind::String(s) = &e.kind else {
            return;
        };
        let in_interpolation = s.parts.iter().any(|p| match p {
            StringPart::Interpolation { span, .. } => span.start < at && at < span.end,
            StringPart::Text { .. } => false,
        });
        if in_interpolation || e.span.start < innermost {
            return;
        }
        match &s.kind {
            StringKind::SingleQuoted | StringKind::DoubleQuoted
                if e.span.start < at && at < e.span.end =>
            {
                found = Opened::Quote(e.span.start as usize);
                innermost = e.span.start;
            }
            StringKind::Heredoc(h) if h.body_span.start <= at && at < h.body_span.end => {
                found = Opened::Heredoc {
                    interpolate: h.interpolate,
                };
                innermost = e.span.start;
            }
            _ => {}
        }
    });
    found
}

/// In a heredoc's text: a variable after `$` or `${` when it interpolates, else nothing.
fn in_heredoc(before: &str, line_start: usize, interpolate: bool) -> Option<Site> {
    if !interpolate {
        return None;
    }
    let start = before
        .char_indices()
        .rev()
        .take_while(|(i, c)| *i >= line_start && name_char(*c))
        .last()
        .map_or(before.len(), |(i, _)| i);
    let ahead = &before[..start];
    (ahead.ends_with('$') || ahead.ends_with("${")).then(|| Site::Variable {
        prefix: before[start..].to_string(),
        start,
    })
}

/// What the end of a text is in.
enum Line {
    Code,
    Comment,
    /// A string opened at this byte of the line.
    String(usize),
}

/// Whether the end of `text` (the cursor's line, or from a string's opening quote on an
/// earlier line) is in a string (which quote opened it), a comment, or code.
fn open_string(text: &str) -> Line {
    let mut open: Option<(char, usize)> = None;
    let mut escaped = false;
    let mut comment = false;
    for (i, c) in text.char_indices() {
        if comment {
            comment = c != '\n';
            continue;
        }
        match open {
            Some((q, _)) => {
                if escaped {
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == q {
                    open = None;
                }
            }
            None if c == '#' => comment = true,
            None if c == '\'' || c == '"' => open = Some((c, i)),
            None => {}
        }
    }
    if comment {
        return Line::Comment;
    }
    open.map_or(Line::Code, |(_, i)| Line::String(i))
}

/// In a string opened at byte `quote` of `before` (the text up to the cursor): a fact's key,
/// a Hiera key or a class, by what comes before the string.
fn in_string(before: &str, quote: usize) -> Option<Site> {
    let start = quote + 1;
    let prefix = before[start..].to_string();
    if before[quote..].starts_with('"') {
        // `"$name` and `"${name` interpolate a variable.
        let name_start = before
            .char_indices()
            .rev()
            .take_while(|(i, c)| *i > quote && name_char(*c))
            .last()
            .map_or(before.len(), |(i, _)| i);
        let ahead = &before[..name_start];
        if ahead.ends_with('$') || ahead.ends_with("${") {
            let prefix = before[name_start..].to_string();
            return Some(Site::Variable {
                prefix,
                start: name_start,
            });
        }
    }
    let ahead = before[..quote].trim_end();
    if let Some(path) = facts_path(ahead) {
        return Some(Site::Fact {
            path,
            prefix,
            start,
        });
    }
    if let Some(call) = ahead.strip_suffix('(') {
        let name = call
            .trim_end()
            .rsplit(|c: char| !name_char(c))
            .next()
            .unwrap_or_default();
        return match name {
            "lookup" | "hiera" | "hiera_array" | "hiera_hash" | "hiera_include" => {
                Some(Site::HieraKey { prefix, start })
            }
            "include" | "contain" | "require" => Some(Site::Class { prefix, start }),
            _ => None,
        };
    }
    let word = ahead
        .rsplit(|c: char| !name_char(c))
        .next()
        .unwrap_or_default();
    if matches!(word, "include" | "contain" | "require") {
        return Some(Site::Class { prefix, start });
    }
    let opened = ahead.strip_suffix('{')?.trim_end();
    if opened.ends_with("class") && !opened[..opened.len() - 5].ends_with(name_char) {
        return Some(Site::Class { prefix, start });
    }
    None
}

/// `$facts[...][` (or `$::facts`, `$trusted` aside): the keys written in the brackets before
/// the last, which is open.
fn facts_path(ahead: &str) -> Option<Vec<String>> {
    let mut rest = ahead.strip_suffix('[')?.trim_end();
    let mut path = Vec::new();
    while let Some(inner) = rest.strip_suffix(']') {
        let inner = inner.trim_end();
        let q = inner.chars().last().filter(|c| *c == '\'' || *c == '"')?;
        let body = &inner[..inner.len() - 1];
        let open = body.rfind(q)?;
        path.push(body[open + 1..].to_string());
        rest = body[..open].trim_end().strip_suffix('[')?.trim_end();
    }
    let name = rest.strip_suffix("facts")?;
    let name = name.strip_suffix("::").unwrap_or(name);
    if !name.ends_with('$') {
        return None;
    }
    path.reverse();
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(src: &str) -> Option<Site> {
        let offset = src.find("<>").unwrap();
        let text = src.replacen("<>", "", 1);
        let ast = crate::syntax::parse(&text).ast;
        site(&text, &ast, offset)
    }

    fn name(prefix: &str, start: usize) -> Site {
        Site::Name {
            prefix: prefix.into(),
            start,
        }
    }

    #[test]
    fn sites_of_half_typed_texts() {
        assert_eq!(
            at("class a {\n  notice($<>)\n}\n"),
            Some(Site::Variable {
                prefix: String::new(),
                start: 20
            })
        );
        assert_eq!(
            at("notice(\"${web::p<>\")"),
            Some(Site::Variable {
                prefix: "web::p".into(),
                start: 10
            })
        );
        assert_eq!(
            at("$x = $facts['os']['<>"),
            Some(Site::Fact {
                path: vec!["os".into()],
                prefix: String::new(),
                start: 19
            })
        );
        assert_eq!(
            at("$x = $::facts[\"kern<>"),
            Some(Site::Fact {
                path: vec![],
                prefix: "kern".into(),
                start: 15
            })
        );
        assert_eq!(
            at("$x = lookup('web::<>')"),
            Some(Site::HieraKey {
                prefix: "web::".into(),
                start: 13
            })
        );
        assert_eq!(
            at("class a {\n  include <>\n}\n"),
            Some(Site::Class {
                prefix: String::new(),
                start: 20
            })
        );
        assert_eq!(
            at("class { 'we<>"),
            Some(Site::Class {
                prefix: "we".into(),
                start: 9
            })
        );
        assert_eq!(at("# include <>"), None);
        assert_eq!(at("notice('include <>')"), None);
        assert_eq!(at("class a {\n  fi<>\n}\n"), Some(name("fi", 12)));
        assert_eq!(at("Web::<>"), Some(name("Web::", 0)));
        let attribute = |title: Option<&str>, written: &[&str], prefix: &str, start| {
            Some(Site::Attribute {
                type_name: "file".into(),
                title: title.map(str::to_string),
                written: written.iter().map(|w| w.to_string()).collect(),
                prefix: prefix.into(),
                start,
            })
        };
        assert_eq!(
            at("class a {\n  file { 'x': ens<>\n}\n"),
            attribute(Some("x"), &[], "ens", 24)
        );
        assert_eq!(at("file { 'x':<>"), attribute(Some("x"), &[], "", 11));
        assert_eq!(
            at("file { 'x':\n  ensure => file,\n  mo<>\n}\n"),
            attribute(Some("x"), &["ensure"], "mo", 32)
        );
        assert_eq!(
            at("File {\n  <>\n}\n"),
            Some(Site::Attribute {
                type_name: "File".into(),
                title: None,
                written: vec![],
                prefix: String::new(),
                start: 9
            })
        );
        // In a value: not an attribute.
        assert_eq!(at("file { 'x': ensure => fi<> }"), Some(name("fi", 22)));
    }

    #[test]
    fn a_string_opened_on_an_earlier_line_holds_the_cursor() {
        let variable = |prefix: &str, start| {
            Some(Site::Variable {
                prefix: prefix.into(),
                start,
            })
        };
        // Text of a string, not a name to complete.
        assert_eq!(at("$m = \"one\n  include <>\"\n"), None);
        assert_eq!(at("$m = 'one\n  fi<>'\n"), None);
        // `#` in a string starts no comment.
        assert_eq!(at("$m = \"one\n  # two ${fo<>}\"\n"), variable("fo", 20));
        // The string ended on an earlier line: code again.
        assert_eq!(at("$m = \"one\n  two\"\nfi<>\n"), Some(name("fi", 17)));
        // Code inside an interpolation spanning lines.
        assert_eq!(at("$m = \"${\n  $<>\n}\"\n"), variable("", 12));
        // A heredoc's text: variables only, and only when it interpolates.
        assert_eq!(at("$m = @(\"END\")\n  include <>\n  END\n"), None);
        assert_eq!(
            at("$m = @(\"END\")\n  ${fo<>}\n  END\n"),
            variable("fo", 18)
        );
        assert_eq!(at("$m = @(END)\n  $fo<>\n  END\n"), None);
    }
}
