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
    let vars = scan_text(Kind::Function4x, text).top_variables;
    assert_eq!(
        vars,
        [
            ("role".to_string(), 3),
            ("datacenter".to_string(), 4),
            ("tier".to_string(), 5)
        ]
    );
}

#[test]
fn variables_a_function_sets_at_top_scope() {
    let text = "\
Puppet::Functions.create_function(:role, Puppet::Functions::InternalFunction) do
  def role(scope, name)
    top = scope.compiler.topscope
    top['node_role'] = name
    scope.compiler.topscope['tier'] = 1
    other = {}
    other['no'] = 1
  end
end
";
    let vars = scan_text(Kind::Function4x, text).top_variables;
    assert_eq!(
        vars,
        [("node_role".to_string(), 4), ("tier".to_string(), 5)]
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
        "newfunction(:f, :arity => 9223372036854775807)",
        "newfunction(:f, :arity => -9223372036854775808)",
        "newfunction(:f, :arity => -99999999999)",
        "Puppet::Type.newtype(:t) { newparam(*x) ; newproperty(:p) { newvalues(*y, *%i[a b]) } }",
        "register_type(name: :r, attributes: { a: 1, 'b' => { type: 2 }, **x })",
        "create_function(:f) { dispatch(:f) { param; block_param 1, 2, 3 } }",
        "(",
        "create_function(",
        "newtype(:'",
        "register_type(name",
        "register_type(name: \"",
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

/// What a reading of the text got wrong: a type written over lines, a block parameter given
/// by its name only, `%q` and heredoc texts, `dispatch` in comments and strings.
#[test]
fn dispatches_are_read_as_ruby_reads_them() {
    let d = scan_text(
        Kind::Function4x,
        r#"# dispatch :fake do param 'Integer', :x end
Puppet::Functions.create_function(:f) do
  # @example
  #   dispatch :nothing do
  DOC = <<~TEXT
    dispatch :other do
      param 'String', :s
    end
  TEXT
  dispatch :f do
    param 'Struct[{
a => Integer,
b => Optional[String],
}]', :opts
    optional_param %q{Variant[String, Integer]}, :v
    block_param :blk
  end
  def f(opts, v = nil)
    [opts].each do |o|
      if o then o end
    end
  end
end
"#,
    );
    let f = &d.functions[0];
    assert_eq!(f.signatures.len(), 1);
    let s = &f.signatures[0];
    assert_eq!(
        sig(s),
        [
            (
                "opts".into(),
                "Struct[{\na => Integer,\nb => Optional[String],\n}]".into(),
                ParamKind::Required
            ),
            (
                "v".into(),
                "Variant[String, Integer]".into(),
                ParamKind::Optional
            ),
        ]
    );
    assert!(crate::types::parse(&s.params[0].ty).is_ok());
    let b = s.block.as_ref().unwrap();
    assert_eq!((b.name.as_str(), b.ty.as_str()), ("blk", "Callable"));
}

/// A type's values and completeness as Ruby reads its body: `newvalue` as a variable's name,
/// a constant, iterations of `autorequire`, `newcheck`, `%w[]` values.
#[test]
fn type_bodies_are_read_as_ruby_reads_them() {
    let d = scan_text(
        Kind::ResourceType,
        r##"Puppet::Type.newtype(:t) do
  @doc = "newparam(:fake) and scope['x'] = 1"
  REGEX = %r{^(?:(.+)\s+)?(a|b)}
  ensurable do
    newvalue(:present) { provider.create }
    newvalue(:absent) { provider.destroy }
    def change_to_s(currentvalue, newvalue)
      "#{currentvalue} -> #{newvalue}"
    end
  end
  newparam(:name) do
    newvalues(*%w[one two])
  end
  newcheck(:refreshonly) do
    newvalues(:true, :false)
  end
  [:a, :b].each do |t|
    autorequire(t) { [] }
  end
  def self.helper(name)
    newparam(name)
  end
end
"##,
    );
    let t = &d.resource_types[0];
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
            ("name", AttributeKind::Parameter, "Enum['one', 'two']", true),
            (
                "refreshonly",
                AttributeKind::Parameter,
                "Variant[Boolean, Enum['true', 'false']]",
                false
            ),
        ]
    );
    assert!(t.complete);
    // Statements that may add attributes make the type incomplete.
    for body in [
        "extend Mixin",
        "create_parameters",
        "[:a].each { |n| newparam(n) }",
        "if x then include_params(self) end",
        "Mixin.add(self) do end",
    ] {
        let d = scan_text(
            Kind::ResourceType,
            &format!("Puppet::Type.newtype(:t) do\n  newparam(:name)\n  {body}\nend\n"),
        );
        assert!(!d.resource_types[0].complete, "{body}");
    }
}

/// Variables are read from assignments, not from strings; `||=` sets one too.
#[test]
fn variables_are_read_from_the_tree() {
    let d = scan_text(
        Kind::Function3x,
        "newfunction(:f, :doc => <<-DOC) do |args|\n  Sets scope['doc'] = 1\nDOC\n  self.scope['a'] ||= 1\n  x = \"closure_scope['str'] = 2\"\n  @scope.setvar('b', 2)\n  scope[\"c#{1}\"] = 3\nend\n",
    );
    assert_eq!(
        d.top_variables,
        [("a".to_string(), 4), ("b".to_string(), 6)]
    );
}

