//! Lowering: the concrete tree-sitter tree to the owned AST of [`super::ast`].
//!
//! Lowering never fails. ERROR nodes become [`ExprKind::Error`] (their recognizable statements
//! are kept), MISSING nodes are skipped; the syntax diagnostics for both come from
//! [`super::errors`]. Nesting deeper than [`MAX_DEPTH`] is cut off with a diagnostic.
//!
//! Speed: a node's children are read once, with their field ids, into a buffer shared by the
//! whole walk (a stack: a node's children stay in place while its descendants are lowered
//! above them), and nodes are told apart by kind id ([`K`]), not by name. Mostly only the
//! named children are read, by index (see [`Lowerer::load`]); one [`TreeCursor`] serves the
//! whole file for the nodes with many children or errors.

use std::borrow::Cow;
use std::num::NonZeroU16;
use std::ops::Range;

use tree_sitter::{Node, Tree, TreeCursor};

use super::ast::*;
use super::kinds::{F, K, KINDS, kind_of};
use crate::report::{Diagnostic, Severity};

/// Expressions nested deeper than this are not lowered (a `P004` diagnostic says so).
pub const MAX_DEPTH: u32 = 1000;

/// Nodes with more children than this are read with the cursor: `named_child` walks a node's
/// direct children from the first each time (a list is a balanced tree of hidden nodes below
/// them; an ERROR node's children can be many and flat).
const NAMED_LIMIT: u32 = 64;

/// A child of a node, with its field id (0: none).
#[derive(Clone, Copy)]
struct Child<'t> {
    field: u16,
    node: Node<'t>,
}

/// A node whose fields are looked up: its children in [`Lowerer::buf`] when they were read
/// (`loaded`), else each field is looked up in the tree. `named`: only the named children
/// were read, their fields told by position (see [`Lowerer::load`]); a field that holds a
/// token is then looked up in the tree.
#[derive(Clone, Copy)]
struct Kids<'t> {
    node: Node<'t>,
    start: u32,
    end: u32,
    loaded: bool,
    named: bool,
}

impl Kids<'_> {
    fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }
}

pub(crate) struct Lowerer<'t> {
    src: &'t str,
    kinds: &'static [K],
    /// `heredoc_body` nodes in document order; the n-th belongs to the n-th heredoc start.
    heredoc_bodies: Vec<Node<'t>>,
    next_heredoc: usize,
    depth: u32,
    too_deep_reported: bool,
    pub diagnostics: Vec<Diagnostic>,
    cursor: Option<TreeCursor<'t>>,
    /// The children read so far of the nodes being lowered (see the module documentation).
    buf: Vec<Child<'t>>,
    /// Children may be read by index (else always with the cursor, as tests compare).
    indexed: bool,
}

impl<'t> Lowerer<'t> {
    /// A lowerer of `src`; `indexed`: children may be read by index (tests compare that with
    /// reading them with the cursor only).
    pub fn new(src: &'t str, heredoc_bodies: Vec<Node<'t>>, indexed: bool) -> Self {
        Lowerer {
            src,
            kinds: KINDS.as_slice(),
            heredoc_bodies,
            next_heredoc: 0,
            depth: 0,
            too_deep_reported: false,
            diagnostics: Vec::new(),
            cursor: None,
            buf: Vec::with_capacity(64),
            indexed,
        }
    }

    /// (Never inlined, so that profiles show lowering as one subtree.)
    #[inline(never)]
    pub fn lower_file(&mut self, tree: &'t Tree, comments: Vec<Comment>) -> File {
        let root = tree.root_node();
        let statements = self.statements(root);
        File {
            span: Span::new(0, self.src.len()),
            statements,
            comments,
        }
    }

