//! The confined file system: every file plint reads and every directory it walks goes through
//! a [`Sandbox`].
//!
//! plint runs in CI on pull requests from strangers, with its report readable by them. A pull
//! request controls the repository being checked, including its symbolic links: a `*.pp`, a
//! `.puppet-lint.rc` or a `hiera.yaml` may be a link to `~/.ssh/id_rsa` or `/proc/self/environ`,
//! and a manifest may ask `file('/etc/shadow')`. So a path is read only when it lies under an
//! allowed root:
//!
//! - **Untrusted roots** are what a pull request may control: for each checked path, the work
//!   tree of the git repository holding it (the folder with `.git`), else the checked path
//!   itself (its folder for a file), and the module root or environment found around a file
//!   given alone (the system's module folders stay trusted when they hold what is checked). A path under one is read only if, symbolic links resolved, it lies under an
//!   allowed root (untrusted or trusted).
//! - **Trusted roots** are the user's own machine: the module path and files named on the
//!   command line (`--modulepath`, `--config`, `--facts`, `--hiera`), the module path of a
//!   configuration that lies outside every untrusted root, and the system's module folders
//!   ([`SYSTEM_MODULE_PATHS`]; Debian's `/usr/share/puppet/modules` links every module through
//!   `/etc/alternatives`). Under a trusted root links are followed wherever they lead — unless
//!   the trusted root lies inside an untrusted one, which makes it untrusted.
//! - Anything else is refused: [`Error::Outside`] names the path as the caller gave it, never
//!   what it resolves to or holds.
//!
//! Only regular files are read (FIFOs, devices and sockets are refused, and so is anything under
//! `/proc`, `/sys` or `/dev`), each up to a size limit ([`Limits::max_file_size`]). Walks share
//! one loop-safe walker ([`Walk`]) with a depth limit.

mod walk;

pub use walk::{Entry, FileId, GitIgnored, Note, NoteKind, Visitor, Walk};

use std::borrow::Cow;
use std::fmt;
use std::fs;
use std::io::{self, Read};
use std::path::{Component, Path, PathBuf};

/// Folders of modules that belong to the system (installed by a package manager or by Puppet
/// itself), read as the user's own: links under them are followed.
pub const SYSTEM_MODULE_PATHS: &[&str] = &[
    "/usr/share/puppet/modules",
    "/etc/puppetlabs/code",
    "/opt/puppetlabs/puppet/modules",
    "/etc/puppet/code",
    "/etc/puppet/modules",
];

/// Folders never read from, whatever the roots: their files are not files.
const PSEUDO_FILE_SYSTEMS: &[&str] = &["/proc", "/sys", "/dev"];

/// The limits of a sandbox.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The largest file read, in bytes (`--max-file-size`).
    pub max_file_size: u64,
    /// The deepest folder a walk enters, counted from where it starts.
    pub max_depth: usize,
}

/// The default size limit of a file: 64 MiB.
pub const DEFAULT_MAX_FILE_SIZE: u64 = 64 << 20;
/// The default depth limit of a walk.
pub const DEFAULT_MAX_DEPTH: usize = 64;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_file_size: DEFAULT_MAX_FILE_SIZE,
            max_depth: DEFAULT_MAX_DEPTH,
        }
    }
}

/// What [`Sandbox::locate`] finds at a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Located {
    /// A regular file plint may read.
    File,
    /// A folder plint may list.
    Folder,
    /// Nothing, under a root.
    Missing,
    /// Outside every root (existing or not), or something plint may not read.
    Refused,
}

/// Why a path was not read.
#[derive(Debug)]
pub enum Error {
    /// The operating system's error (not found, permission denied, ...).
    Io(io::Error),
    /// The path resolves outside every allowed root.
    Outside,
    /// Not a regular file (a FIFO, a device, a socket, a folder where a file was expected, or a
    /// file of `/proc`, `/sys`, `/dev`).
    NotRegular,
    /// Larger than the limit.
    TooLarge { limit: u64 },
}

impl Error {
    /// Whether the path does not exist.
    pub fn is_not_found(&self) -> bool {
        matches!(self, Error::Io(e) if e.kind() == io::ErrorKind::NotFound)
    }

