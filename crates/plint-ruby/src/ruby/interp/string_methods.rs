//! The methods of Ruby's String, one function each (or each small group), and [`METHODS`], the
//! table [`Interp::string_method`] dispatches by (checked against Ruby's own list of String's
//! methods, `known_methods::STRING`).

use std::rc::Rc;

use super::string::{
    StrCall, StrMethod, byte_index, capitalize, is_ruby_space, justify, split_lines, succ,
};
use super::string_patterns::{
    count, delete, end_with_p, gsub, include_p, index, match_op, match_regexp, partition, scan,
    split, squeeze, start_with_p, translate,
};
use super::value::*;
use super::{Ctrl, Interp, R};

/// String's methods: each name and the function that answers it.
pub(super) const METHODS: &[(&str, StrMethod)] = &[
    ("<<", append),
    ("concat", append),
    ("+", plus),
    ("*", times),
    ("%", modulo),
    ("==", eq),
    ("===", eq),
    ("eql?", eq),
    ("<=>", cmp),
    ("<", compare),
    (">", compare),
    ("<=", compare),
    (">=", compare),
    ("=~", match_op),
    ("match", match_regexp),
    ("match?", match_regexp),
    ("[]", slice),
    ("slice", slice),
    ("[]=", set_at),
    ("to_s", to_s),
    ("to_str", to_s),
    ("to_sym", to_sym),
    ("intern", to_sym),
    ("to_i", to_i),
    ("to_f", to_f),
    ("hex", hex),
    ("oct", oct),
    ("length", length),
    ("size", length),
    ("bytesize", bytesize),
    ("empty?", empty_p),
    ("upcase", upcase),
    ("downcase", downcase),
    ("capitalize", capitalized),
    ("swapcase", swapcase),
    ("upcase!", in_place),
    ("downcase!", in_place),
    ("capitalize!", in_place),
    ("swapcase!", in_place),
    ("strip!", in_place),
    ("lstrip!", in_place),
    ("rstrip!", in_place),
    ("chomp!", in_place),
    ("chop!", in_place),
    ("squeeze!", in_place),
    ("reverse!", in_place),
    ("gsub!", in_place),
    ("sub!", in_place),
    ("delete_prefix!", in_place),
    ("delete_suffix!", in_place),
    ("tr!", in_place),
    ("delete!", in_place),
    ("strip", strip),
    ("delete_prefix", delete_affix),
    ("delete_suffix", delete_affix),
    ("lstrip", lstrip),
    ("rstrip", rstrip),
    ("chomp", chomp),
    ("chop", chop),
    ("chr", chr),
    ("ord", ord),
    ("split", split),
    ("lines", lines),
    ("each_line", lines),
    ("chars", chars),
    ("each_char", chars),
    ("bytes", bytes),
    ("start_with?", start_with_p),
    ("end_with?", end_with_p),
    ("include?", include_p),
    ("index", index),
    ("rindex", index),
    ("gsub", gsub),
    ("sub", gsub),
    ("scan", scan),
    ("tr", translate),
    ("tr_s", translate),
    ("delete", delete),
    ("squeeze", squeeze),
    ("count", count),
    ("ljust", justified),
    ("rjust", justified),
    ("center", justified),
    ("reverse", reverse),
    ("replace", replace),
    ("clear", clear),
    ("prepend", prepend),
    ("insert", insert),
    ("+@", uplus),
    ("-@", uminus),
    ("succ", successor),
    ("next", successor),
    ("casecmp", casecmp),
    ("casecmp?", casecmp_p),
    ("partition", partition),
    ("rpartition", partition),
    ("each_byte", each_byte),
    ("upto", upto),
    ("force_encoding", same_text),
    ("encode", same_text),
    ("unicode_normalize", same_text),
    ("scrub", same_text),
    ("valid_encoding?", valid_encoding_p),
    ("ascii_only?", ascii_only_p),
    ("encoding", encoding),
    ("shellescape", shellescape),
    ("shellsplit", shellsplit),
    ("sum", sum),
    ("unpack", unpack),
    ("unpack1", unpack),
    ("b", b),
    ("crypt", not_modelled),
    ("to_json", to_json),
    ("dump", dump),
    ("between?", between_p),
];

