//! The AST that lowering produces: shapes and values a type checker relies on.

use plint::syntax::{self, ast::*};

fn parse_ok(src: &str) -> File {
    let parsed = syntax::parse(src);
    assert!(
        parsed.diagnostics.is_empty(),
        "unexpected diagnostics for {src:?}: {:#?}",
        parsed.diagnostics
    );
    parsed.ast
}

/// The value assigned by the file's first statement `$x = <value>`.
fn value(src: &str) -> Expr {
    let file = parse_ok(src);
    match file.statements.into_iter().next().map(|e| e.kind) {
        Some(ExprKind::Assignment { right, .. }) => *right,
        other => panic!("not an assignment: {other:?}"),
    }
}

fn string(e: &Expr) -> &StringLit {
    match &e.kind {
        ExprKind::String(s) => s,
        other => panic!("not a string: {other:?}"),
    }
}

#[test]
fn numbers() {
    assert_eq!(
        value("$x = 0x1F").kind,
        ExprKind::Integer(IntegerLit {
            value: Some(31),
            radix: Radix::Hex
        })
    );
    assert_eq!(
        value("$x = 0755").kind,
        ExprKind::Integer(IntegerLit {
            value: Some(0o755),
            radix: Radix::Octal
        })
    );
    assert_eq!(
        value("$x = 42").kind,
        ExprKind::Integer(IntegerLit {
            value: Some(42),
            radix: Radix::Decimal
        })
    );
    assert_eq!(value("$x = 1.5e3").kind, ExprKind::Float(1500.0));
    assert_eq!(
        value("$x = 99999999999999999999").kind,
        ExprKind::Integer(IntegerLit {
            value: None,
            radix: Radix::Decimal
        })
    );
}

#[test]
fn literals() {
    assert_eq!(value("$x = true").kind, ExprKind::Boolean(true));
    assert_eq!(value("$x = undef").kind, ExprKind::Undef);
    assert_eq!(value("$x = default").kind, ExprKind::Default);
    assert_eq!(value(r"$x = /a\/b/").kind, ExprKind::Regex("a/b".into()));
    assert_eq!(
        value("$x = $::os::family").kind,
        ExprKind::Variable("::os::family".into())
    );
    assert_eq!(
        value("$x = Foo::Bar").kind,
        ExprKind::TypeRef("Foo::Bar".into())
    );
    assert_eq!(
        value("$x = foo::bar").kind,
        ExprKind::Name("foo::bar".into())
    );
    // A word with a hyphen or a leading underscore is a string.
    let w = value("$x = foo-bar");
    assert_eq!(string(&w).kind, StringKind::BareWord);
    assert_eq!(string(&w).literal_value().as_deref(), Some("foo-bar"));
    assert!(matches!(value("$x = _x").kind, ExprKind::String(_)));
}

#[test]
fn single_quoted_escapes() {
    let v = value(r"$x = 'it\'s a \\ and \n'");
    assert_eq!(
        string(&v).literal_value().as_deref(),
        Some(r"it's a \ and \n")
    );
}

