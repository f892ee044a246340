//! Ruby as Puppet uses it, without Ruby: ERB templates and module Ruby code parsed with Prism
//! (Ruby's own parser) and evaluated by plint's own interpreter of a safe subset of Ruby.
//!
//! # The pieces
//!
//! - [`parse`]: Ruby source to a [`Program`] (plint's owned tree, [`ast`]; Prism's result is
//!   dropped). Syntax errors are [`SyntaxError`]s in the source's lines and columns.
//! - [`erb::compile`]: an ERB template (Puppet's `trim_mode: '-'`) to a [`Program`] whose value
//!   is the rendered text; its lines are the template's.
//! - [`render_erb`] and [`eval_program`]: run a program against a [`Host`] (Puppet's side: the
//!   variables, the functions) within a [`Budget`].
//!
//! # Safety
//!
//! The interpreter has no process, network or environment access, and touches files and
//! folders only through the [`Host`] (`File.read`, `File.exist?`, `Dir.glob`,
//! `Dir.children`...: the host answers through the run's sandbox, and what it cannot say is
//! unknown): `IO`, writing files, `ENV`, backticks, `system`, `eval`, `instance_eval`, `send`
//! of a name not known at parse time, `require` of anything but a library plint implements
//! (`json`, `set`, `erb`, `ipaddr`, `shellwords`, `digest`, `base64`, `yaml`...) are outside
//! the subset.
//! What is outside the subset evaluates to an **unknown value** ([`Value::Unknown`]) whose
//! [`Origin`] names the construct and its line (`File.read at line 12`); operations on an
//! unknown give unknown, and a branch on an unknown makes the whole result unknown. Nothing is
//! guessed. Every run has a [`Budget`] of steps, call depth and sizes: exceeding it ends the run
//! with [`RubyError::Budget`], never a hang or an abort.
//!
//! # Values crossing the boundary
//!
//! Puppet 7 gives a template its scope's variables as instance variables (`@x`): Puppet's
//! runtime values as they are. `undef` is `nil` (an undef variable is not bound, and `@x` reads
//! `nil`), `default` is the Symbol `:default`, strings, integers, floats, booleans, arrays and
//! hashes are their Ruby counterparts; a `Sensitive`, a type, a resource reference or any other
//! Puppet object is a [`Value::Opaque`] the host made (the interpreter only prints it and hands
//! it back). 3.x functions (`scope.function_x([args])`) get their arguments as Puppet converts
//! them (`nil` to `''` at the top level: the host's business).

pub mod ast;
pub mod erb;
pub mod function;
pub mod interp;
mod lower;
pub mod regexp;

use std::sync::Arc;

pub use interp::value::{HashKey, Opaque, Origin, Value};

/// A syntax error: where (1-based line, 1-based column counted in characters) and Prism's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
    /// What is wrong.
    pub message: String,
}

/// A parsed Ruby program (a snippet, a function file, or a compiled ERB template). Immutable and
/// `Send + Sync`: parse once, run many times, from any thread.
#[derive(Debug)]
pub struct Program {
    /// Where it came from (a path, `inline template`...), for origins and messages.
    pub label: String,
    /// The Ruby source (for a template: the generated code).
    pub source: String,
    /// The tree.
    pub root: ast::Node,
    line_starts: Vec<u32>,
}

impl Program {
    /// The 1-based line of a byte offset of the source.
    pub fn line_of(&self, offset: u32) -> u32 {
        match self.line_starts.binary_search(&offset) {
            Ok(i) => i as u32 + 1,
            Err(i) => i as u32,
        }
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        // A deeply nested tree is dropped on a stack large enough for it.
        let root = std::mem::replace(&mut self.root.kind, ast::NodeKind::Nil);
        stacker::maybe_grow(256 * 1024, 16 * 1024 * 1024, || drop(root));
    }
}

impl SyntaxError {
    /// The byte offset of the error in `src` (the text its line and column count in).
    pub fn offset_in(&self, src: &str) -> usize {
        offset_of(src, self.line, self.column)
    }
}

