//! The modules' files the index reads besides the checked ones: their manifests, Ruby files,
//! Bolt tasks, and the listings of their `templates/` and `files/` folders.

use std::path::{Path, PathBuf};

use rayon::prelude::*;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::{FileDefs, Index, Manifest};
use crate::defs::ruby;
use crate::discover::lookup::{self, Folder, ModuleTree, Probe};
use crate::discover::module::{ModuleRoot, module_files};
use crate::discover::{FileId, identity};
use crate::sandbox::Sandbox;

/// What the modules around the checked files define in their other files: their manifests
/// that are not checked, their Ruby functions and resource types. Read by [`Modules::read`]
/// while the checked files are parsed; [`Index::assemble`] merges it with theirs.
#[derive(Debug, Default, Clone)]
pub struct Modules {
    /// The module roots, each once, in order.
    pub(super) roots: Vec<ModuleRoot>,
    /// The definitions of the manifests not checked, by root and path.
    pub(super) manifests: Vec<FileDefs>,
    /// The Ruby files, by root and path: their definitions, or those to read on first use.
    pub(super) ruby: Vec<ruby::Read>,
    /// The path of each of `ruby`, in its order.
    pub(super) ruby_paths: Vec<PathBuf>,
    /// The Bolt tasks of the modules (see [`crate::defs::tasks`]).
    pub(super) tasks: Vec<crate::defs::tasks::TaskDef>,
    /// The templates and files of each module, by its name.
    pub(super) assets: Vec<(String, ModuleAssets)>,
}

impl Modules {
    /// Lists the files of the modules at `roots` and reads those that define something: the
    /// manifests that are not among `checked` (each parsed here, and only its definitions
    /// kept) and the Ruby files (their declarations read, or only their names until a lookup
    /// asks: see [`ruby::read`]). Unreadable files are skipped.
    pub fn read(checked: &[&Path], roots: &[ModuleRoot], sandbox: &Sandbox) -> Modules {
        // A module reached twice (through a symbolic link) is read once.
        let mut seen_roots = HashSet::default();
        let roots: Vec<&ModuleRoot> = roots
            .iter()
            .filter(|r| seen_roots.insert(identity(&r.path)))
            .collect();
        let listed: Vec<_> = roots
            .par_iter()
            .map(|r| module_files(&r.path, sandbox))
            .collect();
        let mut extra_pp = Vec::new();
        let mut ruby_files = Vec::new();
        let mut assets = Vec::new();
        for (files, root) in listed.into_iter().zip(&roots) {
            assets.push((
                root.name.clone(),
                ModuleAssets::new(&root.path, &files, sandbox),
            ));
            extra_pp.extend(files.puppet);
            ruby_files.extend(
                files
                    .functions_4x
                    .into_iter()
                    .map(|p| (p, ruby::Kind::Function4x)),
            );
            ruby_files.extend(
                files
                    .functions_3x
                    .into_iter()
                    .map(|p| (p, ruby::Kind::Function3x)),
            );
            ruby_files.extend(
                files
                    .resource_types
                    .into_iter()
                    .map(|p| (p, ruby::Kind::ResourceType)),
            );
        }
        // The modules' manifests that are not checked: most are found as given (the walk and
        // the module roots name them alike); the others are compared by file identity.
        let given: HashSet<&Path> = checked.iter().copied().collect();
        extra_pp.retain(|p| !given.contains(p.as_path()));
        if !extra_pp.is_empty() {
            // Only a checked file of the same name can be one of them.
            let names: HashSet<&std::ffi::OsStr> =
                extra_pp.iter().filter_map(|p| p.file_name()).collect();
            let checked_files: HashSet<FileId> = checked
                .par_iter()
                .filter(|p| p.file_name().is_some_and(|n| names.contains(n)))
                .map(|p| identity(p))
                .collect();
            extra_pp = extra_pp
                .into_par_iter()
                .filter(|p| !checked_files.contains(&identity(p)))
                .collect();
        }
        let (manifests, ruby): (_, Vec<(PathBuf, ruby::Read)>) = rayon::join(
            || read_manifests(extra_pp, sandbox),
            || {
                ruby_files
                    .into_par_iter()
                    .filter_map(|(path, kind)| read_ruby(path, kind, sandbox))
                    .collect()
            },
        );
        let (ruby_paths, ruby) = ruby.into_iter().unzip();
        let tasks = roots
            .iter()
            .flat_map(|r| crate::defs::tasks::read_module_tasks(&r.name, &r.path, sandbox))
            .collect();
        Modules {
            roots: roots.into_iter().cloned().collect(),
            manifests,
            ruby,
            ruby_paths,
            tasks,
            assets,
        }
    }

