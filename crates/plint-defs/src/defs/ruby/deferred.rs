//! Reading a Ruby file when its declarations are first asked for.
//!
//! Check mode needs every Ruby file's names up front (what exists, for unknown names and
//! suggestions) but the signatures and attributes of only the few its manifests use. A file
//! whose one declaration can be read exactly from its text is not parsed when the index is
//! built: [`read`] gives its name, and [`Deferred`] parses it (with [`scan`]) the first time a
//! lookup asks for the definition. Any other file is read at once.
//!
//! Reading exactly, by text, is kept to what cannot differ from Prism's reading: the file
//! names its declaring method once (`create_function`, `newfunction` or `newtype`, by the
//! file's kind); every line before that one is blank, a comment, a `require` of a plain string,
//! or opens (or ends) a `module`/`class` named by a constant (so the call is a statement at top level or
//! in a module body, not in a string, a heredoc, a comment block or a method); the line is
//! `Receiver.method(LITERAL` (or `::method`, or no receiver) with a plain symbol or string
//! literal and nothing before it; and the file says nothing [`scan`] reads otherwise (in a
//! function that names `scope`, an assignment to an index, `setvar` or `[]=`: the variables it
//! may set; `register_type` in a type). A file that names its
//! method nowhere declares nothing, and needs no parse either.

use std::sync::{Arc, OnceLock};

use super::{Defs, Kind, Source, scan};
use crate::defs::model::{FunctionDef, FunctionKind, Origin, ResourceTypeDef};

/// A Ruby file as the index holds it: read, or to be read when first asked for (shared by the
/// indexes built from the same reading, which then parse it once).
#[derive(Debug, Clone)]
pub enum Read {
    Now(Defs),
    Later(Arc<Deferred>),
}

/// Reads `source` now, or only the name it declares when that is exact (see the module
/// documentation).
pub fn read(source: Source) -> Read {
    match declared_by_text(&source) {
        Some(None) => Read::Now(Defs::default()),
        Some(Some((name, line))) => Read::Later(Arc::new(Deferred {
            source,
            name,
            line,
            defs: OnceLock::new(),
        })),
        None => Read::Now(scan(&source)),
    }
}

/// A file whose one declaration's name is known and whose definition is read on first use.
#[derive(Debug)]
pub struct Deferred {
    source: Source,
    /// The name the declaration gives, as [`scan`] writes it (lower case).
    name: String,
    /// The 1-based line of the declaration.
    line: u32,
    defs: OnceLock<Defs>,
}

impl Deferred {
    /// The name of the function or resource type the file declares.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What the file declares: a function of this kind, or a resource type.
    pub fn kind(&self) -> Kind {
        self.source.kind
    }

    /// Where the declaration is (the file is not read).
    pub fn origin(&self) -> Origin {
        Origin::Ruby {
            path: self.source.path.clone(),
            line: self.line,
        }
    }

    /// Whether the file has been read.
    pub fn is_read(&self) -> bool {
        self.defs.get().is_some()
    }

    /// The function the file declares (read now if not yet).
    pub fn function(&self) -> &FunctionDef {
        &self.defs().functions[0]
    }

    /// The resource type the file declares (read now if not yet).
    pub fn resource_type(&self) -> &ResourceTypeDef {
        &self.defs().resource_types[0]
    }

    /// The file's definitions, holding its one declaration first: as [`scan`] reads them, or,
    /// should that reading not find the name the text gave, the declaration with nothing known
    /// of it (any call, any attribute), as for a file Prism cannot parse.
    fn defs(&self) -> &Defs {
        self.defs.get_or_init(|| {
            let mut defs = scan(&self.source);
            let origin = || Origin::Ruby {
                path: self.source.path.clone(),
                line: self.line,
            };
            match self.source.kind {
                Kind::Function4x | Kind::Function3x => {
                    if defs.functions.first().is_none_or(|f| f.name != self.name) {
                        defs.functions.insert(
                            0,
                            FunctionDef {
                                name: self.name.clone(),
                                kind: match self.source.kind {
                                    Kind::Function4x => FunctionKind::Ruby4x,
                                    _ => FunctionKind::Ruby3x { rvalue: true },
                                },
                                signatures: Vec::new(),
                                origin: origin(),
                            },
                        );
                    }
                }
                Kind::ResourceType => {
                    if defs
                        .resource_types
                        .first()
                        .is_none_or(|t| t.name != self.name)
                    {
                        defs.resource_types.insert(
                            0,
                            ResourceTypeDef {
                                name: self.name.clone(),
                                attributes: Vec::new(),
                                complete: false,
                                origin: origin(),
                                title_patterns: None,
                            },
                        );
                    }
                }
            }
            defs
        })
    }
}

