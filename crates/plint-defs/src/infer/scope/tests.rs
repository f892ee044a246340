use super::*;

fn diags(src: &str) -> Vec<String> {
    let parsed = crate::syntax::parse(src);
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    analyze(&parsed.ast, &NoProgram)
        .into_iter()
        .map(|d| match d {
            ScopeDiag::Undefined { name, .. } => format!("undefined {name}"),
            ScopeDiag::Reassigned { name, .. } => format!("reassigned {name}"),
            ScopeDiag::Unused { name, kind, .. } => format!("unused {name} {kind:?}"),
        })
        .collect()
}

#[test]
fn order_and_scopes() {
    assert_eq!(diags("class a { notice($x) $x = 1 }"), ["undefined x"]);
    assert!(diags("class a { $x = 1 notice($x) }").is_empty());
    assert!(diags("class a { if $facts { $x = 1 } notice($x) }").is_empty());
    assert_eq!(
        diags("class a { [1].each |$i| { $y = $i } notice($y) }"),
        ["undefined y"]
    );
    assert!(diags("class a($p = $osfamily) { notice($p, $::fqdn, $title, $1) }").is_empty());
    assert_eq!(diags("class a($p = $q, $q = 1) { }"), ["undefined q"]);
}

#[test]
fn reassignment_paths() {
    assert_eq!(diags("$a = 1 if true { $a = 2 }"), ["reassigned a"]);
    assert!(diags("if $facts { $a = 1 } else { $a = 2 }").is_empty());
    assert!(diags("if $facts { $a = 1 } if $trusted { $a = 2 }").is_empty());
    assert_eq!(diags("class c($p) { $p = 2 }"), ["reassigned p"]);
    assert_eq!(diags("define d { $title = 2 }"), ["reassigned title"]);
    assert!(diags("class a { $x = 1 [1].each |$i| { $x = $i } }").is_empty());
    assert!(diags("case $facts { 1: { $a = 1 } default: { $a = 2 } }").is_empty());
}

#[test]
fn unused() {
    assert_eq!(
        diags("define d($p, $_q) { $x = 1 $y = 2 notice($y) }"),
        ["unused p Parameter", "unused x Variable"]
    );
    assert!(diags("define d($p) { $x = 1 notice(template('a')) }").is_empty());
    assert!(diags("class c($p) { $x = 1 }").is_empty());
    assert!(diags("function f($a) { $r = $a }").is_empty());
}

#[test]
fn inheritance_and_qualified() {
    assert!(diags("class p { $v = 1 } class c inherits p { notice($v) }").is_empty());
    assert!(diags("class c inherits unknown { notice($v) }").is_empty());
    assert_eq!(
        diags("class p($a) { $v = 1 } notice($p::v, $p::a, $p::w, $q::w)"),
        ["undefined p::w"]
    );
}
