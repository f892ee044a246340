//! `[]` access: a string's or an array's slice, a hash's values, a type's parameters
//! (`Integer[1, 2]`, `Resource['file', 'x']`, `Class['x']`).

use super::*;

fn flatten_keys(keys: &[Value]) -> Vec<Value> {
    let mut out = Vec::with_capacity(keys.len());
    fn go(v: &Value, out: &mut Vec<Value>) {
        match v {
            Value::Array(a) => a.iter().for_each(|e| go(e, out)),
            other => out.push(other.clone()),
        }
    }
    keys.iter().for_each(|k| go(k, &mut out));
    out
}

/// Resolves a Ruby-style `[start, length]` slice against a sequence of `len` items, with
/// Puppet's adjustments for negative values. `None` when the result is empty or out of range.
fn slice_range(len: i64, k1: i64, k2: i64) -> Option<(usize, usize)> {
    // Computed in i128: no 64-bit start and length overflow (`'abc'[1, 9223372036854775807]`
    // is `'bc'`, as in Puppet).
    let (len, k1, k2) = (i128::from(len), i128::from(k1), i128::from(k2));
    let mut k1 = if k1 < 0 { len + k1 } else { k1 };
    let mut k2 = if k2 < 0 { len - k1 + k2 + 1 } else { k2 };
    if k1 < 0 {
        k2 += k1;
        k1 = 0;
    }
    if k1 > len || k2 < 0 {
        return None;
    }
    let end = (k1 + k2).min(len);
    Some((usize::try_from(k1).ok()?, usize::try_from(end).ok()?))
}

fn int_key(v: &Value, target: &Value, index: usize, numeric: bool) -> EvalResult<i64> {
    let n = if numeric {
        coerce_numeric(v)?
    } else {
        match v {
            Value::String(s) => string_to_number(s).unwrap_or(Num::Float(f64::NAN)),
            Value::Integer(i) => Num::Int(*i),
            Value::Float(f) => Num::Float(*f),
            _ => Num::Float(f64::NAN),
        }
    };
    match n {
        Num::Int(i) => Ok(i),
        Num::Float(_) => err(format!(
            "{} []-key at index {index}. The key must be an Integer, got {}.",
            match target {
                Value::String(_) => "A substring operation does not accept",
                _ => "An array access does not accept",
            },
            a_an(v)
        )),
    }
}

/// `target[keys]` on a string, an array or a hash (types are the caller's: see
/// [`access_type`]).
pub fn access(target: &Value, keys: &[Value], types: &crate::types::Caches) -> EvalResult {
    if target.is_unknown() || keys.iter().any(Value::contains_unknown) {
        return Ok(unknown_of("Any", "access on an unknown value"));
    }
    match target {
        Value::String(s) => {
            let keys = flatten_keys(keys);
            let chars: Vec<char> = s.chars().collect();
            let len = chars.len() as i64;
            match keys.len() {
                1 => {
                    let k = int_key(&keys[0], target, 0, false)?;
                    let k = if k < 0 { len + k } else { k };
                    if k < 0 || k >= len {
                        Ok(Value::string(""))
                    } else {
                        Ok(Value::string(chars[k as usize].to_string()))
                    }
                }
                2 => {
                    let k1 = int_key(&keys[0], target, 0, false)?;
                    let k2 = int_key(&keys[1], target, 1, false)?;
                    Ok(Value::string(match slice_range(len, k1, k2) {
                        Some((a, b)) if a < b => chars[a..b].iter().collect::<String>(),
                        _ => String::new(),
                    }))
                }
                n => err(format!(
                    "String supports [] with one or two arguments. Got {n}"
                )),
            }
        }
        Value::Array(a) => {
            let keys = flatten_keys(keys);
            let len = a.len() as i64;
            match keys.len() {
                1 => {
                    let k = int_key(&keys[0], target, 0, true)?;
                    let k = if k < 0 { len + k } else { k };
                    Ok(if k < 0 || k >= len {
                        Value::Undef
                    } else {
                        a[k as usize].clone()
                    })
                }
                2 => {
                    let k1 = int_key(&keys[0], target, 0, true)?;
                    let k2 = int_key(&keys[1], target, 1, true)?;
                    Ok(Value::array(match slice_range(len, k1, k2) {
                        Some((x, y)) if x < y => a[x..y].to_vec(),
                        _ => Vec::new(),
                    }))
                }
                n => err(format!(
                    "Array supports [] with one or two arguments. Got {n}"
                )),
            }
        }
        Value::Hash(h) => match keys.len() {
            0 => err("Hash supports [] with one or more arguments. Got 0"),
            1 => Ok(h.get(&keys[0]).cloned().unwrap_or(Value::Undef)),
            _ => Ok(Value::array(
                keys.iter()
                    .filter_map(|k| h.get(k).filter(|v| !v.is_undef()).cloned())
                    .collect(),
            )),
        },
        Value::Type(t) => access_type(t, keys, types),
        Value::Undef => err("Operator '[]' is not applicable to an Undef Value."),
        other => err(format!(
            "Operator '[]' is not applicable to {}.",
            a_an(other)
        )),
    }
}

