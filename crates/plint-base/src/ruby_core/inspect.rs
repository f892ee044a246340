//! Ruby's `String#inspect` of a UTF-8 string, as Puppet's messages and `%p` quote values.
//!
//! `"` and `\` are escaped, `#` before `{`, `$` or `@` (which would interpolate), the named
//! control characters (`\n`, `\t`, `\r`, `\e`, `\a`, `\b`, `\f`, `\v`), other control characters
//! as `\u0000`; from U+0080 up, the characters Ruby's Unicode tables do not count as printable
//! (the generated table `rules/ruby/inspect-escaped.txt`) as `\uXXXX` or `\u{XXXXX}`.

use std::sync::OnceLock;

/// The ranges of escaped characters from U+0080 up, sorted, parsed once from the built-in
/// table (immutable data).
fn escaped_ranges() -> &'static [(u32, u32)] {
    static RANGES: OnceLock<Vec<(u32, u32)>> = OnceLock::new();
    RANGES.get_or_init(|| {
        include_str!("../../../../rules/ruby/inspect-escaped.txt")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| {
                let (a, b) = l.trim().split_once("..")?;
                Some((
                    u32::from_str_radix(a, 16).ok()?,
                    u32::from_str_radix(b, 16).ok()?,
                ))
            })
            .collect()
    })
}

fn is_escaped(c: char) -> bool {
    let cp = c as u32;
    let ranges = escaped_ranges();
    let i = ranges.partition_point(|&(_, end)| end < cp);
    ranges.get(i).is_some_and(|&(start, _)| start <= cp)
}

/// `String#inspect`, appended to `out`.
pub fn inspect_into(s: &str, out: &mut String) {
    quote_into(s, out, false);
}

/// `String#dump`: as `inspect`, with every character past ASCII escaped (`\u00E9`) and the other
/// control characters as `\xHH`.
pub fn dump(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    quote_into(s, &mut out, true);
    out
}

fn quote_into(s: &str, out: &mut String, dump: bool) {
    use std::fmt::Write as _;
    out.push('"');
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{1b}' => out.push_str("\\e"),
            '\u{07}' => out.push_str("\\a"),
            '\u{08}' => out.push_str("\\b"),
            '\u{0c}' => out.push_str("\\f"),
            '\u{0b}' => out.push_str("\\v"),
            '#' if matches!(chars.peek(), Some('{' | '$' | '@')) => out.push_str("\\#"),
            c if dump && (c < ' ' || c == '\u{7f}') => {
                let _ = write!(out, "\\x{:02X}", c as u32);
            }
            c if c < ' ' || c == '\u{7f}' || (c >= '\u{80}' && (dump || is_escaped(c))) => {
                let cp = c as u32;
                let _ = if cp > 0xFFFF {
                    write!(out, "\\u{{{cp:X}}}")
                } else {
                    write!(out, "\\u{cp:04X}")
                };
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// `String#inspect`.
pub fn inspect(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    inspect_into(s, &mut out);
    out
}
