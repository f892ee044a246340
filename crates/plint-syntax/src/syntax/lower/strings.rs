//! Lowering strings: double-quoted strings with their interpolations, heredocs (margins,
//! escapes), and the escapes of single-quoted strings.

use std::borrow::Cow;

use tree_sitter::Node;

use super::Lowerer;
use super::children::Kids;
use crate::syntax::ast::*;
use crate::syntax::kinds::K;

impl<'t> Lowerer<'t> {
    pub(super) fn double_quoted(&mut self, node: Node<'t>) -> StringLit {
        let kids = self.load_named(node);
        let mut parts = Vec::with_capacity(kids.range().len());
        self.string_parts(kids, &mut parts, None);
        StringLit {
            kind: StringKind::DoubleQuoted,
            parts,
        }
    }

    /// Appends the parts of a string's content nodes (the named ones among `kids`). With a
    /// margin, the given text is removed from the start of every line (heredocs with `|`).
    pub(super) fn string_parts(
        &mut self,
        kids: Kids<'t>,
        parts: &mut Vec<StringPart>,
        margin: Option<(&str, usize)>,
    ) {
        for i in kids.range() {
            let c = self.child(i).node;
            if c.is_missing() || c.is_error() {
                continue;
            }
            match self.kind(c) {
                K::StringContent => {
                    let raw = self.text(c);
                    let value = match margin {
                        Some((m, body_start)) => {
                            // A line also starts after an escaped line break (`\` + newline).
                            let at = c.start_byte();
                            let starts_line = at == body_start
                                || (at > 0 && self.src.as_bytes()[at - 1] == b'\n');
                            Cow::Owned(strip_margin(raw, m, starts_line))
                        }
                        None => Cow::Borrowed(raw),
                    };
                    push_text(parts, value, Self::span(c));
                }
                K::EscapeSequence => {
                    push_text(parts, unescape(self.text(c)), Self::span(c));
                }
                K::Variable => {
                    let expr = self.expr(c);
                    parts.push(StringPart::Interpolation {
                        expr,
                        braced: false,
                        span: Self::span(c),
                    });
                }
                K::Interpolation => {
                    let mark = self.buf.len();
                    let ik = self.load_named(c);
                    let inner = self.first_named(ik);
                    let expr = self.opt_expr(inner, c);
                    self.buf.truncate(mark);
                    parts.push(StringPart::Interpolation {
                        expr,
                        braced: true,
                        span: Self::span(c),
                    });
                }
                _ => {}
            }
        }
    }

    pub(super) fn heredoc(&mut self, node: Node<'t>) -> StringLit {
        let spec = parse_heredoc_spec(self.text(node));
        if let Some(flags) = &spec.escapes {
            let mut seen = String::new();
            for c in flags.chars() {
                if !"trnsuL$".contains(c) || seen.contains(c) {
                    let what = if c.is_whitespace() {
                        "a blank".to_string()
                    } else {
                        format!("`{c}`")
                    };
                    self.syntax_error(
                        node,
                        format!(
                            "invalid heredoc escape flag {what} in `{}`",
                            self.text(node)
                        ),
                        "invalid flags",
                        "the flags after `/` are any of `t r n s u L $`, each at most once",
                    );
                    break;
                }
                seen.push(c);
            }
        }
        let body = self.heredoc_bodies.get(self.next_heredoc).copied();
        self.next_heredoc += 1;
        let mut heredoc = Heredoc {
            tag: spec.tag,
            interpolate: spec.interpolate,
            syntax: spec.syntax,
            escapes: spec.escapes,
            body_span: Span::new(node.end_byte(), node.end_byte()),
            margin: false,
            trim: false,
        };
        let mut parts = Vec::new();
        if let Some(body) = body {
            let kids = self.load_named(body);
            let named = || self.buf[kids.range()].iter().map(|c| c.node);
            let end = named().find(|c| self.kind(*c) == K::HeredocEnd && !c.is_missing());
            // The text starts after the line break that starts the body.
            let text_start = named()
                .find(|c| self.kind(*c) != K::HeredocEnd)
                .map(|c| c.start_byte())
                .or(end.map(|e| e.start_byte()))
                .unwrap_or(body.end_byte());
            let text_end = end.map(|e| e.start_byte()).unwrap_or(body.end_byte());
            heredoc.body_span = Span::new(text_start, text_end.max(text_start));
            let mut leading = "";
            if let Some(end) = end {
                let end_text = self.text(end);
                let trimmed = end_text.trim_start_matches(is_blank);
                let indent = &end_text[..end_text.len() - trimmed.len()];
                let mut rest = trimmed;
                if let Some(r) = rest.strip_prefix('|') {
                    heredoc.margin = true;
                    leading = indent;
                    rest = r.trim_start_matches(is_blank);
                }
                if rest.starts_with('-') {
                    heredoc.trim = true;
                }
            }
            let margin = (heredoc.margin && !leading.is_empty()).then_some((leading, text_start));
            self.string_parts(kids, &mut parts, margin);
            if heredoc.trim
                && let Some(StringPart::Text { value, .. }) = parts.last_mut()
            {
                if value.ends_with("\r\n") {
                    value.truncate(value.len() - 2);
                } else if value.ends_with('\n') {
                    value.truncate(value.len() - 1);
                }
            }
        }
        StringLit {
            kind: StringKind::Heredoc(Box::new(heredoc)),
            parts,
        }
    }
}

pub(super) fn is_blank(c: char) -> bool {
    c != '\n' && c.is_whitespace()
}

