//! Seeded syntax errors: each is reported as `P001`, at or near the right line, with a message
//! that says what is wrong; and one broken statement does not hide the errors after it.

use plint::syntax;

/// (1-based line, message) of every diagnostic.
fn findings(src: &str) -> Vec<(usize, String, &'static str)> {
    let parsed = syntax::parse(src);
    parsed
        .diagnostics
        .iter()
        .map(|d| {
            let line = src[..d.span.start.min(src.len())].matches('\n').count() + 1;
            (line, d.message.clone(), d.code)
        })
        .collect()
}

fn assert_one(src: &str, line: usize, message_part: &str) {
    let f = findings(src);
    assert!(
        f.iter()
            .any(|(l, m, c)| *c == "P001" && *l == line && m.contains(message_part)),
        "expected a P001 at line {line} containing {message_part:?}; got {f:#?}\nin:\n{src}"
    );
}

#[test]
fn deleted_closing_brace() {
    let src = "class foo {\n  file { '/x':\n    ensure => present,\n  }\n";
    assert_one(
        src,
        4,
        "expected `}` to close the body of the class opened at 1:11",
    );
}

#[test]
fn deleted_brace_in_the_middle() {
    let src = "class a {\n  if $x {\n    notice(1)\n\n  notice(2)\n}\nclass b { }\n";
    let f = findings(src);
    assert!(!f.is_empty());
    assert!(f.iter().all(|(_, _, c)| *c == "P001"));
}

#[test]
fn unterminated_string() {
    let src = "class foo {\n  $x = \"abc\n  notice($x)\n}\n";
    assert_one(src, 2, "unterminated string started at 2:8");
}

#[test]
fn unterminated_single_quoted_string() {
    let src = "$a = 1\n$x = 'abc\nnotice($x)\n";
    let f = findings(src);
    assert!(
        f.iter().any(|(l, _, _)| *l == 2 || *l == 3),
        "reported near the string: {f:#?}"
    );
}

#[test]
fn equals_for_fat_arrow() {
    let src = "file { '/x':\n  ensure = present,\n  mode => '0644',\n}\n";
    assert_one(src, 2, "`=` is not an attribute operator, use `=>`");
}

#[test]
fn missing_comma_between_attributes() {
    let src = "file { '/x':\n  ensure => present\n  mode   => '0644',\n}\n";
    assert_one(src, 3, "expected `,` between attributes");
}

#[test]
fn missing_comma_in_an_array() {
    let src = "$a = [1, 2 3]\n";
    assert_one(src, 1, "");
}

#[test]
fn missing_closing_paren() {
    let src = "class a {\n  notice(1\n}\n";
    assert_one(
        src,
        2,
        "expected `)` to close the argument list opened at 2:9",
    );
}

#[test]
fn unclosed_array() {
    assert_one(
        "$a = [1, 2\n$b = 3\n",
        1,
        "expected `]` to close the array opened at 1:6",
    );
}

#[test]
fn unterminated_heredoc() {
    let src = "$x = @(END)\n  text\n  ENDX\n";
    assert_one(src, 1, "unterminated heredoc `END` started at 1:6");
}

#[test]
fn heredoc_without_text() {
    assert_one("$x = @(END)", 1, "heredoc `END` has no text");
}

#[test]
fn invalid_octal() {
    assert_one("$x = 0789\n", 1, "`0789` is not a valid octal number");
}

#[test]
fn every_error_in_a_file_is_reported() {
    let src = "class a {\n  notice(1\n}\nclass b { $x = ) }\n$ok = 1\nfile { 'x': mode = 1 }\n";
    let f = findings(src);
    let lines: Vec<usize> = f.iter().map(|(l, _, _)| *l).collect();
    assert!(lines.contains(&2), "{f:#?}");
    assert!(lines.contains(&4), "{f:#?}");
    assert!(lines.contains(&6), "{f:#?}");
}

#[test]
fn statements_after_an_error_are_kept() {
    let src = "class a { $x = ) }\nclass b { }\nclass c { }\n";
    let parsed = syntax::parse(src);
    assert!(!parsed.diagnostics.is_empty());
    let classes = parsed
        .ast
        .statements
        .iter()
        .filter(|s| matches!(s.kind, syntax::ast::ExprKind::Class(_)))
        .count();
    assert!(classes >= 2, "{:#?}", parsed.ast.statements);
}

#[test]
fn unexpected_closing_brace() {
    assert_one("if $x {\n  notice(1)\n}}\n", 3, "unexpected `}`");
}

#[test]
fn deep_nesting_is_a_finding_not_a_crash() {
    let depth = 10_000;
    let src = format!("$x = {}1{}\n", "[".repeat(depth), "]".repeat(depth));
    let parsed = syntax::parse(&src);
    assert!(
        parsed
            .diagnostics
            .iter()
            .any(|d| d.code == "P004" && d.message.contains("nested more than")),
        "{:?}",
        parsed.diagnostics
    );
}