/// Parses Ruby source. `label` names it in origins and messages.
pub fn parse(label: &str, src: &str) -> Result<Program, Vec<SyntaxError>> {
    let line_starts = line_starts(src);
    if let Some(off) = too_deep(src) {
        let (line, column) = line_col(src, &line_starts, off);
        return Err(vec![SyntaxError {
            line,
            column,
            message: format!("nesting deeper than {MAX_NESTING} levels"),
        }]);
    }
    let result = stacker::maybe_grow(256 * 1024, 8 * 1024 * 1024, || {
        let parsed = ruby_prism::parse(src.as_bytes());
        let errors: Vec<SyntaxError> = parsed
            .errors()
            .map(|d| {
                let off = d.location().start() as usize;
                let (line, column) = line_col(src, &line_starts, off);
                SyntaxError {
                    line,
                    column,
                    message: String::from_utf8_lossy(d.message()).into_owned(),
                }
            })
            .collect();
        if errors.is_empty() {
            Ok(lower::lower_program(&parsed.node()))
        } else {
            Err(errors)
        }
    });
    let root = result?;
    Ok(Program {
        label: label.to_string(),
        source: src.to_string(),
        root,
        line_starts,
    })
}

/// Brackets and blocks nested deeper than this are refused before parsing (the parser recurses).
const MAX_NESTING: i64 = 400;

/// The words that open a block (closed by `end`), as [`too_deep`] counts them.
const BLOCK_WORDS: [&str; 10] = [
    "if", "unless", "while", "until", "case", "begin", "do", "def", "class", "module",
];

/// Where the source nests deeper than [`MAX_NESTING`] (a rough count of brackets and of words
/// that open a block against `end`), if it does.
fn too_deep(src: &str) -> Option<usize> {
    let b = src.as_bytes();
    // Deeper than the limit takes more brackets or more of those words than the limit: most
    // sources have fewer in all, counted by a quick search.
    let opening = memchr::memchr3_iter(b'(', b'[', b'{', b).count();
    let words: usize = BLOCK_WORDS
        .iter()
        .map(|w| memchr::memmem::find_iter(b, w.as_bytes()).count())
        .sum();
    if opening.max(words) as i64 <= MAX_NESTING {
        return None;
    }
    let (mut brackets, mut blocks) = (0i64, 0i64);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b'(' | b'[' | b'{' => brackets += 1,
            b')' | b']' | b'}' => brackets -= 1,
            c if c.is_ascii_alphabetic()
                && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')) =>
            {
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                match &src[start..i] {
                    "end" => blocks -= 1,
                    word if BLOCK_WORDS.contains(&word) => blocks += 1,
                    _ => {}
                }
                if brackets.max(blocks) > MAX_NESTING {
                    return Some(start);
                }
                continue;
            }
            _ => {}
        }
        if brackets.max(blocks) > MAX_NESTING {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// The byte offset of a 1-based line and character column.
fn offset_of(src: &str, line: u32, column: u32) -> usize {
    let starts = line_starts(src);
    let ls = starts
        .get(line.saturating_sub(1) as usize)
        .copied()
        .unwrap_or(0) as usize;
    let rest = src.get(ls..).unwrap_or("");
    ls + rest
        .char_indices()
        .nth(column.saturating_sub(1) as usize)
        .map(|(b, _)| b)
        .unwrap_or(rest.len())
}

fn line_starts(src: &str) -> Vec<u32> {
    let mut v = vec![0u32];
    for (i, b) in src.bytes().enumerate() {
        if b == b'\n' {
            v.push(i as u32 + 1);
        }
    }
    v
}

fn line_col(src: &str, starts: &[u32], off: usize) -> (u32, u32) {
    let off = off.min(src.len()) as u32;
    let idx = match starts.binary_search(&off) {
        Ok(i) => i,
        Err(i) => i.saturating_sub(1),
    };
    let ls = starts.get(idx).copied().unwrap_or(0) as usize;
    let col = src
        .get(ls..off as usize)
        .map(|s| s.chars().count())
        .unwrap_or(0);
    (idx as u32 + 1, col as u32 + 1)
}

/// Limits of one run. Exceeding one ends the run with [`RubyError::Budget`].
#[derive(Clone, Debug)]
pub struct Budget {
    /// Evaluation steps (a node evaluated, a block called, an element iterated...).
    pub max_steps: u64,
    /// Nested calls (methods, blocks) and nesting of the evaluation.
    pub max_depth: u32,
    /// The largest string, in bytes.
    pub max_string: usize,
    /// The largest array or hash, in elements.
    pub max_collection: usize,
    /// Bytes of strings and collections a run may create in all (a count of what is made, not
    /// of what is alive).
    pub max_allocated: usize,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            max_steps: 10_000_000,
            max_depth: 200,
            max_string: 64 << 20,
            max_collection: 4 << 20,
            max_allocated: 512 << 20,
        }
    }
}

