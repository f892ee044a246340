//! The interpreter of plint's Ruby subset: a walk of [`super::ast`] with Ruby's semantics,
//! within a [`Budget`]. Split by concern: [`value`] (the values), `eval` (the nodes), `call`
//! (method dispatch, `Kernel`, Puppet's scope), and one file per core class's methods.

mod array;
mod array_methods;
mod binary;
mod call;
mod class_methods;
mod dir;
mod enumerable;
mod eval;
mod format;
mod gem_version;
mod hash;
mod hash_methods;
mod invoke;
mod kernel;
#[rustfmt::skip]
mod known_methods;
mod misc;
mod numeric;
mod numeric_methods;
mod object_methods;
mod puppet_files;
mod set;
mod string;
mod string_methods;
mod string_patterns;
pub mod value;
mod yaml;

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

use super::ast::Body;
use super::regexp::Regexp;
use super::{Budget, Host, Program, RubyError};
use value::*;

/// How evaluation leaves a node other than with a value.
#[derive(Debug)]
pub(crate) enum Ctrl {
    /// `break v`.
    Break(Value),
    /// `next v`.
    Next(Value),
    /// `return v`.
    Return(Value),
    /// A raised exception.
    Raise(Rc<Exception>, u32),
    /// `throw tag, v`.
    Throw(Value, Value),
    /// The result depends on an unknown: the whole run is unknown.
    Unknown(Origin),
    /// The budget is exceeded.
    Budget(String),
}

pub(crate) type R<T> = Result<T, Ctrl>;

/// A block passed to a method: a literal block, a proc, or `&:sym`.
#[derive(Clone, Debug)]
pub(crate) enum Blk {
    /// A block or proc.
    Proc(Rc<Proc>),
    /// `&:name`: calls `name` on the first argument.
    Sym(String),
    /// A block of the host's (a Puppet lambda given to a function): called with the host's
    /// `opaque_method(object, "call", args)`.
    Host(Rc<Opaque>),
}

/// One run of a program.
pub struct Interp<'a> {
    program: &'a Program,
    host: &'a mut dyn Host,
    budget: Budget,
    steps: u64,
    depth: u32,
    allocated: usize,
    /// Instance variables assigned by the code (the host's are read through).
    ivars: HashMap<String, Value>,
    globals: HashMap<String, Value>,
    /// Methods defined with `def`.
    methods: HashMap<String, Arc<Body>>,
    /// `$~` of the current frame.
    last_match: Option<Rc<MatchData>>,
    /// The block of the current method (for `yield`, `block_given?`).
    block_stack: Vec<Option<Blk>>,
    regex_cache: HashMap<(String, u8), Rc<Regexp>>,
    line: u32,
    /// The module files `Puppet::Parser::Files.find_template`/`find_file` gave, by path:
    /// the only files `File.read` reads.
    found_files: HashMap<String, Rc<str>>,
}

