//! Ruby's `JSON.generate` and `JSON.pretty_generate` (the `json` gem of Puppet's Ruby), as a
//! writer that a caller drives with its own values: commas, indentation, empty containers
//! and string escapes are decided here once.
//!
//! Compact: `{"a":[1,2.5]}`. Pretty: two spaces a level, `"key": value`, an empty array as
//! `[`, an empty line and `]`, an empty object as `{`, a line break and `}`. Strings escape `"`,
//! `\` and the control characters (`\b`, `\f`, `\n`, `\r`, `\t`, else `\u001f`); everything
//! else, `/` and non-ASCII included, is written as it is. Floats are `Float#to_s`; NaN and the
//! infinities are not JSON.

/// One JSON text being written.
pub struct Writer {
    out: String,
    pretty: bool,
    /// For each open array or object: how many entries it has so far.
    open: Vec<usize>,
    /// A key was just written: the next value is its value.
    after_key: bool,
}

/// A float JSON cannot hold (NaN, Infinity): Ruby's `GeneratorError`.
#[derive(Debug, Clone, PartialEq)]
pub struct NotFinite(pub f64);

impl std::fmt::Display for NotFinite {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} not allowed in JSON", super::float::to_s(self.0))
    }
}

impl Writer {
    /// `JSON.generate` (`pretty` false) or `JSON.pretty_generate` (true).
    pub fn new(pretty: bool) -> Self {
        Writer {
            out: String::new(),
            pretty,
            open: Vec::new(),
            after_key: false,
        }
    }

    fn newline(&mut self, depth: usize) {
        if self.pretty {
            self.out.push('\n');
            for _ in 0..depth {
                self.out.push_str("  ");
            }
        }
    }

    /// Where a value (or a key) starts: after a comma and a line break inside a container.
    fn entry(&mut self) {
        if std::mem::take(&mut self.after_key) {
            return;
        }
        let depth = self.open.len();
        if let Some(count) = self.open.last_mut() {
            let first = *count == 0;
            *count += 1;
            if !first {
                self.out.push(',');
            }
            self.newline(depth);
        }
    }

    pub fn null(&mut self) {
        self.entry();
        self.out.push_str("null");
    }

    pub fn bool(&mut self, b: bool) {
        self.entry();
        self.out.push_str(if b { "true" } else { "false" });
    }

    /// An integer given by its decimal digits (any size).
    pub fn integer(&mut self, digits: &str) {
        self.entry();
        self.out.push_str(digits);
    }

    pub fn float(&mut self, f: f64) -> Result<(), NotFinite> {
        if !f.is_finite() {
            return Err(NotFinite(f));
        }
        self.entry();
        self.out.push_str(&super::float::to_s(f));
        Ok(())
    }

    pub fn string(&mut self, s: &str) {
        self.entry();
        escape_into(s, &mut self.out);
    }

    /// An object's key; its value is the next thing written.
    pub fn key(&mut self, k: &str) {
        self.entry();
        escape_into(k, &mut self.out);
        self.out.push(':');
        if self.pretty {
            self.out.push(' ');
        }
        self.after_key = true;
    }

    pub fn begin_array(&mut self) {
        self.entry();
        self.out.push('[');
        self.open.push(0);
    }

    pub fn end_array(&mut self) {
        let count = self.open.pop().unwrap_or(0);
        if count == 0 && self.pretty {
            self.out.push('\n');
        }
        self.newline(self.open.len());
        self.out.push(']');
    }

    pub fn begin_object(&mut self) {
        self.entry();
        self.out.push('{');
        self.open.push(0);
    }

    pub fn end_object(&mut self) {
        self.open.pop();
        self.newline(self.open.len());
        self.out.push('}');
    }

    /// The text written.
    pub fn finish(self) -> String {
        self.out
    }
}

/// A JSON string literal of `s`, appended to `out`.
pub fn escape_into(s: &str, out: &mut String) {
    use std::fmt::Write as _;
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{08}' => out.push_str("\\b"),
            '\u{0c}' => out.push_str("\\f"),
            c if c < ' ' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}