    /// `node`, for looking up its fields one by one (cheaper than reading all children when
    /// only fields are needed).
    fn fields(&self, node: Node<'t>) -> Kids<'t> {
        let at = self.buf.len() as u32;
        Kids {
            node,
            start: at,
            end: at,
            loaded: false,
            named: false,
        }
    }

    /// Reads the children of `node` (a node of kind `k`) onto the buffer, with their fields.
    ///
    /// Stepping a cursor visits every child, punctuation included, and each step is costly;
    /// `named_child` reaches a named child directly (it skips hidden nodes by their counts).
    /// A node without errors has the shape of its grammar rule, plus extras: there the named
    /// children are read, and each gets the field its position gives it (extras none). A node
    /// with an error or many children is read with the cursor, fields as the tree has them.
    fn load(&mut self, node: Node<'t>, k: K) -> Kids<'t> {
        if !self.indexed
            || node.has_error()
            || node.child_count() > NAMED_LIMIT
            || self.kind(node) != k
        {
            return self.load_with(node, true);
        }
        let start = self.buf.len() as u32;
        let count = node.named_child_count() as u32;
        let mut pos = 0usize;
        for i in 0..count {
            let Some(c) = node.named_child(i) else {
                continue;
            };
            let field = if c.is_extra() {
                None
            } else {
                pos += 1;
                self.field_at(k, pos - 1, c)
            };
            self.buf.push(Child {
                field: field.map_or(0, NonZeroU16::get),
                node: c,
            });
        }
        // The body of a case option is its last child.
        if k == K::CaseOption
            && let Some(last) = self.buf[start as usize..]
                .iter_mut()
                .rev()
                .find(|c| c.field != 0)
        {
            last.field = F.body.get();
        }
        Kids {
            node,
            start,
            end: self.buf.len() as u32,
            loaded: true,
            named: true,
        }
    }

    /// The field of the `pos`-th named child (extras not counted) of an error-free node of
    /// kind `k`, by its rule in the grammar.
    fn field_at(&self, k: K, pos: usize, child: Node<'t>) -> Option<NonZeroU16> {
        let f = &*F;
        Some(match (k, pos) {
            (K::Hash, _) => f.entry,
            (K::Access, 0) => f.object,
            (K::Access, _) => f.argument,
            (K::Selector, 0) => f.value,
            (K::Selector, _) => f.entry,
            (K::IfExpression, 0) => f.condition,
            (K::IfExpression, 1) => f.consequence,
            (K::IfExpression, _) => f.alternative,
            (K::CaseExpression, 0) => f.value,
            (K::CaseExpression, _) => f.option,
            // Every child but the last (the body, see `load`) is a matcher.
            (K::CaseOption, _) => f.matcher,
            (K::ResourceDeclaration | K::ResourceDefaults | K::Collector, 0) => f.type_,
            (K::ResourceDeclaration, _) => f.body,
            (K::ResourceBody, 0) => f.title,
            (K::ResourceOverride, 0) => f.reference,
            (K::Collector, 1) if !matches!(self.kind(child), K::Attribute | K::AttributeSplat) => {
                f.query
            }
            (K::ResourceBody | K::ResourceDefaults | K::ResourceOverride | K::Collector, _) => {
                f.attribute
            }
            _ => return None,
        })
    }

    /// Reads the named children of `node` onto the buffer (no fields): by index, or with the
    /// cursor for an ERROR node or a node with many children.
    fn load_named(&mut self, node: Node<'t>) -> Kids<'t> {
        if !self.indexed || node.is_error() || node.child_count() > NAMED_LIMIT {
            let start = self.buf.len() as u32;
            let cursor = self.cursor.get_or_insert_with(|| node.walk());
            cursor.reset(node);
            if cursor.goto_first_child() {
                loop {
                    let c = cursor.node();
                    if c.is_named() {
                        self.buf.push(Child { field: 0, node: c });
                    }
                    if !cursor.goto_next_sibling() {
                        break;
                    }
                }
            }
            return Kids {
                node,
                start,
                end: self.buf.len() as u32,
                loaded: true,
                named: true,
            };
        }
        let start = self.buf.len() as u32;
        let count = node.named_child_count() as u32;
        for i in 0..count {
            if let Some(c) = node.named_child(i) {
                self.buf.push(Child { field: 0, node: c });
            }
        }
        Kids {
            node,
            start,
            end: self.buf.len() as u32,
            loaded: true,
            named: true,
        }
    }

    /// Reads the children of `node` onto the buffer, with their fields if `with_fields`.
    fn load_with(&mut self, node: Node<'t>, with_fields: bool) -> Kids<'t> {
        let start = self.buf.len() as u32;
        let cursor = self.cursor.get_or_insert_with(|| node.walk());
        cursor.reset(node);
        if cursor.goto_first_child() {
            loop {
                self.buf.push(Child {
                    field: if with_fields {
                        cursor.field_id().map_or(0, NonZeroU16::get)
                    } else {
                        0
                    },
                    node: cursor.node(),
                });
                if !cursor.goto_next_sibling() {
                    break;
                }
            }
        }
        Kids {
            node,
            start,
            end: self.buf.len() as u32,
            loaded: true,
            named: false,
        }
    }

    /// The first child in field `id`.
    fn field(&self, kids: Kids<'t>, id: NonZeroU16) -> Option<Node<'t>> {
        if !kids.loaded || (kids.named && (id == F.form || id == F.kind)) {
            return kids.node.child_by_field_id(id.get());
        }
        self.buf[kids.range()]
            .iter()
            .find(|c| c.field == id.get())
            .map(|c| c.node)
    }

    /// The `i`-th loaded child (the buffer below the current top never moves).
    fn child(&self, i: usize) -> Child<'t> {
        self.buf[i]
    }

    fn kind(&self, node: Node) -> K {
        kind_of(self.kinds, node)
    }

    /// Records a `P001` found while lowering (errors the grammar lets through on purpose).
    fn syntax_error(&mut self, node: Node, message: String, label: &str, help: &str) {
        self.diagnostics.push(
            Diagnostic::new(
                "P001",
                "syntax-error",
                Severity::Error,
                node.byte_range(),
                message,
            )
            .with_label(label)
            .with_help(help),
        );
    }

    fn text(&self, node: Node) -> &'t str {
        &self.src[node.byte_range()]
    }

    fn span(node: Node) -> Span {
        Span::new(node.start_byte(), node.end_byte())
    }

    fn ident(&self, node: Node) -> Ident {
        Ident {
            name: self.text(node).to_string(),
            span: Self::span(node),
        }
    }

    // ---------------------------------------------------------------- statements and blocks

    /// The statements among `node`'s children (a file, a block, or an ERROR node's contents).
    fn statements(&mut self, node: Node<'t>) -> Vec<Expr> {
        let mark = self.buf.len();
        let kids = self.load_named(node);
        let mut out = Vec::with_capacity(kids.range().len());
        for i in kids.range() {
            let c = self.child(i).node;
            self.push_statement(c, &mut out);
        }
        self.buf.truncate(mark);
        out
    }

    fn push_statement(&mut self, child: Node<'t>, out: &mut Vec<Expr>) {
        if child.is_extra() || child.is_missing() {
            return;
        }
        if child.is_error() {
            // Keep what recovery parsed inside the error region, so no statement is lost.
            let mark = self.buf.len();
            let kids = self.load_with(child, false);
            let mut any = false;
            for i in kids.range() {
                let c = self.child(i).node;
                if c.is_named() && (self.kind(c).is_statement() || c.is_error()) {
                    any = true;
                }
            }
            if !any {
                out.push(Expr::new(ExprKind::Error, Self::span(child)));
            }
            for i in kids.range() {
                let c = self.child(i).node;
                if c.is_named() && (self.kind(c).is_statement() || c.is_error()) {
                    self.push_statement(c, out);
                }
            }
            self.buf.truncate(mark);
            return;
        }
        out.push(self.expr(child));
    }

    fn block(&mut self, node: Option<Node<'t>>) -> Block {
        match node {
            Some(n) => Block {
                statements: self.statements(n),
                span: Self::span(n),
            },
            None => Block {
                statements: Vec::new(),
                span: Span::default(),
            },
        }
    }

    // ---------------------------------------------------------------- expressions

    fn opt_expr(&mut self, node: Option<Node<'t>>, parent: Node<'t>) -> Expr {
        match node {
            Some(n) => self.expr(n),
            None => Expr::new(
                ExprKind::Error,
                Span::new(parent.end_byte(), parent.end_byte()),
            ),
        }
    }

    fn boxed(&mut self, node: Option<Node<'t>>, parent: Node<'t>) -> Box<Expr> {
        Box::new(self.opt_expr(node, parent))
    }

    pub fn expr(&mut self, node: Node<'t>) -> Expr {
        self.depth += 1;
        let result = if self.depth > MAX_DEPTH {
            if !self.too_deep_reported {
                self.too_deep_reported = true;
                self.diagnostics.push(
                    Diagnostic::new(
                        "P004",
                        "nesting-too-deep",
                        Severity::Error,
                        node.byte_range(),
                        format!("expressions are nested more than {MAX_DEPTH} levels deep here"),
                    )
                    .with_label("too deep")
                    .with_help(
                        "plint does not analyze deeper nesting; split the expression with variables",
                    ),
                );
            }
            Expr::new(ExprKind::Error, Self::span(node))
        } else {
            let mark = self.buf.len();
            let e = stacker::maybe_grow(64 * 1024, 2 * 1024 * 1024, || self.expr_inner(node));
            self.buf.truncate(mark);
            e
        };
        self.depth -= 1;
        result
    }

    fn expr_inner(&mut self, node: Node<'t>) -> Expr {
        let span = Self::span(node);
        // The kind id once: ERROR nodes have the largest symbol (what `is_error` compares).
        let id = node.kind_id();
        if id == u16::MAX || node.is_missing() {
            return Expr::new(ExprKind::Error, span);
        }
        let k = self.kinds.get(usize::from(id)).copied().unwrap_or(K::Other);
        if matches!(
            k,
            K::UnaryExpression | K::BinaryExpression | K::Assignment | K::Relationship
        ) && let Some(kind) = self.operation(node, k)
        {
            return Expr::new(kind, span);
        }
        let kind = match k {
            K::Variable => {
                let t = self.text(node);
                ExprKind::Variable(t.strip_prefix('$').unwrap_or(t).to_string())
            }
            K::Name => self.bare_word(node),
            K::TypeReference => {
                let t = self.text(node);
                if !all_segments(crate::syntax::trim_colons(t), |seg| {
                    seg.first().is_some_and(u8::is_ascii_uppercase)
                }) {
                    self.syntax_error(
                        node,
                        format!("`{t}` is not a valid type or class reference"),
                        "a segment starts with a lower-case letter",
                        "start every segment of a reference with a capital letter (`Foo::Bar`), \
                         or write a name in lower case (`foo::bar`)",
                    );
                }
                ExprKind::TypeRef(t.to_string())
            }
            K::Number => self.number(node),
            K::Boolean => ExprKind::Boolean(self.text(node) == "true"),
            K::Undef => ExprKind::Undef,
            K::Default => ExprKind::Default,
            K::ReservedWord => ExprKind::ReservedWord(self.text(node).to_string()),
            K::Regex => {
                let t = self.text(node);
                let inner = t.get(1..t.len().saturating_sub(1)).unwrap_or("");
                ExprKind::Regex(inner.replace("\\/", "/"))
            }
            K::SingleQuotedString => ExprKind::String(StringLit {
                kind: StringKind::SingleQuoted,
                parts: vec![StringPart::Text {
                    value: unescape_single_quoted(self.text(node)),
                    span,
                }],
            }),
            K::DoubleQuotedString => ExprKind::String(self.double_quoted(node)),
            K::Heredoc => ExprKind::String(self.heredoc(node)),
            K::Array => {
                let kids = self.load_named(node);
                ExprKind::Array(self.list(kids, None))
            }
            K::Hash => {
                let kids = self.load(node, K::Hash);
                ExprKind::Hash(Hash {
                    entries: self.pairs(kids, F.entry),
                    braced: true,
                })
            }
            K::ParenthesizedExpression => {
                let kids = self.load_named(node);
                let inner = self.first_named(kids);
                ExprKind::Paren(self.boxed(inner, node))
            }
            K::Access => {
                let kids = self.load(node, K::Access);
                ExprKind::Access {
                    target: self.boxed(self.field(kids, F.object), node),
                    args: self.list(kids, Some(F.argument)),
                }
            }
            K::UnaryExpression => {
                let kids = self.fields(node);
                let op = match self.field(kids, F.operator).map(|o| self.text(o)) {
                    Some("!") => UnaryOp::Not,
                    Some("*") => UnaryOp::Splat,
                    _ => UnaryOp::Neg,
                };
                ExprKind::Unary {
                    op,
                    operand: self.boxed(self.field(kids, F.operand), node),
                }
            }
            K::BinaryExpression => {
                let kids = self.fields(node);
                let op_node = self.field(kids, F.operator);
                let op = op_node
                    .and_then(|o| BinaryOp::from_token(self.text(o)))
                    .unwrap_or(BinaryOp::Add);
                ExprKind::Binary {
                    op,
                    op_span: op_node.map(Self::span).unwrap_or(span),
                    left: self.boxed(self.field(kids, F.left), node),
                    right: self.boxed(self.field(kids, F.right), node),
                }
            }
            K::Assignment => {
                let kids = self.fields(node);
                let op = match self.field(kids, F.operator).map(|o| self.text(o)) {
                    Some("+=") => AssignOp::Append,
                    Some("-=") => AssignOp::Delete,
                    _ => AssignOp::Assign,
                };
                ExprKind::Assignment {
                    op,
                    left: self.boxed(self.field(kids, F.left), node),
                    right: self.boxed(self.field(kids, F.right), node),
                }
            }
            K::Relationship => {
                let kids = self.fields(node);
                let op_node = self.field(kids, F.operator);
                let op = match op_node.map(|o| self.text(o)) {
                    Some("~>") => RelationshipOp::Notify,
                    Some("<-") => RelationshipOp::Require,
                    Some("<~") => RelationshipOp::Subscribe,
                    _ => RelationshipOp::Before,
                };
                ExprKind::Relationship {
                    op,
                    op_span: op_node.map(Self::span).unwrap_or(span),
                    left: self.boxed(self.field(kids, F.left), node),
                    right: self.boxed(self.field(kids, F.right), node),
                }
            }
            K::Selector => {
                let kids = self.load(node, K::Selector);
                let value = self.boxed(self.field(kids, F.value), node);
                let mut entries = Vec::with_capacity(kids.range().len());
                for i in kids.range() {
                    let c = self.child(i);
                    if c.field != F.entry.get() {
                        continue;
                    }
                    let e = c.node;
                    let ek = self.fields(e);
                    entries.push(SelectorEntry {
                        matcher: self.opt_expr(self.field(ek, F.matcher), e),
                        value: self.opt_expr(self.field(ek, F.value), e),
                        span: Self::span(e),
                    });
                }
                ExprKind::Selector { value, entries }
            }
            k @ (K::FunctionCall | K::StatementCall) => {
                let kids = self.fields(node);
                let function = self.opt_expr(self.field(kids, F.function), node);
                let args_node = self.field(kids, F.arguments);
                let args = self.arguments(args_node);
                let lambda = self.field(kids, F.lambda).map(|l| self.lambda(l));
                ExprKind::Call(Box::new(Call {
                    function,
                    args,
                    lambda,
                    style: if k == K::StatementCall {
                        CallStyle::Statement
                    } else {
                        CallStyle::Parenthesized
                    },
                    args_span: args_node.map(Self::span).unwrap_or(span),
                }))
            }
            K::ApplyExpression => {
                // `apply(targets, options) { body }`: a call of `apply` whose lambda, with no
                // parameters, is the body (plan variables are visible in it, as in a lambda).
                let kids = self.fields(node);
                let keyword = node.child(0).map(Self::span).unwrap_or(span);
                let function = Expr::new(ExprKind::Name("apply".to_string()), keyword);
                let args_node = self.field(kids, F.arguments);
                let args = self.arguments(args_node);
                if args.is_empty() {
                    self.syntax_error(
                        args_node.unwrap_or(node),
                        "`apply` needs its targets".to_string(),
                        "no arguments",
                        "write `apply($targets) { ... }`",
                    );
                }
                let body_node = self.field(kids, F.body);
                let mark = self.buf.len();
                let body = self.block(body_node);
                self.buf.truncate(mark);
                ExprKind::Call(Box::new(Call {
                    function,
                    args,
                    lambda: Some(Lambda {
                        params: Vec::new(),
                        return_type: None,
                        span: body.span,
                        body,
                    }),
                    style: CallStyle::Apply,
                    args_span: args_node.map(Self::span).unwrap_or(span),
                }))
            }
            K::MethodCall => {
                let kids = self.fields(node);
                let receiver = self.opt_expr(self.field(kids, F.object), node);
                let method = match self.field(kids, F.method) {
                    Some(m) => self.ident(m),
                    None => Ident {
                        name: String::new(),
                        span: Span::new(node.end_byte(), node.end_byte()),
                    },
                };
                let args = self.field(kids, F.arguments).map(|a| {
                    let ak = self.load_named(a);
                    self.list(ak, None)
                });
                let lambda = self.field(kids, F.lambda).map(|l| self.lambda(l));
                ExprKind::MethodCall(Box::new(MethodCall {
                    receiver,
                    method,
                    args,
                    lambda,
                }))
            }
            K::IfExpression => {
                let kids = self.load(node, K::IfExpression);
                let mut branches = vec![(
                    self.opt_expr(self.field(kids, F.condition), node),
                    self.block(self.field(kids, F.consequence)),
                )];
                let mut else_block = None;
                for i in kids.range() {
                    let c = self.child(i);
                    if c.field != F.alternative.get() {
                        continue;
                    }
                    let alt = c.node;
                    let ak = self.fields(alt);
                    if self.kind(alt) == K::ElsifClause {
                        branches.push((
                            self.opt_expr(self.field(ak, F.condition), alt),
                            self.block(self.field(ak, F.consequence)),
                        ));
                    } else {
                        else_block = Some(self.block(self.field(ak, F.body)));
                    }
                }
                ExprKind::If(Box::new(If {
                    branches,
                    else_block,
                }))
            }
            K::UnlessExpression => {
                let kids = self.fields(node);
                ExprKind::Unless(Box::new(Unless {
                    condition: self.opt_expr(self.field(kids, F.condition), node),
                    then_block: self.block(self.field(kids, F.consequence)),
                    else_block: self.field(kids, F.alternative).map(|a| {
                        let ak = self.fields(a);
                        self.block(self.field(ak, F.body))
                    }),
                }))
            }
            K::CaseExpression => {
                let kids = self.load(node, K::CaseExpression);
                let value = self.opt_expr(self.field(kids, F.value), node);
                let mut options = Vec::with_capacity(kids.range().len());
                for i in kids.range() {
                    let c = self.child(i);
                    if c.field != F.option.get() {
                        continue;
                    }
                    let o = c.node;
                    let ok = self.load(o, K::CaseOption);
                    let mut matchers = Vec::with_capacity(ok.range().len());
                    for j in ok.range() {
                        let m = self.child(j);
                        if m.field == F.matcher.get() {
                            matchers.push(self.expr(m.node));
                        }
                    }
                    options.push(CaseOption {
                        matchers,
                        body: self.block(self.field(ok, F.body)),
                        span: Self::span(o),
                    });
                }
                ExprKind::Case(Box::new(Case { value, options }))
            }
            K::ResourceDeclaration => {
                let kids = self.load(node, K::ResourceDeclaration);
                let form = match self.field(kids, F.form).map(|f| self.text(f)) {
                    Some("@") => ResourceForm::Virtual,
                    Some("@@") => ResourceForm::Exported,
                    _ => ResourceForm::Regular,
                };
                let type_node = self.field(kids, F.type_);
                let type_name = match type_node {
                    Some(t) => self.ident(t),
                    None => Ident {
                        name: String::new(),
                        span,
                    },
                };
                let type_expr = type_node
                    .filter(|t| self.kind(*t) != K::Name)
                    .map(|t| Box::new(self.expr(t)));
                let mut bodies = Vec::with_capacity(kids.range().len());
                for i in kids.range() {
                    let c = self.child(i);
                    if c.field != F.body.get() {
                        continue;
                    }
                    let b = c.node;
                    let bk = self.load(b, K::ResourceBody);
                    bodies.push(ResourceBody {
                        title: self.opt_expr(self.field(bk, F.title), b),
                        attributes: self.attributes(bk),
                        span: Self::span(b),
                    });
                }
                ExprKind::Resource(Box::new(Resource {
                    form,
                    type_name,
                    type_expr,
                    bodies,
                }))
            }
            K::ResourceDefaults => {
                let kids = self.load(node, K::ResourceDefaults);
                ExprKind::ResourceDefaults(Box::new(ResourceDefaults {
                    type_ref: self.opt_ident(self.field(kids, F.type_), node),
                    attributes: self.attributes(kids),
                }))
            }
            K::ResourceOverride => {
                let kids = self.load(node, K::ResourceOverride);
                ExprKind::ResourceOverride(Box::new(ResourceOverride {
                    target: self.opt_expr(self.field(kids, F.reference), node),
                    attributes: self.attributes(kids),
                }))
            }
            K::Collector => {
                let kids = self.load(node, K::Collector);
                ExprKind::Collector(Box::new(Collector {
                    type_ref: self.opt_ident(self.field(kids, F.type_), node),
                    exported: self
                        .field(kids, F.kind)
                        .is_some_and(|k| self.text(k) == "<<|"),
                    query: self.field(kids, F.query).map(|q| self.expr(q)),
                    attributes: self.attributes(kids),
                }))
            }
            K::ClassDefinition => {
                let kids = self.fields(node);
                let parent = self.field(kids, F.parent).map(|p| self.ident(p));
                ExprKind::Class(Box::new(ClassDef {
                    name: self.opt_ident(self.field(kids, F.name), node),
                    params: self.parameters(self.field(kids, F.parameters)),
                    parent,
                    body: self.block(self.field(kids, F.body)),
                }))
            }
            K::DefineDefinition => {
                let kids = self.fields(node);
                ExprKind::Define(Box::new(DefineDef {
                    name: self.opt_ident(self.field(kids, F.name), node),
                    params: self.parameters(self.field(kids, F.parameters)),
                    body: self.block(self.field(kids, F.body)),
                }))
            }
            K::PlanDefinition => {
                let kids = self.fields(node);
                ExprKind::Plan(Box::new(PlanDef {
                    name: self.opt_ident(self.field(kids, F.name), node),
                    params: self.parameters(self.field(kids, F.parameters)),
                    body: self.block(self.field(kids, F.body)),
                }))
            }
            K::FunctionDefinition => {
                let kids = self.fields(node);
                ExprKind::Function(Box::new(FunctionDef {
                    name: self.opt_ident(self.field(kids, F.name), node),
                    params: self.parameters(self.field(kids, F.parameters)),
                    return_type: self.field(kids, F.return_type).map(|r| self.expr(r)),
                    body: self.block(self.field(kids, F.body)),
                }))
            }
            K::NodeDefinition => {
                let kids = self.fields(node);
                let mut matchers = Vec::new();
                if let Some(names) = self.field(kids, F.names) {
                    let nk = self.load_named(names);
                    for i in nk.range() {
                        let n = self.child(i).node;
                        if !n.is_extra() {
                            matchers.push(self.hostname(n));
                        }
                    }
                }
                let parent = self.field(kids, F.parent).map(|p| self.hostname(p));
                ExprKind::Node(Box::new(NodeDef {
                    matchers,
                    parent,
                    body: self.block(self.field(kids, F.body)),
                }))
            }
            K::TypeAlias => {
                let kids = self.fields(node);
                ExprKind::TypeAlias(Box::new(TypeAlias {
                    name: self.opt_expr(self.field(kids, F.name), node),
                    value: self.opt_expr(self.field(kids, F.type_), node),
                }))
            }
            K::ObjectType => {
                // `Object { ... }` means `Object[{ ... }]`.
                let kids = self.fields(node);
                let target = self.boxed(self.field(kids, F.type_), node);
                let body = self.opt_expr(self.field(kids, F.body), node);
                ExprKind::Access {
                    target,
                    args: vec![body],
                }
            }
            K::TypeDefinition => {
                let kids = self.fields(node);
                ExprKind::TypeDefinition(Box::new(TypeDefinition {
                    name: self.opt_ident(self.field(kids, F.name), node),
                    parent: self.field(kids, F.parent).map(|p| self.ident(p)),
                    body: self.block(self.field(kids, F.body)),
                }))
            }
            K::Hostname => return self.hostname(node),
            K::Pair => {
                // A lone pair where an expression is expected: an unbraced hash of one entry.
                let entries = vec![self.pair(node)];
                ExprKind::Hash(Hash {
                    entries,
                    braced: false,
                })
            }
            _ => ExprKind::Error,
        };
        Expr::new(kind, span)
    }

    /// An operation (unary, binary, assignment, relationship) of an error-free node without
    /// extras: its operands read by index, its operator from the text between them.
    fn operation(&mut self, node: Node<'t>, k: K) -> Option<ExprKind> {
        if k == K::UnaryExpression {
            if !self.indexed || node.has_error() || node.named_child_count() != 1 {
                return None;
            }
            let operand = node.named_child(0)?;
            // The operator is the node's first token.
            let op = match self.text(node).as_bytes().first() {
                Some(b'!') => UnaryOp::Not,
                Some(b'*') => UnaryOp::Splat,
                _ => UnaryOp::Neg,
            };
            return Some(ExprKind::Unary {
                op,
                operand: Box::new(self.expr(operand)),
            });
        }
        if !matches!(k, K::BinaryExpression | K::Assignment | K::Relationship) {
            return None;
        }
        let (left, right) = self.two_named(node)?;
        let (token, op_span) = self.between(left, right);
        let left = Box::new(self.expr(left));
        let right = Box::new(self.expr(right));
        Some(match k {
            K::BinaryExpression => ExprKind::Binary {
                op: BinaryOp::from_token(token).unwrap_or(BinaryOp::Add),
                op_span,
                left,
                right,
            },
            K::Assignment => ExprKind::Assignment {
                op: match token {
                    "+=" => AssignOp::Append,
                    "-=" => AssignOp::Delete,
                    _ => AssignOp::Assign,
                },
                left,
                right,
            },
            _ => ExprKind::Relationship {
                op: match token {
                    "~>" => RelationshipOp::Notify,
                    "<-" => RelationshipOp::Require,
                    "<~" => RelationshipOp::Subscribe,
                    _ => RelationshipOp::Before,
                },
                op_span,
                left,
                right,
            },
        })
    }

    fn opt_ident(&self, node: Option<Node<'t>>, parent: Node<'t>) -> Ident {
        match node {
            Some(n) if !n.is_missing() => self.ident(n),
            _ => Ident {
                name: String::new(),
                span: Span::new(parent.start_byte(), parent.start_byte()),
            },
        }
    }

    /// The two named children of an error-free node that has exactly two (so no extras, which
    /// are named): the operands of an operator, or a key and its value, read by index.
    fn two_named(&self, node: Node<'t>) -> Option<(Node<'t>, Node<'t>)> {
        if !self.indexed || node.has_error() || node.named_child_count() != 2 {
            return None;
        }
        Some((node.named_child(0)?, node.named_child(1)?))
    }

    /// The token between two children of an error-free node that has no extras (an operator)
    /// and its span: the text between them without the blanks around it.
    fn between(&self, left: Node<'t>, right: Node<'t>) -> (&'t str, Span) {
        let (from, to) = (left.end_byte(), right.start_byte());
        let gap = self.src.get(from..to).unwrap_or("");
        let token = gap.trim_start_matches(char::is_whitespace);
        let start = from + (gap.len() - token.len());
        let token = token.trim_end_matches(char::is_whitespace);
        (token, Span::new(start, start + token.len()))
    }

    /// The first child that is not an extra (of named children: [`Self::load_named`]).
    fn first_named(&self, kids: Kids<'t>) -> Option<Node<'t>> {
        self.buf[kids.range()]
            .iter()
            .map(|c| c.node)
            .find(|c| !c.is_extra())
    }
    /// A bare word: a name, or (with a hyphen or a segment starting with `_`) a string.
    fn bare_word(&mut self, node: Node) -> ExprKind {
        let t = self.text(node);
        if is_keyword(t) {
            self.syntax_error(
                node,
                format!("unexpected keyword `{t}`"),
                "a keyword cannot be used as a value",
                "quote it to use it as a string",
            );
        }
        let is_name = all_segments(crate::syntax::trim_colons(t), |seg| {
            seg.first().is_some_and(u8::is_ascii_lowercase) && !seg.contains(&b'-')
        });
        if is_name {
            ExprKind::Name(t.to_string())
        } else {
            ExprKind::String(StringLit {
                kind: StringKind::BareWord,
                parts: vec![StringPart::Text {
                    value: t.to_string(),
                    span: Self::span(node),
                }],
            })
        }
    }

    fn number(&mut self, node: Node) -> ExprKind {
        let t = self.text(node);
        if let Some(hex) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
            if hex.is_empty() || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
                self.syntax_error(
                    node,
                    format!("`{t}` is not a valid hexadecimal number"),
                    "not a number",
                    "write hexadecimal digits after `0x`, e.g. `0x1F`",
                );
            }
            return ExprKind::Integer(IntegerLit {
                value: i64::from_str_radix(hex, 16).ok(),
                radix: Radix::Hex,
            });
        }
        let is_float = t.contains('.')
            || (t.contains(['e', 'E'])
                && t.split(['e', 'E']).count() == 2
                && t.split(['e', 'E']).all(|p| {
                    let p = p.strip_prefix('-').unwrap_or(p);
                    !p.is_empty() && p.chars().all(|c| c.is_ascii_digit())
                }));
        if is_float {
            if t.len() > 1 && t.starts_with('0') && t.as_bytes()[1].is_ascii_digit() {
                self.syntax_error(
                    node,
                    format!("`{t}` is not a valid number: a leading 0 makes it octal"),
                    "octal numbers have no fraction or exponent",
                    "remove the leading zero",
                );
            }
            return ExprKind::Float(t.parse().unwrap_or(f64::NAN));
        }
        if !t.chars().all(|c| c.is_ascii_digit()) {
            self.syntax_error(
                node,
                format!("`{t}` is not a valid number"),
                "digits followed by letters",
                "separate the number from what follows, or quote the text",
            );
            return ExprKind::Integer(IntegerLit {
                value: None,
                radix: Radix::Decimal,
            });
        }
        if t.len() > 1 && t.starts_with('0') {
            let value = i64::from_str_radix(&t[1..], 8).ok();
            if t.contains(['8', '9']) {
                self.diagnostics.push(
                    Diagnostic::new(
                        "P001",
                        "syntax-error",
                        Severity::Error,
                        node.byte_range(),
                        format!("`{t}` is not a valid octal number"),
                    )
                    .with_label("a leading 0 makes an octal number")
                    .with_help("remove the leading zeros, or use only the digits 0 to 7"),
                );
            }
            return ExprKind::Integer(IntegerLit {
                value,
                radix: Radix::Octal,
            });
        }
        ExprKind::Integer(IntegerLit {
            value: t.parse().ok(),
            radix: Radix::Decimal,
        })
    }

    /// Loaded children as a list of expressions (those of one field, or with `None` all the
    /// named children of [`Self::load_named`]), with
    /// consecutive `key => value` pairs folded into one unbraced hash, as Puppet does.
    /// The expressions of a call's argument list, if it has one.
    fn arguments(&mut self, args: Option<Node<'t>>) -> Vec<Expr> {
        match args {
            Some(a) => {
                let kids = self.load_named(a);
                self.list(kids, None)
            }
            None => Vec::new(),
        }
    }

    fn list(&mut self, kids: Kids<'t>, field_id: Option<NonZeroU16>) -> Vec<Expr> {
        let mut out: Vec<Expr> = Vec::with_capacity(kids.range().len());
        for i in kids.range() {
            let Child { field, node: c } = self.child(i);
            if let Some(id) = field_id
                && field != id.get()
            {
                continue;
            }
            if c.is_extra() || c.is_missing() {
                continue;
            }
            if self.kind(c) == K::Pair && !c.is_error() {
                let pair = self.pair(c);
                if let Some(Expr {
                    kind: ExprKind::Hash(h),
                    span,
                }) = out.last_mut()
                    && !h.braced
                {
                    *span = span.cover(pair.span);
                    h.entries.push(pair);
                    continue;
                }
                let span = pair.span;
                out.push(Expr::new(
                    ExprKind::Hash(Hash {
                        entries: vec![pair],
                        braced: false,
                    }),
                    span,
                ));
                continue;
            }
            out.push(self.expr(c));
        }
        out
    }

    fn pair(&mut self, node: Node<'t>) -> Pair {
        if let Some((key, value)) = self.two_named(node) {
            return Pair {
                key: self.expr(key),
                value: self.expr(value),
                span: Self::span(node),
            };
        }
        let mark = self.buf.len();
        let kids = self.fields(node);
        let pair = Pair {
            key: self.opt_expr(self.field(kids, F.key), node),
            value: self.opt_expr(self.field(kids, F.value), node),
            span: Self::span(node),
        };
        self.buf.truncate(mark);
        pair
    }

    fn pairs(&mut self, kids: Kids<'t>, field_id: NonZeroU16) -> Vec<Pair> {
        let mut out = Vec::with_capacity(kids.range().len());
        for i in kids.range() {
            let c = self.child(i);
            if c.field == field_id.get() {
                out.push(self.pair(c.node));
            }
        }
        out
    }

    fn attributes(&mut self, kids: Kids<'t>) -> Vec<Attribute> {
        let mut out = Vec::with_capacity(kids.range().len());
        for i in kids.range() {
            let c = self.child(i);
            if c.field != F.attribute.get() {
                continue;
            }
            let a = c.node;
            if a.is_missing() || a.is_error() {
                continue;
            }
            let span = Self::span(a);
            let kind = self.kind(a);
            if kind == K::Attribute
                && let Some((name_node, value)) = self.two_named(a)
            {
                let op = match self.between(name_node, value).0 {
                    "+>" => AttributeOp::Append,
                    _ => AttributeOp::Set,
                };
                let name = self.ident(name_node);
                self.check_attribute_name(&name, name_node);
                out.push(Attribute {
                    name,
                    op,
                    value: self.expr(value),
                    span,
                });
                continue;
            }
            let mark = self.buf.len();
            let ak = self.fields(a);
            if kind == K::AttributeSplat {
                out.push(Attribute {
                    name: Ident {
                        name: "*".to_string(),
                        span: Span::new(a.start_byte(), a.start_byte() + 1),
                    },
                    op: AttributeOp::Splat,
                    value: self.opt_expr(self.field(ak, F.value), a),
                    span,
                });
                self.buf.truncate(mark);
                continue;
            }
            let op = match self.field(ak, F.operator).map(|o| self.text(o)) {
                Some("+>") => AttributeOp::Append,
                _ => AttributeOp::Set,
            };
            let name_node = self.field(ak, F.name);
            let name = self.opt_ident(name_node, a);
            if let Some(n) = name_node {
                self.check_attribute_name(&name, n);
            }
            out.push(Attribute {
                name,
                op,
                value: self.opt_expr(self.field(ak, F.value), a),
                span,
            });
            self.buf.truncate(mark);
        }
        out
    }

    /// Reports an attribute name Puppet rejects.
    fn check_attribute_name(&mut self, name: &Ident, node: Node) {
        if name.name.contains('-')
            || name.name.starts_with('_')
            || matches!(name.name.as_str(), "true" | "false")
        {
            self.syntax_error(
                node,
                format!("`{}` is not a valid attribute name", name.name),
                "not a name",
                "attribute names are lower-case words: letters, digits and `_`",
            );
        }
    }

    fn parameters(&mut self, list: Option<Node<'t>>) -> Vec<Parameter> {
        let Some(list) = list else {
            return Vec::new();
        };
        let mark = self.buf.len();
        let kids = self.load_named(list);
        let mut out = Vec::with_capacity(kids.range().len());
        for i in kids.range() {
            let p = self.child(i).node;
            if self.kind(p) != K::Parameter {
                continue;
            }
            if let Some(param) = self.parameter(p) {
                out.push(param);
                continue;
            }
            let pk = self.fields(p);
            let name = match self.field(pk, F.name) {
                Some(v) if !v.is_missing() => {
                    let t = self.text(v);
                    Ident {
                        name: t.strip_prefix('$').unwrap_or(t).to_string(),
                        span: Self::span(v),
                    }
                }
                _ => Ident {
                    name: String::new(),
                    span: Self::span(p),
                },
            };
            out.push(Parameter {
                name,
                type_expr: self.field(pk, F.type_).map(|t| self.expr(t)),
                default: self.field(pk, F.default).map(|d| self.expr(d)),
                captures_rest: self.field(pk, F.captures_rest).is_some(),
                span: Self::span(p),
            });
        }
        self.buf.truncate(mark);
        out
    }

    /// A parameter without errors or extras, its children read by index: `[type] [*]
    /// $name [= default]`, where only the name is a variable.
    fn parameter(&mut self, p: Node<'t>) -> Option<Parameter> {
        if !self.indexed || p.has_error() {
            return None;
        }
        let n = p.named_child_count();
        let mut kids = [None; 3];
        for (i, slot) in kids.iter_mut().enumerate().take(n) {
            let c = p.named_child(i as u32)?;
            if c.is_extra() {
                return None;
            }
            *slot = Some(c);
        }
        let (type_node, name_node, default_node) = match kids {
            [Some(a), None, None] => (None, a, None),
            [Some(a), Some(b), None] if self.kind(a) == K::Variable => (None, a, Some(b)),
            [Some(a), Some(b), None] => (Some(a), b, None),
            [Some(a), Some(b), Some(c)] if n == 3 => (Some(a), b, Some(c)),
            _ => return None,
        };
        if self.kind(name_node) != K::Variable {
            return None;
        }
        // The tokens: `*` if the rest is captured, `=` before a default.
        let tokens = (p.child_count() as usize).saturating_sub(n);
        let t = self.text(name_node);
        let name = Ident {
            name: t.strip_prefix('$').unwrap_or(t).to_string(),
            span: Self::span(name_node),
        };
        Some(Parameter {
            name,
            type_expr: type_node.map(|t| self.expr(t)),
            default: default_node.map(|d| self.expr(d)),
            captures_rest: tokens == 1 + usize::from(default_node.is_some()),
            span: Self::span(p),
        })
    }

    fn lambda(&mut self, node: Node<'t>) -> Lambda {
        let mark = self.buf.len();
        let kids = self.fields(node);
        let lambda = Lambda {
            params: self.parameters(self.field(kids, F.parameters)),
            return_type: self.field(kids, F.return_type).map(|r| self.expr(r)),
            body: self.block(self.field(kids, F.body)),
            span: Self::span(node),
        };
        self.buf.truncate(mark);
        lambda
    }

    /// A node name: a dotted bare name becomes its string; other forms are expressions.
    fn hostname(&mut self, node: Node<'t>) -> Expr {
        if self.kind(node) == K::Hostname {
            let span = Self::span(node);
            let text = self.text(node);
            // A single word (`db-01`) is a string Puppet accepts; inside a dotted name, a
            // word with `-` or a leading `_` is a syntax error.
            if text.contains('.')
                && text
                    .split('.')
                    .any(|seg| seg.contains('-') || seg.starts_with('_'))
            {
                self.syntax_error(
                    node,
                    format!("`{text}` is not a valid node name without quotes"),
                    "a word with `-` or a leading `_` cannot be part of a dotted name",
                    "quote the node name: `node 'web-1.example.com' { }`",
                );
            }
            return Expr::new(
                ExprKind::String(StringLit {
                    kind: StringKind::BareWord,
                    parts: vec![StringPart::Text {
                        value: self
                            .text(node)
                            .chars()
                            .filter(|c| !c.is_whitespace())
                            .collect(),
                        span,
                    }],
                }),
                span,
            );
        }
        self.expr(node)
    }

    // ---------------------------------------------------------------- strings

    fn double_quoted(&mut self, node: Node<'t>) -> StringLit {
        let kids = self.load_named(node);
        let mut parts = Vec::with_capacity(kids.range().len());
        self.string_parts(kids, &mut parts, None);
        StringLit {
            kind: StringKind::DoubleQuoted,
            parts,
        }
    }

    /// Appends the parts of a string's content nodes (the named ones among `kids`). With a
    /// margin, the given text is removed from the start of every line (heredocs with `|`).
    fn string_parts(
        &mut self,
        kids: Kids<'t>,
        parts: &mut Vec<StringPart>,
        margin: Option<(&str, usize)>,
    ) {
        for i in kids.range() {
            let c = self.child(i).node;
            if c.is_missing() || c.is_error() {
                continue;
            }
            match self.kind(c) {
                K::StringContent => {
                    let raw = self.text(c);
                    let value = match margin {
                        Some((m, body_start)) => {
                            // A line also starts after an escaped line break (`\` + newline).
                            let at = c.start_byte();
                            let starts_line = at == body_start
                                || (at > 0 && self.src.as_bytes()[at - 1] == b'\n');
                            Cow::Owned(strip_margin(raw, m, starts_line))
                        }
                        None => Cow::Borrowed(raw),
                    };
                    push_text(parts, value, Self::span(c));
                }
                K::EscapeSequence => {
                    push_text(parts, unescape(self.text(c)), Self::span(c));
                }
                K::Variable => {
                    let expr = self.expr(c);
                    parts.push(StringPart::Interpolation {
                        expr,
                        braced: false,
                        span: Self::span(c),
                    });
                }
                K::Interpolation => {
                    let mark = self.buf.len();
                    let ik = self.load_named(c);
                    let inner = self.first_named(ik);
                    let expr = self.opt_expr(inner, c);
                    self.buf.truncate(mark);
                    parts.push(StringPart::Interpolation {
                        expr,
                        braced: true,
                        span: Self::span(c),
                    });
                }
                _ => {}
            }
        }
    }

    fn heredoc(&mut self, node: Node<'t>) -> StringLit {
        let spec = parse_heredoc_spec(self.text(node));
        if let Some(flags) = &spec.escapes {
            let mut seen = String::new();
            for c in flags.chars() {
                if !"trnsuL$".contains(c) || seen.contains(c) {
                    let what = if c.is_whitespace() {
                        "a blank".to_string()
                    } else {
                        format!("`{c}`")
                    };
                    self.syntax_error(
                        node,
                        format!(
                            "invalid heredoc escape flag {what} in `{}`",
                            self.text(node)
                        ),
                        "invalid flags",
                        "the flags after `/` are any of `t r n s u L $`, each at most once",
                    );
                    break;
                }
                seen.push(c);
            }
        }
        let body = self.heredoc_bodies.get(self.next_heredoc).copied();
        self.next_heredoc += 1;
        let mut heredoc = Heredoc {
            tag: spec.tag,
            interpolate: spec.interpolate,
            syntax: spec.syntax,
            escapes: spec.escapes,
            body_span: Span::new(node.end_byte(), node.end_byte()),
            margin: false,
            trim: false,
        };
        let mut parts = Vec::new();
        if let Some(body) = body {
            let kids = self.load_named(body);
            let named = || self.buf[kids.range()].iter().map(|c| c.node);
            let end = named().find(|c| self.kind(*c) == K::HeredocEnd && !c.is_missing());
            // The text starts after the line break that starts the body.
            let text_start = named()
                .find(|c| self.kind(*c) != K::HeredocEnd)
                .map(|c| c.start_byte())
                .or(end.map(|e| e.start_byte()))
                .unwrap_or(body.end_byte());
            let text_end = end.map(|e| e.start_byte()).unwrap_or(body.end_byte());
            heredoc.body_span = Span::new(text_start, text_end.max(text_start));
            let mut leading = "";
            if let Some(end) = end {
                let end_text = self.text(end);
                let trimmed = end_text.trim_start_matches(is_blank);
                let indent = &end_text[..end_text.len() - trimmed.len()];
                let mut rest = trimmed;
                if let Some(r) = rest.strip_prefix('|') {
                    heredoc.margin = true;
                    leading = indent;
                    rest = r.trim_start_matches(is_blank);
                }
                if rest.starts_with('-') {
                    heredoc.trim = true;
                }
            }
            let margin = (heredoc.margin && !leading.is_empty()).then_some((leading, text_start));
            self.string_parts(kids, &mut parts, margin);
            if heredoc.trim
                && let Some(StringPart::Text { value, .. }) = parts.last_mut()
            {
                if value.ends_with("\r\n") {
                    value.truncate(value.len() - 2);
                } else if value.ends_with('\n') {
                    value.truncate(value.len() - 1);
                }
            }
        }
        StringLit {
            kind: StringKind::Heredoc(Box::new(heredoc)),
            parts,
        }
    }
}
/// Puppet's keywords that can never stand as a bare word value.
fn is_keyword(t: &str) -> bool {
    matches!(
        t,
        "and"
            | "case"
            | "class"
            | "define"
            | "else"
            | "elsif"
            | "if"
            | "in"
            | "inherits"
            | "node"
            | "or"
            | "unless"
            | "true"
            | "false"
            | "undef"
            | "default"
    )
}

/// Whether `pred` holds for every segment of `name` between `::` separators (as
/// `name.split("::").all(..)`, without building a substring searcher per call).
fn all_segments(name: &str, mut pred: impl FnMut(&[u8]) -> bool) -> bool {
    let bytes = name.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i + 1 < bytes.len() {
        if bytes[i] == b':' && bytes[i + 1] == b':' {
            if !pred(&bytes[start..i]) {
                return false;
            }
            i += 2;
            start = i;
        } else {
            i += 1;
        }
    }
    pred(&bytes[start..])
}

fn is_blank(c: char) -> bool {
    c != '\n' && c.is_whitespace()
}

/// Appends text to the string's last part if it is text (no part of its own), else as a new
/// part.
fn push_text(parts: &mut Vec<StringPart>, value: Cow<'_, str>, span: Span) {
    if let Some(StringPart::Text {
        value: prev,
        span: prev_span,
    }) = parts.last_mut()
    {
        prev.push_str(&value);
        *prev_span = prev_span.cover(span);
        return;
    }
    parts.push(StringPart::Text {
        value: value.into_owned(),
        span,
    });
}

/// Removes `margin` from the start of each line of `raw` (a heredoc's text). The first line
/// of `raw` is a line start only when `starts_line` is set.
fn strip_margin(raw: &str, margin: &str, starts_line: bool) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut at_line_start = starts_line;
    let mut rest = raw;
    while !rest.is_empty() {
        if at_line_start && let Some(r) = rest.strip_prefix(margin) {
            rest = r;
        }
        match rest.find('\n') {
            Some(i) => {
                out.push_str(&rest[..=i]);
                rest = &rest[i + 1..];
                at_line_start = true;
            }
            None => {
                out.push_str(rest);
                break;
            }
        }
    }
    out
}

/// `'...'` to its value: `\\` is `\` and `\'` is `'`; any other backslash stays.
fn unescape_single_quoted(text: &str) -> String {
    let inner = text
        .strip_prefix('\'')
        .map(|t| t.strip_suffix('\'').unwrap_or(t))
        .unwrap_or(text);
    if !inner.contains('\\') {
        return inner.to_string();
    }
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && matches!(chars.peek(), Some('\\') | Some('\'')) {
            out.push(chars.next().unwrap_or('\\'));
        } else {
            out.push(c);
        }
    }
    out
}

