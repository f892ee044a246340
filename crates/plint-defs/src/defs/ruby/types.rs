//! Resource types: `Puppet::Type.newtype` and Resource API types (`register_type`).

use super::*;

/// The type of the values a parameter accepts, from its `newvalues`: an `Enum` of plain words
/// (with `Boolean` when `true` / `false` are among them), else `Any`.
pub(super) fn values_type(values: &[Node]) -> Option<TypeSrc> {
    let mut words: Vec<&str> = Vec::new();
    let mut boolean = false;
    for v in values {
        let w = match &v.kind {
            NodeKind::True => "true",
            NodeKind::False => "false",
            NodeKind::Sym(s) | NodeKind::Str { text: s, .. } => {
                let plain = s
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
                    && s.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
                if !plain {
                    return None;
                }
                s
            }
            _ => return None,
        };
        boolean |= w == "true" || w == "false";
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

/// Methods called in a type's body that add no attribute the reading does not see.
const KNOWN_TYPE_CALLS: &[&str] = &[
    "newparam",
    "newproperty",
    "ensurable",
    "newcheck",
    "desc",
    "feature",
    "autorequire",
    "autobefore",
    "autonotify",
    "autosubscribe",
    "validate",
    "include",
    "require",
    "require_relative",
    "attr_accessor",
    "attr_reader",
    "attr_writer",
    "alias_method",
    "private",
    "apply_to_device",
    "apply_to_host",
    "apply_to_all",
];

/// Iterations whose blocks' statements count as the body's.
const ITERATIONS: &[&str] = &[
    "each",
    "each_pair",
    "each_with_index",
    "each_key",
    "each_value",
];

/// Whether the statements of a type's body are all ones that add no attribute the reading
/// does not see: the calls of [`KNOWN_TYPE_CALLS`], any method of `self`, methods and classes
/// defined, `@doc` and `@isomorphic`, constants and local variables assigned, and conditions,
/// `begin` blocks and iterations (`each`) made of such statements. Anything else (a mixin's
/// `create_parameters`, `extend`) may add attributes.
fn statements_known(node: &Node) -> bool {
    match &node.kind {
        NodeKind::Seq(items) => items.iter().all(statements_known),
        NodeKind::Call {
            recv: None, name, ..
        } => KNOWN_TYPE_CALLS.contains(&name.as_str()),
        NodeKind::Call {
            recv: Some(r),
            name,
            block,
            ..
        } => match (&r.kind, block) {
            (NodeKind::SelfRef, _) => true,
            // `[:a, :b].each do |t| autorequire(t) { ... } end`
            (_, Some(b)) if ITERATIONS.contains(&name.as_str()) => {
                b.body.as_ref().is_none_or(statements_known)
            }
            _ => false,
        },
        NodeKind::Def(..) | NodeKind::Class { .. } | NodeKind::Nil => true,
        NodeKind::Unsupported(what) => what == "def of a singleton method",
        NodeKind::Assign(Target::Ivar(name), _) => name == "doc" || name == "isomorphic",
        NodeKind::Assign(Target::Const(_) | Target::Local(_), _) => true,
        NodeKind::If {
            then, otherwise, ..
        } => [then, otherwise]
            .into_iter()
            .flatten()
            .all(|b| statements_known(b)),
        NodeKind::Begin {
            body,
            rescues,
            otherwise,
            ensure,
        } => {
            [body, otherwise, ensure]
                .into_iter()
                .flatten()
                .all(|b| statements_known(b))
                && rescues
                    .iter()
                    .filter_map(|r| r.body.as_ref())
                    .all(statements_known)
        }
        _ => false,
    }
}

/// Every `newtype(:name)` of the file (not in a method), with the attributes its block declares.
pub(super) fn newtypes(file: &File<'_>, root: &Node) -> Vec<ResourceTypeDef> {
    let mut out = Vec::new();
    walk(root, &mut |n| {
        if let NodeKind::Call {
            name, args, block, ..
        } = &n.kind
            && name == "newtype"
            && let Some(type_name) = args.first().and_then(literal)
        {
            let body = block.as_ref().and_then(|b| b.body.as_ref());
            // A parent type's attributes, or statements the reading does not know (a mixin's
            // `create_parameters`, `extend`), may add attributes it cannot see.
            let has_parent = hash_get_opt(&args[1..], "parent").is_some();
            let mut complete = block.is_some() && !has_parent && body.is_none_or(statements_known);
            let attributes = match body {
                Some(body) => attributes(body, &mut complete),
                None => Vec::new(),
            };
            out.push(ResourceTypeDef {
                name: type_name.to_ascii_lowercase(),
                attributes,
                complete,
                origin: file.origin(n),
                title_patterns: body.and_then(title_patterns),
            });
            return false;
        }
        !matches!(n.kind, NodeKind::Def(..))
    });
    out
}

/// `def self.title_patterns` of a type's body: `[[/regexp/, [[:attr], ...]], ...]`, when
/// every pattern is a plain regexp literal and no capture is transformed by a proc.
fn title_patterns(body: &Node) -> Option<Vec<TitlePattern>> {
    let mut found = None;
    walk(body, &mut |n| match &n.kind {
        NodeKind::Def(name, b) if name == "self.title_patterns" => {
            found = Some(b.body.clone());
            false
        }
        NodeKind::Def(..) => false,
        _ => true,
    });
    let found = found??;
    let last = match &found.kind {
        NodeKind::Seq(items) => items.last()?,
        _ => &found,
    };
    let NodeKind::Array(patterns) = &last.kind else {
        return None;
    };
    patterns
        .iter()
        .map(|p| {
            let NodeKind::Array(pair) = &p.kind else {
                return None;
            };
            let [regex, attrs] = pair.as_slice() else {
                return None;
            };
            let regex = match &regex.kind {
                NodeKind::Regex { parts, flags } if *flags == Default::default() => {
                    match parts.as_slice() {
                        [crate::ruby::ast::Part::Str(s)] => s.clone(),
                        [] => String::new(),
                        _ => return None,
                    }
                }
                _ => return None,
            };
            let NodeKind::Array(attrs) = &attrs.kind else {
                return None;
            };
            let attributes = attrs
                .iter()
                .map(|a| match &a.kind {
                    // `[:attr]`; `[:attr, proc]` transforms the capture: not followed.
                    NodeKind::Array(one) if one.len() == 1 => literal(&one[0]).map(str::to_string),
                    _ => None,
                })
                .collect::<Option<Vec<String>>>()?;
            Some(TitlePattern { regex, attributes })
        })
        .collect()
}

/// The value of option `key` among a call's arguments.
fn hash_get_opt<'a>(args: &'a [Node], key: &str) -> Option<&'a Node> {
    options(args)
        .find(|(k, _)| literal(k) == Some(key))
        .map(|(_, v)| v)
}

