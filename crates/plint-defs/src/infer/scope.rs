//! Scope analysis of one file: which variable each read refers to, in Puppet 7's scopes.
//!
//! The walk follows evaluation order (an assignment's right side before its target, a class's
//! parameters left to right, a body's statements in order), so a read before the assignment
//! in the same scope is undefined, as Puppet's evaluator finds it.
//!
//! # Scopes
//!
//! - **top scope**: the file's statements outside definitions; facts, built-in variables and
//!   the variables assigned at top scope (of this file, and of the program when an index is
//!   given) are visible from every scope.
//! - **node, class, define, function, plan**: a named scope with its parameters, the
//!   variables its body assigns, and for a class the variables of the class it inherits
//!   from; unknown names fall back to top scope. Classes and defines also see `$title`,
//!   `$name` and the metaparameters they were given.
//! - **lambda**: its parameters and what its body assigns; it sees the enclosing scope's
//!   variables assigned before it.
//! - **match variables** (`$0`..`$n`) never fail to resolve: Puppet gives `undef` when no
//!   match set them.
//!
//! `if`, `unless`, `case` and selectors create no scope: what a branch assigns belongs to the
//! enclosing scope, and counts as defined after the branch (it *can* be).
//!
//! The result is data ([`ScopeDiag`]); rules P112-P115 make diagnostics of it.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::borrow::Cow;

use crate::defs::facts;
use crate::defs::index::{key, lookup_key};
use crate::syntax::ast::{
    AssignOp, Attribute, BinaryOp, Block, Call, ClassDef, DefineDef, Expr, ExprKind, File,
    FunctionDef, If, Lambda, NodeDef, Parameter, PlanDef, Span, StringPart,
};
use assigned::{collect_top, own_assignments};

/// What the scope analysis finds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScopeDiag {
    /// A read of a variable that nothing can define at that point. `name` is as written,
    /// without `$`.
    Undefined { name: String, span: Span },
    /// A second assignment to a variable of the same scope on the same execution path;
    /// `first` is the earlier assignment's target, or the parameter.
    Reassigned {
        name: String,
        span: Span,
        first: Span,
        first_kind: BindingKind,
    },
    /// A variable or parameter that is never read.
    Unused {
        name: String,
        span: Span,
        kind: UnusedKind,
    },
}

/// What an unused name is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnusedKind {
    /// A variable assigned in a define, function, plan or lambda.
    Variable,
    /// A parameter of a define, function or plan.
    Parameter,
    /// A parameter of a lambda (positional: it can only be renamed, e.g. `$_key`).
    LambdaParameter,
}

/// How a variable got its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BindingKind {
    Parameter,
    Assignment,
    /// `$title` or `$name`, set by Puppet in a class or define.
    BuiltIn,
}

/// The variables of a class, as the program index knows them (borrowed from it).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClassVars<'p> {
    /// Parameters and variables assigned in the class's own scope.
    pub names: Vec<&'p str>,
    /// The class it inherits from.
    pub parent: Option<Cow<'p, str>>,
}

/// What the analysis knows beyond the file. The default methods know nothing.
pub trait Program {
    /// The class `name` (lower case, no leading `::`), when the program defines it.
    fn class(&self, _name: &str) -> Option<ClassVars<'_>> {
        None
    }
    /// Whether the class `name` (as for [`Program::class`]) defines `var` in its own scope,
    /// and the class it inherits from; `None` when the program does not define it. The
    /// default asks [`Program::class`]; a program can answer without listing every name.
    fn class_defines(&self, name: &str, var: &str) -> Option<(bool, Option<Cow<'_, str>>)> {
        let c = self.class(name)?;
        Some((c.names.contains(&var), c.parent))
    }
    /// Whether some manifest assigns `$name` at top scope.
    fn top_variable(&self, _name: &str) -> bool {
        false
    }
    /// Whether some node definition assigns `$name` in its own scope (node scope), which the
    /// classes and defined types declared from it see.
    fn node_variable(&self, _name: &str) -> bool {
        false
    }
    /// Whether a module defines the fact `name` (`lib/facter`).
    fn custom_fact(&self, _name: &str) -> bool {
        false
    }
}