#[test]
fn double_quoted_escapes_and_interpolation() {
    let v = value(r#"$x = "a\tb\$c \u{E9}\q ${y} $z::w ${h['k']} $""#);
    let s = string(&v);
    assert_eq!(s.kind, StringKind::DoubleQuoted);
    let texts: Vec<String> = s
        .parts
        .iter()
        .map(|p| match p {
            StringPart::Text { value, .. } => format!("T:{value}"),
            StringPart::Interpolation { expr, braced, .. } => format!(
                "I{}:{}",
                if *braced { "b" } else { "" },
                match &expr.kind {
                    ExprKind::Variable(n) => n.clone(),
                    ExprKind::Access { .. } => "access".into(),
                    other => format!("{other:?}"),
                }
            ),
        })
        .collect();
    assert_eq!(
        texts,
        vec![
            "T:a\tb$c é\\q ".to_string(),
            "Ib:y".into(),
            "T: ".into(),
            "I:z::w".into(),
            "T: ".into(),
            "Ib:access".into(),
            "T: $".into(),
        ]
    );
}

#[test]
fn interpolation_of_expressions() {
    let v = value(r#"$x = "${x.map |$y| { $y }} ${1 + 2} ${foo + 1}""#);
    let parts = &string(&v).parts;
    let kinds: Vec<_> = parts
        .iter()
        .filter_map(|p| match p {
            StringPart::Interpolation { expr, .. } => Some(&expr.kind),
            _ => None,
        })
        .collect();
    assert!(
        matches!(kinds[0], ExprKind::MethodCall(m) if m.method.name == "map" && m.lambda.is_some())
    );
    assert!(matches!(
        kinds[1],
        ExprKind::Binary {
            op: BinaryOp::Add,
            ..
        }
    ));
    // `${foo + 1}`: `foo` is a name here, not a variable (only a lone name, or one followed
    // by `[` or `.`, is a variable).
    match kinds[2] {
        ExprKind::Binary { left, .. } => assert_eq!(left.kind, ExprKind::Name("foo".into())),
        other => panic!("{other:?}"),
    }
}

#[test]
fn heredoc_margin_trim_and_escapes() {
    let src = "$x = @(\"END\"/t)\n    a\\tb ${y}\n      c\n    |- END\n$z = 1\n";
    let file = parse_ok(src);
    assert_eq!(file.statements.len(), 2);
    let ExprKind::Assignment { right, .. } = &file.statements[0].kind else {
        panic!()
    };
    let s = string(right);
    let StringKind::Heredoc(h) = &s.kind else {
        panic!()
    };
    assert_eq!(h.tag, "END");
    assert!(h.interpolate && h.margin && h.trim);
    assert_eq!(h.escapes.as_deref(), Some("t"));
    let text: String = s
        .parts
        .iter()
        .map(|p| match p {
            StringPart::Text { value, .. } => value.clone(),
            StringPart::Interpolation { .. } => "<y>".into(),
        })
        .collect();
    assert_eq!(text, "a\tb <y>\n  c");
}

#[test]
fn heredoc_without_interpolation_keeps_dollars_and_backslashes() {
    let src = "$x = @(END)\n  $y \\t\n  END\n";
    let v = value(src);
    assert_eq!(string(&v).literal_value().as_deref(), Some("  $y \\t\n"));
}

#[test]
fn two_heredocs_on_one_line() {
    let src = "foo(@(A), @(B))\nfirst\nA\nsecond\nB\nnotice(1)\n";
    let file = parse_ok(src);
    assert_eq!(file.statements.len(), 2);
    let ExprKind::Call(call) = &file.statements[0].kind else {
        panic!()
    };
    let values: Vec<_> = call
        .args
        .iter()
        .map(|a| string(a).literal_value().unwrap())
        .collect();
    assert_eq!(values, vec!["first\n", "second\n"]);
}

#[test]
fn unbraced_pairs_fold_into_one_hash() {
    let file = parse_ok("foo(1, a => 2, b => 3)");
    let ExprKind::Call(call) = &file.statements[0].kind else {
        panic!()
    };
    assert_eq!(call.args.len(), 2);
    let ExprKind::Hash(h) = &call.args[1].kind else {
        panic!()
    };
    assert!(!h.braced);
    assert_eq!(h.entries.len(), 2);
}

#[test]
fn calls() {
    let file = parse_ok("include foo, bar\nnotice($x)\nInteger('3')\n$a.each |$k, $v| { }\n");
    let s = &file.statements;
    let ExprKind::Call(c) = &s[0].kind else {
        panic!()
    };
    assert_eq!(
        (c.name(), c.style, c.args.len()),
        (Some("include"), CallStyle::Statement, 2)
    );
    let ExprKind::Call(c) = &s[1].kind else {
        panic!()
    };
    assert_eq!(
        (c.name(), c.style),
        (Some("notice"), CallStyle::Parenthesized)
    );
    let ExprKind::Call(c) = &s[2].kind else {
        panic!()
    };
    assert_eq!(c.function.kind, ExprKind::TypeRef("Integer".into()));
    let ExprKind::MethodCall(m) = &s[3].kind else {
        panic!()
    };
    let l = m.lambda.as_ref().unwrap();
    assert_eq!(
        l.params
            .iter()
            .map(|p| p.name.name.as_str())
            .collect::<Vec<_>>(),
        vec!["k", "v"]
    );
}

#[test]
fn definitions() {
    let src = "class a::b (String $x = 'a', Optional[Integer] $y = undef, $z) inherits a {\n}\n\
               define a::d ($p) { }\nnode 'web1', /db/, default inherits base { }\n\
               function a::f(Integer *$rest) >> String { 'x' }\ntype A::T = Integer[1, 2]\n";
    let file = parse_ok(src);
    let s = &file.statements;
    let ExprKind::Class(c) = &s[0].kind else {
        panic!()
    };
    assert_eq!(c.name.name, "a::b");
    assert_eq!(c.parent.as_ref().map(|p| p.name.as_str()), Some("a"));
    assert_eq!(c.params.len(), 3);
    assert!(matches!(
        c.params[1].type_expr.as_ref().unwrap().kind,
        ExprKind::Access { .. }
    ));
    assert!(c.params[2].default.is_none());
    let ExprKind::Define(d) = &s[1].kind else {
        panic!()
    };
    assert_eq!(d.name.name, "a::d");
    let ExprKind::Node(n) = &s[2].kind else {
        panic!()
    };
    assert_eq!(n.matchers.len(), 3);
    assert!(n.parent.is_some());
    let ExprKind::Function(f) = &s[3].kind else {
        panic!()
    };
    assert!(f.params[0].captures_rest && f.return_type.is_some());
    let ExprKind::TypeAlias(t) = &s[4].kind else {
        panic!()
    };
    assert_eq!(t.name.kind, ExprKind::TypeRef("A::T".into()));
}

#[test]
fn resources() {
    let src = "@@file { ['/a', '/b']: ensure => file, * => $h; default: mode => '0644' }\n\
               class { 'x': p => 1 }\nFile { owner => root }\nFile['/a'] { mode +> '1' }\n\
               User <| title == 'x' |> { shell => '/bin/sh' }\nFoo <<| |>>\n\
               Package['a'] -> Service['b'] ~> Exec['c']\n";
    let file = parse_ok(src);
    let s = &file.statements;
    let ExprKind::Resource(r) = &s[0].kind else {
        panic!()
    };
    assert_eq!(
        (r.form, r.type_name.name.as_str(), r.bodies.len()),
        (ResourceForm::Exported, "file", 2)
    );
    assert!(matches!(r.bodies[0].title.kind, ExprKind::Array(_)));
    assert_eq!(r.bodies[0].attributes[1].op, AttributeOp::Splat);
    assert_eq!(r.bodies[1].title.kind, ExprKind::Default);
    let ExprKind::Resource(r) = &s[1].kind else {
        panic!()
    };
    assert_eq!(r.type_name.name, "class");
    assert!(matches!(s[2].kind, ExprKind::ResourceDefaults(_)));
    let ExprKind::ResourceOverride(o) = &s[3].kind else {
        panic!()
    };
    assert_eq!(o.attributes[0].op, AttributeOp::Append);
    let ExprKind::Collector(c) = &s[4].kind else {
        panic!()
    };
    assert!(!c.exported && c.query.is_some() && c.attributes.len() == 1);
    let ExprKind::Collector(c) = &s[5].kind else {
        panic!()
    };
    assert!(c.exported && c.query.is_none());
    // Relationships are left-associative.
    let ExprKind::Relationship { op, left, .. } = &s[6].kind else {
        panic!()
    };
    assert_eq!(*op, RelationshipOp::Notify);
    assert!(matches!(
        left.kind,
        ExprKind::Relationship {
            op: RelationshipOp::Before,
            ..
        }
    ));
}

#[test]
fn precedence_follows_puppet() {
    // `*` before `+`; comparison binds looser than `==` in Puppet.
    let v = value("$x = 1 + 2 * 3");
    let ExprKind::Binary {
        op: BinaryOp::Add,
        right,
        ..
    } = v.kind
    else {
        panic!("{v:?}")
    };
    assert!(matches!(
        right.kind,
        ExprKind::Binary {
            op: BinaryOp::Mul,
            ..
        }
    ));
    let v = value("$x = $a < $b == $c");
    let ExprKind::Binary {
        op: BinaryOp::Lt,
        right,
        ..
    } = v.kind
    else {
        panic!("{v:?}")
    };
    assert!(matches!(
        right.kind,
        ExprKind::Binary {
            op: BinaryOp::Eq,
            ..
        }
    ));
    let v = value("$x = $a == 1 ? { true => 1, default => 2 }");
    assert!(matches!(v.kind, ExprKind::Selector { .. }));
    let v = value("$x = !$a and $b");
    assert!(matches!(
        v.kind,
        ExprKind::Binary {
            op: BinaryOp::And,
            ..
        }
    ));
    let v = value("$x = -$a in $b");
    assert!(matches!(
        v.kind,
        ExprKind::Binary {
            op: BinaryOp::In,
            ..
        }
    ));
}

#[test]
fn paren_first_on_a_line_is_not_a_call() {
    let file = parse_ok("$x = foo\n(1)\n");
    assert_eq!(file.statements.len(), 2);
    assert!(matches!(file.statements[1].kind, ExprKind::Paren(_)));
    let file = parse_ok("$x = foo (1)\n");
    assert_eq!(file.statements.len(), 1);
}

#[test]
fn bracket_after_space_starts_an_array() {
    let file = parse_ok("notice [1, 2]\n$a[1]\n");
    let ExprKind::Call(c) = &file.statements[0].kind else {
        panic!()
    };
    assert!(matches!(c.args[0].kind, ExprKind::Array(_)));
    assert!(matches!(file.statements[1].kind, ExprKind::Access { .. }));
}

#[test]
fn comments_are_collected() {
    let file = parse_ok("# one\n/* two\n */ $x = 1 # three\n");
    let kinds: Vec<_> = file.comments.iter().map(|c| c.kind).collect();
    assert_eq!(
        kinds,
        vec![CommentKind::Line, CommentKind::Block, CommentKind::Line]
    );
}

#[test]
fn runs_of_line_comments_are_one_comment_per_line() {
    // The grammar makes a run of line comments one token; the AST has one comment per line.
    let src = "# one\n  # two\r\n\n#three\n$x = 1 # four\n# five\n\
               $y = @(END) # six\n  # text\n  | END\n/* b */ # seven\n#";
    let file = parse_ok(src);
    assert_eq!(
        comment_texts(&file, src),
        vec![
            "# one", "# two\r", "#three", "# four", "# five", "# six", "/* b */", "# seven", "#"
        ]
    );
    let blocks = file
        .comments
        .iter()
        .filter(|c| c.kind == CommentKind::Block);
    assert_eq!(blocks.count(), 1);
    // In a resource body the generated lexer reads comments (one token per line).
    let src =
        "file { 'x': # a\n  # b\n  mode => '0644', # c\n  # d\n  /* e */ owner => 'root',\n}\n";
    let file = parse_ok(src);
    assert_eq!(
        comment_texts(&file, src),
        vec!["# a", "# b", "# c", "# d", "/* e */"]
    );
}

/// The source text of each comment of a parsed file.
fn comment_texts<'s>(file: &File, src: &'s str) -> Vec<&'s str> {
    file.comments
        .iter()
        .map(|c| &src[c.span.start as usize..c.span.end as usize])
        .collect()
}

#[test]
fn unicode_blanks_are_whitespace() {
    let file = parse_ok("$x\u{a0}=\u{a0}1\n");
    assert_eq!(file.statements.len(), 1);
}

#[test]
fn multi_assignment_and_if_as_value() {
    let file = parse_ok("[$a, $b] = [1, 2]\n$z = if $x { 1 } elsif $y { 2 } else { 3 }\n");
    assert!(
        matches!(&file.statements[0].kind, ExprKind::Assignment { left, .. } if matches!(left.kind, ExprKind::Array(_)))
    );
    let ExprKind::Assignment { right, .. } = &file.statements[1].kind else {
        panic!()
    };
    let ExprKind::If(i) = &right.kind else {
        panic!()
    };
    assert_eq!(i.branches.len(), 2);
    assert!(i.else_block.is_some());
}
