//! Ruby's file system as modules' Ruby reads it: `Dir.glob`/`Dir[]`, `Dir.children`,
//! `Dir.entries`, `Dir.exist?`, `File.expand_path`, `File.readlines`, `YAML.load_file`. Every
//! look goes to the host, which answers through the run's sandbox; what it cannot say (a path
//! outside what plint may read, a path relative to the server's working folder, `~`) is unknown,
//! never "missing" or empty. The host reports a refused path.

use super::value::*;
use super::{Blk, Interp, R};
use crate::ruby::PathKind;
use crate::ruby_core::glob;

/// The host as `ruby_core::glob`'s tree.
struct HostTree<'i, 'a> {
    interp: &'i mut Interp<'a>,
}

impl glob::Tree for HostTree<'_, '_> {
    fn kind(&mut self, path: &str) -> Option<glob::Kind> {
        self.interp.host.path_kind(path)
    }

    fn list(&mut self, path: &str) -> Option<Vec<glob::Entry>> {
        self.interp.host.list_dir(path)
    }
}

/// Ruby's `File.expand_path(path, dir)` on text: `None` when it depends on what plint does not
/// know (the working folder for a relative path without an absolute `dir`, a home folder).
pub(crate) fn expand_path(path: &str, dir: Option<&str>) -> Option<String> {
    if path.starts_with('~') {
        return None;
    }
    let joined = if path.starts_with('/') {
        path.to_string()
    } else {
        let base = expand_path(dir?, None)?;
        format!("{base}/{path}")
    };
    let mut parts: Vec<&str> = Vec::new();
    for c in joined.split('/') {
        match c {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            c => parts.push(c),
        }
    }
    Some(format!("/{}", parts.join("/")))
}

/// The value of a keyword argument (`base: dir`) in a trailing Hash of symbols.
fn keyword(args: &[Value], name: &str) -> Option<Value> {
    match args.last() {
        Some(Value::Hash(h)) => h.borrow().get(&Value::sym(name)),
        _ => None,
    }
}

/// The arguments without a trailing Hash of keyword arguments.
fn positional(args: &[Value]) -> &[Value] {
    match args.last() {
        Some(Value::Hash(h)) if h.borrow().map.keys().all(|k| matches!(k, HashKey::Sym(_))) => {
            &args[..args.len() - 1]
        }
        _ => args,
    }
}

