//! Snippets: Puppet code or one expression evaluated by the catalog compiler outside a node's
//! compilation, for tests, examples and tools that want a value rather than a catalog.

use std::path::PathBuf;
use std::sync::Arc;

use super::Compiler;
use super::input::{CompileInput, Manifest, Node};
use super::scope::Ctx;
use crate::eval::diag::EvalDiag;
use crate::eval::error::EvalResult;
use crate::eval::value::{Hash, Value};
use crate::sandbox::Sandbox;
use crate::syntax::ast::Expr;

/// Settings of a snippet's evaluation.
#[derive(Debug, Clone)]
pub struct SnippetOptions {
    /// Folders holding modules (for `epp('mod/file.epp')`, classes, functions), in order.
    pub modulepath: Vec<PathBuf>,
    /// Unknown variables are errors (Puppet's `strict_variables`); otherwise they are undef.
    pub strict_variables: bool,
    /// Variables of the top scope, set before the snippet runs (replacing the node's).
    pub variables: Vec<(String, Value)>,
    /// Where files are read; by default the working directory's tree.
    pub sandbox: Option<Arc<Sandbox>>,
}

impl Default for SnippetOptions {
    fn default() -> Self {
        SnippetOptions {
            modulepath: Vec::new(),
            strict_variables: true,
            variables: Vec::new(),
            sandbox: None,
        }
    }
}

/// What a snippet gave.
#[derive(Debug)]
pub struct SnippetOutput {
    /// The value of the last statement, or the error that stopped the evaluation.
    pub value: EvalResult<Value>,
    /// The messages of `notice(...)` calls, in order (`<unknown>` for one with an unknown
    /// argument).
    pub notices: Vec<String>,
    /// The compiler's findings (syntax errors, unknown conditions, catalog checks, ...).
    pub diags: Vec<EvalDiag>,
}

/// Evaluates Puppet code with the catalog compiler, the one evaluator plint has.
///
/// The snippet is compiled as the main manifest of an empty node (no facts beyond those an agent
/// adds): its definitions are known, its statements run in the top scope, then the node, the
/// generators and the relationships are evaluated as in any compilation. What it gives is the
/// value of its last statement (or the error that stopped it), the messages of its `notice`
/// calls and the compiler's findings.
///
/// ```
/// use plint_eval::eval::compiler::{SnippetOptions, eval_snippet};
///
/// let out = eval_snippet("notice([1, 2].map |$x| { $x * 2 }) 'done'", &SnippetOptions::default());
/// assert_eq!(out.notices, ["[2, 4]"]);
/// assert_eq!(out.value.unwrap(), plint_eval::eval::Value::string("done"));
/// ```
pub fn eval_snippet(source: &str, options: &SnippetOptions) -> SnippetOutput {
    run(source, None, options)
}

/// Evaluates one expression already parsed (a part of a file, say) with the catalog compiler, in
/// the top scope of an empty node. Its spans are not looked up in any file.
pub fn eval_expression(expr: &Expr, options: &SnippetOptions) -> SnippetOutput {
    run("", Some(expr), options)
}

fn run(source: &str, expr: Option<&Expr>, options: &SnippetOptions) -> SnippetOutput {
    let sandbox = options.sandbox.clone().unwrap_or_else(|| {
        let cwd = std::env::current_dir().unwrap_or_default();
        Arc::new(Sandbox::new(&cwd, std::slice::from_ref(&cwd)))
    });
    let input = CompileInput {
        manifest: Manifest::Code(source.to_string()),
        sandbox,
        modulepath: options.modulepath.clone(),
        global_hiera: None,
        hiera: None,
        environment_dir: None,
        environment: "production".into(),
        strict_variables: options.strict_variables,
        node: Node::new("localhost", Hash::new()),
        budgets: Default::default(),
        ruby: Default::default(),
        record_variable_reads: false,
    };
    let mut c = Compiler::new(&input);
    c.findings.record_notices();
    let value = evaluate(&mut c, expr, options);
    let (diags, notices) = c.findings.into_snippet_parts();
    SnippetOutput {
        value,
        notices,
        diags,
    }
}

fn evaluate(c: &mut Compiler<'_>, expr: Option<&Expr>, options: &SnippetOptions) -> EvalResult {
    let main_code = c.start()?;
    for (k, v) in &options.variables {
        c.scopes[super::scope::TOP]
            .vars
            .insert(k.trim_start_matches("::").to_string(), v.clone());
    }
    let mut last = Value::Undef;
    for (file, stmts) in main_code {
        c.ctx = Ctx::new(super::scope::TOP, file);
        last = match expr {
            Some(e) => c.eval(e)?,
            None => c.eval_statements(&stmts)?,
        };
    }
    c.run_generators()?;
    Ok(last)
}
