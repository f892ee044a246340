//! Hiera's merge strategies (`first`, `unique`, `hash`, `deep`) with Puppet 7's rules.

use super::HieraError;
use crate::eval::value::{Hash, Value};
use crate::eval::value_type::infer;
use crate::types::{NoAliases, Type, TypeCalculator};

/// How the values found for a key at several places are combined.
#[derive(Debug, Clone, PartialEq)]
pub enum MergeStrategy {
    /// The first value found wins (the default).
    First,
    /// Arrays (and scalars) of every level, flattened, without duplicates.
    Unique,
    /// Hashes of every level, the higher level's keys winning (one level deep).
    Hash,
    /// Hashes merged recursively, arrays united, as the `deep_merge` gem does.
    Deep {
        knockout_prefix: Option<String>,
        sort_merged_arrays: bool,
        merge_hash_arrays: bool,
    },
}

impl MergeStrategy {
    /// The strategy of a `lookup()` merge argument or a `lookup_options` `merge` value: a
    /// strategy name, or a hash with `strategy` and the deep merge options. `undef` is
    /// [`MergeStrategy::First`].
    pub fn from_value(v: &Value) -> Result<MergeStrategy, HieraError> {
        let (name, options) = match v {
            Value::Undef => return Ok(MergeStrategy::First),
            Value::String(s) => (s.clone(), None),
            Value::Hash(h) => match h.get_str("strategy") {
                Some(Value::String(s)) => (s.clone(), Some(h)),
                Some(other) => (other.to_puppet_string(), Some(h)),
                None => {
                    return Err(HieraError::new(
                        "The hash given as 'merge' must contain the name of a strategy in string form for the key 'strategy'",
                    ));
                }
            },
            other => {
                return Err(HieraError::new(format!(
                    "Unknown merge strategy: '{}'",
                    other.to_puppet_string()
                )));
            }
        };
        let strategy = match name.as_str() {
            "first" | "default" => MergeStrategy::First,
            "unique" => MergeStrategy::Unique,
            "hash" => MergeStrategy::Hash,
            "deep" => MergeStrategy::Deep {
                knockout_prefix: None,
                sort_merged_arrays: false,
                merge_hash_arrays: false,
            },
            _ => {
                return Err(HieraError::new(format!("Unknown merge strategy: '{name}'")));
            }
        };
        let Some(options) = options.filter(|h| h.len() > 1) else {
            return Ok(strategy);
        };
        match strategy {
            MergeStrategy::Deep { .. } => {
                let mut knockout_prefix = None;
                let mut sort_merged_arrays = false;
                let mut merge_hash_arrays = false;
                for (k, v) in options.iter() {
                    let key = k.to_puppet_string();
                    let bad = || {
                        HieraError::new(format!(
                            "The merge options entry '{key}' has wrong type, got {}",
                            v.type_name()
                        ))
                    };
                    match key.as_str() {
                        "strategy" | "merge_debug" => {}
                        "knockout_prefix" => match v {
                            Value::String(s) => knockout_prefix = Some(s.clone()),
                            Value::Undef => {}
                            _ => return Err(bad()),
                        },
                        "sort_merged_arrays" => match v {
                            Value::Boolean(b) => sort_merged_arrays = *b,
                            Value::Undef => {}
                            _ => return Err(bad()),
                        },
                        "merge_hash_arrays" => match v {
                            Value::Boolean(b) => merge_hash_arrays = *b,
                            Value::Undef => {}
                            _ => return Err(bad()),
                        },
                        _ => {
                            return Err(HieraError::new(format!(
                                "The merge options has no key named '{key}'"
                            )));
                        }
                    }
                }
                Ok(MergeStrategy::Deep {
                    knockout_prefix,
                    sort_merged_arrays,
                    merge_hash_arrays,
                })
            }
            _ => {
                for k in options.keys() {
                    let key = k.to_puppet_string();
                    if key != "strategy" {
                        return Err(HieraError::new(format!(
                            "The merge options has no key named '{key}'"
                        )));
                    }
                }
                Ok(strategy)
            }
        }
    }