impl<'a> Interp<'a> {
    /// A run of `program` against `host`.
    pub fn new(program: &'a Program, host: &'a mut dyn Host, budget: Budget) -> Interp<'a> {
        Interp {
            program,
            host,
            budget,
            steps: 0,
            depth: 0,
            allocated: 0,
            ivars: HashMap::new(),
            globals: HashMap::new(),
            methods: HashMap::new(),
            last_match: None,
            block_stack: vec![None],
            regex_cache: HashMap::new(),
            line: 0,
            found_files: HashMap::new(),
        }
    }

    /// Runs the program: its value, an unknown, or why it failed.
    pub fn run(&mut self) -> Result<Value, RubyError> {
        let env: Env = Rc::new(RefCell::new(Frame::default()));
        let root = &self.program.root;
        let r = self.eval(root, &env);
        self.finish(r)
    }

    /// Defines a method (a `def` of the code being called).
    pub fn define_method(&mut self, name: &str, body: Arc<Body>) {
        self.methods.insert(name.to_string(), body);
    }

    /// Calls a method body or a block body with arguments.
    pub fn call_body(
        &mut self,
        body: &Arc<Body>,
        is_block: bool,
        args: Vec<Value>,
    ) -> Result<Value, RubyError> {
        self.call_body_with_block(body, is_block, args, None)
    }

    /// Calls a method body (or a block body) with arguments and a block of the host's (a
    /// Puppet lambda, for `yield`, `block.call`).
    pub fn call_body_with_block(
        &mut self,
        body: &Arc<Body>,
        is_block: bool,
        args: Vec<Value>,
        block: Option<Rc<Opaque>>,
    ) -> Result<Value, RubyError> {
        let blk = block.map(Blk::Host);
        let r = if is_block {
            let p = Rc::new(Proc {
                body: body.clone(),
                env: Rc::new(RefCell::new(Frame::default())),
                lambda: false,
            });
            self.call_proc(&p, args, blk)
        } else {
            self.call_def(body, args, blk)
        };
        self.finish(r)
    }

    fn finish(&mut self, r: R<Value>) -> Result<Value, RubyError> {
        match r {
            Ok(v) | Err(Ctrl::Return(v)) | Err(Ctrl::Next(v)) | Err(Ctrl::Break(v)) => Ok(v),
            Err(Ctrl::Unknown(o)) => Ok(Value::Unknown(Rc::new(o))),
            Err(Ctrl::Raise(e, line)) => Err(RubyError::Raised {
                class: e.class.clone(),
                message: e.message.clone(),
                line,
            }),
            Err(Ctrl::Throw(tag, _)) => Err(RubyError::Raised {
                class: "UncaughtThrowError".into(),
                message: format!("uncaught throw {}", tag.inspect()),
                line: self.line,
            }),
            Err(Ctrl::Budget(what)) => Err(RubyError::Budget(what)),
        }
    }

    /// Counts a step; past the budget, the run ends.
    pub(crate) fn step(&mut self) -> R<()> {
        self.steps += 1;
        if self.steps > self.budget.max_steps {
            return Err(Ctrl::Budget(format!(
                "more than {} evaluation steps",
                self.budget.max_steps
            )));
        }
        Ok(())
    }

    /// Counts `bytes` made against the budget of all allocations.
    pub(crate) fn charge(&mut self, bytes: usize) -> R<()> {
        self.allocated = self.allocated.saturating_add(bytes);
        if self.allocated > self.budget.max_allocated {
            return Err(Ctrl::Budget(format!(
                "more than {} bytes allocated",
                self.budget.max_allocated
            )));
        }
        Ok(())
    }

    /// Checks a new string's size against the budget, and counts it.
    pub(crate) fn check_str(&mut self, len: usize) -> R<()> {
        self.charge(len)?;
        self.check_str_size(len)
    }

    /// Checks a string's size against the budget (a string that grew: its growth is counted
    /// by the caller).
    pub(crate) fn check_str_size(&self, len: usize) -> R<()> {
        if len > self.budget.max_string {
            return Err(Ctrl::Budget(format!(
                "a string of more than {} bytes",
                self.budget.max_string
            )));
        }
        Ok(())
    }

    /// Checks a new collection's size against the budget, and counts it.
    pub(crate) fn check_len(&mut self, len: usize) -> R<()> {
        self.charge(len.saturating_mul(16))?;
        self.check_len_size(len)
    }

    /// Checks a collection's size against the budget (one that grew).
    pub(crate) fn check_len_size(&self, len: usize) -> R<()> {
        if len > self.budget.max_collection {
            return Err(Ctrl::Budget(format!(
                "a collection of more than {} elements",
                self.budget.max_collection
            )));
        }
        Ok(())
    }

    /// An unknown value originating here.
    pub(crate) fn unknown(&self, what: impl Into<String>) -> Value {
        Value::Unknown(Rc::new(self.origin(what)))
    }

    pub(crate) fn origin(&self, what: impl Into<String>) -> Origin {
        Origin {
            what: what.into(),
            file: self.program.label.clone(),
            line: self.line,
        }
    }

    /// Raises `class` with `message`.
    pub(crate) fn raise<T>(&self, class: &str, message: impl Into<String>) -> R<T> {
        Err(Ctrl::Raise(
            Rc::new(Exception {
                class: class.to_string(),
                message: message.into(),
            }),
            self.line,
        ))
    }

    /// A compiled regexp (cached for the run).
    pub(crate) fn regexp(&mut self, src: &str, flags: super::ast::RegexFlags) -> R<Rc<Regexp>> {
        let key = (
            src.to_string(),
            u8::from(flags.ignore_case)
                | u8::from(flags.multiline) << 1
                | u8::from(flags.extended) << 2,
        );
        if let Some(r) = self.regex_cache.get(&key) {
            return Ok(r.clone());
        }
        match Regexp::new(src, flags) {
            Ok(r) => {
                let r = Rc::new(r);
                self.regex_cache.insert(key, r.clone());
                Ok(r)
            }
            Err(e) => Err(Ctrl::Unknown(self.origin(format!("regexp /{src}/ ({e})")))),
        }
    }
}

