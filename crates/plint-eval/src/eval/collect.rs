//! Collector queries: `File <| title == 'x' and (tag == 'web' or ensure != absent) |>` and the
//! exported form `<<| |>>`, as Puppet 7 evaluates them (its collector transformer and the
//! catalog collector).
//!
//! A query is built once from the AST, its operand values evaluated by the caller's evaluator
//! (in the collector's scope), then matched against resources:
//!
//! - `attr == value`: equality as Puppet's `==` (strings case-insensitively, `1 == 1.0`, a
//!   string never equals a number); when the resource's value of `attr` is an array, the
//!   query matches if any element does (Puppet's `in`: an element that is a regexp matches a
//!   string value by regexp).
//! - `tag == value`: the resource's tags (its own and the automatic ones: type, title, class
//!   names) include the value, lower-cased; an array value matches if any of its tags is there.
//!   A number is an error ("Cannot transform a number to a tag").
//! - `attr != value`: not equal, comparing the whole value: an array parameter is never equal
//!   to a string. `tag != x` compares the `tag` *parameter* (Puppet's special case of tags is
//!   for `==` only).
//! - `title` is the resource's title; any other name is the parameter as set on the resource
//!   (a parameter not set, a namevar left to the title included, is `undef`).
//! - `and` binds tighter than `or`; parentheses group.
//!
//! Operands: a bare word is a string, `undef` is undef, strings, numbers, booleans, variables
//! and `[]` access expressions (`File['/x']`, `$facts['fqdn']`) are evaluated. Anything else (a
//! literal array or hash, a function call, arithmetic) is an evaluation error, as in Puppet;
//! operators other than `==`, `!=`, `and`, `or` are rejected ("Illegal query expression").
//!
//! Exported collectors: without storeconfigs (PuppetDB), which is how plint and `puppet apply`
//! compile, Puppet collects nothing with `<<| |>>` and warns
//! ([`NO_STORECONFIGS_COLLECTION`]); an exported resource stays in the catalog, marked
//! `exported`, and is not realized by it ([`NO_STORECONFIGS_EXPORT`]). [`collect_exported`]
//! gives what a storeconfigs-enabled compile would collect from this catalog alone.

use std::borrow::Cow;

use super::catalog::{Catalog, Resource};
use super::error::{EvalError, EvalResult};
use super::ops;
use super::value::Value;
use crate::syntax::ast::{BinaryOp, Expr, ExprKind, UnaryOp};
use crate::types::RegexCache;

/// Puppet's warning for an exported collector (`<<| |>>`) in a compile without storeconfigs.
pub const NO_STORECONFIGS_COLLECTION: &str = "You cannot collect exported resources without storeconfigs being set; the collection will be ignored";

/// Puppet's warning for an exported resource (`@@file { }`) in a compile without storeconfigs.
pub const NO_STORECONFIGS_EXPORT: &str =
    "You cannot collect exported resources without storeconfigs being set; the export is ignored";

/// A collector's query, its operands evaluated.
#[derive(Debug, Clone, PartialEq)]
pub enum Query {
    /// No query (`<| |>`): every resource of the type.
    All,
    /// `attr == value` (not `tag`).
    Eq {
        attr: String,
        value: Value,
    },
    /// `attr != value` (`tag` included: the `tag` parameter).
    Ne {
        attr: String,
        value: Value,
    },
    /// `tag == value`: the tags to look for, lower case. `None` when the value is not known.
    Tagged(Option<Vec<String>>),
    And(Box<Query>, Box<Query>),
    Or(Box<Query>, Box<Query>),
}

impl Query {
    /// Builds the query of a collector from its AST (`None` for `<| |>`). `eval` evaluates an
    /// operand (a string, a number, a boolean, a variable, an access expression) in the
    /// collector's scope; bare words and `undef` are taken as they are.
    pub fn from_ast(
        query: Option<&Expr>,
        eval: &mut dyn FnMut(&Expr) -> EvalResult<Value>,
    ) -> EvalResult<Query> {
        match query {
            None => Ok(Query::All),
            Some(e) => build(e, eval),
        }
    }

