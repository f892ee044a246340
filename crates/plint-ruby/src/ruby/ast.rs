//! plint's own syntax tree of Ruby: owned, with byte spans into the source, `Send + Sync` so a
//! parsed template or function is cached and shared between threads. `lower` builds it
//! from Prism's tree; the interpreter walks it. Kinds plint does not evaluate are kept as
//! [`NodeKind::Unsupported`] naming the construct (evaluating one gives an unknown value).

use std::sync::Arc;

/// A byte range of the source, `start..end`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

/// A node: what it is and where.
#[derive(Clone, Debug)]
pub struct Node {
    /// The construct.
    pub kind: NodeKind,
    /// Where it is in the source.
    pub span: Span,
}

/// A piece of an interpolated string, symbol or regexp.
#[derive(Clone, Debug)]
pub enum Part {
    /// Literal text.
    Str(String),
    /// `#{...}` or `#@var`.
    Code(Node),
}

/// Regexp options written after the closing slash.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RegexFlags {
    /// `i`
    pub ignore_case: bool,
    /// `m` (Ruby's: dot matches newline)
    pub multiline: bool,
    /// `x`
    pub extended: bool,
}

/// Where an assignment writes.
#[derive(Clone, Debug)]
pub enum Target {
    /// A local variable.
    Local(String),
    /// `@name` (name without the `@`).
    Ivar(String),
    /// `$name`.
    Global(String),
    /// `recv[args] = v`.
    Index {
        /// The receiver.
        recv: Box<Node>,
        /// The index arguments.
        args: Vec<Node>,
    },
    /// `recv.name = v` (name without the `=`).
    Attr {
        /// The receiver.
        recv: Box<Node>,
        /// The attribute.
        name: String,
    },
    /// `*t` in a multiple assignment (`None`: an anonymous `*`).
    Splat(Option<Box<Target>>),
    /// `(a, b)` nested in a multiple assignment.
    Nested(Vec<Target>),
    /// A constant (assigning one is not evaluated).
    Const(String),
    /// A target plint does not model.
    Unsupported(String),
}

/// A parameter that takes one positional value: a name or a destructuring pattern.
#[derive(Clone, Debug)]
pub enum ParamTarget {
    /// `a`
    Name(String),
    /// `(a, b)`
    Nested(Vec<ParamTarget>),
    /// `*rest` inside a nested pattern.
    Splat(Option<String>),
}

/// The parameters of a block, lambda or method.
#[derive(Clone, Debug, Default)]
pub struct Params {
    /// Required positional parameters before the optional ones.
    pub required: Vec<ParamTarget>,
    /// `name = default`.
    pub optional: Vec<(String, Node)>,
    /// `*rest` (`Some(None)`: an anonymous `*`).
    pub rest: Option<Option<String>>,
    /// Required parameters after the rest.
    pub post: Vec<ParamTarget>,
    /// Keyword parameters, with their defaults.
    pub keywords: Vec<(String, Option<Node>)>,
    /// `**opts`.
    pub keyword_rest: Option<Option<String>>,
    /// `&blk`.
    pub block: Option<String>,
    /// Numbered parameters `_1`..`_9` used in the body (their count).
    pub numbered: u8,
    /// A block with one required parameter and a trailing comma (`|a, |`), which destructures.
    pub has_trailing_comma: bool,
}

impl Params {
    /// How many positional parameters are declared (for auto-splatting a block's argument).
    pub fn positional_count(&self) -> usize {
        self.required.len()
            + self.optional.len()
            + self.post.len()
            + usize::from(self.numbered)
            + usize::from(self.rest.is_some())
    }
}

/// A block, lambda or method body with its parameters.
#[derive(Clone, Debug)]
pub struct Body {
    /// The parameters.
    pub params: Params,
    /// The statements (`None`: empty).
    pub body: Option<Node>,
    /// Where it is.
    pub span: Span,
}

/// A `rescue` clause.
#[derive(Clone, Debug)]
pub struct Rescue {
    /// The exception classes (empty: `StandardError`).
    pub classes: Vec<Node>,
    /// `=> e`.
    pub var: Option<Target>,
    /// The clause's statements.
    pub body: Option<Node>,
}

