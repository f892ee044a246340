//! Puppet functions written in Ruby, read from their parsed files and called.
//!
//! - 4.x API (`lib/puppet/functions/**/*.rb`): `Puppet::Functions.create_function(:name) do
//!   ... end`, whose body declares dispatchers (`dispatch :method do param 'Type', :name ...
//!   end`) and the methods they call (`def method(...)`). A function without a `dispatch` has
//!   Puppet's default one: the method named after the function's last name segment, taking
//!   any arguments.
//! - 3.x API (`lib/puppet/parser/functions/*.rb`): `newfunction(:name, :type => :rvalue,
//!   :arity => n) do |args| ... end`, whose block runs with Puppet's scope as `self`
//!   (`lookupvar`, `function_x`).
//!
//! The definition is read from the tree, not run: the declarations are literals in every real
//! function. Calling one runs its method (or block) in the interpreter against a [`Host`];
//! choosing the dispatcher by argument types is the evaluator's (it has Puppet's types).

use std::sync::Arc;

use super::ast::{Body, Node, NodeKind};
use super::{Budget, Host, Program, RubyError, Value};

/// A Puppet function defined in Ruby.
#[derive(Debug)]
pub struct FunctionDef {
    /// Its name, as declared (`apache::bool2httpd`).
    pub name: String,
    /// The API it is written against.
    pub api: Api,
    /// The file's program (the methods' bodies point into it).
    pub program: Arc<Program>,
}

/// A function's API and what it declares.
#[derive(Debug)]
pub enum Api {
    /// `Puppet::Functions.create_function`.
    V4 {
        /// The dispatchers, in declaration order (Puppet tries them in that order).
        dispatches: Vec<Dispatch>,
        /// The methods (`def`) of the function's body.
        methods: Vec<(String, Arc<Body>)>,
        /// Type aliases of `local_types` (`'Name = Type'` texts).
        local_types: Vec<String>,
    },
    /// `newfunction`.
    V3 {
        /// `:type => :rvalue` (else a statement function, which returns nothing).
        rvalue: bool,
        /// `:arity` (negative: at least `-arity - 1`).
        arity: Option<i64>,
        /// The block, called with the arguments as one Array.
        body: Arc<Body>,
    },
}

/// A `dispatch` of a 4.x function.
#[derive(Clone, Debug)]
pub struct Dispatch {
    /// The method it calls.
    pub method: String,
    /// The parameters, in order.
    pub params: Vec<Param>,
    /// `block_param` / `optional_block_param`: (type text, optional).
    pub block: Option<(String, bool)>,
    /// The block parameter's name (`block` when not given).
    pub block_name: Option<String>,
    /// `return_type`.
    pub return_type: Option<String>,
    /// `scope_param` (a `Puppet::Functions::InternalFunction`): the method's first argument is
    /// the calling scope, before the arguments the dispatcher declares.
    pub scope_param: bool,
}

/// A dispatcher's parameter.
#[derive(Clone, Debug)]
pub struct Param {
    /// Its type, in Puppet's type syntax.
    pub ty: String,
    /// Its name.
    pub name: String,
    /// How many arguments it takes.
    pub kind: ParamKind,
}

/// How many arguments a parameter takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// `param`, `required_param`: exactly one.
    Required,
    /// `optional_param`: zero or one.
    Optional,
    /// `repeated_param`: any number.
    Repeated,
    /// `required_repeated_param`: at least one.
    RequiredRepeated,
}

impl Dispatch {
    /// The least and most arguments it accepts (`None`: no limit).
    pub fn arity(&self) -> (usize, Option<usize>) {
        let mut min = 0;
        let mut max = Some(0usize);
        for p in &self.params {
            match p.kind {
                ParamKind::Required => {
                    min += 1;
                    max = max.map(|m| m + 1);
                }
                ParamKind::Optional => max = max.map(|m| m + 1),
                ParamKind::Repeated => max = None,
                ParamKind::RequiredRepeated => {
                    min += 1;
                    max = None;
                }
            }
        }
        (min, max)
    }

    /// The type of the `i`th argument.
    pub fn type_of_arg(&self, i: usize) -> Option<&str> {
        match self.params.get(i) {
            Some(p) => Some(&p.ty),
            None => self
                .params
                .last()
                .filter(|p| matches!(p.kind, ParamKind::Repeated | ParamKind::RequiredRepeated))
                .map(|p| p.ty.as_str()),
        }
    }
}

