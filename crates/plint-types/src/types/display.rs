//! Types printed as Puppet prints them (`Integer[1, 3]`, `Enum['a', 'b']`, `Hash[String, Data]`).

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt::{self, Write};

use super::{
    ArrayType, FloatRange, HashType, IntRange, StructMember, TupleType, Type, assign::NoAliases,
    is_assignable,
};

const ERROR_OBJECT: &str = "Object[{name => 'Error', type_parameters => {'kind' => Variant[String, Regexp, Type[Enum], Type[Pattern], Type[NotUndef], Type[Undef]], 'issue_code' => Variant[String, Regexp, Type[Enum], Type[Pattern], Type[NotUndef], Type[Undef]]}, attributes => {'msg' => String[1], 'kind' => {type => Optional[String[1]], value => undef}, 'details' => {type => Optional[Hash[String[1], Data]], value => undef}, 'issue_code' => {type => Optional[String[1]], value => undef}}, functions => {'message' => Callable[[0, 0], String[1]]}}]";
const DEFERRED_OBJECT: &str = "Object[{name => 'Deferred', attributes => {'name' => Pattern[/\\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\\z/], 'arguments' => {type => Optional[Array], value => undef}}}]";
const TYPESET: &str = "TypeSet[{pcore_uri => 'http://puppet.com/2016.1/pcore', pcore_version => '1.0.0', name_authority => 'http://puppet.com/2016.1/runtime', name => 'DefaultTypeSet', version => '0.0.0'}]";

/// Aliases to show expanded (`Name = Type`), while [`expanded_string`] runs.
struct Expand {
    /// Lower-case name -> (resolved type, self-recursive).
    aliases: HashMap<String, (Type, bool)>,
    /// The recursive aliases being shown.
    stack: Vec<String>,
}

/// A type being shown, with the aliases to expand when [`expanded_string`] shows it (`None`
/// for Puppet's plain form): each type inside it is shown with the same.
struct Shown<'a> {
    t: &'a Type,
    expand: Option<&'a RefCell<Expand>>,
}

impl<'a> Shown<'a> {
    /// A type inside the one shown, shown alike.
    fn sub<'b>(&self, t: &'b Type) -> Shown<'b>
    where
        'a: 'b,
    {
        Shown {
            t,
            expand: self.expand,
        }
    }

    /// The resolved type to show after `Name = `, when expanding and `name` should be
    /// expanded here (a self-recursive alias is expanded once, then shown by name).
    fn expansion_of(&self, name: &str) -> Option<Type> {
        let mut ctx = self.expand?.borrow_mut();
        let lc = name.to_ascii_lowercase();
        let (ty, recursive) = ctx.aliases.get(&lc)?.clone();
        if recursive && ctx.stack.contains(&lc) {
            return None;
        }
        ctx.stack.push(lc);
        Some(ty)
    }
}

/// The type as Puppet's `to_alias_expanded_s` shows it: each alias (but Puppet's built-in
/// ones) as `Name = Type`.
pub fn expanded_string(t: &Type, calc: &super::TypeCalculator<'_>) -> String {
    let mut aliases = HashMap::new();
    let mut todo = vec![t.clone()];
    while let Some(t) = todo.pop() {
        if let Type::Alias(n) = &t {
            let lc = n.to_ascii_lowercase();
            if super::builtin_alias(&lc).is_none()
                && !aliases.contains_key(&lc)
                && let Some(r) = calc.resolve_alias(&lc)
            {
                aliases.insert(lc.clone(), (r.clone(), calc.is_recursive_alias(&lc)));
                todo.push(r);
            }
        }
        t.for_each_child(&mut |c| todo.push(c.clone()));
    }
    let expand = RefCell::new(Expand {
        aliases,
        stack: Vec::new(),
    });
    Shown {
        t,
        expand: Some(&expand),
    }
    .to_string()
}

