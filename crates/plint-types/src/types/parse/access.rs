//! Parameterized types, `Name[...]`: Puppet's `AccessOperator` on a type, one step per type.
//! The dispatch on the type's name stays one `match` (type parsing runs on every file).

use super::{Arg, Lower, R, TypeError, flatten, kind_of_callable};
use crate::syntax::ast::Expr;
use crate::types::{
    CallableType, EnumType, FloatRange, IntRange, StringType, StructMember, TupleType, Type,
    assign::NoAliases, capitalize_segments, is_assignable,
};

impl Lower<'_> {
    /// `name[args]`: the type it gives, or why it is not one.
    pub(super) fn access(&self, e: &Expr, name: &str, args: Vec<Arg>) -> R<Arg> {
        let name = crate::syntax::trim_colons(name);
        let lc = name.to_ascii_lowercase();
        let t = match lc.as_str() {
            "integer" => self.integer(e, flatten(args))?,
            "float" => self.float(e, flatten(args))?,
            "string" => self.string(e, flatten(args))?,
            "collection" => self.collection(e, flatten(args))?,
            "array" => self.array(e, flatten(args))?,
            "hash" => self.hash(e, flatten(args))?,
            "enum" => self.enumeration(e, flatten(args))?,
            "pattern" => self.pattern(e, flatten(args))?,
            "regexp" => self.regexp(e, flatten(args))?,
            "boolean" => self.boolean(e, flatten(args))?,
            "variant" => self.variant(e, flatten(args))?,
            "optional" => self.optional(e, flatten(args), true)?,
            "notundef" => self.optional(e, flatten(args), false)?,
            "type" | "iterable" | "iterator" | "sensitive" => {
                self.of_one_type(e, &lc, flatten(args))?
            }
            "init" => self.init(e, args)?,
            "tuple" => self.tuple(e, flatten(args))?,
            "callable" => self.callable(e, args)?,
            "struct" => self.struct_(e, args)?,
            "class" => self.class(e, flatten(args))?,
            "resource" => self.resource(e, flatten(args))?,
            "timespan" | "timestamp" => self.time_range(e, &lc, flatten(args))?,
            "semver" => self.semver(e, flatten(args))?,
            "uri" => self.uri(e, flatten(args))?,
            "runtime" => self.runtime(e, flatten(args))?,
            "object" | "typeset" => self.object(e, &lc, &args)?,
            "any" | "data" | "richdata" | "richdatakey" | "catalogentry" | "scalar"
            | "scalardata" | "undef" | "numeric" | "default" | "semverrange" | "binary"
            | "error" | "deferred" | "typereference" | "typealias" => {
                return Err(self.err(e, format!("not a parameterized type <{}>", self.text(e))));
            }
            _ => self.titled(e, capitalize_segments(name), flatten(args))?,
        };
        Ok(Arg::Type(t))
    }

    /// `Integer[min, max]`.
    fn integer(&self, e: &Expr, keys: Vec<Arg>) -> R<Type> {
        if !(1..=2).contains(&keys.len()) {
            return Err(self.arity(e, "Integer", "1 or 2", keys.len()));
        }
        let mut b = [None, None];
        for (i, k) in keys.iter().enumerate() {
            b[i] = match k {
                Arg::Int(v) => Some(*v),
                Arg::Default => None,
                other => {
                    return Err(self.err(
                        e,
                        format!(
                            "Integer[] arguments must be Integer or default, not {}",
                            other.kind()
                        ),
                    ));
                }
            };
        }
        Ok(Type::Integer(self.range(e, b[0], b[1])?))
    }

    /// `Float[min, max]`.
    fn float(&self, e: &Expr, keys: Vec<Arg>) -> R<Type> {
        if !(1..=2).contains(&keys.len()) {
            return Err(self.arity(e, "Float", "1 or 2", keys.len()));
        }
        let min = self.float_bound(e, &keys[0])?;
        let max = match keys.get(1) {
            Some(k) => self.float_bound(e, k)?,
            None => None,
        };
        if let (Some(a), Some(b)) = (min, max)
            && a > b
        {
            return Err(self.err(e, "'from' must be less or equal to 'to'".to_string()));
        }
        Ok(Type::Float(FloatRange { min, max }))
    }

    /// `String[min, max]`.
    fn string(&self, e: &Expr, keys: Vec<Arg>) -> R<Type> {
        if !(1..=2).contains(&keys.len()) {
            return Err(self.arity(e, "String", "1 to 2", keys.len()));
        }
        let r = self.size(e, "String", &keys)?;
        Ok(Type::String(StringType {
            size: Some(r.to_size()),
            value: None,
        }))
    }

    /// `Collection[min, max]`.
    fn collection(&self, e: &Expr, keys: Vec<Arg>) -> R<Type> {
        if !(1..=2).contains(&keys.len()) {
            return Err(self.arity(e, "Collection", "1 to 2", keys.len()));
        }
        Ok(Type::Collection(Some(
            self.size(e, "Collection", &keys)?.to_size(),
        )))
    }

    /// `Array[type]`, `Array[type, min, max]`, `Array[min, max]`.
    fn array(&self, e: &Expr, mut keys: Vec<Arg>) -> R<Type> {
        match keys.len() {
            1 => {
                let t = self.want_type(e, "Array", keys.remove(0))?;
                Ok(Type::array(t, None))
            }
            2 | 3 => {
                if matches!(keys[0], Arg::Type(_)) {
                    let t = self.want_type(e, "Array", keys.remove(0))?;
                    let r = self.size(e, "Array", &keys)?;
                    Ok(Type::array(t, Some(r)))
                } else if keys.len() == 2 {
                    let r = self.size(e, "Array", &keys)?;
                    Ok(Type::array(Type::Any, Some(r)))
                } else {
                    Err(self.want_type(e, "Array", keys.remove(0)).unwrap_err())
                }
            }
            k => Err(self.arity(e, "Array", "1 to 3", k)),
        }
    }

    /// `Hash[key, value]`, `Hash[key, value, min, max]`, `Hash[min, max]`.
    fn hash(&self, e: &Expr, mut keys: Vec<Arg>) -> R<Type> {
        if let [Arg::Int(a), Arg::Int(b)] = keys.as_slice() {
            let r = self.range(e, Some(*a), Some(*b))?;
            return Ok(Type::hash(Type::Any, Type::Any, Some(r)));
        }
        let k = keys.len();
        if !(2..=4).contains(&k) {
            return Err(self.arity(e, "Hash", "2 to 4", k));
        }
        let rest = keys.split_off(2);
        let v = self.want_type(e, "Hash", keys.pop().unwrap_or(Arg::Undef))?;
        let kt = self.want_type(e, "Hash", keys.pop().unwrap_or(Arg::Undef))?;
        let size = match rest.as_slice() {
            [] => None,
            [Arg::Type(Type::Integer(r))] => Some(*r),
            [one] => Some(IntRange::new(self.want_bound(e, "Hash", one)?, None)),
            two => Some(self.size(e, "Hash", two)?),
        };
        Ok(Type::hash(kt, v, size))
    }

    /// `Enum[strings..., case_insensitive]`.
    fn enumeration(&self, e: &Expr, mut keys: Vec<Arg>) -> R<Type> {
        let mut ci = false;
        if let Some(Arg::Bool(b)) = keys.last() {
            ci = *b;
            keys.pop();
        }
        if keys.is_empty() {
            return Err(self.arity(e, "Enum", "1 or more", 0));
        }
        let mut values = Vec::with_capacity(keys.len());
        for k in keys {
            match k {
                Arg::Str(s) => values.push(s),
                other => {
                    return Err(self.err(
                        e,
                        format!("Enum[] arguments must be strings, not {}", other.kind()),
                    ));
                }
            }
        }
        Ok(Type::Enum(EnumType::new(values, ci)))
    }

    /// `Pattern[strings, regexps, Regexp and Pattern types...]`, each pattern once.
    fn pattern(&self, e: &Expr, keys: Vec<Arg>) -> R<Type> {
        if keys.is_empty() {
            return Err(self.arity(e, "Pattern", "1 or more", 0));
        }
        let mut pats: Vec<String> = Vec::new();
        for k in keys {
            let add: Vec<String> = match k {
                Arg::Str(s) | Arg::Regex(s) => vec![s],
                Arg::Type(Type::Regexp(Some(p))) => vec![p],
                Arg::Type(Type::Pattern(ps)) => ps,
                other => {
                    return Err(self.err(
                        e,
                        format!(
                            "Pattern[] arguments must be strings or regexps, not {}",
                            other.kind()
                        ),
                    ));
                }
            };
            for p in add {
                if !pats.contains(&p) {
                    pats.push(p);
                }
            }
        }
        Ok(Type::Pattern(pats))
    }

    /// `Regexp[string or regexp]`.
    fn regexp(&self, e: &Expr, keys: Vec<Arg>) -> R<Type> {
        match keys.as_slice() {
            [Arg::Str(s) | Arg::Regex(s)] => Ok(Type::Regexp(Some(s.clone()))),
            [other] => Err(self.err(
                e,
                format!(
                    "Regexp[] argument must be a string or regexp, not {}",
                    other.kind()
                ),
            )),
            k => Err(self.arity(e, "Regexp", "1", k.len())),
        }
    }

    /// `Boolean[true or false]`.
    fn boolean(&self, e: &Expr, keys: Vec<Arg>) -> R<Type> {
        match keys.as_slice() {
            [Arg::Bool(b)] => Ok(Type::Boolean(Some(*b))),
            [_] => Err(self.err(e, "Boolean parameter must be true or false".into())),
            k => Err(self.arity(e, "Boolean", "1", k.len())),
        }
    }

    /// `Variant[types...]`.
    fn variant(&self, e: &Expr, keys: Vec<Arg>) -> R<Type> {
        if keys.is_empty() {
            return Err(self.arity(e, "Variant", "1 or more", 0));
        }
        let types = keys
            .into_iter()
            .map(|k| self.want_type(e, "Variant", k))
            .collect::<R<Vec<_>>>()?;
        Ok(Type::variant(types))
    }

    /// `Optional[type]` (`opt`) or `NotUndef[type]`; a string in them is the type of that
    /// string.
    fn optional(&self, e: &Expr, mut keys: Vec<Arg>, opt: bool) -> R<Type> {
        let label = if opt { "Optional" } else { "NotUndef" };
        let inner = match keys.len() {
            0 if !opt => None,
            1 => match keys.remove(0) {
                Arg::Str(s) => Some(Type::string_value(s)),
                Arg::Type(Type::Any) if !opt => None,
                k => Some(self.want_type(e, label, k)?),
            },
            k => {
                return Err(self.arity(e, label, if opt { "1" } else { "0 to 1" }, k));
            }
        };
        let inner = inner.map(Box::new);
        Ok(if opt {
            Type::Optional(inner)
        } else {
            Type::NotUndef(inner)
        })
    }

    /// `Type[t]`, `Iterable[t]`, `Iterator[t]`, `Sensitive[t]` (`lc`: the name in lower case).
    fn of_one_type(&self, e: &Expr, lc: &str, mut keys: Vec<Arg>) -> R<Type> {
        let label = capitalize_segments(lc);
        if keys.len() != 1 {
            return Err(self.arity(e, &label, "1", keys.len()));
        }
        let t = self.want_type(e, &label, keys.remove(0))?;
        Ok(match lc {
            "type" => Type::type_of(t),
            "iterable" => Type::Iterable(Some(Box::new(t))),
            "iterator" => Type::Iterator(Some(Box::new(t))),
            _ => Type::Sensitive(Box::new(t.generalize())),
        })
    }

    /// `Init[type, ...]`: the type only.
    fn init(&self, e: &Expr, mut keys: Vec<Arg>) -> R<Type> {
        if keys.is_empty() {
            return Ok(Type::Init(None));
        }
        let t = self.want_type(e, "Init", keys.remove(0))?;
        Ok(Type::Init(Some(Box::new(t))))
    }

    /// `Tuple[types..., min, max]`.
    fn tuple(&self, e: &Expr, mut keys: Vec<Arg>) -> R<Type> {
        let k = keys.len();
        let mut size = None;
        if k >= 2 && keys[k - 2].is_range() && keys[k - 1].is_range() {
            let min = keys[k - 2].bound().flatten();
            let max = keys[k - 1].bound().flatten();
            size = Some(self.range(e, min, max)?);
            keys.truncate(k - 2);
        } else if k >= 1 && keys[k - 1].is_range() {
            let min = keys[k - 1].bound().flatten();
            size = Some(IntRange::new(min, None));
            keys.truncate(k - 1);
        }
        if keys.is_empty() {
            return Err(self.arity(e, "Tuple", "1 or more", 0));
        }
        let types = keys
            .into_iter()
            .map(|k| self.want_type(e, "Tuple", k))
            .collect::<R<Vec<_>>>()?;
        Ok(Type::tuple(types, size))
    }

    /// `Struct[{key => type, ...}]`.
    fn struct_(&self, e: &Expr, mut keys: Vec<Arg>) -> R<Type> {
        if keys.len() != 1 {
            return Err(self.arity(e, "Struct", "1", keys.len()));
        }
        let Arg::Hash(entries) = keys.remove(0) else {
            return Err(self.invalid(e));
        };
        self.structure(e, entries)
    }

    /// `Class[name]`: one name, in lower case.
    fn class(&self, e: &Expr, keys: Vec<Arg>) -> R<Type> {
        match keys.as_slice() {
            [Arg::Str(s)] => {
                let lc = s.to_lowercase();
                Ok(Type::Class(Some(lc.trim_start_matches("::").to_string())))
            }
            [other] => Err(self.err(e, format!("illegal Class name: {}", other.kind()))),
            [] => Err(self.arity(e, "Class", "1", 0)),
            _ => Err(self.err(
                e,
                "Class[] with several names is an array of classes, not a type".into(),
            )),
        }
    }

    /// `Resource[type, title]`.
    fn resource(&self, e: &Expr, mut keys: Vec<Arg>) -> R<Type> {
        if keys.is_empty() {
            return Err(self.arity(e, "Resource", "1 or 2", 0));
        }
        let type_name = match keys.remove(0) {
            Arg::Str(s) => capitalize_segments(s.trim_start_matches("::")),
            Arg::Type(Type::Resource {
                type_name: Some(n),
                title: None,
            }) => n,
            Arg::Type(Type::Alias(n)) => capitalize_segments(&n),
            other => {
                return Err(self.err(e, format!("illegal Resource type name: {}", other.kind())));
            }
        };
        self.titled(e, type_name, keys)
    }

    /// `Timespan[min, max]`, `Timestamp[min, max]` (`lc`: the name in lower case), the bounds
    /// as numbers; one bound is both.
    fn time_range(&self, e: &Expr, lc: &str, keys: Vec<Arg>) -> R<Type> {
        if keys.len() > 2 {
            return Err(self.arity(e, &capitalize_segments(lc), "0 to 2", keys.len()));
        }
        let mut b = [None, None];
        for (i, k) in keys.iter().enumerate() {
            b[i] = match k {
                Arg::Int(v) => Some(*v as f64),
                Arg::Float(f) => Some(*f),
                Arg::Default => None,
                other => {
                    return Err(self.err(
                        e,
                        format!(
                            "{}[] with {} is not supported by plint",
                            capitalize_segments(lc),
                            other.kind()
                        ),
                    ));
                }
            };
        }
        let r = FloatRange {
            min: b[0],
            max: if keys.len() == 1 { b[0] } else { b[1] },
        };
        Ok(if lc == "timespan" {
            Type::Timespan(r)
        } else {
            Type::Timestamp(r)
        })
    }

    /// `SemVer[ranges...]`.
    fn semver(&self, e: &Expr, keys: Vec<Arg>) -> R<Type> {
        if keys.is_empty() {
            return Err(self.arity(e, "SemVer", "1 or more", 0));
        }
        let mut ranges = Vec::new();
        for k in keys {
            match k {
                Arg::Str(s) => ranges.push(s),
                other => {
                    return Err(self.err(
                        e,
                        format!("SemVer[] arguments must be strings, not {}", other.kind()),
                    ));
                }
            }
        }
        Ok(Type::SemVer(ranges))
    }

    /// `URI[string]`, `URI[{parts}]` (the hash kept as written).
    fn uri(&self, e: &Expr, keys: Vec<Arg>) -> R<Type> {
        match keys.as_slice() {
            [Arg::Str(s)] => Ok(Type::Uri(Some(s.clone()))),
            [Arg::Hash(_)] => Ok(Type::Uri(Some(self.text(e)))),
            k => Err(self.arity(e, "URI", "1", k.len())),
        }
    }

    /// `Runtime[runtime, name]`.
    fn runtime(&self, e: &Expr, keys: Vec<Arg>) -> R<Type> {
        match keys.as_slice() {
            [Arg::Str(r), Arg::Str(n)] => Ok(Type::Runtime {
                runtime: Some(r.clone()),
                name: Some(n.clone()),
            }),
            k => Err(self.arity(e, "Runtime", "2", k.len())),
        }
    }

    /// `Object[{...}]`, `TypeSet[{...}]` (`lc`: the name in lower case): the kind only.
    fn object(&self, e: &Expr, lc: &str, args: &[Arg]) -> R<Type> {
        if args.len() != 1 {
            return Err(self.arity(e, &capitalize_segments(lc), "1", args.len()));
        }
        Ok(if lc == "object" {
            Type::Object(None)
        } else {
            Type::TypeSet
        })
    }

    /// `Resource[name, title]`, `Name[title]`.
    fn titled(&self, e: &Expr, type_name: String, keys: Vec<Arg>) -> R<Type> {
        let keys: Vec<Arg> = keys
            .into_iter()
            .filter(|k| !matches!(k, Arg::Undef))
            .collect();
        match keys.as_slice() {
            [] => Ok(Type::Resource {
                type_name: Some(type_name),
                title: None,
            }),
            [Arg::Str(t)] => Ok(Type::Resource {
                type_name: Some(type_name),
                title: Some(t.clone()),
            }),
            [other] => Err(self.err(
                e,
                format!(
                    "cannot use {} where a resource title String is expected",
                    other.kind()
                ),
            )),
            _ => Err(self.err(
                e,
                "a reference with several titles is an array of references, not a type".into(),
            )),
        }
    }

    fn callable(&self, e: &Expr, args: Vec<Arg>) -> R<Type> {
        let mut params = args;
        let mut ret = None;
        if matches!(params.first(), Some(Arg::Array(_))) {
            if params.len() != 2 {
                return Err(self.arity(
                    e,
                    "Callable",
                    "2 when first parameter is an array",
                    params.len(),
                ));
            }
            let r = params.pop().unwrap_or(Arg::Undef);
            let r = self.want_type(e, "Callable", r)?;
            ret = (r != Type::Any).then(|| Box::new(r));
            let Some(Arg::Array(inner)) = params.pop() else {
                return Err(self.invalid(e));
            };
            params = inner;
        }
        let mut block = None;
        if matches!(params.last(), Some(Arg::Type(t)) if kind_of_callable(t))
            && let Some(Arg::Type(t)) = params.pop()
        {
            block = Some(Box::new(t));
        }
        let k = params.len();
        let mut size = None;
        if k >= 2 && params[k - 2].is_range() && params[k - 1].is_range() {
            size = Some(self.range(
                e,
                params[k - 2].bound().flatten(),
                params[k - 1].bound().flatten(),
            )?);
            params.truncate(k - 2);
        } else if k >= 1 && params[k - 1].is_range() {
            size = Some(IntRange::new(params[k - 1].bound().flatten(), None));
            params.truncate(k - 1);
        }
        let mut types = params
            .into_iter()
            .map(|p| self.want_type(e, "Callable", p))
            .collect::<R<Vec<_>>>()?;
        if types.is_empty() && size.is_some_and(|s| s.hi() > 0) {
            types.push(Type::Unit);
        }
        Ok(Type::Callable(CallableType {
            params: Some(TupleType {
                types,
                size: size.map(IntRange::to_size),
            }),
            block,
            ret,
        }))
    }

    fn structure(&self, e: &Expr, entries: Vec<(Arg, Arg)>) -> R<Type> {
        let mut members = Vec::with_capacity(entries.len());
        for (k, v) in entries {
            let value = self.want_type(e, "Struct", v)?;
            let (name, optional) = match k {
                Arg::Str(s) => {
                    if s.is_empty() {
                        return Err(
                            self.err(e, "Struct element key cannot be an empty String".into())
                        );
                    }
                    let opt = is_assignable(&value, &Type::Undef, &NoAliases);
                    (s, opt)
                }
                Arg::Type(Type::Optional(Some(inner))) => match *inner {
                    Type::String(StringType { value: Some(s), .. }) => (s, true),
                    Type::Enum(en) if en.values.len() == 1 => (en.values[0].clone(), true),
                    _ => return Err(self.struct_key(e)),
                },
                Arg::Type(Type::NotUndef(Some(inner))) => match *inner {
                    Type::String(StringType { value: Some(s), .. }) => (s, false),
                    Type::Enum(en) if en.values.len() == 1 => (en.values[0].clone(), false),
                    _ => return Err(self.struct_key(e)),
                },
                _ => return Err(self.struct_key(e)),
            };
            let member = StructMember {
                name,
                optional,
                value,
            };
            // A key given twice keeps its place and takes the last value (a Ruby hash).
            match members
                .iter_mut()
                .find(|m: &&mut StructMember| m.name == member.name)
            {
                Some(m) => *m = member,
                None => members.push(member),
            }
        }
        Ok(Type::Struct(members))
    }

    fn struct_key(&self, e: &Expr) -> TypeError {
        self.err(
            e,
            "a Struct key must be a string, or Optional / NotUndef of a string".into(),
        )
    }
}