/// The name the file declares and its line, read from its text: `Some(None)` when it declares nothing,
/// `None` when the text alone cannot say exactly what [`scan`] would read.
fn declared_by_text(source: &Source) -> Option<Option<(String, u32)>> {
    let text = source.text.as_str();
    let has = |word: &str| memchr::memmem::find(text.as_bytes(), word.as_bytes()).is_some();
    let method = match source.kind {
        Kind::Function4x | Kind::Function3x if has("scope") && may_set_variables(text) => {
            return None;
        }
        Kind::ResourceType if has("register_type") => return None,
        Kind::Function4x => "create_function",
        Kind::Function3x => "newfunction",
        Kind::ResourceType => "newtype",
    };
    let mut found = memchr::memmem::find_iter(text.as_bytes(), method.as_bytes());
    let Some(at) = found.next() else {
        return Some(None);
    };
    if found.next().is_some() {
        return None;
    }
    let line_start = text[..at].rfind('\n').map_or(0, |k| k + 1);
    if !text[..line_start].lines().all(plain_line) || !receiver(&text[line_start..at]) {
        return None;
    }
    let name = first_literal(text[at + method.len()..].strip_prefix('(')?)?;
    let name = match source.kind {
        Kind::Function4x => name.trim_start_matches("::").to_ascii_lowercase(),
        Kind::Function3x | Kind::ResourceType => name.to_ascii_lowercase(),
    };
    let line = memchr::memchr_iter(b'\n', &text.as_bytes()[..line_start]).count() as u32 + 1;
    Some(Some((name, line)))
}

/// Whether a function's text may set a variable the way [`scan`] reads (an index assignment,
/// `setvar`, a call of `[]=`): some `]` followed by an assignment (`=`, `||=`, `+=`...).
fn may_set_variables(text: &str) -> bool {
    let b = text.as_bytes();
    memchr::memmem::find(b, b"setvar").is_some()
        || memchr::memmem::find(b, b"[]=").is_some()
        || memchr::memchr_iter(b']', b).any(|at| {
            let rest = text[at + 1..].trim_start_matches([' ', '\t', '\\', '\r', '\n']);
            let op = &rest[..rest
                .find(|c: char| !"+-*/%|&^<>!=~".contains(c))
                .unwrap_or(rest.len())];
            op.contains('=') && !matches!(op, "==" | "===" | "=~" | "=>" | "!=")
        })
}

/// A line that leaves Ruby at top level or in a module or class body: blank, a comment, a
/// `require` of a plain string, an addition to the load path ([`load_path_line`]), `module
/// Name` or `class Name` (`< Name`), or the `end` of one.
fn plain_line(line: &str) -> bool {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') || line == "end" || load_path_line(line) {
        return true;
    }
    if let Some(rest) = line
        .strip_prefix("require_relative")
        .or_else(|| line.strip_prefix("require"))
    {
        let rest = rest.trim_start();
        let (rest, paren) = match rest.strip_prefix('(') {
            Some(r) => (r.trim_start(), true),
            None => (rest, false),
        };
        let Some((_, after)) = plain_string(rest) else {
            return false;
        };
        let after = after.trim_start();
        let after = if paren {
            match after.strip_prefix(')') {
                Some(a) => a.trim_start(),
                None => return false,
            }
        } else {
            after
        };
        return after.is_empty();
    }
    for opener in ["module ", "class "] {
        if let Some(rest) = line.strip_prefix(opener) {
            let (name, parent) = match rest.split_once('<') {
                Some((n, p)) => (n.trim(), Some(p.trim())),
                None => (rest.trim(), None),
            };
            return constant_path(name) && parent.is_none_or(constant_path);
        }
    }
    false
}

