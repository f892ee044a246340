//! `P509` unknown-hiera-key: a Hiera data key `class::param` for a class that has no such
//! parameter.

use super::{FileContext, ModuleFileCheck};
use crate::declare_rule;
use crate::defs::model::ClassKind;
use crate::discover::FileKind;
use crate::eval::value::Value;

declare_rule! {
    /// ## What it does
    /// Finds a key of a Hiera data file written `class::parameter` where the class is one of
    /// the program's and has no such parameter, and no manifest looks the key up by name
    /// (`lookup('class::parameter')`). Keys of classes plint does not know (an absent module,
    /// keys read with `lookup()` under another name) are not checked.
    ///
    /// ## Why is this bad?
    /// Puppet binds a class parameter from the key `class::parameter` only: a misspelt key,
    /// or one left behind when the parameter was renamed, is silently ignored, and the class
    /// takes its default.
    ///
    /// ## Example
    /// ```yaml
    /// # file: ntp/manifests/init.pp
    /// class ntp (Array[String] $servers = []) { }
    /// # file: ntp/data/common.yaml
    /// ntp::server:
    ///   - 0.pool.ntp.org
    /// ```
    ///
    /// ## Use instead
    /// ```yaml
    /// # file: ntp/manifests/init.pp
    /// class ntp (Array[String] $servers = []) { }
    /// # file: ntp/data/common.yaml
    /// ntp::servers:
    ///   - 0.pool.ntp.org
    /// ```
    pub struct UnknownHieraKey {
        code: "P509",
        name: "unknown-hiera-key",
        severity: Warning,
        category: Module,
    }
}

impl ModuleFileCheck for UnknownHieraKey {
    fn kinds(&self) -> &'static [FileKind] {
        &[FileKind::HieraData]
    }

    fn needs_program(&self) -> bool {
        true
    }

    fn check(&self, cx: &mut FileContext<'_>) {
        let program = cx.program;
        let json = cx.path.extension().is_some_and(|e| e == "json");
        let parsed = if json {
            crate::eval::yaml::parse_json(cx.text)
        } else {
            crate::eval::yaml::parse(cx.text)
        };
        let Ok(Value::Hash(data)) = parsed else {
            return;
        };
        let mut found = Vec::new();
        for (k, _) in data.iter() {
            let Value::String(key) = k else {
                continue;
            };
            let key = key.trim_start_matches("::");
            let Some((class, param)) = key.rsplit_once("::") else {
                continue;
            };
            let Some(def) = program.definition(class) else {
                continue;
            };
            if def.kind != ClassKind::Class
                || def.param(param).is_some()
                || program.is_looked_up(key)
            {
                continue;
            }
            let near = def
                .params
                .iter()
                .filter_map(|p| {
                    let d = crate::suggest::distance(&p.name, param);
                    (d <= 2).then_some((d, p.name.as_str()))
                })
                .min();
            let span = key_span(cx.text, key);
            let mut d = cx
                .diagnostic(
                    span,
                    format!("the class `{}` has no parameter `{param}`", def.name),
                )
                .with_label("Hiera binds no parameter from this key");
            d = match near {
                Some((_, p)) => d.with_help(format!("did you mean `{}::{p}`?", def.name)),
                None => d.with_help(format!(
                    "Puppet ignores the key unless code looks it up with `lookup('{key}')`; \
                     remove it, or fix the parameter's name"
                )),
            };
            found.push(d);
        }
        found.into_iter().for_each(|d| cx.report(d));
    }
}

/// The span of `key` written as a key at the start of a line (YAML) or quoted (JSON), else
/// the file's start.
fn key_span(text: &str, key: &str) -> std::ops::Range<usize> {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let body = line.trim_start_matches([' ', '\t', '{', ',']);
        let indent = line.len() - body.len();
        for candidate in [key.to_string(), format!("\"{key}\""), format!("'{key}'")] {
            if body.starts_with(&candidate)
                && body[candidate.len()..].trim_start().starts_with(':')
            {
                return at + indent..at + indent + candidate.len();
            }
        }
        at += line.len();
    }
    0..0
}
