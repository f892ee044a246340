//! Facter's legacy facts and their structured replacements, for P421 and P422; and finding
//! how a fact is read (`$::name`, `$facts['name']`).

use crate::syntax::ast::{Expr, ExprKind, Span, StringPart};

/// The data of `rules/facts/legacy.toml`.
#[derive(serde::Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
struct LegacyFile {
    always_present: Vec<String>,
    replacements: rustc_hash::FxHashMap<String, String>,
    inexact: rustc_hash::FxHashMap<String, String>,
}

/// [`LegacyFile`], read once (the data is embedded and never changes).
static DATA: std::sync::LazyLock<LegacyFile> = std::sync::LazyLock::new(|| {
    toml::from_str(include_str!("../../../../rules/facts/legacy.toml"))
        .expect("rules/facts/legacy.toml is valid")
});

/// A legacy fact and what replaces it.
#[derive(Debug)]
pub struct Legacy {
    /// What follows `$facts` to read the structured fact that replaces it, if any: an access
    /// (`['os']['family']`) when every level above the last is always present, else a call
    /// of `dig` (`.dig('ssh', 'dsa', 'key')`), which gives undef where a level is missing, as
    /// the legacy fact did, where an access would fail to compile.
    pub access: Option<String>,
    /// Whether the replacement has the same value in every case. Facts named after a
    /// device, interface or zone are not exact: Facter mangled those names.
    pub exact: bool,
}

/// Whether every level of `keys` above the last holds a hash or an array on every node
/// (`always-present` in the data).
fn levels_always_present(keys: &[&str]) -> bool {
    let present = &DATA.always_present;
    (1..keys.len()).all(|n| {
        let len = keys[..n].iter().map(|k| k.len() + 1).sum::<usize>() - 1;
        present.iter().any(|p| {
            p.len() == len && {
                let mut parts = p.split('.');
                keys[..n].iter().all(|k| parts.next() == Some(k))
            }
        })
    })
}

/// What follows `$facts` to read the structured fact at `keys` (see [`Legacy::access`]).
fn access(keys: &[&str]) -> String {
    let quoted = |k: &str| k.parse::<u32>().is_err();
    let mut out = String::new();
    if levels_always_present(keys) {
        for k in keys {
            let (open, close) = if quoted(k) { ("['", "']") } else { ("[", "]") };
            out.push_str(open);
            out.push_str(k);
            out.push_str(close);
        }
    } else {
        out.push_str(".dig(");
        for (i, k) in keys.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            if quoted(k) {
                out.push('\'');
                out.push_str(k);
                out.push('\'');
            } else {
                out.push_str(k);
            }
        }
        out.push(')');
    }
    out
}

fn inexact(keys: &[&str]) -> Option<Legacy> {
    Some(Legacy {
        access: Some(access(keys)),
        exact: false,
    })
}

/// Facts whose name holds a device, interface or zone name (`ipaddress_eth0`).
fn patterned(name: &str) -> Option<Legacy> {
    // Every pattern below starts with one of these letters.
    if !name.starts_with(['b', 'i', 'l', 'm', 'n', 'p', 's', 'z']) {
        return None;
    }
    if let Some(rest) = name.strip_prefix("blockdevice_") {
        let (device, attr) = rest.rsplit_once('_')?;
        let attr = match attr {
            "size" => "size_bytes",
            "model" | "vendor" => attr,
            _ => return None,
        };
        return inexact(&["disks", device, attr]);
    }
    for (prefix, key) in [
        ("ipaddress6_", "ip6"),
        ("ipaddress_", "ip"),
        ("macaddress_", "mac"),
        ("mtu_", "mtu"),
        ("netmask6_", "netmask6"),
        ("netmask_", "netmask"),
        ("network6_", "network6"),
        ("network_", "network"),
    ] {
        if let Some(iface) = name.strip_prefix(prefix).filter(|i| !i.is_empty()) {
            return inexact(&["networking", "interfaces", iface, key]);
        }
    }
    if let Some(n) = name.strip_prefix("processor")
        && !n.is_empty()
        && n.bytes().all(|b| b.is_ascii_digit())
    {
        return Some(Legacy {
            access: Some(access(&["processors", "models", n])),
            exact: true,
        });
    }
    if let Some(alg) = name.strip_prefix("ssh").and_then(|r| r.strip_suffix("key"))
        && matches!(alg, "dsa" | "ecdsa" | "ed25519" | "rsa")
    {
        return Some(Legacy {
            access: Some(access(&["ssh", alg, "key"])),
            exact: true,
        });
    }
    if let Some(rest) = name.strip_prefix("zone_") {
        let (zone, attr) = rest.rsplit_once('_')?;
        if ["brand", "iptype", "name", "uuid", "id", "path", "status"].contains(&attr) {
            return inexact(&["solaris_zones", "zones", zone, attr]);
        }
        return None;
    }
    for (prefix, top) in [("sp_", "system_profiler"), ("ldom_", "ldom")] {
        if let Some(rest) = name.strip_prefix(prefix).filter(|r| !r.is_empty()) {
            return inexact(&[top, rest]);
        }
    }
    None
}

