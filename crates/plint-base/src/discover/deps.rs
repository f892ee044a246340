//! What a module or a control repository says it needs: the modules it declares, read from
//! the files users already keep for Puppet's own tools.
//!
//! - a module's `metadata.json` (`dependencies`, each with a `name` such as
//!   `puppetlabs/stdlib` or `puppetlabs-stdlib`);
//! - a module's `.fixtures.yml` (the keys of `fixtures.repositories`, `fixtures.forge_modules`
//!   and `fixtures.symlinks`: the modules rspec-puppet installs for its tests);
//! - a control repository's `Puppetfile` (each `mod 'author-name'`, `mod 'author/name'` or
//!   `mod 'name', :git => ...` line, and `moduledir`, where r10k installs them);
//! - a control repository's `environment.conf` (`modulepath`, folders relative to it).
//!
//! These readers take the text (read through the sandbox by their caller) and never fail:
//! what they do not understand is left out.

use std::ops::Range;

use super::module::is_module_name;

/// A module named by a declaration, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Declared {
    /// The module's name, without its author (`stdlib`).
    pub name: String,
    /// The name as written (`puppetlabs/stdlib`).
    pub full: String,
    /// The byte range of the name in the declaring file.
    pub span: Range<usize>,
}

/// The module name in a full name: what follows the last `-` or `/` (`puppetlabs-stdlib`,
/// `puppetlabs/stdlib`, `stdlib`), if it is a valid module name.
pub fn short_name(full: &str) -> Option<String> {
    // A name is echoed in findings: only a plain `author-name` (no spaces, no control
    // characters, not of any length) is taken.
    let plain = full.len() <= 128
        && full
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'/' | b'_'));
    if !plain {
        return None;
    }
    let name = full.rsplit(['-', '/']).next().unwrap_or(full);
    is_module_name(name).then(|| name.to_string())
}

/// The dependencies a `metadata.json` declares (in order, each once).
pub fn metadata_dependencies(text: &str) -> Vec<Declared> {
    let Ok(value) = serde_json::from_str::<serde_json::Value>(text) else {
        return Vec::new();
    };
    let Some(deps) = value.get("dependencies").and_then(|d| d.as_array()) else {
        return Vec::new();
    };
    let mut out: Vec<Declared> = Vec::new();
    let mut from = 0;
    for dep in deps {
        let Some(full) = dep.get("name").and_then(|n| n.as_str()) else {
            continue;
        };
        let Some(name) = short_name(full) else {
            continue;
        };
        // The name's place in the text: its next quoted occurrence after the previous one.
        let quoted = format!("\"{full}\"");
        let span = match text.get(from..).and_then(|t| t.find(&quoted)) {
            Some(at) => {
                let start = from + at + 1;
                from = start + full.len();
                start..start + full.len()
            }
            None => 0..0,
        };
        if !out.iter().any(|d| d.name == name) {
            out.push(Declared {
                name,
                full: full.to_string(),
                span,
            });
        }
    }
    out
}

/// The modules a `.fixtures.yml` installs for the tests: the keys of `repositories`,
/// `forge_modules` and `symlinks` under `fixtures` (in order, each once).
pub fn fixtures_modules(text: &str) -> Vec<Declared> {
    fixtures(text).into_iter().map(|f| f.module).collect()
}

/// A module a `.fixtures.yml` installs, and where a `symlinks` entry links it from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fixture {
    pub module: Declared,
    /// For a `symlinks` entry, its source as written (`"#{source_dir}/../web"`, or the
    /// `source` of an entry written as a mapping).
    pub link: Option<String>,
}