/// Appends text to the string's last part if it is text (no part of its own), else as a new
/// part.
pub(super) fn push_text(parts: &mut Vec<StringPart>, value: Cow<'_, str>, span: Span) {
    if let Some(StringPart::Text {
        value: prev,
        span: prev_span,
    }) = parts.last_mut()
    {
        prev.push_str(&value);
        *prev_span = prev_span.cover(span);
        return;
    }
    parts.push(StringPart::Text {
        value: value.into_owned(),
        span,
    });
}

/// Removes `margin` from the start of each line of `raw` (a heredoc's text). The first line
/// of `raw` is a line start only when `starts_line` is set.
pub(super) fn strip_margin(raw: &str, margin: &str, starts_line: bool) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut at_line_start = starts_line;
    let mut rest = raw;
    while !rest.is_empty() {
        if at_line_start && let Some(r) = rest.strip_prefix(margin) {
            rest = r;
        }
        match rest.find('\n') {
            Some(i) => {
                out.push_str(&rest[..=i]);
                rest = &rest[i + 1..];
                at_line_start = true;
            }
            None => {
                out.push_str(rest);
                break;
            }
        }
    }
    out
}

/// `'...'` to its value: `\\` is `\` and `\'` is `'`; any other backslash stays.
pub(super) fn unescape_single_quoted(text: &str) -> String {
    let inner = text
        .strip_prefix('\'')
        .map(|t| t.strip_suffix('\'').unwrap_or(t))
        .unwrap_or(text);
    if !inner.contains('\\') {
        return inner.to_string();
    }
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && matches!(chars.peek(), Some('\\') | Some('\'')) {
            out.push(chars.next().unwrap_or('\\'));
        } else {
            out.push(c);
        }
    }
    out
}

/// One escape sequence (as the scanner recognized it) to its value (allocated only for a
/// `\u` escape).
pub(crate) fn unescape(text: &str) -> Cow<'_, str> {
    let body = text.strip_prefix('\\').unwrap_or(text);
    Cow::Borrowed(match body {
        "n" => "\n",
        "r" => "\r",
        "t" => "\t",
        "s" => " ",
        "\n" | "\r\n" | "\r" => "",
        _ if body.starts_with('u') => {
            let hex = body[1..].trim_start_matches('{').trim_end_matches('}');
            return match u32::from_str_radix(hex, 16).ok().and_then(char::from_u32) {
                Some(c) => Cow::Owned(String::from(c)),
                None => Cow::Borrowed(text),
            };
        }
        _ => body,
    })
}

pub(crate) struct HeredocSpec {
    pub tag: String,
    pub interpolate: bool,
    pub syntax: Option<String>,
    pub escapes: Option<String>,
}

/// `@(TAG:syntax/flags)` to its parts.
pub(crate) fn parse_heredoc_spec(text: &str) -> HeredocSpec {
    let inner = text
        .strip_prefix("@(")
        .and_then(|t| t.strip_suffix(')'))
        .unwrap_or(text);
    let tag_end = inner.find([':', '/']).unwrap_or(inner.len());
    let mut tag = inner[..tag_end].trim();
    let mut interpolate = false;
    if tag.len() >= 2 && tag.starts_with('"') && tag.ends_with('"') {
        interpolate = true;
        tag = tag[1..tag.len() - 1].trim();
    }
    let rest = &inner[tag_end..];
    let (syntax_part, escapes) = match rest.find('/') {
        // Blanks may follow the flags, not precede them (`@(END/ n)` is invalid).
        Some(i) => (&rest[..i], Some(rest[i + 1..].trim_end().to_string())),
        None => (rest, None),
    };
    let syntax = syntax_part
        .strip_prefix(':')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty());
    HeredocSpec {
        tag: tag.to_string(),
        interpolate,
        syntax,
        escapes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heredoc_specs() {
        let s = parse_heredoc_spec("@(END)");
        assert_eq!((s.tag.as_str(), s.interpolate), ("END", false));
        let s = parse_heredoc_spec("@(\"EOT\":json/tL)");
        assert_eq!(s.tag, "EOT");
        assert!(s.interpolate);
        assert_eq!(s.syntax.as_deref(), Some("json"));
        assert_eq!(s.escapes.as_deref(), Some("tL"));
        let s = parse_heredoc_spec("@(END OF TEXT/)");
        assert_eq!(s.tag, "END OF TEXT");
        assert_eq!(s.escapes.as_deref(), Some(""));
    }

    #[test]
    fn escapes() {
        assert_eq!(unescape("\\n"), "\n");
        assert_eq!(unescape("\\s"), " ");
        assert_eq!(unescape("\\$"), "$");
        assert_eq!(unescape("\\u{1F600}"), "\u{1F600}");
        assert_eq!(unescape("\\u00e9"), "é");
        assert_eq!(unescape("\\\n"), "");
        assert_eq!(unescape_single_quoted(r"'a\'b\\c\d'"), r"a'b\c\d");
    }

    #[test]
    fn margins() {
        assert_eq!(strip_margin("  a\n  b\n c\n", "  ", true), "a\nb\n c\n");
        assert_eq!(strip_margin("x\n  b", "  ", false), "x\nb");
    }

    #[test]
    fn margin_after_an_escaped_line_break() {
        let src = "$c = @(\"END\"/L)\n  joined \\\n  line\n  |- END\n";
        let parsed = crate::syntax::parse(src);
        let text = format!("{:?}", parsed.ast);
        assert!(text.contains("\"joined line\""), "{text}");
    }
}