/// The class of a host block (a Puppet lambda) as Ruby sees it.
pub const HOST_BLOCK: &str = "Puppet::Pops::Evaluator::Closure";

impl Interp<'_> {
    /// Calls a host block: the host runs the lambda; what it raises is Ruby's exception.
    pub(crate) fn host_block(&mut self, o: &Rc<Opaque>, args: Vec<Value>) -> R<Value> {
        match self.host.opaque_method(o, "call", args) {
            Ok(Some(v)) => Ok(v),
            Ok(None) => Ok(self.unknown("a Puppet lambda")),
            Err(super::Leave::Throw(tag)) => Err(Ctrl::Throw(tag, Value::Nil)),
            Err(super::Leave::Raise { class, message }) => self.raise(&class, message),
        }
    }
}

/// The function a core class's method table gives `name` (a table is a list of (name,
/// function), as `string_methods::METHODS`), if it has one.
pub(crate) fn find_method<M: Copy>(table: &[(&str, M)], name: &str) -> Option<M> {
    table.iter().find(|(n, _)| *n == name).map(|(_, m)| *m)
}

#[cfg(test)]
mod tests {
    use super::known_methods as known;

    /// The names of `table` that no list of `classes` has (Ruby's own lists, generated by
    /// `scripts/gen-ruby-methods.rb`), and those it lists twice (the second is never found).
    fn not_ruby<M>(table: &[(&str, M)], classes: &[&[&str]]) -> Vec<String> {
        let mut wrong = Vec::new();
        for (i, (name, _)) in table.iter().enumerate() {
            if !classes.iter().any(|list| list.binary_search(name).is_ok()) {
                wrong.push(format!("{name} (not a Ruby method)"));
            }
            if table[..i].iter().any(|(n, _)| n == name) {
                wrong.push(format!("{name} (listed twice)"));
            }
        }
        wrong
    }

    /// The class method tables' wrong names: [`super::class_methods::ANY_CLASS`] against the
    /// methods every class has, each class's table of [`super::class_methods::CLASSES`]
    /// against that class's methods (a class Ruby's lists lack: regenerate them).
    fn class_tables() -> Vec<(&'static str, Vec<String>)> {
        let mut tables = vec![(
            "any class",
            not_ruby(super::class_methods::ANY_CLASS, &[known::MODULE]),
        )];
        for (class, table) in super::class_methods::CLASSES {
            let wrong = match known::CLASS_METHODS.iter().find(|(c, _)| c == class) {
                Some((_, own)) => not_ruby(table, &[*own, known::MODULE]),
                None => vec!["(the class is not in CLASS_METHODS)".to_string()],
            };
            tables.push((*class, wrong));
        }
        tables
    }

    /// Each name in a core class's method table is a public method of that class in Puppet's
    /// Ruby, and each name in a class method table a method of that class itself, so a typo in
    /// a table fails here.
    #[test]
    fn method_tables_name_ruby_methods() {
        let tables = [
            (
                "String",
                not_ruby(super::string_methods::METHODS, &[known::STRING]),
            ),
            (
                "Hash",
                not_ruby(super::hash_methods::METHODS, &[known::HASH]),
            ),
            (
                "Array",
                not_ruby(super::array_methods::METHODS, &[known::ARRAY]),
            ),
            (
                "Integer and Float",
                not_ruby(
                    super::numeric_methods::METHODS,
                    &[known::INTEGER, known::FLOAT],
                ),
            ),
            (
                "Enumerable (Array, Hash, Range)",
                not_ruby(
                    super::enumerable::METHODS,
                    &[known::ARRAY, known::HASH, known::RANGE],
                ),
            ),
            (
                "Object (any class)",
                not_ruby(
                    super::object_methods::METHODS,
                    &[
                        known::NIL,
                        known::STRING,
                        known::INTEGER,
                        known::ARRAY,
                        known::HASH,
                    ],
                ),
            ),
        ];
        let wrong: Vec<String> = tables
            .iter()
            .chain(class_tables().iter())
            .filter(|(_, wrong)| !wrong.is_empty())
            .map(|(class, wrong)| format!("{class}'s method table: {wrong:?}"))
            .collect();
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}
