//! EPP templates (Embedded Puppet), parsed and rendered as Puppet 7 does.
//!
//! A template is text with tags: `<%= expr %>` renders a value, `<% code %>` runs Puppet code
//! (which may span tags: `<% $xs.each |$x| { %>text<% } %>`), `<%# comment %>` is dropped,
//! `<%%` and `%%>` are a literal `<%` and `%>`. `<%-` removes the spaces and tabs before the tag
//! on its line; `-%>` removes the spaces and tabs after the tag and one line break. The template
//! may start with a parameter list `<%- | String $x, Integer $y = 1 | -%>`.
//!
//! Parsing translates the template into Puppet source, parsed by [`crate::syntax`]: each text
//! segment becomes a call `plint_epp_text(N)` (N indexes the template's texts), each `<%= e %>` a
//! call `plint_epp_expr(e)`, code is copied as it is, and the whole is the body of a lambda
//! whose parameters are the template's. A map from the translated source back to the template
//! gives errors their place in the template.
//!
//! Rendering ([`render`]) binds the parameters in a new scope (Puppet's rules for missing,
//! unknown and mistyped parameters), evaluates the body and concatenates what it rendered.
//! `inline_epp` sees the caller's variables; `epp` sees only the top scope.

use std::fmt;
use std::path::{Path, PathBuf};

use super::error::{ErrorKind, EvalError, EvalResult, err};
use super::value::{Hash, TypeVal, Value};
use crate::discover::lookup::{self, FileFunction, Folder, ModuleTree, Probe, Resolution};
use crate::report::Severity;
use crate::sandbox::{Error as SandboxError, Located, Sandbox};
use crate::syntax::ast::{Block, Expr, ExprKind, Parameter};

mod files;

pub(crate) use files::module_dir;
use files::*;
pub use files::{ModulePath, template_error};

/// The function a text segment is translated to.
pub const TEXT_FN: &str = "plint_epp_text";
/// The function a `<%= expr %>` tag is translated to.
pub const EXPR_FN: &str = "plint_epp_expr";
/// The call whose lambda holds the template's parameters and body.
const TEMPLATE_FN: &str = "plint_epp_template";

/// A template that could not be parsed: the message and where in the template.
#[derive(Debug, Clone, PartialEq)]
pub struct EppError {
    pub message: String,
    /// Byte offset in the template.
    pub offset: usize,
    /// 1-based line and column (in characters) of the offset.
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for EppError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (line: {}, column: {})",
            self.message, self.line, self.column
        )
    }
}

impl std::error::Error for EppError {}

/// A piece of the translated source and where it comes from in the template.
#[derive(Debug, Clone, Copy)]
struct Segment {
    translated: usize,
    template: usize,
    /// Length of a verbatim copy; 0 for generated source (it maps to `template`).
    len: usize,
}

/// A parsed EPP template.
#[derive(Debug, Clone)]
pub struct EppTemplate {
    /// The declared parameters; `None` when the template has no parameter list.
    pub parameters: Option<Vec<Parameter>>,
    /// The body: its spans are offsets in the translated source (see [`Self::template_offset`]).
    pub body: Block,
    texts: Vec<String>,
    segments: Vec<Segment>,
    line_starts: Vec<usize>,
    source: String,
}

impl EppTemplate {
    /// Whether the template declares a parameter list (even an empty one).
    pub fn parameters_specified(&self) -> bool {
        self.parameters.is_some()
    }

    /// The text segment `i`.
    pub fn text(&self, i: usize) -> Option<&str> {
        self.texts.get(i).map(String::as_str)
    }

    /// The template offset of an offset in the translated source.
    pub fn template_offset(&self, translated: usize) -> usize {
        map_offset(&self.segments, translated)
    }

    /// The template's own text (the file's).
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The 1-based line and column (in characters) of a template offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        line_col(&self.source, &self.line_starts, offset)
    }
}