/// `String#<<`, `String#concat`: appending (the template's output buffer grows this way) does
/// not copy the text.
fn append(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { recv, rs, args, .. } = c;
    if args.len() > 1 {
        for a in args {
            interp.string_method(recv, "<<", std::slice::from_ref(a), None)?;
        }
        return Ok(Some(recv.clone()));
    }
    let Some(a) = args.first() else {
        return Ok(Some(recv.clone()));
    };
    if let Some(o) = a.unknown_origin() {
        if rs.borrow().frozen {
            return interp.raise("FrozenError", "can't modify frozen String");
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
        other => interp.str_arg(other)?,
    };
    interp.modify(recv, |t| t.push_str(&add))?;
    Ok(Some(recv.clone()))
}

/// `String#+`.
fn plus(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, args, .. } = c;
    let s = rs.borrow().text.clone();
    let other = interp.str_arg_at(args, 0)?;
    interp.check_str(s.len() + other.len())?;
    Ok(Some(Value::str(s + &other)))
}

/// `String#*`.
fn times(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, args, .. } = c;
    let s = rs.borrow().text.clone();
    let a0 = args.first();
    let n = interp.int_arg(a0.unwrap_or(&Value::Nil))?;
    if n < 0 {
        return interp.raise("ArgumentError", "negative argument");
    }
    let total = (s.len() as u128) * (n as u128);
    if total > interp.budget.max_string as u128 {
        return Err(Ctrl::Budget(format!(
            "a string of more than {} bytes",
            interp.budget.max_string
        )));
    }
    interp.charge(total as usize)?;
    Ok(Some(Value::str(s.repeat(n as usize))))
}

/// `String#%`.
fn modulo(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, args, .. } = c;
    let s = rs.borrow().text.clone();
    let a0 = args.first();
    let list = match a0 {
        Some(Value::Array(a)) => a.borrow().items.clone(),
        Some(v) => vec![v.clone()],
        None => Vec::new(),
    };
    Ok(Some(Value::str(interp.sprintf(&s, &list)?)))
}

/// `String#==`, `String#===`, `String#eql?`.
fn eq(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, args, .. } = c;
    let s = rs.borrow().text.clone();
    let a0 = args.first();
    Ok(Some(Value::Bool(
        matches!(a0, Some(Value::Str(o)) if o.borrow().text == s),
    )))
}

/// `String#<=>`.
fn cmp(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, args, .. } = c;
    let s = rs.borrow().text.clone();
    let a0 = args.first();
    Ok(Some(match a0 {
        Some(Value::Str(o)) => Value::Int(match s.as_bytes().cmp(o.borrow().text.as_bytes()) {
            std::cmp::Ordering::Less => -1,
            std::cmp::Ordering::Equal => 0,
            std::cmp::Ordering::Greater => 1,
        }),
        _ => Value::Nil,
    }))
}

/// `String#<`, `String#>`, `String#<=`, `String#>=`.
fn compare(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, name, args, .. } = c;
    let s = rs.borrow().text.clone();
    let a0 = args.first();
    let Some(Value::Str(o)) = a0 else {
        return interp.raise(
            "ArgumentError",
            format!(
                "comparison of String with {} failed",
                a0.map(|v| v.inspect()).unwrap_or_else(|| "nil".into())
            ),
        );
    };
    let c = s.as_bytes().cmp(o.borrow().text.as_bytes());
    Ok(Some(Value::Bool(match name {
        "<" => c.is_lt(),
        ">" => c.is_gt(),
        "<=" => c.is_le(),
        _ => c.is_ge(),
    })))
}

/// `String#[]`, `String#slice`.
fn slice(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, args, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(interp.str_index(&s, args)?))
}

/// `String#[]=`.
fn set_at(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { recv, rs, args, .. } = c;
    let s = rs.borrow().text.clone();
    if args.len() == 2
        && let Value::Str(_) = &args[0]
    {
        let pat = interp.str_arg(&args[0])?;
        let rep = interp.str_arg(&args[1])?;
        if let Some(i) = s.find(&pat) {
            interp.modify(recv, |t| t.replace_range(i..i + pat.len(), &rep))?;
            return Ok(Some(args[1].clone()));
        }
        return interp.raise("IndexError", "string not matched");
    }
    Ok(Some(interp.unknown("String#[]= with this index")))
}

/// `String#to_s`, `String#to_str`.
fn to_s(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { recv, .. } = c;
    Ok(Some(recv.clone()))
}

