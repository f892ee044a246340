//! Resource types: `Puppet::Type.newtype` and Resource API types (`register_type`).

use super::*;

/// The type of the values a parameter accepts, from its `newvalues`: an `Enum` of plain words
/// (with `Boolean` when `true` / `false` are among them), else `Any`.
pub(super) fn values_type(values: &[Arg]) -> Option<TypeSrc> {
    let mut words: Vec<String> = Vec::new();
    let mut boolean = false;
    for v in values {
        let w = match v {
            Arg::Bool(b) => {
                boolean = true;
                b.to_string()
            }
            Arg::Symbol(s) | Arg::Str(s) => {
                let plain = !s.is_empty()
                    && s.chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
                    && s.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
                if !plain {
                    return None;
                }
                if s == "true" || s == "false" {
                    boolean = true;
                }
                s.clone()
            }
            _ => return None,
        };
        if !words.contains(&w) {
            words.push(w);
        }
    }
    if words.is_empty() {
        return None;
    }
    let list = words
        .iter()
        .map(|w| format!("'{w}'"))
        .collect::<Vec<_>>()
        .join(", ");
    Some(if boolean {
        format!("Variant[Boolean, Enum[{list}]]")
    } else {
        format!("Enum[{list}]")
    })
}

/// Statements of a type's body that add no attribute the scanner does not see.
pub(super) const KNOWN_TYPE_STATEMENTS: &[&str] = &[
    "newparam",
    "newproperty",
    "ensurable",
    "newcheck",
    "newmetaparam",
    "desc",
    "@doc",
    "feature",
    "autorequire",
    "autobefore",
    "autonotify",
    "autosubscribe",
    "validate",
    "def",
    "class",
    "include",
    "end",
    "require",
    "require_relative",
    "attr_accessor",
    "attr_reader",
    "attr_writer",
    "alias_method",
    "private",
    "if",
    "elsif",
    "else",
    "unless",
    "rescue",
    "begin",
    "ensure",
    "apply_to_device",
    "apply_to_host",
    "apply_to_all",
    "self",
    "@isomorphic",
];

/// The first word of each statement of a block, at its base indentation (the indentation of
/// its first statement): a reader's way of telling the block's own statements from those
/// nested in blocks and methods.
pub(super) fn statement_words(lx: &Lexed<'_>, body: Range<usize>) -> Vec<String> {
    let code = &lx.code[body];
    // A text that is not UTF-8 (a blanked string cut in a character) has no words.
    if std::str::from_utf8(code).is_err() {
        return Vec::new();
    }
    let mut base: Option<usize> = None;
    let mut out = Vec::new();
    // The lines as `str::lines` gives them (a `\r` before the break is the break's), their
    // leading whitespace read byte by byte unless a character that is not ASCII follows it.
    for line in code.split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let lead = line
            .iter()
            .take_while(|b| matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c))
            .count();
        let trimmed = match line.get(lead) {
            Some(b) if !b.is_ascii() => {
                let text = std::str::from_utf8(line).unwrap_or("");
                text.trim_start().as_bytes()
            }
            _ => &line[lead..],
        };
        if trimmed.is_empty() {
            continue;
        }
        let indent = line.len() - trimmed.len();
        let base = *base.get_or_insert(indent);
        if indent != base {
            continue;
        }
        let len = trimmed
            .iter()
            .take_while(|&&c| c.is_ascii_alphanumeric() || c == b'_' || c == b'@')
            .count();
        if len > 0 {
            out.push(String::from_utf8_lossy(&trimmed[..len]).into_owned());
        }
    }
    out
}