/// The variables class `c` defines in its own scope: its parameters and what its body assigns
/// outside lambdas (in any branch), as [`Program::class`] gives them.
pub fn class_vars(c: &ClassDef) -> ClassVars<'_> {
    let mut names: Vec<&str> = c.params.iter().map(|p| p.name.name.as_str()).collect();
    own_assignments(&c.body.statements, &mut names);
    ClassVars {
        names,
        parent: c.parent.as_ref().map(|p| lookup_key(&p.name)),
    }
}

/// A program about which nothing is known beyond the file.
pub struct NoProgram;
impl Program for NoProgram {}

/// Variables Puppet sets at top scope besides facts (the server's, the agent's, the
/// compiler's).
const BUILT_INS: &[&str] = &[
    "facts",
    "trusted",
    "server_facts",
    "module_name",
    "caller_module_name",
    "environment",
    "servername",
    "serverip",
    "serverversion",
    "clientcert",
    "clientversion",
    "clientnoop",
    "agent_specified_environment",
    "title",
    "name",
];

/// Metaparameters: variables of a class or define when its declaration sets them.
pub const METAPARAMETERS: &[&str] = &[
    "alias",
    "audit",
    "before",
    "loglevel",
    "noop",
    "notify",
    "require",
    "schedule",
    "stage",
    "subscribe",
    "tag",
];

/// Functions that read the calling scope's variables by name at run time.
const DYNAMIC_READERS: &[&str] = &["template", "inline_template", "epp", "inline_epp"];

/// Is `name` a variable Puppet defines in every scope, or a fact?
pub fn is_global_builtin(name: &str) -> bool {
    BUILT_INS.contains(&name) || facts::is_known_fact(name)
}

/// Analyzes the scopes of one file.
pub fn analyze(file: &File, program: &dyn Program) -> Vec<ScopeDiag> {
    let mut w = Walker::new(file, program);
    w.push(ScopeKind::Top, Fallback::Global, false);
    w.block_statements(&file.statements, false);
    w.pop();
    w.diags
}

// ------------------------------------------------------------------------------ internals

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ScopeKind {
    Top,
    Node,
    Class,
    Define,
    Function,
    Plan,
    Lambda,
}

/// Where a name not found in a named scope is looked for.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Fallback {
    /// Top scope: built-ins, facts, top-scope variables.
    Global,
    /// Something unknown may define it (a parent class not in the index): say nothing.
    Opaque,
}

/// A branch point and the alternative taken: the execution path of an assignment.
type Step = (u32, u32);

#[derive(Debug)]
struct Var {
    span: Span,
    path: Vec<Step>,
    kind: BindingKind,
    used: bool,
    /// Whether an unused-variable finding is wanted for it.
    check_unused: Option<UnusedKind>,
}

#[derive(Debug)]
struct Scope<'a> {
    kind: ScopeKind,
    vars: HashMap<&'a str, Var>,
    /// Names in the order they were bound (for deterministic unused findings).
    order: Vec<&'a str>,
    fallback: Fallback,
    /// Variables of inherited classes (classes only).
    inherited: HashSet<&'a str>,
    /// A template or a dynamic lookup reads variables by name: nothing is provably unused.
    dynamic: bool,
    /// Whether unused variables and parameters of this scope are reported.
    check_unused: bool,
    /// The execution path at the scope's entry, restored at exit.
    saved_path: Vec<Step>,
}

/// What the analysis needs to know of the whole file ahead of the walk (found when first
/// needed: most files need none of it).
struct Ahead<'a> {
    /// Classes defined in this file, by lower-case name, with what each assigns in its own
    /// scope (see [`own_assignments`]; found when first asked).
    classes: HashMap<String, (&'a ClassDef, std::cell::OnceCell<HashSet<&'a str>>)>,
    /// Names tested with `defined('$x')` or read with `getvar('x')`: never undefined.
    guarded: HashSet<String>,
}