/// A file Prism cannot parse: the names found are known, with no signature and no attribute.
#[test]
fn a_file_prism_cannot_parse_is_read_leniently() {
    let d = scan_text(
        Kind::Function4x,
        "Puppet::Functions.create_function(:'m::f') do\n  dispatch :f do\n    param 'Integer', :x\n  end\n  def f(x)\n    scope['v'] = x\n    x +\n  end\nend\n# create_function(:not_this)\n",
    );
    assert_eq!(d.functions.len(), 1);
    assert_eq!(d.functions[0].name, "m::f");
    assert!(d.functions[0].signatures.is_empty());
    assert_eq!(d.top_variables, [("v".to_string(), 6)]);
    let d = scan_text(
        Kind::Function3x,
        "module Puppet::Parser::Functions\n  newfunction(:g, :type => :statement, :arity => 1) do |args|\n    (\n  end\nend\n",
    );
    assert_eq!(d.functions[0].name, "g");
    assert_eq!(d.functions[0].kind, FunctionKind::Ruby3x { rvalue: true });
    assert!(d.functions[0].signatures.is_empty());
    let d = scan_text(
        Kind::ResourceType,
        "Puppet::Type.newtype(:broken) do\n  newparam(:name) do\nend\nPuppet::ResourceApi.register_type(\n  docs: 'the name',\n  :name => 'rapi',\n  attributes: {\n",
    );
    let types: Vec<_> = d
        .resource_types
        .iter()
        .map(|t| (t.name.as_str(), t.attributes.len(), t.complete))
        .collect();
    assert_eq!(types, [("broken", 0, false), ("rapi", 0, false)]);
}

/// The reading on first use: what `read` defers, it defers only where the text says exactly
/// what `scan` reads; everything else is read at once.
mod deferred {
    use super::*;

    fn source(kind: Kind, text: &str) -> Source {
        Source {
            path: PathBuf::from("/m/lib/x.rb"),
            text: text.to_string(),
            kind,
        }
    }

    /// The name `read` defers, or `None` when it reads the file at once; either way, what a
    /// lookup gets is what `scan` reads.
    fn deferred(kind: Kind, text: &str) -> Option<String> {
        let source = source(kind, text);
        let scanned = scan(&source);
        match read(source) {
            Read::Now(defs) => {
                assert_eq!(defs, scanned);
                None
            }
            Read::Later(file) => {
                assert!(scanned.top_variables.is_empty());
                if kind == Kind::ResourceType {
                    assert_eq!(scanned.resource_types.len(), 1);
                    assert!(scanned.functions.is_empty());
                    assert_eq!(file.resource_type(), &scanned.resource_types[0]);
                } else {
                    assert_eq!(scanned.functions.len(), 1);
                    assert!(scanned.resource_types.is_empty());
                    assert_eq!(file.function(), &scanned.functions[0]);
                }
                Some(file.name().to_string())
            }
        }
    }

    #[test]
    fn one_plain_declaration_is_deferred() {
        let v4 = "# frozen_string_literal: true\n\nrequire 'json'\nrequire_relative('../x/y')\n\n# Doc.\nPuppet::Functions.create_function(:'Stdlib::Ensure') do\n  dispatch :x do\n    param 'String', :s\n  end\nend\n";
        assert_eq!(
            deferred(Kind::Function4x, v4).as_deref(),
            Some("stdlib::ensure")
        );
        let v3 = "module Puppet::Parser::Functions\n  newfunction(:Abs, type: :rvalue, arity: 1, doc: <<-DOC\n  Returns newfunction(:other).\n  DOC\n  ) do |args|\n  end\nend\n";
        assert_eq!(deferred(Kind::Function3x, v3), None, "named twice");
        let v3 = "module Puppet::Parser::Functions\n  newfunction(:Abs, type: :rvalue, arity: 1, doc: <<-DOC\n  Returns the absolute value.\n  DOC\n  ) do |args|\n  end\nend\n";
        assert_eq!(deferred(Kind::Function3x, v3).as_deref(), Some("abs"));
        let reads = "Puppet::Functions.create_function(:a) do\n  def a\n    closure_scope['x'] == scope.lookupvar('y') && h[1] =~ /z/\n  end\nend\n";
        assert_eq!(deferred(Kind::Function4x, reads).as_deref(), Some("a"));
        let ty = "require 'puppet/parameter/boolean'\n\nPuppet::Type.newtype(:File_Line) do\n  ensurable\n  newparam(:name, namevar: true)\n  newproperty(:line)\nend\n";
        assert_eq!(
            deferred(Kind::ResourceType, ty).as_deref(),
            Some("file_line")
        );
        let ty = "class Puppet::Type::Foo < Puppet::Type\nend\nPuppet::Type::newtype(\"bar\", parent: Puppet::Type::Foo) do\nend\n";
        assert_eq!(deferred(Kind::ResourceType, ty).as_deref(), Some("bar"));
    }

