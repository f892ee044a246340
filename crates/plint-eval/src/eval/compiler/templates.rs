//! Templates in the compiler: the compiler is an [`EppHost`], so `epp()`, `inline_epp()`,
//! `file()`, `template()` and `inline_template()` are the ones of [`crate::eval::epp`]: EPP is
//! rendered (`epp()` with the top scope visible, `inline_epp()` with the caller's scope); ERB
//! is rendered by [`super::ruby`].

use std::sync::Arc;

use super::Compiler;
use super::ruby::RubyVariables;
use super::scope::{Ctx, Frame, ScopeId};
use crate::eval::diag::{EvalDiagKind, ValueFrom};
use crate::eval::epp::{self, EppError, EppHost, EppTemplate, RenderFrame, TemplateSource};
use crate::eval::error::{EvalError, EvalResult, err};
use crate::eval::value::Value;
use crate::ruby::Value as RValue;
use crate::sandbox::{Error as SandboxError, Sandbox};
use crate::syntax::ast::{Expr, Span};

/// How deeply templates may render templates.
const MAX_TEMPLATE_DEPTH: usize = 50;

/// The templates of one compilation: those being rendered, the call that renders them and the
/// variables ERB templates set (the parsed EPP files are the run's: see
/// [`super::RubyCache::epp`]).
#[derive(Default)]
pub(crate) struct Templates {
    /// EPP templates being rendered, innermost last.
    epp_frames: Vec<RenderFrame>,
    /// The call of the template or file function being evaluated.
    call: Span,
    /// ERB templates being rendered (a template may render others).
    erb_depth: usize,
    /// Variables ERB templates set with `scope.setvar`, as Ruby objects.
    ruby_variables: RubyVariables,
}

impl Templates {
    /// The call of the template or file function being evaluated (or of the Ruby function
    /// being run).
    pub fn call(&self) -> Span {
        self.call
    }

    /// Sets the call being evaluated; gives the one it replaces.
    pub fn set_call(&mut self, span: Span) -> Span {
        std::mem::replace(&mut self.call, span)
    }

    /// The EPP template being rendered, innermost.
    pub fn innermost_epp(&mut self) -> Option<&mut RenderFrame> {
        self.epp_frames.last_mut()
    }

    /// The Ruby object a template stored in the variable `name` of `scope`.
    pub fn ruby_variable(&self, scope: ScopeId, name: &str) -> Option<&RValue> {
        self.ruby_variables.get(&(scope, name.to_string()))
    }

    /// Remembers the Ruby object a template stored in the variable `name` of `scope`.
    pub fn set_ruby_variable(&mut self, scope: ScopeId, name: &str, value: RValue) {
        self.ruby_variables.insert((scope, name.to_string()), value);
    }

    fn too_deep(&self) -> bool {
        self.epp_frames.len() + self.erb_depth > MAX_TEMPLATE_DEPTH
    }
}

impl Compiler<'_> {
    /// The template functions; `None` for other names.
    pub fn template_function(
        &mut self,
        name: &str,
        args: &[Value],
        span: Span,
    ) -> Option<EvalResult> {
        if !epp::is_template_function(name) {
            return None;
        }
        self.templates.set_call(span);
        if self.templates.too_deep() {
            return Some(err("Templates nested too deeply"));
        }
        if matches!(name, "template" | "inline_template") {
            self.templates.erb_depth += 1;
            let r = self.erb_function(name, args);
            self.templates.erb_depth -= 1;
            return Some(r);
        }
        Some(epp::call(self, name, args.to_vec()))
    }
}

impl EppHost for Compiler<'_> {
    fn epp_frames(&mut self) -> &mut Vec<RenderFrame> {
        &mut self.templates.epp_frames
    }

    fn in_template_scope(
        &mut self,
        top_only: bool,
        source: TemplateSource<'_>,
        f: &mut dyn FnMut(&mut Self) -> EvalResult<Option<Value>>,
    ) -> EvalResult<Option<Value>> {
        // The template's code is evaluated in a file of its own, so that what it finds is
        // located in the template (or at the `inline_epp()` call).
        let file = match source {
            TemplateSource::File(path, template) => self.loader.template_file(path, template),
            TemplateSource::Inline => self
                .loader
                .inline_template(self.ctx.file, self.templates.call),
        };
        let saved = if top_only {
            Some(std::mem::replace(
                &mut self.ctx,
                Ctx::new(super::scope::TOP, file),
            ))
        } else {
            None
        };
        let caller_file = std::mem::replace(&mut self.ctx.file, file);
        self.ctx.frames.push(Frame::default());
        let result = f(self);
        self.ctx.frames.pop();
        self.ctx.file = caller_file;
        if let Some(s) = saved {
            self.ctx = s;
        }
        result
    }

    fn set_var(&mut self, name: &str, value: Value) -> EvalResult<()> {
        Compiler::set_var(self, name, value)
    }

    fn eval(&mut self, e: &Expr) -> EvalResult {
        Compiler::eval(self, e)
    }

    fn eval_statements(&mut self, statements: &[Expr]) -> EvalResult {
        Compiler::eval_statements(self, statements)
    }

    fn modulepath(&self) -> &[std::path::PathBuf] {
        &self.input.modulepath
    }

    fn sandbox(&self) -> &Sandbox {
        &self.input.sandbox
    }
    fn regexes(&self) -> &crate::types::RegexCache {
        &self.regexes
    }

    fn refused(&mut self, written: &str, why: &SandboxError) {
        let kind = EvalDiagKind::RefusedRead {
            written: written.to_string(),
            why: why.to_string(),
        };
        self.note(kind, self.templates.call);
    }

    fn parameter_error(&mut self, message: String) -> EvalError {
        EvalError::finding(EvalDiagKind::ParameterType {
            owner: None,
            mismatch: message,
            from: ValueFrom::Given,
        })
    }

    fn template_limit(&self) -> usize {
        self.limits.budgets().template_bytes
    }

    fn parsed_template(
        &mut self,
        path: &std::path::Path,
        text: &str,
    ) -> Result<Arc<EppTemplate>, EppError> {
        self.input.ruby.epp(path, text)
    }
}