/// `String#to_sym`, `String#intern`.
fn to_sym(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(Value::sym(&s)))
}

/// `String#to_i`.
fn to_i(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, args, .. } = c;
    let s = rs.borrow().text.clone();
    let a0 = args.first();
    let base = match a0 {
        Some(v) => interp.int_arg(v)?,
        None => 10,
    };
    if !(2..=36).contains(&base) {
        return interp.raise("ArgumentError", format!("invalid radix {base}"));
    }
    let base = base as u32;
    Ok(Some(super::numeric::str_to_i(&s, base)))
}

/// `String#to_f`.
fn to_f(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(Value::Float(super::numeric::str_to_f(&s))))
}

/// `String#hex`.
fn hex(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(super::numeric::str_to_i(&s, 16)))
}

/// `String#oct`.
fn oct(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(super::numeric::str_to_i(&s, 8)))
}

/// `String#length`, `String#size`.
fn length(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(Value::Int(s.chars().count() as i64)))
}

/// `String#bytesize`.
fn bytesize(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(Value::Int(s.len() as i64)))
}

/// `String#empty?`.
fn empty_p(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(Value::Bool(s.is_empty())))
}

/// `String#upcase`.
fn upcase(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(Value::str(s.to_uppercase())))
}

/// `String#downcase`.
fn downcase(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(Value::str(s.to_lowercase())))
}

/// `String#capitalize`.
fn capitalized(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(Value::str(capitalize(&s))))
}

/// `String#swapcase`.
fn swapcase(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(Value::str(
        s.chars()
            .map(|c| {
                if c.is_uppercase() {
                    c.to_lowercase().collect::<String>()
                } else {
                    c.to_uppercase().collect::<String>()
                }
            })
            .collect::<String>(),
    )))
}

/// `String#upcase!`, `String#downcase!`, `String#capitalize!`, `String#swapcase!`, `String#strip!`, `String#lstrip!`, `String#rstrip!`, `String#chomp!`, `String#chop!`, `String#squeeze!`, `String#reverse!`, `String#gsub!`, `String#sub!`, `String#delete_prefix!`, `String#delete_suffix!`, `String#tr!`, `String#delete!`.
fn in_place(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall {
        recv,
        rs,
        name,
        args,
        blk,
    } = c;
    let s = rs.borrow().text.clone();
    let base = &name[..name.len() - 1];
    let r = interp
        .string_method(recv, base, args, blk)?
        .unwrap_or(Value::Nil);
    let new = interp.text(&r)?;
    if new == s {
        Ok(Some(Value::Nil))
    } else {
        interp.modify(recv, |t| *t = new)?;
        Ok(Some(recv.clone()))
    }
}

/// `String#strip`.
fn strip(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(Value::str(s.trim_matches(is_ruby_space))))
}

/// `String#delete_prefix`, `String#delete_suffix`.
fn delete_affix(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, name, args, .. } = c;
    let s = rs.borrow().text.clone();
    let a0 = args.first();
    let a = interp.str_arg(a0.unwrap_or(&Value::Nil))?;
    Ok(Some(Value::str(if name == "delete_prefix" {
        s.strip_prefix(a.as_str()).unwrap_or(&s).to_string()
    } else {
        s.strip_suffix(a.as_str()).unwrap_or(&s).to_string()
    })))
}

/// `String#lstrip`.
fn lstrip(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(Value::str(s.trim_start_matches(is_ruby_space))))
}

/// `String#rstrip`.
fn rstrip(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(Value::str(s.trim_end_matches(is_ruby_space))))
}

/// `String#chomp`.
fn chomp(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, args, .. } = c;
    let s = rs.borrow().text.clone();
    let a0 = args.first();
    Ok(Some(Value::str(match a0 {
        Some(v) => {
            let suf = interp.str_arg(v)?;
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
    })))
}

/// `String#chop`.
fn chop(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(Value::str(if let Some(t) = s.strip_suffix("\r\n") {
        t.to_string()
    } else {
        let mut t = s.clone();
        t.pop();
        t
    })))
}

/// `String#chr`.
fn chr(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(Value::str(
        s.chars().next().map(String::from).unwrap_or_default(),
    )))
}

/// `String#ord`.
fn ord(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(match s.chars().next() {
        Some(c) => Value::Int(c as i64),
        None => return interp.raise("ArgumentError", "empty string"),
    }))
}

