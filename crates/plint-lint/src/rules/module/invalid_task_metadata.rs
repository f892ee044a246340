//! `P510` invalid-task-metadata: a Bolt task's metadata that Bolt refuses, or a task with no
//! implementation.

use serde_json::Value;

use super::metadata::key_span;
use super::{FileContext, ModuleFileCheck};
use crate::declare_rule;
use crate::discover::FileKind;

declare_rule! {
    /// ## What it does
    /// Checks a module's task metadata (`tasks/<name>.json`) as Bolt reads it: a JSON object;
    /// `parameters` an object whose names are lower-case words and whose `type` is a Puppet
    /// type; `input_method` one of `environment`, `stdin`, `powershell` and `both`;
    /// `implementations` a list of objects naming files of the `tasks` folder; and a task with
    /// an implementation: a file `tasks/<name>.<ext>` beside it, or those `implementations`
    /// names.
    ///
    /// ## Why is this bad?
    /// Bolt (and `puppet task run`) refuses to run the task: "invalid task metadata", or
    /// "no implementation found". The task's callers fail on every target.
    ///
    /// ## Example
    /// ```json
    /// # file: ntp/tasks/restart.json
    /// {
    ///   "description": "Restarts NTP.",
    ///   "input_method": "args",
    ///   "parameters": { "Force": { "type": "Boolean" } }
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```json
    /// # file: ntp/tasks/restart.json
    /// {
    ///   "description": "Restarts NTP.",
    ///   "input_method": "environment",
    ///   "parameters": { "force": { "type": "Boolean" } }
    /// }
    /// ```
    pub struct InvalidTaskMetadata {
        code: "P510",
        name: "invalid-task-metadata",
        severity: Error,
        category: Module,
    }
}

const INPUT_METHODS: &[&str] = &["environment", "stdin", "powershell", "both"];

impl ModuleFileCheck for InvalidTaskMetadata {
    fn kinds(&self) -> &'static [FileKind] {
        &[FileKind::TaskMetadata]
    }

    fn check(&self, cx: &mut FileContext<'_>) {
        let text = cx.text;
        let mut found: Vec<(std::ops::Range<usize>, String, String)> = Vec::new();
        let map = match serde_json::from_str::<Value>(text) {
            Ok(Value::Object(map)) => map,
            Ok(_) => {
                found.push((0..0, "the task metadata is not a JSON object".into(), "write `{ \"description\": ..., \"parameters\": { ... } }`".into()));
                serde_json::Map::new()
            }
            Err(e) => {
                found.push((
                    0..0,
                    format!("the task metadata is not valid JSON: {e}"),
                    "JSON allows no trailing comma and no comment; strings take double quotes"
                        .into(),
                ));
                serde_json::Map::new()
            }
        };
        if let Some(params) = map.get("parameters") {
            match params.as_object() {
                None => found.push((
                    key_span(text, "parameters"),
                    "`parameters` is not an object".into(),
                    "write `\"parameters\": { \"name\": { \"type\": \"String\" } }`".into(),
                )),
                Some(params) => {
                    for (name, spec) in params {
                        let at = quoted_span(text, name);
                        if !is_task_param_name(name) {
                            found.push((
                                at.clone(),
                                format!("the parameter name `{name}` is not a lower-case word"),
                                "Bolt takes parameter names of lower-case letters, digits and \
                                 underscores, starting with a letter"
                                    .into(),
                            ));
                        }
                        match spec.get("type") {
                            Some(Value::String(t)) if crate::types::parse(t).is_err() => {
                                found.push((
                                    quoted_span(text, t),
                                    format!("the type `{t}` of `{name}` is not a Puppet type"),
                                    "write a Puppet type such as `String[1]`, \
                                     `Optional[Integer]` or `Enum['a', 'b']`"
                                        .into(),
                                ));
                            }
                            None | Some(Value::String(_)) => {}
                            Some(_) => found.push((
                                at,
                                format!("the type of `{name}` is not a string"),
                                "write the type as a string: `\"type\": \"Boolean\"`".into(),
                            )),
                        }
                    }
                }
            }
        }
        if let Some(m) = map.get("input_method")
            && !m.as_str().is_some_and(|m| INPUT_METHODS.contains(&m))
        {
            found.push((
                key_span(text, "input_method"),
                format!("`input_method` is `{}`", m.as_str().map_or_else(|| m.to_string(), str::to_string)),
                format!("it is one of {}", INPUT_METHODS.iter().map(|m| format!("`{m}`")).collect::<Vec<_>>().join(", ")),
            ));
        }
        let implementations: Option<Vec<String>> = match map.get("implementations") {
            None => None,
            Some(Value::Array(items)) => Some(
                items
                    .iter()
                    .filter_map(|i| i.get("name").and_then(Value::as_str).map(str::to_string))
                    .collect(),
            ),
            Some(_) => {
                found.push((
                    key_span(text, "implementations"),
                    "`implementations` is not a list".into(),
                    "write `\"implementations\": [{ \"name\": \"task.sh\" }]`".into(),
                ));
                None
            }
        };
        // The implementation files beside the metadata.
        if let (Some(sandbox), Some(dir), Some(stem)) = (
            cx.sandbox,
            cx.path.parent(),
            cx.path.file_stem().and_then(|s| s.to_str()),
        ) {
            let files: Vec<String> = sandbox
                .files_under(dir, false, &|_| true)
                .iter()
                .filter_map(|p| p.file_name()?.to_str().map(str::to_string))
                .collect();
            match &implementations {
                Some(names) => {
                    for n in names.iter().filter(|n| !files.contains(n)) {
                        found.push((
                            quoted_span(text, n),
                            format!("the implementation `{n}` is not in the `tasks` folder"),
                            "name a file of the module's `tasks` folder".into(),
                        ));
                    }
                }
                None => {
                    let has = files.iter().any(|f| {
                        f.strip_prefix(stem)
                            .and_then(|r| r.strip_prefix('.'))
                            .is_some_and(|ext| ext != "json" && ext != "md")
                    });
                    if !has {
                        found.push((
                            0..0,
                            format!("the task `{stem}` has no implementation"),
                            format!(
                                "add its script beside it (`tasks/{stem}.sh`, `.ps1`, `.rb`, \
                                 `.py`...) or list it in `implementations`"
                            ),
                        ));
                    }
                }
            }
        }
        let found: Vec<_> = found
            .into_iter()
            .map(|(span, message, help)| {
                cx.diagnostic(span, message)
                    .with_label("Bolt refuses this task")
                    .with_help(help)
            })
            .collect();
        found.into_iter().for_each(|d| cx.report(d));
    }
}

/// Bolt's parameter names: a lower-case letter, then lower-case letters, digits, underscores.
fn is_task_param_name(s: &str) -> bool {
    let mut bytes = s.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_lowercase())
        && bytes.all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// The span of the first `"s"` in the text, else an empty span at the start.
fn quoted_span(text: &str, s: &str) -> std::ops::Range<usize> {
    let quoted = serde_json::to_string(s).unwrap_or_default();
    text.find(&quoted)
        .map_or(0..0, |i| i..i + quoted.len())
}
