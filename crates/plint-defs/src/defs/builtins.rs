//! Puppet's built-in knowledge, loaded once from the data under `rules/` (embedded in the binary
//! with `include_str!`): every function of Puppet 7 with its dispatches, every core resource type
//! with its attributes, and the metaparameters every resource accepts.
//!
//! The data files are TOML:
//!
//! - `rules/functions/*.toml`: one table per function, with its dispatches in Puppet's order.
//!   A parameter is written `"Type name"`, with a suffix on the name for an optional (`?`),
//!   repeated (`*`) or required repeated (`+`) parameter; the block the same way
//!   (`"Callable[1, 1] block"`, optional with `?`); `returns` is the return type.
//! - `rules/types/*.toml`: one table per resource type, one entry per attribute:
//!   `path = { param = "String", namevar = true }` or `mode = { property = "String" }`.
//! - `rules/types/metaparameters.toml`: the same shape under `[metaparameters]`, with
//!   `metaparam = "Type"`.
//!
//! Types are Puppet source text (see [`TypeSrc`](super::model::TypeSrc)).

use std::collections::BTreeMap;
use std::sync::LazyLock;

use rustc_hash::FxHashMap;
use serde::Deserialize;

use super::model::{
    AttributeDef, AttributeKind, BlockParam, FunctionDef, FunctionKind, Origin, ParamKind,
    ResourceTypeDef, SigParam, Signature,
};

/// The embedded function files: (file name, text).
const FUNCTION_FILES: &[(&str, &str)] = &[
    (
        "catalog.toml",
        include_str!("../../../../rules/functions/catalog.toml"),
    ),
    (
        "collections.toml",
        include_str!("../../../../rules/functions/collections.toml"),
    ),
    (
        "data.toml",
        include_str!("../../../../rules/functions/data.toml"),
    ),
    (
        "files.toml",
        include_str!("../../../../rules/functions/files.toml"),
    ),
    (
        "iteration.toml",
        include_str!("../../../../rules/functions/iteration.toml"),
    ),
    (
        "logging.toml",
        include_str!("../../../../rules/functions/logging.toml"),
    ),
    (
        "math.toml",
        include_str!("../../../../rules/functions/math.toml"),
    ),
    (
        "misc.toml",
        include_str!("../../../../rules/functions/misc.toml"),
    ),
    (
        "server.toml",
        include_str!("../../../../rules/functions/server.toml"),
    ),
    (
        "strings.toml",
        include_str!("../../../../rules/functions/strings.toml"),
    ),
    (
        "types.toml",
        include_str!("../../../../rules/functions/types.toml"),
    ),
];

/// The embedded resource type files: (file name, text).
const TYPE_FILES: &[(&str, &str)] = &[
    (
        "component.toml",
        include_str!("../../../../rules/types/component.toml"),
    ),
    (
        "exec.toml",
        include_str!("../../../../rules/types/exec.toml"),
    ),
    (
        "file.toml",
        include_str!("../../../../rules/types/file.toml"),
    ),
    (
        "filebucket.toml",
        include_str!("../../../../rules/types/filebucket.toml"),
    ),
    (
        "group.toml",
        include_str!("../../../../rules/types/group.toml"),
    ),
    (
        "notify.toml",
        include_str!("../../../../rules/types/notify.toml"),
    ),
    (
        "package.toml",
        include_str!("../../../../rules/types/package.toml"),
    ),
    (
        "resources.toml",
        include_str!("../../../../rules/types/resources.toml"),
    ),
    (
        "schedule.toml",
        include_str!("../../../../rules/types/schedule.toml"),
    ),
    (
        "service.toml",
        include_str!("../../../../rules/types/service.toml"),
    ),
    (
        "stage.toml",
        include_str!("../../../../rules/types/stage.toml"),
    ),
    (
        "tidy.toml",
        include_str!("../../../../rules/types/tidy.toml"),
    ),
    (
        "user.toml",
        include_str!("../../../../rules/types/user.toml"),
    ),
];