    /// Whether the sandbox refused the path (rather than the operating system failing).
    pub fn is_refusal(&self) -> bool {
        !matches!(self, Error::Io(_))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io(e) => write!(f, "{e}"),
            Error::Outside => f.write_str(
                "refused: it lies outside the repository and the module path (a symbolic link \
                 or a path leading out of them)",
            ),
            Error::NotRegular => f.write_str("refused: not a regular file"),
            Error::TooLarge { limit } => write!(
                f,
                "refused: larger than the {} limit of a file (raise it with --max-file-size)",
                size_text(*limit)
            ),
        }
    }
}

impl std::error::Error for Error {}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        Error::Io(e)
    }
}

/// `64 MiB`, `512 KiB`, `100 bytes`.
fn size_text(n: u64) -> String {
    if n >= 1 << 20 && n.is_multiple_of(1 << 20) {
        format!("{} MiB", n >> 20)
    } else if n >= 1 << 10 && n.is_multiple_of(1 << 10) {
        format!("{} KiB", n >> 10)
    } else {
        format!("{n} bytes")
    }
}

/// Parses a size given on the command line: a number of bytes, or with a `K`, `M` or `G`
/// suffix (powers of 1024).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let (digits, shift) = match t.as_bytes().last().map(u8::to_ascii_uppercase) {
        Some(b'K') => (&t[..t.len() - 1], 10),
        Some(b'M') => (&t[..t.len() - 1], 20),
        Some(b'G') => (&t[..t.len() - 1], 30),
        _ => (t, 0),
    };
    let n: u64 = digits
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a size (bytes, or a number with K, M or G)"))?;
    n.checked_mul(1 << shift)
        .filter(|n| *n > 0)
        .ok_or_else(|| format!("`{text}` is not a usable size"))
}

/// A folder under which paths may be read, in the form it was given (made absolute, `.` and
/// `..` resolved by text) and with its symbolic links resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Root {
    lexical: PathBuf,
    canonical: PathBuf,
}

impl Root {
    fn new(cwd: &Path, path: &Path) -> Root {
        let lexical = normalize(cwd, path).0.into_owned();
        let canonical = real_path(&lexical).unwrap_or_else(|_| lexical.clone());
        Root { lexical, canonical }
    }

    /// Whether `path` (absolute, normalized, or canonical) lies under this root.
    fn holds(&self, path: &Probe<'_>) -> bool {
        under(path, &self.lexical) || under(path, &self.canonical)
    }
}

/// The untrusted roots: a run that checks files given one by one has one per module around
/// them (a hundred on a corpus of modules), and every read asks whether one holds the path.
/// A root holds a path when it is one of the path's folders (or the path): a plain path (see
/// [`Probe`]) is answered by looking its folders up in the set of the roots' forms, as many
/// look-ups as the path has folders whatever the number of roots; another path, by comparing
/// it with each root.
#[derive(Debug, Clone, Default)]
struct Roots {
    list: Vec<Root>,
    /// The lexical and canonical forms of the roots of `list`, as bytes.
    forms: rustc_hash::FxHashSet<Vec<u8>>,
}

impl Roots {
    /// Adds `root` in place of the roots it holds, unless one holds it.
    fn add(&mut self, root: Root) {
        if self.holds(&Probe::new(&root.lexical)) {
            return;
        }
        let before = self.list.len();
        self.list.retain(|r| !root.holds(&Probe::new(&r.lexical)));
        if self.list.len() < before {
            self.forms.clear();
            for r in std::mem::take(&mut self.list) {
                self.push(r);
            }
        }
        self.push(root);
    }

    fn push(&mut self, root: Root) {
        for form in [&root.lexical, &root.canonical] {
            self.forms
                .insert(form.as_os_str().as_encoded_bytes().to_vec());
        }
        self.list.push(root);
    }

    /// Whether a root holds `path` (see [`Root::holds`]).
    fn holds(&self, path: &Probe<'_>) -> bool {
        if !path.regular {
            return self.list.iter().any(|r| r.holds(path));
        }
        let bytes = path.path.as_os_str().as_encoded_bytes();
        // The path itself, then each folder it is written with (up to a separator).
        // `/` (before the first separator) is a folder of its own: the file system's root.
        let folder = |end: usize| self.forms.contains(&bytes[..end.max(1)]);
        folder(bytes.len())
            || bytes
                .iter()
                .enumerate()
                .any(|(i, b)| std::path::is_separator(char::from(*b)) && folder(i))
    }
}