/// The attributes a type's body declares (not those of blocks nested in another attribute's
/// call); `complete` becomes false when one's name is computed or a metaparameter is made.
fn attributes(body: &Node, complete: &mut bool) -> Vec<AttributeDef> {
    let mut attributes: Vec<AttributeDef> = Vec::new();
    // The attributes' indices by name (a type may have thousands).
    let mut by_name: rustc_hash::FxHashMap<String, usize> = Default::default();
    walk(body, &mut |c| {
        // A class method (`def self.title_patterns`) declares no attribute.
        if matches!(&c.kind, NodeKind::Def(name, _) if name.starts_with("self.")) {
            return false;
        }
        let NodeKind::Call {
            name: method,
            args,
            block,
            ..
        } = &c.kind
        else {
            return true;
        };
        let kind = match method.as_str() {
            // `newcheck` (`exec`'s, and types copying it): a parameter.
            "newparam" | "newcheck" => AttributeKind::Parameter,
            "newproperty" | "ensurable" => AttributeKind::Property,
            "newmetaparam" => {
                *complete = false;
                return false;
            }
            _ => return true,
        };
        let attr_name = if method == "ensurable" {
            "ensure".to_string()
        } else {
            match args.first().and_then(literal) {
                Some(n) => n.to_string(),
                // A name computed at run time.
                None => {
                    *complete = false;
                    return false;
                }
            }
        };
        let options = &args[args.len().min(1)..];
        let mut namevar =
            hash_get_opt(options, "namevar").is_some_and(|v| matches!(v.kind, NodeKind::True));
        let parent = hash_get_opt(options, "parent");
        let boolean_parent = parent.is_some_and(|p| {
            matches!(&p.kind, NodeKind::Const(path)
                if path.len() >= 2 && path[path.len() - 2..] == ["Parameter", "Boolean"])
        }) || hash_get_opt(options, "boolean")
            .is_some_and(|v| matches!(v.kind, NodeKind::True));
        let mut values: Vec<Node> = Vec::new();
        let mut custom_validation = false;
        if let Some(body) = block.as_ref().and_then(|b| b.body.as_ref()) {
            walk(body, &mut |inner| {
                if let NodeKind::Call { name, args, .. } = &inner.kind {
                    match name.as_str() {
                        "isnamevar" => namevar = true,
                        "validate" => custom_validation = true,
                        "newvalues" => {
                            for a in args {
                                match &a.kind {
                                    // Options (`:event => :x`).
                                    NodeKind::Hash(_) => {}
                                    // `newvalues(*%w[on off])`
                                    NodeKind::Splat(list) => match &list.kind {
                                        NodeKind::Array(items) => values.extend(items.clone()),
                                        _ => values.push(a.clone()),
                                    },
                                    _ => values.push(a.clone()),
                                }
                            }
                        }
                        "newvalue" | "aliasvalue" => values.extend(args.first().cloned()),
                        "defaultvalues" => {
                            for w in ["present", "absent"] {
                                values.push(Node::new(NodeKind::Sym(w.into()), inner.span));
                            }
                        }
                        _ => {}
                    }
                }
                true
            });
        }
        if method == "ensurable" && block.is_none() {
            for w in ["present", "absent"] {
                values.push(Node::new(NodeKind::Sym(w.into()), c.span));
            }
        }
        let ty = if boolean_parent {
            "Variant[Boolean, Enum['true', 'false', 'yes', 'no']]".to_string()
        } else if custom_validation || (parent.is_some() && method != "ensurable") {
            "Any".to_string()
        } else {
            // A property also takes an array of such values (one per `should`); the type
            // says what each value is, as for the core types.
            values_type(&values).unwrap_or_else(|| "Any".to_string())
        };
        if let Some(&i) = by_name.get(&attr_name) {
            attributes[i].namevar |= namevar;
            return false;
        }
        by_name.insert(attr_name.clone(), attributes.len());
        attributes.push(AttributeDef {
            name: attr_name,
            kind,
            ty,
            namevar,
            required: false,
        });
        false
    });
    if !attributes.iter().any(|a| a.namevar)
        && let Some(n) = attributes.iter_mut().find(|a| a.name == "name")
    {
        n.namevar = true;
    }
    attributes
}