/// Reads the function `name` (lower case, `mod::fn`) from a parsed function file; `None` when
/// the file does not define it in a form plint reads.
pub fn read(program: Arc<Program>, name: &str) -> Option<FunctionDef> {
    let found = find(&program.root, name)?;
    let api = match found {
        Found::V4(body) => read_v4(name, &body),
        Found::V3 { options, body } => {
            let (rvalue, arity) = v3_options(options.as_ref());
            Api::V3 {
                rvalue,
                arity,
                body,
            }
        }
    };
    Some(FunctionDef {
        name: name.to_string(),
        api,
        program,
    })
}

enum Found {
    V4(Arc<Body>),
    V3 {
        options: Option<Node>,
        body: Arc<Body>,
    },
}

/// The `create_function` or `newfunction` call of `name` in `node`.
fn find(node: &Node, name: &str) -> Option<Found> {
    match &node.kind {
        NodeKind::Seq(items) => items.iter().find_map(|n| find(n, name)),
        NodeKind::Module { body, .. } | NodeKind::Class { body, .. } => {
            body.as_deref().and_then(|b| find(b, name))
        }
        NodeKind::Begin { body, .. } => body.as_deref().and_then(|b| find(b, name)),
        NodeKind::Call {
            recv,
            name: method,
            args,
            block: Some(block),
            ..
        } => {
            let declared = args.first().and_then(literal_text)?;
            if !declared.eq_ignore_ascii_case(name) {
                return None;
            }
            match method.as_str() {
                "create_function" if recv.as_deref().is_some_and(is_puppet_functions) => {
                    Some(Found::V4(block.clone()))
                }
                "newfunction" => Some(Found::V3 {
                    options: args.get(1).cloned(),
                    body: block.clone(),
                }),
                _ => None,
            }
        }
        _ => None,
    }
}

fn is_puppet_functions(n: &Node) -> bool {
    matches!(&n.kind, NodeKind::Const(path)
        if path.len() >= 2 && path[path.len() - 2] == "Puppet" && path[path.len() - 1] == "Functions")
}

/// A symbol's or a string literal's text.
fn literal_text(n: &Node) -> Option<String> {
    match &n.kind {
        NodeKind::Sym(s) => Some(s.clone()),
        NodeKind::Str { text, .. } => Some(text.clone()),
        _ => None,
    }
}

fn statements(body: &Option<Node>) -> Vec<&Node> {
    match body {
        Some(Node {
            kind: NodeKind::Seq(items),
            ..
        }) => items.iter().collect(),
        Some(n) => vec![n],
        None => Vec::new(),
    }
}

/// What a 4.x function's `create_function` block declares (`name`: the function's, lower case).
pub fn read_v4(name: &str, body: &Body) -> Api {
    let mut dispatches = Vec::new();
    let mut methods = Vec::new();
    let mut local_types = Vec::new();
    for s in statements(&body.body) {
        match &s.kind {
            NodeKind::Def(n, b) => methods.push((n.clone(), b.clone())),
            NodeKind::Call {
                recv: None,
                name: call,
                args,
                block,
                ..
            } => match (call.as_str(), block) {
                ("dispatch", Some(b)) => {
                    if let Some(method) = args.first().and_then(literal_text) {
                        dispatches.push(read_dispatch(method, b));
                    }
                }
                ("local_types", Some(b)) => {
                    for t in statements(&b.body) {
                        if let NodeKind::Call { name, args, .. } = &t.kind
                            && name == "type"
                            && let Some(text) = args.first().and_then(literal_text)
                        {
                            local_types.push(text);
                        }
                    }
                }
                _ => {}
            },
            _ => {}
        }
    }
    if dispatches.is_empty() {
        // Puppet's default dispatcher: the method named after the function, any arguments.
        let leaf = name.rsplit("::").next().unwrap_or(name);
        if let Some((_, body)) = methods.iter().find(|(n, _)| n == leaf) {
            let p = &body.params;
            let mut params: Vec<Param> = Vec::new();
            let any = |n: &str, kind| Param {
                ty: "Any".to_string(),
                name: n.to_string(),
                kind,
            };
            for (i, t) in p.required.iter().enumerate() {
                let n = match t {
                    super::ast::ParamTarget::Name(n) => n.clone(),
                    _ => format!("arg{i}"),
                };
                params.push(any(&n, ParamKind::Required));
            }
            for (n, _) in &p.optional {
                params.push(any(n, ParamKind::Optional));
            }
            if let Some(rest) = &p.rest {
                params.push(any(rest.as_deref().unwrap_or("args"), ParamKind::Repeated));
            }
            dispatches.push(Dispatch {
                method: leaf.to_string(),
                params,
                block: p.block.as_ref().map(|_| ("Callable".to_string(), true)),
                block_name: p.block.clone(),
                return_type: None,
                scope_param: false,
            });
        }
    }
    Api::V4 {
        dispatches,
        methods,
        local_types,
    }
}

