//! Binary strings (Ruby's ASCII-8BIT): `Digest::X.digest`, `Base64.decode64`, `Array#pack`,
//! `String#b`, and what reads their bytes (`unpack`, `bytes`, `bytesize`, digests, Base64).
//!
//! A binary string that is ASCII is an ordinary string (Ruby treats the two alike but for
//! `encoding`). One that is not is a String whose bytes are kept in [`RStr::binary`] and
//! which is otherwise *unknown*: every method but the few here that know bytes sees an
//! unknown, so no text is ever guessed from bytes that are not UTF-8.

use std::cell::RefCell;
use std::rc::Rc;

use super::value::*;
use super::{Interp, R};

/// One directive of a `pack`/`unpack` template.
#[derive(Clone, Copy, Debug)]
struct Directive {
    letter: u8,
    /// `None`: no count; `Some(None)`: `*`; `Some(Some(n))`: `n`.
    count: Option<Option<usize>>,
    big: Option<bool>,
}

impl Directive {
    /// How many items the directive takes when `left` remain: one without a count, all of them
    /// for `*`, else its count.
    fn repeat(&self, left: usize) -> usize {
        match self.count {
            None => 1,
            Some(None) => left,
            Some(Some(n)) => n,
        }
    }
}

/// Parses a template; `None` for what plint does not know (the result is then unknown).
fn directives(template: &str) -> Option<Vec<Directive>> {
    let b = template.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        i += 1;
        if c.is_ascii_whitespace() {
            continue;
        }
        if !b"aAZCcnNvVsSlLqQHhBbmUxX@".contains(&c) {
            return None;
        }
        let mut big = None;
        while i < b.len() && b"_!<>".contains(&b[i]) {
            match b[i] {
                b'<' => big = Some(false),
                b'>' => big = Some(true),
                _ => return None,
            }
            i += 1;
        }
        if big.is_some() && !b"sSlLqQ".contains(&c) {
            return None;
        }
        let count = if i < b.len() && b[i] == b'*' {
            i += 1;
            Some(None)
        } else if i < b.len() && b[i].is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            Some(Some(template[start..i].parse().ok()?))
        } else {
            None
        };
        out.push(Directive {
            letter: c,
            count,
            big,
        });
    }
    Some(out)
}

/// The width in bytes and signedness of an integer directive.
fn int_width(d: &Directive) -> Option<(usize, bool, bool)> {
    // (bytes, signed, big-endian); the native order is little-endian (x86_64, as the oracle).
    let le = !d.big.unwrap_or(false);
    Some(match d.letter {
        b'C' => (1, false, false),
        b'c' => (1, true, false),
        b'n' => (2, false, true),
        b'N' => (4, false, true),
        b'v' => (2, false, false),
        b'V' => (4, false, false),
        b'S' => (2, false, !le),
        b's' => (2, true, !le),
        b'L' => (4, false, !le),
        b'l' => (4, true, !le),
        b'Q' => (8, false, !le),
        b'q' => (8, true, !le),
        _ => return None,
    })
}

/// The bytes of a known string (a binary string's, or the UTF-8 of an ordinary one).
pub(crate) fn bytes_of(v: &Value) -> Option<Vec<u8>> {
    match v {
        Value::Str(s) => {
            let s = s.borrow();
            match (&s.binary, &s.unknown) {
                (Some(b), _) => Some(b.to_vec()),
                (None, None) => Some(s.text.as_bytes().to_vec()),
                (None, Some(_)) => None,
            }
        }
        _ => None,
    }
}

fn is_binary(v: &Value) -> bool {
    matches!(v, Value::Str(s) if s.borrow().binary.is_some())
}

/// Does a call involve a (non-ASCII) binary string, as receiver or argument (or, for
/// `Array#pack`, as an element)?
pub(crate) fn involves_binary(recv: &Value, name: &str, args: &[Value]) -> bool {
    is_binary(recv)
        || args.iter().any(is_binary)
        || (name == "pack"
            && matches!(recv, Value::Array(a) if a.borrow().items.iter().any(is_binary)))
}

/// Ruby's `inspect` of a binary string.
pub(crate) fn inspect_binary(bytes: &[u8]) -> String {
    let mut out = String::from("\"");
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            b'\r' => out.push_str("\\r"),
            0x1b => out.push_str("\\e"),
            0x07 => out.push_str("\\a"),
            0x08 => out.push_str("\\b"),
            0x0c => out.push_str("\\f"),
            0x0b => out.push_str("\\v"),
            b'#' if matches!(bytes.get(i + 1), Some(b'{' | b'$' | b'@')) => out.push_str("\\#"),
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!("\\x{b:02X}")),
        }
    }
    out.push('"');
    out
}