/// Quotes a string as Puppet does in types: single quotes, with `'` escaped (and a
/// backslash that does not escape anything doubled at the end); double quotes when the string
/// has control characters.
pub fn puppet_quote(s: &str) -> String {
    if s.chars().any(|c| (c as u32) < 0x20) {
        let mut out = String::from("\"");
        for c in s.chars() {
            match c {
                '\t' => out.push_str("\\t"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '$' => out.push_str("\\$"),
                c if (c as u32) < 0x20 => {
                    let _ = write!(out, "\\u{{{:X}}}", c as u32);
                }
                c => out.push(c),
            }
        }
        out.push('"');
        return out;
    }
    let mut out = String::from("'");
    let mut escaped = false;
    for c in s.chars() {
        if escaped {
            out.push('\\');
            out.push(c);
            escaped = false;
        } else if c == '\'' {
            out.push_str("\\'");
        } else if c == '\\' {
            escaped = true;
        } else {
            out.push(c);
        }
    }
    if escaped {
        out.push('\\');
    }
    out.push('\'');
    out
}

/// A regexp source between slashes, as Ruby's `Regexp#inspect` shows it (unescaped `/`
/// escaped).
pub fn regexp_literal(src: &str) -> String {
    let mut out = String::from("/");
    let mut prev_backslash = false;
    for c in src.chars() {
        if c == '/' && !prev_backslash {
            out.push('\\');
        }
        prev_backslash = c == '\\' && !prev_backslash;
        out.push(c);
    }
    out.push('/');
    out
}

fn range_parts(r: Option<IntRange>) -> Vec<String> {
    match r {
        None => Vec::new(),
        Some(r) if r.is_unbounded() => Vec::new(),
        Some(r) => {
            let mut v = vec![r.min.map_or("default".to_string(), |m| m.to_string())];
            if let Some(m) = r.max {
                v.push(m.to_string());
            }
            v
        }
    }
}

fn float_parts(r: FloatRange) -> Vec<String> {
    if r.is_unbounded() {
        return Vec::new();
    }
    let mut v = vec![
        r.min
            .map_or("default".to_string(), crate::ruby_core::float::to_s),
    ];
    if let Some(m) = r.max {
        v.push(crate::ruby_core::float::to_s(m));
    }
    v
}

/// A timespan in seconds as Puppet prints it (`'1-02:03:04.5'`).
fn timespan_text(f: f64) -> String {
    let neg = f < 0.0;
    let a = f.abs();
    let whole = a.trunc() as i64;
    let frac = a - a.trunc();
    let (d, h, m, s) = (
        whole / 86400,
        whole / 3600 % 24,
        whole / 60 % 60,
        whole % 60,
    );
    let mut fs = format!("{frac}");
    fs = fs.trim_start_matches('0').to_string();
    if fs.is_empty() || fs == "." {
        fs = ".0".into();
    }
    format!(
        "'{}{d}-{h:02}:{m:02}:{s:02}{fs}'",
        if neg { "-" } else { "" }
    )
}

/// A timestamp in seconds since the epoch as Puppet prints it
/// (`'1970-01-01T00:16:40.000000000 UTC'`).
fn timestamp_text(f: f64) -> String {
    let secs = f.floor() as i64;
    let nanos = ((f - f.floor()) * 1e9).round() as i64;
    let days = secs.div_euclid(86400);
    let rem = secs.rem_euclid(86400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "'{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{nanos:09} UTC'",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

fn time_parts(r: FloatRange, stamp: bool) -> Vec<String> {
    if r.is_unbounded() {
        return Vec::new();
    }
    let num = |f: f64| {
        if stamp {
            timestamp_text(f)
        } else {
            timespan_text(f)
        }
    };
    let mut v = vec![r.min.map_or("default".to_string(), num)];
    if let Some(m) = r.max
        && Some(m) != r.min
    {
        v.push(num(m));
    }
    v
}

fn with_params(f: &mut fmt::Formatter<'_>, name: &str, parts: &[String]) -> fmt::Result {
    f.write_str(name)?;
    if !parts.is_empty() {
        write!(f, "[{}]", parts.join(", "))?;
    }
    Ok(())
}

impl Shown<'_> {
    fn opt_param(
        &self,
        f: &mut fmt::Formatter<'_>,
        name: &str,
        t: &Option<Box<Type>>,
    ) -> fmt::Result {
        match t {
            None => f.write_str(name),
            Some(t) => write!(f, "{name}[{}]", self.sub(t)),
        }
    }

    fn tuple_params(&self, t: &TupleType, skip_unit: bool) -> Vec<String> {
        let mut parts: Vec<String> = t
            .types
            .iter()
            .filter(|t| !(skip_unit && **t == Type::Unit))
            .map(|t| self.sub(t).to_string())
            .collect();
        parts.extend(range_parts(t.size));
        parts
    }

    fn callable_params(&self, c: &super::CallableType, params: &TupleType) -> Vec<String> {
        let mut parts: Vec<String> = params
            .types
            .iter()
            .filter(|t| **t != Type::Unit)
            .map(|t| self.sub(t).to_string())
            .collect();
        if params.types.is_empty() {
            parts.push("0".into());
            parts.push("0".into());
        } else {
            parts.extend(range_parts(params.size));
        }
        if let Some(b) = &c.block {
            parts.push(self.sub(b).to_string());
        }
        parts
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Shown {
            t: self,
            expand: None,
        }
        .fmt(f)
    }
}

impl Shown<'_> {
    /// `Array[...]`.
    fn fmt_array(&self, f: &mut fmt::Formatter<'_>, a: &ArrayType) -> fmt::Result {
        if a.size == Some(IntRange::exact(0)) {
            return f.write_str("Array[0, 0]");
        }
        if *a.elem == Type::Any && a.size.is_none() {
            return f.write_str("Array");
        }
        let mut parts = vec![self.sub(&a.elem).to_string()];
        parts.extend(range_parts(a.size));
        with_params(f, "Array", &parts)
    }

    /// `Hash[...]`.
    fn fmt_hash(&self, f: &mut fmt::Formatter<'_>, h: &HashType) -> fmt::Result {
        if h.size == Some(IntRange::exact(0)) {
            return f.write_str("Hash[0, 0]");
        }
        if *h.key == Type::Any && *h.value == Type::Any && h.size.is_none() {
            return f.write_str("Hash");
        }
        let mut parts = vec![self.sub(&h.key).to_string(), self.sub(&h.value).to_string()];
        parts.extend(range_parts(h.size));
        with_params(f, "Hash", &parts)
    }

    /// `Struct[{...}]`: a member optional or not undef said as Puppet says it.
    fn fmt_struct(&self, f: &mut fmt::Formatter<'_>, members: &[StructMember]) -> fmt::Result {
        if members.is_empty() {
            return f.write_str("Struct");
        }
        f.write_str("Struct[{")?;
        for (i, m) in members.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            let value_optional = is_assignable(&m.value, &Type::Undef, &NoAliases);
            let name = puppet_quote(&m.name);
            match (m.optional, value_optional) {
                (true, true) | (false, false) => f.write_str(&name)?,
                (true, false) => write!(f, "Optional[{name}]")?,
                (false, true) => write!(f, "NotUndef[{name}]")?,
            }
            write!(f, " => {}", self.sub(&m.value))?;
        }
        f.write_str("}]")
    }

    /// `Optional[...]`, `NotUndef[...]`.
    fn fmt_optional(&self, f: &mut fmt::Formatter<'_>, t: Option<&Type>) -> fmt::Result {
        let name = self.t.name();
        match t {
            None => f.write_str(name),
            Some(Type::Any) if matches!(self.t, Type::NotUndef(_)) => f.write_str(name),
            Some(Type::String(s)) if s.value.is_some() => {
                write!(
                    f,
                    "{name}[{}]",
                    puppet_quote(s.value.as_deref().unwrap_or(""))
                )
            }
            Some(t) => write!(f, "{name}[{}]", self.sub(t)),
        }
    }
}

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.t {
            Type::Any
            | Type::Unit
            | Type::Undef
            | Type::Default
            | Type::Scalar
            | Type::ScalarData
            | Type::Numeric
            | Type::CatalogEntry
            | Type::SemVerRange
            | Type::Binary => f.write_str(self.t.name()),
            Type::TypeSet => f.write_str(TYPESET),
            Type::Alias(n) => match self.expansion_of(n) {
                None => f.write_str(n),
                Some(ty) => {
                    let r = write!(f, "{n} = {}", self.sub(&ty));
                    if let Some(e) = self.expand {
                        e.borrow_mut().stack.pop();
                    }
                    r
                }
            },

            Type::Integer(r) => with_params(f, "Integer", &range_parts(Some(*r))),
            Type::Float(r) => with_params(f, "Float", &float_parts(*r)),
            Type::String(s) => with_params(f, "String", &range_parts(s.size)),
            Type::Enum(e) => {
                let mut parts: Vec<String> = e.values.iter().map(|v| puppet_quote(v)).collect();
                if e.case_insensitive && !parts.is_empty() {
                    parts.push("true".into());
                }
                with_params(f, "Enum", &parts)
            }
            Type::Pattern(ps) => {
                let parts: Vec<String> = ps.iter().map(|p| regexp_literal(p)).collect();
                with_params(f, "Pattern", &parts)
            }
            Type::Regexp(p) => match p {
                None => f.write_str("Regexp"),
                Some(p) => write!(f, "Regexp[{}]", regexp_literal(p)),
            },
            Type::Boolean(b) => match b {
                None => f.write_str("Boolean"),
                Some(b) => write!(f, "Boolean[{b}]"),
            },
            Type::Array(a) => self.fmt_array(f, a),
            Type::Hash(h) => self.fmt_hash(f, h),
            Type::Collection(r) => with_params(f, "Collection", &range_parts(*r)),
            Type::Tuple(t) => {
                if t.types.is_empty() {
                    return f.write_str("Tuple");
                }
                with_params(f, "Tuple", &self.tuple_params(t, false))
            }
            Type::Struct(members) => self.fmt_struct(f, members),
            Type::Variant(ts) => {
                let parts: Vec<String> = ts.iter().map(|t| self.sub(t).to_string()).collect();
                with_params(f, "Variant", &parts)
            }
            Type::Optional(t) | Type::NotUndef(t) => self.fmt_optional(f, t.as_deref()),
            Type::Iterable(t) => self.opt_param(f, "Iterable", t),
            Type::Iterator(t) => self.opt_param(f, "Iterator", t),
            Type::Type(t) => self.opt_param(f, "Type", t),
            Type::Init(t) => self.opt_param(f, "Init", t),
            Type::Sensitive(t) => {
                if **t == Type::Any {
                    f.write_str("Sensitive")
                } else {
                    write!(f, "Sensitive[{}]", self.sub(t))
                }
            }
            Type::Callable(c) => match (&c.params, &c.ret) {
                (None, None) => f.write_str("Callable"),
                (None, Some(r)) => write!(f, "Callable[[], {}]", self.sub(r)),
                (Some(p), None) => with_params(f, "Callable", &self.callable_params(c, p)),
                (Some(p), Some(r)) => write!(
                    f,
                    "Callable[[{}], {}]",
                    self.callable_params(c, p).join(", "),
                    self.sub(r)
                ),
            },
            Type::Resource { type_name, title } => match (type_name, title) {
                (None, _) => f.write_str("Resource"),
                (Some(n), None) => f.write_str(n),
                (Some(n), Some(t)) => write!(f, "{n}[{}]", puppet_quote(t)),
            },
            Type::Class(n) => match n {
                None => f.write_str("Class"),
                Some(n) => write!(f, "Class[{n}]"),
            },
            Type::Timespan(r) => with_params(f, "Timespan", &time_parts(*r, false)),
            Type::Timestamp(r) => with_params(f, "Timestamp", &time_parts(*r, true)),
            Type::SemVer(rs) => {
                let parts: Vec<String> = rs.iter().map(|r| puppet_quote(r)).collect();
                with_params(f, "SemVer", &parts)
            }
            Type::Uri(p) => match p {
                None => f.write_str("URI"),
                Some(p) if p.starts_with('{') => write!(f, "URI[{p}]"),
                Some(p) => write!(f, "URI[{}]", puppet_quote(p)),
            },
            Type::Object(n) if self.expand.is_some() => match n.as_deref() {
                None => f.write_str("Object[{}]"),
                Some("Error") => f.write_str(ERROR_OBJECT),
                Some("Deferred") => f.write_str(DEFERRED_OBJECT),
                Some(n) => f.write_str(n),
            },
            Type::Object(n) => match n.as_deref() {
                None => f.write_str("Object"),
                Some(n) => f.write_str(n),
            },
            Type::Runtime { runtime, name } => match (runtime, name) {
                (None, None) => f.write_str("Runtime"),
                _ => {
                    let parts: Vec<String> = [runtime, name]
                        .iter()
                        .enumerate()
                        .map(|(i, p)| match p.as_deref() {
                            None => "undef".to_string(),
                            Some(p) if i == 0 => p.to_string(),
                            Some(p) => puppet_quote(p),
                        })
                        .collect();
                    with_params(f, "Runtime", &parts)
                }
            },
            Type::TypeReference(n) => write!(f, "TypeReference[{}]", puppet_quote(n)),
        }
    }
}