const METAPARAMETERS_FILE: (&str, &str) = (
    "metaparameters.toml",
    include_str!("../../../../rules/types/metaparameters.toml"),
);

/// Every embedded data file, `(path under rules/, text)`: for tests and tools that check them.
pub fn data_files() -> impl Iterator<Item = (String, &'static str)> {
    let functions = FUNCTION_FILES
        .iter()
        .map(|(name, text)| (format!("functions/{name}"), *text));
    let types = TYPE_FILES
        .iter()
        .chain(std::iter::once(&METAPARAMETERS_FILE))
        .map(|(name, text)| (format!("types/{name}"), *text));
    functions.chain(types)
}

struct Builtins {
    /// Sorted by name.
    functions: Vec<FunctionDef>,
    /// Sorted by name.
    types: Vec<ResourceTypeDef>,
    metaparameters: Vec<AttributeDef>,
    /// Positions in `functions`, by name (calls are many).
    function_at: FxHashMap<String, usize>,
    /// Positions in `types`, by name (resources are many).
    type_at: FxHashMap<String, usize>,
    /// For each type of `types`, its attributes and then the metaparameters by name, the
    /// type's own first: (a metaparameter?, position in its list). Core types have dozens of
    /// attributes, and every attribute of every resource is looked up.
    attribute_at: Vec<FxHashMap<String, (bool, usize)>>,
}

/// The built-ins, read once from the data files embedded in the binary and never changed
/// (immutable, so one copy serves every run of the process).
static BUILTINS: LazyLock<Builtins> = LazyLock::new(|| match load() {
    Ok(builtins) => builtins,
    // The data is part of the binary and checked by tests/builtins.rs: an error here is a bug
    // in the data, found by the first test run.
    Err(e) => panic!("built-in data under rules/ is invalid: {e}"),
});

/// Every built-in function, sorted by name.
pub fn functions() -> &'static [FunctionDef] {
    &BUILTINS.functions
}

/// The built-in function `name` (`each`, `lookup`; a leading `::` is ignored).
pub fn function(name: &str) -> Option<&'static FunctionDef> {
    let name = name.strip_prefix("::").unwrap_or(name);
    let b = &*BUILTINS;
    b.function_at.get(name).map(|&i| &b.functions[i])
}

/// Every core resource type, sorted by name. Their attributes do not include the
/// metaparameters (see [`metaparameters`]), which every resource accepts.
pub fn resource_types() -> &'static [ResourceTypeDef] {
    &BUILTINS.types
}

/// The core resource type `name` (lower case: `file`, `package`).
pub fn resource_type(name: &str) -> Option<&'static ResourceTypeDef> {
    let name = name.strip_prefix("::").unwrap_or(name);
    let b = &*BUILTINS;
    b.type_at.get(name).map(|&i| &b.types[i])
}

/// The attribute `name` of the core resource type `type_name`, or else the metaparameter
/// `name` (what a resource of that type accepts).
pub fn resource_attribute(type_name: &str, name: &str) -> Option<&'static AttributeDef> {
    let b = &*BUILTINS;
    let Some(&t) = b.type_at.get(type_name) else {
        return metaparameter(name);
    };
    b.attribute_at[t].get(name).map(|&(meta, i)| match meta {
        true => &b.metaparameters[i],
        false => &b.types[t].attributes[i],
    })
}

/// The metaparameters (`require`, `before`, `tag`, `noop`, ...): attributes of every resource,
/// of core, custom and defined types alike.
pub fn metaparameters() -> &'static [AttributeDef] {
    &BUILTINS.metaparameters
}

/// The metaparameter `name`.
pub fn metaparameter(name: &str) -> Option<&'static AttributeDef> {
    BUILTINS.metaparameters.iter().find(|a| a.name == name)
}

