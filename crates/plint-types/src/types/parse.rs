//! Type expressions -> [`Type`]: `Integer[1, 3]`, `Optional[Hash[String, Data]]`, ...
//!
//! Follows Puppet's evaluator (`AccessOperator`, the code that runs for a parameter's type in a
//! manifest): type names are case insensitive, arrays in the brackets are flattened, a string
//! in `Optional` / `NotUndef` is the type of that string, `Class['Foo']` is `Class[foo]`, an
//! unknown capitalized name is a type alias or resource type left to a resolver
//! ([`Type::Alias`]), and `Name['title']` is a resource reference.

use std::fmt;

use super::{
    BUILTIN_RESOURCE_TYPES, CallableType, EnumType, FloatRange, IntRange, StructMember, TupleType,
    Type, assign::NoAliases, capitalize_segments, is_assignable,
};
use crate::syntax::ast::{Expr, ExprKind, Span, UnaryOp};

/// A type expression that is not a valid type: what is wrong and where (a byte span in the
/// parsed text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeError {
    pub message: String,
    pub span: Span,
}

impl fmt::Display for TypeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for TypeError {}

/// Parses type source text such as `Optional[Hash[String[1], Integer]]` with plint's parser
/// and lowers it with [`from_expr`].
pub fn parse(src: &str) -> Result<Type, TypeError> {
    let parsed = crate::syntax::parse(src);
    if let Some(d) = parsed.diagnostics.first() {
        return Err(TypeError {
            message: format!("syntax error in type `{}`: {}", src.trim(), d.message),
            span: Span::new(0, src.len()),
        });
    }
    match parsed.ast.statements.as_slice() {
        [one] => from_expr(one, src),
        _ => Err(TypeError {
            message: format!("`{}` is not a type", src.trim()),
            span: Span::new(0, src.len()),
        }),
    }
}

/// Lowers a type expression of the AST (a parameter's type, an alias's value) to a [`Type`].
/// `src` is the text the expression's spans point into (for messages).
pub fn from_expr(expr: &Expr, src: &str) -> Result<Type, TypeError> {
    let lw = Lower { src };
    match lw.value(expr)? {
        Arg::Type(t) => Ok(t),
        _ => Err(lw.invalid(expr)),
    }
}

/// Whether [`from_expr`] can lower `e` at all: `false` when the expression holds something
/// no type specification can (a variable, a call, an interpolated string, an operator, an
/// access of something that is not a type), which [`from_expr`] rejects wherever it stands.
/// Answered without building the error: a caller that only wants the type skips
/// expressions such as `Package[$name]` cheaply. `true` does not promise success.
pub fn may_lower(e: &Expr) -> bool {
    // The kinds `Lower::value` accepts, with the same recursion.
    match &e.kind {
        ExprKind::Integer(lit) => lit.value.is_some(),
        ExprKind::Float(_)
        | ExprKind::Boolean(_)
        | ExprKind::Undef
        | ExprKind::Default
        | ExprKind::Regex(_)
        | ExprKind::Name(_)
        | ExprKind::TypeRef(_) => true,
        ExprKind::String(s) => !s.is_interpolated(),
        ExprKind::Paren(inner) => may_lower(inner),
        ExprKind::Unary {
            op: UnaryOp::Neg,
            operand,
        } => may_lower(operand),
        ExprKind::Array(items) => items.iter().all(may_lower),
        ExprKind::Hash(h) => h
            .entries
            .iter()
            .all(|p| may_lower(&p.key) && may_lower(&p.value)),
        ExprKind::Access { target, args } => {
            matches!(target.kind, ExprKind::TypeRef(_))
                && !args.is_empty()
                && args.iter().all(may_lower)
        }
        _ => false,
    }
}

/// A value in a type expression's brackets.
#[derive(Debug, Clone)]
enum Arg {
    Type(Type),
    Int(i64),
    Float(f64),
    Str(String),
    Regex(String),
    Bool(bool),
    Default,
    Undef,
    Array(Vec<Arg>),
    Hash(Vec<(Arg, Arg)>),
}