/// The constructs of the subset, and what stands for the others.
#[derive(Clone, Debug)]
pub enum NodeKind {
    /// `nil`
    Nil,
    /// `true`
    True,
    /// `false`
    False,
    /// `self`
    SelfRef,
    /// An integer literal that fits 64 bits.
    Int(i64),
    /// A larger integer literal, in decimal.
    BigInt(String),
    /// A float literal.
    Float(f64),
    /// A string literal (a new mutable string each time it is evaluated unless `frozen`).
    Str {
        /// The text, escapes resolved.
        text: String,
        /// A frozen literal (`# frozen_string_literal: true`).
        frozen: bool,
    },
    /// An interpolated string.
    Interp(Vec<Part>),
    /// A symbol literal.
    Sym(String),
    /// An interpolated symbol.
    DSym(Vec<Part>),
    /// A regexp literal.
    Regex {
        /// The pieces of the source (one `Part::Str` for a plain literal).
        parts: Vec<Part>,
        /// The options.
        flags: RegexFlags,
    },
    /// `[a, *b]`.
    Array(Vec<Node>),
    /// `{k => v, **h}`: pairs; a `DoubleSplat` key stands for `**h` (its value is `Nil`).
    Hash(Vec<(Node, Node)>),
    /// `*x` in arguments or array elements.
    Splat(Box<Node>),
    /// `**x` in a hash or arguments.
    DoubleSplat(Box<Node>),
    /// `&blk` / `&:sym` as an argument (`None`: an anonymous `&`).
    BlockPass(Option<Box<Node>>),
    /// `a..b`, `a...b`.
    Range {
        /// The start (`None`: beginless).
        lo: Option<Box<Node>>,
        /// The end (`None`: endless).
        hi: Option<Box<Node>>,
        /// `...`
        exclusive: bool,
    },
    /// Reading a local variable.
    Local(String),
    /// Reading `@name`.
    Ivar(String),
    /// Reading `$name` (without the `$`).
    Global(String),
    /// `$1`..`$9`.
    NthRef(u32),
    /// `$~`, `$&`, `` $` ``, `$'`, `$+` (the character after `$`).
    BackRef(char),
    /// A constant: `Name`, `A::B`, `::C`.
    Const(Vec<String>),
    /// An assignment.
    Assign(Target, Box<Node>),
    /// `t op= v`, `t ||= v` (op `"||"`), `t &&= v` (op `"&&"`).
    OpAssign {
        /// Where it writes.
        target: Target,
        /// The binary operator.
        op: String,
        /// The right-hand side.
        value: Box<Node>,
    },
    /// `a, b = v`.
    MultiAssign(Vec<Target>, Box<Node>),
    /// A method call.
    Call {
        /// The receiver (`None`: self or a function).
        recv: Option<Box<Node>>,
        /// The method name.
        name: String,
        /// The arguments (`Splat`, `DoubleSplat`, `BlockPass` among them).
        args: Vec<Node>,
        /// A literal block.
        block: Option<Arc<Body>>,
        /// `&.`
        safe_nav: bool,
        /// A bare name that could have been a variable (`foo` with no arguments nor parens).
        vcall: bool,
    },
    /// `a && b`, `a and b`.
    And(Box<Node>, Box<Node>),
    /// `a || b`, `a or b`.
    Or(Box<Node>, Box<Node>),
    /// `!a`, `not a`.
    Not(Box<Node>),
    /// `defined?(x)`.
    Defined(Box<Node>),
    /// `if`/`unless`/`?:` (`unless` has its branches swapped).
    If {
        /// The condition.
        cond: Box<Node>,
        /// When true.
        then: Option<Box<Node>>,
        /// When false.
        otherwise: Option<Box<Node>>,
    },
    /// `while`/`until` (`until` has `negate`).
    While {
        /// The condition.
        cond: Box<Node>,
        /// The loop body.
        body: Option<Box<Node>>,
        /// `until`.
        negate: bool,
        /// `begin ... end while c`: the body runs once first.
        do_while: bool,
    },
    /// `for x in coll`.
    For {
        /// The loop variable(s).
        target: Target,
        /// The collection.
        iter: Box<Node>,
        /// The body.
        body: Option<Box<Node>>,
    },
    /// `case`/`when`.
    Case {
        /// The subject (`None`: `case` with no subject).
        subject: Option<Box<Node>>,
        /// The `when` clauses: their values and bodies.
        whens: Vec<(Vec<Node>, Option<Node>)>,
        /// `else`.
        otherwise: Option<Box<Node>>,
    },
    /// Statements in order; the value is the last one's.
    Seq(Vec<Node>),
    /// `begin`/`rescue`/`else`/`ensure` (also a `def` or block body with `rescue`).
    Begin {
        /// The protected statements.
        body: Option<Box<Node>>,
        /// The `rescue` clauses.
        rescues: Vec<Rescue>,
        /// `else`.
        otherwise: Option<Box<Node>>,
        /// `ensure`.
        ensure: Option<Box<Node>>,
    },
    /// `expr rescue fallback`.
    RescueMod(Box<Node>, Box<Node>),
    /// `def name(params) ... end` (a method of the function or template).
    Def(String, Arc<Body>),
    /// `->(x) { }` or `lambda { }`.
    Lambda(Arc<Body>),
    /// `return`.
    Return(Option<Box<Node>>),
    /// `break`.
    Break(Option<Box<Node>>),
    /// `next`.
    Next(Option<Box<Node>>),
    /// `yield args`.
    Yield(Vec<Node>),
    /// A regexp literal with named groups matched with `=~`: assigns the names as locals.
    MatchWrite {
        /// The `=~` call.
        call: Box<Node>,
        /// The local variables the named groups set.
        names: Vec<String>,
    },
    /// `module A::B ... end`: the body is kept for the layers that read functions.
    Module {
        /// The module path.
        path: Vec<String>,
        /// The body.
        body: Option<Box<Node>>,
    },
    /// `class A < B ... end`.
    Class {
        /// The class path.
        path: Vec<String>,
        /// The superclass.
        superclass: Option<Box<Node>>,
        /// The body.
        body: Option<Box<Node>>,
    },
    /// A construct outside the subset: evaluating it gives an unknown value naming it.
    Unsupported(String),
}

