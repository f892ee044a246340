//! Unit tests of the type system's API (the agreement with Puppet is in `tests/types_oracle.rs`).

use super::*;

fn t(src: &str) -> Type {
    parse(src).unwrap_or_else(|e| panic!("{src}: {e}"))
}

#[test]
fn parses_the_documented_examples() {
    let cases = [
        (
            "Optional[Hash[String[1], Variant[Integer[0,65535], Enum['a','b']]]]",
            "Optional[Hash[String[1], Variant[Integer[0, 65535], Enum['a', 'b']]]]",
        ),
        ("Callable[[String, 1, 2], Any]", "Callable[String, 1, 2]"),
        (
            "Struct[{Optional['a'] => Integer, b => String}]",
            "Struct[{Optional['a'] => Integer, 'b' => String}]",
        ),
        ("Pattern[/^\\//]", "Pattern[/^\\//]"),
        ("Resource['file']", "File"),
        ("File['/tmp/x']", "File['/tmp/x']"),
        ("Class[foo]", "Class[foo]"),
        ("Stdlib::Absolutepath", "Stdlib::Absolutepath"),
        ("Integer[default, 10]", "Integer[default, 10]"),
    ];
    for (src, shown) in cases {
        assert_eq!(t(src).to_string(), shown, "{src}");
    }
    assert_eq!(
        t("Stdlib::Absolutepath"),
        Type::Alias("Stdlib::Absolutepath".into())
    );
    assert_eq!(
        t("Apache::Vhost['x']"),
        Type::Resource {
            type_name: Some("Apache::Vhost".into()),
            title: Some("x".into())
        }
    );
}

#[test]
fn errors_are_values_with_spans() {
    let src = "Hash[String, Integer, 'x']";
    let e = parse(src).unwrap_err();
    assert!(e.span.end as usize <= src.len());
    assert!(!e.message.is_empty());
    for bad in [
        "",
        "Integer[",
        "Integer[3, 1]",
        "Enum[1]",
        "Struct[1]",
        "$x",
        "Integer[$x]",
        "1 + 2",
        "Optional[String, Integer]",
        "Boolean[1]",
        "Variant[]",
        "Any[Integer]",
        "String[\"${x}\"]",
        "Integer[99999999999999999999]",
        "Integer[-9223372036854775808]",
    ] {
        assert!(parse(bad).is_err(), "{bad} should not parse");
    }
}

#[test]
fn never_panics_on_odd_input() {
    let pieces = [
        "Integer", "[", "]", ",", "1", "-", "default", "'a'", "/x/", "{", "}", "=>", "Struct",
        "Callable", "Tuple", "Optional", "Variant", "Array", "Hash", "undef", "true", "Enum",
        "Pattern", "Resource", "Class", "Type", "NotUndef", "String", "Float", "1.5", "Foo::Bar",
    ];
    // A deterministic pseudo-random walk over the pieces.
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    for _ in 0..3000 {
        let mut src = String::new();
        let n = (seed % 12) as usize + 1;
        for _ in 0..n {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            src.push_str(pieces[(seed % pieces.len() as u64) as usize]);
        }
        if let Ok(ty) = parse(&src) {
            let shown = ty.to_string();
            let _ = is_assignable(&ty, &ty, &NoAliases);
            let _ = ty.generalize();
            let _ = ty.normalize(&NoAliases);
            assert!(
                parse(&shown).is_ok(),
                "{src} shown as {shown} does not parse"
            );
        }
    }
}

#[test]
fn builtin_aliases_resolve_without_a_resolver() {
    let calc = TypeCalculator::new(&NoAliases);
    assert!(calc.is_assignable(&Type::data(), &t("Hash[String, Array[Integer]]")));
    assert!(!calc.is_assignable(&Type::data(), &t("Hash[Integer, String]")));
    assert!(calc.is_assignable(&Type::rich_data(), &t("Hash[Integer, Sensitive]")));
    assert!(calc.is_assignable(&t("RichDataKey"), &t("Float")));
    assert!(calc.is_recursive_alias("Data"));
    assert_eq!(
        calc.resolve_alias("data").map(|t| t.to_string()).as_deref(),
        Some("Optional[Variant[ScalarData, Hash[String, Data], Array[Data]]]")
    );
    assert_eq!(calc.resolve_alias("Nope"), None);
}

#[test]
fn unresolved_aliases_only_match_themselves() {
    let a = t("Stdlib::Absolutepath");
    assert!(is_assignable(&a, &a, &NoAliases));
    assert!(!is_assignable(&a, &Type::string(), &NoAliases));
    assert!(is_assignable(&Type::Any, &a, &NoAliases));
    let resolver = |name: &str| (name == "stdlib::absolutepath").then(|| t("Pattern[/^\\//]"));
    assert!(is_assignable(&a, &Type::string_value("/tmp"), &resolver));
    assert!(!is_assignable(&a, &Type::string_value("tmp"), &resolver));
}