/// Where plint may read (see the module documentation). Built once per run, shared by every
/// stage that reads files.
#[derive(Debug, Clone)]
pub struct Sandbox {
    cwd: PathBuf,
    untrusted: Roots,
    trusted: Vec<Root>,
    limits: Limits,
    ignore_files: bool,
    /// Texts held in memory (a manifest read from standard input, the files `--diff` fixed),
    /// by absolute path: [`Sandbox::read`] answers them instead of the file system.
    in_memory: std::collections::HashMap<PathBuf, std::sync::Arc<[u8]>>,
}

impl Sandbox {
    /// A sandbox for checking `paths` from `cwd`: each path's repository is an untrusted root,
    /// the system's module folders are trusted ones.
    pub fn new(cwd: &Path, paths: &[PathBuf]) -> Sandbox {
        let mut sandbox = Sandbox {
            cwd: cwd.to_path_buf(),
            untrusted: Roots::default(),
            trusted: Vec::new(),
            limits: Limits::default(),
            ignore_files: true,
            in_memory: std::collections::HashMap::new(),
        };
        for dir in SYSTEM_MODULE_PATHS {
            sandbox.add_trusted(Path::new(dir));
        }
        for path in paths {
            sandbox.add_checked(path);
        }
        sandbox
    }

    /// The limits of this sandbox.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Replaces the limits.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Whether walks honour the ignore files they meet (`.gitignore`, `.ignore`; on by
    /// default, see the `walk` module).
    pub fn honours_ignore_files(&self) -> bool {
        self.ignore_files
    }

    /// Makes walks honour ignore files, or not (`--no-ignore-files`).
    pub fn set_ignore_files(&mut self, honour: bool) {
        self.ignore_files = honour;
    }

    /// The folder relative paths are taken from.
    pub fn cwd(&self) -> &Path {
        &self.cwd
    }

    /// Adds a checked path: the work tree of the git repository holding it, else the path
    /// itself (the folder holding it, for a file), becomes an untrusted root.
    pub fn add_checked(&mut self, path: &Path) {
        let abs = normalize(&self.cwd, path).0.into_owned();
        // The system's module folders stay trusted when they are what is checked.
        if is_system_module_path(&abs) {
            return;
        }
        let start = if abs.is_dir() {
            abs.clone()
        } else {
            abs.parent().map(Path::to_path_buf).unwrap_or(abs.clone())
        };
        // Files given one by one mostly share their repository.
        if self.is_untrusted_location(&start) {
            return;
        }
        let root = start
            .ancestors()
            .find(|d| d.join(".git").exists())
            .or_else(|| project_above(&start))
            .map(Path::to_path_buf)
            .unwrap_or(start);
        self.add_untrusted(&root);
    }

    /// Adds a folder a pull request may control (a module root or an environment found around
    /// a checked file).
    pub fn add_untrusted(&mut self, dir: &Path) {
        self.untrusted.add(Root::new(&self.cwd, dir));
    }

    /// Adds the module root or environment found around a file checked alone: untrusted like
    /// the file, unless it lies in the system's module folders, which stay trusted as when
    /// they are what is checked (see [`Sandbox::add_checked`]).
    pub fn add_around_checked(&mut self, dir: &Path) {
        if !is_system_module_path(&normalize(&self.cwd, dir).0) {
            self.add_untrusted(dir);
        }
    }

    /// Adds a folder or file of the user's own (named on the command line, or configured
    /// outside every untrusted root): links under it are followed. One that lies inside an
    /// untrusted root gains nothing: it is allowed already, and its links must still resolve
    /// under an allowed root (a pull request could make it a link to anywhere).
    pub fn add_trusted(&mut self, path: &Path) {
        let (abs, _) = normalize(&self.cwd, path);
        if self.is_untrusted_location(&abs) {
            return;
        }
        let root = Root::new(&self.cwd, path);
        if !self.trusted.contains(&root) {
            self.trusted.push(root);
        }
    }

