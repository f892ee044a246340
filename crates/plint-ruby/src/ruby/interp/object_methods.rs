//! The methods every object has (Ruby's Object and Kernel), one function each (or each small
//! group), and [`METHODS`], the table [`Interp::call_method`] looks in after the receiver's
//! class (checked against Ruby's own lists of the core classes' methods, `known_methods`).

use std::cell::RefCell;
use std::rc::Rc;

use super::call::{ObjCall, ObjMethod};
use super::value::*;
use super::{Interp, R};

/// The methods every object has: each name and the function that answers it.
pub(super) const METHODS: &[(&str, ObjMethod)] = &[
    ("to_yaml", to_yaml),
    ("nil?", nil_p),
    ("==", eq),
    ("eql?", eq),
    ("equal?", eq),
    ("!=", ne),
    ("!", not),
    ("===", case_eq),
    ("=~", match_op),
    ("!~", no_match),
    ("is_a?", is_a_p),
    ("kind_of?", is_a_p),
    ("instance_of?", is_a_p),
    ("class", class),
    ("to_s", to_s),
    ("inspect", inspect),
    ("frozen?", frozen_p),
    ("freeze", freeze),
    ("dup", dup),
    ("clone", dup),
    ("hash", hash),
    ("object_id", object_id),
    ("__id__", object_id),
    ("respond_to?", respond_to_p),
    ("tap", tap),
    ("then", then),
    ("yield_self", then),
    ("itself", itself),
    ("to_json", to_json),
    ("instance_variable_get", instance_variable_get),
    ("send", send),
    ("public_send", send),
    ("__send__", send),
    ("instance_variables", no_names),
    ("methods", no_names),
    ("public_methods", no_names),
    ("display", display),
    ("to_enum", to_enum),
    ("each_entry", to_enum),
    ("lazy", to_enum),
];

/// `Kernel#to_yaml`.
fn to_yaml(interp: &mut Interp<'_>, c: ObjCall<'_>) -> R<Option<Value>> {
    let ObjCall { recv, args, .. } = c;
    Ok(Some(interp.yaml_dump(recv, args)?))
}

/// `Kernel#nil?`.
fn nil_p(_: &mut Interp<'_>, c: ObjCall<'_>) -> R<Option<Value>> {
    let ObjCall { recv, .. } = c;
    Ok(Some(Value::Bool(matches!(recv, Value::Nil))))
}

/// `Kernel#==`, `Kernel#eql?`, `Kernel#equal?`.
fn eq(interp: &mut Interp<'_>, c: ObjCall<'_>) -> R<Option<Value>> {
    let ObjCall {
        recv, name, args, ..
    } = c;
    let a0 = args.first();
    let other = a0.cloned().unwrap_or(Value::Nil);
    if name == "equal?" {
        let same = recv.identity() != 0 && recv.identity() == other.identity();
        Ok(Some(Value::Bool(
            same || (recv.identity() == 0 && interp.equal(recv, &other)?),
        )))
    } else if name == "eql?" {
        Ok(Some(Value::Bool(recv.hash_key() == other.hash_key())))
    } else {
        Ok(Some(Value::Bool(interp.equal(recv, &other)?)))
    }
}

/// `Kernel#!=`.
fn ne(interp: &mut Interp<'_>, c: ObjCall<'_>) -> R<Option<Value>> {
    let ObjCall { recv, args, .. } = c;
    let a0 = args.first();
    let other = a0.cloned().unwrap_or(Value::Nil);
    let eq = interp.call_method(recv.clone(), "==", vec![other], None)?;
    if let Value::Unknown(_) = eq {
        return Ok(Some(eq));
    }
    Ok(Some(Value::Bool(!eq.truthy())))
}

/// `Kernel#!`.
fn not(_: &mut Interp<'_>, c: ObjCall<'_>) -> R<Option<Value>> {
    let ObjCall { recv, .. } = c;
    Ok(Some(Value::Bool(!recv.truthy())))
}

/// `Kernel#===`.
fn case_eq(interp: &mut Interp<'_>, c: ObjCall<'_>) -> R<Option<Value>> {
    let ObjCall { recv, args, .. } = c;
    let a0 = args.first();
    Ok(Some(Value::Bool(
        interp.equal(recv, a0.unwrap_or(&Value::Nil))?,
    )))
}

/// `Kernel#=~`.
fn match_op(_: &mut Interp<'_>, _c: ObjCall<'_>) -> R<Option<Value>> {
    Ok(Some(Value::Nil))
}