/// How a Puppet function is called from Ruby.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallStyle {
    /// `scope.function_name([args])`: the 3.x API (one Array argument, 3.x conversions).
    Function3x,
    /// `call_function('name', args...)`, `scope.call_function('name', [args])`: the 4.x API.
    Function4x,
}

/// What the interpreter asks of Puppet: the calling scope's variables and Puppet's functions.
/// The evaluator implements it; tests use a table of variables.
pub trait Host {
    /// `@name` in a template: the Puppet variable `name` visible in the calling scope, `None`
    /// when it is undefined (`@name` then reads `nil`). A value the host does not know is a
    /// [`Value::Unknown`].
    fn instance_variable(&mut self, name: &str) -> Option<Value>;
    /// `scope['x']`, `scope.lookupvar('x')`, also qualified (`'::x'`, `'mod::x'`). `None` when
    /// undefined (the caller gives `nil`).
    fn lookup_variable(&mut self, name: &str) -> Option<Value>;
    /// `scope.to_hash`: every variable visible in the calling scope, undef ones left out.
    fn variables(&mut self) -> Vec<(String, Value)>;
    /// Calls a Puppet function. `Err` is the error message Puppet would raise.
    fn call_function(
        &mut self,
        name: &str,
        args: Vec<Value>,
        style: CallStyle,
    ) -> Result<Value, String>;
    /// The template's file (`file` in a template), if any.
    fn template_file(&self) -> Option<String> {
        None
    }
    /// `scope.setvar('x', value)` (also `scope['x'] = value`): sets a variable in the calling
    /// Puppet scope. The host keeps `value` itself, so that later reads of the variable from
    /// Ruby see the same (mutable) object. `Err` is Puppet's error message; by default the
    /// host cannot set variables and the result is unknown.
    fn set_variable(&mut self, name: &str, value: Value) -> Result<Option<()>, String> {
        let _ = (name, value);
        Ok(None)
    }
    /// `File.exist?(path)` and its kin: what `path` is, read through the run's sandbox; `None`
    /// when the host cannot say (outside what plint may read: never "missing").
    fn path_kind(&mut self, path: &str) -> Option<PathKind> {
        let _ = path;
        None
    }
    /// `File.read(path)` of a file the run's sandbox allows; `None` when it cannot be read
    /// (the result is then unknown; the host reports a refusal).
    fn read_file(&mut self, path: &str) -> Option<String> {
        let _ = path;
        None
    }
    /// `Dir.children(path)`, `Dir.glob`: the entries of the folder `path` (an absolute path),
    /// read through the run's sandbox ([`list_dir_in`]); `None` when the host cannot say (the
    /// result is then unknown; the host reports a refusal).
    fn list_dir(&mut self, path: &str) -> Option<Vec<DirEntry>> {
        let _ = path;
        None
    }
    /// `Puppet::Module.find(name)`, `environment.module(name)`: the folder of the module
    /// `name` on the run's module path, `Some(None)` when no folder of the module path holds
    /// it, `None` when the host cannot say.
    fn find_module(&mut self, name: &str) -> Option<Option<String>> {
        let _ = name;
        None
    }
    /// `environment.modulepath`: the folders of the run's module path, if known.
    fn modulepath(&mut self) -> Option<Vec<String>> {
        None
    }
    /// `YAML.safe_load(text)` as Puppet's Psych reads data: `Ok(None)` when the host cannot
    /// (the result is unknown), `Err` Psych's message for text that is not YAML.
    fn load_yaml(&mut self, text: &str) -> Result<Option<Value>, String> {
        let _ = text;
        Ok(None)
    }
    /// `scope.compiler.topscope['x'] = value` (or `.setvar`): sets a variable of the top scope,
    /// as a `role()` function does. As [`Host::set_variable`], in the top scope.
    fn set_top_variable(&mut self, name: &str, value: Value) -> Result<Option<()>, String> {
        let _ = (name, value);
        Ok(None)
    }
    /// `Puppet::Parser::Files.find_template('mod/file')` (`files: false`) or `find_file`
    /// (`files: true`): the file of a module Puppet would find (`templates/` or `files/` of
    /// the first module `mod` of the module path), read through the run's sandbox. By default
    /// the host cannot say, and the result is unknown.
    fn find_module_file(&mut self, name: &str, files: bool) -> FoundFile {
        let _ = (name, files);
        FoundFile::Unknown
    }
    /// The name of the environment being compiled (`compiler.environment.to_s`), if known.
    fn environment_name(&self) -> Option<String> {
        None
    }
    /// A method called on an opaque object the host made (a Hiera backend's
    /// `Puppet::LookupContext`: `context.not_found`, `context.cache(k, v)`...). `Ok(None)` when
    /// the host does not answer it (the result is then unknown). `Err` leaves the method with a
    /// `throw` or an exception. With a block, a returned Array is iterated by the block.
    fn opaque_method(
        &mut self,
        object: &Opaque,
        name: &str,
        args: Vec<Value>,
    ) -> Result<Option<Value>, Leave> {
        let _ = (object, name, args);
        Ok(None)
    }
}