    /// Adds a folder named by a configuration file at `config` (a module path): trusted when
    /// the file lies outside every untrusted root (the user's own). A configuration inside the
    /// repository cannot widen what plint reads: its folders are read only where they lie
    /// under an allowed root.
    pub fn add_configured(&mut self, config: &Path, dir: &Path) {
        let (config, _) = normalize(&self.cwd, config);
        if !self.is_untrusted_location(&config) {
            self.add_trusted(dir);
        }
    }

    /// Whether `abs` (absolute and normalized) lies under an untrusted root.
    fn is_untrusted_location(&self, abs: &Path) -> bool {
        self.untrusted.holds(&Probe::new(abs))
    }

    /// Whether `path` lies, as written (made absolute from the working directory), inside the
    /// repository being checked (an untrusted root).
    pub fn in_repository(&self, path: &Path) -> bool {
        self.is_untrusted_location(&normalize(&self.cwd, path).0)
    }

    /// Whether `abs` (absolute and normalized) lies under a trusted root and no untrusted one:
    /// links under it are followed.
    fn is_trusted_location(&self, abs: &Path) -> bool {
        let abs = Probe::new(abs);
        self.trusted.iter().any(|r| r.holds(&abs)) && !self.untrusted.holds(&abs)
    }

    /// Whether `real` (a path with every link resolved) lies under an allowed root.
    fn allows_resolved(&self, real: &Path) -> bool {
        let real = Probe::new(real);
        if PSEUDO_FILE_SYSTEMS
            .iter()
            .any(|p| under(&real, Path::new(p)))
        {
            return false;
        }
        self.untrusted.holds(&real) || self.trusted.iter().any(|r| r.holds(&real))
    }

    /// Whether `path` may be read or listed, links resolved; [`Error::Io`] when it cannot be
    /// resolved (it does not exist).
    pub fn check(&self, path: &Path) -> Result<(), Error> {
        let (abs, climbs) = normalize(&self.cwd, path);
        if !climbs && self.is_trusted_location(&abs) {
            return Ok(());
        }
        let real = real_path(&abs)?;
        if self.allows_resolved(&real) {
            Ok(())
        } else {
            Err(Error::Outside)
        }
    }

    /// What is at `path`, asked so that the answer tells nothing of places plint may not read:
    /// a path outside every root is [`Located::Refused`] whether or not it exists, and so is a
    /// link that leads out of them, dangling or not.
    pub fn locate(&self, path: &Path) -> Located {
        if self.is_in_memory(path) {
            return Located::File;
        }
        let (abs, _) = normalize(&self.cwd, path);
        let inside = self.is_lexically_inside(&abs);
        let meta = match fs::metadata(&abs) {
            Ok(meta) => meta,
            Err(_) if !inside || fs::symlink_metadata(&abs).is_ok() => return Located::Refused,
            Err(_) => return Located::Missing,
        };
        if self.check(&abs).is_err() {
            return Located::Refused;
        }
        if meta.is_dir() {
            Located::Folder
        } else if meta.is_file() {
            Located::File
        } else {
            Located::Refused
        }
    }

    /// Whether `abs` (absolute, normalized) lies, as written, under a root.
    fn is_lexically_inside(&self, abs: &Path) -> bool {
        let abs = Probe::new(abs);
        self.untrusted.holds(&abs) || self.trusted.iter().any(|r| r.holds(&abs))
    }

    /// Whether `path` is a regular file the sandbox lets plint read.
    pub fn is_file(&self, path: &Path) -> bool {
        path.is_file() && self.check(path).is_ok()
    }

    /// Whether `path` is a folder the sandbox lets plint list.
    pub fn is_dir(&self, path: &Path) -> bool {
        path.is_dir() && self.check(path).is_ok()
    }

    /// Reads standard input to its end, within the size limit: the text of a manifest given
    /// as `-`.
    pub fn read_stdin(&self) -> Result<Vec<u8>, Error> {
        let limit = self.limits.max_file_size;
        let mut bytes = Vec::new();
        io::stdin().lock().take(limit + 1).read_to_end(&mut bytes)?;
        if bytes.len() as u64 > limit {
            return Err(Error::TooLarge { limit });
        }
        Ok(bytes)
    }

