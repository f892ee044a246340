//! plint's Ruby interpreter against Ruby itself: every case under `tests/ruby/cases/` (a `.rb`
//! snippet or an `.erb` template, with its bindings in a `.json`) has its expected output in a
//! `.out` written by the installed Ruby (`scripts/gen-ruby-oracle.rb`); plint must give the same
//! bytes. Plus the ERB corpus parses, and hostile inputs end as budget errors or unknowns.

use std::path::{Path, PathBuf};

use plint::ruby::{self, Budget, CallStyle, Host, Rendered, RubyError, Value};

/// A host over a table of variables (as the oracle binds them) and two fake functions; for the
/// `fs_*` cases, the fixture tree `tests/ruby/tree` (the variable `tree`), read through a
/// sandbox that allows only it.
struct TableHost {
    vars: Vec<(String, Value)>,
    sandbox: Option<plint::sandbox::Sandbox>,
}

fn tree_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ruby/tree")
}

impl TableHost {
    fn from_json(path: &Path) -> TableHost {
        let vars = match std::fs::read_to_string(path) {
            Ok(t) => {
                let j: serde_json::Value = serde_json::from_str(&t).expect("bindings are JSON");
                match j {
                    serde_json::Value::Object(o) => {
                        o.iter().map(|(k, v)| (k.clone(), from_json(v))).collect()
                    }
                    _ => Vec::new(),
                }
            }
            Err(_) => Vec::new(),
        };
        TableHost {
            vars,
            sandbox: None,
        }
    }

    /// The host of an `fs_*` case: the tree is readable, and nothing else.
    fn with_tree(mut self) -> TableHost {
        let tree = tree_dir();
        let mut sandbox = plint::sandbox::Sandbox::new(&tree, &[]);
        sandbox.add_untrusted(&tree);
        self.vars
            .push(("tree".into(), Value::str(tree.display().to_string())));
        self.sandbox = Some(sandbox);
        self
    }
}

fn from_json(j: &serde_json::Value) -> Value {
    match j {
        serde_json::Value::Null => Value::Nil,
        serde_json::Value::Bool(b) => Value::Bool(*b),
        serde_json::Value::Number(n) => match n.as_i64() {
            Some(i) => Value::Int(i),
            None => Value::Float(n.as_f64().unwrap_or(0.0)),
        },
        serde_json::Value::String(s) => Value::str(s.clone()),
        serde_json::Value::Array(a) => Value::array(a.iter().map(from_json).collect()),
        serde_json::Value::Object(o) => Value::hash(
            o.iter()
                .map(|(k, v)| (Value::str(k.clone()), from_json(v)))
                .collect(),
        ),
    }
}

impl Host for TableHost {
    fn path_kind(&mut self, path: &str) -> Option<ruby::PathKind> {
        match self.sandbox.as_ref()?.locate(Path::new(path)) {
            plint::sandbox::Located::File => Some(ruby::PathKind::File),
            plint::sandbox::Located::Folder => Some(ruby::PathKind::Folder),
            plint::sandbox::Located::Missing => Some(ruby::PathKind::Missing),
            plint::sandbox::Located::Refused => None,
        }
    }
    fn read_file(&mut self, path: &str) -> Option<String> {
        self.sandbox.as_ref()?.read_to_string(Path::new(path)).ok()
    }
    fn list_dir(&mut self, path: &str) -> Option<Vec<ruby::DirEntry>> {
        ruby::list_dir_in(self.sandbox.as_ref()?, path).ok()
    }
    fn load_yaml(&mut self, text: &str) -> Result<Option<Value>, String> {
        // Data as the catalog compiler reads it, made Ruby values again.
        let v = plint::eval::yaml::parse(text).map_err(|e| e.to_string())?;
        Ok(Some(puppet_to_ruby(&v)))
    }
    fn instance_variable(&mut self, name: &str) -> Option<Value> {
        self.vars
            .iter()
            .find(|(k, v)| k == name && !matches!(v, Value::Nil))
            .map(|(_, v)| v.clone())
    }
    fn lookup_variable(&mut self, name: &str) -> Option<Value> {
        let name = name.trim_start_matches("::");
        self.vars
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
    }
    fn variables(&mut self) -> Vec<(String, Value)> {
        self.vars
            .iter()
            .filter(|(_, v)| !matches!(v, Value::Nil))
            .cloned()
            .collect()
    }
    fn call_function(
        &mut self,
        name: &str,
        args: Vec<Value>,
        _style: CallStyle,
    ) -> Result<Value, String> {
        match name {
            "upcase" => Ok(Value::str(
                args.first()
                    .map(|v| v.to_s())
                    .unwrap_or_default()
                    .to_uppercase(),
            )),
            "fail" => Err(args.first().map(|v| v.to_s()).unwrap_or_default()),
            _ => Ok(Value::unknown(format!("function {name}"), 0)),
        }
    }
}

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ruby/cases")
}