/// An entry of a folder ([`Host::list_dir`]).
pub use crate::ruby_core::glob::Entry as DirEntry;
/// What a path is ([`Host::path_kind`]).
pub use crate::ruby_core::glob::Kind as PathKind;

/// The entries of the folder `path` as a host gives them to [`Host::list_dir`], through
/// `sandbox`: each entry's kind with links followed (`None` for a link leading where the
/// sandbox refuses to look). `Err` is why the folder was not listed.
pub fn list_dir_in(
    sandbox: &crate::sandbox::Sandbox,
    path: &str,
) -> Result<Vec<DirEntry>, crate::sandbox::Error> {
    let dir = std::path::Path::new(path);
    let entries = sandbox.read_dir(dir)?;
    Ok(entries
        .into_iter()
        .map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let ty = e.file_type().ok();
            let link = ty.is_some_and(|t| t.is_symlink());
            let kind = match ty {
                Some(t) if t.is_dir() => Some(PathKind::Folder),
                Some(t) if !t.is_symlink() => Some(PathKind::File),
                _ => match sandbox.locate(&dir.join(&name)) {
                    crate::sandbox::Located::File => Some(PathKind::File),
                    crate::sandbox::Located::Folder => Some(PathKind::Folder),
                    crate::sandbox::Located::Missing => Some(PathKind::Missing),
                    crate::sandbox::Located::Refused => None,
                },
            };
            DirEntry { name, kind, link }
        })
        .collect())
}

/// A module file looked up for Ruby code ([`Host::find_module_file`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FoundFile {
    /// Found: the path Puppet gives and the file's text.
    Found {
        /// The path (`File.read` of it gives `text`).
        path: String,
        /// The file's text.
        text: String,
    },
    /// Puppet finds no such file (`nil`).
    NotFound,
    /// Not known (the sandbox refused it, or the host cannot look).
    Unknown,
}

