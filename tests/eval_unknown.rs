//! Unknown values propagate through operators, interpolation, control flow and functions,
//! keeping what is known (a known array with an unknown element stays an array).

use plint::eval::Value;
use plint::eval::compiler::{SnippetOptions, eval_snippet};
use plint::syntax;

/// Evaluates `src` with `$u` an unknown Integer and `$s` an unknown String; returns the value
/// of the last statement.
fn eval(src: &str) -> Value {
    let parsed = syntax::parse(src);
    assert!(
        parsed.diagnostics.is_empty(),
        "{src}: {:?}",
        parsed.diagnostics
    );
    let options = SnippetOptions {
        variables: vec![
            ("u".into(), Value::unknown("Integer", "test")),
            ("s".into(), Value::unknown("String", "template('x.erb')")),
        ],
        ..SnippetOptions::default()
    };
    eval_snippet(src, &options)
        .value
        .unwrap_or_else(|e| panic!("{src}: {e}"))
}

fn unknown_type(v: &Value) -> Option<String> {
    match v {
        Value::Unknown(u) => Some(u.ty.to_string()),
        _ => None,
    }
}

#[test]
fn operators_propagate_unknowns() {
    for src in ["$u + 1", "1 - $u", "$u * $u", "-$u", "$u << 1"] {
        assert!(eval(src).is_unknown(), "{src}");
    }
    for src in [
        "$u == 1",
        "$u < 3",
        "$s =~ /x/",
        "'a' in $s",
        "!$u",
        "$u in [1, 2]",
    ] {
        assert_eq!(
            unknown_type(&eval(src)).as_deref(),
            Some("Boolean"),
            "{src}"
        );
    }
    // Collection operators keep the known structure.
    let v = eval("[1] + $u");
    assert_eq!(v.as_array().map(<[Value]>::len), Some(2));
    assert!(v.contains_unknown());
    let v = eval("[1] << $u");
    assert_eq!(v.as_array().map(<[Value]>::len), Some(2));
    assert!(eval("{a => 1} + $u").is_unknown());
}

#[test]
fn short_circuit_decides_what_it_can() {
    assert_eq!(eval("$u == 1 or true").truthy(), Some(true));
    assert_eq!(eval("false and $u == 1").truthy(), Some(false));
    assert_eq!(eval("$u == 1 and false").truthy(), Some(false));
    assert!(eval("$u == 1 and true").is_unknown());
}

#[test]
fn interpolation_and_conditions_are_unknown() {
    assert_eq!(unknown_type(&eval("\"x${s}y\"")).as_deref(), Some("String"));
    assert!(eval("if $u == 1 { 'a' } else { 'b' }").is_unknown());
    assert!(eval("$u ? { 1 => a, default => b }").is_unknown());
    assert!(eval("case $s { 'a': { 1 } default: { 2 } }").is_unknown());
    // A known condition never looks at the unknown branch value.
    assert_eq!(eval("if true { 'a' } else { $u }"), Value::from("a"));
}

#[test]
fn functions_propagate_unknowns() {
    assert_eq!(unknown_type(&eval("size($s)")).as_deref(), Some("Integer"));
    assert_eq!(unknown_type(&eval("upcase($s)")).as_deref(), Some("Any"));
    assert!(eval("[$s, 'b'].join(',')").is_unknown());
    assert!(eval("$u.map |$x| { $x }").is_unknown());
    // Iterating a known array whose lambda yields unknowns gives a known array of unknowns.
    let v = eval("[1, 2].map |$x| { $x + $u }");
    assert_eq!(v.as_array().map(<[Value]>::len), Some(2));
    assert!(v.as_array().unwrap().iter().all(Value::is_unknown));
    // A filter on an unknown condition cannot say which elements stay.
    assert!(eval("[1, 2].filter |$x| { $x == $u }").is_unknown());
    // any() is decided as soon as one element is known to match.
    assert_eq!(
        eval("[1, 2].any |$x| { $x == 1 or $x == $u }"),
        Value::Boolean(true)
    );
    assert!(eval("pick(undef, $s, 'x')").is_unknown());
    assert_eq!(eval("pick('a', $s)"), Value::from("a"));
    assert_eq!(
        unknown_type(&eval("Integer($s)")).as_deref(),
        Some("Integer")
    );
    assert!(eval("{a => $u}['a']").is_unknown());
    assert_eq!(eval("{a => $u, b => 2}['b']"), Value::Integer(2));
}

#[test]
fn unknown_types_are_displayed_as_puppet_types() {
    let v = Value::unknown("Array[String, 1]", "f()");
    assert_eq!(unknown_type(&v).as_deref(), Some("Array[String, 1]"));
    assert_eq!(v.to_puppet_string(), "<unknown Array[String, 1] from f()>");
}