#[test]
fn pathological_inputs_do_not_panic() {
    for src in [
        "",
        "\n\n\n",
        "{",
        "}",
        "((((",
        "\"${",
        "\"${x",
        "@(",
        "@(END",
        "@(END)\n",
        "$",
        "${}",
        "/*",
        "/",
        "'",
        "class",
        "class {",
        "node",
        "case $x {",
        "$x ? {",
        "[1,",
        "Foo <|",
        "@@",
        "\u{feff}class a {}",
        "\0\0\0",
        "\u{a0}class\u{a0}a\u{a0}{}",
        "\"\\u{110000}\"",
        "$x = \"${x.map |$y| {\"",
    ] {
        let _ = syntax::parse(src);
    }
}

#[test]
fn byte_order_mark() {
    assert_one("\u{feff}class a {}\n", 1, "byte order mark");
}

/// Inputs Puppet 7 rejects (checked with `puppet parser validate`) that the grammar lets
/// through on purpose, reported from the AST instead: each must be a `P001`.
#[test]
fn invalid_inputs_puppet_rejects() {
    let cases: &[(&str, &str)] = &[
        ("$a = elsif\n", "unexpected keyword `elsif`"),
        (
            "$a = [else, and, or, in, inherits, node, define]\n",
            "unexpected keyword `else`",
        ),
        (
            "if $x { } else { } elsif $y { }\n",
            "unexpected keyword `elsif`",
        ),
        ("unless $x { } elsif $y { }\n", "unexpected keyword `elsif`"),
        (
            "file { '/a': true => 1 }\n",
            "`true` is not a valid attribute name",
        ),
        (
            "file { '/a': foo-bar => 1 }\n",
            "`foo-bar` is not a valid attribute name",
        ),
        ("$a = 1 /* never closed\n", "unterminated `/*` comment"),
        ("$a = 1;\n", "unexpected `;`"),
        ("if $x { $a = 1; }\n", "unexpected `;`"),
        (";$a = 1;; $b = 2\n", "unexpected `;`"),
        ("case $x {\n  'a', 'b',: { }\n}\n", ""),
        ("notice a => 1\n", ""),
        ("$a = 08\n", "`08` is not a valid octal number"),
        ("$a = 12abc\n", "`12abc` is not a valid number"),
        ("$a = 0x\n", "`0x` is not a valid hexadecimal number"),
        ("$r = 01.5\n", "`01.5` is not a valid number"),
        (
            "Foo::bar { 'x': }\n",
            "`Foo::bar` is not a valid type or class reference",
        ),
        (
            "$a = @(END/x)\ntext\nEND\n",
            "invalid heredoc escape flag `x`",
        ),
        (
            "$a = @(END/ n)\ntext\nEND\n",
            "invalid heredoc escape flag a blank",
        ),
        (
            "node foo-bar.example.com { }\n",
            "is not a valid node name without quotes",
        ),
    ];
    for (src, message) in cases {
        let f = findings(src);
        assert!(
            f.iter()
                .any(|(_, m, c)| *c == "P001" && m.contains(message)),
            "expected a P001 containing {message:?} for {src:?}; got {f:#?}"
        );
    }
}

/// Valid inputs that once failed: no finding at all.
#[test]
fn valid_inputs_puppet_accepts() {
    for src in [
        "$a = @(END)\r\n  text\r\n  | END\r\nnotice($a)\r\n",
        "File { '/a': ensure => file }\n",
        "Resource[$type] { $title: * => $params }\n",
        "$t { 'x': }\n\"file\" { '/b': }\n",
        "file { '/a': , }\n",
        "$a = \"${Integer} ${Foo::Bar} ${Integer[1]}\"\n",
        "$a = @(\"END\")\n\\$x\nEND\n",
        "notice(1); notice(2)\n",
        "node db-01 { }\nnode _x { }\n",
        "$x = 1e-5\n$y = 0755\n$z = 0xFF\n",
    ] {
        let f = findings(src);
        assert!(f.is_empty(), "no finding expected for {src:?}; got {f:#?}");
    }
}

/// A body left open to the end of the file must not hide the errors inside it.
#[test]
fn errors_inside_an_unclosed_body_are_still_reported() {
    let src = "class foo {\n  file { '/x':\n    ensure = present,\n    mode => '0644'\n    owner => root,\n  }\n";
    assert_one(src, 3, "`=` is not an attribute operator, use `=>`");
    assert_one(src, 5, "expected `,` between attributes");
    assert_one(
        src,
        6,
        "expected `}` to close the body of the class opened at 1:11",
    );
}