/// What plint gives for a case, in the oracle's format.
fn run_case(path: &Path) -> String {
    let src = std::fs::read_to_string(path).expect("case is readable");
    let label = path.file_name().and_then(|f| f.to_str()).unwrap_or("case");
    let mut host = TableHost::from_json(&path.with_extension("json"));
    if label.starts_with("fs_") {
        host = host.with_tree();
    }
    let budget = Budget::default();
    let is_erb = path.extension().is_some_and(|e| e == "erb");
    let program = if is_erb {
        ruby::erb::compile(label, &src)
    } else {
        ruby::parse(label, &src)
    };
    let program = match program {
        Ok(p) => p,
        Err(errs) => return format!("!! SyntaxError: {errs:?}\n"),
    };
    if is_erb {
        match ruby::render_erb(&program, &mut host, &budget) {
            Ok(Rendered::Known(s)) => s,
            Ok(Rendered::Unknown(o)) => format!("?? unknown: {o}\n"),
            Err(e) => error_line(&e),
        }
    } else {
        match ruby::eval_program(&program, &mut host, &budget) {
            Ok(v) => match v.unknown_origin() {
                Some(o) => format!("?? unknown: {o}\n"),
                None => format!("=> {}\n", v.inspect()),
            },
            Err(e) => error_line(&e),
        }
    }
}

fn error_line(e: &RubyError) -> String {
    match e {
        RubyError::Raised { class, message, .. } => format!("!! {class}: {message}\n"),
        RubyError::Budget(w) => format!("?? budget: {w}\n"),
    }
}

