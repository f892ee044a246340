//! 4.x functions (`create_function` and its `dispatch`es) and 3.x functions (`newfunction`).

use super::*;

pub(super) const PARAM_METHODS: &[&str] = &[
    "param",
    "required_param",
    "optional_param",
    "repeated_param",
    "optional_repeated_param",
    "required_repeated_param",
    "block_param",
    "required_block_param",
    "optional_block_param",
    "return_type",
];

pub(super) fn functions_4x(lx: &Lexed<'_>, path: &std::path::Path) -> Vec<FunctionDef> {
    let mut out = Vec::new();
    let all = 0..lx.code.len();
    for create in lx.calls(all, &["create_function"]) {
        let Some(name) = create.args.first().and_then(Arg::word) else {
            continue;
        };
        let name = name.trim_start_matches("::").to_ascii_lowercase();
        let body = create.block.clone().unwrap_or(create.at..create.at);
        // Aliases declared in `local_types` are not known here: parameters using them are Any.
        let mut local_types: Vec<String> = Vec::new();
        for lt in lx.calls(body.clone(), &["local_types"]) {
            if let Some(b) = lt.block {
                for t in lx.calls(b, &["type"]) {
                    if let Some(decl) = t.args.first().and_then(Arg::word)
                        && let Some((n, _)) = decl.split_once('=')
                    {
                        local_types.push(n.trim().to_string());
                    }
                }
            }
        }
        let loose = |ty: String| -> TypeSrc {
            let uses_local = local_types.iter().any(|l| {
                ty.match_indices(l.as_str()).any(|(k, _)| {
                    let before = ty[..k].chars().last();
                    let after = ty[k + l.len()..].chars().next();
                    !before.is_some_and(|c| c.is_alphanumeric() || c == ':' || c == '_')
                        && !after.is_some_and(|c| c.is_alphanumeric() || c == ':' || c == '_')
                })
            });
            if uses_local { "Any".to_string() } else { ty }
        };
        let mut signatures = Vec::new();
        let dispatches = lx.calls(body.clone(), &["dispatch"]);
        for d in &dispatches {
            let Some(block) = d.block.clone() else {
                continue;
            };
            let mut sig = Signature::default();
            for p in lx.calls(block, PARAM_METHODS) {
                let ty = p.args.first().and_then(|a| match a {
                    Arg::Str(s) => Some(s.clone()),
                    _ => None,
                });
                let pname = p.args.get(1).and_then(Arg::word).unwrap_or("").to_string();
                let kind = match p.name.as_str() {
                    "return_type" => {
                        sig.return_type = Some(loose(ty.unwrap_or_else(|| "Any".into())));
                        continue;
                    }
                    "block_param" | "required_block_param" | "optional_block_param" => {
                        sig.block = Some(BlockParam {
                            name: if pname.is_empty() {
                                "block".into()
                            } else {
                                pname
                            },
                            ty: loose(ty.unwrap_or_else(|| "Callable".into())),
                            optional: p.name == "optional_block_param",
                        });
                        continue;
                    }
                    "optional_param" => ParamKind::Optional,
                    "repeated_param" | "optional_repeated_param" => ParamKind::Repeated,
                    "required_repeated_param" => ParamKind::RequiredRepeated,
                    _ => ParamKind::Required,
                };
                sig.params.push(SigParam {
                    name: pname,
                    ty: loose(ty.unwrap_or_else(|| "Any".into())),
                    kind,
                });
            }
            signatures.push(sig);
        }
        if dispatches.is_empty() {
            let leaf = name.rsplit("::").next().unwrap_or(&name).to_string();
            if let Some(sig) = default_dispatch(lx, body.clone(), &leaf) {
                signatures.push(sig);
            }
        }
        out.push(FunctionDef {
            name,
            kind: FunctionKind::Ruby4x,
            signatures,
            origin: Origin::Ruby {
                path: path.to_path_buf(),
                line: lx.line_of(create.at),
            },
        });
    }
    out
}