/// The modules a `.fixtures.yml` installs (see [`fixtures_modules`]), with the sources of the
/// `symlinks` entries.
pub fn fixtures(text: &str) -> Vec<Fixture> {
    use crate::yaml::Event;
    let mut out: Vec<Fixture> = Vec::new();
    // Each open collection: whether it is a mapping, whether its next node is a key, and the
    // key of the value being read in it.
    struct Level {
        mapping: bool,
        want_key: bool,
        key: Option<String>,
    }
    let mut stack: Vec<Level> = Vec::new();
    // Inside `fixtures: { <section>: { ... } }`, at the section mapping's level.
    let section = |stack: &[Level]| -> Option<String> {
        let at_section = stack.len() >= 3
            && stack[0].mapping
            && stack[0].key.as_deref() == Some("fixtures")
            && stack[1].mapping
            && matches!(
                stack[1].key.as_deref(),
                Some("repositories" | "forge_modules" | "symlinks")
            )
            && stack[2].mapping;
        at_section.then(|| stack[1].key.clone().unwrap_or_default())
    };
    // The entry of `out` whose `symlinks` value is being read.
    let mut linking: Option<usize> = None;
    // A node finished: the level above it reads its next key.
    fn done(stack: &mut [Level]) {
        if let Some(top) = stack.last_mut()
            && top.mapping
        {
            top.want_key = true;
        }
    }
    for item in crate::yaml::events(text) {
        let Ok((event, at)) = item else {
            break;
        };
        match event {
            Event::MappingStart { .. } => stack.push(Level {
                mapping: true,
                want_key: true,
                key: None,
            }),
            Event::SequenceStart { .. } => stack.push(Level {
                mapping: false,
                want_key: false,
                key: None,
            }),
            Event::MappingEnd | Event::SequenceEnd => {
                stack.pop();
                done(&mut stack);
            }
            Event::Scalar { value, .. } => {
                let is_key = stack.last().is_some_and(|l| l.mapping && l.want_key);
                let in_section = section(&stack);
                if is_key {
                    if stack.len() == 3 {
                        linking = None;
                    }
                    if stack.len() == 3
                        && let Some(section) = &in_section
                        && let Some(name) = short_name(&value)
                        && !out.iter().any(|d| d.module.name == name)
                    {
                        let start = at.offset.min(text.len());
                        let span = text
                            .get(start..)
                            .and_then(|t| t.find(value.as_str()))
                            .map_or(0..0, |at| start + at..start + at + value.len());
                        if section == "symlinks" {
                            linking = Some(out.len());
                        }
                        out.push(Fixture {
                            module: Declared {
                                name,
                                full: value.to_string(),
                                span,
                            },
                            link: None,
                        });
                    }
                    if let Some(top) = stack.last_mut() {
                        top.key = Some(value.to_string());
                        top.want_key = false;
                    }
                } else {
                    // `web: "#{source_dir}"`, or `web: { source: "#{source_dir}" }`.
                    let source = stack.len() == 3
                        || (stack.len() == 4
                            && stack[3].mapping
                            && stack[3].key.as_deref() == Some("source"));
                    if source
                        && in_section.as_deref() == Some("symlinks")
                        && let Some(entry) = linking.and_then(|i| out.get_mut(i))
                    {
                        entry.link = Some(value.to_string());
                    }
                    done(&mut stack);
                }
            }
            Event::Alias { .. } => done(&mut stack),
            _ => {}
        }
    }
    out
}

/// What a `Puppetfile` says.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Puppetfile {
    /// The modules it installs, in order, each once.
    pub modules: Vec<Declared>,
    /// Where they are installed, relative to the Puppetfile's folder (`modules` unless
    /// `moduledir` says otherwise).
    pub moduledir: String,
    /// Whether a `moduledir` line is written (a `Puppetfile.*` without one is no Puppetfile
    /// r10k is given, a `Puppetfile.lock` or an example, say).
    pub has_moduledir: bool,
    /// The modules declared `:local => true` (r10k's word for a module kept in the control
    /// repository itself, in `moduledir`: the team's own, not installed).
    pub local: Vec<String>,
}

/// Reads a `Puppetfile` (a Ruby file of `mod` and `moduledir` calls; only their first,
/// quoted argument is read).
pub fn puppetfile(text: &str) -> Puppetfile {
    let mut out = Puppetfile {
        modules: Vec::new(),
        moduledir: "modules".to_string(),
        has_moduledir: false,
        local: Vec::new(),
    };
    let mut offset = 0;
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    for (i, line) in lines.iter().enumerate() {
        let start = offset;
        offset += line.len();
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        let (call, rest) = match trimmed.find(|c: char| c.is_whitespace() || c == '(') {
            Some(at) => trimmed.split_at(at),
            None => continue,
        };
        if call != "mod" && call != "moduledir" {
            continue;
        }
        let args = rest.trim_start_matches(|c: char| c.is_whitespace() || c == '(');
        let Some(quote) = args.chars().next().filter(|c| *c == '\'' || *c == '"') else {
            continue;
        };
        let Some(len) = args[1..].find(quote) else {
            continue;
        };
        let value = &args[1..1 + len];
        if call == "moduledir" {
            out.moduledir = value.to_string();
            out.has_moduledir = true;
            continue;
        }
        let Some(name) = short_name(value) else {
            continue;
        };
        if out.modules.iter().any(|d| d.name == name) {
            continue;
        }
        let at = start + indent + (trimmed.len() - args.len()) + 1;
        if is_local(&lines[i..]) {
            out.local.push(name.clone());
        }
        out.modules.push(Declared {
            name,
            full: value.to_string(),
            span: at..at + value.len(),
        });
    }
    out
}

/// Whether the `mod` call starting on the first of `lines` (and going on while a line ends
/// with a comma; comment lines between) says `:local => true` or `local: true`.
fn is_local(lines: &[&str]) -> bool {
    for line in lines {
        let code = line.split('#').next().unwrap_or("");
        if code.trim().is_empty() {
            continue;
        }
        let squeezed: String = code.chars().filter(|c| !c.is_whitespace()).collect();
        if squeezed.contains(":local=>true") || squeezed.contains("local:true") {
            return true;
        }
        if !code.trim_end().ends_with(',') {
            return false;
        }
    }
    false
}

