//! The methods of Ruby's String (indexes count characters, as Ruby does for UTF-8 text).

use std::cell::RefCell;
use std::rc::Rc;

use super::super::regexp::Regexp;
use super::value::*;
use super::{Blk, Ctrl, Interp, R};

/// A call of one of String's methods, as its function in the table receives it.
#[derive(Clone, Copy)]
pub(crate) struct StrCall<'a> {
    /// The String.
    pub(crate) recv: &'a Value,
    /// Its text and state.
    pub(crate) rs: &'a Rc<RefCell<RStr>>,
    /// The method's name (one function answers several).
    pub(crate) name: &'a str,
    pub(crate) args: &'a [Value],
    pub(crate) blk: Option<&'a Blk>,
}

/// The function of one of String's methods; `None` when it does not answer.
pub(crate) type StrMethod = fn(&mut Interp<'_>, StrCall<'_>) -> R<Option<Value>>;

/// A pattern argument: a regexp, or a string matched literally.
pub(crate) enum Pat {
    Re(Rc<Regexp>),
    Lit(String),
}

impl Interp<'_> {
    /// A String argument (Ruby's implicit conversion).
    pub(crate) fn str_arg(&self, v: &Value) -> R<String> {
        match v {
            Value::Str(s) => Ok(s.borrow().text.clone()),
            Value::Unknown(o) => Err(Ctrl::Unknown((**o).clone())),
            other => self.raise(
                "TypeError",
                format!("no implicit conversion of {} into String", conv_name(other)),
            ),
        }
    }

    /// An Integer argument (Ruby's implicit conversion).
    pub(crate) fn int_arg(&self, v: &Value) -> R<i64> {
        match v {
            Value::Int(i) => Ok(*i),
            Value::Float(f) => Ok(f.trunc() as i64),
            Value::Unknown(o) => Err(Ctrl::Unknown((**o).clone())),
            Value::Nil => self.raise("TypeError", "no implicit conversion from nil to integer"),
            other => self.raise(
                "TypeError",
                format!(
                    "no implicit conversion of {} into Integer",
                    conv_name(other)
                ),
            ),
        }
    }

    pub(crate) fn pattern(&mut self, v: &Value) -> R<Pat> {
        match v {
            Value::Regexp(r) => Ok(Pat::Re(r.clone())),
            Value::Str(s) => Ok(Pat::Lit(s.borrow().text.clone())),
            other => self.raise(
                "TypeError",
                format!(
                    "wrong argument type {} (expected Regexp)",
                    other.class_name()
                ),
            ),
        }
    }

    /// Searches `text` from byte `start`; a match sets `$~`.
    pub(crate) fn search(
        &mut self,
        re: &Regexp,
        text: &str,
        start: usize,
    ) -> R<Option<Rc<MatchData>>> {
        self.step()?;
        match re.find_at(text, start) {
            Ok(Some(f)) => {
                let m = Rc::new(MatchData {
                    subject: Rc::from(text),
                    groups: f.groups,
                    names: re.names(),
                });
                Ok(Some(m))
            }
            Ok(None) => Ok(None),
            Err(e) => Err(Ctrl::Unknown(
                self.origin(format!("regexp /{}/ ({e})", re.source)),
            )),
        }
    }

    pub(super) fn set_match(&mut self, m: Option<Rc<MatchData>>) {
        self.last_match = m;
    }

    /// All the matches of a pattern in `text`, in order: (start, end, match data).
    pub(super) fn all_matches(&mut self, pat: &Pat, text: &str) -> R<Vec<Rc<MatchData>>> {
        let re = match pat {
            Pat::Re(r) => r.clone(),
            Pat::Lit(s) => Rc::new(Regexp::literal(s).map_err(|e| Ctrl::Unknown(self.origin(e)))?),
        };
        let mut out = Vec::new();
        let mut pos = 0;
        while pos <= text.len() {
            let Some(m) = self.search(&re, text, pos)? else {
                break;
            };
            let (a, b) = m.groups[0].unwrap_or((pos, pos));
            out.push(m);
            pos = if b == a {
                // Step over one character after an empty match.
                match text[b..].chars().next() {
                    Some(c) => b + c.len_utf8(),
                    None => break,
                }
            } else {
                b
            };
            self.check_len_size(out.len())?;
        }
        Ok(out)
    }

    pub(super) fn modify(&mut self, recv: &Value, f: impl FnOnce(&mut String)) -> R<()> {
        let Value::Str(s) = recv else { return Ok(()) };
        if s.borrow().frozen {
            return self.raise(
                "FrozenError",
                format!(
                    "can't modify frozen String: {}",
                    crate::ruby_core::inspect::inspect(&s.borrow().text)
                ),
            );
        }
        let before = s.borrow().text.len();
        f(&mut s.borrow_mut().text);
        let after = s.borrow().text.len();
        self.charge(after.saturating_sub(before))?;
        self.check_str_size(after)
    }

    /// `sub`/`gsub` with a replacement string, hash or block.
    pub(super) fn substitute(
        &mut self,
        text: &str,
        args: &[Value],
        blk: Option<&Blk>,
        global: bool,
    ) -> R<String> {
        let Some(p) = args.first() else {
            return self.raise(
                "ArgumentError",
                "wrong number of arguments (given 0, expected 1..2)",
            );
        };
        let pat = self.pattern(p)?;
        let mut matches = self.all_matches(&pat, text)?;
        if !global {
            matches.truncate(1);
        }
        let mut out = String::with_capacity(text.len());
        let mut last = 0;
        for m in &matches {
            let (a, b) = m.groups[0].unwrap_or((last, last));
            out.push_str(&text[last..a]);
            let whole = &text[a..b];
            match args.get(1) {
                Some(Value::Hash(h)) => {
                    let v = h.borrow().get(&Value::str(whole)).unwrap_or(Value::Nil);
                    out.push_str(&self.text(&v)?);
                }
                Some(r) => {
                    let rep = self.str_arg(r)?;
                    expand_replacement(&rep, m, &mut out);
                }
                None => match blk {
                    Some(b) => {
                        self.set_match(Some(m.clone()));
                        let v = self.call_block(b, vec![Value::str(whole)])?;
                        let t = self.stringify(&v)?;
                        out.push_str(&self.text(&t)?);
                    }
                    None => return Ok(self.unknown("gsub without replacement").to_s()),
                },
            }
            self.check_str_size(out.len())?;
            last = b;
        }
        out.push_str(&text[last..]);
        self.set_match(matches.last().cloned());
        Ok(out)
    }

    /// The methods of String: [`string_methods::METHODS`](super::string_methods::METHODS)
    /// names the function of each; `None` for a name it lacks.
    pub(crate) fn string_method(
        &mut self,
        recv: &Value,
        name: &str,
        args: &[Value],
        blk: Option<&Blk>,
    ) -> R<Option<Value>> {
        let Value::Str(rs) = recv else {
            return Ok(None);
        };
        let Some(method) = super::find_method(super::string_methods::METHODS, name) else {
            return Ok(None);
        };
        method(
            self,
            StrCall {
                recv,
                rs,
                name,
                args,
                blk,
            },
        )
    }

    /// The String argument at `i` (an ArgumentError when there is none).
    pub(crate) fn str_arg_at(&self, args: &[Value], i: usize) -> R<String> {
        match args.get(i) {
            Some(v) => self.str_arg(v),
            None => self.raise("ArgumentError", "wrong number of arguments"),
        }
    }

    pub(super) fn str_index(&mut self, s: &str, args: &[Value]) -> R<Value> {
        let chars: Vec<char> = s.chars().collect();
        let n = chars.len() as i64;
        let sub = |a: i64, len: i64| -> Value {
            let a = if a < 0 { n + a } else { a };
            if a < 0 || a > n || len < 0 {
                return Value::Nil;
            }
            let e = a.saturating_add(len).min(n);
            Value::str(chars[a as usize..e as usize].iter().collect::<String>())
        };
        match args {
            [Value::Int(i)] => {
                let i = if *i < 0 { n + i } else { *i };
                if i < 0 || i >= n {
                    Ok(Value::Nil)
                } else {
                    Ok(Value::str(chars[i as usize].to_string()))
                }
            }
            [Value::Int(a), Value::Int(l)] => Ok(sub(*a, *l)),
            [Value::Range(r)] => {
                let lo = match &r.lo {
                    Value::Nil => 0,
                    v => self.int_arg(v)?,
                };
                let hi = match &r.hi {
                    Value::Nil => -1,
                    v => self.int_arg(v)?,
                };
                let lo2 = if lo < 0 { n + lo } else { lo };
                let mut hi2 = if hi < 0 { n + hi } else { hi };
                if r.exclusive && !matches!(r.hi, Value::Nil) {
                    hi2 -= 1;
                }
                if lo2 < 0 || lo2 > n {
                    return Ok(Value::Nil);
                }
                Ok(sub(lo2, hi2.saturating_sub(lo2).saturating_add(1).max(0)))
            }
            [Value::Str(t)] => {
                let t = t.borrow().text.clone();
                Ok(if s.contains(&t) {
                    Value::str(t)
                } else {
                    Value::Nil
                })
            }
            [Value::Regexp(r), rest @ ..] => {
                let r = r.clone();
                let m = self.search(&r, s, 0)?;
                self.last_match = m.clone();
                Ok(match m {
                    None => Value::Nil,
                    Some(m) => {
                        let g = match rest.first() {
                            Some(Value::Int(i)) => m.group(*i as usize),
                            Some(Value::Str(name)) => {
                                let nm = name.borrow().text.clone();
                                m.names
                                    .iter()
                                    .find(|(n, _)| *n == nm)
                                    .and_then(|(_, i)| m.group(*i))
                            }
                            Some(Value::Sym(name)) => m
                                .names
                                .iter()
                                .find(|(n, _)| n.as_str() == &**name)
                                .and_then(|(_, i)| m.group(*i)),
                            _ => m.group(0),
                        };
                        g.map(Value::str).unwrap_or(Value::Nil)
                    }
                })
            }
            [Value::Float(f)] => self.str_index(s, &[Value::Int(f.trunc() as i64)]),
            [other, ..] => self.raise(
                "TypeError",
                format!(
                    "no implicit conversion of {} into Integer",
                    conv_name(other)
                ),
            ),
            [] => self.raise(
                "ArgumentError",
                "wrong number of arguments (given 0, expected 1..2)",
            ),
        }
    }

    pub(super) fn str_split(&mut self, s: &str, args: &[Value]) -> R<Value> {
        let limit = match args.get(1) {
            Some(v) => self.int_arg(v)?,
            None => 0,
        };
        let mut parts: Vec<String> = Vec::new();
        let awk = match args.first() {
            None | Some(Value::Nil) => true,
            Some(Value::Str(t)) => t.borrow().text == " ",
            _ => false,
        };
        if awk {
            let trimmed = s.trim_start_matches(is_ruby_space);
            if limit > 0 {
                let mut rest = trimmed;
                while !rest.is_empty() {
                    if parts.len() as i64 == limit - 1 {
                        parts.push(rest.to_string());
                        rest = "";
                        break;
                    }
                    match rest.find(is_ruby_space) {
                        Some(i) => {
                            parts.push(rest[..i].to_string());
                            rest = rest[i..].trim_start_matches(is_ruby_space);
                        }
                        None => {
                            parts.push(rest.to_string());
                            rest = "";
                        }
                    }
                }
                let _ = rest;
            } else {
                parts = trimmed
                    .split(is_ruby_space)
                    .filter(|p| !p.is_empty())
                    .map(String::from)
                    .collect();
                if limit < 0 && trimmed.ends_with(is_ruby_space) {
                    parts.push(String::new());
                }
            }
        } else {
            let pat = self.pattern(args.first().unwrap_or(&Value::Nil))?;
            match &pat {
                Pat::Lit(t) if t.is_empty() => {
                    parts = s.chars().map(|c| c.to_string()).collect();
                    if limit > 0 && parts.len() as i64 > limit {
                        let head: Vec<String> = parts[..(limit - 1) as usize].to_vec();
                        let tail: String = parts[(limit - 1) as usize..].concat();
                        parts = head;
                        parts.push(tail);
                    }
                }
                _ => {
                    let ms = self.all_matches(&pat, s)?;
                    let mut last = 0;
                    for m in &ms {
                        if limit > 0 && parts.len() as i64 == limit - 1 {
                            break;
                        }
                        let (a, b) = m.groups[0].unwrap_or((last, last));
                        if a == b && (a == 0 || a == last && a >= s.len()) {
                            continue;
                        }
                        if a == b && a == 0 {
                            continue;
                        }
                        parts.push(s[last..a].to_string());
                        for g in 1..m.groups.len() {
                            if let Some(t) = m.group(g) {
                                parts.push(t.to_string());
                            }
                        }
                        last = b;
                    }
                    parts.push(s[last..].to_string());
                    if s.is_empty() {
                        parts.clear();
                    }
                }
            }
            if limit == 0 {
                while parts.last().is_some_and(|p| p.is_empty()) {
                    parts.pop();
                }
            }
        }
        self.check_len(parts.len())?;
        Ok(Value::array(parts.into_iter().map(Value::str).collect()))
    }
}