/// `Puppet::ResourceApi.register_type(name: 'x', attributes: { a: { type: 'T', behaviour:
/// :namevar }, ... })`.
pub(super) fn resource_api_types(file: &File<'_>, root: &Node) -> Vec<ResourceTypeDef> {
    let mut out = Vec::new();
    walk(root, &mut |n| {
        let NodeKind::Call { name, args, .. } = &n.kind else {
            return true;
        };
        if name != "register_type" {
            return true;
        }
        let Some(type_name) = hash_get_opt(args, "name").and_then(literal) else {
            return true;
        };
        let attrs = hash_get_opt(args, "attributes").and_then(hash_pairs);
        let mut attributes = Vec::new();
        for (attr, def) in attrs.unwrap_or_default() {
            let (Some(attr), Some(props)) = (literal(attr), hash_pairs(def)) else {
                continue;
            };
            let prop = |k: &str| hash_get(props, k).and_then(literal);
            let behaviour = prop("behaviour").or_else(|| prop("behavior"));
            let kind = match behaviour {
                Some("parameter" | "namevar" | "init_only") => AttributeKind::Parameter,
                _ => AttributeKind::Property,
            };
            attributes.push(AttributeDef {
                name: attr.to_string(),
                kind,
                ty: prop("type").unwrap_or("Any").to_string(),
                namevar: behaviour == Some("namevar"),
                required: false,
            });
        }
        out.push(ResourceTypeDef {
            name: type_name.to_ascii_lowercase(),
            attributes,
            complete: attrs.is_some(),
            origin: file.origin(n),
            title_patterns: None,
        });
        false
    });
    out
}