impl Interp<'_> {
    /// An absolute path for a file-system call, else the unknown to answer (a relative path is
    /// relative to Puppet's working folder, which plint does not know).
    fn absolute(&self, what: &str, path: &str) -> Result<String, Value> {
        if path.starts_with('/') {
            Ok(path.to_string())
        } else {
            Err(self.unknown(format!(
                "{what}('{path}'): a path relative to the working folder"
            )))
        }
    }

    /// The text of the file at `path` (`File.read`, `File.readlines`, `YAML.load_file`): a
    /// module file found before, or the host's read; `Ok(Err(unknown))` when it cannot be read,
    /// Ruby's `Errno::ENOENT` when it does not exist.
    pub(crate) fn read_path(&mut self, what: &str, path: &str) -> R<Result<String, Value>> {
        if let Some(text) = self.found_files.get(path).cloned() {
            return Ok(Ok(text.to_string()));
        }
        let path = match self.absolute(what, path) {
            Ok(p) => p,
            Err(u) => return Ok(Err(u)),
        };
        match self.host.path_kind(&path) {
            Some(PathKind::Missing) => {
                return self.raise(
                    "Errno::ENOENT",
                    format!("No such file or directory @ rb_sysopen - {path}"),
                );
            }
            Some(PathKind::Folder) => {
                return Ok(Err(self.unknown(format!("{what}('{path}'): a folder"))));
            }
            // Refused (the host reported it).
            None => return Ok(Err(self.unknown(format!("{what}('{path}')")))),
            Some(PathKind::File) => {}
        }
        match self.host.read_file(&path) {
            Some(text) => {
                self.check_str(text.len())?;
                Ok(Ok(text))
            }
            None => Ok(Err(self.unknown(format!("{what}('{path}')")))),
        }
    }

    /// `Dir.glob(patterns, base:)`, `Dir[patterns]`: the paths the patterns match, read through
    /// the host.
    fn dir_glob(
        &mut self,
        what: &str,
        name: &str,
        args: &[Value],
        blk: Option<&Blk>,
    ) -> R<Option<Value>> {
        let base = match keyword(args, "base") {
            None | Some(Value::Nil) => None,
            Some(b) => Some(self.str_arg(&b)?),
        };
        let pos = positional(args);
        // Flags (`File::FNM_DOTMATCH`...) change what matches: not followed.
        if name == "glob"
            && let Some(flags) = pos.get(1)
            && !matches!(flags, Value::Int(0))
        {
            return Ok(Some(self.unknown(format!("{what} with flags"))));
        }
        let given = if name == "glob" {
            pos.get(..1).unwrap_or(&[])
        } else {
            pos
        };
        let mut patterns = Vec::new();
        for p in given {
            match p {
                Value::Array(a) => {
                    let items = a.borrow().items.clone();
                    for i in items {
                        patterns.push(self.str_arg(&i)?);
                    }
                }
                p => patterns.push(self.str_arg(p)?),
            }
        }
        let base = match base {
            Some(b) => match self.absolute(what, &b) {
                Ok(b) => Some(b),
                Err(u) => return Ok(Some(u)),
            },
            None => None,
        };
        let mut found = Vec::new();
        for p in &patterns {
            if !p.starts_with('/') && base.is_none() {
                return Ok(Some(self.unknown(format!(
                    "{what}('{p}'): a pattern relative to the working folder"
                ))));
            }
            let mut tree = HostTree { interp: self };
            match glob::glob(&mut tree, p, base.as_deref()) {
                Some(paths) => found.extend(paths),
                None => return Ok(Some(self.unknown(format!("{what}('{p}')")))),
            }
        }
        self.check_len(found.len())?;
        let items: Vec<Value> = found.into_iter().map(Value::str).collect();
        Ok(Some(match blk {
            Some(b) => {
                for i in items {
                    self.call_block(b, vec![i])?;
                }
                Value::Nil
            }
            None => Value::array(items),
        }))
    }

    /// `Dir`'s class methods, `File.expand_path`, `File.readlines` and `YAML.load_file`;
    /// `None` for the other class methods.
    pub(crate) fn dir_method(
        &mut self,
        class: &str,
        name: &str,
        args: &[Value],
        blk: Option<&Blk>,
    ) -> R<Option<Value>> {
        let what = format!("{class}.{name}");
        let a0 = args.first().cloned().unwrap_or(Value::Nil);
        Ok(Some(match (class, name) {
            ("Dir", "glob" | "[]") => return self.dir_glob(&what, name, args, blk),
            ("Dir", "children" | "entries" | "each_child") => {
                let path = self.str_arg(&a0)?;
                let path = match self.absolute(&what, &path) {
                    Ok(p) => p,
                    Err(u) => return Ok(Some(u)),
                };
                match self.host.path_kind(&path) {
                    Some(PathKind::Missing) => {
                        return self.raise(
                            "Errno::ENOENT",
                            format!("No such file or directory @ dir_initialize - {path}"),
                        );
                    }
                    Some(PathKind::File) => {
                        return self.raise(
                            "Errno::ENOTDIR",
                            format!("Not a directory @ dir_initialize - {path}"),
                        );
                    }
                    // Refused (the host reported it).
                    None => return Ok(Some(self.unknown(format!("{what}('{path}')")))),
                    Some(PathKind::Folder) => {}
                }
                let Some(mut entries) = self.host.list_dir(&path) else {
                    return Ok(Some(self.unknown(format!("{what}('{path}')"))));
                };
                // Ruby gives the file system's order; plint gives them sorted by name.
                entries.sort_by(|a, b| a.name.as_bytes().cmp(b.name.as_bytes()));
                let mut names: Vec<Value> = Vec::new();
                if name == "entries" {
                    names.push(Value::str("."));
                    names.push(Value::str(".."));
                }
                names.extend(entries.into_iter().map(|e| Value::str(e.name)));
                self.check_len(names.len())?;
                match (name, blk) {
                    ("each_child", Some(b)) => {
                        for n in names {
                            self.call_block(b, vec![n])?;
                        }
                        Value::Nil
                    }
                    _ => Value::array(names),
                }
            }
            ("Dir", "exist?" | "exists?") => {
                let path = self.str_arg(&a0)?;
                let path = match self.absolute(&what, &path) {
                    Ok(p) => p,
                    Err(u) => return Ok(Some(u)),
                };
                match self.host.path_kind(&path) {
                    Some(kind) => Value::Bool(kind == PathKind::Folder),
                    None => self.unknown(format!("{what}('{path}')")),
                }
            }
            ("File", "expand_path" | "absolute_path") => {
                let path = self.str_arg(&a0)?;
                let dir = match args.get(1) {
                    None | Some(Value::Nil) => None,
                    Some(d) => Some(self.str_arg(d)?),
                };
                // `absolute_path` does not expand `~`.
                let path = if name == "absolute_path" && path.starts_with('~') {
                    format!("./{path}")
                } else {
                    path
                };
                match expand_path(&path, dir.as_deref()) {
                    Some(p) => Value::str(p),
                    None => self.unknown(format!(
                        "{what}('{path}'): the working or home folder is not known"
                    )),
                }
            }
            ("File", "readlines") => {
                let path = self.str_arg(&a0)?;
                let chomp = keyword(args, "chomp").is_some_and(|v| v.truthy());
                let text = match self.read_path(&what, &path)? {
                    Ok(t) => t,
                    Err(u) => return Ok(Some(u)),
                };
                let lines: Vec<Value> = text
                    .split_inclusive('\n')
                    .map(|l| {
                        if chomp {
                            let l = l.strip_suffix('\n').unwrap_or(l);
                            Value::str(l.strip_suffix('\r').unwrap_or(l))
                        } else {
                            Value::str(l)
                        }
                    })
                    .collect();
                self.check_len(lines.len())?;
                Value::array(lines)
            }
            ("YAML" | "Psych", "load_file" | "safe_load_file" | "unsafe_load_file") => {
                let path = self.str_arg(&a0)?;
                let text = match self.read_path(&what, &path)? {
                    Ok(t) => t,
                    Err(u) => return Ok(Some(u)),
                };
                match self.host.load_yaml(&text) {
                    Ok(Some(v)) => v,
                    Ok(None) => self.unknown(format!("{what}('{path}')")),
                    Err(message) => return self.raise("Psych::SyntaxError", message),
                }
            }
            _ => return Ok(None),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::expand_path;

    #[test]
    fn paths_expand_as_ruby() {
        assert_eq!(expand_path("/a/./b/../c//", None).as_deref(), Some("/a/c"));
        assert_eq!(
            expand_path("x/../y", Some("/base")).as_deref(),
            Some("/base/y")
        );
        assert_eq!(expand_path("/..", None).as_deref(), Some("/"));
        assert_eq!(expand_path("x", None), None);
        assert_eq!(expand_path("~/x", Some("/b")), None);
        assert_eq!(expand_path("x", Some("rel")), None);
        assert_eq!(expand_path("x", Some("~")), None);
    }
}