    /// Makes `path` read as `bytes` (see [`Sandbox::read`]), whether or not a file is there.
    pub fn add_in_memory(&mut self, path: &Path, bytes: Vec<u8>) {
        let abs = normalize(&self.cwd, path).0.into_owned();
        self.in_memory.insert(abs, bytes.into());
    }

    /// Whether `path` is held in memory (see [`Sandbox::add_in_memory`]).
    pub fn is_in_memory(&self, path: &Path) -> bool {
        self.in_memory_text(path).is_some()
    }

    fn in_memory_text(&self, path: &Path) -> Option<&[u8]> {
        if self.in_memory.is_empty() {
            return None;
        }
        let abs = normalize(&self.cwd, path).0;
        self.in_memory.get(abs.as_ref()).map(|bytes| &bytes[..])
    }

    /// The bytes of the regular file at `path`, if it lies under an allowed root and within the
    /// size limit.
    pub fn read(&self, path: &Path) -> Result<Vec<u8>, Error> {
        if let Some(bytes) = self.in_memory_text(path) {
            return Ok(bytes.to_vec());
        }
        let (abs, climbs) = normalize(&self.cwd, path);
        let trusted = !climbs && self.is_trusted_location(&abs);
        // Outside every root, whether the path exists is not for the repository to learn.
        let outside = |e: io::Error| {
            if self.is_lexically_inside(&abs) {
                Error::Io(e)
            } else {
                Error::Outside
            }
        };
        let file = open_nonblocking(path).map_err(outside)?;
        let meta = file.metadata().map_err(outside)?;
        if meta.is_dir() {
            return Err(Error::Io(io::Error::new(
                io::ErrorKind::IsADirectory,
                "is a directory",
            )));
        }
        if !meta.is_file() {
            return Err(Error::NotRegular);
        }
        if !trusted {
            let real = resolved(&file, &abs)?;
            if !self.allows_resolved(&real) {
                return Err(Error::Outside);
            }
        } else if PSEUDO_FILE_SYSTEMS
            .iter()
            .any(|p| under(&Probe::new(&abs), Path::new(p)))
        {
            return Err(Error::NotRegular);
        }
        let limit = self.limits.max_file_size;
        if meta.len() > limit {
            return Err(Error::TooLarge { limit });
        }
        let mut bytes = Vec::with_capacity(meta.len() as usize);
        file.take(limit + 1).read_to_end(&mut bytes)?;
        if bytes.len() as u64 > limit {
            return Err(Error::TooLarge { limit });
        }
        Ok(bytes)
    }

    /// The text of the file at `path` ([`Sandbox::read`]); invalid UTF-8 is an error.
    pub fn read_to_string(&self, path: &Path) -> Result<String, Error> {
        String::from_utf8(self.read(path)?)
            .map_err(|e| Error::Io(io::Error::new(io::ErrorKind::InvalidData, e.utf8_error())))
    }

    /// The entries of the folder at `dir`, sorted by name, if the sandbox lets plint list it.
    pub fn read_dir(&self, dir: &Path) -> Result<Vec<fs::DirEntry>, Error> {
        self.check(dir)?;
        let mut entries = fs::read_dir(dir)?.collect::<Result<Vec<_>, _>>()?;
        entries.sort_by_key(|e| e.file_name());
        Ok(entries)
    }
}

/// Whether `abs` (absolute, normalized) lies in one of [`SYSTEM_MODULE_PATHS`].
fn is_system_module_path(abs: &Path) -> bool {
    SYSTEM_MODULE_PATHS.iter().any(|d| abs.starts_with(d))
}

/// The module or environment holding `dir` when there is no git work tree: the nearest of
/// `dir` and its ancestors (at most 8 levels up) that holds a `metadata.json`, an
/// `environment.conf` or a `Puppetfile`, or that holds the `manifests` folder climbed out of.
fn project_above(dir: &Path) -> Option<&Path> {
    let mut came_from: Option<&std::ffi::OsStr> = None;
    for d in dir.ancestors().take(9) {
        let marked = ["metadata.json", "environment.conf", "Puppetfile"]
            .iter()
            .any(|f| d.join(f).is_file());
        if marked || came_from.is_some_and(|n| n == "manifests") {
            return Some(d);
        }
        came_from = d.file_name();
    }
    None
}