/// How a host's method leaves other than with a value.
#[derive(Clone, Debug)]
pub enum Leave {
    /// `throw tag` (Hiera's `context.not_found` throws `:no_such_key`).
    Throw(Value),
    /// An exception: its class and message.
    Raise {
        /// `ArgumentError`, `Puppet::DataBinding::LookupError`...
        class: String,
        /// Its message.
        message: String,
    },
}

/// The result of rendering a template.
#[derive(Clone, Debug, PartialEq)]
pub enum Rendered {
    /// The text, exactly.
    Known(String),
    /// Not known: why (the first construct outside the subset that decided it).
    Unknown(Origin),
}

/// Why a run ended without a value.
#[derive(Clone, Debug, PartialEq)]
pub enum RubyError {
    /// An exception the Ruby code raised (or Ruby would raise): its class and message, and the
    /// line it came from.
    Raised {
        /// `RuntimeError`, `ArgumentError`, `Puppet::ParseError`...
        class: String,
        /// Ruby's message.
        message: String,
        /// 1-based line of the program.
        line: u32,
    },
    /// The budget was exceeded: which limit.
    Budget(String),
}

impl std::fmt::Display for RubyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RubyError::Raised {
                class,
                message,
                line,
            } => write!(f, "{message} ({class}) at line {line}"),
            RubyError::Budget(what) => write!(f, "budget exceeded: {what}"),
        }
    }
}

/// Renders a compiled template ([`erb::compile`]) against `host`.
pub fn render_erb(
    program: &Program,
    host: &mut dyn Host,
    budget: &Budget,
) -> Result<Rendered, RubyError> {
    let v = eval_program(program, host, budget)?;
    Ok(match v {
        Value::Unknown(o) => Rendered::Unknown((*o).clone()),
        Value::Str(s) => {
            let s = s.borrow();
            match &s.unknown {
                Some(o) => Rendered::Unknown(o.clone()),
                None => Rendered::Known(s.text.clone()),
            }
        }
        other => Rendered::Known(other.to_s()),
    })
}

/// Runs a program (a snippet) against `host`; its value is the last statement's. An unknown
/// result is `Ok(Value::Unknown)`.
pub fn eval_program(
    program: &Program,
    host: &mut dyn Host,
    budget: &Budget,
) -> Result<Value, RubyError> {
    let mut it = interp::Interp::new(program, host, budget.clone());
    it.run()
}

/// Calls code of a program the way Puppet calls a module's Ruby function: `body` (a `def` of a
/// 4.x function's `create_function` block, or the block of a 3.x `newfunction`) with `args`,
/// the other methods of the function (`methods`: the `def`s of the same block) callable from it.
/// A `def` gets Ruby's arity checks; a block gets a block's argument rules.
pub fn call_body(
    program: &Program,
    methods: &[(String, Arc<ast::Body>)],
    body: &Arc<ast::Body>,
    is_block: bool,
    args: Vec<Value>,
    host: &mut dyn Host,
    budget: &Budget,
) -> Result<Value, RubyError> {
    let mut it = interp::Interp::new(program, host, budget.clone());
    for (name, b) in methods {
        it.define_method(name, b.clone());
    }
    it.call_body(body, is_block, args)
}

/// A host with no variables and no functions (every function call is unknown).
#[derive(Clone, Debug, Default)]
pub struct NoHost;

impl Host for NoHost {
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
        name: &str,
        _args: Vec<Value>,
        _style: CallStyle,
    ) -> Result<Value, String> {
        Ok(Value::unknown(format!("function {name}"), 0))
    }
}

/// A program is shared between threads once parsed.
pub type SharedProgram = Arc<Program>;

#[cfg(test)]
mod tests {
    fn assert_send_sync<T: Send + Sync>() {}

    #[test]
    fn program_is_send_sync() {
        assert_send_sync::<super::Program>();
    }
}