/// `String#lines`, `String#each_line`.
fn lines(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall {
        recv,
        rs,
        name,
        args,
        blk,
    } = c;
    let s = rs.borrow().text.clone();
    let a0 = args.first();
    let sep = match a0 {
        Some(v) => interp.str_arg(v)?,
        None => "\n".to_string(),
    };
    let lines = split_lines(&s, &sep);
    if name == "each_line"
        && let Some(b) = blk
    {
        for l in lines {
            interp.call_block(b, vec![Value::str(l)])?;
        }
        return Ok(Some(recv.clone()));
    }
    Ok(Some(Value::array(
        lines.into_iter().map(Value::str).collect(),
    )))
}

/// `String#chars`, `String#each_char`.
fn chars(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall {
        recv,
        rs,
        name,
        blk,
        ..
    } = c;
    let s = rs.borrow().text.clone();
    let items: Vec<Value> = s.chars().map(|c| Value::str(c.to_string())).collect();
    if name == "each_char"
        && let Some(b) = blk
    {
        for it in items {
            interp.call_block(b, vec![it])?;
        }
        return Ok(Some(recv.clone()));
    }
    Ok(Some(Value::array(items)))
}

/// `String#bytes`.
fn bytes(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(Value::array(
        s.bytes().map(|b| Value::Int(b as i64)).collect(),
    )))
}

/// `String#ljust`, `String#rjust`, `String#center`.
fn justified(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, name, args, .. } = c;
    let s = rs.borrow().text.clone();
    let a0 = args.first();
    let w = interp.int_arg(a0.unwrap_or(&Value::Nil))?;
    let pad = match args.get(1) {
        Some(v) => interp.str_arg(v)?,
        None => " ".to_string(),
    };
    if pad.is_empty() {
        return interp.raise("ArgumentError", "zero width padding");
    }
    interp.check_str((w.max(0) as usize).saturating_mul(4))?;
    Ok(Some(Value::str(justify(&s, w, &pad, name))))
}

/// `String#reverse`.
fn reverse(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(Value::str(s.chars().rev().collect::<String>())))
}

/// `String#replace`.
fn replace(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { recv, args, .. } = c;
    let t = interp.str_arg_at(args, 0)?;
    interp.modify(recv, |x| *x = t)?;
    Ok(Some(recv.clone()))
}

/// `String#clear`.
fn clear(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { recv, .. } = c;
    interp.modify(recv, |x| x.clear())?;
    Ok(Some(recv.clone()))
}

/// `String#prepend`.
fn prepend(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { recv, args, .. } = c;
    let t = interp.str_arg_at(args, 0)?;
    interp.modify(recv, |x| x.insert_str(0, &t))?;
    Ok(Some(recv.clone()))
}

/// `String#insert`.
fn insert(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { recv, rs, args, .. } = c;
    let s = rs.borrow().text.clone();
    let a0 = args.first();
    let i = interp.int_arg(a0.unwrap_or(&Value::Nil))?;
    let t = interp.str_arg_at(args, 1)?;
    let n = s.chars().count() as i64;
    let pos = if i < 0 { n + i + 1 } else { i };
    let Some(b) = byte_index(&s, pos) else {
        return interp.raise("IndexError", format!("index {i} out of string"));
    };
    interp.modify(recv, |x| x.insert_str(b, &t))?;
    Ok(Some(recv.clone()))
}

/// `String#+@`.
fn uplus(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { recv, rs, .. } = c;
    let s = rs.borrow().text.clone();
    if rs.borrow().frozen {
        Ok(Some(Value::str(s)))
    } else {
        Ok(Some(recv.clone()))
    }
}

/// `String#-@`.
fn uminus(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(Value::frozen_str(s)))
}

/// `String#succ`, `String#next`.
fn successor(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(Value::str(succ(&s))))
}

/// `String#casecmp`.
fn casecmp(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, args, .. } = c;
    let s = rs.borrow().text.clone();
    let a0 = args.first();
    Ok(Some(match a0 {
        Some(Value::Str(o)) => {
            let c = s
                .to_ascii_lowercase()
                .cmp(&o.borrow().text.to_ascii_lowercase());
            Value::Int(c as i64)
        }
        _ => Value::Nil,
    }))
}

