use super::*;

#[test]
fn keys_split_as_puppet() {
    let s = |k: &str| split_key(k);
    assert_eq!(s("a"), Some(vec![Seg::Str("a".into())]));
    assert_eq!(
        s("a.b.0"),
        Some(vec![
            Seg::Str("a".into()),
            Seg::Str("b".into()),
            Seg::Int(0)
        ])
    );
    assert_eq!(
        s("a.'b.c'.d"),
        Some(vec![
            Seg::Str("a".into()),
            Seg::Str("b.c".into()),
            Seg::Str("d".into())
        ])
    );
    assert_eq!(s("a..b"), None);
    assert_eq!(s("a."), None);
    assert_eq!(s(".a"), None);
}

/// A scope whose one variable, `who`, the test changes between lookups.
struct Who(RefCell<Option<&'static str>>);

impl HieraScope for Who {
    fn variable(&self, name: &str) -> Option<Value> {
        match (name, *self.0.borrow()) {
            ("who", Some(w)) => Some(Value::string(w)),
            _ => None,
        }
    }
}

#[test]
fn levels_follow_the_variables_their_paths_read() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::write(
        dir.join("hiera.yaml"),
        "version: 5\nhierarchy:\n  - name: who\n    path: \"nodes/%{who}.yaml\"\n  - name: common\n    path: common.yaml\n",
    )
    .unwrap();
    std::fs::create_dir_all(dir.join("data/nodes")).unwrap();
    std::fs::write(dir.join("data/nodes/a.yaml"), "k: from a\n").unwrap();
    std::fs::write(dir.join("data/nodes/b.yaml"), "k: from b\n").unwrap();
    std::fs::write(dir.join("data/common.yaml"), "k: common\n").unwrap();
    let hiera = Hiera::new(
        None,
        Some(dir),
        &[],
        Arc::new(Sandbox::new(dir, &[dir.to_path_buf()])),
    );
    let scope = Who(RefCell::new(Some("a")));
    let mut seen = Vec::new();
    for who in [Some("a"), Some("b"), None, Some("a"), Some("b")] {
        *scope.0.borrow_mut() = who;
        let v = hiera.lookup("k", None, &scope).unwrap().unwrap();
        seen.push(v.to_puppet_string());
    }
    assert_eq!(
        seen,
        ["from a", "from b", "common", "from a", "from b"].map(String::from)
    );
}

#[test]
fn methods_parse() {
    assert_eq!(parse_method("lookup('a::b')"), Some(("lookup", "a::b")));
    assert_eq!(parse_method("alias(\"x\")"), Some(("alias", "x")));
    assert_eq!(parse_method("facts.os"), None);
}