/// The value of `key` in an `environment.conf` (an INI file of `key = value` lines; the last
/// one counts), quotes removed.
pub fn environment_setting(text: &str, key: &str) -> Option<String> {
    let mut found = None;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with(['#', ';']) {
            continue;
        }
        let Some((k, value)) = line.split_once('=') else {
            continue;
        };
        if k.trim() == key {
            found = Some(value.trim().trim_matches(['"', '\'']).to_string());
        }
    }
    found
}

/// The folders of an `environment.conf`'s `modulepath`, as written (relative to the
/// environment, or absolute), without the ones made of Puppet's settings
/// (`$basemodulepath`): those are the server's, not the repository's.
pub fn environment_modulepath(text: &str) -> Option<Vec<String>> {
    let value = environment_setting(text, "modulepath")?;
    Some(
        value
            .split(':')
            .map(str::trim)
            .filter(|p| !p.is_empty() && !p.contains('$'))
            .map(str::to_string)
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(d: &[Declared]) -> Vec<&str> {
        d.iter().map(|d| d.name.as_str()).collect()
    }

    #[test]
    fn metadata_dependencies_by_short_name_with_spans() {
        let text = r#"{
  "name": "acme-web",
  "dependencies": [
    { "name": "puppetlabs/stdlib", "version_requirement": ">= 4.13.1 < 10.0.0" },
    { "name": "puppetlabs-concat" },
    { "name": "puppetlabs/stdlib" },
    { "name": "Not A Name" },
    { "version_requirement": "1" }
  ]
}"#;
        let deps = metadata_dependencies(text);
        assert_eq!(names(&deps), ["stdlib", "concat"]);
        let hostile = "{\"dependencies\": [{\"name\": \"evil-\\u001b[31mx\"}]}";
        assert!(metadata_dependencies(hostile).is_empty());
        assert_eq!(&text[deps[0].span.clone()], "puppetlabs/stdlib");
        assert_eq!(&text[deps[1].span.clone()], "puppetlabs-concat");
        assert!(metadata_dependencies("not json").is_empty());
        assert!(metadata_dependencies(r#"{"name": "a-b"}"#).is_empty());
    }

    #[test]
    fn fixtures_sections_keys_only() {
        let text = "\
fixtures:
  repositories:
    stdlib: 'https://github.com/puppetlabs/puppetlabs-stdlib.git'
    concat:
      repo: 'https://github.com/puppetlabs/puppetlabs-concat.git'
      ref: 'v9.0.0'
  forge_modules:
    apt: 'puppetlabs/apt'
    stdlib: 'puppetlabs/stdlib'
  symlinks:
    web: \"#{source_dir}\"
  other:
    ignored: x
";
        let deps = fixtures_modules(text);
        assert_eq!(names(&deps), ["stdlib", "concat", "apt", "web"]);
        assert_eq!(&text[deps[1].span.clone()], "concat");
        let links: Vec<_> = fixtures(text)
            .into_iter()
            .map(|f| (f.module.name, f.link))
            .collect();
        assert_eq!(
            links[3],
            ("web".to_string(), Some("#{source_dir}".to_string()))
        );
        assert!(links[..3].iter().all(|(_, l)| l.is_none()));
        let mapped =
            "fixtures:\n  symlinks:\n    web:\n      source: \"#{source_dir}/../web\"\n    db: x\n";
        let links: Vec<_> = fixtures(mapped).into_iter().map(|f| f.link).collect();
        assert_eq!(
            links,
            [
                Some("#{source_dir}/../web".to_string()),
                Some("x".to_string())
            ]
        );
        assert!(fixtures_modules("fixtures: [").is_empty());
        assert!(fixtures_modules("").is_empty());
    }

    #[test]
    fn puppetfile_mods_and_moduledir() {
        let text = "\
forge 'https://forge.puppet.com'
moduledir 'external'
mod 'puppetlabs-stdlib', '9.4.1'
mod \"puppetlabs/concat\"
mod 'profile',
  :git => 'https://example.com/profile.git'
  # mod 'commented-out'
mod('puppet-systemd', :latest)
modx 'no-match'
mod 'role',
  # the team's own
  :local => true
mod 'site', local: true
";
        let p = puppetfile(text);
        assert_eq!(p.moduledir, "external");
        assert_eq!(
            names(&p.modules),
            ["stdlib", "concat", "profile", "systemd", "role", "site"]
        );
        assert_eq!(p.local, ["role", "site"]);
        assert!(p.has_moduledir && !puppetfile("mod 'a'").has_moduledir);
        assert_eq!(&text[p.modules[0].span.clone()], "puppetlabs-stdlib");
        assert_eq!(&text[p.modules[3].span.clone()], "puppet-systemd");
        assert_eq!(puppetfile("").moduledir, "modules");
    }

    #[test]
    fn environment_conf_modulepath_without_settings() {
        let text = "# comment\nmodulepath = site:modules:$basemodulepath\nmanifest = x\n";
        assert_eq!(
            environment_modulepath(text),
            Some(vec!["site".to_string(), "modules".to_string()])
        );
        assert_eq!(environment_modulepath("manifest = x"), None);
    }
}