/// The class name in Ruby's "no implicit conversion of X" messages.
pub(crate) fn conv_name(v: &Value) -> String {
    match v {
        Value::Nil => "nil".into(),
        Value::Bool(true) => "true".into(),
        Value::Bool(false) => "false".into(),
        other => other.class_name(),
    }
}

pub(crate) fn is_ruby_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r' | '\0')
}

/// The byte offset of character index `i` (0..=len), or `None`.
pub(crate) fn byte_index(s: &str, i: i64) -> Option<usize> {
    let n = s.chars().count() as i64;
    let i = if i < 0 { n + i } else { i };
    if i < 0 || i > n {
        return None;
    }
    Some(
        s.char_indices()
            .nth(i as usize)
            .map(|(b, _)| b)
            .unwrap_or(s.len()),
    )
}

/// The character index of a byte offset.
pub(crate) fn char_index(s: &str, b: usize) -> usize {
    s[..b.min(s.len())].chars().count()
}

pub(crate) fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + &c.as_str().to_lowercase(),
        None => String::new(),
    }
}

pub(super) fn split_lines(s: &str, sep: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = s;
    if sep.is_empty() {
        return vec![s.to_string()];
    }
    while let Some(i) = rest.find(sep) {
        out.push(rest[..i + sep.len()].to_string());
        rest = &rest[i + sep.len()..];
    }
    if !rest.is_empty() {
        out.push(rest.to_string());
    }
    out
}

