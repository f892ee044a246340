//! Every type written in plint's built-in data (`rules/`) and every type expression of the
//! real corpus parses, displays, and parses back to the same type.

mod common;

use plint::defs::builtins;
use plint::syntax::ast::{Expr, ExprKind};
use plint::types::{self, Type};

/// Parses `src`, and checks that its display parses back to the same type.
fn check(src: &str, failures: &mut Vec<String>) -> Option<Type> {
    match types::parse(src) {
        Ok(t) => {
            let shown = t.to_string();
            match types::parse(&shown) {
                Ok(back) if back == t => {}
                Ok(back) => {
                    failures.push(format!("{src}: shown `{shown}`, reads back as {back:?}"))
                }
                Err(e) => failures.push(format!("{src}: shown `{shown}` does not parse: {e}")),
            }
            Some(t)
        }
        Err(e) => {
            failures.push(format!("{src}: {e}"));
            None
        }
    }
}

#[test]
fn builtin_data_types_parse() {
    let mut failures = Vec::new();
    let mut all = Vec::new();
    let mut n = 0;
    for f in builtins::functions() {
        for s in &f.signatures {
            for p in &s.params {
                n += 1;
                all.extend(check(&p.ty, &mut failures));
            }
            if let Some(b) = &s.block {
                n += 1;
                all.extend(check(&b.ty, &mut failures));
            }
            if let Some(r) = &s.return_type {
                n += 1;
                all.extend(check(r, &mut failures));
            }
        }
    }
    for rt in builtins::resource_types() {
        for a in &rt.attributes {
            n += 1;
            all.extend(check(&a.ty, &mut failures));
        }
    }
    for a in builtins::metaparameters() {
        n += 1;
        all.extend(check(&a.ty, &mut failures));
    }
    let mut patterns = std::collections::BTreeSet::new();
    for t in &all {
        collect_patterns(t, &mut patterns);
    }
    let regexes = types::RegexCache::default();
    for p in &patterns {
        if let Err(e) = regexes.ruby_regex(p) {
            failures.push(format!("/{p}/ does not compile: {e}"));
        }
    }
    failures.sort();
    failures.dedup();
    assert!(
        failures.is_empty(),
        "{} of {n} types in rules/ fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(n > 500, "{n}");
}

/// The type expressions of a manifest: parameter types, lambda and function return types,
/// alias values.
fn type_exprs<'a>(file: &'a plint::syntax::ast::File, out: &mut Vec<&'a Expr>) {
    file.walk(&mut |e| {
        let params = match &e.kind {
            ExprKind::Class(c) => &c.params[..],
            ExprKind::Define(d) => &d.params[..],
            ExprKind::Function(f) => {
                out.extend(f.return_type.as_ref());
                &f.params[..]
            }
            ExprKind::Plan(p) => &p.params[..],
            ExprKind::TypeAlias(a) => {
                out.push(&a.value);
                &[]
            }
            ExprKind::Call(c) => match &c.lambda {
                Some(l) => {
                    out.extend(l.return_type.as_ref());
                    &l.params[..]
                }
                None => &[],
            },
            ExprKind::MethodCall(m) => match &m.lambda {
                Some(l) => {
                    out.extend(l.return_type.as_ref());
                    &l.params[..]
                }
                None => &[],
            },
            _ => &[],
        };
        out.extend(params.iter().filter_map(|p| p.type_expr.as_ref()));
    });
}