impl Node {
    /// A node of `kind` at `span`.
    pub fn new(kind: NodeKind, span: Span) -> Node {
        Node { kind, span }
    }
}

impl Node {
    /// Calls `f` on each direct child node, in source order: the operands, arguments, bodies
    /// and conditions, the parts of interpolations, the default values of parameters, and
    /// the nodes inside assignment targets (`recv[i] = v`'s receiver and index).
    pub fn for_each_child(&self, f: &mut dyn FnMut(&Node)) {
        fn parts(ps: &[Part], f: &mut dyn FnMut(&Node)) {
            for p in ps {
                if let Part::Code(n) = p {
                    f(n);
                }
            }
        }
        fn opt(n: &Option<Box<Node>>, f: &mut dyn FnMut(&Node)) {
            if let Some(n) = n {
                f(n);
            }
        }
        match &self.kind {
            NodeKind::Nil
            | NodeKind::True
            | NodeKind::False
            | NodeKind::SelfRef
            | NodeKind::Int(_)
            | NodeKind::BigInt(_)
            | NodeKind::Float(_)
            | NodeKind::Str { .. }
            | NodeKind::Sym(_)
            | NodeKind::Local(_)
            | NodeKind::Ivar(_)
            | NodeKind::Global(_)
            | NodeKind::NthRef(_)
            | NodeKind::BackRef(_)
            | NodeKind::Const(_)
            | NodeKind::Unsupported(_) => {}
            NodeKind::Interp(ps) | NodeKind::DSym(ps) | NodeKind::Regex { parts: ps, .. } => {
                parts(ps, f)
            }
            NodeKind::Array(items) | NodeKind::Yield(items) => items.iter().for_each(f),
            NodeKind::Hash(pairs) => pairs.iter().for_each(|(k, v)| {
                f(k);
                f(v);
            }),
            NodeKind::Splat(n) | NodeKind::DoubleSplat(n) | NodeKind::Not(n) => f(n),
            NodeKind::Defined(n) => f(n),
            NodeKind::BlockPass(n) => opt(n, f),
            NodeKind::Range { lo, hi, .. } => {
                opt(lo, f);
                opt(hi, f);
            }
            NodeKind::Assign(t, v) => {
                t.for_each_node(f);
                f(v);
            }
            NodeKind::OpAssign { target, value, .. } => {
                target.for_each_node(f);
                f(value);
            }
            NodeKind::MultiAssign(ts, v) => {
                ts.iter().for_each(|t| t.for_each_node(f));
                f(v);
            }
            NodeKind::Call {
                recv, args, block, ..
            } => {
                opt(recv, f);
                args.iter().for_each(&mut *f);
                if let Some(b) = block {
                    b.for_each_node(f);
                }
            }
            NodeKind::And(a, b) | NodeKind::Or(a, b) | NodeKind::RescueMod(a, b) => {
                f(a);
                f(b);
            }
            NodeKind::If {
                cond,
                then,
                otherwise,
            } => {
                f(cond);
                opt(then, f);
                opt(otherwise, f);
            }
            NodeKind::While { cond, body, .. } => {
                f(cond);
                opt(body, f);
            }
            NodeKind::For { target, iter, body } => {
                target.for_each_node(f);
                f(iter);
                opt(body, f);
            }
            NodeKind::Case {
                subject,
                whens,
                otherwise,
            } => {
                opt(subject, f);
                for (values, body) in whens {
                    values.iter().for_each(&mut *f);
                    if let Some(b) = body {
                        f(b);
                    }
                }
                opt(otherwise, f);
            }
            NodeKind::Seq(items) => items.iter().for_each(f),
            NodeKind::Begin {
                body,
                rescues,
                otherwise,
                ensure,
            } => {
                opt(body, f);
                for r in rescues {
                    r.classes.iter().for_each(&mut *f);
                    if let Some(t) = &r.var {
                        t.for_each_node(f);
                    }
                    if let Some(b) = &r.body {
                        f(b);
                    }
                }
                opt(otherwise, f);
                opt(ensure, f);
            }
            NodeKind::Def(_, body) | NodeKind::Lambda(body) => body.for_each_node(f),
            NodeKind::Return(n) | NodeKind::Break(n) | NodeKind::Next(n) => opt(n, f),
            NodeKind::MatchWrite { call, .. } => f(call),
            NodeKind::Module { body, .. } => opt(body, f),
            NodeKind::Class {
                superclass, body, ..
            } => {
                opt(superclass, f);
                opt(body, f);
            }
        }
    }
}

impl Target {
    /// Calls `f` on the nodes inside the target (an index's receiver and arguments, an
    /// attribute's receiver), in source order.
    pub fn for_each_node(&self, f: &mut dyn FnMut(&Node)) {
        match self {
            Target::Index { recv, args } => {
                f(recv);
                args.iter().for_each(f);
            }
            Target::Attr { recv, .. } => f(recv),
            Target::Splat(Some(t)) => t.for_each_node(f),
            Target::Nested(ts) => ts.iter().for_each(|t| t.for_each_node(f)),
            Target::Local(_)
            | Target::Ivar(_)
            | Target::Global(_)
            | Target::Splat(None)
            | Target::Const(_)
            | Target::Unsupported(_) => {}
        }
    }
}

impl Body {
    /// Calls `f` on the default values of the parameters, then on the body.
    pub fn for_each_node(&self, f: &mut dyn FnMut(&Node)) {
        for (_, default) in &self.params.optional {
            f(default);
        }
        for (_, default) in &self.params.keywords {
            if let Some(d) = default {
                f(d);
            }
        }
        if let Some(b) = &self.body {
            f(b);
        }
    }
}