    /// Reads the Ruby file at `path` again (changed, created or deleted since) and puts what
    /// it declares now in place of what the modules held for it: none when it is no longer
    /// readable. `None` when `path` is not a Ruby file the index reads (see `ruby_kind`).
    pub fn reread_ruby(&mut self, path: &Path, sandbox: &Sandbox) -> Option<RubyReread> {
        let kind = self.roots.iter().find_map(|r| ruby_kind(&r.path, path))?;
        let at = self.ruby_paths.iter().position(|p| p == path);
        let read = read_ruby(path.to_path_buf(), kind, sandbox).map(|(_, r)| r);
        Some(match (at, read) {
            (Some(i), Some(read)) => {
                self.ruby[i] = read;
                RubyReread::Read
            }
            (Some(i), None) => {
                self.ruby.remove(i);
                self.ruby_paths.remove(i);
                RubyReread::Dropped
            }
            (None, Some(read)) => {
                self.ruby.push(read);
                self.ruby_paths.push(path.to_path_buf());
                RubyReread::Read
            }
            (None, None) => RubyReread::Unreadable,
        })
    }
}

/// What [`Modules::reread_ruby`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RubyReread {
    /// The file was read: what it declares is in place (or added).
    Read,
    /// The file cannot be read any more: what it declared was taken out.
    Dropped,
    /// The file cannot be read, and the modules held nothing of it: nothing changed.
    Unreadable,
}

/// The Ruby file at `path`, read (see [`ruby::read`]); none when it cannot be read.
fn read_ruby(path: PathBuf, kind: ruby::Kind, sandbox: &Sandbox) -> Option<(PathBuf, ruby::Read)> {
    let text = utf8_text(sandbox.read(&path).ok()?);
    let read = ruby::read(ruby::Source {
        text,
        path: path.clone(),
        kind,
    });
    Some((path, read))
}

/// What the Ruby file at `path` declares, by where it is in the module at `root` (as
/// [`module_files`] lists them): none when the index does not read it.
pub fn ruby_kind(root: &Path, path: &Path) -> Option<ruby::Kind> {
    let rest = path.strip_prefix(root.join("lib/puppet")).ok()?;
    if path.extension().is_none_or(|e| e != "rb") {
        return None;
    }
    let in_folder = |folder: &str, deep: bool| {
        rest.strip_prefix(folder)
            .is_ok_and(|r| deep || r.components().count() == 1)
    };
    if in_folder("functions", true) {
        Some(ruby::Kind::Function4x)
    } else if in_folder("parser/functions", false) {
        Some(ruby::Kind::Function3x)
    } else if in_folder("type", false) {
        Some(ruby::Kind::ResourceType)
    } else {
        None
    }
}

/// What each manifest of `paths` defines (read and parsed in parallel, in order); an
/// unreadable one is skipped.
pub fn read_manifests(paths: Vec<PathBuf>, sandbox: &Sandbox) -> Vec<FileDefs> {
    paths
        .into_par_iter()
        .filter_map(|path| {
            let source = utf8_text(sandbox.read(&path).ok()?);
            let ast = crate::syntax::parse(&source).ast;
            Some(FileDefs::extract(Manifest {
                path: &path,
                source: &source,
                ast: &ast,
            }))
        })
        .collect()
}

/// The files a module's code may name as `module/path` (see [`crate::discover::lookup`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ModuleAssets {
    /// The module's folder.
    pub root: PathBuf,
    /// `templates/` (what `template()`, `epp()` and `find_template()` name).
    pub templates: Listing,
    /// `files/` (what `file()`, `binary_file()`, `find_file()` and `puppet:///modules/`
    /// sources name).
    pub files: Listing,
}

/// The entries of one folder of a module, as paths relative to it with `/` between
/// components.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Listing {
    /// Whether the folder exists.
    pub present: bool,
    /// The files under it.
    pub files: HashSet<String>,
    /// The folders under it that hold files.
    pub folders: HashSet<String>,
    /// The files a manifest renders that Puppet cannot render as text, with why (binary, or
    /// not readable); filled by [`Index::probe_rendered_templates`].
    pub unreadable: HashMap<String, String>,
}

impl Listing {
    fn new(dir: &Path, listed: &[PathBuf], sandbox: &Sandbox) -> Listing {
        let mut out = Listing {
            present: sandbox.locate(dir) == crate::sandbox::Located::Folder,
            ..Listing::default()
        };
        for p in listed {
            let Some(name) = p.strip_prefix(dir).ok().and_then(|rest| {
                let parts: Option<Vec<&str>> =
                    rest.components().map(|c| c.as_os_str().to_str()).collect();
                Some(parts?.join("/"))
            }) else {
                continue;
            };
            let mut at = name.len();
            while let Some(slash) = name[..at].rfind('/') {
                if !out.folders.insert(name[..slash].to_string()) {
                    break;
                }
                at = slash;
            }
            out.files.insert(name);
        }
        out.present |= !out.files.is_empty();
        out
    }