impl<'a> Ahead<'a> {
    fn find(file: &'a File) -> Self {
        let mut classes = HashMap::default();
        let mut guarded = HashSet::default();
        file.walk(&mut |e| match &e.kind {
            ExprKind::Class(c) => {
                classes.insert(key(&c.name.name), (&**c, std::cell::OnceCell::new()));
            }
            ExprKind::Call(c) => {
                if let (Some("defined" | "getvar"), Some(arg)) = (c.name(), c.args.first())
                    && let Some(n) = literal(arg)
                {
                    guarded.insert(n.trim_start_matches('$').to_string());
                }
            }
            _ => {}
        });
        Ahead { classes, guarded }
    }
}

/// What the class `c` assigns in its own scope.
fn assigned_by<'a, 'c>(
    c: &'c (&'a ClassDef, std::cell::OnceCell<HashSet<&'a str>>),
) -> &'c HashSet<&'a str> {
    c.1.get_or_init(|| {
        let mut names = Vec::new();
        own_assignments(&c.0.body.statements, &mut names);
        names.into_iter().collect()
    })
}

struct Walker<'a> {
    program: &'a dyn Program,
    scopes: Vec<Scope<'a>>,
    diags: Vec<ScopeDiag>,
    path: Vec<Step>,
    next_branch: u32,
    file: &'a File,
    ahead: std::cell::OnceCell<Ahead<'a>>,
    /// Variables assigned at this file's top scope (anywhere in it).
    top_vars: HashSet<&'a str>,
    /// Variables this file's node definitions assign in node scope.
    node_vars: HashSet<&'a str>,
    /// What [`Walker::global`] said of a name.
    globals: HashMap<&'a str, bool>,
    /// What [`Walker::qualified_missing`] said of a qualified name.
    qualified: HashMap<&'a str, bool>,
    /// Assignments whose value is a body's result (the last statement of a function or lambda).
    result_assignments: HashSet<Span>,
    /// The variable maps and name lists of popped scopes, emptied, for the next scopes (a
    /// file enters many lambda and definition scopes: their maps need not grow anew).
    spare: Vec<(HashMap<&'a str, Var>, Vec<&'a str>)>,
    /// The offset whose visible variables [`visible_at`] wants, until they are taken.
    probe: Option<u32>,
    /// What [`visible_at`] found there.
    visible: Vec<visible::Visible<'a>>,
}

impl<'a> Walker<'a> {
    fn new(file: &'a File, program: &'a dyn Program) -> Self {
        let mut top_vars = HashSet::default();
        let mut node_vars = HashSet::default();
        for s in &file.statements {
            collect_top(s, &mut top_vars);
            if let ExprKind::Node(n) = &s.kind {
                let mut names = Vec::new();
                own_assignments(&n.body.statements, &mut names);
                node_vars.extend(names);
            }
        }
        Walker {
            program,
            scopes: Vec::new(),
            diags: Vec::new(),
            path: Vec::new(),
            next_branch: 0,
            file,
            ahead: std::cell::OnceCell::new(),
            top_vars,
            node_vars,
            globals: HashMap::default(),
            qualified: HashMap::default(),
            result_assignments: HashSet::default(),
            spare: Vec::new(),
            probe: None,
            visible: Vec::new(),
        }
    }