/// A statement of one line that changes Ruby's load path, as modules write them before
/// their declaration (`$LOAD_PATH.unshift(File.join(File.dirname(__FILE__), '..', '..'))`,
/// `File.expand_path('../..', File.dirname(__FILE__)).tap { |dir| $LOAD_PATH.unshift(dir)
/// unless $LOAD_PATH.include?(dir) }`): it names `$LOAD_PATH`; its strings are plain and
/// single-quoted; besides them it holds only names, calls, `.`, `,`, blocks in braces with
/// their `|parameters|`, and `unless` after a call's `)` (a modifier); its brackets pair up;
/// and it ends with `)` or `}`. Such a line is a whole statement that opens nothing (no string,
/// heredoc, regexp, comment, block or method goes on past it), so the line after it is at the
/// same level.
fn load_path_line(line: &str) -> bool {
    if !(line.ends_with(')') || line.ends_with('}')) {
        return false;
    }
    let mut rest = line;
    let mut code = String::with_capacity(line.len());
    while let Some(at) = rest.find('\'') {
        let Some((_, after)) = plain_string(&rest[at..]) else {
            return false;
        };
        code.push_str(&rest[..at]);
        code.push_str(" '' ");
        rest = after;
    }
    code.push_str(rest);
    let mut open: Vec<u8> = Vec::new();
    let mut names_load_path = false;
    let mut after_paren = false;
    let mut words = code.as_str();
    while let Some(c) = words.chars().next() {
        if c == '$' {
            let Some(after) = words.strip_prefix("$LOAD_PATH") else {
                return false;
            };
            names_load_path = true;
            after_paren = false;
            words = after;
            continue;
        }
        if c.is_ascii_alphabetic() || c == '_' {
            let len = words
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(words.len());
            let word = &words[..len];
            let opens = matches!(
                word,
                "do" | "begin"
                    | "end"
                    | "def"
                    | "class"
                    | "module"
                    | "if"
                    | "case"
                    | "while"
                    | "until"
                    | "for"
                    | "then"
                    | "BEGIN"
                    | "END"
            );
            if opens || (word == "unless" && !after_paren) {
                return false;
            }
            words = &words[len..];
            // A `?` ends a method's name (`include?`).
            words = words.strip_prefix('?').unwrap_or(words);
            after_paren = false;
            continue;
        }
        match c {
            '(' | '{' => open.push(c as u8),
            ')' | '}' => {
                let want = if c == ')' { b'(' } else { b'{' };
                if open.pop() != Some(want) {
                    return false;
                }
            }
            '\'' | ' ' | '\t' | '.' | ',' | '|' | '0'..='9' => {}
            _ => return false,
        }
        if c != ' ' && c != '\t' {
            after_paren = c == ')';
        }
        words = &words[1..];
    }
    names_load_path && open.is_empty()
}

/// What may stand before the declaring method on its line: spaces, and a receiver made of
/// constants (`Puppet::Functions.`, `Puppet::Parser::Functions::`).
fn receiver(prefix: &str) -> bool {
    let prefix = prefix.trim();
    if prefix.is_empty() {
        return true;
    }
    let Some(path) = prefix
        .strip_suffix('.')
        .or_else(|| prefix.strip_suffix("::"))
    else {
        return false;
    };
    constant_path(path.trim_end())
}

/// `Name`, `Name::Other`, `::Name`.
fn constant_path(s: &str) -> bool {
    let s = s.strip_prefix("::").unwrap_or(s);
    !s.is_empty()
        && s.split("::").all(|part| {
            part.starts_with(|c: char| c.is_ascii_uppercase())
                && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
}

/// The first argument of the call, when it is a plain literal ending the argument: `:name`,
/// `:'a::b'`, `:"a::b"`, `'a::b'`, `"a::b"`, followed by `,` or `)`.
fn first_literal(args: &str) -> Option<&str> {
    let args = args.trim_start_matches([' ', '\t']);
    let (name, rest) = match args.strip_prefix(':') {
        Some(sym) if !sym.starts_with(['\'', '"']) => {
            let len = sym
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(sym.len());
            let name = &sym[..len];
            if !name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
                return None;
            }
            (name, &sym[len..])
        }
        Some(quoted) => plain_string(quoted)?,
        None => plain_string(args)?,
    };
    let rest = rest.trim_start_matches([' ', '\t']);
    rest.starts_with([',', ')']).then_some(name)
}

/// A quoted string at the start of `s` holding only name characters (letters, digits, `_`,
/// `:`, and `/`, `.`, `-` of a required path), and what follows it.
fn plain_string(s: &str) -> Option<(&str, &str)> {
    let quote = s.chars().next().filter(|c| *c == '\'' || *c == '"')?;
    let end = s[1..].find(quote)?;
    let inner = &s[1..1 + end];
    inner
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | ':' | '/' | '.' | '-'))
        .then_some((inner, &s[2 + end..]))
}
