use super::*;

#[test]
fn segments_split_as_str_split() {
    for name in [
        "", "a", "::", "a::b", "a:::b", ":::", "a::", "::a::b::", "a:b", "A::b",
    ] {
        let mut ours = Vec::new();
        all_segments(name, |s| {
            ours.push(std::str::from_utf8(s).unwrap().to_string());
            true
        });
        let std: Vec<_> = name.split("::").map(str::to_string).collect();
        assert_eq!(ours, std, "{name:?}");
    }
    assert!(!all_segments("a::B::c", |s| s[0].is_ascii_lowercase()));
}

/// Reading children by index gives what the cursor gives, comments anywhere or not.
#[test]
fn indexed_reads_match_the_cursor() {
    fn both(src: &str) {
        let slow = crate::syntax::parse_cursor_only(src);
        let fast = crate::syntax::parse(src);
        assert_eq!(fast.ast, slow.ast, "{src}");
        assert_eq!(
            format!("{:?}", fast.diagnostics),
            format!("{:?}", slow.diagnostics),
            "{src}"
        );
    }
    let mut sources = vec![
        "class a (String $x = 'a', *$r, $y, Integer[1] $z) inherits b { }".to_string(),
        "define d (String /* t */ $x /* n */ = /* d */ 1, $y # c\n, $z = -$y) { }".into(),
        "@@file { 'a': ensure /* c */ => present, mode +> '0644', * => $h; default: }".into(),
        "$x = $a ? { /* c */ 1 => 2, default => !$b } -> File['a'] ~> Exec[b]".into(),
        "case $x { 'a', /* c */ 'b': { } default: { include a } }\n".into(),
        "if $a /* c */ { } elsif $b and $c in [1, 2] { } else { $d += 1 }".into(),
        "Foo <<| title == 'a' |>> { x => 1 } Foo <| |> File { m => 1 } $r { n => 2 }".into(),
        "notice(\"${a} $b ${c[1]} ${ /* c */ d}\", { 'k' => 'v', /* c */ 'l' => 2 })".into(),
        "$x = @(\"END\")\n  ${a} b\n  | END\n$y = f(1, 2) |$a, /* c */ $b| { $a * $b }".into(),
        "class { 'a': } $x = ( 1 + ) ; if { } $z = - ;".into(),
        "function f(Integer $a) >> Integer { $a - 1 } type T = Object { a => 1 }".into(),
    ];
    let fixtures = concat!(
        concat!(env!("CARGO_MANIFEST_DIR"), "/../.."),
        "/tests/fixtures"
    );
    for dir in std::fs::read_dir(fixtures).into_iter().flatten().flatten() {
        for file in std::fs::read_dir(dir.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            if file.path().extension().is_some_and(|e| e == "pp")
                && let Ok(src) = std::fs::read_to_string(file.path())
            {
                sources.push(src);
            }
        }
    }
    assert!(sources.len() > 100, "fixtures not found");
    for src in &sources {
        both(src);
        // A comment between every two tokens (and in strings: the same text either way).
        both(&src.replace(' ', " /* c */ "));
        both(&src.replace(", ", " # c\n, "));
    }
}

#[test]
fn error_nodes_have_the_largest_kind_id() {
    let tree = crate::syntax::parse_tree("$x = ) ( } class {", crate::syntax::Header::NONE)
        .unwrap()
        .unwrap();
    let mut stack = vec![tree.root_node()];
    let mut errors = 0;
    while let Some(n) = stack.pop() {
        assert_eq!(n.is_error(), n.kind_id() == u16::MAX);
        errors += usize::from(n.is_error());
        stack.extend((0..n.child_count()).filter_map(|i| n.child(i)));
    }
    assert!(errors > 0);
}