    #[test]
    fn lines_adding_to_the_load_path_are_plain() {
        let ty = "$LOAD_PATH.unshift(File.join(File.dirname(__FILE__), '..', '..'))\nrequire 'puppet/util/firewall'\n\nPuppet::Type.newtype(:firewall) do\n  newparam(:name)\nend\n";
        assert_eq!(
            deferred(Kind::ResourceType, ty).as_deref(),
            Some("firewall")
        );
        let ty = "File.expand_path('../..', File.dirname(__FILE__)).tap { |dir| $LOAD_PATH.unshift(dir) unless $LOAD_PATH.include?(dir) }\nPuppet::Type.newtype(:keystone_role) do\n  ensurable\nend\n";
        assert_eq!(
            deferred(Kind::ResourceType, ty).as_deref(),
            Some("keystone_role")
        );
        let v4 = "$LOAD_PATH << File.join(File.dirname(__FILE__), 'lib')\nPuppet::Functions.create_function(:a) do\nend\n";
        assert_eq!(deferred(Kind::Function4x, v4), None, "not a call");
    }

    #[test]
    fn a_file_that_declares_nothing_is_not_parsed() {
        let source = source(Kind::Function4x, "def helper(x) = x +\n");
        assert!(matches!(read(source), Read::Now(d) if d == Defs::default()));
    }

    #[test]
    fn what_the_text_alone_cannot_say_is_read_at_once() {
        for (kind, text) in [
            // In a heredoc, a block comment, a string, a method, a block.
            (
                Kind::Function4x,
                "x = <<~EOS\nPuppet::Functions.create_function(:a) do\nEOS\n",
            ),
            (
                Kind::Function4x,
                "=begin\nPuppet::Functions.create_function(:a) do\nend\n=end\n",
            ),
            (
                Kind::Function4x,
                "x = \"\nPuppet::Functions.create_function(:a) do\nend\n\"\n",
            ),
            (
                Kind::Function3x,
                "def make\n  newfunction(:a) do |args|\n  end\nend\n",
            ),
            (
                Kind::Function3x,
                "[1].each do\n  newfunction(:a) do |args|\n  end\nend\n",
            ),
            // Not a plain literal first, or not a call of it.
            (
                Kind::Function3x,
                "newfunction(name, type: :rvalue) do\nend\n",
            ),
            (Kind::Function3x, "newfunction(\"a#{b}\") do\nend\n"),
            (Kind::Function3x, "newfunction(\"a\": 1) do\nend\n"),
            (Kind::Function3x, "newfunction(:a.to_s) do\nend\n"),
            (Kind::Function3x, "newfunction (:a), 1 do\nend\n"),
            (Kind::Function3x, "x = newfunction(:a) do\nend\n"),
            (Kind::Function3x, "foo.newfunction(:a) do\nend\n"),
            // A load path line that opens a block, a string, or goes on.
            (
                Kind::ResourceType,
                "$LOAD_PATH.each(x) {\nPuppet::Type.newtype(:a) do\nend\n}\n",
            ),
            (
                Kind::ResourceType,
                "$LOAD_PATH.unshift(x) if y(do_it) do\nPuppet::Type.newtype(:a) do\nend\nend\n",
            ),
            (
                Kind::ResourceType,
                "x = $LOAD_PATH.unshift('a', \"b\nPuppet::Type.newtype(:a) do\nend\n\")\n",
            ),
            (
                Kind::ResourceType,
                "$LOAD_PATH.unshift(x) unless [1].each do |y|\nPuppet::Type.newtype(:a) do\nend\nend\n",
            ),
            (
                Kind::ResourceType,
                "$LOAD_PATH.unshift(x).tap { |d| while d(x) }\nPuppet::Type.newtype(:a) do\nend\nend\n",
            ),
            // What else `scan` reads.
            (
                Kind::Function4x,
                "Puppet::Functions.create_function(:a) do\n  def a\n    closure_scope['x'] = 1\n  end\nend\n",
            ),
            (
                Kind::Function3x,
                "newfunction(:a) do |args|\n  top = scope.compiler.topscope\n  top['x'] ||= 1\nend\n",
            ),
            (
                Kind::Function3x,
                "newfunction(:a) do |args|\n  self.scope.setvar('x', 1)\nend\n",
            ),
            (
                Kind::ResourceType,
                "Puppet::Type.newtype(:a) do\nend\nPuppet::ResourceApi.register_type(name: 'b')\n",
            ),
        ] {
            assert_eq!(deferred(kind, text), None, "{text}");
        }
    }

    #[test]
    fn a_declaration_scan_does_not_find_is_known_with_nothing_else() {
        // Cut after its name: Prism cannot parse it, and the lenient reading finds it.
        let file = match read(source(Kind::Function3x, "newfunction(:a, type: :rvalue")) {
            Read::Later(file) => file,
            Read::Now(_) => panic!("not deferred"),
        };
        assert_eq!(file.function().name, "a");
        assert!(file.function().signatures.is_empty());
    }
}
