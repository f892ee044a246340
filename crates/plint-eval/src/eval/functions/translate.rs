//! `translate()` of the `puppetlabs-translate` module, which many modules use for the messages
//! of `fail()`: Puppet marks the message for gettext and, with no catalog of translations
//! loaded, returns it as written; with a hash of interpolation values it then formats the
//! message with them as Ruby's `String#%` does (`%{name}` and `%<name>s` references).

use super::{BuiltinFn, Lambda, arg_error, arity};
use crate::eval::error::EvalResult;
use crate::eval::value::Value;

pub(super) const FUNCTIONS: &[(&str, BuiltinFn)] = &[("translate", translate)];

/// `translate(message)` is the message; `translate(message, values)` is the message formatted
/// with the hash of values (a reference to a key the hash lacks is an error, as in Ruby).
/// An unknown message or value gives an unknown string named after the call.
fn translate(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("translate", &args, 1, 2)?;
    let message = match &args[0] {
        Value::String(s) => s,
        Value::Unknown(u) => {
            return Ok(Value::unknown(
                "String",
                &format!("translate() of {}", u.origin),
            ));
        }
        _ => return Err(arg_error("translate", "a String value", &args)),
    };
    match args.get(1) {
        None | Some(Value::Undef) => Ok(Value::string(message.clone())),
        Some(v @ Value::Hash(_)) if !v.contains_unknown() => {
            super::sprintf(message, std::slice::from_ref(v))
        }
        Some(v) if v.contains_unknown() => {
            let origin = v.first_unknown().map_or("", |u| &*u.origin);
            Ok(Value::unknown(
                "String",
                &format!("translate({}) with {origin}", quoted(message)),
            ))
        }
        Some(_) => Err(arg_error(
            "translate",
            "a String value and an optional Hash value",
            &args,
        )),
    }
}

/// A message in single quotes, as written in a manifest.
fn quoted(s: &str) -> String {
    format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::value::Hash;

    fn call(args: Vec<Value>) -> EvalResult {
        translate(args, None)
    }

    fn values(pairs: &[(&str, Value)]) -> Value {
        let mut h = Hash::new();
        for (k, v) in pairs {
            h.insert(Value::string(*k), v.clone());
        }
        Value::hash(h)
    }

    #[test]
    fn plain_message() {
        let v = call(vec![Value::string("Unsupported %{os}")]).unwrap();
        assert_eq!(v.as_str(), Some("Unsupported %{os}"));
    }

    #[test]
    fn interpolation() {
        let v = call(vec![
            Value::string("%{mod} is not supported on %{os} (%<n>d)"),
            values(&[
                ("mod", Value::string("ntp")),
                ("os", Value::string("Solaris")),
                ("n", Value::Integer(7)),
            ]),
        ])
        .unwrap();
        assert_eq!(v.as_str(), Some("ntp is not supported on Solaris (7)"));
        let e = call(vec![Value::string("on %{os}"), values(&[])]).unwrap_err();
        assert!(e.to_string().contains("key{os} not found"), "{e}");
    }

    #[test]
    fn unknowns_name_the_call() {
        let v = call(vec![
            Value::string("on %{os}"),
            values(&[("os", Value::unknown("String", "template('a.erb')"))]),
        ])
        .unwrap();
        let Value::Unknown(u) = v else { panic!() };
        assert_eq!(&*u.origin, "translate('on %{os}') with template('a.erb')");
        assert!(call(vec![Value::Integer(1)]).is_err());
        assert!(call(vec![Value::string("a"), Value::Integer(1)]).is_err());
    }
}
