//! String's methods that search its text for a pattern or work over a set of characters
//! (`=~`, `match`, `index`, `sub`, `scan`, `split`, `tr`, `count`...): their functions, listed
//! in String's method table (`string_methods::METHODS`).

use super::string::{Pat, StrCall, byte_index, char_index, expand_tr, tr};
use super::value::*;
use super::{Interp, R};

/// `String#=~`.
pub(super) fn match_op(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, args, .. } = c;
    let s = rs.borrow().text.clone();
    let a0 = args.first();
    Ok(Some(match a0 {
        Some(Value::Regexp(r)) => {
            let r = r.clone();
            let m = interp.search(&r, &s, 0)?;
            let pos = m
                .as_ref()
                .and_then(|m| m.groups[0])
                .map(|(a, _)| char_index(&s, a));
            interp.set_match(m);
            pos.map(|p| Value::Int(p as i64)).unwrap_or(Value::Nil)
        }
        Some(Value::Str(_)) => {
            return interp.raise("TypeError", "wrong argument type String (expected Regexp)");
        }
        _ => Value::Nil,
    }))
}

/// `String#match`, `String#match?`.
pub(super) fn match_regexp(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, name, args, .. } = c;
    let s = rs.borrow().text.clone();
    let a0 = args.first();
    let Some(p) = a0 else {
        return interp.raise(
            "ArgumentError",
            "wrong number of arguments (given 0, expected 1..2)",
        );
    };
    let re = match interp.pattern(p)? {
        Pat::Re(r) => r,
        Pat::Lit(l) => interp.regexp(&l, Default::default())?,
    };
    let start = match args.get(1) {
        Some(v) => byte_index(&s, interp.int_arg(v)?).unwrap_or(s.len() + 1),
        None => 0,
    };
    let m = interp.search(&re, &s, start)?;
    if name == "match?" {
        Ok(Some(Value::Bool(m.is_some())))
    } else {
        interp.set_match(m.clone());
        match m {
            Some(m) => Ok(Some(Value::Match(m))),
            None => Ok(Some(Value::Nil)),
        }
    }
}

/// `String#start_with?`.
pub(super) fn start_with_p(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, args, .. } = c;
    let s = rs.borrow().text.clone();
    let mut hit = false;
    for a in args {
        match a {
            Value::Regexp(r) => {
                let r = r.clone();
                if let Some(m) = interp.search(&r, &s, 0)?
                    && m.groups[0].is_some_and(|(a, _)| a == 0)
                {
                    hit = true;
                }
            }
            other => {
                if s.starts_with(&interp.str_arg(other)?) {
                    hit = true;
                }
            }
        }
    }
    Ok(Some(Value::Bool(hit)))
}

/// `String#end_with?`.
pub(super) fn end_with_p(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, args, .. } = c;
    let s = rs.borrow().text.clone();
    let mut hit = false;
    for a in args {
        if s.ends_with(&interp.str_arg(a)?) {
            hit = true;
        }
    }
    Ok(Some(Value::Bool(hit)))
}

/// `String#include?`.
pub(super) fn include_p(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, args, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(Value::Bool(s.contains(&interp.str_arg_at(args, 0)?))))
}

