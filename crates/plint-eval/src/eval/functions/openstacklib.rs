//! Functions of the `openstacklib` module, which every OpenStack module uses: its Ruby is read
//! for their meaning and evaluated here, so catalogs that branch on them are known.

use super::{BuiltinFn, Lambda, arity};
use crate::eval::error::EvalResult;
use crate::eval::value::Value;

pub(super) const FUNCTIONS: &[(&str, BuiltinFn)] = &[("is_service_default", is_service_default)];

/// The value openstacklib's `os_service_default` fact holds: "leave the service's default".
const SERVICE_DEFAULT: &str = "<SERVICE DEFAULT>";

/// `is_service_default(value)`: whether the value is the string `<SERVICE DEFAULT>` (any other
/// value, `undef` included, is not).
fn is_service_default(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    arity("is_service_default", &args, 1, 1)?;
    Ok(match &args[0] {
        Value::Unknown(u) => {
            Value::unknown("Boolean", &format!("is_service_default() of {}", u.origin))
        }
        Value::String(s) => Value::Boolean(s.as_str() == SERVICE_DEFAULT),
        _ => Value::Boolean(false),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn service_default_is_one_string() {
        let f = |v: Value| is_service_default(vec![v], None).unwrap();
        assert_eq!(f(Value::string(SERVICE_DEFAULT)), Value::Boolean(true));
        assert_eq!(f(Value::string("gzip")), Value::Boolean(false));
        assert_eq!(f(Value::Undef), Value::Boolean(false));
        assert!(is_service_default(vec![], None).is_err());
    }
}
