//! A direct reading of the usual type texts, without the parser: references
//! (`Stdlib::Absolutepath`), references with bracketed arguments (`Integer[1, 65535]`,
//! `Enum['present', 'absent']`, `Pattern[/^\d+$/]`, `Struct[{'a' => String}]`), and the
//! literals found in them. Gives the expression the parser would give, or `None` for
//! anything outside that subset (comments, escapes, double-quoted strings, signs, floats,
//! octal or hexadecimal numbers, operators other than a minus sign...), which the parser then reads.
//!
//! The type texts of the index are parsed once each, but there are hundreds of them, and
//! starting the parser for a short text costs far more than reading it.

use crate::syntax::ast::{
    Expr, ExprKind, Hash, IntegerLit, Pair, Radix, Span, StringKind, StringLit, StringPart, UnaryOp,
};

/// How deep brackets may nest before the parser is left to it.
const MAX_DEPTH: u32 = 64;

/// The expression `src` holds, when it is in the subset read here.
pub(super) fn expr(src: &str) -> Option<Expr> {
    if src.len() > u32::MAX as usize / 2 {
        return None;
    }
    let mut r = Reader {
        s: src.as_bytes(),
        i: 0,
    };
    r.blank();
    let e = r.value(0)?;
    r.blank();
    (r.i == r.s.len()).then_some(e)
}

