use crate::declare_rule;
use crate::infer::TypeDiag;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::analysis;

declare_rule! {
    /// ## What it does
    /// Finds a call of a function that is neither one of Puppet's built-in functions nor defined
    /// by the program (a Puppet function, a Ruby 4.x or 3.x function of a module). A name
    /// `mod::f` is checked only when the module `mod` is part of the program: when it is missing,
    /// the module is not installed, which is not this file's mistake. An unqualified name is an
    /// error only when the file's world is closed: every module its `metadata.json`,
    /// `.fixtures.yml` or `Puppetfile` declares is present, or a module path was given. While a
    /// declared module is absent, only a near miss of a known name is reported, as a warning
    /// (the absent module may define any other name).
    ///
    /// ## Why is this bad?
    /// Puppet fails when it evaluates the call (`Unknown function`), on the first node whose
    /// catalog reaches it: often in production, since a misspelled name in a rarely taken branch
    /// is not found by a test run.
    ///
    /// ## Example
    /// ```puppet
    /// notice('hello')
    /// notce('hello')
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// notice('hello')
    /// ```
    pub struct UnknownFunction {
        code: "P101",
        name: "unknown-function",
        severity: Error,
        category: Types,
    }
}

impl Check for UnknownFunction {
    fn check(&self, cx: &mut Context<'_>) {
        let analysis = analysis::analysis(cx);
        let closed = cx.world_is_closed();
        let absent = if closed {
            Vec::new()
        } else {
            cx.absent_modules()
        };
        for d in &analysis.diags {
            if let TypeDiag::UnknownFunction {
                name,
                span,
                suggestion,
            } = d
            {
                let diag = cx.report(*span, format!("unknown function `{name}`"));
                diag.label("not a built-in function, nor defined by the program");
                // An unqualified name may come from a module that is not installed: a near
                // miss of a known name is worth a warning, not an error.
                if !closed && !name.contains("::") {
                    diag.severity = crate::report::Severity::Warning;
                    if !absent.is_empty() {
                        diag.label(format!(
                            "not a built-in function, nor defined by the program (`{}` is \
                             not installed)",
                            absent.join("`, `")
                        ));
                    }
                }
                match suggestion {
                    Some(s) => diag.help(format!("did you mean `{s}`?")),
                    None => {
                        diag.help("define the function, or install the module that provides it")
                    }
                };
            }
        }
    }
}