fn read_dispatch(method: String, body: &Body) -> Dispatch {
    let mut d = Dispatch {
        method,
        params: Vec::new(),
        block: None,
        block_name: None,
        return_type: None,
        scope_param: false,
    };
    for s in statements(&body.body) {
        let NodeKind::Call {
            recv: None,
            name,
            args,
            ..
        } = &s.kind
        else {
            continue;
        };
        let texts: Vec<String> = args.iter().filter_map(literal_text).collect();
        let kind = match name.as_str() {
            "param" | "required_param" => Some(ParamKind::Required),
            "optional_param" => Some(ParamKind::Optional),
            "repeated_param" | "optional_repeated_param" => Some(ParamKind::Repeated),
            "required_repeated_param" => Some(ParamKind::RequiredRepeated),
            _ => None,
        };
        match (kind, name.as_str()) {
            (Some(kind), _) => {
                // `param 'Type', :name` (a type given as a constant is Puppet's too).
                let ty = args
                    .first()
                    .and_then(literal_text)
                    .unwrap_or_else(|| "Any".to_string());
                let pname = texts.last().cloned().unwrap_or_default();
                d.params.push(Param {
                    ty,
                    name: pname,
                    kind,
                });
            }
            (None, "block_param" | "required_block_param" | "optional_block_param") => {
                let ty = if texts.len() >= 2 {
                    texts[0].clone()
                } else {
                    "Callable".to_string()
                };
                d.block = Some((ty, name == "optional_block_param"));
                d.block_name = texts.last().cloned();
            }
            (None, "return_type") => d.return_type = texts.first().cloned(),
            (None, "scope_param") => d.scope_param = true,
            _ => {}
        }
    }
    d
}

/// `:type => :rvalue, :arity => 2` of `newfunction`: (rvalue, arity).
pub fn v3_options(options: Option<&Node>) -> (bool, Option<i64>) {
    let mut rvalue = false;
    let mut arity = None;
    if let Some(Node {
        kind: NodeKind::Hash(pairs),
        ..
    }) = options
    {
        for (k, v) in pairs {
            match (literal_text(k).as_deref(), &v.kind) {
                (Some("type"), _) => rvalue = literal_text(v).as_deref() == Some("rvalue"),
                (Some("arity"), NodeKind::Int(n)) => arity = Some(*n),
                _ => {}
            }
        }
    }
    (rvalue, arity)
}

/// Calls a 4.x function's method with `args` (already matched to a dispatcher), or a 3.x
/// function's block with `args` as one Array.
pub fn call(
    f: &FunctionDef,
    method: &str,
    args: Vec<Value>,
    host: &mut dyn Host,
    budget: &Budget,
) -> Result<Value, RubyError> {
    call_with_block(f, method, args, None, host, budget)
}

