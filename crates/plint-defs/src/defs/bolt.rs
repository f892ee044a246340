//! Bolt's built-in knowledge, loaded once from the data under `rules/bolt/` (embedded with
//! `include_str!`): the plan functions of boltlib and Bolt's bundled modules, Bolt's type aliases
//! (`TargetSpec`, `Boltlib::PlanResult`) and the members of its object types (`Target`,
//! `Result`, `ResultSet`, ...).
//!
//! This knowledge applies only to *plans*: a file that defines a plan is one Puppet parses with
//! `--tasks` (Bolt loads `plans/*.pp` that way), where these functions and types exist. In a
//! manifest they do not: a manifest calling `run_task` fails when Puppet compiles it.
//!
//! - `rules/bolt/functions.toml`: the shape of `rules/functions/*.toml` (see
//!   [`builtins`](super::builtins)).
//! - `rules/bolt/types.toml`: `[aliases]` (`Name = "Type"`) and `[objects.<Type>]`, one entry per
//!   member: `member = "ReturnType"` for an attribute or a function without arguments, or
//!   `member = { params = ["Type name", ...], returns = "ReturnType" }`.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use serde::Deserialize;

use super::builtins::parse_function_file;
use super::model::{FunctionDef, Origin, TypeAliasDef};

const FUNCTIONS_FILE: &str = include_str!("../../../../rules/bolt/functions.toml");
const TYPES_FILE: &str = include_str!("../../../../rules/bolt/types.toml");

/// Every embedded Bolt data file, `(path under rules/, text)`.
pub fn data_files() -> impl Iterator<Item = (String, &'static str)> {
    [
        ("bolt/functions.toml".to_string(), FUNCTIONS_FILE),
        ("bolt/types.toml".to_string(), TYPES_FILE),
    ]
    .into_iter()
}

/// A member of a Bolt object type: what `$value.name` or `$value.name(args)` gives.
#[derive(Debug, Clone, PartialEq)]
pub struct Member {
    pub name: String,
    /// The argument types, in order (empty for an attribute).
    pub params: Vec<String>,
    pub returns: String,
}

/// A Bolt object type (`Target`, `ResultSet`) and its members, sorted by name.
#[derive(Debug, Clone, PartialEq)]
pub struct ObjectType {
    pub name: String,
    pub members: Vec<Member>,
}

impl ObjectType {
    pub fn member(&self, name: &str) -> Option<&Member> {
        self.members
            .binary_search_by(|m| m.name.as_str().cmp(name))
            .ok()
            .map(|i| &self.members[i])
    }
}

struct Bolt {
    /// Sorted by name.
    functions: Vec<FunctionDef>,
    /// Sorted by lower-case name.
    aliases: Vec<(String, TypeAliasDef)>,
    /// Sorted by name.
    objects: Vec<ObjectType>,
}

static BOLT: LazyLock<Bolt> = LazyLock::new(|| match load() {
    Ok(b) => b,
    // Embedded data, checked by tests/bolt.rs: an error here is a bug in the data.
    Err(e) => panic!("built-in data under rules/bolt/ is invalid: {e}"),
});

/// Every Bolt plan function, sorted by name.
pub fn functions() -> &'static [FunctionDef] {
    &BOLT.functions
}

/// The Bolt plan function `name` (`run_task`, `out::message`; a leading `::` is ignored).
pub fn function(name: &str) -> Option<&'static FunctionDef> {
    let name = name.strip_prefix("::").unwrap_or(name);
    let all = &BOLT.functions;
    all.binary_search_by(|f| f.name.as_str().cmp(name))
        .ok()
        .map(|i| &all[i])
}

/// The Bolt type alias `name`, in any case (`TargetSpec`, `boltlib::targetspec`).
pub fn type_alias(name: &str) -> Option<&'static TypeAliasDef> {
    let name = name.strip_prefix("::").unwrap_or(name);
    let key = name.to_ascii_lowercase();
    let all = &BOLT.aliases;
    all.binary_search_by(|(k, _)| k.as_str().cmp(&key))
        .ok()
        .map(|i| &all[i].1)
}

/// Every Bolt type alias.
pub fn type_aliases() -> impl Iterator<Item = &'static TypeAliasDef> {
    BOLT.aliases.iter().map(|(_, a)| a)
}

/// Every Bolt object type, sorted by name.
pub fn objects() -> &'static [ObjectType] {
    &BOLT.objects
}

/// The Bolt object type `name` (`Target`, `ResultSet`), as written.
pub fn object(name: &str) -> Option<&'static ObjectType> {
    let name = name.strip_prefix("::").unwrap_or(name);
    let all = &BOLT.objects;
    all.binary_search_by(|o| o.name.as_str().cmp(name))
        .ok()
        .map(|i| &all[i])
}

/// Whether some Bolt object type has a member `name`.
pub fn is_member(name: &str) -> bool {
    BOLT.objects.iter().any(|o| o.member(name).is_some())
}

// ------------------------------------------------------------------------- loading

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TypesToml {
    #[serde(default)]
    aliases: BTreeMap<String, String>,
    #[serde(default)]
    objects: BTreeMap<String, BTreeMap<String, MemberToml>>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum MemberToml {
    Attribute(String),
    Function {
        params: Vec<String>,
        returns: String,
    },
}

fn load() -> Result<Bolt, String> {
    let mut functions =
        parse_function_file(FUNCTIONS_FILE).map_err(|e| format!("bolt/functions.toml: {e}"))?;
    functions.sort_by(|a, b| a.name.cmp(&b.name));
    let (aliases, objects) =
        parse_types_file(TYPES_FILE).map_err(|e| format!("bolt/types.toml: {e}"))?;
    Ok(Bolt {
        functions,
        aliases,
        objects,
    })
}

type Parsed = (Vec<(String, TypeAliasDef)>, Vec<ObjectType>);

/// Parses `rules/bolt/types.toml`.
pub fn parse_types_file(text: &str) -> Result<Parsed, String> {
    let file: TypesToml = toml::from_str(text).map_err(|e| e.to_string())?;
    let mut aliases: Vec<(String, TypeAliasDef)> = file
        .aliases
        .into_iter()
        .map(|(name, ty)| {
            (
                name.to_ascii_lowercase(),
                TypeAliasDef {
                    name,
                    ty,
                    origin: Origin::Builtin,
                },
            )
        })
        .collect();
    aliases.sort_by(|a, b| a.0.cmp(&b.0));
    let mut objects = Vec::new();
    for (name, members) in file.objects {
        let mut list = Vec::new();
        for (member, m) in members {
            let (params, returns) = match m {
                MemberToml::Attribute(t) => (Vec::new(), t),
                MemberToml::Function { params, returns } => {
                    let params = params
                        .iter()
                        .map(|p| match p.trim().rsplit_once(' ') {
                            Some((ty, _)) if !ty.trim().is_empty() => Ok(ty.trim().to_string()),
                            _ => Err(format!("`{name}.{member}`: `{p}` is not \"Type name\"")),
                        })
                        .collect::<Result<Vec<_>, _>>()?;
                    (params, returns)
                }
            };
            if returns.trim().is_empty() {
                return Err(format!("`{name}.{member}`: empty type"));
            }
            list.push(Member {
                name: member,
                params,
                returns,
            });
        }
        list.sort_by(|a, b| a.name.cmp(&b.name));
        objects.push(ObjectType {
            name,
            members: list,
        });
    }
    objects.sort_by(|a, b| a.name.cmp(&b.name));
    Ok((aliases, objects))
}
