//! Functions whose results depend on the server or on values plint does not model:
//! `generate` (runs a command on the server), `strftime` (of a Timestamp or Timespan it
//! formats as Puppet does, see [`crate::eval::time`]; of the current time it is unknown),
//! `annotate` (plint has no Object values); the unknown results have the functions' return
//! types. And `import`, which Puppet 7 rejects.

use super::{BuiltinFn, Lambda, arg_error};
use crate::eval::error::{EvalResult, err};
use crate::eval::value::Value;

pub(super) const FUNCTIONS: &[(&str, BuiltinFn)] = &[
    ("annotate", annotate),
    ("generate", generate),
    ("import", import),
    ("strftime", strftime),
];

/// `generate(command, args...)`: the command's output. Puppet checks the command name before
/// running it; plint checks it the same way and never runs it.
fn generate(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    let Some(first) = args.first() else {
        return err("generate(): Wrong number of arguments given (0 for at least 1)");
    };
    if let Value::String(cmd) = first {
        if !cmd.starts_with('/') {
            return err("Generators must be fully qualified");
        }
        if !cmd
            .chars()
            .all(|c| c.is_alphanumeric() || "-/_.+".contains(c))
        {
            return err("Generators can only contain alphanumerics, file separators, and dashes");
        }
        if cmd.contains("..") {
            return err("Can not use generators with '..' in them.");
        }
    }
    Ok(Value::unknown(
        "String",
        "generate(): the output of a command run by the server",
    ))
}

/// `strftime(time, format[, timezone])` / `strftime(format[, timezone])` (the current time).
fn strftime(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    if args.is_empty() || args.len() > 3 {
        return Err(arg_error("strftime", "between 1 and 3 arguments", &args));
    }
    if let Some(r) = crate::eval::time::strftime(&args) {
        return r;
    }
    match &args[0] {
        Value::String(_) if args.len() <= 2 => {
            Ok(Value::unknown("String", "strftime() of the current time"))
        }
        Value::Unknown(_) => Ok(Value::unknown(
            "String",
            "strftime() of a Timestamp or Timespan",
        )),
        _ => Err(arg_error(
            "strftime",
            "a Timespan or Timestamp and a String format, or a String format",
            &args,
        )),
    }
}

/// `annotate(type, value, ...)`: annotations are Object values, which plint does not model.
fn annotate(args: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    if !(2..=3).contains(&args.len()) {
        return Err(arg_error("annotate", "between 2 and 3 arguments", &args));
    }
    if !matches!(args[0], Value::Type(_) | Value::Unknown(_)) {
        return Err(arg_error(
            "annotate",
            "a Type[Annotation] and a value",
            &args,
        ));
    }
    Ok(Value::unknown(
        "Any",
        "annotate(): annotations of Object types",
    ))
}

/// `import`: discontinued since Puppet 4.
fn import(_: Vec<Value>, _: Option<&mut dyn Lambda>) -> EvalResult {
    err(
        "Use of 'import' has been discontinued in favor of a manifest directory. See \
         http://links.puppet.com/puppet-import-deprecation",
    )
}