    /// Whether the resource matches; `None` when that depends on an unknown value (an unknown
    /// operand, or an unknown parameter or title of the resource).
    /// A regexp operand matches with `regexes` (the compilation's).
    pub fn evaluate(&self, r: &Resource, regexes: &RegexCache) -> Option<bool> {
        match self {
            Query::All => Some(true),
            Query::Eq { attr, value } => {
                let actual = attribute(r, attr)?;
                if value.contains_unknown() || actual.contains_unknown() {
                    return None;
                }
                match &*actual {
                    Value::Array(_) => match ops::in_op(regexes, value, &actual) {
                        Ok(outcome) => outcome.value.truthy(),
                        Err(_) => Some(false),
                    },
                    _ => Some(ops::equals(&actual, value)),
                }
            }
            Query::Ne { attr, value } => {
                let actual = attribute(r, attr)?;
                if value.contains_unknown() || actual.contains_unknown() {
                    return None;
                }
                Some(!ops::equals(&actual, value))
            }
            Query::Tagged(tags) => {
                let tags = tags.as_ref()?;
                Some(tags.iter().any(|t| r.tags.iter().any(|rt| rt == t)))
            }
            // Kleene logic: a known false (true) decides `and` (`or`) whatever the other side.
            Query::And(a, b) => match (a.evaluate(r, regexes), b.evaluate(r, regexes)) {
                (Some(false), _) | (_, Some(false)) => Some(false),
                (Some(true), Some(true)) => Some(true),
                _ => None,
            },
            Query::Or(a, b) => match (a.evaluate(r, regexes), b.evaluate(r, regexes)) {
                (Some(true), _) | (_, Some(true)) => Some(true),
                (Some(false), Some(false)) => Some(false),
                _ => None,
            },
        }
    }
}

/// Whether the resource matches the query (false when that cannot be known; see
/// [`Query::evaluate`]).
pub fn matches(query: &Query, r: &Resource, regexes: &RegexCache) -> bool {
    query.evaluate(r, regexes) == Some(true)
}

/// The resources a collector `Type <| query |>` collects, in catalog order: every resource of
/// the type that matches, virtual or not, exported or not (Puppet's catalog collector; the
/// caller realizes the virtual ones and applies the override block to all). `type_name` is
/// capitalized as the catalog writes it (`File`, `Apache::Vhost`).
pub fn collect(cat: &Catalog, type_name: &str, query: &Query, regexes: &RegexCache) -> Vec<usize> {
    cat.resources()
        .iter()
        .enumerate()
        .filter(|(_, r)| r.type_name == type_name && matches(query, r, regexes))
        .map(|(i, _)| i)
        .collect()
}

/// The resources of this catalog a collector `Type <<| query |>>` would collect with
/// storeconfigs: the exported resources of the type that match. Without storeconfigs (the
/// default, and `puppet apply`), Puppet collects nothing and warns
/// ([`NO_STORECONFIGS_COLLECTION`]).
pub fn collect_exported(
    cat: &Catalog,
    type_name: &str,
    query: &Query,
    regexes: &RegexCache,
) -> Vec<usize> {
    cat.resources()
        .iter()
        .enumerate()
        .filter(|(_, r)| r.type_name == type_name && r.exported && matches(query, r, regexes))
        .map(|(i, _)| i)
        .collect()
}

/// The value of `attr` on the resource as a collector sees it; `None` when unknown.
fn attribute<'a>(r: &'a Resource, attr: &str) -> Option<Cow<'a, Value>> {
    if attr == "title" {
        return match &r.unknown_title {
            Some(_) => None,
            None => Some(Cow::Owned(Value::string(r.title.clone()))),
        };
    }
    Some(match r.param(attr) {
        Some(v) => Cow::Borrowed(v),
        None => Cow::Owned(Value::Undef),
    })
}