/// One escape sequence (as the scanner recognized it) to its value (allocated only for a
/// `\u` escape).
pub(crate) fn unescape(text: &str) -> Cow<'_, str> {
    let body = text.strip_prefix('\\').unwrap_or(text);
    Cow::Borrowed(match body {
        "n" => "\n",
        "r" => "\r",
        "t" => "\t",
        "s" => " ",
        "\n" | "\r\n" | "\r" => "",
        _ if body.starts_with('u') => {
            let hex = body[1..].trim_start_matches('{').trim_end_matches('}');
            return match u32::from_str_radix(hex, 16).ok().and_then(char::from_u32) {
                Some(c) => Cow::Owned(String::from(c)),
                None => Cow::Borrowed(text),
            };
        }
        _ => body,
    })
}

pub(crate) struct HeredocSpec {
    pub tag: String,
    pub interpolate: bool,
    pub syntax: Option<String>,
    pub escapes: Option<String>,
}

/// `@(TAG:syntax/flags)` to its parts.
pub(crate) fn parse_heredoc_spec(text: &str) -> HeredocSpec {
    let inner = text
        .strip_prefix("@(")
        .and_then(|t| t.strip_suffix(')'))
        .unwrap_or(text);
    let tag_end = inner.find([':', '/']).unwrap_or(inner.len());
    let mut tag = inner[..tag_end].trim();
    let mut interpolate = false;
    if tag.len() >= 2 && tag.starts_with('"') && tag.ends_with('"') {
        interpolate = true;
        tag = tag[1..tag.len() - 1].trim();
    }
    let rest = &inner[tag_end..];
    let (syntax_part, escapes) = match rest.find('/') {
        // Blanks may follow the flags, not precede them (`@(END/ n)` is invalid).
        Some(i) => (&rest[..i], Some(rest[i + 1..].trim_end().to_string())),
        None => (rest, None),
    };
    let syntax = syntax_part
        .strip_prefix(':')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty());
    HeredocSpec {
        tag: tag.to_string(),
        interpolate,
        syntax,
        escapes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heredoc_specs() {
        let s = parse_heredoc_spec("@(END)");
        assert_eq!((s.tag.as_str(), s.interpolate), ("END", false));
        let s = parse_heredoc_spec("@(\"EOT\":json/tL)");
        assert_eq!(s.tag, "EOT");
        assert!(s.interpolate);
        assert_eq!(s.syntax.as_deref(), Some("json"));
        assert_eq!(s.escapes.as_deref(), Some("tL"));
        let s = parse_heredoc_spec("@(END OF TEXT/)");
        assert_eq!(s.tag, "END OF TEXT");
        assert_eq!(s.escapes.as_deref(), Some(""));
    }

    #[test]
    fn escapes() {
        assert_eq!(unescape("\\n"), "\n");
        assert_eq!(unescape("\\s"), " ");
        assert_eq!(unescape("\\$"), "$");
        assert_eq!(unescape("\\u{1F600}"), "\u{1F600}");
        assert_eq!(unescape("\\u00e9"), "é");
        assert_eq!(unescape("\\\n"), "");
        assert_eq!(unescape_single_quoted(r"'a\'b\\c\d'"), r"a'b\c\d");
    }

    #[test]
    fn segments_split_as_str_split() {
        for name in [
            "", "a", "::", "a::b", "a:::b", ":::", "a::", "::a::b::", "a:b", "A::b",
        ] {
            let mut ours = Vec::new();
            all_segments(name, |s| {
                ours.push(std::str::from_utf8(s).unwrap().to_string());
                true
            });
            let std: Vec<_> = name.split("::").map(str::to_string).collect();
            assert_eq!(ours, std, "{name:?}");
        }
        assert!(!all_segments("a::B::c", |s| s[0].is_ascii_lowercase()));
    }

    /// Reading children by index gives what the cursor gives, comments anywhere or not.
    #[test]
    fn indexed_reads_match_the_cursor() {
        fn both(src: &str) {
            let slow = crate::syntax::parse_cursor_only(src);
            let fast = crate::syntax::parse(src);
            assert_eq!(fast.ast, slow.ast, "{src}");
            assert_eq!(
                format!("{:?}", fast.diagnostics),
                format!("{:?}", slow.diagnostics),
                "{src}"
            );
        }
        let mut sources = vec![
            "class a (String $x = 'a', *$r, $y, Integer[1] $z) inherits b { }".to_string(),
            "define d (String /* t */ $x /* n */ = /* d */ 1, $y # c\n, $z = -$y) { }".into(),
            "@@file { 'a': ensure /* c */ => present, mode +> '0644', * => $h; default: }".into(),
            "$x = $a ? { /* c */ 1 => 2, default => !$b } -> File['a'] ~> Exec[b]".into(),
            "case $x { 'a', /* c */ 'b': { } default: { include a } }\n".into(),
            "if $a /* c */ { } elsif $b and $c in [1, 2] { } else { $d += 1 }".into(),
            "Foo <<| title == 'a' |>> { x => 1 } Foo <| |> File { m => 1 } $r { n => 2 }".into(),
            "notice(\"${a} $b ${c[1]} ${ /* c */ d}\", { 'k' => 'v', /* c */ 'l' => 2 })".into(),
            "$x = @(\"END\")\n  ${a} b\n  | END\n$y = f(1, 2) |$a, /* c */ $b| { $a * $b }".into(),
            "class { 'a': } $x = ( 1 + ) ; if { } $z = - ;".into(),
            "function f(Integer $a) >> Integer { $a - 1 } type T = Object { a => 1 }".into(),
        ];
        let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
        for dir in std::fs::read_dir(fixtures).into_iter().flatten().flatten() {
            for file in std::fs::read_dir(dir.path())
                .into_iter()
                .flatten()
                .flatten()
            {
                if file.path().extension().is_some_and(|e| e == "pp")
                    && let Ok(src) = std::fs::read_to_string(file.path())
                {
                    sources.push(src);
                }
            }
        }
        assert!(sources.len() > 100, "fixtures not found");
        for src in &sources {
            both(src);
            // A comment between every two tokens (and in strings: the same text either way).
            both(&src.replace(' ', " /* c */ "));
            both(&src.replace(", ", " # c\n, "));
        }
    }

    #[test]
    fn error_nodes_have_the_largest_kind_id() {
        let tree =
            crate::syntax::parse_tree("$x = ) ( } class {", crate::syntax::Header::NONE).unwrap();
        let mut stack = vec![tree.root_node()];
        let mut errors = 0;
        while let Some(n) = stack.pop() {
            assert_eq!(n.is_error(), n.kind_id() == u16::MAX);
            errors += usize::from(n.is_error());
            stack.extend((0..n.child_count()).filter_map(|i| n.child(i)));
        }
        assert!(errors > 0);
    }

    #[test]
    fn margins() {
        assert_eq!(strip_margin("  a\n  b\n c\n", "  ", true), "a\nb\n c\n");
        assert_eq!(strip_margin("x\n  b", "  ", false), "x\nb");
    }

    #[test]
    fn margin_after_an_escaped_line_break() {
        let src = "$c = @(\"END\"/L)\n  joined \\\n  line\n  |- END\n";
        let parsed = crate::syntax::parse(src);
        let text = format!("{:?}", parsed.ast);
        assert!(text.contains("\"joined line\""), "{text}");
    }
}
