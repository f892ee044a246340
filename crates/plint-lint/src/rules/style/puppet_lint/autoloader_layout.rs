use crate::discover::module::module_of_folder;
use crate::{declare_rule, rule_options};

rule_options! {
    /// The options of `definition-outside-autoload-path`.
    pub struct Options {
        /// Compare only the path below `manifests/`, never the module's name with the folder
        /// that holds the module (puppet-lint's `--relative`, which sets it).
        relative: bool = false,
    }
}
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{Expr, ExprKind, Ident};

declare_rule! {
    /// ## What it does
    /// Finds classes and defined types that are not in the file where Puppet's autoloader
    /// looks for them: `mod` in `mod/manifests/init.pp`, `mod::a::b` in
    /// `mod/manifests/a/b.pp`.
    ///
    /// The module is the folder right below a configured module path (`modulepath` in
    /// `plint.toml`, `--modulepath`), named as it is, as Puppet does. Else it is the folder
    /// above `manifests/`, and a folder named like a Forge release (`puppetlabs-apache`,
    /// `saz-rsyslog`) counts as the module after the last dash, and a folder whose name is not a valid module name (`my.repo`) is not compared
    /// with the class's first segment, so the result does not depend on the name of the
    /// checkout (puppet-lint needs `--relative` for that, and then never compares the
    /// module name at all).
    ///
    /// puppet-lint reports this as an error; plint reports it as a warning, as it does every
    /// style rule. In a module's autoloaded files, what Puppet itself rejects is reported as
    /// an error by `definition-in-wrong-file` (P335).
    ///
    /// ## Why is this bad?
    /// Puppet finds a class or defined type by its name alone. One that is somewhere else
    /// is found only if the file that holds it happens to be loaded first, so catalogs
    /// compile or fail depending on the order of `include`s.
    ///
    /// ## Example
    /// ```puppet
    /// # file: modules/web/manifests/server.pp
    /// class web::service { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// # file: modules/web/manifests/server.pp
    /// class web::server { }
    /// ```
    pub struct AutoloaderLayout {
        code: "P402",
        name: "definition-outside-autoload-path",
        severity: Warning,
        category: Style,
        puppet_lint: "autoloader_layout",
        options: Options,
    }
}

/// Where a file is in its module: the module's name (when its folder says it; under a
/// module path, the folder's name as it is, valid or not) and the path below `manifests/`
/// (`a/b.pp`).
struct Location {
    module: Option<String>,
    in_manifests: String,
}

fn locate(path: &str, modulepath: &[std::path::PathBuf]) -> Option<Location> {
    // Under a configured module path, the module is the folder right below it.
    if !modulepath.is_empty()
        && let Ok(abs) = std::path::absolute(path)
        && let Some(rest) = modulepath.iter().find_map(|dir| abs.strip_prefix(dir).ok())
    {
        let parts: Vec<String> = rest
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        if parts.len() < 3 || parts[1] != "manifests" {
            return None;
        }
        // Puppet takes the folder's name as it is: `saz-rsyslog` there is no module `rsyslog`.
        return Some(Location {
            module: Some(parts[0].clone()),
            in_manifests: parts[2..].join("/"),
        });
    }
    // Most paths name their `manifests` folder: its last one, found from the end without
    // collecting the components. The components are joined back with `/`.
    let mut components = path.rsplit(['/', '\\']);
    let mut after = path.len();
    while let Some(c) = components.next() {
        if c == "manifests" {
            let module = components.next().and_then(module_of_folder);
            return Some(Location {
                module,
                in_manifests: path.get(after + 1..).unwrap_or("").replace('\\', "/"),
            });
        }
        // The component and the separator before it.
        after = after.saturating_sub(c.len() + 1);
    }
    // Otherwise, the absolute path may name it.
    let absolute: Vec<String> = std::path::absolute(path)
        .ok()?
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let parts: Vec<&str> = absolute.iter().map(String::as_str).collect();
    let at = parts.iter().rposition(|p| *p == "manifests")?;
    Some(Location {
        module: at.checked_sub(1).and_then(|i| module_of_folder(parts[i])),
        in_manifests: parts[at + 1..].join("/"),
    })
}

/// The file a definition belongs in, below `manifests/`, and its module.
fn expected(name: &str) -> (&str, String) {
    let name = name.trim_start_matches("::");
    match name.split_once("::") {
        Some((module, rest)) => (module, format!("{}.pp", rest.replace("::", "/"))),
        None => (name, "init.pp".to_string()),
    }
}

/// Whether `file` (a path below `manifests/`, separated by `/`) is [`expected`]'s file for
/// `name`, and its module: compared piece by piece, without making the path.
fn expected_module_if_in<'n>(file: &str, name: &'n str) -> Option<&'n str> {
    let name = name.trim_start_matches("::");
    let Some((module, rest)) = name.split_once("::") else {
        return (file == "init.pp").then_some(name);
    };
    let mut file = file.strip_suffix(".pp")?;
    for (i, piece) in rest.split("::").enumerate() {
        if i > 0 {
            file = file.strip_prefix('/')?;
        }
        file = file.strip_prefix(piece)?;
    }
    file.is_empty().then_some(module)
}

fn definition_name(e: &Expr) -> Option<(&'static str, &Ident)> {
    match &e.kind {
        ExprKind::Class(c) => Some(("class", &c.name)),
        ExprKind::Define(d) => Some(("defined type", &d.name)),
        _ => None,
    }
}