struct Reader<'s> {
    s: &'s [u8],
    i: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn span(&self, start: usize) -> Span {
        Span::new(start, self.i)
    }

    /// Skips white space and `#` comments (`/* */` ones are the parser's).
    fn blank(&mut self) {
        loop {
            match self.peek() {
                Some(b' ' | b'\t' | b'\n' | b'\r') => self.i += 1,
                Some(b'#') => {
                    while self.peek().is_some_and(|b| b != b'\n') {
                        self.i += 1;
                    }
                }
                _ => return,
            }
        }
    }

    fn eat(&mut self, b: u8) -> bool {
        if self.peek() == Some(b) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    /// One value: a reference (with arguments), a literal, an array or a hash.
    fn value(&mut self, depth: u32) -> Option<Expr> {
        if depth > MAX_DEPTH {
            return None;
        }
        let start = self.i;
        match self.peek()? {
            b'A'..=b'Z' | b':' => {
                let name = self.reference()?;
                let target = Expr::new(ExprKind::TypeRef(name), self.span(start));
                if self.peek() != Some(b'[') {
                    return Some(target);
                }
                self.i += 1;
                let args = self.list(b']', depth)?;
                if args.is_empty() {
                    return None;
                }
                Some(Expr::new(
                    ExprKind::Access {
                        target: Box::new(target),
                        args,
                    },
                    self.span(start),
                ))
            }
            b'a'..=b'z' => {
                let word = self.word();
                let kind = match word {
                    b"default" => ExprKind::Default,
                    b"undef" => ExprKind::Undef,
                    b"true" => ExprKind::Boolean(true),
                    b"false" => ExprKind::Boolean(false),
                    _ if is_plain_name(word) => {
                        ExprKind::Name(std::str::from_utf8(word).ok()?.to_string())
                    }
                    _ => return None,
                };
                Some(Expr::new(kind, self.span(start)))
            }
            b'-' if self.s.get(self.i + 1).is_some_and(u8::is_ascii_digit) => {
                self.i += 1;
                let operand = self.value(depth + 1)?;
                Some(Expr::new(
                    ExprKind::Unary {
                        op: UnaryOp::Neg,
                        operand: Box::new(operand),
                    },
                    self.span(start),
                ))
            }
            b'0'..=b'9' => {
                while self.peek().is_some_and(|b| b.is_ascii_digit()) {
                    self.i += 1;
                }
                let digits = std::str::from_utf8(&self.s[start..self.i]).ok()?;
                // Octal, floats and words that start with digits are the parser's.
                if (digits.len() > 1 && digits.starts_with('0'))
                    || self
                        .peek()
                        .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.')
                {
                    return None;
                }
                let value = digits.parse::<i64>().ok()?;
                Some(Expr::new(
                    ExprKind::Integer(IntegerLit {
                        value: Some(value),
                        radix: Radix::Decimal,
                    }),
                    self.span(start),
                ))
            }
            b'\'' => {
                self.i += 1;
                // `\\` and `\'` are the only escapes; any other `\` is itself.
                let mut value = Vec::new();
                loop {
                    match self.peek()? {
                        b'\'' => break,
                        b'\\' if matches!(self.s.get(self.i + 1), Some(b'\\' | b'\'')) => {
                            value.push(self.s[self.i + 1]);
                            self.i += 2;
                        }
                        b => {
                            value.push(b);
                            self.i += 1;
                        }
                    }
                }
                let value = String::from_utf8(value).ok()?;
                self.i += 1;
                let span = self.span(start);
                Some(Expr::new(
                    ExprKind::String(StringLit {
                        kind: StringKind::SingleQuoted,
                        parts: vec![StringPart::Text { value, span }],
                    }),
                    span,
                ))
            }
            b'/' => {
                self.i += 1;
                let from = self.i;
                // `/*` starts a comment; an empty pattern is left to the parser too.
                if matches!(self.peek(), Some(b'*' | b'/')) {
                    return None;
                }
                loop {
                    match self.peek()? {
                        b'/' => break,
                        b'\\' => {
                            self.i += 1;
                            self.peek()?;
                            self.i += 1;
                        }
                        _ => self.i += 1,
                    }
                }
                let inner = std::str::from_utf8(&self.s[from..self.i]).ok()?;
                self.i += 1;
                Some(Expr::new(
                    ExprKind::Regex(inner.replace("\\/", "/")),
                    self.span(start),
                ))
            }
            b'[' => {
                self.i += 1;
                let items = self.list(b']', depth)?;
                Some(Expr::new(ExprKind::Array(items), self.span(start)))
            }
            b'{' => {
                self.i += 1;
                let entries = self.pairs(depth)?;
                Some(Expr::new(
                    ExprKind::Hash(Hash {
                        entries,
                        braced: true,
                    }),
                    self.span(start),
                ))
            }
            _ => None,
        }
    }

    /// `Foo::Bar`, `::Foo`: segments that start with a capital letter.
    fn reference(&mut self) -> Option<String> {
        let start = self.i;
        if self.s.get(self.i..self.i + 2) == Some(b"::") {
            self.i += 2;
        }
        loop {
            if !self.peek().is_some_and(|b| b.is_ascii_uppercase()) {
                return None;
            }
            while self
                .peek()
                .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
            {
                self.i += 1;
            }
            if self.s.get(self.i..self.i + 2) == Some(b"::") {
                self.i += 2;
                continue;
            }
            break;
        }
        // A name that runs on into something else (`Foo-bar`, `Foo::`) is the parser's.
        if matches!(self.peek(), Some(b'-' | b':' | b'$')) {
            return None;
        }
        std::str::from_utf8(&self.s[start..self.i])
            .ok()
            .map(str::to_string)
    }

    /// A lower-case word (`default`, `undef`, ...).
    fn word(&mut self) -> &[u8] {
        let start = self.i;
        while self
            .peek()
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b':' || b == b'-')
        {
            self.i += 1;
        }
        &self.s[start..self.i]
    }

    /// Values separated by commas (one may follow the last) up to `close` (already past the
    /// opening bracket).
    fn list(&mut self, close: u8, depth: u32) -> Option<Vec<Expr>> {
        let mut out = Vec::new();
        self.blank();
        if self.eat(close) {
            return Some(out);
        }
        loop {
            out.push(self.value(depth + 1)?);
            self.blank();
            if self.eat(close) {
                return Some(out);
            }
            if !self.eat(b',') {
                return None;
            }
            self.blank();
            if self.eat(close) {
                return Some(out);
            }
        }
    }

    /// `key => value` pairs separated by commas up to `}` (already past the `{`).
    fn pairs(&mut self, depth: u32) -> Option<Vec<Pair>> {
        let mut out = Vec::new();
        self.blank();
        if self.eat(b'}') {
            return Some(out);
        }
        loop {
            let start = self.i;
            let key = self.value(depth + 1)?;
            self.blank();
            if !(self.eat(b'=') && self.eat(b'>')) {
                return None;
            }
            self.blank();
            let value = self.value(depth + 1)?;
            out.push(Pair {
                key,
                value,
                span: self.span(start),
            });
            self.blank();
            if self.eat(b'}') {
                return Some(out);
            }
            if !self.eat(b',') {
                return None;
            }
            self.blank();
            if self.eat(b'}') {
                return Some(out);
            }
        }
    }
}