/// Opens `path` for reading without blocking on a FIFO and without making a terminal the
/// process's controlling one.
fn open_nonblocking(path: &Path) -> io::Result<fs::File> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    options.open(path)
}

/// `fs::canonicalize(abs)`: on Linux from the kernel's record of `abs` opened as a location
/// only (`O_PATH`: nothing is read, a FIFO does not block), three calls where resolving the
/// path reads every component's link (a module under `/usr/share/puppet/modules`, a link
/// through `/etc/alternatives`, takes eight).
pub(crate) fn real_path(abs: &Path) -> io::Result<PathBuf> {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        let mut options = fs::OpenOptions::new();
        options.read(true).custom_flags(libc::O_PATH);
        if let Ok(file) = options.open(abs) {
            return resolved(&file, abs);
        }
    }
    fs::canonicalize(abs)
}

/// Where the open `file` (opened as `abs`) really is, every link resolved: from the kernel's
/// record of the open file on Linux (one call), else by resolving the path.
fn resolved(file: &fs::File, abs: &Path) -> io::Result<PathBuf> {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        if let Ok(p) = fs::read_link(format!("/proc/self/fd/{}", file.as_raw_fd())) {
            return Ok(p);
        }
    }
    let _ = file;
    fs::canonicalize(abs)
}

/// A path asked about (see [`under`]), with whether it is written without repeated separators
/// or `.` components: then a byte comparison with a normalized root is exact. (A name that
/// starts with a dot, `.fixtures.yml`, is no `.` component.)
struct Probe<'p> {
    path: &'p Path,
    regular: bool,
}

impl<'p> Probe<'p> {
    fn new(path: &'p Path) -> Probe<'p> {
        let bytes = path.as_os_str().as_encoded_bytes();
        // After each `/`: neither another `/` nor a `.` alone (`/./`, or a final `/.`).
        let regular = memchr::memchr_iter(b'/', bytes)
            .all(|i| !matches!(&bytes[i + 1..], [b'/', ..] | [b'.'] | [b'.', b'/', ..]));
        Probe { path, regular }
    }
}

/// `Path::starts_with` for an absolute, normalized `root` (no `.`, `..`, repeated or trailing
/// separator): compared as bytes, with the components' comparison only for a path written with
/// repeated separators or `.` (which the bytes would miss). Every read asks it of every root,
/// so it must be cheap.
fn under(probe: &Probe<'_>, root: &Path) -> bool {
    let p = probe.path.as_os_str().as_encoded_bytes();
    let r = root.as_os_str().as_encoded_bytes();
    let boundary = |i: usize| std::path::is_separator(char::from(p[i]));
    if p.starts_with(r) && (p.len() == r.len() || boundary(r.len()) || r.ends_with(b"/")) {
        return true;
    }
    !probe.regular && probe.path.starts_with(root)
}

/// `path` made absolute (from `cwd`) with `.` removed and `..` applied to the text; and whether
/// it had a `..` after its first normal component (a climb a symbolic link could redirect).
pub fn normalize<'p>(cwd: &Path, path: &'p Path) -> (Cow<'p, Path>, bool) {
    // Most paths are absolute and plain already: no copy. (Past its start, an absolute path's
    // components are its root and names, and `..`: `.` is skipped.)
    if path.is_absolute() && !has_parent_component(path) {
        return (Cow::Borrowed(path), false);
    }
    let mut out = if path.is_absolute() {
        PathBuf::new()
    } else {
        normalize_plain(cwd)
    };
    let mut climbs = false;
    for c in path.components() {
        match c {
            Component::Prefix(_) | Component::RootDir => out.push(c.as_os_str()),
            Component::CurDir => {}
            Component::ParentDir => {
                climbs = true;
                out.pop();
            }
            Component::Normal(n) => out.push(n),
        }
    }
    (Cow::Owned(out), climbs)
}

/// Whether a component of `path` is `..`: a quick look at the bytes, where splitting the path
/// into components costs a call per component.
fn has_parent_component(path: &Path) -> bool {
    path.as_os_str()
        .as_encoded_bytes()
        .split(|b| std::path::is_separator(char::from(*b)))
        .any(|name| name == b"..")
}

/// `cwd` with `.` and `..` applied to the text.
fn normalize_plain(cwd: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in cwd.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

#[cfg(test)]
mod tests;
