//! Psych's `to_yaml` (`YAML.dump`) as Ruby 3.1's Psych writes it with libyaml's emitter:
//! block mappings and sequences (empty ones as `{}` and `[]`), and scalars in the style Psych
//! asks for and the emitter allows (plain, single- or double-quoted, literal), folded at spaces
//! past column 80 as the emitter folds them; a collection met twice written with an anchor.
//! Callers give their values through [`Dump`]: the Ruby interpreter's `to_yaml`, and stdlib's
//! `to_yaml()` for Puppet's values.
//!
//! What plint cannot write exactly (a string ending with line breaks kept by `|+`, one that
//! reads as a time or a date, a collection as a key, a key over 128 bytes, a cycle, objects)
//! is an error naming it: the caller makes the value unknown, never a guess.

use std::collections::{HashMap, HashSet};

/// The widest line before the emitter folds a scalar at a space.
const BEST_WIDTH: usize = 80;
/// How far collections nest before plint gives up.
const MAX_DEPTH: usize = 200;
/// Why a document is not written: it would pass the string budget.
pub const TOO_LARGE: &str = "to_yaml: the document passes the string budget";

/// A value as the emitter sees it: a scalar as Psych writes it, or a collection.
pub enum Node<V> {
    Nil,
    Bool(bool),
    /// An integer, by its decimal digits.
    Int(String),
    Float(f64),
    /// A symbol, by its name.
    Sym(String),
    Str(String),
    Seq(Vec<V>),
    /// A mapping's pairs, in order.
    Map(Vec<(V, V)>),
    /// What plint cannot write exactly, and why (`to_yaml of ...`).
    Unwritable(String),
}

/// A value the emitter can write: its [`Node`], and for a collection, its identity (the same
/// object met twice gives the same identity).
pub trait Dump: Sized {
    fn node(&self) -> Node<Self>;
    fn identity(&self) -> usize;
}

/// What to do with a collection met twice.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Shared {
    /// Write it once with an anchor (`&1`), then as an alias (`*1`), as Psych does for the
    /// same Ruby object.
    Anchor,
    /// Refuse to write it: the caller's values do not tell whether the original would be the
    /// same object.
    Refuse,
}

/// The YAML document of `v`, or why plint cannot write it.
pub fn dump<V: Dump>(v: &V, limit: usize, shared: Shared) -> Result<String, String> {
    let mut e = Emitter {
        out: String::from("---"),
        column: 3,
        whitespace: false,
        indention: false,
        limit,
        seen: HashSet::new(),
        anchors: HashMap::new(),
    };
    anchors(v, &mut HashSet::new(), &mut e.anchors, 0)?;
    if shared == Shared::Refuse && !e.anchors.is_empty() {
        return Err("to_yaml of a value that holds the same collection twice".into());
    }
    match collection(v) {
        Some(0) | None => {
            // A scalar or an empty collection follows the marker on its line.
            e.node(v, 0, Ctx::Top, 0)?;
        }
        Some(_) => e.node(v, -1, Ctx::Top, 0)?,
    }
    // The document's end: a line break unless the last scalar ended with one.
    e.indent(0);
    Ok(e.out)
}