fn build(e: &Expr, eval: &mut dyn FnMut(&Expr) -> EvalResult<Value>) -> EvalResult<Query> {
    match &e.kind {
        ExprKind::Paren(inner) => build(inner, eval),
        ExprKind::Binary {
            op, left, right, ..
        } => match op {
            BinaryOp::And => Ok(Query::And(
                Box::new(build(left, eval)?),
                Box::new(build(right, eval)?),
            )),
            BinaryOp::Or => Ok(Query::Or(
                Box::new(build(left, eval)?),
                Box::new(build(right, eval)?),
            )),
            BinaryOp::Eq | BinaryOp::Ne => {
                let name = operand(left, eval)?;
                let value = operand(right, eval)?;
                let attr = match &name {
                    Value::String(s) => s.clone(),
                    other if other.contains_unknown() => {
                        return Err(EvalError::new(
                            "The attribute name of a query is not known statically",
                        )
                        .at(left.span));
                    }
                    other => {
                        return Err(EvalError::new(format!(
                            "The left operand of a query must be an attribute name, got {}",
                            ops::a_an(other)
                        ))
                        .at(left.span));
                    }
                };
                if *op == BinaryOp::Ne {
                    return Ok(Query::Ne { attr, value });
                }
                if attr == "tag" {
                    return Ok(Query::Tagged(
                        tags_of(&value).map_err(|m| EvalError::new(m).at(right.span))?,
                    ));
                }
                Ok(Query::Eq { attr, value })
            }
            other => Err(
                illegal(a_an_expression(&format!("'{}' expression", other.as_str()))).at(e.span),
            ),
        },
        _ => Err(illegal(a_an_expression(puppet_class(e))).at(e.span)),
    }
}

fn illegal(what: String) -> EvalError {
    EvalError::new(format!(
        "Illegal query expression. {what} cannot be used in a query"
    ))
}

/// "A '=~' expression", "An 'in' expression", "A Name".
fn a_an_expression(what: &str) -> String {
    let first = what
        .trim_start_matches('\'')
        .chars()
        .next()
        .unwrap_or('x')
        .to_ascii_lowercase();
    let article = if "aeiou".contains(first) { "An" } else { "A" };
    format!("{article} {what}")
}

/// The tags `tag == value` looks for: the value (or each element of an array) as a string,
/// lower case. `Ok(None)` when the value is unknown.
fn tags_of(value: &Value) -> Result<Option<Vec<String>>, String> {
    if value.contains_unknown() {
        return Ok(None);
    }
    let items: Vec<&Value> = match value {
        Value::Array(a) => a.iter().collect(),
        other => vec![other],
    };
    let mut out = Vec::with_capacity(items.len());
    for v in items {
        if v.is_numeric() {
            return Err("Cannot transform a number to a tag".into());
        }
        out.push(v.to_puppet_string().to_lowercase());
    }
    Ok(Some(out))
}

/// An operand of `==` / `!=`, evaluated as Puppet's collector transformer does.
fn operand(e: &Expr, eval: &mut dyn FnMut(&Expr) -> EvalResult<Value>) -> EvalResult<Value> {
    match &e.kind {
        ExprKind::Paren(inner) => operand(inner, eval),
        ExprKind::Name(n) => Ok(Value::string(n.clone())),
        ExprKind::Undef => Ok(Value::Undef),
        ExprKind::String(_)
        | ExprKind::Integer(_)
        | ExprKind::Float(_)
        | ExprKind::Boolean(_)
        | ExprKind::Variable(_)
        | ExprKind::Access { .. } => eval(e),
        ExprKind::Unary {
            op: UnaryOp::Neg,
            operand: inner,
        } if matches!(inner.kind, ExprKind::Integer(_) | ExprKind::Float(_)) => eval(e),
        _ => Err(EvalError::new(format!(
            "Cannot transform object of class Puppet::Pops::Model::{}",
            puppet_class(e)
        ))
        .at(e.span)),
    }
}

