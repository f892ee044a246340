//! Ruby's `Dir.glob` (Ruby 3.1, no flags): brace expansion, `*`, `?`, `[...]`, `**/`, a
//! trailing `/` for folders only, hidden names matched only by a pattern that starts with a dot,
//! `**/` not entering hidden folders nor following symbolic links, each folder's entries sorted
//! by bytes and the matches given in Ruby's order (each entry, then what lies below it). The
//! file system is a [`Tree`] the caller answers (through its sandbox), so that what cannot be
//! read makes the whole result unknown (`None`), never a shorter list.

/// What a path is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A regular file.
    File,
    /// A folder.
    Folder,
    /// Nothing there.
    Missing,
}

/// An entry of a folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its name.
    pub name: String,
    /// What it is, symbolic links followed; `None` when that cannot be known (a link leading
    /// where the caller may not look).
    pub kind: Option<Kind>,
    /// Whether it is a symbolic link (`**/` does not follow it).
    pub link: bool,
}

/// The file system a glob looks at. `None` is "cannot say": the glob's result is then unknown.
pub trait Tree {
    /// What `path` is.
    fn kind(&mut self, path: &str) -> Option<Kind>;
    /// The entries of the folder `path` (without `.` and `..`), in any order.
    fn list(&mut self, path: &str) -> Option<Vec<Entry>>;
}

/// A pattern's component, with the separator written before it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Comp {
    /// A name without glob characters (unescaped).
    Plain(String),
    /// A name pattern.
    Magic(String),
    /// `**` followed by a separator.
    Recursive,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Part {
    sep: String,
    comp: Comp,
}

/// `Dir.glob(pattern, base: base)`: the matching paths as Ruby writes them (relative to `base`
/// for a relative pattern), or `None` when the tree could not say. A relative pattern needs
/// `base` (Ruby's working folder is not known): without one the result is `None`.
pub fn glob(tree: &mut dyn Tree, pattern: &str, base: Option<&str>) -> Option<Vec<String>> {
    let mut out = Vec::new();
    for p in expand_braces(pattern) {
        if p.is_empty() {
            continue;
        }
        let root = match p.starts_with('/') {
            true => "/".to_string(),
            false => base?.to_string(),
        };
        let (parts, dir_only) = split(&p);
        let mut g = Glob {
            tree,
            root,
            out: &mut out,
            dir_only,
            lead: parts.first().map(|p| p.sep.clone()).unwrap_or_default(),
        };
        g.helper("", None, vec![&parts[..]])?;
    }
    Some(out)
}

/// Splits a pattern into its components (each with the separators before it), and whether it
/// ends with a separator.
fn split(p: &str) -> (Vec<Part>, bool) {
    let mut parts = Vec::new();
    let mut sep = String::new();
    let mut comp = String::new();
    let mut chars = p.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' => {
                if !comp.is_empty() {
                    parts.push((std::mem::take(&mut sep), std::mem::take(&mut comp)));
                }
                sep.push('/');
            }
            '\\' => {
                comp.push('\\');
                if let Some(n) = chars.next() {
                    comp.push(n);
                }
            }
            c => comp.push(c),
        }
    }
    let dir_only = comp.is_empty() && !sep.is_empty() && !parts.is_empty();
    if !comp.is_empty() {
        parts.push((sep, comp));
    }
    let n = parts.len();
    let parts = parts
        .into_iter()
        .enumerate()
        .map(|(i, (sep, c))| {
            let comp = if c == "**" && (i + 1 < n || dir_only) {
                Comp::Recursive
            } else if has_magic(&c) {
                Comp::Magic(c)
            } else {
                Comp::Plain(unescape(&c))
            };
            Part { sep, comp }
        })
        .collect();
    (parts, dir_only)
}

fn has_magic(c: &str) -> bool {
    let mut escaped = false;
    for ch in c.chars() {
        if escaped {
            escaped = false;
            continue;
        }
        match ch {
            '\\' => escaped = true,
            '*' | '?' | '[' => return true,
            _ => {}
        }
    }
    false
}

