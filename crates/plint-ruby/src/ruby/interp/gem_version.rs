//! `Gem::Version` (RubyGems' version numbers), as modules compare Ruby or Puppet versions:
//! `Gem::Version.new(RUBY_VERSION) < Gem::Version.new('2.4.0')`. A version is an opaque object
//! of class `Gem::Version` holding its normalized text.

use std::cmp::Ordering;
use std::rc::Rc;

use super::value::*;
use super::{Interp, R};

/// The class of the objects.
pub(crate) const CLASS: &str = "Gem::Version";

/// A version's text as RubyGems keeps it: stripped, `-` read as `.pre.`, empty as `0`; `None`
/// when it is not a version RubyGems accepts.
pub(crate) fn normalize(text: &str) -> Option<String> {
    let t = text.trim();
    if t.is_empty() {
        return Some("0".to_string());
    }
    // Digits, then dot-separated alphanumeric parts, then an optional `-pre` suffix of
    // dot-separated alphanumeric-or-dash parts.
    let (main, pre) = match t.split_once('-') {
        Some((m, p)) => (m, Some(p)),
        None => (t, None),
    };
    let mut parts = main.split('.');
    let first = parts.next()?;
    if first.is_empty() || !first.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if !parts.all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric())) {
        return None;
    }
    if let Some(pre) = pre
        && !pre
            .split('.')
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
    {
        return None;
    }
    Some(t.replace('-', ".pre."))
}

/// One segment: a number, or letters (a prerelease marker, lower than any number).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Segment {
    Number(u128),
    Letters(String),
}

/// The segments of a normalized version: runs of digits and runs of letters.
fn segments(version: &str) -> Vec<Segment> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let flush = |cur: &mut String, out: &mut Vec<Segment>| {
        if cur.is_empty() {
            return;
        }
        let s = std::mem::take(cur);
        out.push(match s.parse::<u128>() {
            Ok(n) if s.bytes().all(|b| b.is_ascii_digit()) => Segment::Number(n),
            _ => Segment::Letters(s),
        });
    };
    for c in version.chars() {
        let same_kind = cur
            .chars()
            .last()
            .is_none_or(|l| l.is_ascii_digit() == c.is_ascii_digit());
        if !c.is_ascii_alphanumeric() {
            flush(&mut cur, &mut out);
        } else if same_kind {
            cur.push(c);
        } else {
            flush(&mut cur, &mut out);
            cur.push(c);
        }
    }
    flush(&mut cur, &mut out);
    out
}

/// RubyGems' canonical segments: trailing zeros dropped (before and after a prerelease part).
fn canonical(version: &str) -> Vec<Segment> {
    let segs = segments(version);
    let split = segs
        .iter()
        .position(|s| matches!(s, Segment::Letters(_)))
        .unwrap_or(segs.len());
    let trim = |part: &[Segment]| -> Vec<Segment> {
        let mut v = part.to_vec();
        while v.last() == Some(&Segment::Number(0)) {
            v.pop();
        }
        v
    };
    let mut out = trim(&segs[..split]);
    out.extend(trim(&segs[split..]));
    out
}

/// `a <=> b`.
pub(crate) fn compare(a: &str, b: &str) -> Ordering {
    let (x, y) = (canonical(a), canonical(b));
    let zero = Segment::Number(0);
    for i in 0..x.len().max(y.len()) {
        let (p, q) = (x.get(i).unwrap_or(&zero), y.get(i).unwrap_or(&zero));
        let o = match (p, q) {
            (Segment::Number(m), Segment::Number(n)) => m.cmp(n),
            (Segment::Letters(m), Segment::Letters(n)) => m.cmp(n),
            (Segment::Letters(_), Segment::Number(_)) => Ordering::Less,
            (Segment::Number(_), Segment::Letters(_)) => Ordering::Greater,
        };
        if o != Ordering::Equal {
            return o;
        }
    }
    Ordering::Equal
}

fn object(text: String) -> Value {
    Value::Opaque(Rc::new(Opaque {
        class: CLASS.into(),
        text,
        id: 0,
    }))
}