/// `Kernel#!~`.
fn no_match(interp: &mut Interp<'_>, c: ObjCall<'_>) -> R<Option<Value>> {
    let ObjCall { recv, args, .. } = c;
    let m = interp.call_method(recv.clone(), "=~", args.to_vec(), None)?;
    if let Value::Unknown(_) = m {
        return Ok(Some(m));
    }
    Ok(Some(Value::Bool(!m.truthy())))
}

/// `Kernel#is_a?`, `Kernel#kind_of?`, `Kernel#instance_of?`.
fn is_a_p(interp: &mut Interp<'_>, c: ObjCall<'_>) -> R<Option<Value>> {
    let ObjCall {
        recv, name, args, ..
    } = c;
    let a0 = args.first();
    let Some(Value::Class(c)) = a0 else {
        return Ok(Some(interp.unknown(format!("{name} of a non-class"))));
    };
    if name == "instance_of?" {
        Ok(Some(Value::Bool(recv.class_name() == **c)))
    } else {
        match interp.is_a(recv, c) {
            Some(b) => Ok(Some(Value::Bool(b))),
            None => Ok(Some(interp.unknown(format!("is_a?({c})")))),
        }
    }
}

/// `Kernel#class`.
fn class(_: &mut Interp<'_>, c: ObjCall<'_>) -> R<Option<Value>> {
    let ObjCall { recv, .. } = c;
    Ok(Some(Value::Class(Rc::from(recv.class_name().as_str()))))
}

/// `Kernel#to_s`.
fn to_s(_: &mut Interp<'_>, c: ObjCall<'_>) -> R<Option<Value>> {
    let ObjCall { recv, .. } = c;
    Ok(Some(Value::str(recv.to_s())))
}

/// `Kernel#inspect`.
fn inspect(interp: &mut Interp<'_>, c: ObjCall<'_>) -> R<Option<Value>> {
    let ObjCall { recv, .. } = c;
    if let Some(o) = interp.deep_unknown(recv) {
        return Ok(Some(Value::Unknown(Rc::new(o))));
    }
    Ok(Some(Value::str(recv.inspect())))
}

/// `Kernel#frozen?`.
fn frozen_p(_: &mut Interp<'_>, c: ObjCall<'_>) -> R<Option<Value>> {
    let ObjCall { recv, .. } = c;
    Ok(Some(Value::Bool(match recv {
        Value::Str(s) => s.borrow().frozen,
        Value::Array(a) => a.borrow().frozen,
        Value::Hash(h) => h.borrow().frozen,
        _ => true,
    })))
}

/// `Kernel#freeze`.
fn freeze(_: &mut Interp<'_>, c: ObjCall<'_>) -> R<Option<Value>> {
    let ObjCall { recv, .. } = c;
    match recv {
        Value::Str(s) => s.borrow_mut().frozen = true,
        Value::Array(a) => a.borrow_mut().frozen = true,
        Value::Hash(h) => h.borrow_mut().frozen = true,
        _ => {}
    }
    Ok(Some(recv.clone()))
}

/// `Kernel#dup`, `Kernel#clone`.
fn dup(_: &mut Interp<'_>, c: ObjCall<'_>) -> R<Option<Value>> {
    let ObjCall { recv, name, .. } = c;
    let keep_frozen = name == "clone";
    match recv {
        Value::Str(s) => {
            let mut c = s.borrow().clone();
            c.frozen = keep_frozen && c.frozen;
            Ok(Some(Value::Str(Rc::new(RefCell::new(c)))))
        }
        Value::Array(a) => {
            let mut c = a.borrow().clone();
            c.frozen = keep_frozen && c.frozen;
            Ok(Some(Value::Array(Rc::new(RefCell::new(c)))))
        }
        Value::Hash(h) => {
            let mut c = h.borrow().clone();
            c.frozen = keep_frozen && c.frozen;
            Ok(Some(Value::Hash(Rc::new(RefCell::new(c)))))
        }
        Value::Set(h) => Ok(Some(Value::Set(Rc::new(RefCell::new(h.borrow().clone()))))),
        other => Ok(Some(other.clone())),
    }
}

/// `Kernel#hash`.
fn hash(_: &mut Interp<'_>, c: ObjCall<'_>) -> R<Option<Value>> {
    let ObjCall { recv, .. } = c;
    Ok(Some(Value::Int({
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        recv.hash_key().hash(&mut h);
        h.finish() as i64
    })))
}

