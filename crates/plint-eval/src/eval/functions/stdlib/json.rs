//! stdlib's JSON functions: `to_json`, `to_json_pretty`, `parsejson`.

use super::*;

pub(super) fn to_json_fn(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("to_json", &args, 1, 1)?;
    unknown_guard!("to_json", args, "String");
    Ok(Value::string(to_json(&args[0], false)?))
}

pub(super) fn to_json_pretty(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("to_json_pretty", &args, 1, 3)?;
    unknown_guard!("to_json_pretty", args, "String");
    let skip_undef = args.get(1).is_some_and(|v| v.truthy() == Some(true));
    let v = if skip_undef {
        strip_undef(&args[0])
    } else {
        args[0].clone()
    };
    Ok(Value::string(format!("{}\n", to_json(&v, true)?)))
}

pub(super) fn strip_undef(v: &Value) -> Value {
    match v {
        Value::Array(a) => Value::array(
            a.iter()
                .filter(|e| !e.is_undef())
                .map(strip_undef)
                .collect(),
        ),
        Value::Hash(h) => Value::hash(
            h.iter()
                .filter(|(_, e)| !e.is_undef())
                .map(|(k, e)| (k.clone(), strip_undef(e)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// Converts parsed JSON to a Puppet value.
pub fn from_json(j: &serde_json::Value) -> Value {
    match j {
        serde_json::Value::Null => Value::Undef,
        serde_json::Value::Bool(b) => Value::Boolean(*b),
        serde_json::Value::Number(n) => match n.as_i64() {
            Some(i) => Value::Integer(i),
            None => Value::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        serde_json::Value::String(s) => Value::string(s.clone()),
        serde_json::Value::Array(a) => Value::array(a.iter().map(from_json).collect()),
        serde_json::Value::Object(o) => Value::hash(
            o.iter()
                .map(|(k, v)| (Value::string(k.clone()), from_json(v)))
                .collect(),
        ),
    }
}

pub(super) fn parsejson(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("parsejson", &args, 1, 2)?;
    unknown_guard!("parsejson", args, "Any");
    let Value::String(s) = &args[0] else {
        return err("parsejson(): expected a String");
    };
    match serde_json::from_str::<serde_json::Value>(s) {
        Ok(j) => Ok(from_json(&j)),
        Err(e) => match args.get(1) {
            Some(d) => Ok(d.clone()),
            None => err(format!("parsejson(): {e}")),
        },
    }
}
