//! Prism's tree to plint's [`super::ast`]: the only file that sees Prism. Every node kind is
//! handled: those outside the subset become [`NodeKind::Unsupported`] naming the construct.

mod kinds;

use std::sync::Arc;

use ruby_prism::{
    ArgumentsNode, BeginNode, CallNode, ConstantId, Integer, Location, Node as P, NodeList,
    ParametersNode, StatementsNode,
};

use super::ast::{Body, Node, NodeKind, ParamTarget, Params, Part, Rescue, Span, Target};

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