    fn ahead(&self) -> &Ahead<'a> {
        self.ahead.get_or_init(|| Ahead::find(self.file))
    }

    // -------------------------------------------------------------------- scopes

    fn push(&mut self, kind: ScopeKind, fallback: Fallback, check_unused: bool) {
        let dynamic = self.scopes.last().is_some_and(|s| s.dynamic) && kind == ScopeKind::Lambda;
        let saved_path = std::mem::take(&mut self.path);
        let (vars, order) = self.spare.pop().unwrap_or_default();
        self.scopes.push(Scope {
            kind,
            vars,
            order,
            fallback,
            inherited: HashSet::default(),
            dynamic,
            check_unused,
            saved_path,
        });
    }

    fn pop(&mut self) {
        let Some(mut scope) = self.scopes.pop() else {
            return;
        };
        self.path = std::mem::take(&mut scope.saved_path);
        if scope.check_unused && !scope.dynamic {
            for &name in &scope.order {
                let v = &scope.vars[name];
                if v.used || name.starts_with('_') {
                    continue;
                }
                if let Some(kind) = v.check_unused {
                    self.diags.push(ScopeDiag::Unused {
                        name: name.to_string(),
                        span: v.span,
                        kind,
                    });
                }
            }
        }
        scope.vars.clear();
        scope.order.clear();
        self.spare.push((scope.vars, scope.order));
    }

    /// Binds `name` in the innermost scope; reports a reassignment on the same path.
    fn bind(&mut self, name: &'a str, span: Span, kind: BindingKind, unused: Option<UnusedKind>) {
        let Some(scope) = self.scopes.last_mut() else {
            return;
        };
        if scope.vars.capacity() == 0 {
            // Sized for a few variables (see `reserve_if_unallocated`).
            scope.vars.reserve(8);
            scope.order.reserve(8);
        }
        // One lookup for both the question and the insertion.
        let slot = match scope.vars.entry(name) {
            std::collections::hash_map::Entry::Occupied(prev) => {
                let prev = prev.get();
                if kind == BindingKind::Assignment && on_same_path(&prev.path, &self.path) {
                    self.diags.push(ScopeDiag::Reassigned {
                        name: name.to_string(),
                        span,
                        first: prev.span,
                        first_kind: prev.kind,
                    });
                }
                return;
            }
            std::collections::hash_map::Entry::Vacant(slot) => slot,
        };
        let check_unused = unused.filter(|_| !self.result_assignments.contains(&span));
        scope.order.push(name);
        slot.insert(Var {
            span,
            path: self.path.clone(),
            kind,
            used: false,
            check_unused,
        });
    }

    /// A read of `$name` at `span`.
    fn read(&mut self, name: &'a str, span: Span) {
        if self
            .probe
            .is_some_and(|at| span.start <= at && at <= span.end)
        {
            self.take_visible();
        }
        if name.bytes().all(|b| b.is_ascii_digit()) {
            return; // match variables: undef when unset, never an error
        }
        if let Some(rest) = name.strip_prefix("::") {
            if rest.contains("::") {
                self.read_qualified(rest, name, span);
            } else if !self.global(rest) {
                self.undefined(name, span);
            }
            return;
        }
        if name.contains("::") {
            self.read_qualified(name, name, span);
            return;
        }
        let mut opaque = false;
        let mut declared = false;
        for scope in self.scopes.iter_mut().rev() {
            if let Some(v) = scope.vars.get_mut(name) {
                v.used = true;
                return;
            }
            if scope.kind == ScopeKind::Lambda {
                continue;
            }
            if matches!(scope.kind, ScopeKind::Class | ScopeKind::Define)
                && METAPARAMETERS.contains(&name)
            {
                return;
            }
            if scope.inherited.contains(name) {
                return;
            }
            opaque = scope.fallback == Fallback::Opaque;
            declared = matches!(scope.kind, ScopeKind::Class | ScopeKind::Define);
            break;
        }
        if opaque || self.global(name) {
            return;
        }
        // A class or defined type declared from a node sees the node's scope (Puppet's
        // enclosing scope is the nearest node or top scope up the declaring scopes).
        if declared && (self.node_vars.contains(name) || self.program.node_variable(name)) {
            return;
        }
        self.undefined(name, span);
    }

    /// Is `name` a top-scope variable: built-in, fact, or assigned at top scope?
    fn global(&mut self, name: &'a str) -> bool {
        if let Some(&known) = self.globals.get(name) {
            return known;
        }
        let known = is_global_builtin(name)
            || self.top_vars.contains(name)
            || self.program.top_variable(name)
            || self.program.custom_fact(name);
        self.globals.insert(name, known);
        known
    }

    fn undefined(&mut self, name: &str, span: Span) {
        if self
            .ahead()
            .guarded
            .contains(crate::syntax::trim_colons(name))
        {
            return;
        }
        self.diags.push(ScopeDiag::Undefined {
            name: name.to_string(),
            span,
        });
    }

    /// `$a::b::c` (given without a leading `::`): `$c` of class `a::b`. Reported only when
    /// the class is known (in this file or the index) and nothing defines the variable.
    fn read_qualified(&mut self, qualified: &'a str, written: &str, span: Span) {
        let missing = match self.qualified.get(qualified) {
            Some(&missing) => missing,
            None => {
                let missing = self.qualified_missing(qualified);
                self.qualified.insert(qualified, missing);
                missing
            }
        };
        if missing {
            self.undefined(written, span);
        }
    }

    /// Is `$a::b::c` certainly not defined (see [`Walker::read_qualified`])?
    fn qualified_missing(&self, qualified: &str) -> bool {
        let Some((class, var)) = qualified.rsplit_once("::") else {
            return false;
        };
        // The lookup key, borrowed when the name is one already (most are).
        let class = if class.starts_with("::") || class.bytes().any(|b| b.is_ascii_uppercase()) {
            std::borrow::Cow::Owned(key(class))
        } else {
            std::borrow::Cow::Borrowed(class)
        };
        if class == "settings" || var.is_empty() {
            return false;
        }
        if BUILT_INS.contains(&var) || METAPARAMETERS.contains(&var) {
            return false;
        }
        self.class_has_variable(&class, var, 0) == Some(false)
    }

    /// `Some(has)` when class `class` and all the classes it inherits from are known.
    fn class_has_variable(&self, class: &str, var: &str, depth: usize) -> Option<bool> {
        if depth > 32 {
            return None;
        }
        let (has, parent) = if let Some(entry) = self.ahead().classes.get(class) {
            let c = entry.0;
            let has =
                c.params.iter().any(|p| p.name.name == var) || assigned_by(entry).contains(var);
            (has, c.parent.as_ref().map(|p| lookup_key(&p.name)))
        } else {
            let (has, parent) = self.program.class_defines(class, var)?;
            (has, parent.map(parent_key))
        };
        if has {
            return Some(true);
        }
        match parent {
            Some(p) => self.class_has_variable(&p, var, depth + 1),
            None => Some(false),
        }
    }

    /// The variables of class `class` and its ancestors; `None` when one is unknown.
    fn class_variables(&self, class: &str, out: &mut HashSet<&'a str>, depth: usize) -> bool {
        if depth > 32 {
            return false;
        }
        let parent = if let Some(entry) = self.ahead().classes.get(class) {
            let c = entry.0;
            out.extend(c.params.iter().map(|p| p.name.name.as_str()));
            out.extend(assigned_by(entry).iter().copied());
            c.parent.as_ref().map(|p| lookup_key(&p.name))
        } else {
            let Some(c) = self.program.class(class) else {
                return false;
            };
            out.extend(c.names);
            c.parent.map(parent_key)
        };
        match parent {
            Some(p) => self.class_variables(&p, out, depth + 1),
            None => true,
        }
    }

    fn mark_dynamic(&mut self) {
        for s in self.scopes.iter_mut().rev() {
            s.dynamic = true;
            if s.kind != ScopeKind::Lambda {
                break;
            }
        }
    }

    // -------------------------------------------------------------------- paths

    fn branch(&mut self) -> u32 {
        self.next_branch += 1;
        self.next_branch
    }

    /// Runs `f` on the alternative `alt` of branch point `b`.
    fn alt(&mut self, b: u32, alt: u32, f: impl FnOnce(&mut Self)) {
        self.path.push((b, alt));
        f(self);
        self.path.pop();
    }

    // -------------------------------------------------------------------- walking

    fn block_statements(&mut self, statements: &'a [Expr], is_result: bool) {
        if is_result
            && let Some(last) = statements.last()
            && let ExprKind::Assignment { left, .. } = &last.kind
        {
            left.walk(&mut |t| {
                if matches!(t.kind, ExprKind::Variable(_)) {
                    self.result_assignments.insert(t.span);
                }
            });
        }
        for s in statements {
            if self.probe.is_some_and(|at| s.span.start >= at) {
                self.take_visible();
            }
            self.expr(s);
        }
    }

    fn block(&mut self, b: &'a Block) {
        self.block_statements(&b.statements, false);
        self.probe_end(b.span);
    }

    fn params(&mut self, params: &'a [Parameter], unused: Option<UnusedKind>) {
        // The parameters go in at once: the map is sized for them, not grown step by step.
        self.reserve_vars(params.len() + 8);
        for p in params {
            if let Some(t) = &p.type_expr {
                self.expr(t);
            }
            if let Some(d) = &p.default {
                self.expr(d);
            }
            self.bind(&p.name.name, p.name.span, BindingKind::Parameter, unused);
        }
    }

    fn attributes(&mut self, attrs: &'a [Attribute]) {
        for a in attrs {
            self.expr(&a.value);
        }
    }

    #[inline]
    fn expr(&mut self, e: &'a Expr) {
        match &e.kind {
            ExprKind::Variable(name) => self.read(name, e.span),
            // Leaves (most expressions): nothing below them, no stack to check.
            kind if kind.is_leaf() => {}
            _ => stacker::maybe_grow(64 * 1024, 2 * 1024 * 1024, || self.expr_inner(e)),
        }
    }

    fn expr_inner(&mut self, e: &'a Expr) {
        match &e.kind {
            ExprKind::Integer(_)
            | ExprKind::Float(_)
            | ExprKind::Boolean(_)
            | ExprKind::Undef
            | ExprKind::Default
            | ExprKind::Regex(_)
            | ExprKind::Name(_)
            | ExprKind::TypeRef(_)
            | ExprKind::ReservedWord(_)
            | ExprKind::Error
            | ExprKind::TypeAlias(_)
            | ExprKind::TypeDefinition(_) => {}
            ExprKind::Variable(name) => self.read(name, e.span),
            ExprKind::String(s) => {
                for p in &s.parts {
                    if let StringPart::Interpolation { expr, .. } = p {
                        self.expr(expr);
                    }
                }
            }
            ExprKind::Array(items) => items.iter().for_each(|i| self.expr(i)),
            ExprKind::Hash(h) => {
                for p in &h.entries {
                    self.expr(&p.key);
                    self.expr(&p.value);
                }
            }
            ExprKind::Access { target, args } => {
                self.expr(target);
                args.iter().for_each(|a| self.expr(a));
            }
            ExprKind::Unary { operand, .. } => self.expr(operand),
            ExprKind::Paren(inner) => self.expr(inner),
            ExprKind::Binary {
                op, left, right, ..
            } => {
                self.expr(left);
                if matches!(op, BinaryOp::And | BinaryOp::Or) {
                    let b = self.branch();
                    self.alt(b, 0, |w| w.expr(right));
                } else {
                    self.expr(right);
                }
            }
            ExprKind::Relationship { left, right, .. } => {
                self.expr(left);
                self.expr(right);
            }
            ExprKind::Assignment { op, left, right } => {
                self.expr(right);
                if *op == AssignOp::Assign {
                    self.assign_targets(left);
                } else {
                    // `+=` / `-=` read the variable first (the validator rejects them).
                    self.expr(left);
                }
            }
            ExprKind::Selector { value, entries } => {
                self.expr(value);
                let b = self.branch();
                for (i, entry) in entries.iter().enumerate() {
                    self.alt(b, i as u32, |w| {
                        w.expr(&entry.matcher);
                        w.expr(&entry.value);
                    });
                }
            }
            ExprKind::Call(c) => self.call(c),
            ExprKind::MethodCall(m) => {
                self.expr(&m.receiver);
                if DYNAMIC_READERS.contains(&m.method.name.as_str()) {
                    self.mark_dynamic();
                }
                if let Some(args) = &m.args {
                    args.iter().for_each(|a| self.expr(a));
                }
                if let Some(l) = &m.lambda {
                    self.lambda(l);
                }
            }
            ExprKind::If(i) => self.if_expr(i),
            ExprKind::Unless(u) => {
                self.expr(&u.condition);
                let b = self.branch();
                self.alt(b, 0, |w| w.block(&u.then_block));
                if let Some(els) = &u.else_block {
                    self.alt(b, 1, |w| w.block(els));
                }
            }
            ExprKind::Case(c) => {
                self.expr(&c.value);
                let b = self.branch();
                for (i, o) in c.options.iter().enumerate() {
                    self.alt(b, i as u32, |w| {
                        o.matchers.iter().for_each(|m| w.expr(m));
                        w.block(&o.body);
                    });
                }
            }
            ExprKind::Resource(r) => {
                if let Some(t) = &r.type_expr {
                    self.expr(t);
                }
                for body in &r.bodies {
                    self.expr(&body.title);
                    self.attributes(&body.attributes);
                }
            }
            ExprKind::ResourceDefaults(d) => self.attributes(&d.attributes),
            ExprKind::ResourceOverride(o) => {
                self.expr(&o.target);
                self.attributes(&o.attributes);
            }
            ExprKind::Collector(c) => {
                if let Some(q) = &c.query {
                    self.expr(q);
                }
                self.attributes(&c.attributes);
            }
            ExprKind::Class(c) => self.class(c),
            ExprKind::Define(d) => self.define(d),
            ExprKind::Node(n) => self.node(n),
            ExprKind::Function(f) => self.function(f),
            ExprKind::Plan(p) => self.plan(p),
        }
    }

    /// A function call: `getvar` and `defined` read a variable by name; the functions that
    /// read variables dynamically mark the scope so.
    fn call(&mut self, c: &'a Call) {
        let name = c.name();
        if name.is_some_and(|n| DYNAMIC_READERS.contains(&n)) {
            self.mark_dynamic();
        }
        if let Some("getvar") = name {
            match c.args.first().and_then(literal) {
                Some(v) => self.silent_read(v.trim_start_matches('$')),
                None => self.mark_dynamic(),
            }
        }
        if let Some("defined") = name
            && let Some(v) = c.args.first().and_then(literal)
            && let Some(v) = v.strip_prefix('$')
        {
            self.silent_read(v);
        }
        self.expr(&c.function);
        c.args.iter().for_each(|a| self.expr(a));
        if let Some(l) = &c.lambda {
            self.lambda(l);
        }
    }

    /// `if`: each branch is an alternative (the first condition is always evaluated).
    fn if_expr(&mut self, i: &'a If) {
        let b = self.branch();
        for (n, (cond, body)) in i.branches.iter().enumerate() {
            if n == 0 {
                self.expr(cond);
                self.alt(b, 0, |w| w.block(body));
            } else {
                self.alt(b, n as u32, |w| {
                    w.expr(cond);
                    w.block(body);
                });
            }
        }
        if let Some(els) = &i.else_block {
            self.alt(b, i.branches.len() as u32, |w| w.block(els));
        }
    }

    /// A read that marks a variable used but never reports it (`getvar`, `defined`).
    fn silent_read(&mut self, name: &str) {
        for scope in self.scopes.iter_mut().rev() {
            if let Some(v) = scope.vars.get_mut(name) {
                v.used = true;
                return;
            }
            if scope.kind != ScopeKind::Lambda {
                return;
            }
        }
    }

    fn assign_targets(&mut self, left: &'a Expr) {
        match &left.kind {
            ExprKind::Variable(name) => {
                if name.contains("::") || name.bytes().all(|b| b.is_ascii_digit()) {
                    return; // reported by the validator (P306, P307)
                }
                let unused = self.scopes.last().and_then(|s| match s.kind {
                    ScopeKind::Define
                    | ScopeKind::Function
                    | ScopeKind::Plan
                    | ScopeKind::Lambda => Some(UnusedKind::Variable),
                    _ => None,
                });
                self.bind(name, left.span, BindingKind::Assignment, unused);
            }
            ExprKind::Array(items) => items.iter().for_each(|i| self.assign_targets(i)),
            _ => self.expr(left),
        }
    }

    fn lambda(&mut self, l: &'a Lambda) {
        self.push(ScopeKind::Lambda, Fallback::Global, true);
        self.params(&l.params, Some(UnusedKind::LambdaParameter));
        if let Some(r) = &l.return_type {
            self.expr(r);
        }
        self.block_statements(&l.body.statements, true);
        self.probe_end(l.body.span);
        self.pop();
    }

    fn class(&mut self, c: &'a ClassDef) {
        let mut inherited = HashSet::default();
        let fallback = match &c.parent {
            Some(p) if !self.class_variables(&key(&p.name), &mut inherited, 0) => Fallback::Opaque,
            _ => Fallback::Global,
        };
        self.push(ScopeKind::Class, fallback, false);
        if let Some(s) = self.scopes.last_mut() {
            s.inherited = inherited;
        }
        self.reserve_vars(c.params.len() + 10);
        self.builtin_title_and_name(c.name.span);
        self.params(&c.params, None);
        self.block(&c.body);
        self.pop();
    }

    fn define(&mut self, d: &'a DefineDef) {
        self.push(ScopeKind::Define, Fallback::Global, true);
        self.reserve_vars(d.params.len() + 10);
        self.builtin_title_and_name(d.name.span);
        self.params(&d.params, Some(UnusedKind::Parameter));
        self.block(&d.body);
        self.pop();
    }

    /// Sizes the innermost scope for `n` names (its parameters and a few more) at once.
    fn reserve_vars(&mut self, n: usize) {
        if let Some(s) = self.scopes.last_mut() {
            s.vars.reserve(n);
            s.order.reserve(n);
        }
    }

    fn builtin_title_and_name(&mut self, span: Span) {
        for n in ["title", "name"] {
            self.bind(n, span, BindingKind::BuiltIn, None);
            if let Some(v) = self.scopes.last_mut().and_then(|s| s.vars.get_mut(n)) {
                v.used = true;
            }
        }
    }

    fn node(&mut self, n: &'a NodeDef) {
        self.push(ScopeKind::Node, Fallback::Global, false);
        self.block(&n.body);
        self.pop();
    }

    fn function(&mut self, f: &'a FunctionDef) {
        self.push(ScopeKind::Function, Fallback::Global, true);
        self.params(&f.params, Some(UnusedKind::Parameter));
        if let Some(r) = &f.return_type {
            self.expr(r);
        }
        self.block_statements(&f.body.statements, true);
        self.probe_end(f.body.span);
        self.pop();
    }

    fn plan(&mut self, p: &'a PlanDef) {
        self.push(ScopeKind::Plan, Fallback::Global, true);
        self.params(&p.params, Some(UnusedKind::Parameter));
        self.block_statements(&p.body.statements, true);
        self.probe_end(p.body.span);
        self.pop();
    }
}

/// Whether two assignments in one scope can both run: one's path is a prefix of the other's
/// (it runs whenever the other does). Assignments in different alternatives of one branch
/// point, or in two unrelated conditionals, are not reported.
fn on_same_path(a: &[Step], b: &[Step]) -> bool {
    let n = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    n == a.len() || n == b.len()
}

/// The lookup key of the parent class a [`Program`] gives, borrowed when it is one already.
fn parent_key(parent: Cow<'_, str>) -> Cow<'_, str> {
    match parent {
        Cow::Borrowed(p) => lookup_key(p),
        Cow::Owned(p) => Cow::Owned(key(&p)),
    }
}

/// A string literal's value (no interpolation).
fn literal(e: &Expr) -> Option<&str> {
    match &e.kind {
        ExprKind::String(s) => s.text(),
        _ => None,
    }
}

mod assigned;
mod index;
mod visible;
pub use visible::{Visible, VisibleScope, builtin_variables, visible_at};
#[cfg(test)]
mod tests;