fn map_offset(segments: &[Segment], t: usize) -> usize {
    let i = segments.partition_point(|s| s.translated <= t);
    if i == 0 {
        return 0;
    }
    let s = segments[i - 1];
    s.template + (t - s.translated).min(s.len)
}

fn line_starts(src: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(src.match_indices('\n').map(|(i, _)| i + 1))
        .collect()
}

fn line_col(src: &str, starts: &[usize], offset: usize) -> (usize, usize) {
    let offset = offset.min(src.len());
    let line = starts.partition_point(|&s| s <= offset).max(1);
    let start = starts[line - 1];
    let col = src
        .get(start..offset)
        .map_or(offset - start, |s| s.chars().count());
    (line, col + 1)
}

/// What follows a text segment.
enum Mode {
    /// The end of the template.
    End,
    /// `<%` or `<%-`: Puppet code.
    Code,
    /// `<%=`: an expression to render.
    Expr,
}

/// Removes what a `-%>` trims from the start of the next text: spaces and tabs, then one line
/// break (`\n` or `\r\n`).
fn trim_leading(part: &str) -> &str {
    let rest = part.trim_start_matches([' ', '\t']);
    let rest = rest.strip_prefix('\r').unwrap_or(rest);
    rest.strip_prefix('\n').unwrap_or(rest)
}

/// The scanner of text mode, from `pos`: the text (with escapes and trimming applied), the mode
/// that follows and the position after the opening tag.
fn scan_text(
    src: &str,
    mut pos: usize,
    mut skip_leading: bool,
) -> Result<(String, Mode, usize), (String, usize)> {
    let mut s = String::new();
    loop {
        let (part_end, found) = match src[pos..].find("<%") {
            Some(i) => (pos + i + 2, true),
            None => (src.len(), false),
        };
        let mut part = &src[pos..part_end];
        if skip_leading {
            part = trim_leading(part);
            skip_leading = false;
        }
        s.push_str(&part.replace("%%>", "%>"));
        pos = part_end;
        if !found {
            return Ok((s, Mode::End, pos));
        }
        match src.as_bytes().get(pos) {
            None => {
                return Err((
                    "Unbalanced embedded expression - opening <% and reaching end of input".into(),
                    pos - 2,
                ));
            }
            Some(b'-') => {
                pos += 1;
                s.truncate(s.len() - 2);
                let kept = s.trim_end_matches([' ', '\t']).len();
                s.truncate(kept);
                return Ok((s, Mode::Code, pos));
            }
            Some(b'%') => {
                // `<%%`: a literal `<%`.
                pos += 1;
            }
            Some(b'=') => {
                pos += 1;
                s.truncate(s.len() - 2);
                return Ok((s, Mode::Expr, pos));
            }
            Some(b'#') => {
                s.truncate(s.len() - 2);
                let open = pos - 2;
                // The comment ends at the first `%>` not preceded by `%` (the `#` counts).
                let bytes = src.as_bytes();
                let end = (pos..bytes.len().saturating_sub(2))
                    .find(|&k| bytes[k] != b'%' && bytes[k + 1] == b'%' && bytes[k + 2] == b'>')
                    .map(|k| k + 3);
                let Some(end) = end else {
                    return Err((
                        "Reaching end after opening <%# without seeing %>".into(),
                        open,
                    ));
                };
                if bytes.get(pos + 1) == Some(&b'-') {
                    let kept = s.trim_end_matches([' ', '\t']).len();
                    s.truncate(kept);
                }
                skip_leading = src[..end].ends_with("-%>");
                pos = end;
            }
            Some(_) => {
                s.truncate(s.len() - 2);
                return Ok((s, Mode::Code, pos));
            }
        }
    }
}

