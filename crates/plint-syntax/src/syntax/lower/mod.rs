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

use tree_sitter::{Node, Tree, TreeCursor};

mod calls;
mod children;
mod control;
mod definitions;
mod lists;
mod operators;
mod resources;
mod strings;

use children::{Child, Kids};
pub(crate) use strings::parse_heredoc_spec;
use strings::unescape_single_quoted;

use super::ast::*;
use super::kinds::{F, K, KINDS};
use crate::report::{Diagnostic, Severity};

/// Expressions nested deeper than this are not lowered (a `P004` diagnostic says so).
pub const MAX_DEPTH: u32 = 1000;

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
            syntax_errors: false,
        }
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

    /// One expression: one `match` on the node's kind (lowering runs on every file), each
    /// compound kind lowered by its step (`operators.rs`, `calls.rs`, `control.rs`,
    /// `resources.rs`, `definitions.rs`).
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
            K::TypeReference => self.type_reference(node),
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
            K::UnaryExpression => self.unary(node),
            K::BinaryExpression => self.binary(node, span),
            K::Assignment => self.assignment(node),
            K::Relationship => self.relationship(node, span),
            K::Selector => self.selector(node),
            k @ (K::FunctionCall | K::StatementCall) => self.call(node, k, span),
            K::ApplyExpression => self.apply(node, span),
            K::MethodCall => self.method_call(node),
            K::IfExpression => self.if_expression(node),
            K::UnlessExpression => self.unless_expression(node),
            K::CaseExpression => self.case_expression(node),
            K::ResourceDeclaration => self.resource(node, span),
            K::ResourceDefaults => self.resource_defaults(node),
            K::ResourceOverride => self.resource_override(node),
            K::Collector => self.collector(node),
            K::ClassDefinition => self.class_definition(node),
            K::DefineDefinition => self.define_definition(node),
            K::PlanDefinition => self.plan_definition(node),
            K::FunctionDefinition => self.function_definition(node),
            K::NodeDefinition => self.node_definition(node),
            K::TypeAlias => self.type_alias(node),
            K::ObjectType => self.object_type(node),
            K::TypeDefinition => self.type_definition(node),
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

    /// A type or class reference, `Foo::Bar`; a segment in lower case is a syntax error.
    fn type_reference(&mut self, node: Node<'t>) -> ExprKind {
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

#[cfg(test)]
mod tests;
