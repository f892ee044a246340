//! 4.x functions (`create_function` and its `dispatch`es) and 3.x functions (`newfunction`).

use super::*;
use crate::ruby::function::{self, Api, Dispatch};

/// Every `create_function(:name)` of the file (with any receiver, not in a method), with the
/// signatures [`function::read_v4`] reads from its block.
pub(super) fn functions_4x(file: &File<'_>, root: &Node) -> Vec<FunctionDef> {
    let mut out = Vec::new();
    walk(root, &mut |n| {
        if let NodeKind::Call {
            name, args, block, ..
        } = &n.kind
            && name == "create_function"
            && let Some(declared) = args.first().and_then(literal)
        {
            let name = declared.trim_start_matches("::").to_ascii_lowercase();
            let signatures = match block.as_deref().map(|b| function::read_v4(&name, b)) {
                Some(Api::V4 {
                    dispatches,
                    local_types,
                    ..
                }) => signatures(&dispatches, &local_types),
                _ => Vec::new(),
            };
            out.push(FunctionDef {
                name,
                kind: FunctionKind::Ruby4x,
                signatures,
                origin: file.origin(n),
            });
            return false;
        }
        // Not in methods' bodies.
        !matches!(n.kind, NodeKind::Def(..))
    });
    out
}

/// The index's signatures of a function's dispatchers. Aliases declared in `local_types` are
/// not known here: parameters using them are `Any`.
fn signatures(dispatches: &[Dispatch], local_types: &[String]) -> Vec<Signature> {
    let local: Vec<&str> = local_types
        .iter()
        .filter_map(|t| t.split_once('=').map(|(n, _)| n.trim()))
        .collect();
    let loose = |ty: &str| -> TypeSrc {
        let uses_local = local.iter().any(|l| {
            ty.match_indices(l).any(|(k, _)| {
                let before = ty[..k].chars().last();
                let after = ty[k + l.len()..].chars().next();
                !before.is_some_and(|c| c.is_alphanumeric() || c == ':' || c == '_')
                    && !after.is_some_and(|c| c.is_alphanumeric() || c == ':' || c == '_')
            })
        });
        if uses_local { "Any".into() } else { ty.into() }
    };
    dispatches
        .iter()
        .map(|d| Signature {
            params: d
                .params
                .iter()
                .map(|p| SigParam {
                    name: p.name.clone(),
                    ty: loose(&p.ty),
                    kind: match p.kind {
                        function::ParamKind::Required => ParamKind::Required,
                        function::ParamKind::Optional => ParamKind::Optional,
                        function::ParamKind::Repeated => ParamKind::Repeated,
                        function::ParamKind::RequiredRepeated => ParamKind::RequiredRepeated,
                    },
                })
                .collect(),
            block: d.block.as_ref().map(|(ty, optional)| BlockParam {
                name: d.block_name.clone().unwrap_or_else(|| "block".into()),
                ty: loose(ty),
                optional: *optional,
            }),
            return_type: d.return_type.as_deref().map(loose),
        })
        .collect()
}

// ---------------------------------------------------------------------- 3.x functions

/// Every `newfunction(:name, options)` of the file (not in a method).
pub(super) fn functions_3x(file: &File<'_>, root: &Node) -> Vec<FunctionDef> {
    let mut out = Vec::new();
    walk(root, &mut |n| {
        if let NodeKind::Call { name, args, .. } = &n.kind
            && name == "newfunction"
            && let Some(declared) = args.first().and_then(literal)
        {
            let (rvalue, arity) = function::v3_options(args.get(1));
            out.push(FunctionDef {
                name: declared.to_ascii_lowercase(),
                kind: FunctionKind::Ruby3x { rvalue },
                // An arity no function has (past Puppet's own limits) is not read.
                signatures: arity
                    .filter(|n| n.unsigned_abs() <= MAX_ARITY)
                    .map(arity_signature)
                    .into_iter()
                    .collect(),
                origin: file.origin(n),
            });
            return false;
        }
        !matches!(n.kind, NodeKind::Def(..))
    });
    out
}

/// The largest arity read (more is any call).
const MAX_ARITY: u64 = 1000;

/// The signature of a 3.x arity: `n >= 0` is `n` parameters, `-n-1` at least `n`.
fn arity_signature(n: i64) -> Signature {
    let any = |i: i64, kind| SigParam {
        name: format!("arg{i}"),
        ty: "Any".into(),
        kind,
    };
    let params = if n >= 0 {
        (0..n).map(|i| any(i, ParamKind::Required)).collect()
    } else {
        let required = -n - 1;
        let mut params: Vec<SigParam> =
            (0..required).map(|i| any(i, ParamKind::Required)).collect();
        params.push(any(required, ParamKind::Repeated));
        params
    };
    Signature {
        params,
        ..Signature::default()
    }
}