// ------------------------------------------------------------------------- loading

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FunctionToml {
    #[serde(default)]
    dispatch: Vec<DispatchToml>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DispatchToml {
    params: Vec<String>,
    block: Option<String>,
    returns: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AttributeToml {
    param: Option<String>,
    property: Option<String>,
    metaparam: Option<String>,
    #[serde(default)]
    namevar: bool,
    #[serde(default)]
    required: bool,
}

/// Loads and checks every embedded file.
fn load() -> Result<Builtins, String> {
    let mut functions = Vec::new();
    for (file, text) in FUNCTION_FILES {
        functions.extend(parse_function_file(text).map_err(|e| format!("functions/{file}: {e}"))?);
    }
    functions.sort_by(|a, b| a.name.cmp(&b.name));
    if let Some(w) = functions.windows(2).find(|w| w[0].name == w[1].name) {
        return Err(format!("function `{}` is defined twice", w[0].name));
    }

    let mut types = Vec::new();
    for (file, text) in TYPE_FILES {
        types.extend(parse_type_file(text).map_err(|e| format!("types/{file}: {e}"))?);
    }
    types.sort_by(|a, b| a.name.cmp(&b.name));
    if let Some(w) = types.windows(2).find(|w| w[0].name == w[1].name) {
        return Err(format!("resource type `{}` is defined twice", w[0].name));
    }

    let (file, text) = METAPARAMETERS_FILE;
    let metaparameters = parse_metaparameters(text).map_err(|e| format!("types/{file}: {e}"))?;
    let function_at = functions
        .iter()
        .enumerate()
        .map(|(i, f)| (f.name.clone(), i))
        .collect();
    let type_at = types
        .iter()
        .enumerate()
        .map(|(i, t)| (t.name.clone(), i))
        .collect();
    let attribute_at = types
        .iter()
        .map(|t| {
            let mut names: FxHashMap<String, (bool, usize)> = FxHashMap::default();
            let own = t
                .attributes
                .iter()
                .enumerate()
                .map(|(i, a)| (a, (false, i)));
            let meta = metaparameters
                .iter()
                .enumerate()
                .map(|(i, a)| (a, (true, i)));
            // The first of a name wins: the type's own before a metaparameter.
            for (a, at) in own.chain(meta) {
                names.entry(a.name.clone()).or_insert(at);
            }
            names
        })
        .collect();
    Ok(Builtins {
        functions,
        types,
        metaparameters,
        function_at,
        type_at,
        attribute_at,
    })
}

/// Parses one `rules/functions/*.toml` file.
pub fn parse_function_file(text: &str) -> Result<Vec<FunctionDef>, String> {
    let table: BTreeMap<String, FunctionToml> = toml::from_str(text).map_err(|e| e.to_string())?;
    table
        .into_iter()
        .map(|(name, f)| {
            let signatures = f
                .dispatch
                .into_iter()
                .enumerate()
                .map(|(i, d)| {
                    signature(d).map_err(|e| format!("function `{name}`, dispatch {}: {e}", i + 1))
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(FunctionDef {
                name,
                kind: FunctionKind::Builtin,
                signatures,
                origin: Origin::Builtin,
            })
        })
        .collect()
}

fn signature(d: DispatchToml) -> Result<Signature, String> {
    let params = d
        .params
        .iter()
        .map(|p| {
            let (ty, name) = split_typed_name(p)?;
            let (name, kind) = match name.as_bytes().last() {
                Some(b'?') => (&name[..name.len() - 1], ParamKind::Optional),
                Some(b'*') => (&name[..name.len() - 1], ParamKind::Repeated),
                Some(b'+') => (&name[..name.len() - 1], ParamKind::RequiredRepeated),
                _ => (name, ParamKind::Required),
            };
            check_name(name, p)?;
            Ok(SigParam {
                name: name.to_string(),
                ty: ty.to_string(),
                kind,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    check_param_order(&params)?;
    let block = match &d.block {
        None => None,
        Some(b) => {
            let (ty, name) = split_typed_name(b)?;
            let (name, optional) = match name.strip_suffix('?') {
                Some(name) => (name, true),
                None => (name, false),
            };
            check_name(name, b)?;
            Some(BlockParam {
                name: name.to_string(),
                ty: ty.to_string(),
                optional,
            })
        }
    };
    Ok(Signature {
        params,
        block,
        return_type: d.returns,
    })
}

/// `"Hash[String, Any] name?"` -> (`Hash[String, Any]`, `name?`).
fn split_typed_name(s: &str) -> Result<(&str, &str), String> {
    match s.trim().rsplit_once(' ') {
        Some((ty, name)) if !ty.trim().is_empty() => Ok((ty.trim(), name)),
        _ => Err(format!("`{s}` is not \"Type name\"")),
    }
}

fn check_name(name: &str, whole: &str) -> Result<(), String> {
    let ok = name
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_lowercase() || b == b'_')
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    if ok {
        Ok(())
    } else {
        Err(format!("bad parameter name in `{whole}`"))
    }
}

/// Required parameters come first, then optional ones; a repeated one is last.
fn check_param_order(params: &[SigParam]) -> Result<(), String> {
    let mut seen_optional = false;
    for (i, p) in params.iter().enumerate() {
        match p.kind {
            ParamKind::Required if seen_optional => {
                return Err(format!("required `{}` after an optional parameter", p.name));
            }
            ParamKind::Required => {}
            ParamKind::Optional => seen_optional = true,
            ParamKind::Repeated | ParamKind::RequiredRepeated if i + 1 != params.len() => {
                return Err(format!("repeated `{}` is not the last parameter", p.name));
            }
            ParamKind::RequiredRepeated if seen_optional => {
                return Err(format!(
                    "required repeated `{}` after an optional one",
                    p.name
                ));
            }
            ParamKind::Repeated | ParamKind::RequiredRepeated => {}
        }
    }
    Ok(())
}

/// Parses one `rules/types/*.toml` file (not the metaparameters).
pub fn parse_type_file(text: &str) -> Result<Vec<ResourceTypeDef>, String> {
    let table: BTreeMap<String, BTreeMap<String, AttributeToml>> =
        toml::from_str(text).map_err(|e| e.to_string())?;
    table
        .into_iter()
        .map(|(name, attrs)| {
            let attributes = attrs
                .into_iter()
                .map(|(attr, a)| {
                    attribute(&attr, a, false).map_err(|e| format!("`{name}` `{attr}`: {e}"))
                })
                .collect::<Result<Vec<_>, _>>()?;
            if !attributes.iter().any(|a| a.namevar) {
                return Err(format!("resource type `{name}` has no namevar"));
            }
            Ok(ResourceTypeDef {
                name,
                attributes,
                complete: true,
                origin: Origin::Builtin,
                title_patterns: None,
            })
        })
        .collect()
}

fn parse_metaparameters(text: &str) -> Result<Vec<AttributeDef>, String> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct File {
        metaparameters: BTreeMap<String, AttributeToml>,
    }
    let file: File = toml::from_str(text).map_err(|e| e.to_string())?;
    file.metaparameters
        .into_iter()
        .map(|(name, a)| attribute(&name, a, true).map_err(|e| format!("`{name}`: {e}")))
        .collect()
}

fn attribute(name: &str, a: AttributeToml, meta: bool) -> Result<AttributeDef, String> {
    let (kind, ty) = match (a.param, a.property, a.metaparam) {
        (Some(ty), None, None) if !meta => (AttributeKind::Parameter, ty),
        (None, Some(ty), None) if !meta => (AttributeKind::Property, ty),
        (None, None, Some(ty)) if meta => (AttributeKind::Metaparameter, ty),
        _ if meta => return Err("needs `metaparam = \"Type\"`".to_string()),
        _ => return Err("needs exactly one of `param` or `property`".to_string()),
    };
    if ty.trim().is_empty() {
        return Err("empty type".to_string());
    }
    Ok(AttributeDef {
        name: name.to_string(),
        kind,
        ty,
        namevar: a.namevar,
        required: a.required,
    })
}