pub(super) fn newtypes(lx: &Lexed<'_>, path: &std::path::Path) -> Vec<ResourceTypeDef> {
    let mut out = Vec::new();
    for nt in lx.calls(0..lx.code.len(), &["newtype"]) {
        let Some(name) = nt.args.first().and_then(Arg::word) else {
            continue;
        };
        let body = nt.block.clone().unwrap_or(nt.at..nt.at);
        // A parent type's attributes, or statements the scanner does not know (a mixin's
        // `create_parameters`, `extend`), may add attributes it cannot see.
        let mut complete = nt.block.is_some()
            && !nt
                .args
                .iter()
                .any(|a| matches!(a, Arg::Pair(k, _) if k == "parent"))
            && statement_words(lx, body.clone())
                .iter()
                .all(|w| KNOWN_TYPE_STATEMENTS.contains(&w.as_str()));
        let mut attributes: Vec<AttributeDef> = Vec::new();
        let calls = lx.calls(
            body.clone(),
            &["newparam", "newproperty", "ensurable", "newmetaparam"],
        );
        // Only the type's own attributes: not those of nested blocks of another attribute.
        let mut taken: Vec<Range<usize>> = Vec::new();
        // The attributes' indices by name (a type may have thousands).
        let mut by_name: rustc_hash::FxHashMap<String, usize> = Default::default();
        for c in calls {
            // The calls come in order: a block that ended before this one cannot hold a
            // later one either.
            taken.retain(|r| r.end > c.at);
            if taken.iter().any(|r| r.contains(&c.at)) {
                continue;
            }
            if let Some(b) = &c.block {
                taken.push(b.clone());
            }
            let (attr_name, kind) = match c.name.as_str() {
                "ensurable" => ("ensure".to_string(), AttributeKind::Property),
                "newparam" | "newproperty" => {
                    let kind = if c.name == "newparam" {
                        AttributeKind::Parameter
                    } else {
                        AttributeKind::Property
                    };
                    match c.args.first() {
                        Some(Arg::Symbol(n) | Arg::Str(n)) => (n.to_string(), kind),
                        // A name computed at run time.
                        _ => {
                            complete = false;
                            continue;
                        }
                    }
                }
                _ => {
                    complete = false;
                    continue;
                }
            };
            let options = &c.args[c.args.len().min(1)..];
            let option = |k: &str| {
                options.iter().find_map(|a| match a {
                    Arg::Pair(key, v) if key == k => Some(v.as_ref().clone()),
                    _ => None,
                })
            };
            let mut namevar = option("namevar") == Some(Arg::Bool(true));
            let parent = option("parent");
            let boolean_parent = matches!(&parent, Some(Arg::Other(p)) if p.ends_with("Parameter::Boolean"))
                || option("boolean") == Some(Arg::Bool(true));
            let mut values: Vec<Arg> = Vec::new();
            let mut custom_validation = false;
            if let Some(block) = &c.block {
                for inner in lx.calls(
                    block.clone(),
                    &[
                        "newvalues",
                        "newvalue",
                        "aliasvalue",
                        "isnamevar",
                        "validate",
                        "defaultvalues",
                    ],
                ) {
                    match inner.name.as_str() {
                        "isnamevar" => namevar = true,
                        "validate" => custom_validation = true,
                        "newvalues" => values.extend(
                            inner
                                .args
                                .iter()
                                .filter(|a| !matches!(a, Arg::Pair(..)))
                                .cloned(),
                        ),
                        "newvalue" => values.extend(inner.args.first().cloned()),
                        "aliasvalue" => values.extend(inner.args.first().cloned()),
                        "defaultvalues" => {
                            values.push(Arg::Symbol("present".into()));
                            values.push(Arg::Symbol("absent".into()));
                        }
                        _ => {}
                    }
                }
            }
            if c.name == "ensurable" && c.block.is_none() {
                values = vec![Arg::Symbol("present".into()), Arg::Symbol("absent".into())];
            }
            let ty = if boolean_parent {
                "Variant[Boolean, Enum['true', 'false', 'yes', 'no']]".to_string()
            } else if custom_validation || (parent.is_some() && c.name != "ensurable") {
                "Any".to_string()
            } else {
                // A property also takes an array of such values (one per `should`); the
                // type says what each value is, as for the core types.
                values_type(&values).unwrap_or_else(|| "Any".to_string())
            };
            if let Some(&i) = by_name.get(&attr_name) {
                attributes[i].namevar |= namevar;
                continue;
            }
            by_name.insert(attr_name.clone(), attributes.len());
            attributes.push(AttributeDef {
                name: attr_name,
                kind,
                ty,
                namevar,
                required: false,
            });
        }
        if !attributes.iter().any(|a| a.namevar)
            && let Some(n) = attributes.iter_mut().find(|a| a.name == "name")
        {
            n.namevar = true;
        }
        out.push(ResourceTypeDef {
            name: name.to_ascii_lowercase(),
            attributes,
            complete,
            origin: Origin::Ruby {
                path: path.to_path_buf(),
                line: lx.line_of(nt.at),
            },
        });
    }
    out
}

/// `Puppet::ResourceApi.register_type(name: 'x', attributes: { a: { type: 'T', behaviour:
/// :namevar }, ... })`.
pub(super) fn resource_api_types(lx: &Lexed<'_>, path: &std::path::Path) -> Vec<ResourceTypeDef> {
    let mut out = Vec::new();
    for call in lx.calls(0..lx.code.len(), &["register_type"]) {
        // The definition is one hash, braced or not.
        let mut entries: Vec<Arg> = call.args.clone();
        if let [Arg::Hash(r)] = entries.as_slice() {
            let r = r.clone();
            entries = lx
                .split_top(r, b',')
                .into_iter()
                .filter_map(|r| lx.arg(r))
                .collect();
        }
        let field = |k: &str| {
            entries.iter().find_map(|a| match a {
                Arg::Pair(key, v) if key == k => Some(v.as_ref().clone()),
                _ => None,
            })
        };
        let Some(name) = field("name")
            .as_ref()
            .and_then(|a| a.word().map(str::to_string))
        else {
            continue;
        };
        let mut attributes = Vec::new();
        let attrs = field("attributes");
        let complete = matches!(attrs, Some(Arg::Hash(_)));
        if let Some(Arg::Hash(attrs)) = attrs {
            for r in lx.split_top(attrs, b',') {
                let Some(Arg::Pair(attr, def)) = lx.arg(r) else {
                    continue;
                };
                let Arg::Hash(def) = *def else {
                    continue;
                };
                let props: Vec<Arg> = lx
                    .split_top(def, b',')
                    .into_iter()
                    .filter_map(|r| lx.arg(r))
                    .collect();
                let prop = |k: &str| {
                    props.iter().find_map(|a| match a {
                        Arg::Pair(key, v) if key == k => v.word().map(str::to_string),
                        _ => None,
                    })
                };
                let behaviour = prop("behaviour").or_else(|| prop("behavior"));
                let namevar = behaviour.as_deref() == Some("namevar");
                let kind = match behaviour.as_deref() {
                    Some("parameter") | Some("namevar") | Some("init_only") => {
                        AttributeKind::Parameter
                    }
                    _ => AttributeKind::Property,
                };
                attributes.push(AttributeDef {
                    name: attr,
                    kind,
                    ty: prop("type").unwrap_or_else(|| "Any".into()),
                    namevar,
                    required: false,
                });
            }
        }
        out.push(ResourceTypeDef {
            name: name.to_ascii_lowercase(),
            attributes,
            complete,
            origin: Origin::Ruby {
                path: path.to_path_buf(),
                line: lx.line_of(call.at),
            },
        });
    }
    out
}