#[test]
fn corpus_type_expressions_lower() {
    let Some(files) = common::corpus_files() else {
        return;
    };
    let mut failures = Vec::new();
    let mut n = 0;
    let mut patterns = std::collections::BTreeSet::new();
    for path in &files {
        let Ok(src) = std::fs::read_to_string(path) else {
            continue;
        };
        let parsed = plint::syntax::parse(&src);
        let mut exprs = Vec::new();
        type_exprs(&parsed.ast, &mut exprs);
        for e in exprs {
            n += 1;
            let text = &src[e.span.range()];
            match types::from_expr(e, &src) {
                Ok(t) => {
                    collect_patterns(&t, &mut patterns);
                    let shown = t.to_string();
                    match types::parse(&shown) {
                        Ok(back) if back == t => {}
                        _ => failures.push(format!(
                            "{}: `{text}` shown as `{shown}` does not read back",
                            path.display()
                        )),
                    }
                }
                Err(err) => failures.push(format!("{}: `{text}`: {err}", path.display())),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {n} type expressions fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(n > 1000, "{n}");
    let regexes = types::RegexCache::default();
    let bad: Vec<String> = patterns
        .iter()
        .filter_map(|p| regexes.ruby_regex(p).err().map(|e| format!("/{p}/: {e}")))
        .collect();
    assert!(
        bad.is_empty(),
        "{} of {} corpus patterns do not compile:\n{}",
        bad.len(),
        patterns.len(),
        bad.join("\n")
    );
    assert!(patterns.len() > 50, "{}", patterns.len());
}

/// `may_lower` says no only of expressions `from_expr` rejects: every access of a type in
/// the corpus (resource references with variables among them) and a few written here.
#[test]
fn may_lower_is_false_only_for_what_does_not_lower() {
    let mut sources: Vec<String> = [
        "$a = Package[$name]",
        "$a = File['/tmp/x']",
        "$a = Optional[String[1]]",
        "$a = Enum[\"a${b}\"]",
        "$a = Integer[-1, 2]",
        "$a = Hash[String, Array[Integer], 1]",
        "$a = Struct[{a => Integer, Optional[b] => String}]",
        "$a = Service[foo($x)]",
        "$a = Class[$x + 1]",
        "$a = Pattern[/x/, (/y/)]",
        "$a = Integer[-$x]",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for p in common::corpus_files().unwrap_or_default() {
        sources.extend(std::fs::read_to_string(&p).ok());
    }
    let (mut skipped, mut n) = (0, 0);
    for src in &sources {
        let parsed = plint::syntax::parse(src);
        parsed.ast.walk(&mut |e| {
            if let ExprKind::Access { target, .. } = &e.kind
                && matches!(target.kind, ExprKind::TypeRef(_))
            {
                n += 1;
                if !types::may_lower(e) {
                    skipped += 1;
                    assert!(
                        types::from_expr(e, src).is_err(),
                        "`{}` lowers",
                        &src[e.span.range()]
                    );
                }
            }
        });
    }
    assert!(skipped >= 4 && n > skipped, "{skipped} of {n}");
}

fn collect_patterns(t: &Type, out: &mut std::collections::BTreeSet<String>) {
    match t {
        Type::Pattern(ps) => out.extend(ps.iter().cloned()),
        Type::Regexp(Some(p)) => {
            out.insert(p.clone());
        }
        _ => {}
    }
    t.for_each_child(&mut |c| collect_patterns(c, out));
}

/// Writes the distinct type expressions of the corpus to `tests/types/corpus_types.txt`, the
/// input of `scripts/oracle/types-oracle.sh` for `corpus_display.expected`
/// (`cargo test --test types_parse -- --ignored dump_corpus_types`).
#[test]
#[ignore]
fn dump_corpus_types() {
    let mut out = std::collections::BTreeSet::new();
    for p in common::corpus_files().unwrap_or_default() {
        let Ok(src) = std::fs::read_to_string(&p) else {
            continue;
        };
        let parsed = plint::syntax::parse(&src);
        let mut exprs = Vec::new();
        type_exprs(&parsed.ast, &mut exprs);
        for e in exprs {
            let text = &src[e.span.range()];
            if text.contains('#') {
                continue;
            }
            out.insert(text.split_whitespace().collect::<Vec<_>>().join(" "));
        }
    }
    let mut body = String::from(
        "# Distinct type expressions of the corpus (tests/types_parse.rs dump_corpus_types).\n",
    );
    for t in out {
        body.push_str(&t);
        body.push('\n');
    }
    std::fs::write(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/types/corpus_types.txt"),
        body,
    )
    .expect("write");
}