    /// The strategy's name as Puppet prints it.
    pub fn name(&self) -> &'static str {
        match self {
            MergeStrategy::First => "first",
            MergeStrategy::Unique => "unique",
            MergeStrategy::Hash => "hash",
            MergeStrategy::Deep { .. } => "deep",
        }
    }

    pub(crate) fn is_first(&self) -> bool {
        matches!(self, MergeStrategy::First)
    }

    /// The value found first when other places are merged into it.
    pub(crate) fn convert_value(&self, v: Value) -> Value {
        match self {
            MergeStrategy::Unique => match &v {
                Value::Array(a) => {
                    let mut flat = Vec::new();
                    flatten_into(a, &mut flat);
                    Value::array(flat)
                }
                _ => Value::array(vec![v]),
            },
            _ => v,
        }
    }

    /// The value found at the only place there is to search.
    pub(crate) fn merge_single(&self, v: Value) -> Value {
        match (self, &v) {
            (MergeStrategy::Unique, Value::Array(a)) => Value::array(uniq(a.iter().cloned())),
            _ => v,
        }
    }

    /// Merges `lower` (a lower priority value) into `higher`.
    pub(crate) fn merge(&self, higher: Value, lower: Value) -> Result<Value, HieraError> {
        // What merging with a value plint does not know gives is not known either (never a
        // type error: the value Puppet has may well be a hash).
        if !matches!(self, MergeStrategy::First) {
            for v in [&higher, &lower] {
                if matches!(v, Value::Unknown(_)) {
                    return Ok(v.clone());
                }
            }
        }
        match self {
            MergeStrategy::First => Ok(higher),
            MergeStrategy::Hash => {
                let t = crate::types::parse("Hash[String, Data]").unwrap_or(Type::Any);
                check("The first element of the merge", &t, &higher)?;
                check("The second element of the merge", &t, &lower)?;
                let (Value::Hash(h), Value::Hash(l)) = (&higher, &lower) else {
                    return Ok(higher);
                };
                let mut out = (**l).clone();
                for (k, v) in h.iter() {
                    out.insert(k.clone(), v.clone());
                }
                Ok(Value::hash(out))
            }
            MergeStrategy::Unique => {
                let t = crate::types::parse("Variant[Scalar, Array[Data]]").unwrap_or(Type::Any);
                check("The first element of the merge", &t, &higher)?;
                check("The second element of the merge", &t, &lower)?;
                let a = self.convert_value(higher);
                let b = self.convert_value(lower);
                let items = a
                    .as_array()
                    .unwrap_or(&[])
                    .iter()
                    .chain(b.as_array().unwrap_or(&[]).iter())
                    .cloned();
                Ok(Value::array(uniq(items)))
            }
            MergeStrategy::Deep {
                knockout_prefix,
                sort_merged_arrays,
                merge_hash_arrays,
            } => {
                let opts = DeepOptions {
                    knockout: knockout_prefix.as_deref(),
                    sort: *sort_merged_arrays,
                    hash_arrays: *merge_hash_arrays,
                };
                deep_merge(higher, lower, &opts)
            }
        }
    }
}

fn check(subject: &str, t: &Type, v: &Value) -> Result<(), HieraError> {
    let calc = TypeCalculator::new(&NoAliases);
    match calc.describe_mismatch(&format!("{subject} has wrong type,"), t, &infer(v)) {
        None => Ok(()),
        Some(msg) => Err(HieraError::new(msg)),
    }
}

fn flatten_into(items: &[Value], out: &mut Vec<Value>) {
    for v in items {
        match v {
            Value::Array(a) => flatten_into(a, out),
            _ => out.push(v.clone()),
        }
    }
}

/// The values without repeats (Ruby's `eql?`), in first-seen order.
fn uniq(items: impl Iterator<Item = Value>) -> Vec<Value> {
    crate::eval::value::unique_values(items)
}

struct DeepOptions<'a> {
    knockout: Option<&'a str>,
    sort: bool,
    hash_arrays: bool,
}

/// Ruby truth (`nil` and `false` are false).
fn truthy(v: &Value) -> bool {
    !matches!(v, Value::Undef | Value::Boolean(false))
}