impl Interp<'_> {
    /// A binary string of `bytes`, made by `what`: an ordinary string when ASCII.
    pub(crate) fn binary_value(&self, bytes: Vec<u8>, what: &str) -> Value {
        if bytes.is_ascii() {
            return Value::str(String::from_utf8(bytes).unwrap_or_default());
        }
        Value::Str(Rc::new(RefCell::new(RStr {
            text: bytes.iter().map(|&b| b as char).collect(),
            frozen: false,
            unknown: Some(self.origin(format!("a binary string (from {what})"))),
            binary: Some(Rc::from(bytes)),
        })))
    }

    /// `Digest::X.hexdigest/digest/base64digest` of `data`.
    pub(crate) fn digest_value(&self, class: &str, name: &str, data: &[u8]) -> Value {
        let d = super::misc::digest(class, data);
        match name {
            "hexdigest" => Value::str(d.iter().map(|b| format!("{b:02x}")).collect::<String>()),
            "base64digest" => Value::str(crate::ruby_core::base64::strict_encode(&d)),
            _ => self.binary_value(d, &format!("{class}.digest")),
        }
    }

    /// A call where a binary string is the receiver or an argument: the methods that know
    /// bytes; `None` leaves the call to the ordinary dispatch, where the binary string is an
    /// unknown.
    pub(crate) fn binary_call(
        &mut self,
        recv: &Value,
        name: &str,
        args: &[Value],
    ) -> R<Option<Value>> {
        let a0 = args.first();
        match recv {
            Value::Class(c) => {
                let Some(data) = a0.and_then(bytes_of) else {
                    return Ok(None);
                };
                return Ok(match (&**c, name) {
                    (
                        "Digest::MD5" | "Digest::SHA1" | "Digest::SHA256" | "Digest::SHA2",
                        "hexdigest" | "digest" | "base64digest",
                    ) => Some(self.digest_value(c, name, &data)),
                    ("Base64", "encode64" | "strict_encode64" | "urlsafe_encode64") => {
                        super::misc::base64(name, &data)
                            .map(|b| Value::str(String::from_utf8_lossy(&b).into_owned()))
                    }
                    _ => None,
                });
            }
            Value::Array(_) if name == "pack" => return self.string_pack(recv, args).map(Some),
            Value::Str(_) => {}
            _ => return Ok(None),
        }
        let Some(mine) = bytes_of(recv) else {
            return Ok(None);
        };
        let binary = is_binary(recv);
        if !binary {
            // An ordinary string with a binary argument.
            let Some(other) = a0.and_then(bytes_of) else {
                return Ok(None);
            };
            return Ok(match name {
                "+" | "<<" | "concat" => {
                    if !mine.is_ascii() {
                        return self.incompatible(false);
                    }
                    let mut all = mine;
                    all.extend_from_slice(&other);
                    self.check_str(all.len())?;
                    let v = self.binary_value(all, "String#+");
                    if name != "+" {
                        let Value::Str(target) = recv else {
                            return Ok(None);
                        };
                        if target.borrow().frozen {
                            return self.raise("FrozenError", "can't modify frozen String");
                        }
                        if let Value::Str(made) = &v {
                            let made = made.borrow().clone();
                            let mut t = target.borrow_mut();
                            t.text = made.text;
                            t.unknown = made.unknown;
                            t.binary = made.binary;
                        }
                        return Ok(Some(recv.clone()));
                    }
                    Some(v)
                }
                "==" | "eql?" | "===" => Some(Value::Bool(false)),
                "!=" => Some(Value::Bool(true)),
                _ => None,
            });
        }
        let n = mine.len() as i64;
        Ok(Some(match name {
            "bytesize" | "length" | "size" => Value::Int(n),
            "bytes" => Value::array(mine.iter().map(|&b| Value::Int(b as i64)).collect()),
            "sum" => Value::Int(mine.iter().map(|&b| b as i64).sum::<i64>() & 0xffff),
            "unpack" | "unpack1" => {
                let Some(Value::Str(t)) = a0 else {
                    return Ok(None);
                };
                let t = t.borrow().text.clone();
                return self.string_unpack(&mine, &t, name == "unpack1");
            }
            "b" | "dup" | "clone" | "to_s" | "to_str" | "itself" | "+@" | "freeze" => {
                if matches!(name, "to_s" | "to_str" | "itself" | "freeze") {
                    recv.clone()
                } else {
                    self.binary_value(mine, "String#b")
                }
            }
            "inspect" | "dump" => Value::str(inspect_binary(&mine)),
            "==" | "eql?" | "===" | "!=" => {
                let same = a0.is_some_and(|a| is_binary(a) && bytes_of(a) == Some(mine.clone()));
                Value::Bool(same != (name == "!="))
            }
            "empty?" | "ascii_only?" => Value::Bool(false),
            "valid_encoding?" => Value::Bool(true),
            "encoding" => Value::Class(Rc::from("Encoding::ASCII_8BIT")),
            "force_encoding" => {
                let enc = match a0 {
                    Some(Value::Str(e)) => e.borrow().text.to_ascii_uppercase(),
                    Some(Value::Class(c)) => c.trim_start_matches("Encoding::").replace('_', "-"),
                    _ => return Ok(None),
                };
                match enc.as_str() {
                    "UTF-8" => match String::from_utf8(mine) {
                        Ok(s) => Value::str(s),
                        Err(_) => return Ok(None),
                    },
                    "BINARY" | "ASCII-8BIT" => recv.clone(),
                    _ => return Ok(None),
                }
            }
            "+" => {
                let Some(other) = a0.and_then(bytes_of) else {
                    return Ok(None);
                };
                if !a0.is_some_and(is_binary) && !other.is_ascii() {
                    return self.incompatible(true);
                }
                let mut all = mine;
                all.extend_from_slice(&other);
                self.check_str(all.len())?;
                self.binary_value(all, "String#+")
            }
            "reverse" => {
                let mut r = mine;
                r.reverse();
                self.binary_value(r, "String#reverse")
            }
            "[]" | "slice" | "byteslice" => {
                let idx = |v: &Value| match v {
                    Value::Int(i) => Some(*i),
                    _ => None,
                };
                let (Some(start), len) = (a0.and_then(idx), args.get(1).map(idx)) else {
                    return Ok(None);
                };
                let start = if start < 0 { start + n } else { start };
                let len = match len {
                    None => 1,
                    Some(Some(l)) if l >= 0 => l,
                    _ => return Ok(Some(Value::Nil)),
                };
                if start < 0 || start > n || (args.len() == 1 && start == n) {
                    return Ok(Some(Value::Nil));
                }
                let end = (start + len).min(n);
                self.binary_value(mine[start as usize..end as usize].to_vec(), "String#[]")
            }
            _ => return Ok(None),
        }))
    }

    /// Ruby's error for joining a binary string and non-ASCII UTF-8 text (`binary_first`: the
    /// receiver is the binary one).
    fn incompatible<T>(&self, binary_first: bool) -> R<T> {
        let (a, b) = if binary_first {
            ("ASCII-8BIT", "UTF-8")
        } else {
            ("UTF-8", "ASCII-8BIT")
        };
        self.raise(
            "Encoding::CompatibilityError",
            format!("incompatible character encodings: {a} and {b}"),
        )
    }

    /// `String#unpack(template)` (`unpack1`: the first value); `Ok(None)` when the template
    /// has a directive plint does not know.
    pub(crate) fn string_unpack(
        &mut self,
        data: &[u8],
        template: &str,
        first: bool,
    ) -> R<Option<Value>> {
        let Some(ds) = directives(template) else {
            return Ok(None);
        };
        let mut out = Vec::new();
        let mut p = 0usize;
        for d in ds {
            let rest = data.len() - p;
            match d.letter {
                b'a' | b'A' | b'Z' => {
                    let n = match d.count {
                        None => 1.min(rest),
                        Some(None) => rest,
                        Some(Some(n)) => n.min(rest),
                    };
                    let mut s = data[p..p + n].to_vec();
                    p += n;
                    match d.letter {
                        b'A' => {
                            while s.last().is_some_and(|&c| c == b' ' || c == 0) {
                                s.pop();
                            }
                        }
                        b'Z' => {
                            if let Some(z) = s.iter().position(|&c| c == 0) {
                                if d.count == Some(None) {
                                    p = p - n + z + 1;
                                }
                                s.truncate(z);
                            }
                        }
                        _ => {}
                    }
                    out.push(self.binary_value(s, "String#unpack"));
                }
                b'H' | b'h' | b'B' | b'b' => {
                    let per = if d.letter.eq_ignore_ascii_case(&b'H') {
                        2
                    } else {
                        8
                    };
                    let want = match d.count {
                        None => 1,
                        Some(None) => rest * per,
                        Some(Some(n)) => n,
                    }
                    .min(rest * per);
                    let mut s = String::with_capacity(want);
                    for k in 0..want {
                        let byte = data[p + k / per];
                        let digit = match d.letter {
                            b'H' => (byte >> (4 - 4 * (k % 2))) & 0xf,
                            b'h' => (byte >> (4 * (k % 2))) & 0xf,
                            b'B' => (byte >> (7 - k % 8)) & 1,
                            _ => (byte >> (k % 8)) & 1,
                        };
                        s.push(char::from_digit(digit as u32, 16).unwrap_or('0'));
                    }
                    p += want.div_ceil(per);
                    out.push(Value::str(s));
                }
                b'm' => {
                    let strict = d.count == Some(Some(0));
                    let which = if strict {
                        "strict_decode64"
                    } else {
                        "decode64"
                    };
                    match super::misc::base64(which, &data[p..]) {
                        Some(b) => out.push(self.binary_value(b, "String#unpack('m')")),
                        None => return self.raise("ArgumentError", "invalid base64"),
                    }
                    p = data.len();
                }
                b'U' => {
                    let text = String::from_utf8_lossy(&data[p..]);
                    if text.contains('\u{fffd}') && !data[p..].starts_with("\u{fffd}".as_bytes()) {
                        return Ok(None);
                    }
                    let want = match d.count {
                        None => 1,
                        Some(None) => usize::MAX,
                        Some(Some(n)) => n,
                    };
                    for c in text.chars().take(want) {
                        out.push(Value::Int(c as i64));
                        p += c.len_utf8();
                    }
                }
                b'x' => {
                    let n = d.count.map_or(1, |c| c.unwrap_or(0));
                    if n > rest {
                        return self.raise("ArgumentError", "x outside of string");
                    }
                    p += n;
                }
                b'X' | b'@' => return Ok(None),
                _ => {
                    let Some((w, signed, big)) = int_width(&d) else {
                        return Ok(None);
                    };
                    let count = match d.count {
                        None => 1,
                        Some(None) => rest / w,
                        Some(Some(n)) => n,
                    };
                    self.check_len(count)?;
                    for _ in 0..count {
                        if data.len() - p < w {
                            if d.count != Some(None) {
                                out.push(Value::Nil);
                            }
                            continue;
                        }
                        let chunk = &data[p..p + w];
                        p += w;
                        let mut v: u64 = 0;
                        for k in 0..w {
                            let byte = if big { chunk[k] } else { chunk[w - 1 - k] };
                            v = v << 8 | byte as u64;
                        }
                        let v = if signed && w < 8 {
                            let shift = 64 - 8 * w as u32;
                            ((v << shift) as i64) >> shift
                        } else if signed {
                            v as i64
                        } else if v > i64::MAX as u64 {
                            return Ok(None);
                        } else {
                            v as i64
                        };
                        out.push(Value::Int(v));
                    }
                }
            }
            if first && !out.is_empty() {
                return Ok(Some(out.swap_remove(0)));
            }
        }
        Ok(Some(if first { Value::Nil } else { Value::array(out) }))
    }

    /// `Array#pack(template)`.
    pub(crate) fn string_pack(&mut self, recv: &Value, args: &[Value]) -> R<Value> {
        let unknown = |me: &Self| Ok(me.unknown("Array#pack"));
        let Some(Value::Str(t)) = args.first() else {
            return unknown(self);
        };
        let t = t.borrow().text.clone();
        let Some(ds) = directives(&t) else {
            return unknown(self);
        };
        let items = match recv {
            Value::Array(a) => a.borrow().items.clone(),
            _ => return unknown(self),
        };
        let utf8 = ds.first().is_some_and(|d| d.letter == b'U');
        let mut out: Vec<u8> = Vec::new();
        let mut next = 0usize;
        let too_few = |me: &Self| me.raise("ArgumentError", "too few arguments");
        for d in ds {
            match d.letter {
                b'a' | b'A' | b'Z' | b'H' | b'h' | b'B' | b'b' | b'm' => {
                    let Some(item) = items.get(next) else {
                        return too_few(self);
                    };
                    next += 1;
                    let Some(bytes) = bytes_of(item) else {
                        return unknown(self);
                    };
                    match d.letter {
                        b'a' | b'A' | b'Z' => {
                            let mut s = bytes;
                            match d.count {
                                Some(None) => {
                                    if d.letter == b'Z' {
                                        s.push(0);
                                    }
                                }
                                c => {
                                    let n = c.flatten().unwrap_or(1);
                                    self.check_str(n)?;
                                    s.resize(n, if d.letter == b'A' { b' ' } else { 0 });
                                }
                            }
                            out.extend(s);
                        }
                        b'm' => {
                            let per = match d.count {
                                Some(Some(0)) => 0,
                                Some(Some(n)) if n >= 3 => n / 3 * 3,
                                _ => 45,
                            };
                            out.extend(
                                if per == 0 {
                                    crate::ruby_core::base64::strict_encode(&bytes)
                                } else {
                                    crate::ruby_core::base64::encode_lines(&bytes, per)
                                }
                                .into_bytes(),
                            );
                        }
                        _ => {
                            let hex = d.letter.eq_ignore_ascii_case(&b'H');
                            let per = if hex { 2 } else { 8 };
                            let want = match d.count {
                                None => 1,
                                Some(None) => bytes.len(),
                                Some(Some(n)) => n,
                            };
                            self.check_str(want / per + 1)?;
                            let mut acc: Vec<u8> = vec![0; want.div_ceil(per)];
                            for k in 0..want.min(bytes.len()) {
                                let c = bytes[k];
                                let digit = if hex {
                                    if c.is_ascii_alphabetic() {
                                        ((c & 7) + 9) & 15
                                    } else {
                                        c & 15
                                    }
                                } else {
                                    c & 1
                                };
                                let shift = match d.letter {
                                    b'H' => 4 - 4 * (k % 2),
                                    b'h' => 4 * (k % 2),
                                    b'B' => 7 - k % 8,
                                    _ => k % 8,
                                };
                                acc[k / per] |= digit << shift;
                            }
                            out.extend(acc);
                        }
                    }
                }
                b'U' => {
                    let count = d.repeat(items.len().saturating_sub(next));
                    for _ in 0..count {
                        let Some(item) = items.get(next) else {
                            return too_few(self);
                        };
                        next += 1;
                        let Value::Int(i) = item else {
                            return unknown(self);
                        };
                        let Some(c) = u32::try_from(*i).ok().and_then(char::from_u32) else {
                            return self.raise("RangeError", "pack(U): value out of range");
                        };
                        let mut buf = [0u8; 4];
                        out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                    }
                }
                b'x' => {
                    let n = d.count.map_or(1, |c| c.unwrap_or(0));
                    self.check_str(out.len() + n)?;
                    out.resize(out.len() + n, 0);
                }
                b'X' | b'@' => return unknown(self),
                _ => {
                    let Some((w, _, big)) = int_width(&d) else {
                        return unknown(self);
                    };
                    let count = d.repeat(items.len().saturating_sub(next));
                    for _ in 0..count {
                        let Some(item) = items.get(next) else {
                            return too_few(self);
                        };
                        next += 1;
                        let v = match item {
                            Value::Int(i) => *i as u64,
                            Value::Float(f) => *f as i64 as u64,
                            _ => return unknown(self),
                        };
                        for k in 0..w {
                            let shift = if big { 8 * (w - 1 - k) } else { 8 * k };
                            out.push((v >> shift) as u8);
                        }
                    }
                }
            }
            self.check_str(out.len())?;
        }
        if utf8 {
            return Ok(match String::from_utf8(out) {
                Ok(s) => Value::str(s),
                Err(_) => self.unknown("Array#pack"),
            });
        }
        Ok(self.binary_value(out, "Array#pack"))
    }
}

