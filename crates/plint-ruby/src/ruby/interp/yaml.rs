//! `to_yaml` of the interpreter's values, through the one emitter of Psych's YAML
//! ([`crate::ruby_core::yaml`]).

use crate::ruby_core::yaml::{Dump, Node, Shared, TOO_LARGE};

use super::value::*;

impl Dump for Value {
    fn node(&self) -> Node<Self> {
        match self {
            Value::Nil => Node::Nil,
            Value::Bool(b) => Node::Bool(*b),
            Value::Int(i) => Node::Int(i.to_string()),
            Value::Big(b) => Node::Int(b.to_string()),
            Value::Float(f) => Node::Float(*f),
            Value::Sym(s) => Node::Sym(s.to_string()),
            Value::Str(s) => {
                let s = s.borrow();
                if s.unknown.is_some() {
                    return Node::Unwritable("to_yaml of an unknown string".into());
                }
                Node::Str(s.text.clone())
            }
            Value::Array(a) => Node::Seq(a.borrow().items.clone()),
            Value::Hash(h) => Node::Map(h.borrow().map.values().cloned().collect()),
            other => Node::Unwritable(format!("to_yaml of a {}", other.class_name())),
        }
    }

    fn identity(&self) -> usize {
        Value::identity(self)
    }
}

/// The YAML document of `v`, or why plint cannot write it.
pub(crate) fn dump(v: &Value, limit: usize) -> Result<String, String> {
    crate::ruby_core::yaml::dump(v, limit, Shared::Anchor)
}

impl super::Interp<'_> {
    /// `v.to_yaml(options)`: the document, or an unknown when plint cannot write it exactly
    /// (also for any option given).
    pub(crate) fn yaml_dump(&mut self, v: &Value, args: &[Value]) -> super::R<Value> {
        let plain = match args {
            [] => true,
            [Value::Hash(h)] => h.borrow().map.is_empty(),
            _ => false,
        };
        if !plain {
            return Ok(self.unknown("to_yaml with options"));
        }
        Ok(match dump(v, self.budget.max_string) {
            Ok(text) if text.len() <= self.budget.max_string => {
                self.charge(text.len())?;
                Value::str(text)
            }
            Ok(_) => return self.check_str_size(usize::MAX).map(|_| Value::Nil),
            Err(why) if why == TOO_LARGE => {
                return self.check_str_size(usize::MAX).map(|_| Value::Nil);
            }
            Err(why) => self.unknown(why),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_plint_cannot_write_exactly_is_an_error() {
        let h = |k: Value| Value::hash(vec![(k, Value::Int(1))]);
        for v in [
            Value::str("x\n\n"),
            Value::str("a\n"),
            Value::str("a\rb"),
            Value::str("1,000"),
            Value::str("2020-01-01"),
            Value::str("2020-01-01 10:00:00"),
            Value::str("<<"),
            Value::str("\u{2028}x"),
            Value::sym(""),
            h(Value::Nil),
            h(Value::array(vec![Value::Int(1)])),
            h(Value::str("k".repeat(129))),
            h(Value::str("a\nb")),
            Value::Class("String".into()),
        ] {
            assert!(dump(&v, usize::MAX).is_err(), "{}", v.inspect());
        }
        assert_eq!(
            dump(&h(Value::str("k")), usize::MAX).unwrap(),
            "---\nk: 1\n"
        );
    }

    #[test]
    fn a_document_past_the_budget_is_a_budget_error() {
        let p =
            crate::ruby::parse("t.rb", "a = (1..2000).to_a\n{ 'k' => [a, a] }.to_yaml\n").unwrap();
        let budget = crate::ruby::Budget {
            max_string: 1000,
            ..Default::default()
        };
        let r = crate::ruby::eval_program(&p, &mut crate::ruby::NoHost, &budget);
        assert!(matches!(r, Err(crate::ruby::RubyError::Budget(_))), "{r:?}");
    }
}