/// The name of the class of Puppet's AST model for an expression, as Puppet's messages name it.
fn puppet_class(e: &Expr) -> &'static str {
    match &e.kind {
        ExprKind::Integer(_) => "LiteralInteger",
        ExprKind::Float(_) => "LiteralFloat",
        ExprKind::Boolean(_) => "LiteralBoolean",
        ExprKind::Undef => "LiteralUndef",
        ExprKind::Default => "LiteralDefault",
        ExprKind::Regex(_) => "LiteralRegularExpression",
        ExprKind::String(s) if s.literal_value().is_some() => "LiteralString",
        ExprKind::String(_) => "ConcatenatedString",
        ExprKind::Variable(_) => "VariableExpression",
        ExprKind::Name(_) => "QualifiedName",
        ExprKind::TypeRef(_) => "QualifiedReference",
        ExprKind::ReservedWord(_) => "ReservedWord",
        ExprKind::Array(_) => "LiteralList",
        ExprKind::Hash(_) => "LiteralHash",
        ExprKind::Access { .. } => "AccessExpression",
        ExprKind::Unary { op, .. } => match op {
            UnaryOp::Neg => "UnaryMinusExpression",
            UnaryOp::Not => "NotExpression",
            UnaryOp::Splat => "UnfoldExpression",
        },
        ExprKind::Binary { op, .. } => match op {
            BinaryOp::Or => "OrExpression",
            BinaryOp::And => "AndExpression",
            BinaryOp::Lt
            | BinaryOp::Gt
            | BinaryOp::Le
            | BinaryOp::Ge
            | BinaryOp::Eq
            | BinaryOp::Ne => "ComparisonExpression",
            BinaryOp::Match | BinaryOp::NotMatch => "MatchExpression",
            BinaryOp::In => "InExpression",
            _ => "ArithmeticExpression",
        },
        ExprKind::Assignment { .. } => "AssignmentExpression",
        ExprKind::Relationship { .. } => "RelationshipExpression",
        ExprKind::Selector { .. } => "SelectorExpression",
        ExprKind::Paren(_) => "ParenthesizedExpression",
        ExprKind::Call(_) => "CallNamedFunctionExpression",
        ExprKind::MethodCall(_) => "CallMethodExpression",
        ExprKind::If(_) => "IfExpression",
        ExprKind::Unless(_) => "UnlessExpression",
        ExprKind::Case(_) => "CaseExpression",
        ExprKind::Resource(_) => "ResourceExpression",
        ExprKind::ResourceDefaults(_) => "ResourceDefaultsExpression",
        ExprKind::ResourceOverride(_) => "ResourceOverrideExpression",
        ExprKind::Collector(_) => "CollectExpression",
        ExprKind::Class(_) => "HostClassDefinition",
        ExprKind::Define(_) => "ResourceTypeDefinition",
        ExprKind::Node(_) => "NodeDefinition",
        ExprKind::Function(_) => "FunctionDefinition",
        ExprKind::TypeAlias(_) => "TypeAlias",
        ExprKind::TypeDefinition(_) => "TypeDefinition",
        ExprKind::Plan(_) => "PlanDefinition",
        ExprKind::Error => "Expression",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::compiler::{SnippetOptions, eval_expression};

    /// The query of `File <| q |>`, its operands evaluated with `$facts = {fqdn => n1}` and
    /// `$groups = [a, zzz]`.
    fn query(q: &str) -> EvalResult<Query> {
        let src = format!("File <| {q} |>");
        let parsed = crate::syntax::parse(&src);
        assert!(
            parsed.diagnostics.is_empty(),
            "{src}: {:?}",
            parsed.diagnostics
        );
        let ExprKind::Collector(c) = &parsed.ast.statements[0].kind else {
            panic!("not a collector: {src}");
        };
        let mut facts = crate::eval::Hash::new();
        facts.insert(Value::string("fqdn"), Value::string("n1"));
        let options = SnippetOptions {
            variables: vec![
                ("facts".into(), Value::hash(facts)),
                (
                    "groups".into(),
                    Value::array(vec![Value::string("zzz"), Value::string("db")]),
                ),
                ("unknown".into(), Value::unknown("String", "f()")),
            ],
            ..SnippetOptions::default()
        };
        Query::from_ast(c.query.as_ref(), &mut |e| {
            eval_expression(e, &options).value
        })
    }

    fn strs(v: &[&str]) -> Value {
        Value::array(v.iter().map(|s| Value::string(*s)).collect())
    }

    /// The virtual resources of the reference manifest the expectations were taken from
    /// (Puppet 7.23, `File <| q |>` realizing them):
    ///
    /// ```puppet
    /// @file { '/r1': mode => '0644', tag => ['Web', 'db'], group => ['a','B'], owner => 'Root' }
    /// @file { '/r2': mode => '644', owner => 'bob', group => 'a' }
    /// @file { 'R3': ensure => absent, path => '/r3', owner => 5 }
    /// @file { '/r4': ensure => present, require => File['/r1'], content => 'x' }
    /// @file { '/r5': ensure => 'Present', owner => ['root'] }
    /// @file { '/r6': ensure => undef }
    /// ```
    fn catalog() -> Catalog {
        let mut c = Catalog::new("n1", "production");
        let mut add = |title: &str, params: Vec<(&str, Value)>, tags: &[&str]| {
            let mut r = Resource::new("File", title);
            r.virtual_ = true;
            for (n, v) in params {
                r.set_param(n, v);
            }
            for t in tags {
                r.tag(t);
            }
            r.tag("file");
            r.tag("class");
            c.add(r).unwrap();
        };
        add(
            "/r1",
            vec![
                ("mode", Value::string("0644")),
                ("tag", strs(&["Web", "db"])),
                ("group", strs(&["a", "B"])),
                ("owner", Value::string("Root")),
            ],
            &["web", "db"],
        );
        add(
            "/r2",
            vec![
                ("mode", Value::string("644")),
                ("owner", Value::string("bob")),
                ("group", Value::string("a")),
            ],
            &[],
        );
        add(
            "R3",
            vec![
                ("ensure", Value::string("absent")),
                ("path", Value::string("/r3")),
                ("owner", Value::Integer(5)),
            ],
            &[],
        );
        add(
            "/r4",
            vec![
                ("ensure", Value::string("present")),
                ("require", Value::resource("File", "/r1")),
                ("content", Value::string("x")),
            ],
            &[],
        );
        add(
            "/r5",
            vec![
                ("ensure", Value::string("Present")),
                ("owner", strs(&["root"])),
            ],
            &[],
        );
        add("/r6", vec![("ensure", Value::Undef)], &[]);
        c
    }

    fn collected(q: &str) -> Vec<String> {
        let c = catalog();
        let query = query(q).unwrap_or_else(|e| panic!("{q}: {e}"));
        collect(&c, "File", &query, &RegexCache::default())
            .into_iter()
            .map(|i| c.get(i).title.clone())
            .collect()
    }

    #[test]
    fn queries_match_as_puppet_collects() {
        // Each expectation is what Puppet 7.23 realized for the query.
        let all = ["/r1", "/r2", "R3", "/r4", "/r5", "/r6"];
        let cases: &[(&str, &[&str])] = &[
            ("", &all),
            ("title == '/r1'", &["/r1"]),
            ("title == '/R1'", &["/r1"]),
            ("title == 'r3'", &["R3"]),
            ("name == '/r1'", &[]),
            ("path == '/r3'", &["R3"]),
            ("mode == '0644'", &["/r1"]),
            ("mode == 644", &[]),
            ("mode == '644'", &["/r2"]),
            ("owner == 'root'", &["/r1", "/r5"]),
            ("owner == 5", &["R3"]),
            ("owner == '5'", &[]),
            ("owner != 'root'", &["/r2", "R3", "/r4", "/r5", "/r6"]),
            ("group == 'a'", &["/r1", "/r2"]),
            ("group == 'b'", &["/r1"]),
            ("group != 'a'", &["/r1", "R3", "/r4", "/r5", "/r6"]),
            ("tag == 'web'", &["/r1"]),
            ("tag == 'WEB'", &["/r1"]),
            ("tag == $groups", &["/r1"]),
            ("tag == 'file'", &all),
            ("tag == 'r1'", &[]),
            ("tag != 'web'", &all),
            ("ensure == undef", &["/r1", "/r2", "/r6"]),
            ("ensure != undef", &["R3", "/r4", "/r5"]),
            ("ensure == present", &["/r4", "/r5"]),
            ("ensure == absent", &["R3"]),
            ("require == File['/r1']", &["/r4"]),
            ("require == 'File[/r1]'", &[]),
            (
                "title == '/r1' or title == '/r2' and owner == 'bob'",
                &["/r1", "/r2"],
            ),
            (
                "(title == '/r1' or title == '/r2') and owner == 'bob'",
                &["/r2"],
            ),
            ("nosuch == undef", &all),
            ("content == 'X'", &["/r4"]),
            ("'owner' == 'bob'", &["/r2"]),
            ("title == $facts['fqdn']", &[]),
        ];
        for (q, want) in cases {
            assert_eq!(collected(q), *want, "query: {q}");
        }
    }

    #[test]
    fn illegal_queries_are_errors_with_puppets_messages() {
        let cases = [
            (
                "group == ['a','B']",
                "Cannot transform object of class Puppet::Pops::Model::LiteralList",
            ),
            ("tag == 5", "Cannot transform a number to a tag"),
            (
                "mode =~ /6/",
                "Illegal query expression. A '=~' expression cannot be used in a query",
            ),
            (
                "ensure in ['present']",
                "Illegal query expression. An 'in' expression cannot be used in a query",
            ),
            (
                "title == upcase('x')",
                "Cannot transform object of class Puppet::Pops::Model::CallNamedFunctionExpression",
            ),
        ];
        for (q, want) in cases {
            match query(q) {
                Err(e) => assert_eq!(e.message, want, "query: {q}"),
                Ok(x) => panic!("{q}: expected an error, got {x:?}"),
            }
        }
    }

    #[test]
    fn unknowns_are_not_guessed() {
        let c = catalog();
        let q = query("owner == $unknown").unwrap();
        assert!(
            c.resources()
                .iter()
                .all(|r| q.evaluate(r, &RegexCache::default()).is_none())
        );
        assert!(collect(&c, "File", &q, &RegexCache::default()).is_empty());
        // A known false decides `and`, a known true decides `or`.
        let q = query("title == '/r2' and owner == $unknown").unwrap();
        assert_eq!(q.evaluate(c.get(0), &RegexCache::default()), Some(false));
        assert_eq!(q.evaluate(c.get(1), &RegexCache::default()), None);
        let q = query("title == '/r2' or owner == $unknown").unwrap();
        assert_eq!(q.evaluate(c.get(1), &RegexCache::default()), Some(true));
        assert_eq!(q.evaluate(c.get(0), &RegexCache::default()), None);
        let mut r = Resource::new("File", "x");
        r.unknown_title = Some(Value::unknown("String", "f()"));
        assert_eq!(
            query("title == 'x'")
                .unwrap()
                .evaluate(&r, &RegexCache::default()),
            None
        );
    }

    #[test]
    fn exported_collection_takes_exported_resources_of_the_type() {
        let mut c = catalog();
        let mut r = Resource::new("File", "/e");
        r.exported = true;
        r.tag("file");
        c.add(r).unwrap();
        let mut n = Resource::new("Notify", "/e");
        n.exported = true;
        c.add(n).unwrap();
        let all = query("").unwrap();
        assert_eq!(
            collect_exported(&c, "File", &all, &RegexCache::default()),
            vec![6]
        );
        assert_eq!(collect(&c, "File", &all, &RegexCache::default()).len(), 7);
        assert_eq!(collect(&c, "Notify", &all, &RegexCache::default()), vec![7]);
    }
}