/// Is `name` a legacy fact, and what replaces it?
pub fn legacy(name: &str) -> Option<Legacy> {
    let found = (DATA.replacements.get(name).map(|p| (p, true)))
        .or_else(|| DATA.inexact.get(name).map(|p| (p, false)));
    if let Some((path, exact)) = found {
        let keys: Vec<&str> = path.split('.').filter(|k| !k.is_empty()).collect();
        return Some(Legacy {
            access: (!keys.is_empty()).then(|| access(&keys)),
            exact,
        });
    }
    patterned(name)
}

/// How a fact is read.
#[derive(Debug)]
pub struct FactRead {
    pub name: String,
    /// The whole expression (`$::osfamily`, `$facts['osfamily']`).
    pub span: Span,
    /// Read as a top-scope variable (`$::name`), not from `$facts`.
    pub top_scope: bool,
}

/// The kinds of expression [`fact_read`] reads facts in.
pub const READ_KINDS: &[crate::rules::Kind] =
    &[crate::rules::Kind::Variable, crate::rules::Kind::Access];

/// `$::name` (not further qualified), or `$facts['name']` / `$::facts['name']`.
pub fn fact_read(e: &Expr) -> Option<FactRead> {
    match &e.kind {
        ExprKind::Variable(v) => {
            let name = v.strip_prefix("::")?;
            (!crate::rules::queries::has_double_colon(name) && !name.is_empty()).then(|| FactRead {
                name: name.to_string(),
                span: e.span,
                top_scope: true,
            })
        }
        ExprKind::Access { target, args } => {
            let ExprKind::Variable(v) = &target.kind else {
                return None;
            };
            if v != "facts" && v != "::facts" {
                return None;
            }
            let [key] = args.as_slice() else {
                return None;
            };
            let ExprKind::String(s) = &key.kind else {
                return None;
            };
            Some(FactRead {
                name: s.literal_value()?,
                span: e.span,
                top_scope: false,
            })
        }
        _ => None,
    }
}

/// A fact read of the file, with the legacy fact it names, if any.
#[derive(Debug)]
pub struct Read {
    pub read: FactRead,
    pub legacy: Option<Legacy>,
}

/// Every fact read of the file being checked ([`fact_read`] over [`READ_KINDS`], in
/// pre-order), each looked up in the legacy facts: found once per file for P421 and P422.
pub fn reads_of<'a>(cx: &crate::rules::Context<'a>) -> &'a [Read] {
    &cx.cache::<Reads>().0
}

/// [`reads_of`] the file being checked.
struct Reads(Vec<Read>);

impl crate::rules::FileCache for Reads {
    fn compute(cx: &crate::rules::Context<'_>) -> Self {
        Reads(
            cx.index()
                .exprs_of(READ_KINDS)
                .filter_map(fact_read)
                .map(|read| {
                    let legacy = legacy(&read.name);
                    Read { read, legacy }
                })
                .collect(),
        )
    }
}