    pub(super) fn merge(&mut self, other: Listing) {
        self.present |= other.present;
        self.files.extend(other.files);
        self.folders.extend(other.folders);
        self.unreadable.extend(other.unreadable);
    }

    /// The entry `rest` names (see [`crate::discover::lookup::listed_entry`]); unknown when
    /// it climbs out with `..`.
    pub fn entry(&self, rest: &str) -> Probe<String> {
        lookup::listed_entry(
            rest,
            |k| self.files.contains(k),
            |k| {
                if k.is_empty() {
                    self.present
                } else {
                    self.folders.contains(k)
                }
            },
        )
        .unwrap_or(Probe::Unknown)
    }
}

impl ModuleAssets {
    fn new(
        root: &Path,
        listed: &crate::discover::module::ModuleFiles,
        sandbox: &Sandbox,
    ) -> ModuleAssets {
        ModuleAssets {
            root: root.to_path_buf(),
            templates: Listing::new(&root.join("templates"), &listed.templates, sandbox),
            files: Listing::new(&root.join("files"), &listed.files, sandbox),
        }
    }

    /// The listing of `folder`.
    pub fn listing(&self, folder: Folder) -> &Listing {
        match folder {
            Folder::Templates => &self.templates,
            Folder::Files => &self.files,
        }
    }
}

/// Check mode's answers to Puppet's lookups: the indexed modules' listings. A module that is
/// not indexed, or an absolute path, is not known.
impl ModuleTree for Index {
    /// The entry's path under its folder.
    type Path = String;

    fn module_entry(&self, module: &str, folder: Folder, rest: &str) -> Probe<String> {
        let Some(assets) = self.assets.get(module) else {
            return Probe::Unknown;
        };
        assets.listing(folder).entry(rest)
    }

    fn absolute(&self, _path: &str) -> Probe<String> {
        Probe::Unknown
    }
}

/// A file's text: its bytes when they are UTF-8 (the standard library's fast check, no
/// copy), else `String::from_utf8_lossy` of them.
pub(super) fn utf8_text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ruby_files_the_index_reads_by_where_they_are() {
        let root = Path::new("/m/web");
        let kind = |p: &str| ruby_kind(root, Path::new(p));
        let deep = "/m/web/lib/puppet/functions/web/a/b.rb";
        assert_eq!(kind(deep), Some(ruby::Kind::Function4x));
        let v3 = "/m/web/lib/puppet/parser/functions/x.rb";
        assert_eq!(kind(v3), Some(ruby::Kind::Function3x));
        assert_eq!(kind("/m/web/lib/puppet/parser/functions/a/x.rb"), None);
        let ty = "/m/web/lib/puppet/type/site.rb";
        assert_eq!(kind(ty), Some(ruby::Kind::ResourceType));
        assert_eq!(kind("/m/web/lib/puppet/provider/site/x.rb"), None);
        assert_eq!(kind("/m/web/lib/puppet/type/site.txt"), None);
        assert_eq!(kind("/m/other/lib/puppet/type/site.rb"), None);
    }

    #[test]
    fn a_ruby_file_read_again_created_changed_and_deleted() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap().join("web");
        let functions = root.join("lib/puppet/functions");
        std::fs::create_dir_all(&functions).unwrap();
        std::fs::write(root.join("metadata.json"), "{\"name\": \"x-web\"}").unwrap();
        let sandbox = Sandbox::new(&root, std::slice::from_ref(&root));
        let roots = [ModuleRoot {
            name: "web".into(),
            path: root.clone(),
        }];
        let mut modules = Modules::read(&[], &roots, &sandbox);
        let names = |m: &Modules| {
            let index = Index::assemble(Vec::new(), m.clone());
            let mut names: Vec<String> = index.function_names().map(str::to_string).collect();
            names.sort();
            names
        };
        assert!(names(&modules).is_empty());
        let file = functions.join("shout.rb");
        let declare = |name: &str| {
            let text = format!("Puppet::Functions.create_function(:'{name}') do\nend\n");
            std::fs::write(&file, text).unwrap();
        };
        declare("web::shout");
        assert_eq!(modules.reread_ruby(&file, &sandbox), Some(RubyReread::Read));
        assert_eq!(names(&modules), ["web::shout"]);
        declare("web::loud");
        assert_eq!(modules.reread_ruby(&file, &sandbox), Some(RubyReread::Read));
        assert_eq!(names(&modules), ["web::loud"]);
        std::fs::remove_file(&file).unwrap();
        assert_eq!(
            modules.reread_ruby(&file, &sandbox),
            Some(RubyReread::Dropped)
        );
        assert!(names(&modules).is_empty());
        assert_eq!(
            modules.reread_ruby(&file, &sandbox),
            Some(RubyReread::Unreadable)
        );
        assert_eq!(modules.reread_ruby(&root.join("x.rb"), &sandbox), None);
    }
}
