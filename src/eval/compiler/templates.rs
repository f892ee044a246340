//! EPP templates in the compiler: `epp()` renders a module's template with the top scope
//! visible, `inline_epp()` with the caller's scope; the template's text and `<%= %>` values
//! are collected in a render frame. ERB (`template()`, `inline_template()`) stays unknown.

use std::rc::Rc;

use super::Compiler;
use super::scope::{Ctx, Frame};
use crate::eval::epp::{self, EppTemplate};
use crate::eval::error::{ErrorKind, EvalError, EvalResult, err};
use crate::eval::value::{Hash, Value};

/// What a template renders to, while it is rendered.
pub struct RenderFrame {
    template: Rc<EppTemplate>,
    out: String,
    sensitive: bool,
    unknown: Option<String>,
}

impl Compiler<'_> {
    /// The template functions; `None` for other names.
    pub fn template_function(&mut self, name: &str, args: &[Value]) -> Option<EvalResult> {
        Some(match name {
            epp::TEXT_FN => {
                let Some(f) = self.epp_frames.last_mut() else {
                    return Some(err(format!("Unknown function: '{name}'.")));
                };
                if let Some(Value::Integer(i)) = args.first()
                    && let Some(t) = usize::try_from(*i).ok().and_then(|i| f.template.text(i))
                {
                    f.out.push_str(t);
                }
                Ok(Value::Undef)
            }
            epp::EXPR_FN => {
                let Some(f) = self.epp_frames.last_mut() else {
                    return Some(err(format!("Unknown function: '{name}'.")));
                };
                let v = args.first().cloned().unwrap_or(Value::Undef);
                let v = match v {
                    Value::Sensitive(inner) => {
                        f.sensitive = true;
                        inner.as_ref().clone()
                    }
                    v => v,
                };
                if let Some(u) = v.first_unknown() {
                    f.unknown.get_or_insert_with(|| u.origin.to_string());
                }
                v.write_puppet_string(&mut f.out);
                Ok(Value::Undef)
            }
            "inline_epp" | "epp" => self.epp_call(name, args),
            _ => return None,
        })
    }

    fn epp_call(&mut self, name: &str, args: &[Value]) -> EvalResult {
        if args.is_empty() || args.len() > 2 {
            return err(format!(
                "'{name}' expects between 1 and 2 arguments, got {}",
                args.len()
            ));
        }
        let params = match args.get(1) {
            None | Some(Value::Undef) => Hash::new(),
            Some(Value::Hash(h)) => h.as_ref().clone(),
            Some(Value::Unknown(_)) => {
                return Ok(Value::unknown(
                    "String",
                    &format!("{name}() with unknown parameters"),
                ));
            }
            Some(other) => {
                return err(format!(
                    "'{name}' parameter 'parameters' expects a value of type Undef or Hash, got {}",
                    other.type_name()
                ));
            }
        };
        let src = match &args[0] {
            Value::String(s) => s.clone(),
            Value::Unknown(_) => {
                return Ok(Value::unknown(
                    "String",
                    &format!("{name}() of an unknown template"),
                ));
            }
            other => {
                return err(format!(
                    "'{name}' parameter 'template' expects a String value, got {}",
                    other.type_name()
                ));
            }
        };
        let text = if name == "epp" {
            let Some(path) = epp::template_path(&self.input.modulepath, &src) else {
                return err(format!("Could not find template '{src}'"));
            };
            std::fs::read_to_string(&path)
                .map_err(|e| EvalError::new(format!("Could not read template '{src}': {e}")))?
        } else {
            src.clone()
        };
        let template =
            epp::parse(&text).map_err(|e| EvalError::new(format!("{name}(): Invalid EPP: {e}")))?;
        self.render(Rc::new(template), &params, name == "epp", name)
    }

    fn render(
        &mut self,
        template: Rc<EppTemplate>,
        args: &Hash,
        top_only: bool,
        func: &str,
    ) -> EvalResult {
        if self.epp_frames.len() > 50 {
            return err("Templates nested too deeply");
        }
        let mut given = Vec::new();
        for (k, v) in args.iter() {
            match k {
                Value::String(s) => given.push((s.clone(), v.clone())),
                other => {
                    return err(format!(
                        "'{func}' parameter 'parameters' key of entry '{}' expects a match for Pattern[/^\\w+$/], got {}",
                        other.to_puppet_string(),
                        other.type_name()
                    ));
                }
            }
        }
        self.epp_frames.push(RenderFrame {
            template: template.clone(),
            out: String::new(),
            sensitive: false,
            unknown: None,
        });
        let saved = if top_only {
            let file = self.ctx.file;
            Some(std::mem::replace(&mut self.ctx, Ctx::new(self.top, file)))
        } else {
            None
        };
        self.ctx.frames.push(Frame::default());
        let result = (|| {
            self.bind_template_params(&template, &given)?;
            match self.eval_statements(&template.body.statements) {
                Err(e) => match e.kind {
                    ErrorKind::Next(v) | ErrorKind::Return(v) => Ok(Some(v)),
                    _ => Err(e),
                },
                Ok(_) => Ok(None),
            }
        })();
        self.ctx.frames.pop();
        if let Some(s) = saved {
            self.ctx = s;
        }
        let frame = self.epp_frames.pop();
        let mut result = result;
        if let Err(e) = &mut result
            && e.is_error()
            && let Some(span) = e.span.take()
        {
            let (line, col) = template.line_col(template.template_offset(span.start as usize));
            e.message = format!(
                "{} (in the template, line: {line}, column: {col})",
                e.message
            );
        }
        if let Some(v) = result? {
            return Ok(v);
        }
        let Some(frame) = frame else {
            return Ok(Value::Undef);
        };
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

    fn bind_template_params(
        &mut self,
        template: &EppTemplate,
        given: &[(String, Value)],
    ) -> EvalResult<()> {
        let Some(params) = &template.parameters else {
            for (k, v) in given {
                self.set_var(k, v.clone())?;
            }
            return Ok(());
        };
        let mut errors: Vec<String> = given
            .iter()
            .filter(|(k, _)| !params.iter().any(|p| &p.name.name == k))
            .map(|(k, _)| format!("has no parameter named '{k}'"))
            .collect();
        for p in params {
            let name = p.name.name.clone();
            let arg = given
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.clone());
            let value = match &arg {
                Some(v) if !v.is_undef() => Some(v.clone()),
                _ => match &p.default {
                    Some(d) => Some(self.eval(d)?),
                    None if arg.is_some() => Some(Value::Undef),
                    None => None,
                },
            };
            match value {
                None => errors.push(format!("expects a value for parameter '{name}'")),
                Some(v) => {
                    if let Some(te) = &p.type_expr
                        && let Value::Type(t) = self.eval(te)?
                        && let Some(m) =
                            self.type_mismatch(t.ty(), &v, &format!("parameter '{name}'"))
                    {
                        errors.push(m);
                    }
                    self.set_var(&name, v)?;
                }
            }
        }
        match errors.len() {
            0 => Ok(()),
            1 => err(format!("lambda: {}", errors[0])),
            _ => err(format!("lambda:\n {}", errors.join("\n "))),
        }
    }
}