/// `String#index`, `String#rindex`.
pub(super) fn index(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, name, args, .. } = c;
    let s = rs.borrow().text.clone();
    let a0 = args.first();
    let found = match a0 {
        Some(Value::Regexp(r)) => {
            let r = r.clone();
            if name == "index" {
                let m = interp.search(&r, &s, 0)?;
                m.and_then(|m| m.groups[0]).map(|(a, _)| a)
            } else {
                let all = interp.all_matches(&Pat::Re(r), &s)?;
                all.last().and_then(|m| m.groups[0]).map(|(a, _)| a)
            }
        }
        Some(v) => {
            let t = interp.str_arg(v)?;
            let start = match args.get(1) {
                Some(i) => byte_index(&s, interp.int_arg(i)?),
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
        None => return interp.raise("ArgumentError", "wrong number of arguments"),
    };
    Ok(Some(
        found
            .map(|b| Value::Int(char_index(&s, b) as i64))
            .unwrap_or(Value::Nil),
    ))
}

/// `String#gsub`, `String#sub`.
pub(super) fn gsub(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall {
        rs,
        name,
        args,
        blk,
        ..
    } = c;
    let s = rs.borrow().text.clone();
    let r = interp.substitute(&s, args, blk, name == "gsub")?;
    Ok(Some(Value::str(r)))
}

/// `String#scan`.
pub(super) fn scan(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall {
        recv,
        rs,
        args,
        blk,
        ..
    } = c;
    let s = rs.borrow().text.clone();
    let a0 = args.first();
    let Some(p) = a0 else {
        return interp.raise("ArgumentError", "wrong number of arguments");
    };
    let pat = interp.pattern(p)?;
    let ms = interp.all_matches(&pat, &s)?;
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
            interp.set_match(Some(m.clone()));
            interp.call_block(b, vec![item])?;
        } else {
            items.push(item);
        }
    }
    interp.set_match(ms.last().cloned());
    if blk.is_some() {
        Ok(Some(recv.clone()))
    } else {
        Ok(Some(Value::array(items)))
    }
}

/// `String#partition`, `String#rpartition`.
pub(super) fn partition(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, name, args, .. } = c;
    let s = rs.borrow().text.clone();
    let a0 = args.first();
    let sep = a0.cloned().unwrap_or(Value::Nil);
    let pos = match &sep {
        Value::Regexp(r) => {
            let r = r.clone();
            let ms = interp.all_matches(&Pat::Re(r), &s)?;
            let m = if name == "partition" {
                ms.first()
            } else {
                ms.last()
            };
            m.and_then(|m| m.groups[0])
        }
        other => {
            let t = interp.str_arg(other)?;
            let f = if name == "partition" {
                s.find(&t)
            } else {
                s.rfind(&t)
            };
            f.map(|i| (i, i + t.len()))
        }
    };
    match pos {
        Some((a, b)) => Ok(Some(Value::array(vec![
            Value::str(&s[..a]),
            Value::str(&s[a..b]),
            Value::str(&s[b..]),
        ]))),
        None if name == "partition" => Ok(Some(Value::array(vec![
            Value::str(s),
            Value::str(""),
            Value::str(""),
        ]))),
        None => Ok(Some(Value::array(vec![
            Value::str(""),
            Value::str(""),
            Value::str(s),
        ]))),
    }
}

/// `String#split`.
pub(super) fn split(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, args, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(interp.str_split(&s, args)?))
}

/// `String#tr`, `String#tr_s`.
pub(super) fn translate(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, name, args, .. } = c;
    let s = rs.borrow().text.clone();
    let from = expand_tr(&interp.str_arg_at(args, 0)?);
    let to = expand_tr(&interp.str_arg_at(args, 1)?);
    Ok(Some(Value::str(tr(&s, &from, &to, name == "tr_s"))))
}

/// `String#delete`.
pub(super) fn delete(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, args, .. } = c;
    let s = rs.borrow().text.clone();
    let set = expand_tr(&interp.str_arg_at(args, 0)?);
    Ok(Some(Value::str(
        s.chars().filter(|c| !set.contains(c)).collect::<String>(),
    )))
}

/// `String#squeeze`.
pub(super) fn squeeze(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, args, .. } = c;
    let s = rs.borrow().text.clone();
    let a0 = args.first();
    let set = match a0 {
        Some(v) => Some(expand_tr(&interp.str_arg(v)?)),
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
    Ok(Some(Value::str(out)))
}

/// `String#count`.
pub(super) fn count(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, args, .. } = c;
    let s = rs.borrow().text.clone();
    let set = expand_tr(&interp.str_arg_at(args, 0)?);
    Ok(Some(Value::Int(
        s.chars().filter(|c| set.contains(c)).count() as i64,
    )))
}