/// [`call`] with a block of the host's (a Puppet lambda: `yield` and `block.call` ask the
/// host's `opaque_method(block, "call", args)`), for a 4.x dispatcher with `block_param`.
pub fn call_with_block(
    f: &FunctionDef,
    method: &str,
    args: Vec<Value>,
    block: Option<std::rc::Rc<super::Opaque>>,
    host: &mut dyn Host,
    budget: &Budget,
) -> Result<Value, RubyError> {
    let mut it = super::interp::Interp::new(&f.program, host, budget.clone());
    match &f.api {
        Api::V4 { methods, .. } => {
            for (n, b) in methods {
                it.define_method(n, b.clone());
            }
            match methods.iter().find(|(n, _)| n == method) {
                Some((_, body)) => it.call_body_with_block(body, false, args, block),
                None => Err(RubyError::Raised {
                    class: "NoMethodError".to_string(),
                    message: format!("undefined method `{method}' for function {}", f.name),
                    line: 0,
                }),
            }
        }
        Api::V3 { body, .. } => it.call_body(body, true, vec![Value::array(args)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_src(src: &str, name: &str) -> FunctionDef {
        let p = Arc::new(crate::ruby::parse("f.rb", src).unwrap());
        read(p, name).unwrap()
    }

    #[test]
    fn reads_dispatchers() {
        let f = read_src(
            "Puppet::Functions.create_function(:'m::f') do\n  dispatch :one do\n    param 'String', :a\n    optional_param 'Integer', :b\n    return_type 'String'\n  end\n  dispatch :many do\n    repeated_param 'Any', :rest\n  end\n  def one(a, b = 1)\n    a * b\n  end\n  def many(*rest)\n    rest.size\n  end\nend\n",
            "m::f",
        );
        let Api::V4 {
            dispatches,
            methods,
            ..
        } = &f.api
        else {
            panic!("not 4.x");
        };
        assert_eq!(dispatches.len(), 2);
        assert_eq!(dispatches[0].arity(), (1, Some(2)));
        assert_eq!(dispatches[0].type_of_arg(1), Some("Integer"));
        assert_eq!(dispatches[0].return_type.as_deref(), Some("String"));
        assert_eq!(dispatches[1].arity(), (0, None));
        assert_eq!(methods.len(), 2);
        let v = call(
            &f,
            "one",
            vec![Value::str("ab"), Value::Int(3)],
            &mut crate::ruby::NoHost,
            &Budget::default(),
        )
        .unwrap();
        assert_eq!(v.to_s(), "ababab");
    }

    #[test]
    fn default_dispatcher_and_3x() {
        let f = read_src(
            "Puppet::Functions.create_function(:'apache::b') do\n  def b(arg)\n    arg.to_s.upcase\n  end\nend\n",
            "apache::b",
        );
        let Api::V4 { dispatches, .. } = &f.api else {
            panic!()
        };
        assert_eq!(dispatches[0].method, "b");
        assert_eq!(dispatches[0].arity(), (1, Some(1)));
        let f = read_src(
            "module Puppet::Parser::Functions\n  newfunction(:twice, :type => :rvalue, :arity => 1) do |args|\n    args[0] * 2\n  end\nend\n",
            "twice",
        );
        assert!(matches!(
            f.api,
            Api::V3 {
                rvalue: true,
                arity: Some(1),
                ..
            }
        ));
        let v = call(
            &f,
            "",
            vec![Value::Int(21)],
            &mut crate::ruby::NoHost,
            &Budget::default(),
        )
        .unwrap();
        assert_eq!(v.to_s(), "42");
    }

    #[test]
    fn other_names_are_not_read() {
        let p = Arc::new(
            crate::ruby::parse("f.rb", "Puppet::Functions.create_function(:x) do\nend\n").unwrap(),
        );
        assert!(read(p, "y").is_none());
    }

    /// A host answering an opaque object's methods, as Hiera's lookup context is answered.
    struct Ctx;

    impl crate::ruby::Host for Ctx {
        fn instance_variable(&mut self, _name: &str) -> Option<Value> {
            None
        }
        fn lookup_variable(&mut self, _name: &str) -> Option<Value> {
            None
        }
        fn variables(&mut self) -> Vec<(String, Value)> {
            Vec::new()
        }
        fn call_function(
            &mut self,
            _name: &str,
            _args: Vec<Value>,
            _style: crate::ruby::CallStyle,
        ) -> Result<Value, String> {
            Ok(Value::Nil)
        }
        fn opaque_method(
            &mut self,
            object: &crate::ruby::Opaque,
            name: &str,
            args: Vec<Value>,
        ) -> Result<Option<Value>, crate::ruby::Leave> {
            assert_eq!(object.id, 7);
            match name {
                "not_found" => Err(crate::ruby::Leave::Throw(Value::sym("no_such_key"))),
                "fail" => Err(crate::ruby::Leave::Raise {
                    class: "ArgumentError".into(),
                    message: "failed".into(),
                }),
                "pairs" => Ok(Some(Value::array(vec![
                    Value::array(vec![Value::str("a"), Value::Int(1)]),
                    Value::array(vec![Value::str("b"), Value::Int(2)]),
                ]))),
                "echo" => Ok(args.into_iter().next().map(Some).unwrap_or(None)),
                _ => Ok(None),
            }
        }
    }

    #[test]
    fn opaque_objects_are_answered_by_the_host() {
        let f = read_src(
            "Puppet::Functions.create_function(:'m::f') do\n  def f(mode, ctx)\n    case mode\n    when 'catch' then catch(:no_such_key) { ctx.not_found; 1 }.inspect\n    when 'throw' then ctx.not_found\n    when 'raise' then ctx.fail\n    when 'rescue' then begin; ctx.fail; rescue ArgumentError => e; e.message; end\n    when 'block' then s = []; ctx.pairs { |k, v| s << \"#{k}=#{v}\" }; s.join(',')\n    when 'echo' then ctx.echo('x') + ctx.pairs.map { |k, _| k }.join\n    else ctx.other\n    end\n  end\nend\n",
            "m::f",
        );
        let ctx = Value::Opaque(std::rc::Rc::new(crate::ruby::Opaque {
            class: "Puppet::LookupContext".into(),
            text: "ctx".into(),
            id: 7,
        }));
        let run = |mode: &str| {
            call(
                &f,
                "f",
                vec![Value::str(mode), ctx.clone()],
                &mut Ctx,
                &Budget::default(),
            )
        };
        assert_eq!(run("catch").unwrap().to_s(), "nil");
        assert!(
            matches!(run("throw"), Err(RubyError::Raised { class, .. }) if class == "UncaughtThrowError")
        );
        assert!(
            matches!(run("raise"), Err(RubyError::Raised { class, .. }) if class == "ArgumentError")
        );
        assert_eq!(run("rescue").unwrap().to_s(), "failed");
        assert_eq!(run("block").unwrap().to_s(), "a=1,b=2");
        assert_eq!(run("echo").unwrap().to_s(), "xab");
        assert!(matches!(run("other").unwrap(), Value::Unknown(_)));
    }

    /// A host with one module template, `m/t.erb`.
    struct Files(Vec<String>);

    impl crate::ruby::Host for Files {
        fn instance_variable(&mut self, _name: &str) -> Option<Value> {
            None
        }
        fn lookup_variable(&mut self, _name: &str) -> Option<Value> {
            None
        }
        fn variables(&mut self) -> Vec<(String, Value)> {
            Vec::new()
        }
        fn call_function(
            &mut self,
            _name: &str,
            _args: Vec<Value>,
            _style: crate::ruby::CallStyle,
        ) -> Result<Value, String> {
            Ok(Value::Nil)
        }
        fn find_module_file(&mut self, name: &str, files: bool) -> crate::ruby::FoundFile {
            self.0.push(name.to_string());
            match (name, files) {
                ("m/t.erb", false) => crate::ruby::FoundFile::Found {
                    path: "/mods/m/templates/t.erb".into(),
                    text: "body <%= x %>\n".into(),
                },
                ("m/secret", false) => crate::ruby::FoundFile::Unknown,
                _ => crate::ruby::FoundFile::NotFound,
            }
        }
        fn environment_name(&self) -> Option<String> {
            Some("production".into())
        }
    }

    #[test]
    fn module_templates_are_read_as_puppet_finds_them() {
        let f = read_src(
            "Puppet::Parser::Functions::newfunction(:tb, :type => :rvalue) do |args|\n  args.collect do |file|\n    unless filename = Puppet::Parser::Files.find_template(file, self.compiler.environment)\n      raise Puppet::ParseError, \"Could not find template '#{file}'\"\n    end\n    File.read(filename)\n  end.join('')\nend\n",
            "tb",
        );
        let mut host = Files(Vec::new());
        let mut run =
            |arg: &str| call(&f, "", vec![Value::str(arg)], &mut host, &Budget::default());
        assert_eq!(run("m/t.erb").unwrap().to_s(), "body <%= x %>\n");
        assert!(
            matches!(run("m/none.erb"), Err(RubyError::Raised { message, .. }) if message == "Could not find template 'm/none.erb'")
        );
        // Refused by the sandbox, absolute, or leaving the module: unknown, never read.
        for name in ["m/secret", "/etc/passwd", "m/../../etc/passwd"] {
            assert!(matches!(run(name).unwrap(), Value::Unknown(_)), "{name}");
        }
        assert_eq!(host.0, ["m/t.erb", "m/none.erb", "m/secret"]);
        // File.read of a path no lookup gave is unknown.
        let g = read_src(
            "Puppet::Functions.create_function(:g) do\n  def g(p)\n    [File.read(p), self.compiler.environment.to_s]\n  end\nend\n",
            "g",
        );
        let v = call(
            &g,
            "g",
            vec![Value::str("/mods/m/templates/t.erb")],
            &mut Files(Vec::new()),
            &Budget::default(),
        )
        .unwrap();
        let Value::Array(items) = v else {
            panic!("an array")
        };
        let items = items.borrow().items.clone();
        assert!(matches!(items[0], Value::Unknown(_)));
        assert_eq!(items[1].to_s(), "production");
    }
}
