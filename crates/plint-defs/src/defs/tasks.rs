//! Bolt tasks: the files of a module's `tasks/` folder, with the parameters their `.json`
//! metadata declares, so that a plan's `run_task('mod::task', $targets, { ... })` can be
//! checked against them.
//!
//! A task is named after its module and file (`mod/tasks/install.sh` is `mod::install`;
//! `init` is the module's own name). Its metadata, `tasks/<name>.json`, may declare
//! `parameters`: each with a `type` (Puppet type syntax; `Any` when missing) and maybe a
//! `default`. A parameter whose type does not accept `undef` and that has no default is
//! required. A task without metadata, or whose metadata declares no `parameters`, takes any
//! parameters (Bolt checks nothing then). Every read goes through the [`Sandbox`].

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use crate::sandbox::Sandbox;

/// A task of a module.
#[derive(Debug, Clone, PartialEq)]
pub struct TaskDef {
    /// `mod::task`, lower case (`mod` for `init`).
    pub name: String,
    /// The declared parameters, sorted by name; `None` when the task declares none (or has no
    /// readable metadata): any parameters are accepted.
    pub params: Option<Vec<TaskParam>>,
}

/// A parameter of a task's metadata.
#[derive(Debug, Clone, PartialEq)]
pub struct TaskParam {
    pub name: String,
    /// Puppet type syntax (`Any` when the metadata gives none).
    pub ty: String,
    pub has_default: bool,
}

#[derive(Deserialize)]
struct MetadataJson {
    parameters: Option<BTreeMap<String, ParamJson>>,
}

#[derive(Deserialize)]
struct ParamJson {
    #[serde(rename = "type")]
    ty: Option<String>,
    default: Option<serde_json::Value>,
}

/// Reads the tasks of the module `module` at `root` (its `tasks/` folder, not deeper).
pub fn read_module_tasks(module: &str, root: &Path, sandbox: &Sandbox) -> Vec<TaskDef> {
    let files = sandbox.files_under(&root.join("tasks"), false, &|_| true);
    let mut tasks: BTreeMap<String, TaskDef> = BTreeMap::new();
    for path in &files {
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        // Bolt's task names: lower-case words.
        if !is_task_name(stem) {
            continue;
        }
        let name = if stem == "init" {
            module.to_string()
        } else {
            format!("{module}::{stem}")
        };
        let entry = tasks
            .entry(name.clone())
            .or_insert(TaskDef { name, params: None });
        if path.extension().is_some_and(|e| e == "json")
            && let Ok(text) = sandbox.read(path)
            && let Some(params) = parse_metadata(&text)
        {
            entry.params = Some(params);
        }
    }
    tasks.into_values().collect()
}

/// The declared parameters of a task's metadata; `None` when it declares none or is not
/// valid JSON.
pub fn parse_metadata(json: &[u8]) -> Option<Vec<TaskParam>> {
    let meta: MetadataJson = serde_json::from_slice(json).ok()?;
    let params = meta.parameters?;
    Some(
        params
            .into_iter()
            .map(|(name, p)| TaskParam {
                name,
                ty: p
                    .ty
                    .filter(|t| !t.trim().is_empty())
                    .unwrap_or_else(|| "Any".to_string()),
                has_default: p.default.is_some(),
            })
            .collect(),
    )
}

fn is_task_name(s: &str) -> bool {
    let mut bytes = s.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_lowercase())
        && bytes.all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metadata_parameters() {
        let json = br#"{"description": "x", "parameters": {
            "version": {"type": "String[1]"},
            "force": {"type": "Optional[Boolean]"},
            "level": {"default": 3},
            "other": {}
        }}"#;
        let params = parse_metadata(json).unwrap();
        let names: Vec<_> = params.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["force", "level", "other", "version"]);
        assert_eq!(params[3].ty, "String[1]");
        assert_eq!(params[2].ty, "Any");
        assert!(params[1].has_default);
        assert_eq!(parse_metadata(br#"{"description": "x"}"#), None);
        assert_eq!(parse_metadata(b"not json"), None);
    }

    #[test]
    fn task_names() {
        assert!(is_task_name("install"));
        assert!(is_task_name("init"));
        assert!(!is_task_name("Install"));
        assert!(!is_task_name("my-task"));
    }
}