impl Interp<'_> {
    /// `Gem::Version.new(v)`, `.create(v)` and `.correct?(v)`.
    pub(crate) fn gem_version_class_method(
        &mut self,
        name: &str,
        args: &[Value],
    ) -> R<Option<Value>> {
        let a0 = args.first().cloned().unwrap_or(Value::Nil);
        if let Value::Opaque(o) = &a0
            && o.class == CLASS
        {
            return Ok(Some(match name {
                "correct?" => Value::Bool(true),
                _ => a0.clone(),
            }));
        }
        let text = match &a0 {
            Value::Nil if name == "correct?" => return Ok(Some(Value::Bool(false))),
            Value::Int(_) | Value::Float(_) => a0.inspect(),
            v => self.str_arg(v)?,
        };
        let normalized = normalize(&text);
        Ok(Some(match (name, normalized) {
            ("correct?", n) => Value::Bool(n.is_some()),
            ("new" | "create", Some(n)) => object(n),
            ("new" | "create", None) => {
                return self.raise(
                    "ArgumentError",
                    format!("Malformed version number string {text}"),
                );
            }
            _ => return Ok(None),
        }))
    }

    /// The methods of a `Gem::Version`.
    pub(crate) fn gem_version_method(
        &mut self,
        o: &Opaque,
        name: &str,
        args: &[Value],
    ) -> R<Option<Value>> {
        let other = |me: &mut Self| -> R<Option<String>> {
            match args.first() {
                Some(Value::Opaque(p)) if p.class == CLASS => Ok(Some(p.text.clone())),
                Some(Value::Str(_)) => {
                    let t = me.str_arg(&args[0])?;
                    Ok(normalize(&t))
                }
                _ => Ok(None),
            }
        };
        Ok(Some(match name {
            "to_s" | "version" => Value::str(o.text.clone()),
            "inspect" => Value::str(format!("#<Gem::Version {:?}>", o.text)),
            "segments" => Value::array(
                segments(&o.text)
                    .into_iter()
                    .map(|s| match s {
                        Segment::Number(n) => match i64::try_from(n) {
                            Ok(i) => Value::Int(i),
                            Err(_) => Value::str(n.to_string()),
                        },
                        Segment::Letters(l) => Value::str(l),
                    })
                    .collect(),
            ),
            "prerelease?" => Value::Bool(o.text.chars().any(|c| c.is_ascii_alphabetic())),
            "release" => {
                let segs = segments(&o.text);
                let numbers: Vec<String> = segs
                    .iter()
                    .take_while(|s| matches!(s, Segment::Number(_)))
                    .map(|s| match s {
                        Segment::Number(n) => n.to_string(),
                        Segment::Letters(l) => l.clone(),
                    })
                    .collect();
                object(numbers.join("."))
            }
            "<=>" | "<" | "<=" | ">" | ">=" | "==" | "eql?" | "!=" => {
                let Some(b) = other(self)? else {
                    return Ok(Some(match name {
                        "==" | "eql?" => Value::Bool(false),
                        "!=" => Value::Bool(true),
                        "<=>" => Value::Nil,
                        _ => {
                            return self.raise(
                                "ArgumentError",
                                "comparison of Gem::Version with an object that is not a \
                                 version failed",
                            );
                        }
                    }));
                };
                let o = compare(&o.text, &b);
                match name {
                    "<=>" => Value::Int(o as i64),
                    "<" => Value::Bool(o == Ordering::Less),
                    "<=" => Value::Bool(o != Ordering::Greater),
                    ">" => Value::Bool(o == Ordering::Greater),
                    ">=" => Value::Bool(o != Ordering::Less),
                    "!=" => Value::Bool(o != Ordering::Equal),
                    _ => Value::Bool(o == Ordering::Equal),
                }
            }
            _ => return Ok(None),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_compare_as_rubygems_compares_them() {
        let lt = |a: &str, b: &str| compare(a, b) == Ordering::Less;
        assert!(lt("2.3.9", "2.4.0"));
        assert!(lt("3.1.2", "10.0"));
        assert_eq!(compare("1.0", "1"), Ordering::Equal);
        assert_eq!(compare("1.0.0", "1.0"), Ordering::Equal);
        assert!(lt("1.0.a", "1.0"));
        assert!(lt("1.0.a", "1.0.b"));
        assert!(lt("1.0.pre.1", "1.0"));
        assert!(lt("1.9", "1.10"));
        assert_eq!(normalize("1.0-rc1").as_deref(), Some("1.0.pre.rc1"));
        assert_eq!(normalize(" 2.4 ").as_deref(), Some("2.4"));
        assert_eq!(normalize("").as_deref(), Some("0"));
        assert_eq!(normalize("junk"), None);
        assert_eq!(normalize("1..2"), None);
    }
}