/// The `deep_merge` gem's `deep_merge!(source, dest)` with `preserve_unmergeables: false`:
/// `source` (the higher priority) is merged into `dest`.
fn deep_merge(source: Value, dest: Value, o: &DeepOptions<'_>) -> Result<Value, HieraError> {
    for v in [&source, &dest] {
        if matches!(v, Value::Unknown(_)) {
            return Ok(v.clone());
        }
    }
    if source.is_undef() {
        return Ok(dest);
    }
    if !truthy(&dest) {
        return Ok(source);
    }
    match source {
        Value::Hash(src) => match dest {
            Value::Hash(d) => {
                let mut d = (*d).clone();
                for (k, v) in src.iter() {
                    let merged = match d.get(k) {
                        Some(existing) if truthy(existing) => {
                            deep_merge(v.clone(), existing.clone(), o)?
                        }
                        _ => deep_merge(v.clone(), v.clone(), o)?,
                    };
                    d.insert(k.clone(), merged);
                }
                Ok(Value::hash(d))
            }
            other => {
                if src.is_empty() {
                    Ok(other)
                } else {
                    Ok(Value::Hash(src))
                }
            }
        },
        Value::Array(src) => {
            let mut src: Vec<Value> = (*src).clone();
            let mut dest = dest;
            if let Some(ko) = o.knockout
                && src.iter().any(|v| matches!(v, Value::String(s) if s == ko))
            {
                dest = match dest {
                    Value::Array(_) => Value::array(Vec::new()),
                    Value::Hash(_) => Value::hash(Hash::new()),
                    Value::String(_) => Value::string(""),
                    _ => Value::Undef,
                };
                src.retain(|v| !matches!(v, Value::String(s) if s == ko));
            }
            match dest {
                Value::Array(d) => {
                    let mut d: Vec<Value> = (*d).clone();
                    if let Some(ko) = o.knockout {
                        src.retain(|item| {
                            let Value::String(s) = item else {
                                return true;
                            };
                            let Some(stripped) = strip_knockout(s, ko) else {
                                return true;
                            };
                            let stripped = Value::string(stripped);
                            d.retain(|x| !x.strict_eq(&stripped) && !x.strict_eq(item));
                            false
                        });
                    }
                    let all_hashes = |v: &[Value]| v.iter().all(|i| matches!(i, Value::Hash(_)));
                    let mut merged = if o.hash_arrays && all_hashes(&src) && all_hashes(&d) {
                        let mut list = Vec::with_capacity(d.len().max(src.len()));
                        for (i, dv) in d.iter().enumerate() {
                            let sv = src
                                .get(i)
                                .cloned()
                                .unwrap_or_else(|| Value::hash(Hash::new()));
                            list.push(deep_merge(sv, dv.clone(), o)?);
                        }
                        if src.len() > d.len() {
                            list.extend(src[d.len()..].iter().cloned());
                        }
                        list
                    } else {
                        uniq(d.into_iter().chain(src))
                    };
                    if o.sort {
                        sort_values(&mut merged)?;
                    }
                    Ok(Value::array(merged))
                }
                _ => {
                    if let Some(ko) = o.knockout {
                        src.retain(
                            |v| !matches!(v, Value::String(s) if strip_knockout(s, ko).is_some()),
                        );
                    }
                    Ok(Value::array(src))
                }
            }
        }
        other => match (o.knockout, &other) {
            (Some(ko), Value::String(s)) if strip_knockout_all(s, ko) != *s => {
                Ok(Value::string(""))
            }
            _ => Ok(other),
        },
    }
}

/// The text after a knockout prefix at its start.
fn strip_knockout<'a>(s: &'a str, ko: &str) -> Option<&'a str> {
    s.strip_prefix(ko)
}

/// The string with the prefix removed at the start of every line (Ruby's `gsub(/^prefix/)`).
fn strip_knockout_all(s: &str, ko: &str) -> String {
    s.split('\n')
        .map(|line| line.strip_prefix(ko).unwrap_or(line))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Ruby's `Array#sort!` of merged values: numbers with numbers, strings with strings.
fn sort_values(items: &mut [Value]) -> Result<(), HieraError> {
    let all_num = items.iter().all(Value::is_numeric);
    let all_str = items.iter().all(|v| matches!(v, Value::String(_)));
    if all_num {
        items.sort_by(|a, b| {
            let f = |v: &Value| match v {
                Value::Integer(i) => *i as f64,
                Value::Float(f) => *f,
                _ => 0.0,
            };
            f(a).partial_cmp(&f(b)).unwrap_or(std::cmp::Ordering::Equal)
        });
        Ok(())
    } else if all_str {
        items.sort_by(|a, b| a.as_str().cmp(&b.as_str()));
        Ok(())
    } else {
        Err(HieraError::new(
            "comparison of the merged array's elements failed (sort_merged_arrays needs elements of one kind)",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hash_of(k: &str, v: &str) -> Value {
        let mut h = Hash::default();
        h.insert(Value::string(k), Value::string(v));
        Value::hash(h)
    }

    #[test]
    fn merging_with_an_unknown_gives_an_unknown_never_a_type_error() {
        let unknown = Value::unknown("Any", "a Hiera level plint could not read");
        let deep = MergeStrategy::Deep {
            knockout_prefix: None,
            sort_merged_arrays: false,
            merge_hash_arrays: false,
        };
        for strategy in [MergeStrategy::Hash, MergeStrategy::Unique, deep] {
            for (higher, lower) in [
                (unknown.clone(), hash_of("a", "1")),
                (hash_of("a", "1"), unknown.clone()),
            ] {
                let merged = strategy.merge(higher, lower).expect("no error");
                assert!(
                    matches!(merged, Value::Unknown(_)),
                    "{strategy:?}: {merged:?}"
                );
            }
        }
        // `first`: the higher value wins, known or not.
        let first = MergeStrategy::First
            .merge(hash_of("a", "1"), unknown)
            .unwrap();
        assert!(matches!(first, Value::Hash(_)));
    }
}