fn unescape(c: &str) -> String {
    let mut out = String::with_capacity(c.len());
    let mut chars = c.chars();
    while let Some(ch) = chars.next() {
        if ch == '\\' {
            if let Some(n) = chars.next() {
                out.push(n);
            }
        } else {
            out.push(ch);
        }
    }
    out
}

struct Glob<'t, 'o> {
    tree: &'t mut dyn Tree,
    /// The folder relative paths start from (`/` for an absolute pattern).
    root: String,
    out: &'o mut Vec<String>,
    dir_only: bool,
    /// The separators the pattern starts with (`/` for an absolute one).
    lead: String,
}

impl Glob<'_, '_> {
    /// `out` and `name` joined as the pattern writes them (`sep`, the separators written
    /// before the component).
    fn join(&self, out: &str, sep: &str, name: &str) -> String {
        if out.is_empty() {
            format!("{}{name}", self.lead)
        } else if sep.is_empty() {
            format!("{out}/{name}")
        } else {
            format!("{out}{sep}{name}")
        }
    }

    /// The file system path of an output path.
    fn fs(&self, out: &str) -> String {
        if out.starts_with('/') {
            return out.to_string();
        }
        if out.is_empty() {
            return self.root.clone();
        }
        format!("{}/{out}", self.root.trim_end_matches('/'))
    }

    /// Matches the patterns `pats` (what is left of each) at `out`, which is of `kind` (`None`:
    /// not looked at yet; a path made of plain names is looked at only where it matters, so
    /// that the folders above the first pattern need not be readable): Ruby's `glob_helper`.
    fn helper(&mut self, out: &str, kind: Option<Kind>, pats: Vec<&[Part]>) -> Option<()> {
        // `**/rest` also matches `rest` here.
        let mut all: Vec<&[Part]> = Vec::new();
        let mut queue = pats;
        while let Some(p) = queue.pop() {
            if all.contains(&p) {
                continue;
            }
            if let Some(Part {
                comp: Comp::Recursive,
                ..
            }) = p.first()
            {
                queue.push(&p[1..]);
            }
            all.push(p);
        }
        all.reverse();
        let live: Vec<&[Part]> = all.iter().copied().filter(|p| !p.is_empty()).collect();
        let magic = live.iter().any(|p| !matches!(p[0].comp, Comp::Plain(_)));
        let ends = all.iter().any(|p| p.is_empty());
        if ends && out.is_empty() {
            // `**/` matching no folder under `base:` is the base itself, which Ruby writes `/`.
            if self.dir_only && self.lead.is_empty() {
                self.out.push("/".into());
            }
        }
        let ends = ends && !out.is_empty();
        let mut kind = kind;
        if kind.is_none() && (ends || magic) {
            kind = Some(self.tree.kind(&self.fs(out))?);
        }
        if ends {
            match kind {
                Some(Kind::Folder) if self.dir_only => self.out.push(format!("{out}/")),
                Some(Kind::Missing) => {}
                Some(_) if !self.dir_only => self.out.push(out.to_string()),
                _ => {}
            }
        }
        if live.is_empty() || matches!(kind, Some(Kind::File | Kind::Missing)) {
            return Some(());
        }
        if !magic {
            // Plain names: looked up without listing the folder.
            for p in live {
                let Comp::Plain(name) = &p[0].comp else {
                    continue;
                };
                let next = self.join(out, &p[0].sep, name);
                self.helper(&next, None, vec![&p[1..]])?;
            }
            return Some(());
        }
        let mut entries = self.tree.list(&self.fs(out))?;
        entries.push(Entry {
            name: ".".into(),
            kind: Some(Kind::Folder),
            link: false,
        });
        entries.sort_by(|a, b| a.name.as_bytes().cmp(b.name.as_bytes()));
        for e in entries {
            let mut next_pats: Vec<&[Part]> = Vec::new();
            let mut sep = None;
            for p in &live {
                let matched = match &p[0].comp {
                    Comp::Recursive => {
                        if e.name.starts_with('.') || e.link || e.kind != Some(Kind::Folder) {
                            false
                        } else {
                            next_pats.push(p);
                            sep.get_or_insert(p[0].sep.clone());
                            continue;
                        }
                    }
                    Comp::Plain(n) => *n == e.name,
                    Comp::Magic(m) => fnmatch(m, &e.name),
                };
                if matched {
                    next_pats.push(&p[1..]);
                    sep.get_or_insert(p[0].sep.clone());
                }
            }
            if next_pats.is_empty() {
                continue;
            }
            let next = self.join(out, &sep.unwrap_or_default(), &e.name);
            let needs_kind = self.dir_only || next_pats.iter().any(|p| !p.is_empty());
            let kind = match e.kind {
                Some(k) => k,
                // Looked at, so that the caller may say why it cannot.
                None if needs_kind => self.tree.kind(&self.fs(&next))?,
                None => Kind::File,
            };
            self.helper(&next, Some(kind), next_pats)?;
        }
        Some(())
    }
}

