//! The type of a value, as Puppet's type calculator infers it (`type($x)`), and instance checks
//! (`$x =~ Type`, case matching on types) through assignability.

use super::value::{TypeVal, Value};
use crate::types::{self, FloatRange, IntRange, StructMember, TupleType, Type};

/// The most specific type of a value (Puppet's `infer_set`, what `type($x)` prints):
/// `Integer[1, 1]`, `String` (of that string), `Tuple[...]` for arrays, `Struct[{...}]` for
/// hashes with string keys.
pub fn infer(v: &Value) -> Type {
    match v {
        Value::Undef => Type::Undef,
        Value::Default => Type::Default,
        Value::Integer(i) => Type::Integer(IntRange::exact(*i)),
        Value::Float(f) => Type::Float(FloatRange {
            min: Some(*f),
            max: Some(*f),
        }),
        Value::String(s) => Type::string_value(s.clone()),
        Value::Boolean(b) => Type::Boolean(Some(*b)),
        Value::Regexp(r) => Type::Regexp(Some(r.to_string())),
        Value::Array(a) => {
            if a.is_empty() {
                return Type::array(Type::Unit, Some(IntRange::exact(0)));
            }
            Type::Tuple(TupleType {
                types: a.iter().map(infer).collect(),
                size: None,
            })
        }
        Value::Hash(h) => {
            if h.is_empty() {
                return Type::hash(Type::Unit, Type::Unit, Some(IntRange::exact(0)));
            }
            if h.keys().all(|k| matches!(k, Value::String(_))) {
                return Type::Struct(
                    h.iter()
                        .map(|(k, v)| StructMember {
                            name: k.as_str().unwrap_or_default().to_string(),
                            optional: false,
                            value: infer(v),
                        })
                        .collect(),
                );
            }
            let common = |it: &mut dyn Iterator<Item = &Value>| {
                let mut acc: Option<Type> = None;
                for x in it {
                    let t = infer(x);
                    acc = Some(match acc {
                        None => t,
                        Some(a) => types::common_type(&a, &t, &types::NoAliases),
                    });
                }
                acc.unwrap_or(Type::Unit)
            };
            let n = h.len() as i64;
            Type::hash(
                common(&mut h.keys()),
                common(&mut h.values()),
                Some(IntRange::exact(n)),
            )
        }
        Value::Type(t) => Type::Type(Some(Box::new(t.ty().clone()))),
        Value::Resource(r) => {
            let inner = if r.type_name == "Class" {
                // A class's name in lower case, as Puppet writes `Class[apache]`.
                Type::Class(Some(r.title.to_ascii_lowercase()))
            } else {
                Type::Resource {
                    type_name: Some(r.type_name.clone()),
                    title: Some(r.title.clone()),
                }
            };
            Type::Type(Some(Box::new(inner)))
        }
        Value::Sensitive(inner) => Type::Sensitive(Box::new(infer(inner).generalize())),
        Value::Binary(_) => Type::Binary,
        Value::Timestamp(n) | Value::Timespan(n) => {
            let secs = *n as f64 / 1e9;
            let r = FloatRange {
                min: Some(secs),
                max: Some(secs),
            };
            if matches!(v, Value::Timestamp(_)) {
                Type::Timestamp(r)
            } else {
                Type::Timespan(r)
            }
        }
        Value::Unknown(u) => u.ty.ty().clone(),
    }
}

/// The reduced type of a value (`type($x, 'reduced')`): arrays and hashes as `Array[T, n, n]`
/// and `Hash[K, V, n, n]` with the common type of their elements.
pub fn infer_reduced(v: &Value) -> Type {
    fn common(it: &mut dyn Iterator<Item = &Value>) -> Type {
        let mut acc: Option<Type> = None;
        for x in it {
            let t = infer_reduced(x);
            acc = Some(match acc {
                None => t,
                Some(a) => types::common_type(&a, &t, &types::NoAliases),
            });
        }
        acc.unwrap_or(Type::Unit)
    }
    match v {
        Value::Array(a) => {
            let n = a.len() as i64;
            Type::array(common(&mut a.iter()), Some(IntRange::exact(n)))
        }
        Value::Hash(h) => {
            let n = h.len() as i64;
            Type::hash(
                common(&mut h.keys()),
                common(&mut h.values()),
                Some(IntRange::exact(n)),
            )
        }
        other => infer(other),
    }
}

/// The general type of a value (`type($x, 'generalized')`): `Integer`, `String`,
/// `Array[ScalarData]`, `Hash[String, Integer]`.
pub fn infer_generalized(v: &Value) -> Type {
    infer_reduced(v).generalize()
}

/// Whether the type mentions a type alias or resource type that needs a resolver (other than
/// Puppet's built-in aliases).
fn needs_resolver(t: &Type) -> bool {
    if let Type::Alias(name) = t
        && types::builtin_alias(name).is_none()
    {
        return true;
    }
    let mut found = false;
    t.for_each_child(&mut |c| found = found || needs_resolver(c));
    found
}

/// Whether the value is an instance of the type; `None` when that cannot be decided here (the
/// value is unknown, or the type is an alias only the index can resolve).
/// `Pattern` types match with `regexes` (the compilation's).
pub fn instance_of(regexes: &types::RegexCache, v: &Value, t: &TypeVal) -> Option<bool> {
    if v.contains_unknown() || needs_resolver(t.ty()) {
        return None;
    }
    Some(types::is_assignable_with(
        t.ty(),
        &infer(v),
        &types::NoAliases,
        regexes,
    ))
}

/// `a <= b` for types (`a` can be assigned to `b`).
pub fn type_le(a: &TypeVal, b: &TypeVal) -> Option<bool> {
    if needs_resolver(a.ty()) || needs_resolver(b.ty()) {
        return None;
    }
    Some(types::is_assignable(b.ty(), a.ty(), &types::NoAliases))
}

/// A value written as a type parameter in Puppet source (`'a'`, `/re/`, `1`, `Integer`).
pub fn type_param_source(v: &Value) -> Option<String> {
    Some(match v {
        Value::String(_) => super::ops::type_param_string(v),
        Value::Regexp(r) => format!("/{}/", super::value::regexp_source_for_display(r)),
        Value::Integer(i) => i.to_string(),
        Value::Float(f) => crate::ruby_core::float::to_s(*f),
        Value::Boolean(b) => b.to_string(),
        Value::Undef => "undef".into(),
        Value::Default => "default".into(),
        Value::Type(t) => t.to_string(),
        Value::Resource(_) => v.to_puppet_string(),
        Value::Array(a) => format!(
            "[{}]",
            a.iter()
                .map(type_param_source)
                .collect::<Option<Vec<_>>>()?
                .join(", ")
        ),
        Value::Hash(h) => format!(
            "{{{}}}",
            h.iter()
                .map(|(k, v)| Some(format!(
                    "{} => {}",
                    type_param_source(k)?,
                    type_param_source(v)?
                )))
                .collect::<Option<Vec<_>>>()?
                .join(", ")
        ),
        _ => return None,
    })
}