pub(super) fn expand_replacement(rep: &str, m: &MatchData, out: &mut String) {
    let mut chars = rep.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some(d @ '0'..='9') => {
                if let Some(t) = m.group(d as usize - '0' as usize) {
                    out.push_str(t);
                }
            }
            Some('&') => out.push_str(m.group(0).unwrap_or("")),
            Some('`') => {
                if let Some((a, _)) = m.groups[0] {
                    out.push_str(&m.subject[..a]);
                }
            }
            Some('\'') => {
                if let Some((_, b)) = m.groups[0] {
                    out.push_str(&m.subject[b..]);
                }
            }
            Some('\\') => out.push('\\'),
            Some('k') if chars.peek() == Some(&'<') => {
                chars.next();
                let name: String = chars.by_ref().take_while(|c| *c != '>').collect();
                if let Some((_, i)) = m.names.iter().find(|(n, _)| *n == name)
                    && let Some(t) = m.group(*i)
                {
                    out.push_str(t);
                }
            }
            Some(o) => {
                out.push('\\');
                out.push(o);
            }
            None => out.push('\\'),
        }
    }
}

/// A `tr` character set with ranges expanded; a leading `^` negates (kept as the first char).
pub(super) fn expand_tr(spec: &str) -> Vec<char> {
    let chars: Vec<char> = spec.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '\\' && i + 1 < chars.len() {
            out.push(chars[i + 1]);
            i += 2;
            continue;
        }
        if i + 2 < chars.len() && chars[i + 1] == '-' {
            let (a, b) = (chars[i] as u32, chars[i + 2] as u32);
            if a <= b {
                for c in a..=b {
                    if let Some(c) = char::from_u32(c) {
                        out.push(c);
                    }
                }
            }
            i += 3;
            continue;
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

pub(super) fn tr(s: &str, from: &[char], to: &[char], squeeze: bool) -> String {
    let negate = from.len() > 1 && from[0] == '^';
    let from = if negate { &from[1..] } else { from };
    let mut out = String::new();
    let mut last: Option<char> = None;
    for c in s.chars() {
        let pos = from.iter().position(|f| *f == c);
        let mapped = if negate {
            if pos.is_none() {
                to.last().copied()
            } else {
                None
            }
        } else {
            pos.map(|p| to.get(p).or(to.last()).copied().unwrap_or(c))
        };
        match mapped {
            Some(m) => {
                if to.is_empty() {
                    continue;
                }
                if squeeze && last == Some(m) {
                    continue;
                }
                out.push(m);
                last = Some(m);
            }
            None => {
                if negate && to.is_empty() {
                    continue;
                }
                out.push(c);
                last = None;
            }
        }
    }
    out
}

pub(super) fn justify(s: &str, w: i64, pad: &str, how: &str) -> String {
    let n = s.chars().count() as i64;
    if w <= n {
        return s.to_string();
    }
    let total = (w - n) as usize;
    let fill = |k: usize| -> String { pad.chars().cycle().take(k).collect() };
    match how {
        "ljust" => format!("{s}{}", fill(total)),
        "rjust" => format!("{}{s}", fill(total)),
        _ => {
            let left = total / 2;
            let right = total - left;
            format!("{}{s}{}", fill(left), fill(right))
        }
    }
}

/// `String#succ` for the common cases (alphanumeric runs carry).
pub(super) fn succ(s: &str) -> String {
    if s.is_empty() {
        return String::new();
    }
    let mut chars: Vec<char> = s.chars().collect();
    if !chars.iter().any(|c| c.is_ascii_alphanumeric()) {
        if let Some(last) = chars.last_mut() {
            *last = char::from_u32(*last as u32 + 1).unwrap_or(*last);
        }
        return chars.into_iter().collect();
    }
    let mut i = chars.len();
    while i > 0 {
        i -= 1;
        let c = chars[i];
        if !c.is_ascii_alphanumeric() {
            continue;
        }
        match c {
            'z' => chars[i] = 'a',
            'Z' => chars[i] = 'A',
            '9' => chars[i] = '0',
            _ => {
                chars[i] = char::from_u32(c as u32 + 1).unwrap_or(c);
                return chars.into_iter().collect();
            }
        }
        // Carry: find the next alphanumeric to the left, else insert.
        let more = chars[..i].iter().any(|c| c.is_ascii_alphanumeric());
        if !more {
            let ins = match c {
                'z' => 'a',
                'Z' => 'A',
                _ => '1',
            };
            chars.insert(i, ins);
            return chars.into_iter().collect();
        }
    }
    chars.into_iter().collect()
}