use crate::types::CORE_TYPE_NAMES as CORE_TYPES;

/// A type parameter as Puppet prints it inside `[]`.
pub fn type_param_string(v: &Value) -> String {
    match v {
        Value::String(s) => format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'")),
        Value::Undef => "undef".into(),
        Value::Array(a) => format!(
            "[{}]",
            a.iter()
                .map(type_param_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Value::Hash(h) => format!(
            "{{{}}}",
            h.iter()
                .map(|(k, v)| format!("{} => {}", type_param_string(k), type_param_string(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => other.to_puppet_string(),
    }
}

pub use crate::types::capitalize_type_name;

fn title_of(v: &Value) -> EvalResult<String> {
    match v {
        Value::String(s) => Ok(s.clone()),
        Value::Integer(_) | Value::Float(_) | Value::Boolean(_) => Ok(v.to_puppet_string()),
        other => err(format!(
            "A resource title must be a String, got {}",
            a_an(other)
        )),
    }
}

/// `Type[args]`: a parameterized type, a resource or class reference (or an array of them).
pub fn access_type(t: &TypeVal, keys: &[Value], types: &crate::types::Caches) -> EvalResult {
    use crate::types::Type;
    match t.ty() {
        Type::Class(None) => {
            let names = flatten_keys(keys);
            let refs: Vec<Value> = names
                .iter()
                .map(|n| {
                    title_of(n).map(|s| {
                        Value::resource("Class", &s.trim_start_matches("::").to_lowercase())
                    })
                })
                .collect::<EvalResult<_>>()?;
            return Ok(if refs.len() == 1 {
                refs.into_iter().next().unwrap_or(Value::Undef)
            } else {
                Value::array(refs)
            });
        }
        Type::Resource {
            type_name: None, ..
        } => {
            let keys = flatten_keys(keys);
            let Some((ty, titles)) = keys.split_first() else {
                return Ok(Value::Type(t.clone()));
            };
            let ty_name = match ty {
                Value::String(s) => capitalize_type_name(s),
                Value::Type(tv) => match tv.ty() {
                    Type::Resource {
                        type_name: Some(n),
                        title: None,
                    } => n.clone(),
                    Type::Alias(n) => n.clone(),
                    _ => {
                        return err(format!(
                            "A resource type must be a String or a resource type, got {tv}"
                        ));
                    }
                },
                other => {
                    return err(format!(
                        "A resource type must be a String, got {}",
                        a_an(other)
                    ));
                }
            };
            let rt = TypeVal::new(Type::resource(&ty_name, None));
            if titles.is_empty() {
                return Ok(Value::Type(rt));
            }
            return resource_refs(&ty_name, titles);
        }
        Type::Resource {
            type_name: Some(n),
            title: None,
        } => {
            let n = n.clone();
            return resource_refs(&n, &flatten_keys(keys));
        }
        Type::Alias(n)
            if !CORE_TYPES.contains(&n.as_str()) && crate::types::builtin_alias(n).is_none() =>
        {
            // A resource type that is not Puppet's own (`Apache::Vhost['x']`), or an alias.
            let n = n.clone();
            return resource_refs(&n, &flatten_keys(keys));
        }
        _ => {}
    }
    if keys.is_empty() {
        return Ok(Value::Type(t.clone()));
    }
    let params: Option<Vec<String>> = keys
        .iter()
        .map(crate::eval::value_type::type_param_source)
        .collect();
    let Some(params) = params else {
        return err(format!("Cannot use these values as parameters of {t}"));
    };
    let src = format!("{t}[{}]", params.join(", "));
    match types.checked(&src) {
        Ok(ty) => Ok(Value::Type(TypeVal::shared(ty))),
        Err(e) => err(format!(
            "Error while evaluating a '[]' expression, {}",
            e.message
        )),
    }
}

fn resource_refs(type_name: &str, titles: &[Value]) -> EvalResult {
    let refs: Vec<Value> = titles
        .iter()
        .map(|n| title_of(n).map(|s| Value::resource(type_name, &s)))
        .collect::<EvalResult<_>>()?;
    Ok(if refs.len() == 1 {
        refs.into_iter().next().unwrap_or(Value::Undef)
    } else {
        Value::array(refs)
    })
}