#[cfg(test)]
mod tests {
    fn run(src: &str) -> Result<super::Value, crate::ruby::RubyError> {
        let p = crate::ruby::parse("t.rb", src).unwrap();
        crate::ruby::eval_program(
            &p,
            &mut crate::ruby::NoHost,
            &crate::ruby::Budget::default(),
        )
    }

    #[test]
    fn counts_are_within_the_budget() {
        for src in [
            "'ab'.unpack('C99999999999')",
            "['a'].pack('a99999999999')",
            "[].pack('x99999999999')",
        ] {
            assert!(
                matches!(run(src), Err(crate::ruby::RubyError::Budget(_))),
                "{src}"
            );
        }
    }

    #[test]
    fn binary_text_is_never_guessed() {
        // Interpolated, printed or handed to a method that does not know bytes: unknown.
        for src in [
            "\"#{Digest::SHA1.digest('x')}\"",
            "Digest::SHA1.digest('x').upcase",
            "Digest::SHA1.digest('x').to_json",
            "s = +''; s << Digest::MD5.digest('x'); s",
            "[Digest::MD5.digest('x')].join",
            // Literals that are not UTF-8.
            "\"\\xff\".length",
            "\"a\\xff#{1}\"",
        ] {
            let v = run(src).unwrap();
            assert!(
                v.unknown_origin().is_some() || matches!(v, super::Value::Unknown(_)),
                "{src}: {v:?}"
            );
        }
    }
}