#[test]
fn mutually_recursive_aliases_terminate() {
    let resolver = |name: &str| match name {
        "a" => Some(t("Variant[Integer, Array[B]]")),
        "b" => Some(t("Variant[String, Hash[String, A]]")),
        "c" => Some(t("C")),
        _ => None,
    };
    let calc = TypeCalculator::new(&resolver);
    assert!(calc.is_assignable(&t("A"), &t("Array[Hash[String, Integer]]")));
    assert!(!calc.is_assignable(&t("A"), &t("Array[Hash[String, Float]]")));
    assert!(calc.is_assignable(&t("A"), &t("A")));
    assert!(calc.is_assignable(&t("B"), &t("B")));
    let _ = calc.is_assignable(&t("A"), &t("B"));
    let _ = calc.is_assignable(&t("C"), &t("A"));
    let _ = calc.describe_mismatch("x", &t("A"), &t("Float"));
    assert_eq!(
        expanded_string(&t("A"), &calc),
        "A = Variant[Integer, Array[B = Variant[String, Hash[String, A]]]]"
    );
}

#[test]
fn iteration_types() {
    let calc = TypeCalculator::new(&NoAliases);
    let it = |s: &str| calc.iterable_type(&t(s)).map(|t| t.to_string());
    assert_eq!(it("Array[String]").as_deref(), Some("String"));
    assert_eq!(it("Array").as_deref(), Some("Any"));
    assert_eq!(
        it("Hash[String, Integer]").as_deref(),
        Some("Tuple[String, Integer, 2, 2]")
    );
    assert_eq!(it("Integer[1, 3]").as_deref(), Some("Integer"));
    assert_eq!(it("String").as_deref(), Some("String[1, 1]"));
    assert_eq!(it("Boolean"), None);
    assert!(calc.is_iterable(&t("Variant[Array, Hash]")));
    assert!(!calc.is_iterable(&t("Optional[Array]")));
}

#[test]
fn helpers() {
    assert_eq!(t("Integer[1, 1]").generalize(), Type::integer());
    assert_eq!(
        common_type(&t("Integer[1, 2]"), &t("Integer[5, 6]"), &NoAliases).to_string(),
        "Integer[1, 6]"
    );
    assert_eq!(
        t("Variant[Undef, String, Integer[1, 2], Integer[3, 4]]")
            .normalize(&NoAliases)
            .to_string(),
        "Optional[Variant[Integer[1, 4], String]]"
    );
    assert_eq!(capitalize_segments("apache::vhost"), "Apache::Vhost");
    let calc = TypeCalculator::new(&NoAliases);
    assert_eq!(
        calc.describe_mismatch("parameter 'port'", &t("Integer"), &t("String"))
            .as_deref(),
        Some("parameter 'port' expects an Integer value, got String")
    );
    assert_eq!(
        calc.describe_mismatch("x", &t("Integer"), &t("Integer[1, 2]")),
        None
    );
}

/// The usual type texts of parameters and aliases (references, bracketed arguments, the
/// literals in them, comments and trailing commas) are types.
#[test]
fn usual_type_texts_parse() {
    for text in [
        "String",
        "Stdlib::IP::Address::V4::Nosubnet",
        "Integer[0]",
        "Integer[1,4294967295]",
        "Integer[1, default]",
        "Optional[Array[String[1]]]",
        "Enum['present',\n        'absent'\n  ]",
        "Pattern[/\\A(?:::)?(?:[a-z]\\w*::)*[a-z_]\\w*(?:\\.|\\Z)/]",
        "Pattern[/a\\/b/, /[0-9]+/]",
        "Struct[{ensure => Optional[Enum['file', 'present']], NotUndef['port'] => Integer}]",
        "Struct[{'a' => String, Optional['b'] => Undef}]",
        "Variant[Boolean, Enum['true', 'false']]",
        "Tuple[String, 1, 2]",
        "Hash[String, Array[Data], 1]",
        "Sensitive[String]",
        "Callable[2, 2]",
        "Struct[{}]",
        "Array[Variant[String, Integer], 0, 10]",
        "File['/etc/passwd']",
        "Enum[[['a'], 'b']]",
        "Class[foo]",
        "Integer[-1000, 1000]",
        "Integer[-9223372036854775807]",
        "Variant[Integer[-1],Pattern['^(infinity|\\d+)$']]",
        "String # a comment",
        "Enum['it\\'s', 'a\\\\b', '^\\d+$']",
        "Enum['a',]",
        "Enum[\n  'a',\n  'b', # the other\n]",
        "Struct[{a => String,}]",
        "Struct[  # note\n  {\n    Optional['x'] => Pattern['^\\d+$'],\n  }\n]",
        "::String",
        "::Stdlib::Port",
        "Class[apache::mod::ssl]",
        "Enum[foo, bar_2]",
        "Uri[{scheme => 'https'}]",
    ] {
        t(text);
    }
}