/// [`unbraced_interpolations`] of the file being checked, found once per file.
pub fn unbraced_of<'a>(cx: &crate::rules::Context<'a>) -> &'a [Span] {
    &cx.cache::<Unbraced>().0
}

/// [`unbraced_of`] the file being checked.
struct Unbraced(Vec<Span>);

impl crate::rules::FileCache for Unbraced {
    fn compute(cx: &crate::rules::Context<'_>) -> Self {
        Unbraced(unbraced_interpolations(cx.index()))
    }
}

/// The spans of unbraced interpolations (`"$x"`), which need braces once the variable
/// becomes an access; sorted.
pub fn unbraced_interpolations(index: &crate::rules::Expressions<'_>) -> Vec<Span> {
    let mut out = Vec::new();
    for e in index.exprs_of(&[crate::rules::Kind::String]) {
        if let ExprKind::String(s) = &e.kind {
            for p in &s.parts {
                if let StringPart::Interpolation {
                    braced: false,
                    span,
                    ..
                } = p
                {
                    out.push(*span);
                }
            }
        }
    }
    out.sort();
    out
}

/// The `$facts` access of a fact read as a top-scope variable, `['name']`, in pieces (for
/// [`replacement_in_pieces`] and messages, without making it).
pub fn top_scope_access(name: &str) -> [&str; 3] {
    ["['", name, "']"]
}

/// The text that replaces the read at `span` (whose source text is `text`) by
/// `$facts<access>`, keeping it valid where it stands.
pub fn replacement(text: &str, span: Span, unbraced: &[Span], access: &str) -> String {
    replacement_in_pieces(text, span, unbraced, &[access])
}

/// [`replacement`] of an access given in pieces, joined as they are.
pub fn replacement_in_pieces(text: &str, span: Span, unbraced: &[Span], access: &[&str]) -> String {
    let (before, after) = if unbraced.binary_search(&span).is_ok() {
        ("${facts", "}")
    } else if text.starts_with('$') {
        ("$facts", "")
    } else {
        ("facts", "")
    };
    let len = before.len() + access.iter().map(|p| p.len()).sum::<usize>() + after.len();
    let mut out = String::with_capacity(len);
    out.push_str(before);
    access.iter().for_each(|p| out.push_str(p));
    out.push_str(after);
    out
}

#[cfg(test)]
mod kind_tests {
    use super::*;

    /// A level that some node lacks is read with `dig`; levels every node has, with `[]`.
    #[test]
    fn replacements_dig_where_a_level_may_be_missing() {
        let access_of = |name: &str| legacy(name).and_then(|l| l.access);
        assert_eq!(access_of("osfamily").as_deref(), Some("['os']['family']"));
        assert_eq!(
            access_of("operatingsystemmajrelease").as_deref(),
            Some("['os']['release']['major']")
        );
        assert_eq!(
            access_of("sshdsakey").as_deref(),
            Some(".dig('ssh', 'dsa', 'key')")
        );
        assert_eq!(
            access_of("processor0").as_deref(),
            Some(".dig('processors', 'models', 0)")
        );
        assert_eq!(
            access_of("ipaddress_eth0").as_deref(),
            Some(".dig('networking', 'interfaces', 'eth0', 'ip')")
        );
        let lsb = legacy("lsbdistcodename").unwrap();
        assert!(!lsb.exact, "Facter 4 sets lsbdist* only with lsb_release");
        assert!(legacy("memorysize_mb").unwrap().access.is_none());
        // Every path of the data is well formed.
        for path in DATA.replacements.values().chain(DATA.inexact.values()) {
            assert!(
                path.is_empty() || path.split('.').all(|k| !k.is_empty()),
                "{path}"
            );
        }
    }

    /// Every fact read is of a kind in [`READ_KINDS`].
    #[test]
    fn read_kinds_cover_fact_reads() {
        crate::rules::expressions::assert_kinds_cover(READ_KINDS, &|e| fact_read(e).is_some());
    }
}