/// `Kernel#object_id`, `Kernel#__id__`.
fn object_id(_: &mut Interp<'_>, c: ObjCall<'_>) -> R<Option<Value>> {
    let ObjCall { recv, .. } = c;
    Ok(Some(Value::Int((recv.identity() >> 3) as i64)))
}

/// `Kernel#respond_to?`.
fn respond_to_p(interp: &mut Interp<'_>, c: ObjCall<'_>) -> R<Option<Value>> {
    let ObjCall { recv, args, .. } = c;
    let a0 = args.first();
    let Some(m) = a0 else {
        return Ok(Some(Value::Bool(false)));
    };
    let m = m.to_s();
    Ok(Some(Value::Bool(interp.responds_to(recv, &m))))
}

/// `Kernel#tap`.
fn tap(interp: &mut Interp<'_>, c: ObjCall<'_>) -> R<Option<Value>> {
    let ObjCall { recv, blk, .. } = c;
    if let Some(b) = blk {
        interp.call_block(b, vec![recv.clone()])?;
    }
    Ok(Some(recv.clone()))
}

/// `Kernel#then`, `Kernel#yield_self`.
fn then(interp: &mut Interp<'_>, c: ObjCall<'_>) -> R<Option<Value>> {
    let ObjCall { recv, blk, .. } = c;
    Ok(Some(match blk {
        Some(b) => interp.call_block(b, vec![recv.clone()])?,
        None => recv.clone(),
    }))
}

/// `Kernel#itself`.
fn itself(_: &mut Interp<'_>, c: ObjCall<'_>) -> R<Option<Value>> {
    let ObjCall { recv, .. } = c;
    Ok(Some(recv.clone()))
}

/// `Kernel#to_json`.
fn to_json(interp: &mut Interp<'_>, c: ObjCall<'_>) -> R<Option<Value>> {
    let ObjCall { recv, .. } = c;
    if let Some(o) = interp.deep_unknown(recv) {
        return Ok(Some(Value::Unknown(Rc::new(o))));
    }
    match super::misc::to_json(recv, false) {
        Some(s) => Ok(Some(Value::str(s))),
        None => Ok(None),
    }
}

/// `Kernel#instance_variable_get`.
fn instance_variable_get(interp: &mut Interp<'_>, c: ObjCall<'_>) -> R<Option<Value>> {
    let ObjCall { recv, args, .. } = c;
    let a0 = args.first();
    let n = a0.map(|v| v.to_s()).unwrap_or_default();
    match recv {
        Value::Main => {
            let n = n.trim_start_matches('@').to_string();
            Ok(Some(interp.ivar_public(&n)))
        }
        _ => Ok(Some(Value::Nil)),
    }
}

/// `Kernel#send`, `Kernel#public_send`, `Kernel#__send__`.
fn send(interp: &mut Interp<'_>, c: ObjCall<'_>) -> R<Option<Value>> {
    let ObjCall {
        recv, args, blk, ..
    } = c;
    let a0 = args.first();
    let Some(m) = a0 else {
        return interp.raise("ArgumentError", "no method name given");
    };
    let m = match m {
        Value::Sym(s) => s.to_string(),
        Value::Str(s) => s.borrow().text.clone(),
        _ => return Ok(Some(interp.unknown("send of a computed name"))),
    };
    if matches!(
        m.as_str(),
        "send"
            | "public_send"
            | "__send__"
            | "instance_eval"
            | "eval"
            | "system"
            | "exec"
            | "spawn"
            | "instance_exec"
            | "class_eval"
            | "method"
    ) {
        return Ok(Some(interp.unknown(format!("send(:{m})"))));
    }
    Ok(Some(interp.call_method(
        recv.clone(),
        &m,
        args[1..].to_vec(),
        blk.cloned(),
    )?))
}

/// `Kernel#instance_variables`, `Kernel#methods`, `Kernel#public_methods`.
fn no_names(_: &mut Interp<'_>, _c: ObjCall<'_>) -> R<Option<Value>> {
    Ok(Some(Value::array(Vec::new())))
}

/// `Kernel#display`.
fn display(_: &mut Interp<'_>, _c: ObjCall<'_>) -> R<Option<Value>> {
    Ok(Some(Value::Nil))
}

/// `Kernel#to_enum`, `Kernel#each_entry`, `Kernel#lazy`.
fn to_enum(_: &mut Interp<'_>, c: ObjCall<'_>) -> R<Option<Value>> {
    let ObjCall { recv, .. } = c;
    Ok(Some(recv.clone()))
}
