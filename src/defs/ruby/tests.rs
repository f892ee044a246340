use super::*;

#[test]
fn variables_a_function_sets_at_its_callers_scope() {
    let text = "\
Puppet::Functions.create_function(:set_role) do
  def set_role(r)
closure_scope['role'] = r
scope['::datacenter'] = 'x'
scope.setvar(\"tier\", 1)
if closure_scope['role'] == 'a' then end
closure_scope[name] = 1  # made at run time
myscope['no'] = 1
closure_scope['role'] = 2
  end
end
";
    let vars = variables_set(text);
    assert_eq!(
        vars,
        [
            ("role".to_string(), 3),
            ("datacenter".to_string(), 4),
            ("tier".to_string(), 5)
        ]
    );
}

fn scan_text(kind: Kind, text: &str) -> Defs {
    scan(&Source {
        path: PathBuf::from("x.rb"),
        text: text.to_string(),
        kind,
    })
}

fn sig(s: &Signature) -> Vec<(String, String, ParamKind)> {
    s.params
        .iter()
        .map(|p| (p.name.clone(), p.ty.clone(), p.kind))
        .collect()
}

#[test]
fn dispatches_of_a_4x_function() {
    let d = scan_text(
        Kind::Function4x,
        r#"# frozen_string_literal: true
# @summary says "do" and end # not code
Puppet::Functions.create_function(:'mymod::min') do
  # @param a the first
  dispatch :min do
param 'Numeric', :a
optional_param "Variant[String, Array[String]]", :b
repeated_param 'Any', :rest
return_type 'Numeric'
  end

  dispatch :with_block do
required_param 'Hash[String, Any]', :h
block_param 'Callable[2, 2]', :block
  end

  def min(a, b = nil, *rest)
if a > 1
  return a
end
[a].each do |x| x end
a
  end
end
"#,
    );
    let f = &d.functions[0];
    assert_eq!(f.name, "mymod::min");
    assert_eq!(f.kind, FunctionKind::Ruby4x);
    assert_eq!(f.signatures.len(), 2);
    assert_eq!(
        sig(&f.signatures[0]),
        [
            ("a".into(), "Numeric".into(), ParamKind::Required),
            (
                "b".into(),
                "Variant[String, Array[String]]".into(),
                ParamKind::Optional
            ),
            ("rest".into(), "Any".into(), ParamKind::Repeated)
        ]
    );
    assert_eq!(f.signatures[0].return_type.as_deref(), Some("Numeric"));
    let b = f.signatures[1].block.as_ref().unwrap();
    assert_eq!(
        (b.name.as_str(), b.ty.as_str(), b.optional),
        ("block", "Callable[2, 2]", false)
    );
    assert_eq!(
        f.origin,
        Origin::Ruby {
            path: "x.rb".into(),
            line: 3
        }
    );
}

#[test]
fn a_4x_function_without_dispatch_uses_its_method() {
    let d = scan_text(
        Kind::Function4x,
        "Puppet::Functions.create_function(:max) do\n  def helper; end\n  def max(x, y = 1, *more, &blk)\n    x\n  end\nend\n",
    );
    let s = &d.functions[0].signatures[0];
    assert_eq!(
        sig(s),
        [
            ("x".into(), "Any".into(), ParamKind::Required),
            ("y".into(), "Any".into(), ParamKind::Optional),
            ("more".into(), "Any".into(), ParamKind::Repeated)
        ]
    );
    assert!(s.block.as_ref().unwrap().optional);
    let d = scan_text(
        Kind::Function4x,
        "Puppet::Functions.create_function('x::y') do\n  def other(a); end\nend\n",
    );
    assert_eq!(d.functions[0].name, "x::y");
    assert!(d.functions[0].signatures.is_empty());
}

#[test]
fn local_types_make_params_any() {
    let d = scan_text(
        Kind::Function4x,
        "Puppet::Functions.create_function(:f) do\n  local_types do\n    type 'Port = Integer[0, 65535]'\n  end\n  dispatch :f do\n    param 'Port', :p\n    param 'Optional[Port]', :q\n    param 'Portable', :r\n  end\nend\n",
    );
    let types: Vec<_> = d.functions[0].signatures[0]
        .params
        .iter()
        .map(|p| p.ty.as_str())
        .collect();
    assert_eq!(types, ["Any", "Any", "Portable"]);
}

#[test]
fn functions_3x_with_arity_and_type() {
    let d = scan_text(
        Kind::Function3x,
        "module Puppet::Parser::Functions\n  newfunction(:any2array, :type => :rvalue, :arity => -2, :doc => <<-DOC\n    newfunction(:fake) do\n  DOC\n  ) do |args|\n    args\n  end\nend\n",
    );
    assert_eq!(d.functions.len(), 1);
    let f = &d.functions[0];
    assert_eq!(f.name, "any2array");
    assert_eq!(f.kind, FunctionKind::Ruby3x { rvalue: true });
    assert_eq!(
        sig(&f.signatures[0]),
        [
            ("arg0".into(), "Any".into(), ParamKind::Required),
            ("arg1".into(), "Any".into(), ParamKind::Repeated)
        ]
    );
    let d = scan_text(
        Kind::Function3x,
        "Puppet::Parser::Functions.newfunction(:x, type: :statement, arity: 2) { |a| }\nPuppet::Parser::Functions.newfunction('y') do |a|\nend\n",
    );
    assert_eq!(d.functions[0].kind, FunctionKind::Ruby3x { rvalue: false });
    assert_eq!(d.functions[0].signatures[0].params.len(), 2);
    assert!(d.functions[1].signatures.is_empty());
}

#[test]
fn newtype_attributes() {
    let d = scan_text(
        Kind::ResourceType,
        r#"Puppet::Type.newtype(:my_thing) do
  @doc = "A thing. It has do and end in its doc
over lines."
  ensurable

  newparam(:title_param, :namevar => true) do
desc 'The name.'
validate do |value|
  raise ArgumentError, "bad" unless value =~ /^\w+$/
end
  end

  newproperty(:mode) do
newvalues(:on, :off, 'maybe')
aliasvalue(:yes, :on)
  end

  newproperty(:flag) do
newvalues(:true, :false)
  end

  newparam(:path) do
newvalues(/^\//)
  end

  newparam(:force, boolean: true, parent: Puppet::Parameter::Boolean)
  newproperty(:members, :array_matching => :all)
end
"#,
    );
    let t = &d.resource_types[0];
    assert_eq!(t.name, "my_thing");
    let attrs: Vec<_> = t
        .attributes
        .iter()
        .map(|a| (a.name.as_str(), a.kind, a.ty.as_str(), a.namevar))
        .collect();
    assert_eq!(
        attrs,
        [
            (
                "ensure",
                AttributeKind::Property,
                "Enum['present', 'absent']",
                false
            ),
            ("title_param", AttributeKind::Parameter, "Any", true),
            (
                "mode",
                AttributeKind::Property,
                "Enum['on', 'off', 'maybe', 'yes']",
                false
            ),
            (
                "flag",
                AttributeKind::Property,
                "Variant[Boolean, Enum['true', 'false']]",
                false
            ),
            ("path", AttributeKind::Parameter, "Any", false),
            (
                "force",
                AttributeKind::Parameter,
                "Variant[Boolean, Enum['true', 'false', 'yes', 'no']]",
                false
            ),
            ("members", AttributeKind::Property, "Any", false),
        ]
    );
}

#[test]
fn resource_api_type() {
    let d = scan_text(
        Kind::ResourceType,
        r#"require 'puppet/resource_api'

Puppet::ResourceApi.register_type(
  name: 'my_rapi',
  docs: <<-EOS,
Some docs { with braces
  EOS
  features: [],
  attributes: {
ensure: {
  type:    'Enum[present, absent]',
  desc:    'Whether this should be present, "or" absent.',
  default: 'present',
},
name: {
  type:      'String',
  desc:      'The name',
  behaviour: :namevar,
},
size: { type: 'Optional[Integer[0]]', behaviour: :parameter },
  },
)
"#,
    );
    let t = &d.resource_types[0];
    assert_eq!(t.name, "my_rapi");
    let attrs: Vec<_> = t
        .attributes
        .iter()
        .map(|a| (a.name.as_str(), a.kind, a.ty.as_str(), a.namevar))
        .collect();
    assert_eq!(
        attrs,
        [
            (
                "ensure",
                AttributeKind::Property,
                "Enum[present, absent]",
                false
            ),
            ("name", AttributeKind::Parameter, "String", true),
            (
                "size",
                AttributeKind::Parameter,
                "Optional[Integer[0]]",
                false
            ),
        ]
    );
}

/// `calls` finds a name where it stands as a whole word, as a search of the text for it
/// does, and its blocks end where a count of the block words from there ends them.
#[test]
fn calls_are_found_where_a_search_finds_them() {
    let text = "newtype(:x) do\n  newparam(:a) do\n    newvalues(:b, 'newparam')\n  end\n\
                newparams(:c)\n  xnewparam(:d)\n  newparam?(:e)\n  self.newparam(:f)\n\
                newparam :g do isnamevar end\n  @newparam = :newproperty\n\
                $newparam\n  Foo::newparam(:h)\n  newproperty(:i) { validate do |v| end }\n\
                # newparam(:j)\n  ensurable\n  x.each do |y| if y then newparam(:k) end end\n\
                end\n";
    let lx = Lexed::new(text);
    let names = [
        "newparam",
        "newproperty",
        "ensurable",
        "newvalues",
        "isnamevar",
    ];
    for start in 0..text.len() {
        for end in [start, start + 7, start + 40, text.len()] {
            let end = end.min(text.len());
            let got: Vec<(String, usize)> = lx
                .calls(start..end, &names)
                .into_iter()
                .map(|c| (c.name, c.at))
                .collect();
            let code = &lx.code[..];
            let mut expected: Vec<(String, usize)> = Vec::new();
            for name in names {
                let len = name.len();
                for (i, _) in std::str::from_utf8(code).unwrap().match_indices(name) {
                    let joined = (i > 0 && is_ident(code[i - 1]))
                        || code.get(i + len).is_some_and(|&b| is_ident(b));
                    let called = (i == 0 || code[i - 1] != b':' || (i >= 2 && code[i - 2] == b':'))
                        && !(i > 0 && (code[i - 1] == b'@' || code[i - 1] == b'$'));
                    if (start..end).contains(&i) && !joined && called {
                        expected.push((name.to_string(), i));
                    }
                }
            }
            expected.sort_by_key(|e| e.1);
            assert_eq!(got, expected, "{start}..{end}");
        }
    }
    // Each block ends at the `end` a reading of the words from its start finds.
    let code = &lx.code[..];
    let read_to_end = |from: usize, limit: usize| {
        let mut depth = 1;
        let mut i = from;
        while i < limit {
            if !is_ident(code[i]) || (i > 0 && is_ident(code[i - 1])) {
                i += 1;
                continue;
            }
            let len = code[i..].iter().take_while(|&&b| is_ident(b)).count();
            let method = i > 0 && (code[i - 1] == b'.' || code[i - 1] == b':');
            let key = code.get(i + len) == Some(&b':') && code.get(i + len + 1) != Some(&b':');
            if !method && !key {
                match &text[i..i + len] {
                    "do" | "def" | "class" | "module" | "begin" | "case" => depth += 1,
                    "if" | "unless" | "while" | "until" if lx.starts_statement(i) => depth += 1,
                    "end" => {
                        depth -= 1;
                        if depth == 0 {
                            return i;
                        }
                    }
                    _ => {}
                }
            }
            i += len;
        }
        limit
    };
    for from in 0..text.len() {
        for limit in [from, from + 30, text.len()] {
            let limit = limit.min(text.len());
            assert_eq!(
                lx.matching_end(from, limit),
                read_to_end(from, limit),
                "{from}"
            );
        }
    }
}

/// The bracket closing another is the one a count from it finds, in any range.
#[test]
fn brackets_match_as_a_count_finds() {
    let text = "f(a, [b, {c => (d)}], e) { x(y[1]) } ] ) ( [ {\n g(h(i)) (";
    let lx = Lexed::new(text);
    let code = &lx.code[..];
    let count = |open: usize, limit: usize| {
        let mut depth = 0;
        for (j, &b) in code.iter().enumerate().take(limit).skip(open) {
            match b {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return j;
                    }
                }
                _ => {}
            }
        }
        limit
    };
    for open in (0..text.len()).filter(|&i| b"([{".contains(&code[i])) {
        for limit in open..=text.len() {
            assert_eq!(
                lx.matching(open, limit),
                count(open, limit),
                "{open}..{limit}"
            );
        }
    }
}

/// `statement_words` reads the lines as `str::lines` and `str::trim_start` do.
#[test]
fn statement_words_are_read_as_lines() {
    fn by_lines(text: &str) -> Vec<String> {
        let mut base: Option<usize> = None;
        let mut out = Vec::new();
        for line in text.lines() {
            let trimmed = line.trim_start();
            if trimmed.is_empty() {
                continue;
            }
            let indent = line.len() - trimmed.len();
            if indent != *base.get_or_insert(indent) {
                continue;
            }
            let word: String = trimmed
                .chars()
                .take_while(|&c| c.is_ascii_alphanumeric() || c == '_' || c == '@')
                .collect();
            if !word.is_empty() {
                out.push(word);
            }
        }
        out
    }
    for text in [
        "",
        "  a\n  b c\n    d\n  @e\n",
        "\r\n  x\r\n  y\r",
        "\t\u{a0}a\n\t\u{a0}b\n\u{a0}c",
        "  \n\u{2003}\u{2003}x\n\u{2003}\u{2003}y\n  z",
        "a\rb\n\rc\n",
        "  é\n  _x",
    ] {
        let lx = Lexed::new(text);
        assert_eq!(
            statement_words(&lx, 0..text.len()),
            by_lines(text),
            "{text:?}"
        );
    }
}

#[test]
fn garbage_does_not_panic() {
    for text in [
        "",
        "create_function(",
        "Puppet::Functions.create_function(:x) do\n dispatch :x do\n param",
        "newtype(:x) do newparam(",
        "<<-",
        "%q(",
        "'unterminated",
        "register_type(name: 'x', attributes: { a: { type: ",
        "newfunction(:f, :arity => -)",
        "/",
        "x = 1 / 2 # / comment\n=begin\nfoo\n",
        "newfunction(:\"é\" + é, :type => é)",
        "newfunction(:'x', é => :rvalue, :arity => é1)",
        "create_function(:é) do\n dispatch :é do\n param 'é', :é\n end\nend",
        "newtype(:t) do\n newparam(:é) do\n newvalues(:é, 'é')\n end\nend",
        "\"unterminated é",
        "%q(é",
        "<<~É\né",
    ] {
        for kind in [Kind::Function4x, Kind::Function3x, Kind::ResourceType] {
            let _ = scan_text(kind, text);
        }
    }
}

#[test]
fn a_bang_method_before_a_modifier_does_not_open_a_block() {
    let d = scan_text(
        Kind::ResourceType,
        "Puppet::Type.newtype(:x_config) do\n  newproperty(:value) do\n    munge do |v|\n      v.capitalize! if v =~ /^true$/i\n      v\n    end\n  end\n  newparam(:secret, :boolean => true) do\n    newvalues(:true, :false)\n  end\nend\n",
    );
    let t = &d.resource_types[0];
    let names: Vec<&str> = t.attributes.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["value", "secret"]);
    assert!(t.complete);
}