impl Arg {
    fn kind(&self) -> &'static str {
        match self {
            Arg::Type(_) => "a Type",
            Arg::Int(_) => "an Integer",
            Arg::Float(_) => "a Float",
            Arg::Str(_) => "a String",
            Arg::Regex(_) => "a Regexp",
            Arg::Bool(_) => "a Boolean",
            Arg::Default => "default",
            Arg::Undef => "undef",
            Arg::Array(_) => "an Array",
            Arg::Hash(_) => "a Hash",
        }
    }

    fn is_range(&self) -> bool {
        matches!(self, Arg::Int(_) | Arg::Default) || matches!(self, Arg::Str(s) if s == "default")
    }

    /// A range bound: `None` for `default`.
    fn bound(&self) -> Option<Option<i64>> {
        match self {
            Arg::Int(i) => Some(Some(*i)),
            Arg::Default => Some(None),
            Arg::Str(s) if s == "default" => Some(None),
            _ => None,
        }
    }
}

fn flatten(args: Vec<Arg>) -> Vec<Arg> {
    let mut out = Vec::with_capacity(args.len());
    for a in args {
        match a {
            Arg::Array(inner) => out.extend(flatten(inner)),
            a => out.push(a),
        }
    }
    out
}

struct Lower<'s> {
    src: &'s str,
}

type R<T> = Result<T, TypeError>;