impl Check for AutoloaderLayout {
    fn check(&self, cx: &mut Context<'_>) {
        let mut location = locate(cx.file.path, cx.modulepath());
        // Outside a configured module path, a module's name is its metadata's: a checkout in
        // a folder of another name (`build/`) holds the module its metadata names.
        if let Some(l) = &mut location
            && cx.file.module.is_some()
            && let Some(m) = cx.module_file()
            && module_of_folder(&m.folder) == l.module
        {
            l.module = Some(m.module.clone());
        }
        if cx.options::<Options>().relative
            && let Some(l) = &mut location
        {
            l.module = None;
        }
        let mut found = Vec::new();
        // Nested definitions are P408's business; their real name is qualified by the outer
        // class, which the autoloader never looks up.
        let index = cx.index();
        for (i, e) in index.of(&[Kind::Class, Kind::Define]) {
            if index.ancestors(i).any(|a| definition_name(a).is_some()) {
                continue;
            }
            let Some((kind, name)) = definition_name(e) else {
                continue;
            };
            let placed = location.as_ref().is_some_and(|l| {
                expected_module_if_in(&l.in_manifests, &name.name)
                    .is_some_and(|module| l.module.as_deref().is_none_or(|m| m == module))
            });
            if !placed {
                let (module, file) = expected(&name.name);
                found.push((name.clone(), kind, format!("{module}/manifests/{file}")));
            }
        }
        for (name, kind, want) in found {
            cx.report(
                name.span,
                format!(
                    "the {kind} `{}` is not where the autoloader looks for it",
                    name.name
                ),
            )
            .label(format!("expected in `{want}`"))
            .help(format!("move it to `{want}`, or rename it after its file"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn the_module_comes_from_the_modulepath_or_the_manifests_folder() {
        let mp = [PathBuf::from("/srv/code/modules")];
        let l = locate("/srv/code/modules/web/manifests/vhost/ssl.pp", &mp).unwrap();
        assert_eq!(
            (l.module.as_deref(), l.in_manifests.as_str()),
            (Some("web"), "vhost/ssl.pp")
        );
        // Below a module path, the folder is the module's name, a Forge-style one too.
        let l = locate("/srv/code/modules/saz-rsyslog/manifests/init.pp", &mp).unwrap();
        assert_eq!(l.module.as_deref(), Some("saz-rsyslog"));
        // Below the module path but not in `manifests/`: nothing autoloads it.
        assert!(locate("/srv/code/modules/web/examples/init.pp", &mp).is_none());
        let l = locate("/home/me/puppetlabs-ntp/manifests/init.pp", &[]).unwrap();
        assert_eq!(
            (l.module.as_deref(), l.in_manifests.as_str()),
            (Some("ntp"), "init.pp")
        );
        let l = locate("/home/me/My.Repo/manifests/a/b.pp", &[]).unwrap();
        assert_eq!((l.module, l.in_manifests.as_str()), (None, "a/b.pp"));
        assert_eq!(
            expected("::web::vhost::ssl"),
            ("web", "vhost/ssl.pp".to_string())
        );
        assert_eq!(expected("web"), ("web", "init.pp".to_string()));
        for &name in QUALIFIED {
            let rest = name.split_once("::").unwrap().1;
            assert_eq!(expected(name).1, format!("{}.pp", rest.replace("::", "/")));
        }
    }

    /// `expected_module_if_in` says what comparing with [`expected`]'s file says.
    #[test]
    fn the_expected_file_is_compared_piece_by_piece() {
        let names = QUALIFIED.iter().copied().chain([
            "web",
            "::web",
            "::web::a",
            "a::b::c::d",
            "a::",
            "::",
            "",
        ]);
        let files = [
            "init.pp", "b.pp", "b/c.pp", ":b.pp", "/b.pp", ":/b.pp", "b:.pp", "b/.pp", "b/", "b",
            " :b.pp", "ü/x.pp", "b//c.pp", "b/c/d.pp", ".pp", "", "init",
        ];
        for name in names {
            let (module, file) = expected(name);
            for f in files.iter().copied().chain([file.as_str()]) {
                let want = (f == file).then_some(module);
                assert_eq!(expected_module_if_in(f, name), want, "{name:?} in {f:?}");
            }
        }
    }

    /// Qualified names, odd ones included.
    const QUALIFIED: &[&str] = &[
        "a::b",
        "a::b::c",
        "a:::b",
        "a::::b",
        "a::b:",
        "a::b::",
        "a:: :b",
        "é::ü::x",
    ];

    /// The components after the last `manifests` folder, whatever the separators.
    #[test]
    fn paths_are_split_at_either_separator() {
        for (path, module, in_manifests) in [
            ("a/ntp/manifests/init.pp", Some("ntp"), "init.pp"),
            ("a\\ntp\\manifests\\x\\y.pp", Some("ntp"), "x/y.pp"),
            ("ntp/manifests/manifests/y.pp", Some("manifests"), "y.pp"),
            ("manifests/y.pp", None, "y.pp"),
            ("/manifests/y.pp", None, "y.pp"),
            ("x/manifests", Some("x"), ""),
            ("x/manifests/", Some("x"), ""),
            ("puppetlabs-ntp/manifests/a//b.pp", Some("ntp"), "a//b.pp"),
        ] {
            let l = locate(path, &[]).unwrap();
            assert_eq!(
                (l.module.as_deref(), l.in_manifests.as_str()),
                (module, in_manifests),
                "{path}"
            );
            // The plain way: split at both separators, join what follows `manifests`.
            let parts: Vec<&str> = path.split(['/', '\\']).collect();
            let at = parts.iter().rposition(|p| *p == "manifests").unwrap();
            assert_eq!(
                l.module,
                at.checked_sub(1).and_then(|i| module_of_folder(parts[i]))
            );
            assert_eq!(l.in_manifests, parts[at + 1..].join("/"));
        }
    }
}