#[test]
fn cases_match_ruby() {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(cases_dir())
        .expect("cases dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "rb" || e == "erb"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty());
    let mut stems: Vec<_> = paths.iter().map(|p| p.with_extension("")).collect();
    stems.dedup();
    assert_eq!(
        stems.len(),
        paths.len(),
        "two cases share a name (and so a .out)"
    );
    let mut failures = Vec::new();
    for p in &paths {
        let expected = std::fs::read_to_string(p.with_extension("out")).unwrap_or_else(|_| {
            panic!(
                "{} has no .out: run scripts/gen-ruby-oracle.rb",
                p.display()
            )
        });
        let got = run_case(p);
        if got != expected {
            failures.push(format!(
                "{}:\n  expected: {expected:?}\n  got:      {got:?}",
                p.display()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ from Ruby:\n{}",
        failures.len(),
        paths.len(),
        failures.join("\n")
    );
}

fn corpus_templates() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>, depth: u32) {
        if depth > 12 {
            return;
        }
        let Ok(rd) = std::fs::read_dir(dir) else {
            return;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out, depth + 1);
            } else if p.extension().is_some_and(|x| x == "erb") {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(Path::new("/usr/share/puppet/modules"), &mut out, 0);
    out.sort();
    out
}

#[test]
fn corpus_templates_parse() {
    let paths = corpus_templates();
    if paths.is_empty() {
        assert!(
            std::env::var("CI").is_err(),
            "the Puppet module corpus is missing under CI"
        );
        eprintln!("corpus missing: skipped");
        return;
    }
    let mut bad = Vec::new();
    for p in &paths {
        let Ok(src) = std::fs::read_to_string(p) else {
            continue;
        };
        if let Err(errs) = ruby::erb::compile(&p.display().to_string(), &src) {
            bad.push(format!("{}: {:?}", p.display(), errs.first()));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} templates fail to parse:\n{}",
        bad.len(),
        paths.len(),
        bad.join("\n")
    );
}

/// A host that knows no variable: every `@x` is unknown.
struct UnknownHost;

impl Host for UnknownHost {
    fn instance_variable(&mut self, name: &str) -> Option<Value> {
        Some(Value::unknown(format!("@{name}"), 0))
    }
    fn lookup_variable(&mut self, name: &str) -> Option<Value> {
        Some(Value::unknown(format!("scope['{name}']"), 0))
    }
    fn variables(&mut self) -> Vec<(String, Value)> {
        Vec::new()
    }
    fn call_function(&mut self, name: &str, _: Vec<Value>, _: CallStyle) -> Result<Value, String> {
        Ok(Value::unknown(format!("function {name}"), 0))
    }
}

/// A host where every variable is an empty string (no nil) and functions are unknown.
struct EmptyStringHost;

impl Host for EmptyStringHost {
    fn instance_variable(&mut self, _name: &str) -> Option<Value> {
        Some(Value::str(""))
    }
    fn lookup_variable(&mut self, _name: &str) -> Option<Value> {
        Some(Value::str(""))
    }
    fn variables(&mut self) -> Vec<(String, Value)> {
        Vec::new()
    }
    fn call_function(&mut self, name: &str, _: Vec<Value>, _: CallStyle) -> Result<Value, String> {
        Ok(Value::unknown(format!("function {name}"), 0))
    }
}

/// The share of corpus templates that render fully known, and what stops the others (printed;
/// run with `cargo test --test ruby_conformance corpus_report -- --ignored --nocapture`).
#[test]
#[ignore]
fn corpus_report() {
    let paths = corpus_templates();
    let mut known = [0usize; 2];
    let mut origins: std::collections::BTreeMap<String, usize> = Default::default();
    let mut errors = 0usize;
    let started = std::time::Instant::now();
    for p in &paths {
        let Ok(src) = std::fs::read_to_string(p) else {
            continue;
        };
        let Ok(prog) = ruby::erb::compile("t", &src) else {
            continue;
        };
        for (k, host) in [&mut UnknownHost as &mut dyn Host, &mut EmptyStringHost]
            .into_iter()
            .enumerate()
        {
            match ruby::render_erb(&prog, host, &Budget::default()) {
                Ok(Rendered::Known(_)) => known[k] += 1,
                Ok(Rendered::Unknown(o)) => {
                    if k == 1 {
                        *origins.entry(o.what.clone()).or_default() += 1;
                    }
                }
                Err(e) => {
                    if k == 1 {
                        errors += 1;
                        *origins
                            .entry(format!(
                                "error: {}",
                                e.to_string().split(" at line").next().unwrap_or("")
                            ))
                            .or_default() += 1;
                    }
                }
            }
        }
    }
    println!(
        "templates: {} (parsed and rendered twice in {:?})",
        paths.len(),
        started.elapsed()
    );
    println!("fully known with every @var unknown: {}", known[0]);
    println!(
        "fully known with every @var = '': {} (errors raised: {errors})",
        known[1]
    );
    let mut v: Vec<_> = origins.into_iter().collect();
    v.sort_by_key(|e| std::cmp::Reverse(e.1));
    for (o, n) in v.iter().take(40) {
        println!("{n:5} {o}");
    }
}

fn run_snippet(src: &str) -> Result<Value, RubyError> {
    let p = ruby::parse("hostile", src).map_err(|e| RubyError::Budget(format!("{e:?}")))?;
    let budget = Budget {
        max_steps: 200_000,
        ..Budget::default()
    };
    ruby::eval_program(&p, &mut ruby::NoHost, &budget)
}

#[test]
fn hostile_inputs_end_safely() {
    let deep = format!("{}1{}", "[".repeat(5000), "]".repeat(5000));
    let deep_if = format!("{}1{}", "if true then ".repeat(3000), " end".repeat(3000));
    let cases: Vec<(&str, String)> = vec![
        ("loop", "loop {}".into()),
        ("while", "while true; end".into()),
        ("big string", "'a' * 10**9".into()),
        ("big array", "Array.new(10**9, 1)".into()),
        ("file", "File.read('/etc/passwd')".into()),
        ("backticks", "`id`".into()),
        ("env", "ENV['HOME']".into()),
        ("require", "require 'net/http'".into()),
        ("send", "send(:system, 'x')".into()),
        ("system", "system('id')".into()),
        ("eval", "eval('1+1')".into()),
        ("recursion", "def f(n); f(n + 1); end; f(0)".into()),
        ("deep array", deep),
        ("deep if", deep_if),
        ("power", "2 ** (2 ** 40)".into()),
        (
            "doubling",
            "s = 'a'; 100.times { s = s + s }; s.size".into(),
        ),
    ];
    for (what, src) in cases {
        eprintln!("hostile: {what}");
        let r = run_snippet(&src);
        let ok = match &r {
            Ok(v) => v.unknown_origin().is_some(),
            Err(RubyError::Budget(_)) => true,
            Err(RubyError::Raised { .. }) => false,
        };
        assert!(ok, "{what}: {r:?}");
    }
}

#[test]
fn unknown_origin_names_construct_and_line() {
    let p = ruby::erb::compile("t.erb", "a\n<%= File.read('/x') %>\n").unwrap();
    match ruby::render_erb(&p, &mut ruby::NoHost, &Budget::default()) {
        Ok(Rendered::Unknown(o)) => {
            assert_eq!(o.line, 2, "{o}");
            assert!(o.what.contains("File"), "{o}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn functions_through_the_host() {
    let src = "<%= scope.function_upcase(['a']) %>-<%= scope.call_function('upcase', ['b']) %>-<%= call_function('upcase', 'c') %>";
    let p = ruby::erb::compile("t.erb", src).unwrap();
    let mut host = TableHost {
        vars: Vec::new(),
        sandbox: None,
    };
    assert_eq!(
        ruby::render_erb(&p, &mut host, &Budget::default()),
        Ok(Rendered::Known("A-B-C".into()))
    );
    let p = ruby::erb::compile("t.erb", "<%= scope.function_fail(['boom']) %>").unwrap();
    match ruby::render_erb(&p, &mut host, &Budget::default()) {
        Err(RubyError::Raised { class, message, .. }) => {
            assert_eq!(class, "Puppet::ParseError");
            assert_eq!(message, "boom");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn syntax_errors_have_positions() {
    let e = ruby::parse("x.rb", "a = 1\nb = (2 +\n").unwrap_err();
    assert!(!e.is_empty());
    assert!(e[0].line >= 2, "{e:?}");
    let e = ruby::erb::compile("x.erb", "line\n<% if x %>\n").unwrap_err();
    assert!(!e.is_empty());
}

/// Every method of the corpus's lists, on receivers of every core class, with extreme
/// arguments: never a panic, never a hang (each ends with a value, an exception, an unknown or
/// a budget error).
#[test]
fn methods_with_extreme_arguments_never_panic() {
    let methods = "<< abs all? any? bytes bytesize capitalize captures ceil chars chomp chomp! chop \
        chr clone collect collect! compact compact! count delete delete_at delete_if downcase \
        downcase! drop dup each each_index each_pair each_with_index each_with_object empty? \
        end_with? eql? equal? fetch find first flatten flatten! floor freeze grep gsub gsub! \
        has_key? hex include? index inject inspect is_a? join key? keys kind_of? last length lines \
        ljust rjust center lstrip map map! match match? max member? merge merge! min name next \
        nil? pack push reduce reject reject! respond_to? reverse rstrip scan select shift size \
        slice slice! sort sort_by split squeeze start_with? step strip sub swapcase times to_a \
        to_f to_hash to_i to_s to_sym transform_keys transpose uniq unpack upcase update values \
        values_at zero? zip insert rotate tr succ upto downto round truncate % * ** + - / < <= \
        <=> == =~ > >= [] []= & | ^ dig sum tally each_slice each_cons group_by partition min_by \
        to_h format rindex center crypt digits gcd";
    let receivers = [
        "\"h\\u00e9llo\"",
        "''",
        "[1, 'a', nil, [2]]",
        "{'a' => 1, 2 => [3]}",
        "5",
        "-2.5",
        "nil",
        ":sym",
        "(1..3)",
        "/a(b)?/",
        "2**70",
        "true",
        "Set.new([1])",
    ];
    let args = [
        "",
        "0",
        "-1",
        "9223372036854775807",
        "-9223372036854775808",
        "'x'",
        "nil",
        "1, 2",
        "[1]",
        "2**70",
        "'é', -3",
        "1.5",
        "/x*/",
        "{}",
        "'%s%d', 1",
    ];
    let budget = Budget {
        max_steps: 20_000,
        max_string: 1 << 20,
        max_collection: 1 << 16,
        ..Budget::default()
    };
    let mut n = 0;
    for m in methods.split_whitespace() {
        for r in receivers {
            for a in args {
                let src = format!(
                    "require 'set'\nbegin\n  ({r}).{m}({a}) {{ |*x| x }}\nrescue Exception\n  :rescued\nend"
                );
                if let Ok(p) = ruby::parse("fuzz", &src) {
                    let _ = ruby::eval_program(&p, &mut ruby::NoHost, &budget);
                    n += 1;
                }
            }
        }
    }
    assert!(n > 1000);
}

#[test]
fn a_function_body_is_called_with_its_methods() {
    let src = "Puppet::Functions.create_function(:'m::f') do\n  def f(a, b = 2)\n    helper(a) * b\n  end\n  def helper(x)\n    x + 1\n  end\nend\n";
    let p = ruby::parse("f.rb", src).unwrap();
    let mut defs = Vec::new();
    fn collect(n: &ruby::ast::Node, out: &mut Vec<(String, std::sync::Arc<ruby::ast::Body>)>) {
        use ruby::ast::NodeKind as K;
        match &n.kind {
            K::Def(name, b) => out.push((name.clone(), b.clone())),
            K::Seq(v) => v.iter().for_each(|x| collect(x, out)),
            K::Call { block: Some(b), .. } => {
                if let Some(body) = &b.body {
                    collect(body, out);
                }
            }
            _ => {}
        }
    }
    collect(&p.root, &mut defs);
    assert_eq!(defs.len(), 2);
    let f = defs[0].1.clone();
    let r = ruby::call_body(
        &p,
        &defs,
        &f,
        false,
        vec![Value::Int(4)],
        &mut ruby::NoHost,
        &Budget::default(),
    );
    assert!(matches!(r, Ok(Value::Int(10))), "{r:?}");
    let r = ruby::call_body(
        &p,
        &defs,
        &f,
        false,
        vec![],
        &mut ruby::NoHost,
        &Budget::default(),
    );
    assert!(
        matches!(r, Err(RubyError::Raised { ref class, .. }) if class == "ArgumentError"),
        "{r:?}"
    );
}

#[test]
fn erb_syntax_errors_are_in_template_coordinates() {
    // Prism reports the `2` of `1 +* 2`: line 3, column 12 of "x <%= 1 +* 2 %>".
    let e = ruby::erb::compile("t.erb", "a\nb\nx <%= 1 +* 2 %>\n").unwrap_err();
    assert_eq!((e[0].line, e[0].column), (3, 12), "{e:?}");
}

#[test]
fn many_medium_strings_exceed_the_allocation_budget() {
    let p = ruby::parse(
        "alloc",
        "a = []\n10_000.times { a << 'x' * 10_000 }\na.size",
    )
    .unwrap();
    let budget = Budget {
        max_allocated: 16 << 20,
        ..Budget::default()
    };
    let r = ruby::eval_program(&p, &mut ruby::NoHost, &budget);
    assert!(matches!(r, Err(RubyError::Budget(_))), "{r:?}");
}

#[test]
fn a_large_output_renders() {
    let p = ruby::erb::compile(
        "big.erb",
        "<% 20_000.times do |i| -%>\nline <%= i %> <%= [i, i * 2].join(',') %>\n<% end -%>\n",
    )
    .unwrap();
    let started = std::time::Instant::now();
    match ruby::render_erb(&p, &mut ruby::NoHost, &Budget::default()) {
        Ok(Rendered::Known(s)) => assert_eq!(s.lines().count(), 20_000),
        other => panic!("{other:?}"),
    }
    eprintln!("20,000 lines rendered in {:?}", started.elapsed());
}

/// Data read by the catalog compiler's YAML reader, as the Ruby values Psych gives.
fn puppet_to_ruby(v: &plint::eval::value::Value) -> Value {
    use plint::eval::value::Value as P;
    match v {
        P::Undef => Value::Nil,
        P::String(s) => Value::str(s.to_string()),
        P::Integer(i) => Value::Int(*i),
        P::Float(f) => Value::Float(*f),
        P::Boolean(b) => Value::Bool(*b),
        P::Array(a) => Value::array(a.iter().map(puppet_to_ruby).collect()),
        P::Hash(h) => Value::hash(
            h.iter()
                .map(|(k, v)| (puppet_to_ruby(k), puppet_to_ruby(v)))
                .collect(),
        ),
        other => Value::unknown(format!("{other:?}"), 0),
    }
}

/// What depends on what plint cannot look at is unknown, never `false`, `nil` or empty: a path
/// outside the allowed tree, a path relative to Puppet's working folder, a home folder, a URL.
#[test]
fn the_file_system_outside_the_sandbox_is_unknown() {
    let cases = [
        "Dir.glob('*')",
        "Dir.glob('/etc/*')",
        "Dir['/etc/**/*.conf']",
        "Dir.children('/etc')",
        "Dir.entries('/etc')",
        "Dir.exist?('/etc')",
        "File.exist?('/etc/passwd')",
        "File.exist?('relative/path')",
        "File.read('/etc/passwd')",
        "File.readlines('/etc/passwd')",
        "YAML.load_file('/etc/data.yaml')",
        "File.expand_path('~/x')",
        "File.expand_path('x')",
        "Dir.glob('*.conf', base: 'relative')",
        "Dir.glob('*', 4, base: scope['tree'])",
        "Puppet::Module.find('stdlib')",
        "OpenURI.open_uri('https://user:pw@example.com/data.yaml')",
    ];
    for src in cases {
        let p = ruby::parse("t.rb", src).unwrap();
        let mut host = TableHost {
            vars: Vec::new(),
            sandbox: None,
        }
        .with_tree();
        let v = ruby::eval_program(&p, &mut host, &Budget::default());
        let origin = match &v {
            Ok(v) => v.unknown_origin(),
            Err(_) => None,
        };
        let Some(origin) = origin else {
            panic!("{src}: {v:?}");
        };
        assert!(!origin.what.contains("pw"), "{src}: {origin}");
    }
    // Inside the tree, the same calls are answered.
    let p = ruby::parse(
        "t.rb",
        "t = scope['tree']; [Dir.exist?(t), File.exist?(t + '/nope'), Dir.glob('nope/*', base: t)]",
    )
    .unwrap();
    let mut host = TableHost {
        vars: Vec::new(),
        sandbox: None,
    }
    .with_tree();
    let v = ruby::eval_program(&p, &mut host, &Budget::default()).unwrap();
    assert_eq!(v.inspect(), "[true, false, []]");
}

/// A method given an unknown argument gives an unknown (with the argument's origin), never a
/// `TypeError` or another exception Ruby would not raise with the real value.
#[test]
fn an_unknown_argument_gives_an_unknown() {
    let exprs = [
        "1 + u",
        "'a' + u",
        "[1] + u",
        "u + 1",
        "'a' * u",
        "[1, 2].first(u)",
        "'abc'[u]",
        "{ a: 1 }.merge(u)",
        "[1].concat(u)",
        "'a' % u",
        "'%s' % [u]",
        "format('%d', u)",
        "Integer(u)",
        "Float(u)",
        "String(u)",
        "Array(u)",
        "'x'.start_with?(u)",
        "[1, 2].join(u)",
        "'a,b'.split(u)",
        "'abc'.gsub(u, 'x')",
        "'abc'.sub('a', u)",
        "[1, 2].include?(u)",
        "'a' == u",
        "'a' <=> u",
        "1 < u",
        "[1, u].max",
        "[1, u].sort",
        "[u].join(',')",
        "'a'.center(u)",
        "'abc'.tr(u, 'x')",
        "1.round(u)",
        "[1, 2, 3].take(u)",
        "{ 'a' => 1 }[u]",
        "{ 'a' => 1 }.fetch(u)",
        "File.join('a', u)",
        "File.basename(u)",
        "JSON.parse(u)",
        "YAML.load(u)",
        "Regexp.new(u)",
        "u =~ /x/",
        "/x/ =~ u",
        "'abc'.match?(u)",
        "'a'.ljust(u)",
        "Array.new(u)",
        "[1, 2] - u",
        "[1, 2] & u",
        "[1, 2].each_slice(u).to_a",
        "1.0 * u",
        "10 / u",
        "2 ** u",
        "[1, 2].sum(u)",
        "'a'.eql?(u)",
        "[1, 2].rotate(u)",
        "'abc'.count(u)",
        "'abc'.index(u)",
        "'abc'.end_with?(u)",
        "[1, 2].fetch(u)",
        "{ 'a' => 1 }.dig(u)",
        "'abc'.include?(u)",
        "'ab'.delete(u)",
        "'a'.casecmp?(u)",
        "[1, 2].join(u.to_s)",
        "'%-10s|' % u",
        "Integer('1', u)",
        "File.expand_path(u)",
        "Dir.glob(u)",
        "File.exist?(u)",
        "File.read(u)",
        "YAML.load_file(u)",
        "'a'.freeze + u.to_s",
        "u.to_s.length",
        "[3, 1].min(u)",
        "'abc'.slice(u, 1)",
        "'abc'.each_char.first(u)",
        "(1..u).to_a",
        "[1, 2].cycle(u).to_a",
        "'a'.unpack(u)",
        "[1].pack(u)",
        "'a'.encode(u)",
        "'a'.force_encoding(u)",
        "Gem::Version.new(u)",
        "Gem::Version.new('1') <=> u",
        "IPAddr.new(u)",
        "Shellwords.escape(u)",
        "Base64.encode64(u)",
        "Digest::MD5.hexdigest(u)",
        "u.nil?",
        "[1, 2].values_at(u)",
    ];
    let mut bad = Vec::new();
    for e in exprs {
        let src = format!("u = @u\n{e}");
        let p = ruby::parse("t.rb", &src).unwrap();
        match ruby::eval_program(&p, &mut UnknownHost, &Budget::default()) {
            // With the argument's origin.
            Ok(v) if v.unknown_origin().is_some_and(|o| o.what == "@u") => {}
            // `u.nil?` and the like are answered by what is known of any value.
            Ok(v) if e == "u.nil?" && v.inspect() == "false" => {}
            other => bad.push(format!("{e}: {other:?}")),
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