/// Skips a single-quoted string starting at `i` (on the quote); the position after it.
fn skip_single(b: &[u8], mut i: usize) -> usize {
    i += 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'\'' => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// Skips a double-quoted string starting at `i` (on the quote), with `${...}` interpolations.
fn skip_double(b: &[u8], mut i: usize) -> usize {
    i += 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            b'$' if b.get(i + 1) == Some(&b'{') => {
                i = skip_braces(b, i + 2);
            }
            _ => i += 1,
        }
    }
    b.len()
}

/// Skips code up to and including the `}` that closes a brace opened before `i`.
fn skip_braces(b: &[u8], mut i: usize) -> usize {
    let mut depth = 1usize;
    while i < b.len() {
        match b[i] {
            b'\'' => i = skip_single(b, i),
            b'"' => i = skip_double(b, i),
            b'{' => {
                depth += 1;
                i += 1;
            }
            b'}' => {
                depth -= 1;
                i += 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => i += 1,
        }
    }
    b.len()
}

/// Finds the end of a code section starting at `pos`: (end of the code, position after the
/// closing tag, whether the tag is `-%>`). `None` if the template ends first.
fn scan_code(src: &str, pos: usize) -> Option<(usize, usize, bool)> {
    let b = src.as_bytes();
    let mut i = pos;
    while i < b.len() {
        match b[i] {
            b'\'' => i = skip_single(b, i),
            b'"' => i = skip_double(b, i),
            b'#' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = match src[i + 2..].find("*/") {
                    Some(k) => i + 2 + k + 2,
                    None => b.len(),
                };
            }
            b'%' if b.get(i + 1) == Some(&b'>') => return Some((i, i + 2, false)),
            b'-' if b.get(i + 1) == Some(&b'%') && b.get(i + 2) == Some(&b'>') => {
                return Some((i, i + 3, true));
            }
            _ => i += 1,
        }
    }
    None
}