/// Ruby's `File.fnmatch(pattern, name, File::FNM_PATHNAME)` for one name: `*`, `?`, `[...]`
/// (`!` or `^` negates, ranges), `\` escapes; a name starting with a dot is matched only by a
/// pattern starting with a literal dot.
pub fn fnmatch(pattern: &str, name: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let n: Vec<char> = name.chars().collect();
    if n.first() == Some(&'.') {
        let literal_dot = match p.first() {
            Some('.') => true,
            Some('\\') => p.get(1) == Some(&'.'),
            _ => false,
        };
        if !literal_dot {
            return false;
        }
    }
    matches(&p, &n)
}

fn matches(p: &[char], n: &[char]) -> bool {
    let (mut pi, mut ni) = (0, 0);
    // The last `*` and where its match now ends, to backtrack to.
    let mut star: Option<(usize, usize)> = None;
    while ni < n.len() {
        if pi < p.len() {
            match p[pi] {
                '*' => {
                    star = Some((pi, ni));
                    pi += 1;
                    continue;
                }
                '?' => {
                    pi += 1;
                    ni += 1;
                    continue;
                }
                '[' => {
                    if let Some((ok, len)) = class(&p[pi..], n[ni])
                        && ok
                    {
                        pi += len;
                        ni += 1;
                        continue;
                    }
                }
                '\\' if pi + 1 < p.len() => {
                    if p[pi + 1] == n[ni] {
                        pi += 2;
                        ni += 1;
                        continue;
                    }
                }
                c => {
                    if c == n[ni] {
                        pi += 1;
                        ni += 1;
                        continue;
                    }
                }
            }
        }
        match star {
            Some((sp, sn)) => {
                pi = sp + 1;
                ni = sn + 1;
                star = Some((sp, sn + 1));
            }
            None => return false,
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

/// A bracket class at the start of `p` against `c`: whether it matches and its length; `None`
/// when the bracket is not closed (then `[` is a plain character, which does not match here).
fn class(p: &[char], c: char) -> Option<(bool, usize)> {
    let mut i = 1;
    let negate = matches!(p.get(i), Some('!' | '^'));
    if negate {
        i += 1;
    }
    let mut ok = false;
    let mut first = true;
    loop {
        let ch = *p.get(i)?;
        if ch == ']' && !first {
            break;
        }
        first = false;
        let lo = if ch == '\\' {
            i += 1;
            *p.get(i)?
        } else {
            ch
        };
        i += 1;
        if p.get(i) == Some(&'-') && p.get(i + 1).is_some_and(|&h| h != ']') {
            let mut hi = p[i + 1];
            i += 2;
            if hi == '\\' {
                hi = *p.get(i)?;
                i += 1;
            }
            if lo <= c && c <= hi {
                ok = true;
            }
        } else if lo == c {
            ok = true;
        }
    }
    Some((ok != negate, i + 1))
}

/// Ruby's brace expansion: `a{b,c{d,e}}f` gives `abf`, `acdf`, `acef`, in order; an unclosed
/// brace is left as written.
pub fn expand_braces(p: &str) -> Vec<String> {
    let b = p.as_bytes();
    let mut depth = 0usize;
    let mut open = None;
    let mut commas = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'{' => {
                if depth == 0 {
                    open = Some(i);
                    commas.clear();
                }
                depth += 1;
            }
            b',' if depth == 1 => commas.push(i),
            b'}' if depth > 0 => {
                depth -= 1;
                if depth == 0
                    && let Some(o) = open
                {
                    let (pre, post) = (&p[..o], &p[i + 1..]);
                    let mut cuts = vec![o];
                    cuts.extend(&commas);
                    cuts.push(i);
                    let mut out = Vec::new();
                    for w in cuts.windows(2) {
                        let alt = &p[w[0] + 1..w[1]];
                        out.extend(expand_braces(&format!("{pre}{alt}{post}")));
                    }
                    return out;
                }
            }
            _ => {}
        }
        i += 1;
    }
    vec![p.to_string()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_as_fnmatch() {
        assert!(fnmatch("*.rb", "a.rb"));
        assert!(!fnmatch("*.rb", ".a.rb"));
        assert!(fnmatch(".*", ".a"));
        assert!(fnmatch("[ab]*", "b.rb"));
        assert!(!fnmatch("[!ab]*", "b.rb"));
        assert!(fnmatch("a?c", "abc"));
        assert!(fnmatch("\\*", "*"));
        assert!(fnmatch("*a*b*", "xaxxbx"));
        assert!(!fnmatch("*a*b", "xaxxbx"));
        assert!(fnmatch("[a-c]", "b"));
    }

    #[test]
    fn braces_expand_in_order() {
        assert_eq!(expand_braces("a{b,c{d,e}}f"), ["abf", "acdf", "acef"]);
        assert_eq!(expand_braces("a{b"), ["a{b"]);
        assert_eq!(expand_braces("{x,y}/{1,2}"), ["x/1", "x/2", "y/1", "y/2"]);
    }

    /// A tree of paths (folders end with `/`).
    struct Mem(Vec<&'static str>);

    impl Tree for Mem {
        fn kind(&mut self, path: &str) -> Option<Kind> {
            let p = path.trim_end_matches('/');
            if p.is_empty()
                || self
                    .0
                    .iter()
                    .any(|e| e.trim_end_matches('/') == p && e.ends_with('/'))
            {
                Some(Kind::Folder)
            } else if self.0.contains(&p) {
                Some(Kind::File)
            } else {
                Some(Kind::Missing)
            }
        }

        fn list(&mut self, path: &str) -> Option<Vec<Entry>> {
            let prefix = format!("{}/", path.trim_end_matches('/'));
            Some(
                self.0
                    .iter()
                    .filter_map(|e| {
                        let rest = e.strip_prefix(&prefix).filter(|r| !r.is_empty())?;
                        let (name, dir) = match rest.split_once('/') {
                            Some((n, "")) => (n, true),
                            Some(_) => return None,
                            None => (rest, false),
                        };
                        Some(Entry {
                            name: name.to_string(),
                            kind: Some(if dir { Kind::Folder } else { Kind::File }),
                            link: false,
                        })
                    })
                    .collect(),
            )
        }
    }

    #[test]
    fn globs_in_rubys_order() {
        let mut t = Mem(vec![
            "/t/",
            "/t/a.rb",
            "/t/b/",
            "/t/b/c.rb",
            "/t/b/d/",
            "/t/b/d/e.rb",
            "/t/b.rb",
            "/t/.h/",
            "/t/.h/x.rb",
        ]);
        let g = |t: &mut Mem, p: &str| glob(t, p, Some("/t")).unwrap();
        assert_eq!(g(&mut t, "**/*.rb"), ["a.rb", "b/c.rb", "b/d/e.rb", "b.rb"]);
        assert_eq!(g(&mut t, "**/"), ["/", "b/", "b/d/"]);
        assert_eq!(g(&mut t, "*"), ["a.rb", "b", "b.rb"]);
        assert_eq!(g(&mut t, ".*"), [".", ".h"]);
        assert_eq!(g(&mut t, "**/**/e.rb"), ["b/d/e.rb"]);
        assert_eq!(g(&mut t, "b/**/"), ["b/", "b/d/"]);
        assert_eq!(g(&mut t, "/t/b/*"), ["/t/b/c.rb", "/t/b/d"]);
        assert_eq!(g(&mut t, "{b,b}/c.rb"), ["b/c.rb", "b/c.rb"]);
        assert_eq!(glob(&mut t, "*", None), None);
    }
}