/// `String#casecmp?`.
fn casecmp_p(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, args, .. } = c;
    let s = rs.borrow().text.clone();
    let a0 = args.first();
    Ok(Some(match a0 {
        Some(Value::Str(o)) => Value::Bool(s.to_lowercase() == o.borrow().text.to_lowercase()),
        _ => Value::Nil,
    }))
}

/// `String#each_byte`.
fn each_byte(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { recv, rs, blk, .. } = c;
    let s = rs.borrow().text.clone();
    if let Some(b) = blk {
        for x in s.bytes() {
            interp.call_block(b, vec![Value::Int(x as i64)])?;
        }
    }
    Ok(Some(recv.clone()))
}

/// `String#upto`.
fn upto(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall {
        recv,
        rs,
        args,
        blk,
        ..
    } = c;
    let s = rs.borrow().text.clone();
    let end = interp.str_arg_at(args, 0)?;
    let mut cur = s.clone();
    let mut items = Vec::new();
    loop {
        interp.step()?;
        if cur.len() > end.len() {
            break;
        }
        items.push(Value::str(cur.clone()));
        if cur == end {
            break;
        }
        cur = succ(&cur);
        interp.check_len_size(items.len())?;
    }
    if let Some(b) = blk {
        for it in items {
            interp.call_block(b, vec![it])?;
        }
        Ok(Some(recv.clone()))
    } else {
        Ok(Some(Value::array(items)))
    }
}

/// `String#force_encoding`, `String#encode`, `String#unicode_normalize`, `String#scrub`.
fn same_text(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall {
        recv, name, args, ..
    } = c;
    if name == "encode" && !args.is_empty() {
        return Ok(Some(interp.unknown("String#encode")));
    }
    Ok(Some(recv.clone()))
}

/// `String#valid_encoding?`.
fn valid_encoding_p(_: &mut Interp<'_>, _c: StrCall<'_>) -> R<Option<Value>> {
    Ok(Some(Value::Bool(true)))
}

/// `String#ascii_only?`.
fn ascii_only_p(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(Value::Bool(s.is_ascii())))
}

/// `String#encoding`.
fn encoding(_: &mut Interp<'_>, _c: StrCall<'_>) -> R<Option<Value>> {
    Ok(Some(Value::Class(Rc::from("Encoding::UTF_8"))))
}

/// `String#shellescape`.
fn shellescape(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(Value::str(super::misc::shellescape(&s))))
}

/// `String#shellsplit`.
fn shellsplit(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(match super::misc::shellsplit(&s) {
        Some(v) => Value::array(v.into_iter().map(Value::str).collect()),
        None => {
            return interp.raise(
                "ArgumentError",
                format!(
                    "Unmatched quote: {}",
                    crate::ruby_core::inspect::inspect(&s)
                ),
            );
        }
    }))
}

/// `String#sum`.
fn sum(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(Value::Int(
        s.bytes().map(|b| b as i64).sum::<i64>() & 0xffff,
    )))
}

/// `String#unpack`, `String#unpack1`.
fn unpack(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, name, args, .. } = c;
    let s = rs.borrow().text.clone();
    let t = interp.str_arg_at(args, 0)?;
    Ok(Some(
        match interp.string_unpack(s.as_bytes(), &t, name == "unpack1")? {
            Some(v) => v,
            None => interp.unknown(format!("String#{name}('{t}')")),
        },
    ))
}

/// `String#b`.
fn b(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(interp.binary_value(s.into_bytes(), "String#b")))
}

/// `String#crypt`.
fn not_modelled(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { name, .. } = c;
    Ok(Some(interp.unknown(format!("String#{name}"))))
}

/// `String#to_json`.
fn to_json(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { recv, .. } = c;
    Ok(Some(Value::str(
        super::misc::to_json(recv, false).unwrap_or_default(),
    )))
}

/// `String#dump`.
fn dump(_: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, .. } = c;
    let s = rs.borrow().text.clone();
    Ok(Some(Value::str(crate::ruby_core::inspect::dump(&s))))
}

/// `String#between?`.
fn between_p(interp: &mut Interp<'_>, c: StrCall<'_>) -> R<Option<Value>> {
    let StrCall { rs, args, .. } = c;
    let s = rs.borrow().text.clone();
    let lo = interp.str_arg_at(args, 0)?;
    let hi = interp.str_arg_at(args, 1)?;
    Ok(Some(Value::Bool(s >= lo && s <= hi)))
}