/// A name (`ensure`, `apache::mod`): segments of lower-case letters, digits and `_` that
/// start with a letter, and no word the language reserves (those are the parser's).
fn is_plain_name(word: &[u8]) -> bool {
    const RESERVED: &[&[u8]] = &[
        b"and",
        b"application",
        b"attr",
        b"case",
        b"class",
        b"consumes",
        b"define",
        b"else",
        b"elsif",
        b"function",
        b"if",
        b"import",
        b"in",
        b"inherits",
        b"node",
        b"or",
        b"plan",
        b"private",
        b"produces",
        b"site",
        b"type",
        b"unless",
    ];
    !RESERVED.contains(&word)
        && word.split(|&b| b == b':').enumerate().all(|(i, seg)| {
            // `a::b` splits into `a`, ``, `b`: the empty pieces sit between the colons.
            if i % 2 == 1 {
                return seg.is_empty();
            }
            seg.first().is_some_and(u8::is_ascii_lowercase)
                && seg
                    .iter()
                    .all(|&b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        })
}

#[cfg(test)]
mod tests {
    use super::super::{from_expr, parse_with_parser};

    /// The quick reading agrees with the parser, and reads the usual texts itself.
    #[test]
    fn agrees_with_the_parser() {
        let read = [
            "String",
            "Stdlib::IP::Address::V4::Nosubnet",
            "Integer[0]",
            "Integer[1,4294967295]",
            "Integer[1, default]",
            "Optional[Array[String[1]]]",
            "Enum['present',\n        'absent'\n  ]",
            "Pattern[/\\A(?:::)?(?:[a-z]\\w*::)*[a-z_]\\w*(?:\\.|\\Z)/]",
            "Pattern[/a\\/b/, /[0-9]+/]",
            "Struct[{ensure => Optional[Enum['file', 'present']], NotUndef['port'] => Integer}]",
            "Struct[{'a' => String, Optional['b'] => Undef}]",
            "Variant[Boolean, Enum['true', 'false']]",
            "Tuple[String, 1, 2]",
            "Hash[String, Array[Data], 1]",
            "Sensitive[String]",
            "Callable[2, 2]",
            "Struct[{}]",
            "Array[Variant[String, Integer], 0, 10]",
            "File['/etc/passwd']",
            "Enum[[['a'], 'b']]",
            "Class[foo]",
            "Integer[-1000, 1000]",
            "Integer[-9223372036854775807]",
            "Variant[Integer[-1],Pattern['^(infinity|\\d+)$']]",
            "String # a comment",
            "Enum['it\\'s', 'a\\\\b', '^\\d+$']",
            "Enum['a',]",
            "Enum[\n  'a',\n  'b', # the other\n]",
            "Struct[{a => String,}]",
            "Struct[  # note\n  {\n    Optional['x'] => Pattern['^\\d+$'],\n  }\n]",
            "::String",
            "::Stdlib::Port",
            "Class[apache::mod::ssl]",
            "Enum[foo, bar_2]",
            "Uri[{scheme => 'https'}]",
        ];
        for text in read {
            let e = super::expr(text).unwrap_or_else(|| panic!("`{text}` is not read"));
            assert_eq!(
                from_expr(&e, text).ok(),
                parse_with_parser(text).ok(),
                "{text}"
            );
        }
        let left = [
            "",
            "Integer[- 1]",
            "Integer[-9223372036854775808]",
            "Integer[--1]",
            "Float[1.5]",
            "Integer[0x10]",
            "Integer[010]",
            "Enum[\"a\"]",
            "Integer[]",
            "String [1]",
            "Foo::bar",
            "Foo-bar",
            "String String",
            "Pattern[/*x*/]",
            "Pattern[//]",
            "Optional[String",
            "Enum[foo-bar]",
            "Enum[case]",
            "Enum[a:b]",
            "Enum[a::]",
            "1 + 1",
            "Enum['a',,]",
            "Enum[,'a']",
            "Struct[{a => String,,}]",
            ":String",
            "::",
            "Foo::",
        ];
        for text in left {
            assert!(super::expr(text).is_none(), "`{text}` is read");
        }
        // Whatever is read, the parser reads alike.
        for text in ["Integer[1, 2, 3]", "Enum[1]", "Wat[1]", "Optional[1]"] {
            let quick = super::expr(text).and_then(|e| from_expr(&e, text).ok());
            if quick.is_some() {
                assert_eq!(quick, parse_with_parser(text).ok(), "{text}");
            }
        }
    }
}
