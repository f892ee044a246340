//! The owned, typed AST of a Puppet manifest. Every node carries a byte [`Span`] into its file.
//!
//! The shapes follow Puppet's own model where it matters to later stages: a statement is an
//! expression; definitions (class, define, node, function, type alias, type definition, plan)
//! are expressions too, so that the validator can report them where they are not allowed;
//! a bare word is a [`ExprKind::Name`] (a `QualifiedName`) unless it has a hyphen or starts with
//! `_`, when it is a string (Puppet's `WORD`); key/value pairs in argument and array lists are
//! folded into one unbraced hash, as Puppet folds them.

use std::fmt;

/// A byte range `start..end` in the file's text.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }

    pub fn len(self) -> usize {
        (self.end - self.start) as usize
    }

    pub fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// The smallest span covering both.
    pub fn cover(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    pub fn contains(self, other: Span) -> bool {
        self.start <= other.start && other.end <= self.end
    }
}

impl fmt::Debug for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

impl From<Span> for std::ops::Range<usize> {
    fn from(s: Span) -> Self {
        s.range()
    }
}

/// One parsed file.
#[derive(Debug, Clone, PartialEq)]
pub struct File {
    pub span: Span,
    pub statements: Vec<Expr>,
    /// Every comment, in source order (for suppressions and documentation checks).
    pub comments: Vec<Comment>,
    /// Whether the parse reported a syntax error: the tree then holds parts the parser
    /// recovered (a missing `]` supplied), which need not be what their text says elsewhere.
    pub syntax_errors: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommentKind {
    /// `# ...`
    Line,
    /// `/* ... */`
    Block,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment {
    pub kind: CommentKind,
    pub span: Span,
}

/// A name with its location: a class, define, function, parameter, attribute or method name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

/// `{ statements }`.
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    pub statements: Vec<Expr>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    // ---------------------------------------------------------------- literals
    /// An integer literal, decimal, octal (`0777`) or hexadecimal (`0x1F`).
    Integer(IntegerLit),
    Float(f64),
    Boolean(bool),
    Undef,
    Default,
    /// `/.../`: the pattern with `\/` unescaped to `/`.
    Regex(String),
    /// A string of any kind: quoted, bare word, or heredoc.
    String(StringLit),
    /// `$name` (the name without `$`, possibly qualified: `::a::b`).
    Variable(String),
    /// A bare word that is a name: `foo`, `foo::bar`, `::foo` (Puppet's `QualifiedName`).
    Name(String),
    /// `Foo`, `Foo::Bar`: a type or class reference (Puppet's `QualifiedReference`).
    TypeRef(String),
    /// `attr` or `private`, reserved for future use.
    ReservedWord(String),
    Array(Vec<Expr>),
    Hash(Hash),

    // ---------------------------------------------------------------- operators
    /// `target[args]`.
    Access {
        target: Box<Expr>,
        args: Vec<Expr>,
    },
    Unary {
        op: UnaryOp,
        operand: Box<Expr>,
    },
    Binary {
        op: BinaryOp,
        op_span: Span,
        left: Box<Expr>,
        right: Box<Expr>,
    },
    /// `left = right`, `left += right`, `left -= right`.
    Assignment {
        op: AssignOp,
        left: Box<Expr>,
        right: Box<Expr>,
    },
    /// `left -> right` and the other arrows.
    Relationship {
        op: RelationshipOp,
        op_span: Span,
        left: Box<Expr>,
        right: Box<Expr>,
    },
    /// `value ? { match => result, ... }`.
    Selector {
        value: Box<Expr>,
        entries: Vec<SelectorEntry>,
    },
    /// `( expr )`.
    Paren(Box<Expr>),

    // ---------------------------------------------------------------- calls
    /// `f(args)`, `f(args) |params| { }`, `include a, b`.
    Call(Box<Call>),
    /// `receiver.method`, `receiver.method(args) |params| { }`.
    MethodCall(Box<MethodCall>),

    // ---------------------------------------------------------------- control flow
    If(Box<If>),
    Unless(Box<Unless>),
    Case(Box<Case>),

    // ---------------------------------------------------------------- catalog expressions
    Resource(Box<Resource>),
    /// `File { attributes }`.
    ResourceDefaults(Box<ResourceDefaults>),
    /// `File['x'] { attributes }`, `$ref { attributes }`.
    ResourceOverride(Box<ResourceOverride>),
    /// `Type <| query |>` or `Type <<| query |>>`, with an optional attribute block.
    Collector(Box<Collector>),

    // ---------------------------------------------------------------- definitions
    Class(Box<ClassDef>),
    Define(Box<DefineDef>),
    Node(Box<NodeDef>),
    Function(Box<FunctionDef>),
    /// `type Name = Type`.
    TypeAlias(Box<TypeAlias>),
    /// `type Name [inherits Parent] { ... }`.
    TypeDefinition(Box<TypeDefinition>),
    Plan(Box<PlanDef>),

    /// Where a syntax error left nothing usable (reported as a `P001` diagnostic).
    Error,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Radix {
    Decimal,
    Octal,
    Hex,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IntegerLit {
    /// `None` when the literal does not fit in 64 bits (Puppet's `NUMERIC_OVERFLOW`), or is
    /// malformed (an octal with `8` or `9`).
    pub value: Option<i64>,
    pub radix: Radix,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Hash {
    pub entries: Vec<Pair>,
    /// False for pairs written without braces in an argument or array list (`f(a => 1)`).
    pub braced: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Pair {
    pub key: Expr,
    pub value: Expr,
    pub span: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnaryOp {
    /// `-x`
    Neg,
    /// `!x`
    Not,
    /// `*x` (splat / unfold)
    Splat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryOp {
    Or,
    And,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    Shl,
    Shr,
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Match,
    NotMatch,
    In,
}

impl BinaryOp {
    pub fn as_str(self) -> &'static str {
        match self {
            BinaryOp::Or => "or",
            BinaryOp::And => "and",
            BinaryOp::Lt => "<",
            BinaryOp::Gt => ">",
            BinaryOp::Le => "<=",
            BinaryOp::Ge => ">=",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::Shl => "<<",
            BinaryOp::Shr => ">>",
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Mod => "%",
            BinaryOp::Match => "=~",
            BinaryOp::NotMatch => "!~",
            BinaryOp::In => "in",
        }
    }

    pub fn from_token(s: &str) -> Option<BinaryOp> {
        Some(match s {
            "or" => BinaryOp::Or,
            "and" => BinaryOp::And,
            "<" => BinaryOp::Lt,
            ">" => BinaryOp::Gt,
            "<=" => BinaryOp::Le,
            ">=" => BinaryOp::Ge,
            "==" => BinaryOp::Eq,
            "!=" => BinaryOp::Ne,
            "<<" => BinaryOp::Shl,
            ">>" => BinaryOp::Shr,
            "+" => BinaryOp::Add,
            "-" => BinaryOp::Sub,
            "*" => BinaryOp::Mul,
            "/" => BinaryOp::Div,
            "%" => BinaryOp::Mod,
            "=~" => BinaryOp::Match,
            "!~" => BinaryOp::NotMatch,
            "in" => BinaryOp::In,
            _ => return None,
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AssignOp {
    /// `=`
    Assign,
    /// `+=` (not supported since Puppet 4; the validator reports it)
    Append,
    /// `-=` (not supported since Puppet 4; the validator reports it)
    Delete,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RelationshipOp {
    /// `->`: left before right.
    Before,
    /// `~>`: left before right, and notifies it.
    Notify,
    /// `<-`: right before left.
    Require,
    /// `<~`: right before left, and subscribes to it.
    Subscribe,
}

impl RelationshipOp {
    pub fn as_str(self) -> &'static str {
        match self {
            RelationshipOp::Before => "->",
            RelationshipOp::Notify => "~>",
            RelationshipOp::Require => "<-",
            RelationshipOp::Subscribe => "<~",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct SelectorEntry {
    pub matcher: Expr,
    pub value: Expr,
    pub span: Span,
}

// -------------------------------------------------------------------- strings

#[derive(Debug, Clone, PartialEq)]
pub struct StringLit {
    pub kind: StringKind,
    /// The text and interpolated expressions, in order, with escapes already applied. A string
    /// without interpolation has at most one `Text` part.
    pub parts: Vec<StringPart>,
}

impl StringLit {
    /// The string's value when it has no interpolation.
    pub fn literal_value(&self) -> Option<String> {
        let mut out = String::new();
        for part in &self.parts {
            match part {
                StringPart::Text { value, .. } => out.push_str(value),
                StringPart::Interpolation { .. } => return None,
            }
        }
        Some(out)
    }

    /// The string's value when it has no interpolation, borrowed (such a string has at most
    /// one text part; see [`StringLit::parts`]).
    pub fn text(&self) -> Option<&str> {
        match self.parts.as_slice() {
            [] => Some(""),
            [StringPart::Text { value, .. }] => Some(value),
            _ => None,
        }
    }

    pub fn is_interpolated(&self) -> bool {
        self.parts
            .iter()
            .any(|p| matches!(p, StringPart::Interpolation { .. }))
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum StringKind {
    /// `'...'`
    SingleQuoted,
    /// `"..."`
    DoubleQuoted,
    /// A bare word that is not a name: `foo-bar`, `_x` (Puppet's `WORD`).
    BareWord,
    Heredoc(Box<Heredoc>),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Heredoc {
    /// The end tag, without quotes.
    pub tag: String,
    /// `@("TAG")`: interpolation is on.
    pub interpolate: bool,
    /// `:syntax`, if given (e.g. `json`, `epp`).
    pub syntax: Option<String>,
    /// `/flags` as written (`None` when no `/` was given).
    pub escapes: Option<String>,
    /// The text's span, from the line after the start to before the end line (empty when the
    /// heredoc is unterminated).
    pub body_span: Span,
    /// `|` on the end line: the end line's indentation is removed from every line.
    pub margin: bool,
    /// `-` on the end line: the last line break is removed.
    pub trim: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum StringPart {
    Text {
        value: String,
        span: Span,
    },
    /// `$x` or `${expr}`; `braced` tells which.
    Interpolation {
        expr: Expr,
        braced: bool,
        span: Span,
    },
}

// -------------------------------------------------------------------- calls

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallStyle {
    /// `f(args)`
    Parenthesized,
    /// `include a, b`: a statement function called without parentheses.
    Statement,
    /// `apply(targets, options) { ... }` of a Bolt plan (Puppet's `ApplyExpression`, parsed
    /// with `--tasks`): the function is the name `apply`, the block is a lambda without
    /// parameters.
    Apply,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    /// The function: a `Name`, or a `TypeRef` for `Integer('1')` (a call of `new`).
    pub function: Expr,
    pub args: Vec<Expr>,
    pub lambda: Option<Lambda>,
    pub style: CallStyle,
    /// The span of the argument list (with its parentheses, if any).
    pub args_span: Span,
}

impl Call {
    /// The called function's name, if it is a plain name.
    pub fn name(&self) -> Option<&str> {
        match &self.function.kind {
            ExprKind::Name(n) | ExprKind::TypeRef(n) => Some(n),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct MethodCall {
    pub receiver: Expr,
    pub method: Ident,
    /// `None` when written without parentheses (`$x.length`).
    pub args: Option<Vec<Expr>>,
    pub lambda: Option<Lambda>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Lambda {
    pub params: Vec<Parameter>,
    pub return_type: Option<Expr>,
    pub body: Block,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Parameter {
    /// The name without `$`.
    pub name: Ident,
    pub type_expr: Option<Expr>,
    pub default: Option<Expr>,
    /// `*$rest`
    pub captures_rest: bool,
    pub span: Span,
}

// -------------------------------------------------------------------- control flow

#[derive(Debug, Clone, PartialEq)]
pub struct If {
    /// `if` and each `elsif`, in order.
    pub branches: Vec<(Expr, Block)>,
    pub else_block: Option<Block>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Unless {
    pub condition: Expr,
    pub then_block: Block,
    pub else_block: Option<Block>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Case {
    pub value: Expr,
    pub options: Vec<CaseOption>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CaseOption {
    pub matchers: Vec<Expr>,
    pub body: Block,
    pub span: Span,
}

// -------------------------------------------------------------------- resources

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResourceForm {
    Regular,
    /// `@type { }`
    Virtual,
    /// `@@type { }`
    Exported,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Resource {
    pub form: ResourceForm,
    /// `file`, `apache::vhost`, or `class` for `class { 'x': }`; for other forms, the type
    /// as written (`File`, `Resource[$t]`, `$t`).
    pub type_name: Ident,
    /// The type when it is not a plain lower-case name: a reference (`File { 'x': }`), an
    /// access (`Resource[$t] { ... }`), a variable or a string.
    pub type_expr: Option<Box<Expr>>,
    pub bodies: Vec<ResourceBody>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ResourceBody {
    /// A title expression, or `Default` for a `default:` body.
    pub title: Expr,
    pub attributes: Vec<Attribute>,
    pub span: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttributeOp {
    /// `name => value`
    Set,
    /// `name +> value`
    Append,
    /// `* => hash`
    Splat,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Attribute {
    /// The attribute's name; `*` for a splat.
    pub name: Ident,
    pub op: AttributeOp,
    pub value: Expr,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ResourceDefaults {
    pub type_ref: Ident,
    pub attributes: Vec<Attribute>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ResourceOverride {
    /// `File['a']` or a variable holding references.
    pub target: Expr,
    pub attributes: Vec<Attribute>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Collector {
    pub type_ref: Ident,
    /// `<<| |>>`
    pub exported: bool,
    pub query: Option<Expr>,
    pub attributes: Vec<Attribute>,
}

// -------------------------------------------------------------------- definitions

#[derive(Debug, Clone, PartialEq)]
pub struct ClassDef {
    pub name: Ident,
    pub params: Vec<Parameter>,
    /// `inherits parent` (`default` is kept as the name `default`).
    pub parent: Option<Ident>,
    pub body: Block,
}

#[derive(Debug, Clone, PartialEq)]
pub struct DefineDef {
    pub name: Ident,
    pub params: Vec<Parameter>,
    pub body: Block,
}

#[derive(Debug, Clone, PartialEq)]
pub struct NodeDef {
    /// Names: strings, bare dotted names (as strings), regexes, or `default`.
    pub matchers: Vec<Expr>,
    /// `inherits` is parsed so the validator can reject it.
    pub parent: Option<Expr>,
    pub body: Block,
}

#[derive(Debug, Clone, PartialEq)]
pub struct FunctionDef {
    pub name: Ident,
    pub params: Vec<Parameter>,
    pub return_type: Option<Expr>,
    pub body: Block,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TypeAlias {
    /// The alias's name: a `TypeRef`, or (invalid, reported by the validator) an access.
    pub name: Expr,
    pub value: Expr,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TypeDefinition {
    pub name: Ident,
    pub parent: Option<Ident>,
    pub body: Block,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PlanDef {
    pub name: Ident,
    pub params: Vec<Parameter>,
    pub body: Block,
}

// -------------------------------------------------------------------- traversal

impl ExprKind {
    /// Whether an expression of this kind can hold no other expression: a literal (a string
    /// without interpolation), a variable, a name, a type reference, a reserved word, or an
    /// error. [`Expr::for_each_child`] calls nothing for these (and for empty collections).
    pub fn is_leaf(&self) -> bool {
        match self {
            ExprKind::Integer(_)
            | ExprKind::Float(_)
            | ExprKind::Boolean(_)
            | ExprKind::Undef
            | ExprKind::Default
            | ExprKind::Regex(_)
            | ExprKind::Variable(_)
            | ExprKind::Name(_)
            | ExprKind::TypeRef(_)
            | ExprKind::ReservedWord(_)
            | ExprKind::Error => true,
            ExprKind::String(s) => !s.is_interpolated(),
            _ => false,
        }
    }
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Self {
        Expr { kind, span }
    }

    /// The keys of `$facts['a']['b']` (`["a", "b"]`; none for `$facts` itself) when this
    /// expression reads the facts hash with literal keys, else `None`.
    pub fn facts_path(&self) -> Option<Vec<String>> {
        match &self.kind {
            ExprKind::Variable(n) if n == "facts" || n == "::facts" => Some(Vec::new()),
            ExprKind::Access { target, args } => {
                let [key] = args.as_slice() else {
                    return None;
                };
                let ExprKind::String(lit) = &key.kind else {
                    return None;
                };
                let mut path = target.facts_path()?;
                path.push(lit.literal_value()?);
                Some(path)
            }
            _ => None,
        }
    }

    /// Calls `f` on each direct sub-expression, in source order (lambda bodies, blocks and
    /// parameter defaults and types included).
    pub fn for_each_child<'a>(&'a self, f: &mut dyn FnMut(&'a Expr)) {
        use children::{attrs, block, lambda, params};
        match &self.kind {
            ExprKind::Integer(_)
            | ExprKind::Float(_)
            | ExprKind::Boolean(_)
            | ExprKind::Undef
            | ExprKind::Default
            | ExprKind::Regex(_)
            | ExprKind::Variable(_)
            | ExprKind::Name(_)
            | ExprKind::TypeRef(_)
            | ExprKind::ReservedWord(_)
            | ExprKind::Error => {}
            ExprKind::String(s) => {
                for p in &s.parts {
                    if let StringPart::Interpolation { expr, .. } = p {
                        f(expr);
                    }
                }
            }
            ExprKind::Array(items) => items.iter().for_each(f),
            ExprKind::Hash(h) => {
                for p in &h.entries {
                    f(&p.key);
                    f(&p.value);
                }
            }
            ExprKind::Access { target, args } => {
                f(target);
                args.iter().for_each(f);
            }
            ExprKind::Unary { operand, .. } => f(operand),
            ExprKind::Binary { left, right, .. }
            | ExprKind::Assignment { left, right, .. }
            | ExprKind::Relationship { left, right, .. } => {
                f(left);
                f(right);
            }
            ExprKind::Selector { value, entries } => {
                f(value);
                for e in entries {
                    f(&e.matcher);
                    f(&e.value);
                }
            }
            ExprKind::Paren(e) => f(e),
            ExprKind::Call(c) => {
                f(&c.function);
                c.args.iter().for_each(&mut *f);
                lambda(&c.lambda, f);
            }
            ExprKind::MethodCall(m) => {
                f(&m.receiver);
                if let Some(args) = &m.args {
                    args.iter().for_each(&mut *f);
                }
                lambda(&m.lambda, f);
            }
            ExprKind::If(i) => {
                for (c, b) in &i.branches {
                    f(c);
                    block(b, f);
                }
                if let Some(b) = &i.else_block {
                    block(b, f);
                }
            }
            ExprKind::Unless(u) => {
                f(&u.condition);
                block(&u.then_block, f);
                if let Some(b) = &u.else_block {
                    block(b, f);
                }
            }
            ExprKind::Case(c) => {
                f(&c.value);
                for o in &c.options {
                    o.matchers.iter().for_each(&mut *f);
                    block(&o.body, f);
                }
            }
            ExprKind::Resource(r) => {
                if let Some(t) = &r.type_expr {
                    f(t);
                }
                for b in &r.bodies {
                    f(&b.title);
                    attrs(&b.attributes, f);
                }
            }
            ExprKind::ResourceDefaults(d) => attrs(&d.attributes, f),
            ExprKind::ResourceOverride(o) => {
                f(&o.target);
                attrs(&o.attributes, f);
            }
            ExprKind::Collector(c) => {
                if let Some(q) = &c.query {
                    f(q);
                }
                attrs(&c.attributes, f);
            }
            ExprKind::Class(c) => {
                params(&c.params, f);
                block(&c.body, f);
            }
            ExprKind::Define(d) => {
                params(&d.params, f);
                block(&d.body, f);
            }
            ExprKind::Node(n) => {
                n.matchers.iter().for_each(&mut *f);
                if let Some(p) = &n.parent {
                    f(p);
                }
                block(&n.body, f);
            }
            ExprKind::Function(d) => {
                params(&d.params, f);
                if let Some(r) = &d.return_type {
                    f(r);
                }
                block(&d.body, f);
            }
            ExprKind::TypeAlias(t) => {
                f(&t.name);
                f(&t.value);
            }
            ExprKind::TypeDefinition(t) => block(&t.body, f),
            ExprKind::Plan(p) => {
                params(&p.params, f);
                block(&p.body, f);
            }
        }
    }

    /// Calls `f` on this expression and every expression below it, depth first, pre-order.
    /// Recursive, without allocating: a lowered tree is at most about `syntax::lower::MAX_DEPTH`
    /// deep (the lowering cuts deeper nesting off with a diagnostic).
    pub fn walk<'a>(&'a self, f: &mut dyn FnMut(&'a Expr)) {
        f(self);
        self.for_each_child(&mut |c| c.walk(f));
    }

    /// Is this a definition (class, define, node, function, type alias or definition, plan)?
    pub fn is_definition(&self) -> bool {
        matches!(
            self.kind,
            ExprKind::Class(_)
                | ExprKind::Define(_)
                | ExprKind::Node(_)
                | ExprKind::Function(_)
                | ExprKind::TypeAlias(_)
                | ExprKind::TypeDefinition(_)
                | ExprKind::Plan(_)
        )
    }
}

impl File {
    /// The comments right above byte `start` of `source` (this file's text): the last
    /// comments before it with nothing but blank space between them and it (a definition's
    /// documentation block, as puppet-strings reads it).
    pub fn comment_block_before(&self, source: &str, start: usize) -> &[Comment] {
        let comments = &self.comments;
        let end = comments.partition_point(|c| (c.span.end as usize) <= start);
        let mut first = end;
        let mut pos = start;
        while first > 0 {
            let c = &comments[first - 1];
            if !source[c.span.end as usize..pos].trim().is_empty() {
                break;
            }
            first -= 1;
            pos = c.span.start as usize;
        }
        &comments[first..end]
    }

    /// Calls `f` on every expression of the file, depth first, pre-order.
    pub fn walk<'a>(&'a self, f: &mut dyn FnMut(&'a Expr)) {
        for s in &self.statements {
            s.walk(f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ExprKind;

    /// A leaf holds no expression; every other kind here holds one.
    #[test]
    fn leaves_have_no_children() {
        let src = r#"
            $a = [1, 2.5, true, undef, default, /x/, 'q', "p", foo, String, "i${b}"]
            $c = { 'k' => $d } + -$e
            notify { 'n': message => bar($f) }
        "#;
        let parsed = crate::syntax::parse(src);
        assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
        let (mut leaves, mut others) = (0, 0);
        parsed.ast.walk(&mut |e| {
            let mut children = 0;
            e.for_each_child(&mut |_| children += 1);
            if e.kind.is_leaf() {
                leaves += 1;
                assert_eq!(children, 0, "{:?}", e.kind);
            } else if !matches!(&e.kind, ExprKind::Array(v) if v.is_empty()) {
                others += 1;
                assert!(children > 0, "{:?}", e.kind);
            }
        });
        assert!(
            leaves >= 13 && others >= 8,
            "{leaves} leaves, {others} others"
        );
    }
}

/// The helpers of [`Expr::for_each_child`]: the sub-expressions of parameters, blocks, lambdas
/// and attributes.
mod children {
    use super::{Attribute, Block, Expr, Lambda, Parameter};

    pub(super) fn params<'a>(ps: &'a [Parameter], f: &mut dyn FnMut(&'a Expr)) {
        for p in ps {
            if let Some(t) = &p.type_expr {
                f(t);
            }
            if let Some(d) = &p.default {
                f(d);
            }
        }
    }
    pub(super) fn block<'a>(b: &'a Block, f: &mut dyn FnMut(&'a Expr)) {
        b.statements.iter().for_each(&mut *f);
    }
    pub(super) fn lambda<'a>(l: &'a Option<Lambda>, f: &mut dyn FnMut(&'a Expr)) {
        if let Some(l) = l {
            params(&l.params, f);
            if let Some(r) = &l.return_type {
                f(r);
            }
            block(&l.body, f);
        }
    }
    pub(super) fn attrs<'a>(a: &'a [Attribute], f: &mut dyn FnMut(&'a Expr)) {
        a.iter().for_each(|a| f(&a.value));
    }
}