impl Lower<'_> {
    fn text(&self, e: &Expr) -> String {
        self.src
            .get(e.span.range())
            .map(str::to_string)
            .unwrap_or_default()
    }

    fn err(&self, e: &Expr, message: String) -> TypeError {
        TypeError {
            message,
            span: e.span,
        }
    }

    fn invalid(&self, e: &Expr) -> TypeError {
        self.err(
            e,
            format!(
                "the expression <{}> is not a valid type specification",
                self.text(e)
            ),
        )
    }

    fn value(&self, e: &Expr) -> R<Arg> {
        Ok(match &e.kind {
            ExprKind::Integer(lit) => match lit.value {
                Some(v) => Arg::Int(v),
                None => return Err(self.err(e, "integer out of range".to_string())),
            },
            ExprKind::Float(f) => Arg::Float(*f),
            ExprKind::Boolean(b) => Arg::Bool(*b),
            ExprKind::Undef => Arg::Undef,
            ExprKind::Default => Arg::Default,
            ExprKind::Regex(r) => Arg::Regex(r.clone()),
            ExprKind::String(s) => match s.literal_value() {
                Some(v) => Arg::Str(v),
                None => return Err(self.invalid(e)),
            },
            ExprKind::Name(n) => Arg::Str(n.clone()),
            ExprKind::Paren(inner) => self.value(inner)?,
            ExprKind::Unary {
                op: UnaryOp::Neg,
                operand,
            } => match self.value(operand)? {
                Arg::Int(i) => Arg::Int(i.checked_neg().ok_or_else(|| self.invalid(e))?),
                Arg::Float(f) => Arg::Float(-f),
                _ => return Err(self.invalid(e)),
            },
            ExprKind::Array(items) => {
                Arg::Array(items.iter().map(|i| self.value(i)).collect::<R<Vec<_>>>()?)
            }
            ExprKind::Hash(h) => Arg::Hash(
                h.entries
                    .iter()
                    .map(|p| Ok((self.value(&p.key)?, self.value(&p.value)?)))
                    .collect::<R<Vec<_>>>()?,
            ),
            ExprKind::TypeRef(name) => Arg::Type(self.reference(e, name)?),
            ExprKind::Access { target, args } => {
                let ExprKind::TypeRef(name) = &target.kind else {
                    return Err(self.invalid(e));
                };
                if args.is_empty() {
                    return Err(self.invalid(e));
                }
                let args = args.iter().map(|a| self.value(a)).collect::<R<Vec<_>>>()?;
                self.access(e, name, args)?
            }
            _ => return Err(self.invalid(e)),
        })
    }

    /// A bare reference: `Integer`, `File`, `Stdlib::Absolutepath`.
    fn reference(&self, e: &Expr, name: &str) -> R<Type> {
        let name = crate::syntax::trim_colons(name);
        let lc = name.to_ascii_lowercase();
        Ok(match lc.as_str() {
            "any" => Type::Any,
            "undef" => Type::Undef,
            "default" => Type::Default,
            "scalar" => Type::Scalar,
            "scalardata" => Type::ScalarData,
            "numeric" => Type::Numeric,
            "integer" => Type::integer(),
            "float" => Type::float(),
            "string" => Type::string(),
            "enum" => Type::Enum(EnumType::default()),
            "pattern" => Type::Pattern(Vec::new()),
            "regexp" => Type::Regexp(None),
            "boolean" => Type::Boolean(None),
            "array" => Type::array_any(),
            "hash" => Type::hash_any(),
            "collection" => Type::Collection(None),
            "tuple" => Type::Tuple(TupleType::default()),
            "struct" => Type::Struct(Vec::new()),
            "variant" => Type::Variant(Vec::new()),
            "optional" => Type::Optional(None),
            "notundef" => Type::NotUndef(None),
            "iterable" => Type::Iterable(None),
            "iterator" => Type::Iterator(None),
            "type" => Type::Type(None),
            "callable" => Type::Callable(CallableType::default()),
            "catalogentry" => Type::CatalogEntry,
            "resource" => Type::Resource {
                type_name: None,
                title: None,
            },
            "class" => Type::Class(None),
            "sensitive" => Type::Sensitive(Box::new(Type::Any)),
            "timespan" => Type::Timespan(FloatRange::ANY),
            "timestamp" => Type::Timestamp(FloatRange::ANY),
            "semver" => Type::SemVer(Vec::new()),
            "semverrange" => Type::SemVerRange,
            "binary" => Type::Binary,
            "init" => Type::Init(None),
            "uri" => Type::Uri(None),
            "object" => Type::Object(None),
            "typeset" => Type::TypeSet,
            "runtime" => Type::Runtime {
                runtime: None,
                name: None,
            },
            "typereference" => Type::TypeReference("UnresolvedReference".to_string()),
            "typealias" => return Err(self.invalid(e)),
            "error" => Type::Object(Some("Error".to_string())),
            "deferred" => Type::Object(Some("Deferred".to_string())),
            "data" => Type::Alias("Data".to_string()),
            "richdata" => Type::Alias("RichData".to_string()),
            "richdatakey" => Type::Alias("RichDataKey".to_string()),
            _ => {
                if let Some(rt) = BUILTIN_RESOURCE_TYPES
                    .iter()
                    .find(|t| t.eq_ignore_ascii_case(name))
                {
                    Type::Resource {
                        type_name: Some(rt.to_string()),
                        title: None,
                    }
                } else {
                    Type::Alias(name.to_string())
                }
            }
        })
    }

    fn arity(&self, e: &Expr, ty: &str, expected: &str, given: usize) -> TypeError {
        self.err(
            e,
            format!(
                "invalid number of type parameters specified: {ty} requires {expected}, {given} provided"
            ),
        )
    }

    fn want_type(&self, e: &Expr, ty: &str, a: Arg) -> R<Type> {
        match a {
            Arg::Type(t) => Ok(t),
            other => Err(self.err(
                e,
                format!("{ty}-Type[] arguments must be types, not {}", other.kind()),
            )),
        }
    }

    fn want_bound(&self, e: &Expr, ty: &str, a: &Arg) -> R<Option<i64>> {
        a.bound().ok_or_else(|| {
            self.err(
                e,
                format!(
                    "{ty}[] size arguments must be an Integer or default, not {}",
                    a.kind()
                ),
            )
        })
    }

    /// Puppet's `collection_size_t`: one `Integer[...]` type, or one or two bounds.
    fn size(&self, e: &Expr, ty: &str, keys: &[Arg]) -> R<IntRange> {
        if let [Arg::Type(Type::Integer(r))] = keys {
            return Ok(*r);
        }
        let min = match keys.first() {
            Some(a) => self.want_bound(e, ty, a)?,
            None => None,
        };
        let max = match keys.get(1) {
            Some(a) => self.want_bound(e, ty, a)?,
            None => None,
        };
        self.range(e, min, max)
    }

    fn range(&self, e: &Expr, min: Option<i64>, max: Option<i64>) -> R<IntRange> {
        if let (Some(a), Some(b)) = (min, max)
            && a > b
        {
            return Err(self.err(
                e,
                format!("'from' must be less or equal to 'to'. Got ({a}, {b})"),
            ));
        }
        Ok(IntRange::new(min, max))
    }

    fn float_bound(&self, e: &Expr, a: &Arg) -> R<Option<f64>> {
        match a {
            Arg::Int(i) => Ok(Some(*i as f64)),
            Arg::Float(f) => Ok(Some(*f)),
            Arg::Default => Ok(None),
            other => Err(self.err(
                e,
                format!(
                    "Float[] arguments must be numbers or default, not {}",
                    other.kind()
                ),
            )),
        }
    }

    #[allow(
        clippy::too_many_lines,
        reason = "not yet split into steps (issue 30 item 5)"
    )]
    fn access(&self, e: &Expr, name: &str, args: Vec<Arg>) -> R<Arg> {
        let name = crate::syntax::trim_colons(name);
        let lc = name.to_ascii_lowercase();
        let n = args.len();
        let t = match lc.as_str() {
            "integer" => {
                let keys = flatten(args);
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
                Type::Integer(self.range(e, b[0], b[1])?)
            }
            "float" => {
                let keys = flatten(args);
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
                Type::Float(FloatRange { min, max })
            }
            "string" => {
                let keys = flatten(args);
                if !(1..=2).contains(&keys.len()) {
                    return Err(self.arity(e, "String", "1 to 2", keys.len()));
                }
                let r = self.size(e, "String", &keys)?;
                Type::String(super::StringType {
                    size: Some(r.to_size()),
                    value: None,
                })
            }
            "collection" => {
                let keys = flatten(args);
                if !(1..=2).contains(&keys.len()) {
                    return Err(self.arity(e, "Collection", "1 to 2", keys.len()));
                }
                Type::Collection(Some(self.size(e, "Collection", &keys)?.to_size()))
            }
            "array" => {
                let mut keys = flatten(args);
                match keys.len() {
                    1 => {
                        let t = self.want_type(e, "Array", keys.remove(0))?;
                        Type::array(t, None)
                    }
                    2 | 3 => {
                        if matches!(keys[0], Arg::Type(_)) {
                            let t = self.want_type(e, "Array", keys.remove(0))?;
                            let r = self.size(e, "Array", &keys)?;
                            Type::array(t, Some(r))
                        } else if keys.len() == 2 {
                            let r = self.size(e, "Array", &keys)?;
                            Type::array(Type::Any, Some(r))
                        } else {
                            return Err(self.want_type(e, "Array", keys.remove(0)).unwrap_err());
                        }
                    }
                    k => return Err(self.arity(e, "Array", "1 to 3", k)),
                }
            }
            "hash" => {
                let mut keys = flatten(args);
                if let [Arg::Int(a), Arg::Int(b)] = keys.as_slice() {
                    let r = self.range(e, Some(*a), Some(*b))?;
                    Type::hash(Type::Any, Type::Any, Some(r))
                } else {
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
                    Type::hash(kt, v, size)
                }
            }
            "enum" => {
                let mut keys = flatten(args);
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
                Type::Enum(EnumType::new(values, ci))
            }
            "pattern" => {
                let keys = flatten(args);
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
                Type::Pattern(pats)
            }
            "regexp" => {
                let keys = flatten(args);
                match keys.as_slice() {
                    [Arg::Str(s) | Arg::Regex(s)] => Type::Regexp(Some(s.clone())),
                    [other] => {
                        return Err(self.err(
                            e,
                            format!(
                                "Regexp[] argument must be a string or regexp, not {}",
                                other.kind()
                            ),
                        ));
                    }
                    k => return Err(self.arity(e, "Regexp", "1", k.len())),
                }
            }
            "boolean" => match flatten(args).as_slice() {
                [Arg::Bool(b)] => Type::Boolean(Some(*b)),
                [_] => {
                    return Err(self.err(e, "Boolean parameter must be true or false".into()));
                }
                k => return Err(self.arity(e, "Boolean", "1", k.len())),
            },
            "variant" => {
                let keys = flatten(args);
                if keys.is_empty() {
                    return Err(self.arity(e, "Variant", "1 or more", 0));
                }
                let types = keys
                    .into_iter()
                    .map(|k| self.want_type(e, "Variant", k))
                    .collect::<R<Vec<_>>>()?;
                Type::variant(types)
            }
            "optional" | "notundef" => {
                let mut keys = flatten(args);
                let opt = lc == "optional";
                let inner = match keys.len() {
                    0 if !opt => None,
                    1 => match keys.remove(0) {
                        Arg::Str(s) => Some(Type::string_value(s)),
                        Arg::Type(Type::Any) if !opt => None,
                        k => {
                            Some(self.want_type(e, if opt { "Optional" } else { "NotUndef" }, k)?)
                        }
                    },
                    k => {
                        return Err(self.arity(
                            e,
                            if opt { "Optional" } else { "NotUndef" },
                            if opt { "1" } else { "0 to 1" },
                            k,
                        ));
                    }
                };
                let inner = inner.map(Box::new);
                if opt {
                    Type::Optional(inner)
                } else {
                    Type::NotUndef(inner)
                }
            }
            "type" | "iterable" | "iterator" | "sensitive" => {
                let mut keys = flatten(args);
                let label = capitalize_segments(&lc);
                if keys.len() != 1 {
                    return Err(self.arity(e, &label, "1", keys.len()));
                }
                let t = self.want_type(e, &label, keys.remove(0))?;
                match lc.as_str() {
                    "type" => Type::type_of(t),
                    "iterable" => Type::Iterable(Some(Box::new(t))),
                    "iterator" => Type::Iterator(Some(Box::new(t))),
                    _ => Type::Sensitive(Box::new(t.generalize())),
                }
            }
            "init" => {
                let mut keys = args;
                if keys.is_empty() {
                    Type::Init(None)
                } else {
                    let t = self.want_type(e, "Init", keys.remove(0))?;
                    Type::Init(Some(Box::new(t)))
                }
            }
            "tuple" => {
                let mut keys = flatten(args);
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
                Type::tuple(types, size)
            }
            "callable" => self.callable(e, args)?,
            "struct" => {
                let mut keys = args;
                if keys.len() != 1 {
                    return Err(self.arity(e, "Struct", "1", keys.len()));
                }
                let Arg::Hash(entries) = keys.remove(0) else {
                    return Err(self.invalid(e));
                };
                self.structure(e, entries)?
            }
            "class" => {
                let keys = flatten(args);
                match keys.as_slice() {
                    [Arg::Str(s)] => {
                        let lc = s.to_lowercase();
                        Type::Class(Some(lc.trim_start_matches("::").to_string()))
                    }
                    [other] => {
                        return Err(self.err(e, format!("illegal Class name: {}", other.kind())));
                    }
                    [] => return Err(self.arity(e, "Class", "1", 0)),
                    _ => {
                        return Err(self.err(
                            e,
                            "Class[] with several names is an array of classes, not a type".into(),
                        ));
                    }
                }
            }
            "resource" => {
                let mut keys = flatten(args);
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
                        return Err(
                            self.err(e, format!("illegal Resource type name: {}", other.kind()))
                        );
                    }
                };
                self.titled(e, type_name, keys)?
            }
            "timespan" | "timestamp" => {
                let keys = flatten(args);
                if keys.len() > 2 {
                    return Err(self.arity(e, &capitalize_segments(&lc), "0 to 2", keys.len()));
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
                                    capitalize_segments(&lc),
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
                if lc == "timespan" {
                    Type::Timespan(r)
                } else {
                    Type::Timestamp(r)
                }
            }
            "semver" => {
                let keys = flatten(args);
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
                Type::SemVer(ranges)
            }
            "uri" => match flatten(args).as_slice() {
                [Arg::Str(s)] => Type::Uri(Some(s.clone())),
                [Arg::Hash(_)] => Type::Uri(Some(self.text(e))),
                k => return Err(self.arity(e, "URI", "1", k.len())),
            },
            "runtime" => match flatten(args).as_slice() {
                [Arg::Str(r), Arg::Str(n)] => Type::Runtime {
                    runtime: Some(r.clone()),
                    name: Some(n.clone()),
                },
                k => return Err(self.arity(e, "Runtime", "2", k.len())),
            },
            "object" | "typeset" => {
                if args.len() != 1 {
                    return Err(self.arity(e, &capitalize_segments(&lc), "1", args.len()));
                }
                if lc == "object" {
                    Type::Object(None)
                } else {
                    Type::TypeSet
                }
            }
            "any" | "data" | "richdata" | "richdatakey" | "catalogentry" | "scalar"
            | "scalardata" | "undef" | "numeric" | "default" | "semverrange" | "binary"
            | "error" | "deferred" | "typereference" | "typealias" => {
                return Err(self.err(e, format!("not a parameterized type <{}>", self.text(e))));
            }
            _ => {
                let type_name = capitalize_segments(name);
                let _ = n;
                self.titled(e, type_name, flatten(args))?
            }
        };
        Ok(Arg::Type(t))
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
                    Type::String(super::StringType { value: Some(s), .. }) => (s, true),
                    Type::Enum(en) if en.values.len() == 1 => (en.values[0].clone(), true),
                    _ => return Err(self.struct_key(e)),
                },
                Arg::Type(Type::NotUndef(Some(inner))) => match *inner {
                    Type::String(super::StringType { value: Some(s), .. }) => (s, false),
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

/// Is `t` a callable, an optional callable, or a variant of callables (a block parameter)?
pub(crate) fn kind_of_callable(t: &Type) -> bool {
    match t {
        Type::Callable(_) => true,
        Type::Optional(Some(inner)) => kind_of_callable(inner),
        Type::Variant(ts) => ts.iter().all(kind_of_callable),
        _ => false,
    }
}
