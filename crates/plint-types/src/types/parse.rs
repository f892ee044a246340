//! Type expressions -> [`Type`]: `Integer[1, 3]`, `Optional[Hash[String, Data]]`, ...
//!
//! Follows Puppet's evaluator (`AccessOperator`, the code that runs for a parameter's type in a
//! manifest): type names are case insensitive, arrays in the brackets are flattened, a string
//! in `Optional` / `NotUndef` is the type of that string, `Class['Foo']` is `Class[foo]`, an
//! unknown capitalized name is a type alias or resource type left to a resolver
//! ([`Type::Alias`]), and `Name['title']` is a resource reference.

mod access;

use std::fmt;

use super::{
    BUILTIN_RESOURCE_TYPES, CallableType, EnumType, FloatRange, IntRange, TupleType, Type,
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