/// The signature Puppet derives from the method named after the function: every
/// parameter `Any`, with defaults optional, `*rest` repeated and `&block` an optional block.
pub(super) fn default_dispatch(
    lx: &Lexed<'_>,
    body: Range<usize>,
    leaf: &str,
) -> Option<Signature> {
    let code = &lx.code[..];
    let mut i = body.start;
    while i + 3 < body.end {
        if lx.word_is(i, "def") {
            let mut j = i + 3;
            while j < body.end && code[j] == b' ' {
                j += 1;
            }
            let len = code[j..].iter().take_while(|&&b| is_ident(b)).count();
            if &lx.raw[j..j + len] == leaf {
                let k = j + len;
                let params_range = if code.get(k) == Some(&b'(') {
                    k + 1..lx.matching(k, body.end)
                } else {
                    let eol = lx.raw[k..].find('\n').map_or(body.end, |n| k + n);
                    k..eol
                };
                let mut sig = Signature::default();
                for r in lx.split_top(params_range, b',') {
                    let text = lx.raw[r].trim();
                    if text.is_empty() {
                        continue;
                    }
                    if let Some(b) = text.strip_prefix('&') {
                        sig.block = Some(BlockParam {
                            name: b.trim().to_string(),
                            ty: "Callable".into(),
                            optional: true,
                        });
                        continue;
                    }
                    if text.starts_with("**") || text.contains(':') && !text.contains("::") {
                        continue; // keyword arguments are not given by Puppet
                    }
                    let (name, kind) = if let Some(rest) = text.strip_prefix('*') {
                        (rest.trim(), ParamKind::Repeated)
                    } else if let Some((n, _)) = text.split_once('=') {
                        (n.trim(), ParamKind::Optional)
                    } else {
                        (text, ParamKind::Required)
                    };
                    sig.params.push(SigParam {
                        name: name.to_string(),
                        ty: "Any".into(),
                        kind,
                    });
                }
                return Some(sig);
            }
        }
        i += 1;
    }
    None
}

// ---------------------------------------------------------------------- 3.x functions

pub(super) fn functions_3x(lx: &Lexed<'_>, path: &std::path::Path) -> Vec<FunctionDef> {
    let mut out = Vec::new();
    for call in lx.calls(0..lx.code.len(), &["newfunction"]) {
        let Some(name) = call.args.first().and_then(Arg::word) else {
            continue;
        };
        let mut rvalue = false;
        let mut arity: Option<i64> = None;
        for a in &call.args[1..] {
            if let Arg::Pair(k, v) = a {
                match (k.as_str(), v.as_ref()) {
                    ("type", v) => rvalue = v.word() == Some("rvalue"),
                    ("arity", Arg::Int(n)) => arity = Some(*n),
                    ("arity", Arg::Other(t)) => arity = t.replace(' ', "").parse().ok(),
                    _ => {}
                }
            }
        }
        let any = |i: i64, kind| SigParam {
            name: format!("arg{i}"),
            ty: "Any".into(),
            kind,
        };
        let signatures = match arity {
            None => Vec::new(),
            Some(n) if n >= 0 => vec![Signature {
                params: (0..n).map(|i| any(i, ParamKind::Required)).collect(),
                ..Signature::default()
            }],
            Some(n) => {
                let required = -n - 1;
                let mut params: Vec<SigParam> =
                    (0..required).map(|i| any(i, ParamKind::Required)).collect();
                params.push(any(required, ParamKind::Repeated));
                vec![Signature {
                    params,
                    ..Signature::default()
                }]
            }
        };
        out.push(FunctionDef {
            name: name.to_ascii_lowercase(),
            kind: FunctionKind::Ruby3x { rvalue },
            signatures,
            origin: Origin::Ruby {
                path: path.to_path_buf(),
                line: lx.line_of(call.at),
            },
        });
    }
    out
}
