//! Prism's tree to plint's [`super::ast`]: the only file that sees Prism. Every node kind is
//! handled: those outside the subset become [`NodeKind::Unsupported`] naming the construct.

use std::sync::Arc;

use ruby_prism::{
    ArgumentsNode, BeginNode, CallNode, ConstantId, Integer, Location, Node as P, NodeList,
    ParametersNode, StatementsNode,
};

use super::ast::{
    Body, Node, NodeKind, ParamTarget, Params, Part, RegexFlags, Rescue, Span, Target,
};

/// Lowers a parse result's program.
pub(crate) fn lower_program(node: &P<'_>) -> Node {
    let mut l = Lowerer { depth: 0 };
    l.node(node)
}

struct Lowerer {
    depth: u32,
}

/// Nesting past this lowers to `Unsupported` (the parser accepted it; plint does not recurse so
/// deep).
const MAX_DEPTH: u32 = 1_000;

fn name(id: ConstantId<'_>) -> String {
    String::from_utf8_lossy(id.as_slice()).into_owned()
}

/// The construct a string literal that is not UTF-8 lowers to (its value is unknown).
const NOT_UTF8: &str = "a string literal that is not UTF-8";

fn bytes(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn span(loc: &Location<'_>) -> Span {
    Span {
        start: loc.start(),
        end: loc.end(),
    }
}

impl Lowerer {
    fn node(&mut self, n: &P<'_>) -> Node {
        if self.depth > MAX_DEPTH {
            return Node::new(
                NodeKind::Unsupported("nesting too deep".into()),
                span(&n.location()),
            );
        }
        self.depth += 1;
        let out = stacker::maybe_grow(256 * 1024, 4 * 1024 * 1024, || self.node_inner(n));
        self.depth -= 1;
        out
    }

    fn boxed(&mut self, n: &P<'_>) -> Box<Node> {
        Box::new(self.node(n))
    }

    fn opt(&mut self, n: Option<P<'_>>) -> Option<Box<Node>> {
        n.map(|n| self.boxed(&n))
    }

    fn stmts(&mut self, s: Option<StatementsNode<'_>>) -> Option<Box<Node>> {
        s.map(|s| self.boxed(&s.as_node()))
    }

    fn list(&mut self, l: NodeList<'_>) -> Vec<Node> {
        l.iter().map(|n| self.node(&n)).collect()
    }

    fn args(&mut self, a: Option<ArgumentsNode<'_>>) -> Vec<Node> {
        a.map(|a| self.list(a.arguments())).unwrap_or_default()
    }

    fn one_arg(&mut self, a: Option<ArgumentsNode<'_>>, sp: Span) -> Option<Box<Node>> {
        let mut v = self.args(a);
        match v.len() {
            0 => None,
            1 => v.pop().map(Box::new),
            _ => Some(Box::new(Node::new(NodeKind::Array(v), sp))),
        }
    }

    fn parts(&mut self, l: NodeList<'_>) -> Vec<Part> {
        let mut out = Vec::new();
        for p in l.iter() {
            if let Some(s) = p.as_string_node() {
                match std::str::from_utf8(s.unescaped()) {
                    Ok(t) => out.push(Part::Str(t.to_string())),
                    // Text that is not UTF-8 (`"\xff"`) is not guessed.
                    Err(_) => out.push(Part::Code(Node::new(
                        NodeKind::Unsupported(NOT_UTF8.into()),
                        span(&s.location()),
                    ))),
                }
            } else if let Some(e) = p.as_embedded_statements_node() {
                let sp = span(&e.location());
                let body = self
                    .stmts(e.statements())
                    .map(|b| *b)
                    .unwrap_or_else(|| Node::new(NodeKind::Nil, sp));
                out.push(Part::Code(body));
            } else if let Some(e) = p.as_embedded_variable_node() {
                out.push(Part::Code(self.node(&e.variable())));
            } else if let Some(i) = p.as_interpolated_string_node() {
                // Adjacent literals: "a" "#{b}".
                out.extend(self.parts(i.parts()));
            } else {
                out.push(Part::Code(self.node(&p)));
            }
        }
        out
    }

    fn const_path(&mut self, n: &P<'_>) -> Option<Vec<String>> {
        if let Some(c) = n.as_constant_read_node() {
            return Some(vec![name(c.name())]);
        }
        if let Some(c) = n.as_constant_path_node() {
            let mut path = match c.parent() {
                Some(p) => self.const_path(&p)?,
                None => vec![String::new()],
            };
            path.push(name(c.name()?));
            // `::A` is written with an empty first segment; drop it (top level is the default).
            if path.first().is_some_and(|s| s.is_empty()) {
                path.remove(0);
            }
            return Some(path);
        }
        None
    }

    fn body(&mut self, params: Option<P<'_>>, body: Option<P<'_>>, sp: Span) -> Arc<Body> {
        let params = params.map(|p| self.params_node(&p)).unwrap_or_default();
        let body = body.map(|b| self.node(&b));
        Arc::new(Body {
            params,
            body,
            span: sp,
        })
    }

    fn params_node(&mut self, p: &P<'_>) -> Params {
        if let Some(bp) = p.as_block_parameters_node() {
            return bp.parameters().map(|p| self.params(&p)).unwrap_or_default();
        }
        if let Some(n) = p.as_numbered_parameters_node() {
            return Params {
                numbered: n.maximum(),
                ..Params::default()
            };
        }
        if p.as_it_parameters_node().is_some() {
            return Params {
                required: vec![ParamTarget::Name("it".into())],
                ..Params::default()
            };
        }
        if let Some(pn) = p.as_parameters_node() {
            return self.params(&pn);
        }
        Params::default()
    }

    fn param_target(&mut self, n: &P<'_>) -> ParamTarget {
        if let Some(r) = n.as_required_parameter_node() {
            return ParamTarget::Name(name(r.name()));
        }
        if let Some(m) = n.as_multi_target_node() {
            let mut v: Vec<ParamTarget> = m.lefts().iter().map(|x| self.param_target(&x)).collect();
            if let Some(r) = m.rest()
                && let Some(s) = r.as_splat_node()
            {
                {
                    let inner = s.expression().and_then(|e| match self.param_target(&e) {
                        ParamTarget::Name(n) => Some(n),
                        _ => None,
                    });
                    v.push(ParamTarget::Splat(inner));
                }
            }
            v.extend(m.rights().iter().map(|x| self.param_target(&x)));
            return ParamTarget::Nested(v);
        }
        if let Some(s) = n.as_splat_node() {
            let inner = s.expression().and_then(|e| match self.param_target(&e) {
                ParamTarget::Name(n) => Some(n),
                _ => None,
            });
            return ParamTarget::Splat(inner);
        }
        ParamTarget::Name("_".into())
    }

    fn params(&mut self, p: &ParametersNode<'_>) -> Params {
        let required = p
            .requireds()
            .iter()
            .map(|n| self.param_target(&n))
            .collect();
        let optional = p
            .optionals()
            .iter()
            .filter_map(|n| {
                let o = n.as_optional_parameter_node()?;
                Some((name(o.name()), self.node(&o.value())))
            })
            .collect();
        let mut has_trailing_comma = false;
        let rest = p.rest().and_then(|r| {
            if let Some(r) = r.as_rest_parameter_node() {
                Some(r.name().map(name))
            } else {
                // `|a, |`: an implicit rest.
                has_trailing_comma = r.as_implicit_rest_node().is_some();
                None
            }
        });
        let post = p.posts().iter().map(|n| self.param_target(&n)).collect();
        let keywords = p
            .keywords()
            .iter()
            .filter_map(|k| {
                if let Some(r) = k.as_required_keyword_parameter_node() {
                    let n = name(r.name());
                    Some((n.trim_end_matches(':').to_string(), None))
                } else if let Some(o) = k.as_optional_keyword_parameter_node() {
                    let n = name(o.name());
                    Some((
                        n.trim_end_matches(':').to_string(),
                        Some(self.node(&o.value())),
                    ))
                } else {
                    None
                }
            })
            .collect();
        let keyword_rest = p.keyword_rest().and_then(|k| {
            k.as_keyword_rest_parameter_node()
                .map(|k| k.name().map(name))
        });
        let block = p
            .block()
            .and_then(|b| b.as_block_parameter_node())
            .and_then(|b| b.name().map(name));
        Params {
            required,
            optional,
            rest,
            post,
            keywords,
            keyword_rest,
            block,
            numbered: 0,
            has_trailing_comma,
        }
    }

    fn target(&mut self, n: &P<'_>) -> Target {
        if let Some(t) = n.as_local_variable_target_node() {
            return Target::Local(name(t.name()));
        }
        if let Some(t) = n.as_instance_variable_target_node() {
            return Target::Ivar(name(t.name()).trim_start_matches('@').to_string());
        }
        if let Some(t) = n.as_global_variable_target_node() {
            return Target::Global(name(t.name()).trim_start_matches('$').to_string());
        }
        if let Some(t) = n.as_index_target_node() {
            return Target::Index {
                recv: self.boxed(&t.receiver()),
                args: self.args(t.arguments()),
            };
        }
        if let Some(t) = n.as_call_target_node() {
            return Target::Attr {
                recv: self.boxed(&t.receiver()),
                name: name(t.name()).trim_end_matches('=').to_string(),
            };
        }
        if let Some(s) = n.as_splat_node() {
            return Target::Splat(s.expression().map(|e| Box::new(self.target(&e))));
        }
        if let Some(m) = n.as_multi_target_node() {
            return Target::Nested(self.multi_targets(m.lefts(), m.rest(), m.rights()));
        }
        if let Some(c) = n.as_constant_target_node() {
            return Target::Const(name(c.name()));
        }
        if n.as_implicit_rest_node().is_some() {
            return Target::Splat(None);
        }
        if let Some(r) = n.as_required_parameter_node() {
            return Target::Local(name(r.name()));
        }
        Target::Unsupported(kind_name(n))
    }

    fn multi_targets(
        &mut self,
        lefts: NodeList<'_>,
        rest: Option<P<'_>>,
        rights: NodeList<'_>,
    ) -> Vec<Target> {
        let mut v: Vec<Target> = lefts.iter().map(|t| self.target(&t)).collect();
        if let Some(r) = rest {
            let t = self.target(&r);
            v.push(match t {
                Target::Splat(_) => t,
                other => Target::Splat(Some(Box::new(other))),
            });
        }
        v.extend(rights.iter().map(|t| self.target(&t)));
        v
    }

    fn block_of(&mut self, b: Option<P<'_>>, args: &mut Vec<Node>) -> Option<Arc<Body>> {
        let b = b?;
        if let Some(bn) = b.as_block_node() {
            let sp = span(&bn.location());
            return Some(self.body(bn.parameters(), bn.body(), sp));
        }
        if let Some(ba) = b.as_block_argument_node() {
            let sp = span(&ba.location());
            let e = self.opt(ba.expression());
            args.push(Node::new(NodeKind::BlockPass(e), sp));
        }
        None
    }

    fn call(&mut self, c: &CallNode<'_>, sp: Span) -> NodeKind {
        let recv = self.opt(c.receiver());
        let mut args = self.args(c.arguments());
        let block = self.block_of(c.block(), &mut args);
        let nm = name(c.name());
        if nm == "!" && recv.is_some() && args.is_empty() && block.is_none() {
            return NodeKind::Not(recv.unwrap_or_else(|| Box::new(Node::new(NodeKind::Nil, sp))));
        }
        if nm == "lambda"
            && recv.is_none()
            && args.is_empty()
            && let Some(b) = &block
        {
            return NodeKind::Lambda(b.clone());
        }
        NodeKind::Call {
            recv,
            name: nm,
            args,
            block,
            safe_nav: c.is_safe_navigation(),
            vcall: c.is_variable_call(),
        }
    }

    fn begin(&mut self, b: &BeginNode<'_>) -> NodeKind {
        let body = self.stmts(b.statements());
        let mut rescues = Vec::new();
        let mut r = b.rescue_clause();
        while let Some(rc) = r {
            let classes = self.list(rc.exceptions());
            let var = rc.reference().map(|t| self.target(&t));
            let body = self.stmts(rc.statements()).map(|b| *b);
            rescues.push(Rescue { classes, var, body });
            r = rc.subsequent();
        }
        let otherwise = b.else_clause().and_then(|e| self.stmts(e.statements()));
        let ensure = b.ensure_clause().and_then(|e| self.stmts(e.statements()));
        if rescues.is_empty() && otherwise.is_none() && ensure.is_none() {
            return match body {
                Some(b) => b.kind,
                None => NodeKind::Nil,
            };
        }
        NodeKind::Begin {
            body,
            rescues,
            otherwise,
            ensure,
        }
    }

    fn if_chain(&mut self, n: &P<'_>) -> Option<Box<Node>> {
        // The `subsequent` of an `if` is an `elsif` (IfNode) or an ElseNode.
        if let Some(e) = n.as_else_node() {
            return self.stmts(e.statements());
        }
        Some(self.boxed(n))
    }

    fn op_assign(&mut self, target: Target, op: ConstantId<'_>, value: &P<'_>) -> NodeKind {
        NodeKind::OpAssign {
            target,
            op: name(op).trim_end_matches('=').to_string(),
            value: self.boxed(value),
        }
    }

    fn or_assign(&mut self, target: Target, value: &P<'_>, op: &str) -> NodeKind {
        NodeKind::OpAssign {
            target,
            op: op.to_string(),
            value: self.boxed(value),
        }
    }

    fn node_inner(&mut self, n: &P<'_>) -> Node {
        let sp = span(&n.location());
        let kind = self.kind(n, sp);
        Node::new(kind, sp)
    }

    #[allow(
        clippy::too_many_lines,
        reason = "not yet split into steps (issue 30 item 5)"
    )]
    fn kind(&mut self, n: &P<'_>, sp: Span) -> NodeKind {
        use NodeKind as K;
        if let Some(p) = n.as_program_node() {
            return self.node(&p.statements().as_node()).kind;
        }
        if let Some(s) = n.as_statements_node() {
            let mut v = self.list(s.body());
            return if v.len() == 1 {
                v.pop().map(|n| n.kind).unwrap_or(K::Nil)
            } else {
                K::Seq(v)
            };
        }
        if n.as_nil_node().is_some() {
            return K::Nil;
        }
        if n.as_true_node().is_some() {
            return K::True;
        }
        if n.as_false_node().is_some() {
            return K::False;
        }
        if n.as_self_node().is_some() {
            return K::SelfRef;
        }
        if let Some(i) = n.as_integer_node() {
            return integer(&i.value());
        }
        if let Some(f) = n.as_float_node() {
            return K::Float(f.value());
        }
        if let Some(s) = n.as_string_node() {
            let Ok(text) = std::str::from_utf8(s.unescaped()) else {
                return K::Unsupported(NOT_UTF8.into());
            };
            return K::Str {
                text: text.to_string(),
                frozen: s.is_frozen(),
            };
        }
        if let Some(s) = n.as_interpolated_string_node() {
            return K::Interp(self.parts(s.parts()));
        }
        if let Some(s) = n.as_symbol_node() {
            let Ok(text) = std::str::from_utf8(s.unescaped()) else {
                return K::Unsupported(NOT_UTF8.into());
            };
            return K::Sym(text.to_string());
        }
        if let Some(s) = n.as_interpolated_symbol_node() {
            return K::DSym(self.parts(s.parts()));
        }
        if let Some(r) = n.as_regular_expression_node() {
            // The source as written (escapes kept): the regexp engine reads them.
            let c = r.content_loc();
            return K::Regex {
                parts: vec![Part::Str(bytes(c.as_slice()))],
                flags: RegexFlags {
                    ignore_case: r.is_ignore_case(),
                    multiline: r.is_multi_line(),
                    extended: r.is_extended(),
                },
            };
        }
        if let Some(r) = n.as_interpolated_regular_expression_node() {
            let mut parts = Vec::new();
            for p in r.parts().iter() {
                if let Some(s) = p.as_string_node() {
                    parts.push(Part::Str(bytes(s.content_loc().as_slice())));
                } else {
                    parts.extend(self.parts_one(&p));
                }
            }
            return K::Regex {
                parts,
                flags: RegexFlags {
                    ignore_case: r.is_ignore_case(),
                    multiline: r.is_multi_line(),
                    extended: r.is_extended(),
                },
            };
        }
        if let Some(a) = n.as_array_node() {
            return K::Array(self.list(a.elements()));
        }
        if let Some(h) = n.as_hash_node() {
            return K::Hash(self.assocs(h.elements()));
        }
        if let Some(h) = n.as_keyword_hash_node() {
            return K::Hash(self.assocs(h.elements()));
        }
        if let Some(s) = n.as_splat_node() {
            return match s.expression() {
                Some(e) => K::Splat(self.boxed(&e)),
                None => K::Unsupported("anonymous splat".into()),
            };
        }
        if let Some(r) = n.as_range_node() {
            return K::Range {
                lo: self.opt(r.left()),
                hi: self.opt(r.right()),
                exclusive: r.is_exclude_end(),
            };
        }
        if let Some(v) = n.as_local_variable_read_node() {
            return K::Local(name(v.name()));
        }
        if n.as_it_local_variable_read_node().is_some() {
            return K::Local("it".into());
        }
        if let Some(v) = n.as_local_variable_write_node() {
            return K::Assign(Target::Local(name(v.name())), self.boxed(&v.value()));
        }
        if let Some(v) = n.as_local_variable_operator_write_node() {
            return self.op_assign(
                Target::Local(name(v.name())),
                v.binary_operator(),
                &v.value(),
            );
        }
        if let Some(v) = n.as_local_variable_or_write_node() {
            return self.or_assign(Target::Local(name(v.name())), &v.value(), "||");
        }
        if let Some(v) = n.as_local_variable_and_write_node() {
            return self.or_assign(Target::Local(name(v.name())), &v.value(), "&&");
        }
        if let Some(v) = n.as_instance_variable_read_node() {
            return K::Ivar(ivar(v.name()));
        }
        if let Some(v) = n.as_instance_variable_write_node() {
            return K::Assign(Target::Ivar(ivar(v.name())), self.boxed(&v.value()));
        }
        if let Some(v) = n.as_instance_variable_operator_write_node() {
            return self.op_assign(
                Target::Ivar(ivar(v.name())),
                v.binary_operator(),
                &v.value(),
            );
        }
        if let Some(v) = n.as_instance_variable_or_write_node() {
            return self.or_assign(Target::Ivar(ivar(v.name())), &v.value(), "||");
        }
        if let Some(v) = n.as_instance_variable_and_write_node() {
            return self.or_assign(Target::Ivar(ivar(v.name())), &v.value(), "&&");
        }
        if let Some(v) = n.as_global_variable_read_node() {
            let g = name(v.name());
            let g = g.trim_start_matches('$');
            return match g {
                "~" | "&" | "`" | "'" | "+" => K::BackRef(g.chars().next().unwrap_or('~')),
                _ => K::Global(g.to_string()),
            };
        }
        if let Some(v) = n.as_back_reference_read_node() {
            let g = name(v.name());
            return K::BackRef(g.trim_start_matches('$').chars().next().unwrap_or('&'));
        }
        if let Some(v) = n.as_numbered_reference_read_node() {
            return K::NthRef(v.number());
        }
        if let Some(v) = n.as_global_variable_write_node() {
            return K::Assign(
                Target::Global(name(v.name()).trim_start_matches('$').to_string()),
                self.boxed(&v.value()),
            );
        }
        if let Some(v) = n.as_global_variable_or_write_node() {
            return self.or_assign(
                Target::Global(name(v.name()).trim_start_matches('$').to_string()),
                &v.value(),
                "||",
            );
        }
        if n.as_constant_read_node().is_some() || n.as_constant_path_node().is_some() {
            return match self.const_path(n) {
                Some(p) => K::Const(p),
                None => K::Unsupported("dynamic constant path".into()),
            };
        }
        if let Some(c) = n.as_constant_write_node() {
            return K::Assign(Target::Const(name(c.name())), self.boxed(&c.value()));
        }
        if let Some(c) = n.as_constant_or_write_node() {
            return self.or_assign(Target::Const(name(c.name())), &c.value(), "||");
        }
        if let Some(c) = n.as_constant_path_write_node() {
            let path = self
                .const_path(&c.target().as_node())
                .map(|p| p.join("::"))
                .unwrap_or_default();
            return K::Assign(Target::Const(path), self.boxed(&c.value()));
        }
        if let Some(c) = n.as_call_node() {
            return self.call(&c, sp);
        }
        if let Some(c) = n.as_call_operator_write_node() {
            let Some(recv) = c.receiver() else {
                return K::Unsupported("attribute assignment without receiver".into());
            };
            let t = Target::Attr {
                recv: self.boxed(&recv),
                name: name(c.read_name()),
            };
            return self.op_assign(t, c.binary_operator(), &c.value());
        }
        if let Some(c) = n.as_call_or_write_node() {
            let Some(recv) = c.receiver() else {
                return K::Unsupported("attribute assignment without receiver".into());
            };
            let t = Target::Attr {
                recv: self.boxed(&recv),
                name: name(c.read_name()),
            };
            return self.or_assign(t, &c.value(), "||");
        }
        if let Some(c) = n.as_call_and_write_node() {
            let Some(recv) = c.receiver() else {
                return K::Unsupported("attribute assignment without receiver".into());
            };
            let t = Target::Attr {
                recv: self.boxed(&recv),
                name: name(c.read_name()),
            };
            return self.or_assign(t, &c.value(), "&&");
        }
        if let Some(c) = n.as_index_operator_write_node() {
            let Some(recv) = c.receiver() else {
                return K::Unsupported("index assignment without receiver".into());
            };
            let t = Target::Index {
                recv: self.boxed(&recv),
                args: self.args(c.arguments()),
            };
            return self.op_assign(t, c.binary_operator(), &c.value());
        }
        if let Some(c) = n.as_index_or_write_node() {
            let Some(recv) = c.receiver() else {
                return K::Unsupported("index assignment without receiver".into());
            };
            let t = Target::Index {
                recv: self.boxed(&recv),
                args: self.args(c.arguments()),
            };
            return self.or_assign(t, &c.value(), "||");
        }
        if let Some(c) = n.as_index_and_write_node() {
            let Some(recv) = c.receiver() else {
                return K::Unsupported("index assignment without receiver".into());
            };
            let t = Target::Index {
                recv: self.boxed(&recv),
                args: self.args(c.arguments()),
            };
            return self.or_assign(t, &c.value(), "&&");
        }
        if let Some(m) = n.as_multi_write_node() {
            let targets = self.multi_targets(m.lefts(), m.rest(), m.rights());
            return K::MultiAssign(targets, self.boxed(&m.value()));
        }
        if let Some(a) = n.as_and_node() {
            return K::And(self.boxed(&a.left()), self.boxed(&a.right()));
        }
        if let Some(o) = n.as_or_node() {
            return K::Or(self.boxed(&o.left()), self.boxed(&o.right()));
        }
        if let Some(d) = n.as_defined_node() {
            return K::Defined(self.boxed(&d.value()));
        }
        if let Some(i) = n.as_if_node() {
            return K::If {
                cond: self.boxed(&i.predicate()),
                then: self.stmts(i.statements()),
                otherwise: i.subsequent().and_then(|s| self.if_chain(&s)),
            };
        }
        if let Some(u) = n.as_unless_node() {
            return K::If {
                cond: self.boxed(&u.predicate()),
                then: u.else_clause().and_then(|e| self.stmts(e.statements())),
                otherwise: self.stmts(u.statements()),
            };
        }
        if let Some(w) = n.as_while_node() {
            return K::While {
                cond: self.boxed(&w.predicate()),
                body: self.stmts(w.statements()),
                negate: false,
                do_while: w.is_begin_modifier(),
            };
        }
        if let Some(w) = n.as_until_node() {
            return K::While {
                cond: self.boxed(&w.predicate()),
                body: self.stmts(w.statements()),
                negate: true,
                do_while: w.is_begin_modifier(),
            };
        }
        if let Some(f) = n.as_for_node() {
            return K::For {
                target: self.target(&f.index()),
                iter: self.boxed(&f.collection()),
                body: self.stmts(f.statements()),
            };
        }
        if let Some(c) = n.as_case_node() {
            let subject = self.opt(c.predicate());
            let whens = c
                .conditions()
                .iter()
                .filter_map(|w| {
                    let w = w.as_when_node()?;
                    let conds = self.list(w.conditions());
                    let body = self.stmts(w.statements()).map(|b| *b);
                    Some((conds, body))
                })
                .collect();
            let otherwise = c.else_clause().and_then(|e| self.stmts(e.statements()));
            return K::Case {
                subject,
                whens,
                otherwise,
            };
        }
        if let Some(p) = n.as_parentheses_node() {
            return match p.body() {
                Some(b) => self.node(&b).kind,
                None => K::Nil,
            };
        }
        if let Some(b) = n.as_begin_node() {
            return self.begin(&b);
        }
        if let Some(r) = n.as_rescue_modifier_node() {
            return K::RescueMod(
                self.boxed(&r.expression()),
                self.boxed(&r.rescue_expression()),
            );
        }
        if let Some(d) = n.as_def_node() {
            // `def self.x` is kept as the method `self.x` (a type's `title_patterns`); a
            // singleton method of another object is not followed.
            let method = match d.receiver() {
                None => name(d.name()),
                Some(r) if r.as_self_node().is_some() => format!("self.{}", name(d.name())),
                Some(_) => return K::Unsupported("def of a singleton method".into()),
            };
            let params = d.parameters().map(|p| self.params(&p)).unwrap_or_default();
            let body = d.body().map(|b| self.node(&b));
            return K::Def(
                method,
                Arc::new(Body {
                    params,
                    body,
                    span: sp,
                }),
            );
        }
        if let Some(l) = n.as_lambda_node() {
            return K::Lambda(self.body(l.parameters(), l.body(), sp));
        }
        if let Some(r) = n.as_return_node() {
            return K::Return(self.one_arg(r.arguments(), sp));
        }
        if let Some(r) = n.as_break_node() {
            return K::Break(self.one_arg(r.arguments(), sp));
        }
        if let Some(r) = n.as_next_node() {
            return K::Next(self.one_arg(r.arguments(), sp));
        }
        if let Some(y) = n.as_yield_node() {
            return K::Yield(self.args(y.arguments()));
        }
        if let Some(b) = n.as_block_argument_node() {
            return K::BlockPass(self.opt(b.expression()));
        }
        if let Some(a) = n.as_assoc_splat_node() {
            return match a.value() {
                Some(v) => K::DoubleSplat(self.boxed(&v)),
                None => K::Unsupported("anonymous keyword splat".into()),
            };
        }
        if let Some(m) = n.as_match_write_node() {
            let names = m
                .targets()
                .iter()
                .filter_map(|t| t.as_local_variable_target_node().map(|t| name(t.name())))
                .collect();
            return K::MatchWrite {
                call: self.boxed(&m.call().as_node()),
                names,
            };
        }
        if let Some(m) = n.as_module_node() {
            return K::Module {
                path: self.const_path(&m.constant_path()).unwrap_or_default(),
                body: self.opt(m.body()),
            };
        }
        if let Some(c) = n.as_class_node() {
            return K::Class {
                path: self.const_path(&c.constant_path()).unwrap_or_default(),
                superclass: self.opt(c.superclass()),
                body: self.opt(c.body()),
            };
        }
        if let Some(i) = n.as_implicit_node() {
            return self.node(&i.value()).kind;
        }
        if n.as_source_line_node().is_some() {
            return K::Unsupported("__LINE__".into());
        }
        if let Some(x) = n.as_x_string_node() {
            let _ = x;
            return K::Unsupported("backticks".into());
        }
        if n.as_interpolated_x_string_node().is_some() {
            return K::Unsupported("backticks".into());
        }
        K::Unsupported(kind_name(n))
    }

    fn parts_one(&mut self, p: &P<'_>) -> Vec<Part> {
        if let Some(e) = p.as_embedded_statements_node() {
            let sp = span(&e.location());
            let body = self
                .stmts(e.statements())
                .map(|b| *b)
                .unwrap_or_else(|| Node::new(NodeKind::Nil, sp));
            return vec![Part::Code(body)];
        }
        if let Some(e) = p.as_embedded_variable_node() {
            return vec![Part::Code(self.node(&e.variable()))];
        }
        vec![Part::Code(self.node(p))]
    }

    fn assocs(&mut self, l: NodeList<'_>) -> Vec<(Node, Node)> {
        let mut out = Vec::new();
        for e in l.iter() {
            let sp = span(&e.location());
            if let Some(a) = e.as_assoc_node() {
                let k = self.node(&a.key());
                let v = self.node(&a.value());
                out.push((k, v));
            } else if let Some(s) = e.as_assoc_splat_node() {
                let inner = match s.value() {
                    Some(v) => NodeKind::DoubleSplat(self.boxed(&v)),
                    None => NodeKind::Unsupported("anonymous keyword splat".into()),
                };
                out.push((Node::new(inner, sp), Node::new(NodeKind::Nil, sp)));
            }
        }
        out
    }
}

fn ivar(id: ConstantId<'_>) -> String {
    name(id).trim_start_matches('@').to_string()
}

fn integer(i: &Integer<'_>) -> NodeKind {
    let (neg, digits) = i.to_u32_digits();
    if digits.len() <= 2 {
        let mut v: u64 = 0;
        for (k, d) in digits.iter().enumerate() {
            v |= u64::from(*d) << (32 * k);
        }
        if let Ok(x) = i64::try_from(v) {
            return NodeKind::Int(if neg { -x } else { x });
        }
    }
    let big = num_bigint::BigInt::from_slice(
        if neg {
            num_bigint::Sign::Minus
        } else {
            num_bigint::Sign::Plus
        },
        digits,
    );
    NodeKind::BigInt(big.to_string())
}

/// A readable name for a Prism node kind (`SuperNode` -> `super`).
fn kind_name(n: &P<'_>) -> String {
    let dbg = format!("{n:?}");
    let head: String = dbg
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    let base = head.trim_end_matches("Node");
    let mut out = String::new();
    for (i, c) in base.chars().enumerate() {
        if c.is_uppercase() {
            if i > 0 {
                out.push(' ');
            }
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    if out.is_empty() {
        "construct".into()
    } else {
        out
    }
}