/// The number of elements of a collection, `None` for a scalar.
fn collection<V: Dump>(v: &V) -> Option<usize> {
    match v.node() {
        Node::Seq(items) => Some(items.len()),
        Node::Map(pairs) => Some(pairs.len()),
        _ => None,
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Ctx {
    /// The document's node.
    Top,
    /// A mapping's value.
    Value,
    /// A sequence's item.
    Item,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Style {
    Plain,
    Single,
    Double,
    Literal,
}

struct Emitter {
    out: String,
    column: usize,
    /// The last character written is a space or a line break.
    whitespace: bool,
    /// Only indentation written on this line so far.
    indention: bool,
    /// The most bytes the document may have.
    limit: usize,
    /// The anchored collections written so far (one met again is an alias).
    seen: HashSet<usize>,
    /// The collections met more than once, by identity: their anchor's number.
    anchors: HashMap<usize, usize>,
}

/// Numbers the collections met more than once as Psych does: in the order they are met again
/// (Psych does not visit a collection twice).
fn anchors<V: Dump>(
    v: &V,
    visited: &mut HashSet<usize>,
    ids: &mut HashMap<usize, usize>,
    depth: usize,
) -> Result<(), String> {
    if depth > MAX_DEPTH {
        return Err("to_yaml of a value nested this deep".into());
    }
    let children: Vec<V> = match v.node() {
        Node::Seq(items) => items,
        Node::Map(pairs) => pairs.into_iter().flat_map(|(k, x)| [k, x]).collect(),
        _ => return Ok(()),
    };
    let id = v.identity();
    if !visited.insert(id) {
        let next = ids.len() + 1;
        ids.entry(id).or_insert(next);
        return Ok(());
    }
    for c in &children {
        anchors(c, visited, ids, depth + 1)?;
    }
    Ok(())
}

impl Emitter {
    fn put(&mut self, s: &str) {
        self.out.push_str(s);
        self.column += s.chars().count();
    }

    fn newline(&mut self) {
        self.out.push('\n');
        self.column = 0;
    }

    /// libyaml's `write_indent`.
    fn indent(&mut self, indent: usize) {
        if !self.indention || self.column > indent || (self.column == indent && !self.whitespace) {
            self.newline();
        }
        while self.column < indent {
            self.out.push(' ');
            self.column += 1;
        }
        self.whitespace = true;
        self.indention = true;
    }

    /// libyaml's `write_indicator`.
    fn indicator(&mut self, s: &str, need_whitespace: bool, is_indention: bool) {
        if need_whitespace && !self.whitespace {
            self.put(" ");
        }
        self.put(s);
        self.whitespace = false;
        self.indention = self.indention && is_indention;
    }

    /// A node whose parent collection is indented at `parent` (-1 at the top).
    fn node<V: Dump>(
        &mut self,
        v: &V,
        parent: isize,
        ctx: Ctx,
        depth: usize,
    ) -> Result<(), String> {
        if depth > MAX_DEPTH {
            return Err("to_yaml of a value nested this deep".into());
        }
        if self.out.len() > self.limit {
            return Err(TOO_LARGE.into());
        }
        let node = v.node();
        if matches!(node, Node::Seq(_) | Node::Map(_))
            && let Some(&n) = self.anchors.get(&v.identity())
        {
            if !self.seen.insert(v.identity()) {
                self.indicator(&format!("*{n}"), true, false);
                return Ok(());
            }
            self.indicator(&format!("&{n}"), true, false);
        }
        match node {
            Node::Map(pairs) => {
                if pairs.is_empty() {
                    self.indicator("{}", true, false);
                    return Ok(());
                }
                let ind = if parent < 0 { 0 } else { parent as usize + 2 };
                for (k, val) in &pairs {
                    self.indent(ind);
                    self.key(k)?;
                    self.indicator(":", false, false);
                    self.node(val, ind as isize, Ctx::Value, depth + 1)?;
                }
                Ok(())
            }
            Node::Seq(items) => {
                if items.is_empty() {
                    self.indicator("[]", true, false);
                    return Ok(());
                }
                // A sequence in a mapping is not indented (libyaml's indentless sequence).
                let ind = match (parent < 0, ctx) {
                    (true, _) => 0,
                    (false, Ctx::Value) => parent as usize,
                    (false, _) => parent as usize + 2,
                };
                for item in &items {
                    self.indent(ind);
                    self.indicator("-", true, true);
                    self.node(item, ind as isize, Ctx::Item, depth + 1)?;
                }
                Ok(())
            }
            scalar => {
                let (text, style) = scalar_text(scalar)?;
                let ind = if parent < 0 { 2 } else { parent as usize + 2 };
                let _ = ctx;
                self.scalar(&text, style, ind, false)
            }
        }
    }

    fn key<V: Dump>(&mut self, k: &V) -> Result<(), String> {
        let node = k.node();
        if matches!(node, Node::Seq(_) | Node::Map(_)) {
            return Err("to_yaml of a collection as a key".into());
        }
        let nil = matches!(node, Node::Nil);
        let (text, style) = scalar_text(node)?;
        if text.len() > 128 || nil || analyze(&text).multiline {
            return Err("to_yaml of a key written as a complex key".into());
        }
        self.scalar(&text, style, 0, true)
    }

    /// Writes a scalar in the style Psych asked for, as the emitter allows it.
    fn scalar(
        &mut self,
        text: &str,
        wanted: Style,
        indent: usize,
        simple_key: bool,
    ) -> Result<(), String> {
        let a = analyze(text);
        let mut style = wanted;
        if simple_key && a.multiline {
            style = Style::Double;
        }
        if style == Style::Plain && (!a.block_plain_allowed || (text.is_empty() && simple_key)) {
            style = Style::Single;
        }
        if style == Style::Single && !a.single_quoted_allowed {
            style = Style::Double;
        }
        if style == Style::Literal && (!a.block_allowed || simple_key) {
            style = Style::Double;
        }
        if a.multiline && matches!(style, Style::Plain | Style::Single) {
            return Err("to_yaml of a string ending with a line break".into());
        }
        let allow_breaks = !simple_key;
        match style {
            Style::Plain => {
                if !self.whitespace && !text.is_empty() {
                    self.put(" ");
                }
                self.folded(text, indent, allow_breaks, Style::Plain);
                self.whitespace = false;
                self.indention = false;
            }
            Style::Single => {
                self.indicator("'", true, false);
                self.folded(text, indent, allow_breaks, Style::Single);
                self.indicator("'", false, false);
            }
            Style::Double => {
                self.indicator("\"", true, false);
                self.folded(text, indent, allow_breaks, Style::Double);
                self.indicator("\"", false, false);
            }
            Style::Literal => self.literal(text, indent)?,
        }
        Ok(())
    }

    /// The text of a plain or quoted scalar, folded at spaces past the best width.
    fn folded(&mut self, text: &str, indent: usize, allow_breaks: bool, style: Style) {
        let chars: Vec<char> = text.chars().collect();
        let mut spaces = false;
        for (i, &c) in chars.iter().enumerate() {
            let next_space = chars.get(i + 1) == Some(&' ');
            if style == Style::Double && needs_escape(c) {
                self.put(&escape(c));
                spaces = false;
                continue;
            }
            if c == ' ' {
                let fold = allow_breaks
                    && !spaces
                    && self.column > BEST_WIDTH
                    && match style {
                        Style::Plain => !next_space,
                        Style::Single => i != 0 && i + 1 != chars.len() && !next_space,
                        _ => i != 0 && i + 1 != chars.len(),
                    };
                if fold {
                    self.indent(indent);
                    if style == Style::Double && next_space {
                        self.put("\\");
                    }
                } else {
                    self.put(" ");
                }
                spaces = true;
                continue;
            }
            if style == Style::Single && c == '\'' {
                self.put("''");
            } else {
                let mut b = [0u8; 4];
                self.put(c.encode_utf8(&mut b));
            }
            spaces = false;
            self.indention = false;
        }
        self.whitespace = false;
        self.indention = false;
    }

    /// A literal block scalar (`|`, `|-`, with an indentation hint when it starts with a
    /// space or a line break).
    fn literal(&mut self, text: &str, indent: usize) -> Result<(), String> {
        let chars: Vec<char> = text.chars().collect();
        let mut hint = String::from("|");
        if matches!(chars.first(), Some(c) if *c == ' ' || is_break(*c)) {
            hint.push('2');
        }
        match chars.last() {
            Some(c) if is_break(*c) => {
                if chars.len() == 1 || is_break(chars[chars.len() - 2]) {
                    return Err("to_yaml of a string ending with line breaks".into());
                }
            }
            _ => hint.push('-'),
        }
        self.indicator(&hint, true, false);
        self.newline();
        self.indention = true;
        self.whitespace = true;
        let mut breaks = true;
        for &c in &chars {
            if is_break(c) {
                if c != '\n' {
                    return Err("to_yaml of a string with a line break other than \\n".into());
                }
                self.newline();
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.indent(indent);
                }
                let mut b = [0u8; 4];
                self.put(c.encode_utf8(&mut b));
                self.indention = false;
                breaks = false;
            }
        }
        self.whitespace = true;
        Ok(())
    }
}

fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// libyaml's printable characters (with unicode output, as Psych sets it).
fn printable(c: char) -> bool {
    let u = c as u32;
    u == 0x0a
        || (0x20..=0x7e).contains(&u)
        || (0xa0..=0xd7ff).contains(&u)
        || ((0xe000..=0xfffd).contains(&u) && u != 0xfeff)
}

fn needs_escape(c: char) -> bool {
    !printable(c) || is_break(c) || c == '"' || c == '\\'
}

/// A character escaped in a double-quoted scalar.
fn escape(c: char) -> String {
    let e = match c {
        '\0' => "0",
        '\x07' => "a",
        '\x08' => "b",
        '\t' => "t",
        '\n' => "n",
        '\x0b' => "v",
        '\x0c' => "f",
        '\r' => "r",
        '\x1b' => "e",
        '"' => "\"",
        '\\' => "\\",
        '\u{85}' => "N",
        '\u{a0}' => "_",
        '\u{2028}' => "L",
        '\u{2029}' => "P",
        _ => {
            let u = c as u32;
            return if u <= 0xff {
                format!("\\x{u:02X}")
            } else if u <= 0xffff {
                format!("\\u{u:04X}")
            } else {
                format!("\\U{u:08X}")
            };
        }
    };
    format!("\\{e}")
}

/// What libyaml's analysis of a scalar allows (block context).
struct Analysis {
    multiline: bool,
    block_plain_allowed: bool,
    single_quoted_allowed: bool,
    block_allowed: bool,
}

fn analyze(text: &str) -> Analysis {
    let chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return Analysis {
            multiline: false,
            block_plain_allowed: true,
            single_quoted_allowed: true,
            block_allowed: false,
        };
    }
    let blankz = |i: usize| match chars.get(i) {
        None => true,
        Some(&c) => c == ' ' || c == '\t' || is_break(c),
    };
    let mut block_indicators = text.starts_with("---") || text.starts_with("...");
    let (mut special, mut line_breaks) = (false, false);
    let (mut leading_space, mut leading_break, mut trailing_space, mut trailing_break) =
        (false, false, false, false);
    let (mut break_space, mut space_break) = (false, false);
    let (mut previous_space, mut previous_break) = (false, false);
    let mut preceded_by_whitespace = true;
    let mut followed_by_whitespace = blankz(1);
    let n = chars.len();
    for (i, &c) in chars.iter().enumerate() {
        if i == 0 {
            if "#,[]{}&*!|>'\"%@`".contains(c) {
                block_indicators = true;
            }
            if (c == '?' || c == ':') && followed_by_whitespace {
                block_indicators = true;
            }
            if c == '-' && followed_by_whitespace {
                block_indicators = true;
            }
        } else {
            if c == ':' && followed_by_whitespace {
                block_indicators = true;
            }
            if c == '#' && preceded_by_whitespace {
                block_indicators = true;
            }
        }
        if !printable(c) {
            special = true;
        }
        if is_break(c) {
            line_breaks = true;
        }
        if c == ' ' {
            if i == 0 {
                leading_space = true;
            }
            if i + 1 == n {
                trailing_space = true;
            }
            if previous_break {
                break_space = true;
            }
            previous_space = true;
            previous_break = false;
        } else if is_break(c) {
            if i == 0 {
                leading_break = true;
            }
            if i + 1 == n {
                trailing_break = true;
            }
            if previous_space {
                space_break = true;
            }
            previous_space = false;
            previous_break = true;
        } else {
            previous_space = false;
            previous_break = false;
        }
        preceded_by_whitespace = blankz(i);
        if i + 1 < n {
            followed_by_whitespace = blankz(i + 2);
        }
    }
    let mut a = Analysis {
        multiline: line_breaks,
        block_plain_allowed: true,
        single_quoted_allowed: true,
        block_allowed: true,
    };
    if leading_space || leading_break || trailing_space || trailing_break {
        a.block_plain_allowed = false;
    }
    if trailing_space {
        a.block_allowed = false;
    }
    if break_space {
        a.block_plain_allowed = false;
        a.single_quoted_allowed = false;
    }
    if space_break || special {
        a.block_plain_allowed = false;
        a.single_quoted_allowed = false;
        a.block_allowed = false;
    }
    if line_breaks || block_indicators {
        a.block_plain_allowed = false;
    }
    a
}

/// A scalar's text and the style Psych asks for.
fn scalar_text<V>(node: Node<V>) -> Result<(String, Style), String> {
    Ok(match node {
        Node::Nil => (String::new(), Style::Plain),
        Node::Bool(b) => (b.to_string(), Style::Plain),
        Node::Int(digits) => (digits, Style::Plain),
        Node::Float(f) if f.is_nan() => (".nan".into(), Style::Plain),
        Node::Float(f) if f.is_infinite() => {
            let t = if f > 0.0 { ".inf" } else { "-.inf" };
            (t.into(), Style::Plain)
        }
        Node::Float(f) => (super::float::to_s(f), Style::Plain),
        Node::Sym(s) if !s.is_empty() => (format!(":{s}"), Style::Plain),
        Node::Sym(_) => return Err("to_yaml of an empty Symbol".into()),
        Node::Str(t) => {
            let style = string_style(&t)?;
            (t, style)
        }
        Node::Unwritable(why) => return Err(why),
        Node::Seq(_) | Node::Map(_) => return Err("to_yaml of a collection here".into()),
    })
}

fn is_word(c: char) -> Option<bool> {
    if c.is_ascii() {
        Some(c.is_ascii_alphanumeric() || c == '_')
    } else if c.is_alphabetic() {
        Some(true)
    } else {
        None
    }
}

/// The style Psych's `visit_String` asks for.
fn string_style(s: &str) -> Result<Style, String> {
    // `/\n(?!\Z)/`: a line break before the end (or the last line break).
    let b = s.as_bytes();
    let inner_break = b.iter().enumerate().any(|(i, &c)| {
        c == b'\n' && !(i + 1 == b.len() || (i + 2 == b.len() && b[i + 1] == b'\n'))
    });
    if inner_break {
        return Ok(Style::Literal);
    }
    if s.chars().any(is_break) {
        return Err("to_yaml of a string ending with a line break".into());
    }
    if s == "<<" {
        return Err("to_yaml of '<<'".into());
    }
    if s == "y" || s == "n" {
        return Ok(Style::Double);
    }
    if let Some(c) = s.chars().next() {
        match is_word(c) {
            None => return Err("to_yaml of a string starting with this character".into()),
            Some(false) if !s[c.len_utf8()..].contains('"') => return Ok(Style::Double),
            _ => {}
        }
    }
    let leading_octal_89 = s.starts_with('0')
        && s[1..]
            .chars()
            .find(|c| !('0'..='7').contains(c))
            .is_some_and(|c| c == '8' || c == '9');
    if !tokenizes_as_string(s)? || leading_octal_89 {
        return Ok(Style::Single);
    }
    Ok(Style::Plain)
}

/// Does Psych's scalar scanner read `s` (one line, not empty) back as this String?
fn tokenizes_as_string(s: &str) -> Result<bool, String> {
    if s.is_empty() {
        return Ok(false);
    }
    let chars: Vec<char> = s.chars().collect();
    let in_class = |c: char| {
        c.is_alphabetic()
            || c == '_'
            || c.is_ascii_whitespace()
            || "!@#$%^&*(){}<>|/\\~;=".contains(c)
    };
    let word_like = in_class(chars[0])
        || (!chars[0].is_ascii_digit()
            && !".:-".contains(chars[0])
            && chars.get(1).is_some_and(|&c| in_class(c)));
    if word_like {
        if chars.len() > 5 {
            return Ok(true);
        }
        if !"ytonf~YTONF".contains(chars[0]) {
            return Ok(true);
        }
        let l = s.to_ascii_lowercase();
        return Ok(!matches!(
            l.as_str(),
            "~" | "null" | "yes" | "true" | "on" | "no" | "false" | "off"
        ));
    }
    let digits = |t: &str| !t.is_empty() && t.chars().all(|c| c.is_ascii_digit());
    // Times and dates: plint does not decide these.
    let b = s.as_bytes();
    if b.len() >= 8 && b[..4].iter().all(u8::is_ascii_digit) && b[4] == b'-'
        || s.starts_with('-') && b.len() >= 9 && b[1..5].iter().all(u8::is_ascii_digit)
    {
        return Err("to_yaml of a string that may read as a date".into());
    }
    let l = s.to_ascii_lowercase();
    if matches!(l.as_str(), ".inf" | "+.inf" | "-.inf" | ".nan") {
        return Ok(false);
    }
    if s.starts_with(':') && s.len() > 1 {
        return Ok(false);
    }
    let unsigned = s.strip_prefix(['-', '+']).unwrap_or(s);
    // Base 60 (`1:30`, `1:30.5`).
    if unsigned.contains(':') {
        let (head, frac) = match unsigned.split_once('.') {
            Some((h, f)) => (h, Some(f)),
            None => (unsigned, None),
        };
        let parts: Vec<&str> = head.split(':').collect();
        let first_ok = parts[0].starts_with(|c: char| c.is_ascii_digit())
            && parts[0].chars().all(|c| c.is_ascii_digit() || c == '_');
        let rest_ok = (2..=3).contains(&parts.len())
            && parts[1..]
                .iter()
                .all(|p| digits(p) && p.len() <= 2 && (p.len() == 1 || p.as_bytes()[0] <= b'5'));
        let frac_ok = frac.is_none_or(|f| f.chars().all(|c| c.is_ascii_digit() || c == '_'));
        if first_ok && rest_ok && frac_ok {
            return Ok(false);
        }
    }
    // Floats: [-+]?([0-9][0-9_,]*)?\.[0-9]*([eE][-+][0-9]+)?
    if let Some((int, rest)) = unsigned.split_once('.') {
        let int_ok = int.is_empty()
            || (int.starts_with(|c: char| c.is_ascii_digit())
                && int
                    .chars()
                    .all(|c| c.is_ascii_digit() || c == '_' || c == ','));
        let (frac, exp) = match rest.find(['e', 'E']) {
            Some(i) => (&rest[..i], Some(&rest[i + 1..])),
            None => (rest, None),
        };
        let frac_ok = frac.chars().all(|c| c.is_ascii_digit());
        let exp_ok = exp.is_none_or(|e| {
            e.len() >= 2 && (e.starts_with('-') || e.starts_with('+')) && digits(&e[1..])
        });
        if int_ok && frac_ok && exp_ok {
            if int.is_empty() && frac.is_empty() && exp.is_none() {
                return Ok(true);
            }
            if s.contains([',', '_']) {
                return Err("to_yaml of a string that may read as a number".into());
            }
            return Ok(false);
        }
    }
    // Integers: binary, octal, decimal, hexadecimal.
    let int = if let Some(r) = unsigned.strip_prefix("0b") {
        !r.is_empty() && r.chars().all(|c| "01_,".contains(c))
    } else if let Some(r) = unsigned.strip_prefix("0x") {
        !r.is_empty()
            && r.chars()
                .all(|c| c.is_ascii_hexdigit() || c == '_' || c == ',')
    } else if unsigned.len() > 1 && unsigned.starts_with('0') {
        unsigned[1..].chars().all(|c| "01234567_,".contains(c))
    } else {
        decimal(unsigned)
    };
    if int {
        if s.contains([',', '_']) {
            return Err("to_yaml of a string that may read as a number".into());
        }
        return Ok(false);
    }
    Ok(true)
}

/// `0|[1-9](?:[0-9]|,[0-9]|_[0-9])*`
fn decimal(s: &str) -> bool {
    let b = s.as_bytes();
    if s == "0" {
        return true;
    }
    if b.is_empty() || !(b'1'..=b'9').contains(&b[0]) {
        return false;
    }
    let mut i = 1;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            i += 1;
        } else if (b[i] == b',' || b[i] == b'_') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
            i += 2;
        } else {
            return false;
        }
    }
    true
}
