//! The methods of Ruby's String (indexes count characters, as Ruby does for UTF-8 text).

use std::cell::RefCell;
use std::rc::Rc;

use super::super::regexp::Regexp;
use super::value::*;
use super::{Blk, Ctrl, Interp, R};

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

    fn set_match(&mut self, m: Option<Rc<MatchData>>) {
        self.last_match = m;
    }

    /// All the matches of a pattern in `text`, in order: (start, end, match data).
    fn all_matches(&mut self, pat: &Pat, text: &str) -> R<Vec<Rc<MatchData>>> {
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

    fn modify(&mut self, recv: &Value, f: impl FnOnce(&mut String)) -> R<()> {
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
    fn substitute(
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

    /// The methods of String.
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
        // Appending (the template's output buffer grows this way) does not copy the text.
        if matches!(name, "<<" | "concat") {
            let a0 = args.first();
            let v = match name {
                "<<" | "concat" => {
                    if args.len() > 1 {
                        for a in args {
                            self.string_method(recv, "<<", std::slice::from_ref(a), None)?;
                        }
                        return Ok(Some(recv.clone()));
                    }
                    let Some(a) = a0 else {
                        return Ok(Some(recv.clone()));
                    };
                    if let Some(o) = a.unknown_origin() {
                        if rs.borrow().frozen {
                            return self.raise("FrozenError", "can't modify frozen String");
                        }
                        let mut b = rs.borrow_mut();
                        if b.unknown.is_none() {
                            b.unknown = Some(o);
                        }
                        return Ok(Some(recv.clone()));
                    }
                    let add = match a {
                        Value::Int(i) => char::from_u32(*i as u32)
                            .map(String::from)
                            .unwrap_or_default(),
                        other => self.str_arg(other)?,
                    };
                    self.modify(recv, |t| t.push_str(&add))?;
                    recv.clone()
                }
                _ => return Ok(None),
            };
            return Ok(Some(v));
        }
        let s = rs.borrow().text.clone();
        let a0 = args.first();
        let arg_str = |i: usize| -> R<String> {
            match args.get(i) {
                Some(v) => self.str_arg(v),
                None => self.raise("ArgumentError", "wrong number of arguments"),
            }
        };
        let v = match name {
            "+" => {
                let other = arg_str(0)?;
                self.check_str(s.len() + other.len())?;
                Value::str(s + &other)
            }
            "*" => {
                let n = self.int_arg(a0.unwrap_or(&Value::Nil))?;
                if n < 0 {
                    return self.raise("ArgumentError", "negative argument");
                }
                let total = (s.len() as u128) * (n as u128);
                if total > self.budget.max_string as u128 {
                    return Err(Ctrl::Budget(format!(
                        "a string of more than {} bytes",
                        self.budget.max_string
                    )));
                }
                self.charge(total as usize)?;
                Value::str(s.repeat(n as usize))
            }
            "%" => {
                let list = match a0 {
                    Some(Value::Array(a)) => a.borrow().items.clone(),
                    Some(v) => vec![v.clone()],
                    None => Vec::new(),
                };
                Value::str(self.sprintf(&s, &list)?)
            }
            "==" | "===" | "eql?" => {
                Value::Bool(matches!(a0, Some(Value::Str(o)) if o.borrow().text == s))
            }
            "<=>" => match a0 {
                Some(Value::Str(o)) => {
                    Value::Int(match s.as_bytes().cmp(o.borrow().text.as_bytes()) {
                        std::cmp::Ordering::Less => -1,
                        std::cmp::Ordering::Equal => 0,
                        std::cmp::Ordering::Greater => 1,
                    })
                }
                _ => Value::Nil,
            },
            "<" | ">" | "<=" | ">=" => {
                let Some(Value::Str(o)) = a0 else {
                    return self.raise(
                        "ArgumentError",
                        format!(
                            "comparison of String with {} failed",
                            a0.map(|v| v.inspect()).unwrap_or_else(|| "nil".into())
                        ),
                    );
                };
                let c = s.as_bytes().cmp(o.borrow().text.as_bytes());
                Value::Bool(match name {
                    "<" => c.is_lt(),
                    ">" => c.is_gt(),
                    "<=" => c.is_le(),
                    _ => c.is_ge(),
                })
            }
            "=~" => match a0 {
                Some(Value::Regexp(r)) => {
                    let r = r.clone();
                    let m = self.search(&r, &s, 0)?;
                    let pos = m
                        .as_ref()
                        .and_then(|m| m.groups[0])
                        .map(|(a, _)| char_index(&s, a));
                    self.set_match(m);
                    pos.map(|p| Value::Int(p as i64)).unwrap_or(Value::Nil)
                }
                Some(Value::Str(_)) => {
                    return self.raise("TypeError", "wrong argument type String (expected Regexp)");
                }
                _ => Value::Nil,
            },
            "match" | "match?" => {
                let Some(p) = a0 else {
                    return self.raise(
                        "ArgumentError",
                        "wrong number of arguments (given 0, expected 1..2)",
                    );
                };
                let re = match self.pattern(p)? {
                    Pat::Re(r) => r,
                    Pat::Lit(l) => self.regexp(&l, Default::default())?,
                };
                let start = match args.get(1) {
                    Some(v) => byte_index(&s, self.int_arg(v)?).unwrap_or(s.len() + 1),
                    None => 0,
                };
                let m = self.search(&re, &s, start)?;
                if name == "match?" {
                    Value::Bool(m.is_some())
                } else {
                    self.set_match(m.clone());
                    match m {
                        Some(m) => Value::Match(m),
                        None => Value::Nil,
                    }
                }
            }
            "[]" | "slice" => self.str_index(&s, args)?,
            "[]=" => {
                if args.len() == 2
                    && let Value::Str(_) = &args[0]
                {
                    let pat = self.str_arg(&args[0])?;
                    let rep = self.str_arg(&args[1])?;
                    if let Some(i) = s.find(&pat) {
                        self.modify(recv, |t| t.replace_range(i..i + pat.len(), &rep))?;
                        return Ok(Some(args[1].clone()));
                    }
                    return self.raise("IndexError", "string not matched");
                }
                return Ok(Some(self.unknown("String#[]= with this index")));
            }
            "to_s" | "to_str" => recv.clone(),
            "to_sym" | "intern" => Value::sym(&s),
            "to_i" => {
                let base = match a0 {
                    Some(v) => self.int_arg(v)?,
                    None => 10,
                };
                if !(2..=36).contains(&base) {
                    return self.raise("ArgumentError", format!("invalid radix {base}"));
                }
                let base = base as u32;
                super::numeric::str_to_i(&s, base)
            }
            "to_f" => Value::Float(super::numeric::str_to_f(&s)),
            "hex" => super::numeric::str_to_i(&s, 16),
            "oct" => super::numeric::str_to_i(&s, 8),
            "length" | "size" => Value::Int(s.chars().count() as i64),
            "bytesize" => Value::Int(s.len() as i64),
            "empty?" => Value::Bool(s.is_empty()),
            "upcase" => Value::str(s.to_uppercase()),
            "downcase" => Value::str(s.to_lowercase()),
            "capitalize" => Value::str(capitalize(&s)),
            "swapcase" => Value::str(
                s.chars()
                    .map(|c| {
                        if c.is_uppercase() {
                            c.to_lowercase().collect::<String>()
                        } else {
                            c.to_uppercase().collect::<String>()
                        }
                    })
                    .collect::<String>(),
            ),
            "upcase!" | "downcase!" | "capitalize!" | "swapcase!" | "strip!" | "lstrip!"
            | "rstrip!" | "chomp!" | "chop!" | "squeeze!" | "reverse!" | "gsub!" | "sub!"
            | "delete_prefix!" | "delete_suffix!" | "tr!" | "delete!" => {
                let base = &name[..name.len() - 1];
                let r = self
                    .string_method(recv, base, args, blk)?
                    .unwrap_or(Value::Nil);
                let new = self.text(&r)?;
                if new == s {
                    Value::Nil
                } else {
                    self.modify(recv, |t| *t = new)?;
                    recv.clone()
                }
            }
            "strip" => Value::str(s.trim_matches(is_ruby_space)),
            "delete_prefix" | "delete_suffix" => {
                let a = self.str_arg(a0.unwrap_or(&Value::Nil))?;
                Value::str(if name == "delete_prefix" {
                    s.strip_prefix(a.as_str()).unwrap_or(&s).to_string()
                } else {
                    s.strip_suffix(a.as_str()).unwrap_or(&s).to_string()
                })
            }
            "lstrip" => Value::str(s.trim_start_matches(is_ruby_space)),
            "rstrip" => Value::str(s.trim_end_matches(is_ruby_space)),
            "chomp" => Value::str(match a0 {
                Some(v) => {
                    let suf = self.str_arg(v)?;
                    s.strip_suffix(suf.as_str()).unwrap_or(&s).to_string()
                }
                None => {
                    if let Some(t) = s.strip_suffix("\r\n") {
                        t.to_string()
                    } else if let Some(t) = s.strip_suffix('\n').or_else(|| s.strip_suffix('\r')) {
                        t.to_string()
                    } else {
                        s.clone()
                    }
                }
            }),
            "chop" => Value::str(if let Some(t) = s.strip_suffix("\r\n") {
                t.to_string()
            } else {
                let mut t = s.clone();
                t.pop();
                t
            }),
            "chr" => Value::str(s.chars().next().map(String::from).unwrap_or_default()),
            "ord" => match s.chars().next() {
                Some(c) => Value::Int(c as i64),
                None => return self.raise("ArgumentError", "empty string"),
            },
            "split" => self.str_split(&s, args)?,
            "lines" | "each_line" => {
                let sep = match a0 {
                    Some(v) => self.str_arg(v)?,
                    None => "\n".to_string(),
                };
                let lines = split_lines(&s, &sep);
                if name == "each_line"
                    && let Some(b) = blk
                {
                    for l in lines {
                        self.call_block(b, vec![Value::str(l)])?;
                    }
                    return Ok(Some(recv.clone()));
                }
                Value::array(lines.into_iter().map(Value::str).collect())
            }
            "chars" | "each_char" => {
                let items: Vec<Value> = s.chars().map(|c| Value::str(c.to_string())).collect();
                if name == "each_char"
                    && let Some(b) = blk
                {
                    for it in items {
                        self.call_block(b, vec![it])?;
                    }
                    return Ok(Some(recv.clone()));
                }
                Value::array(items)
            }
            "bytes" => Value::array(s.bytes().map(|b| Value::Int(b as i64)).collect()),
            "start_with?" => {
                let mut hit = false;
                for a in args {
                    match a {
                        Value::Regexp(r) => {
                            let r = r.clone();
                            if let Some(m) = self.search(&r, &s, 0)?
                                && m.groups[0].is_some_and(|(a, _)| a == 0)
                            {
                                hit = true;
                            }
                        }
                        other => {
                            if s.starts_with(&self.str_arg(other)?) {
                                hit = true;
                            }
                        }
                    }
                }
                Value::Bool(hit)
            }
            "end_with?" => {
                let mut hit = false;
                for a in args {
                    if s.ends_with(&self.str_arg(a)?) {
                        hit = true;
                    }
                }
                Value::Bool(hit)
            }
            "include?" => Value::Bool(s.contains(&arg_str(0)?)),
            "index" | "rindex" => {
                let found = match a0 {
                    Some(Value::Regexp(r)) => {
                        let r = r.clone();
                        if name == "index" {
                            let m = self.search(&r, &s, 0)?;
                            m.and_then(|m| m.groups[0]).map(|(a, _)| a)
                        } else {
                            let all = self.all_matches(&Pat::Re(r), &s)?;
                            all.last().and_then(|m| m.groups[0]).map(|(a, _)| a)
                        }
                    }
                    Some(v) => {
                        let t = self.str_arg(v)?;
                        let start = match args.get(1) {
                            Some(i) => byte_index(&s, self.int_arg(i)?),
                            None => Some(if name == "index" { 0 } else { s.len() }),
                        };
                        match start {
                            None => None,
                            Some(st) if name == "index" => s[st..].find(&t).map(|i| i + st),
                            Some(st) => {
                                let mut lim = (st + t.len()).min(s.len());
                                while !s.is_char_boundary(lim) {
                                    lim -= 1;
                                }
                                s[..lim].rfind(&t)
                            }
                        }
                    }
                    None => return self.raise("ArgumentError", "wrong number of arguments"),
                };
                found
                    .map(|b| Value::Int(char_index(&s, b) as i64))
                    .unwrap_or(Value::Nil)
            }
            "gsub" | "sub" => {
                let r = self.substitute(&s, args, blk, name == "gsub")?;
                Value::str(r)
            }
            "scan" => {
                let Some(p) = a0 else {
                    return self.raise("ArgumentError", "wrong number of arguments");
                };
                let pat = self.pattern(p)?;
                let ms = self.all_matches(&pat, &s)?;
                let mut items = Vec::new();
                for m in &ms {
                    let item = if m.groups.len() > 1 {
                        Value::array(
                            (1..m.groups.len())
                                .map(|i| m.group(i).map(Value::str).unwrap_or(Value::Nil))
                                .collect(),
                        )
                    } else {
                        Value::str(m.group(0).unwrap_or(""))
                    };
                    if let Some(b) = blk {
                        self.set_match(Some(m.clone()));
                        self.call_block(b, vec![item])?;
                    } else {
                        items.push(item);
                    }
                }
                self.set_match(ms.last().cloned());
                if blk.is_some() {
                    recv.clone()
                } else {
                    Value::array(items)
                }
            }
            "tr" | "tr_s" => {
                let from = expand_tr(&arg_str(0)?);
                let to = expand_tr(&arg_str(1)?);
                Value::str(tr(&s, &from, &to, name == "tr_s"))
            }
            "delete" => {
                let set = expand_tr(&arg_str(0)?);
                Value::str(s.chars().filter(|c| !set.contains(c)).collect::<String>())
            }
            "squeeze" => {
                let set = match a0 {
                    Some(v) => Some(expand_tr(&self.str_arg(v)?)),
                    None => None,
                };
                let mut out = String::new();
                let mut prev: Option<char> = None;
                for c in s.chars() {
                    if prev == Some(c) && set.as_ref().is_none_or(|st| st.contains(&c)) {
                        continue;
                    }
                    out.push(c);
                    prev = Some(c);
                }
                Value::str(out)
            }
            "count" => {
                let set = expand_tr(&arg_str(0)?);
                Value::Int(s.chars().filter(|c| set.contains(c)).count() as i64)
            }
            "ljust" | "rjust" | "center" => {
                let w = self.int_arg(a0.unwrap_or(&Value::Nil))?;
                let pad = match args.get(1) {
                    Some(v) => self.str_arg(v)?,
                    None => " ".to_string(),
                };
                if pad.is_empty() {
                    return self.raise("ArgumentError", "zero width padding");
                }
                self.check_str((w.max(0) as usize).saturating_mul(4))?;
                Value::str(justify(&s, w, &pad, name))
            }
            "reverse" => Value::str(s.chars().rev().collect::<String>()),
            "replace" => {
                let t = arg_str(0)?;
                self.modify(recv, |x| *x = t)?;
                recv.clone()
            }
            "clear" => {
                self.modify(recv, |x| x.clear())?;
                recv.clone()
            }
            "prepend" => {
                let t = arg_str(0)?;
                self.modify(recv, |x| x.insert_str(0, &t))?;
                recv.clone()
            }
            "insert" => {
                let i = self.int_arg(a0.unwrap_or(&Value::Nil))?;
                let t = arg_str(1)?;
                let n = s.chars().count() as i64;
                let pos = if i < 0 { n + i + 1 } else { i };
                let Some(b) = byte_index(&s, pos) else {
                    return self.raise("IndexError", format!("index {i} out of string"));
                };
                self.modify(recv, |x| x.insert_str(b, &t))?;
                recv.clone()
            }
            "+@" => {
                if rs.borrow().frozen {
                    Value::str(s)
                } else {
                    recv.clone()
                }
            }
            "-@" | "dedup" => Value::frozen_str(s),
            "succ" | "next" => Value::str(succ(&s)),
            "casecmp" => match a0 {
                Some(Value::Str(o)) => {
                    let c = s
                        .to_ascii_lowercase()
                        .cmp(&o.borrow().text.to_ascii_lowercase());
                    Value::Int(c as i64)
                }
                _ => Value::Nil,
            },
            "casecmp?" => match a0 {
                Some(Value::Str(o)) => {
                    Value::Bool(s.to_lowercase() == o.borrow().text.to_lowercase())
                }
                _ => Value::Nil,
            },
            "partition" | "rpartition" => {
                let sep = a0.cloned().unwrap_or(Value::Nil);
                let pos = match &sep {
                    Value::Regexp(r) => {
                        let r = r.clone();
                        let ms = self.all_matches(&Pat::Re(r), &s)?;
                        let m = if name == "partition" {
                            ms.first()
                        } else {
                            ms.last()
                        };
                        m.and_then(|m| m.groups[0])
                    }
                    other => {
                        let t = self.str_arg(other)?;
                        let f = if name == "partition" {
                            s.find(&t)
                        } else {
                            s.rfind(&t)
                        };
                        f.map(|i| (i, i + t.len()))
                    }
                };
                match pos {
                    Some((a, b)) => Value::array(vec![
                        Value::str(&s[..a]),
                        Value::str(&s[a..b]),
                        Value::str(&s[b..]),
                    ]),
                    None if name == "partition" => {
                        Value::array(vec![Value::str(s), Value::str(""), Value::str("")])
                    }
                    None => Value::array(vec![Value::str(""), Value::str(""), Value::str(s)]),
                }
            }
            "each_byte" => {
                if let Some(b) = blk {
                    for x in s.bytes() {
                        self.call_block(b, vec![Value::Int(x as i64)])?;
                    }
                }
                recv.clone()
            }
            "upto" => {
                let end = arg_str(0)?;
                let mut cur = s.clone();
                let mut items = Vec::new();
                loop {
                    self.step()?;
                    if cur.len() > end.len() {
                        break;
                    }
                    items.push(Value::str(cur.clone()));
                    if cur == end {
                        break;
                    }
                    cur = succ(&cur);
                    self.check_len_size(items.len())?;
                }
                if let Some(b) = blk {
                    for it in items {
                        self.call_block(b, vec![it])?;
                    }
                    recv.clone()
                } else {
                    Value::array(items)
                }
            }
            "force_encoding" | "encode" | "unicode_normalize" | "scrub" => {
                if name == "encode" && !args.is_empty() {
                    return Ok(Some(self.unknown("String#encode")));
                }
                recv.clone()
            }
            "valid_encoding?" => Value::Bool(true),
            "ascii_only?" => Value::Bool(s.is_ascii()),
            "encoding" => Value::Class(Rc::from("Encoding::UTF_8")),
            "shellescape" => Value::str(super::misc::shellescape(&s)),
            "shellsplit" => match super::misc::shellsplit(&s) {
                Some(v) => Value::array(v.into_iter().map(Value::str).collect()),
                None => {
                    return self.raise(
                        "ArgumentError",
                        format!(
                            "Unmatched quote: {}",
                            crate::ruby_core::inspect::inspect(&s)
                        ),
                    );
                }
            },
            "sum" => Value::Int(s.bytes().map(|b| b as i64).sum::<i64>() & 0xffff),
            "unpack" | "unpack1" => {
                let t = arg_str(0)?;
                return Ok(Some(
                    match self.string_unpack(s.as_bytes(), &t, name == "unpack1")? {
                        Some(v) => v,
                        None => self.unknown(format!("String#{name}('{t}')")),
                    },
                ));
            }
            "b" => self.binary_value(s.into_bytes(), "String#b"),
            "crypt" | "encode64" => {
                return Ok(Some(self.unknown(format!("String#{name}"))));
            }
            "to_json" => Value::str(super::misc::to_json(recv, false).unwrap_or_default()),
            "hash" => return Ok(None),
            "dump" => Value::str(crate::ruby_core::inspect::dump(&s)),
            "between?" => {
                let lo = arg_str(0)?;
                let hi = arg_str(1)?;
                Value::Bool(s >= lo && s <= hi)
            }
            "each_with_index" | "map" | "each" => return Ok(None),
            _ => return Ok(None),
        };
        let _ = RefCell::new(());
        Ok(Some(v))
    }

    fn str_index(&mut self, s: &str, args: &[Value]) -> R<Value> {
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

    fn str_split(&mut self, s: &str, args: &[Value]) -> R<Value> {
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

fn split_lines(s: &str, sep: &str) -> Vec<String> {
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

fn expand_replacement(rep: &str, m: &MatchData, out: &mut String) {
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
fn expand_tr(spec: &str) -> Vec<char> {
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

fn tr(s: &str, from: &[char], to: &[char], squeeze: bool) -> String {
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

fn justify(s: &str, w: i64, pad: &str, how: &str) -> String {
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
fn succ(s: &str) -> String {
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
