//! The `lookup()` function: its argument forms, override and default values, the type check of
//! the result and Puppet's messages.

use super::{Hiera, HieraScope, MergeStrategy};
use crate::eval::error::{EvalError, EvalResult};
use crate::eval::value::{Hash, TypeVal, Value};
use crate::eval::value_type::{infer, instance_of};
use crate::types::{NoAliases, TypeCalculator};

/// The arguments of a `lookup()` call, in one shape.
struct Call {
    names: Vec<String>,
    value_type: Option<TypeVal>,
    default_value: Option<Value>,
    override_values: Hash,
    default_values: Hash,
    merge: Option<MergeStrategy>,
}

fn arg_error(args: &[Value]) -> EvalError {
    let got: Vec<String> = args.iter().map(Value::type_name).collect();
    EvalError::new(format!(
        "'lookup' expects one of:\n  (NameType name, Optional[ValueType] value_type?, Optional[MergeType] merge?)\n  (NameType name, Optional[ValueType] value_type, Optional[MergeType] merge, DefaultValueType default_value)\n  (OptionsWithName options_hash)\n  (Variant[String, Array[String]] name, OptionsWithoutName options_hash)\n  got ({})",
        got.join(", ")
    ))
}

fn names_of(v: &Value) -> Option<Vec<String>> {
    match v {
        Value::String(s) => Some(vec![s.clone()]),
        Value::Array(a) => a.iter().map(|e| e.as_str().map(str::to_string)).collect(),
        _ => None,
    }
}

fn type_of(v: &Value) -> Result<Option<TypeVal>, ()> {
    match v {
        Value::Undef => Ok(None),
        Value::Type(t) => Ok(Some(t.clone())),
        _ => Err(()),
    }
}

fn merge_of(v: &Value) -> EvalResult<Option<MergeStrategy>> {
    match v {
        Value::Undef => Ok(None),
        Value::String(_) | Value::Hash(_) => MergeStrategy::from_value(v)
            .map(Some)
            .map_err(|e| EvalError::new(e.message)),
        _ => Err(EvalError::new(format!(
            "'lookup' parameter 'merge' expects a value of type String or Hash, got {}",
            v.type_name()
        ))),
    }
}

fn hash_of(v: Option<&Value>) -> Hash {
    match v {
        Some(Value::Hash(h)) => (**h).clone(),
        _ => Hash::new(),
    }
}

fn from_options(names: Vec<String>, opts: &Hash, args: &[Value]) -> EvalResult<Call> {
    for k in opts.keys() {
        let k = k.to_puppet_string();
        if !matches!(
            k.as_str(),
            "name" | "value_type" | "default_value" | "override" | "default_values_hash" | "merge"
        ) {
            return Err(arg_error(args));
        }
    }
    Ok(Call {
        names,
        value_type: match opts.get_str("value_type") {
            Some(v) => type_of(v).map_err(|_| arg_error(args))?,
            None => None,
        },
        default_value: opts.get_str("default_value").cloned(),
        override_values: hash_of(opts.get_str("override")),
        default_values: hash_of(opts.get_str("default_values_hash")),
        merge: match opts.get_str("merge") {
            Some(m) => merge_of(m)?,
            None => None,
        },
    })
}

fn parse_call(args: &[Value]) -> EvalResult<Call> {
    match args {
        [Value::Hash(opts)] => {
            let names = opts
                .get_str("name")
                .and_then(names_of)
                .ok_or_else(|| arg_error(args))?;
            from_options(names, opts, args)
        }
        [name, Value::Hash(opts)] if names_of(name).is_some() => {
            if opts.get_str("name").is_some() {
                return Err(arg_error(args));
            }
            from_options(names_of(name).unwrap_or_default(), opts, args)
        }
        [name, rest @ ..] if rest.len() <= 3 => {
            let names = names_of(name).ok_or_else(|| arg_error(args))?;
            let value_type = match rest.first() {
                Some(v) => type_of(v).map_err(|_| arg_error(args))?,
                None => None,
            };
            let merge = match rest.get(1) {
                Some(v) => merge_of(v)?,
                None => None,
            };
            Ok(Call {
                names,
                value_type,
                default_value: rest.get(2).cloned(),
                override_values: Hash::new(),
                default_values: Hash::new(),
                merge,
            })
        }
        _ => Err(arg_error(args)),
    }
}

fn assert_type(
    regexes: &crate::types::RegexCache,
    subject: &str,
    t: &Option<TypeVal>,
    v: Value,
) -> EvalResult {
    let Some(t) = t else {
        return Ok(v);
    };
    match instance_of(regexes, &v, t) {
        Some(false) => {
            let calc = TypeCalculator::with_regexes(&NoAliases, regexes);
            let msg = calc
                .describe_mismatch(&format!("{subject} has wrong type,"), t.ty(), &infer(&v))
                .unwrap_or_else(|| format!("{subject} has wrong type, expects {t}"));
            Err(EvalError::new(msg))
        }
        _ => Ok(v),
    }
}

/// Puppet's `lookup()`: `lookup(name | [names], value_type?, merge?, default_value?)`,
/// `lookup({name => ..., value_type => ..., default_value => ..., override => ...,
/// default_values_hash => ..., merge => ...})` and `lookup(name, {options})`. The first name
/// found wins; then the default values hash, then the default value; else Puppet's error.
pub fn lookup_function(hiera: &Hiera, args: &[Value], scope: &dyn HieraScope) -> EvalResult {
    let call = parse_call(args)?;
    for name in &call.names {
        if let Some(v) = call.override_values.get_str(name) {
            return assert_type(
                hiera.regexes(),
                &format!("Value found for key '{name}' in override hash"),
                &call.value_type,
                v.clone(),
            );
        }
        let found = hiera
            .lookup(name, call.merge.as_ref(), scope)
            .map_err(|e| EvalError::new(e.message))?;
        if let Some(v) = found {
            return assert_type(hiera.regexes(), "Found value", &call.value_type, v);
        }
    }
    for name in &call.names {
        if let Some(v) = call.default_values.get_str(name) {
            return assert_type(
                hiera.regexes(),
                &format!("Value found for key '{name}' in default values hash"),
                &call.value_type,
                v.clone(),
            );
        }
    }
    if let Some(d) = call.default_value {
        return assert_type(hiera.regexes(), "Default value", &call.value_type, d);
    }
    Err(EvalError::new(match call.names.as_slice() {
        [one] => format!("Function lookup() did not find a value for the name '{one}'"),
        many => format!(
            "Function lookup() did not find a value for any of the names [{}]",
            many.iter()
                .map(|n| format!("'{n}'"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }))
}