/// The end (exclusive, after the closing `|`) of a parameter list starting at `i` (on `|`).
fn scan_params(b: &[u8], mut i: usize, end: usize) -> Option<usize> {
    i += 1;
    let mut depth = 0usize;
    while i < end {
        match b[i] {
            b'\'' => i = skip_single(b, i),
            b'"' => i = skip_double(b, i),
            b'(' | b'[' | b'{' => {
                depth += 1;
                i += 1;
            }
            b')' | b']' | b'}' => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            b'|' if depth == 0 => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// The translated source under construction.
#[derive(Default)]
struct Builder {
    out: String,
    segments: Vec<Segment>,
}

impl Builder {
    fn generated(&mut self, s: &str, at: usize) {
        self.segments.push(Segment {
            translated: self.out.len(),
            template: at,
            len: 0,
        });
        self.out.push_str(s);
    }

    fn verbatim(&mut self, s: &str, at: usize) {
        self.segments.push(Segment {
            translated: self.out.len(),
            template: at,
            len: s.len(),
        });
        self.out.push_str(s);
    }
}

/// Parses an EPP template.
pub fn parse(text: &str) -> Result<EppTemplate, EppError> {
    let starts = line_starts(text);
    let fail = |message: String, offset: usize| {
        let (line, column) = line_col(text, &starts, offset);
        Err(EppError {
            message,
            offset,
            line,
            column,
        })
    };
    let mut b = Builder::default();
    let mut texts: Vec<String> = Vec::new();
    let mut params_src: Option<(String, usize)> = None;
    let mut body = Builder::default();
    let mut pos = 0usize;
    let mut skip_leading = false;
    // Nothing but empty text so far: a parameter list may come.
    let mut at_start = true;
    let mut last_was_text = false;
    loop {
        let text_start = pos;
        let (s, mode, next) = match scan_text(text, pos, skip_leading) {
            Ok(r) => r,
            Err((m, at)) => return fail(m, at),
        };
        if !s.is_empty() {
            body.generated(&format!("{TEXT_FN}({})\n", texts.len()), text_start);
            texts.push(s);
            at_start = false;
            last_was_text = true;
        }
        pos = next;
        let open = pos;
        match mode {
            Mode::End => break,
            Mode::Code | Mode::Expr => {
                let Some((code_end, after, trim)) = scan_code(text, pos) else {
                    return fail(
                        "Unbalanced epp tag, reached <eof> without closing tag.".into(),
                        text[..open].rfind("<%").unwrap_or(0),
                    );
                };
                let mut code_start = pos;
                if matches!(mode, Mode::Code) {
                    let lead = text[pos..code_end].len() - text[pos..code_end].trim_start().len();
                    if text[pos + lead..code_end].starts_with('|') {
                        if !at_start {
                            let msg = if last_was_text {
                                "Ambiguous EPP parameter expression. Probably missing '<%-' before parameters to remove leading whitespace"
                            } else {
                                "Syntax error at '|'"
                            };
                            return fail(msg.into(), pos + lead);
                        }
                        let Some(pend) = scan_params(text.as_bytes(), pos + lead, code_end) else {
                            return fail("Syntax error at '|'".into(), pos + lead);
                        };
                        params_src = Some((text[pos + lead..pend].to_string(), pos + lead));
                        code_start = pend;
                    }
                    body.verbatim(&text[code_start..code_end], code_start);
                    body.generated("\n", code_end);
                } else {
                    body.generated(&format!("{EXPR_FN}("), open);
                    body.verbatim(&text[code_start..code_end], code_start);
                    body.generated("\n)\n", code_end);
                }
                at_start = false;
                last_was_text = false;
                pos = after;
                skip_leading = trim;
            }
        }
    }
    b.generated(&format!("{TEMPLATE_FN}() "), 0);
    match &params_src {
        Some((p, at)) => b.verbatim(p, *at),
        None => b.generated("| |", 0),
    }
    b.generated(" {\n", 0);
    let base = b.out.len();
    for s in &body.segments {
        b.segments.push(Segment {
            translated: s.translated + base,
            ..*s
        });
    }
    b.out.push_str(&body.out);
    b.generated("\n}\n", text.len());

    let parsed = crate::syntax::parse(&b.out);
    if let Some(d) = parsed
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
    {
        let at = map_offset(&b.segments, d.span.start);
        return fail(d.message.clone(), at);
    }
    let mut statements = parsed.ast.statements;
    let call = match (statements.len(), statements.pop()) {
        (1, Some(e)) => match e.kind {
            ExprKind::Call(c) if c.name() == Some(TEMPLATE_FN) => c,
            _ => return fail("Syntax error: unbalanced code in the template".into(), 0),
        },
        _ => {
            return fail(
                "Syntax error: unbalanced code in the template".into(),
                text.len(),
            );
        }
    };
    let Some(lambda) = call.lambda else {
        return fail("Syntax error: unbalanced code in the template".into(), 0);
    };
    if let Some(p) = lambda.params.iter().find(|p| p.captures_rest) {
        return fail(
            format!(
                "Parameter ${} is not last, and has 'captures rest'",
                p.name.name
            ),
            map_offset(&b.segments, p.span.start as usize),
        );
    }
    for (i, p) in lambda.params.iter().enumerate() {
        if lambda.params[..i]
            .iter()
            .any(|q| q.name.name == p.name.name)
        {
            return fail(
                format!("The parameter '{}' is declared more than once", p.name.name),
                map_offset(&b.segments, p.span.start as usize),
            );
        }
    }
    Ok(EppTemplate {
        parameters: params_src.map(|_| lambda.params),
        body: lambda.body,
        texts,
        segments: b.segments,
        line_starts: starts,
        source: text.to_string(),
    })
}

// ------------------------------------------------------------------------- rendering

/// Which variables a template sees besides its parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visibility {
    /// The caller's variables (`inline_epp`).
    Caller,
    /// The top scope only (`epp`).
    TopScope,
}

/// What an evaluator provides to render templates: the catalog compiler implements it (this
/// module comes before the compiler in the layering), and routes calls of the names of
/// [`is_template_function`] to [`call`].
pub trait EppHost {
    /// The templates being rendered, innermost last (the host keeps the stack; it starts
    /// empty).
    fn epp_frames(&mut self) -> &mut Vec<RenderFrame>;
    /// Runs `f` in a new local scope: on top of the current scopes (`inline_epp`), or of the
    /// top scope alone when `top_only` (`epp`). `source` is where the template's code is, for
    /// the locations of what its evaluation finds.
    fn in_template_scope(
        &mut self,
        top_only: bool,
        source: TemplateSource<'_>,
        f: &mut dyn FnMut(&mut Self) -> EvalResult<Option<Value>>,
    ) -> EvalResult<Option<Value>>;
    /// Sets a variable in the innermost scope.
    fn set_var(&mut self, name: &str, value: Value) -> EvalResult<()>;
    fn eval(&mut self, e: &Expr) -> EvalResult;
    fn eval_statements(&mut self, statements: &[Expr]) -> EvalResult;
    /// Where `epp('mod/file.epp')` and `template()` find module templates; empty when not
    /// known (then `epp()` of a file is unknown).
    fn modulepath(&self) -> &[PathBuf];
    /// Where files are read (see [`crate::sandbox`]).
    fn sandbox(&self) -> &Sandbox;
    /// The compilation's compiled regexps (for the `Pattern` types of template parameters).
    fn regexes(&self) -> &crate::types::RegexCache;
    /// A file the sandbox refused to read, named as the manifest wrote it: the host reports it
    /// (the value read is unknown, and the compilation goes on).
    fn refused(&mut self, _written: &str, _why: &SandboxError) {}
    /// The error for template arguments that do not match the template's parameters (the
    /// compiler reports it as a parameter type mismatch).
    fn parameter_error(&mut self, message: String) -> EvalError {
        EvalError::new(message)
    }
    /// The most text (in bytes) one template may render.
    fn template_limit(&self) -> usize {
        crate::eval::budget::MAX_STRING_BYTES
    }
    /// The template file at `path`, whose text is `text`, parsed. A host may remember it by
    /// its path (a template file does not change while a catalog compiles).
    fn parsed_template(
        &mut self,
        path: &Path,
        text: &str,
    ) -> Result<std::sync::Arc<EppTemplate>, EppError> {
        let _ = path;
        parse(text).map(std::sync::Arc::new)
    }
}

/// The budget error when a template's text would pass `max` bytes.
fn check_template_size(len: usize, max: usize) -> EvalResult<()> {
    if len > max {
        return Err(crate::eval::budget::exceeded(
            "template size",
            format!("{max} bytes rendered by one template"),
        ));
    }
    Ok(())
}

/// Where a rendered template's code is: a template file (its spans are offsets in the
/// template's translated source, [`EppTemplate::template_offset`] maps them to the file), or
/// the text of an `inline_epp()` call (located at the call).
#[derive(Debug, Clone, Copy)]
pub enum TemplateSource<'a> {
    File(&'a Path, &'a EppTemplate),
    Inline,
}

/// What a template renders to, while it is rendered.
#[derive(Debug, Default)]
pub struct RenderFrame {
    texts: Vec<String>,
    out: String,
    sensitive: bool,
    unknown: Option<String>,
}

impl RenderFrame {
    /// The template's text depends on something plint does not know (a branch not taken on an
    /// unknown condition): it renders as an unknown String with this origin.
    pub fn mark_unknown(&mut self, origin: &str) {
        self.unknown.get_or_insert_with(|| origin.to_string());
    }
}

/// Renders a template with its arguments: the text, `Sensitive` if a sensitive value was
/// rendered, an unknown String if an unknown value was. `func` names the calling function in
/// messages.
pub fn render<H: EppHost + ?Sized>(
    ev: &mut H,
    template: &EppTemplate,
    args: &Hash,
    visibility: Visibility,
    func: &str,
    source: TemplateSource<'_>,
) -> EvalResult {
    let mut given: Vec<(String, Value)> = Vec::new();
    for (k, v) in args.iter() {
        match k {
            Value::String(s)
                if !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_') =>
            {
                given.push((s.clone(), v.clone()));
            }
            _ => {
                return err(format!(
                    "'{func}' parameter 'parameters' key of entry '{}' expects a match for Pattern[/^\\w+$/], got {}",
                    k.to_puppet_string(),
                    k.type_name()
                ));
            }
        }
    }
    ev.epp_frames().push(RenderFrame {
        texts: template.texts.clone(),
        ..RenderFrame::default()
    });
    let result = ev.in_template_scope(visibility == Visibility::TopScope, source, &mut |ev| {
        bind_parameters(ev, template, &given)?;
        match ev.eval_statements(&template.body.statements) {
            // `next(v)` ends the template with `v` instead of the text, `return(v)` the
            // calling function.
            Err(e) => match e.kind {
                ErrorKind::Next(v) => match v {
                    Value::String(_) | Value::Sensitive(_) | Value::Unknown(_) => Ok(Some(v)),
                    other => err(format!(
                        "value returned from function '{func}' has wrong type, expects a value of type String or Sensitive[String], got {}",
                        other.type_name()
                    )),
                },
                ErrorKind::Return(v) => Ok(Some(v)),
                _ => Err(e),
            },
            Ok(_) => Ok(None),
        }
    });
    let frame = ev.epp_frames().pop().unwrap_or_default();
    if let Err(mut e) = result {
        if e.is_error()
            && let Some(span) = e.span.take()
        {
            let (line, col) = template.line_col(template.template_offset(span.start as usize));
            e.in_template(line, col);
        }
        return Err(e);
    }
    if let Ok(Some(v)) = result {
        return Ok(v);
    }
    if let Some(origin) = frame.unknown {
        return Ok(Value::unknown("String", &origin));
    }
    if frame.sensitive {
        return Ok(Value::Sensitive(std::sync::Arc::new(Value::String(
            frame.out,
        ))));
    }
    Ok(Value::String(frame.out))
}

fn bind_parameters<H: EppHost + ?Sized>(
    ev: &mut H,
    template: &EppTemplate,
    given: &[(String, Value)],
) -> EvalResult<()> {
    let Some(params) = &template.parameters else {
        // No parameter list: every argument is a variable, unchecked.
        for (k, v) in given {
            ev.set_var(k, v.clone())?;
        }
        return Ok(());
    };
    let lookup = |name: &str| given.iter().find(|(k, _)| k == name).map(|(_, v)| v);
    for (k, v) in given {
        if !v.is_undef() && params.iter().any(|p| &p.name.name == k) {
            ev.set_var(k, v.clone())?;
        }
    }
    let mut errors: Vec<String> = given
        .iter()
        .filter(|(k, _)| !params.iter().any(|p| &p.name.name == k))
        .map(|(k, _)| format!("has no parameter named '{k}'"))
        .collect();
    for p in params {
        let name = &p.name.name;
        let arg = lookup(name);
        let value = match arg {
            Some(v) if !v.is_undef() => Some(v.clone()),
            _ => match &p.default {
                Some(d) => {
                    let v = ev.eval(d)?;
                    ev.set_var(name, v.clone())?;
                    Some(v)
                }
                None if arg.is_some() => {
                    ev.set_var(name, Value::Undef)?;
                    Some(Value::Undef)
                }
                None => None,
            },
        };
        match value {
            None => errors.push(format!("expects a value for parameter '{name}'")),
            Some(v) => {
                if let Some(texpr) = &p.type_expr {
                    let t = match ev.eval(texpr)? {
                        Value::Type(t) => t,
                        other => {
                            return err(format!(
                                "The type of parameter '{name}' is not a type: {}",
                                other.type_name()
                            ));
                        }
                    };
                    if let Some(msg) = mismatch(ev.regexes(), name, &t, &v) {
                        errors.push(msg);
                    }
                }
            }
        }
    }
    match errors.len() {
        0 => Ok(()),
        1 => Err(ev.parameter_error(format!("lambda: {}", errors[0]))),
        _ => Err(ev.parameter_error(format!("lambda:\n {}", errors.join("\n ")))),
    }
}

/// Puppet's message when `v` is not of type `t`, `None` when it is (or cannot be known).
fn mismatch(
    regexes: &crate::types::RegexCache,
    name: &str,
    t: &TypeVal,
    v: &Value,
) -> Option<String> {
    if super::value_type::instance_of(regexes, v, t) != Some(false) {
        return None;
    }
    let calc = crate::types::TypeCalculator::with_regexes(&crate::types::NoAliases, regexes);
    calc.describe_mismatch(
        &format!("parameter '{name}'"),
        t.ty(),
        &super::value_type::infer(v),
    )
}

/// Whether [`call`] implements the function: the reserved text and expression functions of
/// translated templates, `inline_epp`, `epp`, `template`, `inline_template`, `file` (a
/// module file's content), and the functions that look files up on the module path
/// (`find_file`, `find_template`, `module_directory`, `binary_file`).
pub fn is_template_function(name: &str) -> bool {
    matches!(
        name,
        TEXT_FN
            | EXPR_FN
            | "inline_epp"
            | "epp"
            | "template"
            | "inline_template"
            | "file"
            | "find_file"
            | "find_template"
            | "module_directory"
            | "binary_file"
    )
}

/// Calls one of the template functions (see [`is_template_function`]).
pub fn call<H: EppHost + ?Sized>(ev: &mut H, name: &str, args: Vec<Value>) -> EvalResult {
    match name {
        TEXT_FN => render_text(ev, &args),
        EXPR_FN => render_expr(ev, args),
        "inline_epp" => inline_epp(ev, args),
        "epp" => epp_file(ev, args),
        "template" | "inline_template" => erb(ev, name, &args),
        "file" => file_content(ev, &args),
        "find_file" | "find_template" | "module_directory" => find_on_modulepath(ev, name, &args),
        "binary_file" => binary_file(ev, &args),
        _ => err(format!("Unknown function: '{name}'.")),
    }
}

fn render_text<H: EppHost + ?Sized>(ev: &mut H, args: &[Value]) -> EvalResult {
    let max = ev.template_limit();
    let Some(frame) = ev.epp_frames().last_mut() else {
        return err(format!("Unknown function: '{TEXT_FN}'."));
    };
    if let Some(Value::Integer(i)) = args.first()
        && let Some(t) = usize::try_from(*i).ok().and_then(|i| frame.texts.get(i))
    {
        check_template_size(frame.out.len().saturating_add(t.len()), max)?;
        frame.out.push_str(t);
    }
    Ok(Value::Undef)
}

fn render_expr<H: EppHost + ?Sized>(ev: &mut H, args: Vec<Value>) -> EvalResult {
    let max = ev.template_limit();
    let Some(frame) = ev.epp_frames().last_mut() else {
        return err(format!("Unknown function: '{EXPR_FN}'."));
    };
    if args.len() != 1 {
        return err("A <%= %> tag must hold one expression");
    }
    let v = args.into_iter().next().unwrap_or(Value::Undef);
    if let Value::String(t) = &v {
        check_template_size(frame.out.len().saturating_add(t.len()), max)?;
    }
    match v {
        Value::Sensitive(inner) => {
            frame.sensitive = true;
            if let Some(u) = inner.first_unknown() {
                frame.unknown.get_or_insert_with(|| u.origin.to_string());
            }
            inner.write_puppet_string(&mut frame.out);
        }
        v => {
            if let Some(u) = v.first_unknown() {
                frame.unknown.get_or_insert_with(|| u.origin.to_string());
            }
            v.write_puppet_string(&mut frame.out);
        }
    }
    check_template_size(frame.out.len(), max)?;
    Ok(Value::Undef)
}

/// The optional arguments hash of `inline_epp` and `epp`.
fn template_args(func: &str, args: &[Value]) -> EvalResult<Hash> {
    match args.get(1) {
        None | Some(Value::Undef) => Ok(Hash::new()),
        Some(Value::Hash(h)) => Ok(h.as_ref().clone()),
        Some(other) => err(format!(
            "'{func}' parameter 'parameters' expects a value of type Undef or Hash, got {}",
            other.type_name()
        )),
    }
}

fn check_arity(func: &str, args: &[Value]) -> EvalResult<()> {
    if args.is_empty() || args.len() > 2 {
        return err(format!(
            "'{func}' expects between 1 and 2 arguments, got {}",
            args.len()
        ));
    }
    Ok(())
}

fn inline_epp<H: EppHost + ?Sized>(ev: &mut H, args: Vec<Value>) -> EvalResult {
    check_arity("inline_epp", &args)?;
    let params = template_args("inline_epp", &args)?;
    let src = match &args[0] {
        Value::String(s) => s,
        Value::Unknown(_) => {
            return Ok(Value::unknown("String", "inline_epp() of an unknown text"));
        }
        other => {
            return err(format!(
                "'inline_epp' parameter 'template' expects a String value, got {}",
                other.type_name()
            ));
        }
    };
    let template =
        parse(src).map_err(|e| EvalError::new(format!("inline_epp(): Invalid EPP: {e}")))?;
    render(
        ev,
        &template,
        &params,
        Visibility::Caller,
        "inline_epp",
        TemplateSource::Inline,
    )
}

fn epp_file<H: EppHost + ?Sized>(ev: &mut H, args: Vec<Value>) -> EvalResult {
    check_arity("epp", &args)?;
    let params = template_args("epp", &args)?;
    let name = match &args[0] {
        Value::String(s) => s.clone(),
        Value::Unknown(_) => return Ok(Value::unknown("String", "epp() of an unknown file")),
        other => {
            return err(format!(
                "'epp' parameter 'path' expects a String value, got {}",
                other.type_name()
            ));
        }
    };
    let tree = ModulePath {
        sandbox: ev.sandbox(),
        dirs: ev.modulepath(),
    };
    let path = match lookup::resolve(&tree, FileFunction::Epp, &[&name]) {
        Resolution::Found {
            path,
            folder: false,
            ..
        } => path,
        Resolution::Found { path, .. } => {
            return err(format!(
                "epp(): Invalid EPP: {} is a directory",
                path.display()
            ));
        }
        Resolution::Refused { name, error } => {
            ev.refused(&name, &error);
            return Ok(Value::unknown(
                "String",
                &format!("epp('{name}') (not read)"),
            ));
        }
        Resolution::NotFound { names } => {
            let name = names.first().map_or(name.as_str(), String::as_str);
            return err(format!("Could not find template '{name}'"));
        }
        _ => return Ok(Value::unknown("String", &format!("epp('{name}')"))),
    };
    let text = match ev.sandbox().read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.is_refusal() => {
            ev.refused(&path.display().to_string(), &e);
            return Ok(Value::unknown(
                "String",
                &format!("epp('{name}') (not read)"),
            ));
        }
        Err(e) => return err(format!("epp(): cannot read {}: {e}", path.display())),
    };
    let template = ev.parsed_template(&path, &text).map_err(|e| {
        EvalError::new(format!(
            "epp(): Invalid EPP: {} (file: {}, line: {}, column: {})",
            e.message,
            path.display(),
            e.line,
            e.column
        ))
    })?;
    render(
        ev,
        &template,
        &params,
        Visibility::TopScope,
        "epp",
        TemplateSource::File(&path, &template),
    )
}

#[cfg(test)]
mod tests;
