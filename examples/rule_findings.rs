//! Runs rules over files and prints one finding a line, `path:line:col:check:message`, where
//! `check` is the rule's puppet-lint name when it has one (else its code). For comparing
//! plint with puppet-lint until the CLI selects rules (`scripts/oracle/lint-compare.sh`).
//!
//! Usage: `cargo run --release --example rule_findings -- RULE[,RULE...] [FILE...]`
//! (file names are read from standard input when none are given). `RULE` is a code, a
//! name or a puppet-lint check name; `all` runs every rule.

use std::io::BufRead;

use plint::rules::{FileInfo, find, registry};

fn main() {
    let mut args = std::env::args().skip(1);
    let keys = args
        .next()
        .expect("usage: rule_findings RULE[,RULE...] [FILE...]");
    let codes: Vec<&str> = if keys == "all" {
        registry::RULES.iter().map(|r| r.info().code).collect()
    } else {
        keys.split(',')
            .map(|k| {
                find(k)
                    .unwrap_or_else(|| panic!("no rule `{k}`"))
                    .info()
                    .code
            })
            .collect()
    };
    let mut files: Vec<String> = args.collect();
    if files.is_empty() {
        files = std::io::stdin()
            .lock()
            .lines()
            .map_while(Result::ok)
            .collect();
    }
    let selection = registry::Selection::from_fn(|i| codes.contains(&i.code).then_some(i.severity));
    for path in files {
        let Ok(source) = std::fs::read_to_string(&path) else {
            continue;
        };
        let parsed = plint::syntax::parse(&source);
        let info = FileInfo {
            path: &path,
            source: &source,
            ast: &parsed.ast,
        };
        let mut ds = registry::check(info, &selection);
        ds.sort_by_key(|d| (d.span.start, d.code));
        for d in ds {
            let before = &source[..d.span.start.min(source.len())];
            let line = before.matches('\n').count() + 1;
            let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            let check = d.puppet_lint.unwrap_or(d.code);
            if codes.contains(&d.code) {
                println!("{path}:{line}:{col}:{check}:{}", d.message);
            }
        }
    }
}
