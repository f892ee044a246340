use crate::declare_rule;
use crate::infer::{TaskProblem, TypeDiag};
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::analysis;

declare_rule! {
    /// ## What it does
    /// In a Bolt plan, checks `run_task('mod::task', $targets, { parameters })` (and the form
    /// with a description before the parameters) against the task's metadata,
    /// `mod/tasks/<task>.json`, when the module `mod` is part of the program: the task exists,
    /// every parameter given is declared and has the declared type, and every required
    /// parameter (not `Optional`, no `default`) is given. Options, whose names start with `_`
    /// (`_run_as`, `_catch_errors`), are Bolt's and not checked. A task whose metadata declares
    /// no parameters, or of a module that is not part of the program, is not checked.
    ///
    /// ## Why is this bad?
    /// Bolt refuses to run the task (`Task ... does not expect a value for parameter ...`,
    /// `expects a value for parameter ...`, `Could not find a task named ...`) when the plan
    /// reaches the call, after the plan's earlier steps have already changed the targets.
    ///
    /// ## Example
    /// ```puppet
    /// # The module `deploy` has a task `install` (and this function).
    /// function deploy::version() >> String { '1.2' }
    ///
    /// plan deploy::app(TargetSpec $targets) {
    ///   run_task('deploy::instal', $targets, { 'version' => deploy::version() })
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// plan deploy::app(TargetSpec $targets) {
    ///   # A task that exists (Bolt's `package` task), with the parameters it declares.
    ///   run_task('package', $targets, { 'action' => 'install', 'name' => 'app' })
    /// }
    /// ```
    pub struct InvalidTaskCall {
        code: "P122",
        name: "invalid-task-call",
        severity: Error,
        category: Types,
    }
}

impl Check for InvalidTaskCall {
    fn check(&self, cx: &mut Context<'_>) {
        let analysis = analysis::analysis(cx);
        for d in &analysis.diags {
            let TypeDiag::TaskMismatch {
                task,
                span,
                problem,
            } = d
            else {
                continue;
            };
            match problem {
                TaskProblem::Unknown => {
                    cx.report(*span, format!("unknown task `{task}`"))
                        .label("no such file in the module's `tasks/` folder")
                        .help("check the task's name: `module::file` without the extension");
                }
                TaskProblem::UnknownParameter { param, suggestion } => {
                    let diag =
                        cx.report(*span, format!("task `{task}` has no parameter `{param}`"));
                    diag.label("not in the task's metadata");
                    match suggestion {
                        Some(s) => diag.help(format!("did you mean `{s}`?")),
                        None => diag.help("remove it, or declare it in the task's `.json` file"),
                    };
                }
                TaskProblem::MissingParameter { param } => {
                    cx.report(
                        *span,
                        format!("task `{task}` needs a value for its parameter `{param}`"),
                    )
                    .label("required parameter missing")
                    .help(format!("give `'{param}' => ...` in the task's parameters"));
                }
                TaskProblem::ParameterType {
                    param,
                    expected,
                    found,
                } => {
                    cx.report(
                        *span,
                        format!(
                            "parameter `{param}` of task `{task}` expects {}, got {}",
                            analysis::show_type(expected),
                            analysis::show_value(found)
                        ),
                    )
                    .label("wrong type")
                    .help("give a value of the type the task's metadata declares");
                }
            }
        }
    }
}
