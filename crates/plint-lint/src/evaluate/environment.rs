//! Where an evaluation starts: the main manifest (a file, a directory of manifests, an
//! environment, or code given with `-e`), the environment that holds it, and the module path
//! a Puppet server builds for that environment.

use std::path::{Path, PathBuf};

use crate::eval::compiler::Manifest;
use crate::sandbox::Sandbox;

/// The display name of the code given with `-e`.
pub const CODE_NAME: &str = "-e";

/// What is evaluated, and where it lives.
pub struct Main {
    pub manifest: Manifest,
    /// The environment's folder, if any.
    pub environment: Option<PathBuf>,
    /// Where findings without a location are reported (a file, or the `-e` code).
    pub fallback: PathBuf,
    /// How many manifest files make the main manifest (1 for `-e`).
    pub files: usize,
}

/// The main manifest from MANIFEST (`paths`) or `-e CODE` (`code`).
pub fn main_manifest(
    code: Option<&str>,
    paths: &[PathBuf],
    sandbox: &Sandbox,
) -> Result<Main, String> {
    if let Some(code) = code {
        if paths.iter().any(|p| p != Path::new(".")) {
            return Err("give either MANIFEST or -e CODE, not both".into());
        }
        return Ok(Main {
            manifest: Manifest::Code(code.to_string()),
            environment: None,
            fallback: PathBuf::from(CODE_NAME),
            files: 1,
        });
    }
    let [path] = paths else {
        return Err("--evaluate compiles one MANIFEST (a file or a directory)".into());
    };
    let meta =
        std::fs::metadata(path).map_err(|e| format!("cannot access `{}`: {e}", path.display()))?;
    if meta.is_dir() {
        let (manifests, environment) = if path.join("manifests").is_dir() {
            (path.join("manifests"), path.clone())
        } else if path == Path::new(".") {
            return Err(
                "give the MANIFEST to evaluate (a site.pp, a directory of manifests, or an \
                 environment with a `manifests/` folder), or the code with -e"
                    .into(),
            );
        } else {
            (path.clone(), environment_of(path))
        };
        let files = manifest_files(&manifests, sandbox)?;
        Ok(Main {
            fallback: files.first().cloned().unwrap_or_else(|| manifests.clone()),
            files: files.len(),
            manifest: Manifest::Files(files),
            environment: Some(environment),
        })
    } else {
        sandbox
            .read(path)
            .map_err(|e| format!("cannot read `{}`: {e}", path.display()))?;
        let dir = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        Ok(Main {
            manifest: Manifest::Files(vec![path.clone()]),
            environment: Some(environment_of(dir)),
            fallback: path.clone(),
            files: 1,
        })
    }
}

/// The module path of the environment at `env`, as a Puppet server builds it: its
/// `environment.conf`'s `modulepath` (folders relative to the environment; `$basemodulepath`
/// stands for `basemodulepath`, the server's own folders given with `--basemodulepath`; other
/// settings are left out), else its `modules/` folder then `basemodulepath`. Only folders that
/// exist.
pub fn environment_modulepath(
    env: &Path,
    basemodulepath: &[PathBuf],
    sandbox: &Sandbox,
) -> Vec<PathBuf> {
    let listed = sandbox
        .read_to_string(&env.join("environment.conf"))
        .ok()
        .and_then(|text| crate::discover::deps::environment_setting(&text, "modulepath"));
    let mut dirs: Vec<PathBuf> = Vec::new();
    match listed {
        Some(value) => {
            for entry in value.split(':').map(str::trim).filter(|e| !e.is_empty()) {
                match entry {
                    "$basemodulepath" => dirs.extend(basemodulepath.iter().cloned()),
                    e if e.contains('$') => {}
                    e => dirs.push(env.join(e)),
                }
            }
        }
        None => {
            dirs.push(env.join("modules"));
            dirs.extend(basemodulepath.iter().cloned());
        }
    }
    dirs.into_iter().filter(|d| sandbox.is_dir(d)).collect()
}

/// Trusts what the user names on the command line (`named`: a configuration, facts, Hiera
/// files, module folders), and the data folders of the Hiera configurations among them
/// (`hiera`: a private data checkout beside the repository, a server's own data).
pub fn trust_named<'a>(
    sandbox: &mut Sandbox,
    named: impl IntoIterator<Item = &'a PathBuf>,
    hiera: impl IntoIterator<Item = &'a PathBuf>,
) {
    for path in named {
        sandbox.add_trusted(path);
    }
    for config in hiera {
        if let Ok(text) = sandbox.read_to_string(config) {
            let config = sandbox.cwd().join(config);
            for dir in crate::eval::hiera::data_folders(&config, &text) {
                sandbox.add_configured(&config, &dir);
            }
        }
    }
}

/// The environment of a manifest folder: its parent if it is a `manifests/` folder.
pub fn environment_of(dir: &Path) -> PathBuf {
    if dir.file_name().is_some_and(|n| n == "manifests") {
        match dir.parent().filter(|p| !p.as_os_str().is_empty()) {
            Some(parent) => parent.to_path_buf(),
            None => PathBuf::from("."),
        }
    } else {
        dir.to_path_buf()
    }
}

/// Every `.pp` file under `dir` (following symbolic links, each folder once), sorted by path
/// as a string, as Puppet sorts a manifest directory's files.
pub fn manifest_files(dir: &Path, sandbox: &Sandbox) -> Result<Vec<PathBuf>, String> {
    sandbox.read_dir(dir).map_err(|e| {
        format!(
            "cannot read the manifest directory `{}`: {e}",
            dir.display()
        )
    })?;
    let pp = |p: &Path| p.extension().is_some_and(|x| x == "pp");
    let mut out = sandbox.files_under(dir, true, &pp);
    out.sort_by(|a, b| {
        a.as_os_str()
            .as_encoded_bytes()
            .cmp(b.as_os_str().as_encoded_bytes())
    });
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn environments() {
        assert_eq!(
            environment_of(Path::new("env/manifests")),
            PathBuf::from("env")
        );
        assert_eq!(environment_of(Path::new("manifests")), PathBuf::from("."));
        assert_eq!(environment_of(Path::new("site")), PathBuf::from("site"));
    }

    #[test]
    fn manifest_directory_order_is_by_path_string() {
        let tmp = tempfile::tempdir().unwrap();
        for f in ["b.pp", "a/z.pp", "a.pp", "a-b.pp", "c.txt"] {
            let p = tmp.path().join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "").unwrap();
        }
        let files = manifest_files(
            tmp.path(),
            &Sandbox::new(tmp.path(), &[tmp.path().to_path_buf()]),
        )
        .unwrap();
        let names: Vec<_> = files
            .iter()
            .map(|p| {
                p.strip_prefix(tmp.path())
                    .unwrap()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        // Ruby's sort of the paths: `-` < `.` < `/`.
        assert_eq!(names, ["a-b.pp", "a.pp", "a/z.pp", "b.pp"]);
    }
}
