//! Parsing: source text -> concrete tree (tree-sitter) -> owned, typed AST, plus syntax
//! diagnostics. Never fails: a file with syntax errors still yields an AST of whatever could be
//! recovered, and every error becomes a diagnostic (`P001`; `P004` for nesting too deep).
//!
//! Nothing after this module touches tree-sitter: each call parses one file, lowers it and
//! drops the tree.

pub mod ast;
mod errors;
mod kinds;
mod lower;
mod recovery;
pub mod tokens;

use std::cell::RefCell;

use tree_sitter::{Node, Parser, Tree};

use crate::report::Diagnostic;
use crate::report::codes::{INTERNAL_ERROR, SYNTAX_ERROR};

/// The result of parsing one file.
#[derive(Debug)]
pub struct Parsed {
    pub ast: ast::File,
    /// Syntax diagnostics, in source order.
    pub diagnostics: Vec<Diagnostic>,
}

thread_local! {
    /// The worker thread's tree-sitter parser, made on its first file and reused for the next
    /// ones (making one allocates its lexer and stacks). It is a tool, not state of a run: it
    /// keeps nothing from one file to the next ([`parse_tree`] resets its included ranges), so
    /// two runs in one process share it safely.
    static PARSER: RefCell<Option<Parser>> = const { RefCell::new(None) };
}

/// The leading comments of a file: the lines before its first line of code that are blank or
/// hold a `#` comment. Most files start with a licence or documentation header, often a large
/// part of the file: it is left out of the tree-sitter parse (see [`parse_tree`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Header {
    /// Where the first line after them starts (0: no such lines).
    end: usize,
    /// How many lines they are.
    rows: usize,
    /// From the first `#` to the end of the last comment line (before its line break).
    comments: Option<(usize, usize)>,
}

impl Header {
    /// No header: the whole text is parsed (for tests).
    #[cfg(test)]
    const NONE: Header = Header {
        end: 0,
        rows: 0,
        comments: None,
    };
}

/// The leading comment and blank lines of `source` (see [`Header`]). Only whole lines count,
/// each ended by a line break; blanks are spaces and tabs (and a carriage return before the
/// line break). A line with a NUL byte ends the header (the scanner ends a comment there).
fn header(source: &str) -> Header {
    let b = source.as_bytes();
    let mut h = Header {
        end: 0,
        rows: 0,
        comments: None,
    };
    let mut first = None;
    let mut last_end = 0;
    loop {
        let mut i = h.end;
        while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
            i += 1;
        }
        let Some(nl) = memchr::memchr(b'\n', &b[i..]).map(|k| i + k) else {
            break;
        };
        match b[i] {
            b'#' if memchr::memchr(0, &b[i..nl]).is_none() => {
                first.get_or_insert(i);
                last_end = nl;
            }
            b'\n' => {}
            b'\r' if i + 1 == nl => {}
            _ => break,
        }
        h.end = nl + 1;
        h.rows += 1;
    }
    h.comments = first.map(|f| (f, last_end));
    h
}

/// Parses `source` into a concrete tree (with the thread's reusable parser). The leading
/// comments (`header`, when it has any) are left out of the parse: tree-sitter reads only the
/// text after them, as if they were not there (a comment costs the lexer as much per byte as
/// code does); [`parse`] adds them to the file's comments. The parse stops after too many
/// syntax errors ([`recovery`]).
fn parse_tree(source: &str, header: Header) -> Result<Option<Tree>, recovery::TooManyErrors> {
    PARSER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let parser = slot.get_or_insert_with(|| {
            let mut p = Parser::new();
            p.set_language(&kinds::LANGUAGE)
                .expect("the Puppet grammar is compatible with the tree-sitter runtime");
            p
        });
        if header.comments.is_none() {
            return recovery::parse(parser, source);
        }
        let range = tree_sitter::Range {
            start_byte: header.end,
            end_byte: u32::MAX as usize,
            start_point: tree_sitter::Point::new(header.rows, 0),
            end_point: tree_sitter::Point::new(u32::MAX as usize, u32::MAX as usize),
        };
        if parser.set_included_ranges(&[range]).is_err() {
            return Ok(None);
        }
        let tree = recovery::parse(parser, source);
        // Back to the whole text for the next file.
        if parser.set_included_ranges(&[]).is_err() {
            return Ok(None);
        }
        tree
    })
}

/// What one walk over the whole tree collects.
struct Scan<'t> {
    comments: Vec<ast::Comment>,
    heredoc_starts: Vec<Node<'t>>,
    heredoc_bodies: Vec<Node<'t>>,
    /// Outermost ERROR nodes, and MISSING nodes outside of them.
    errors: Vec<Node<'t>>,
    /// The parents of the nodes around them.
    parents: errors::Parents<'t>,
}

impl<'t> Scan<'t> {
    /// What the messages of this scan's errors read: the text `src` it scanned, and the
    /// parents and heredocs it noted.
    fn error_context<'a>(&'a self, src: &'a str) -> errors::ErrorContext<'a, 't> {
        errors::ErrorContext {
            src,
            parents: &self.parents,
            heredoc_starts: &self.heredoc_starts,
            heredoc_bodies: &self.heredoc_bodies,
        }
    }

    fn new() -> Self {
        Scan {
            comments: Vec::new(),
            heredoc_starts: Vec::new(),
            heredoc_bodies: Vec::new(),
            errors: Vec::new(),
            parents: errors::Parents::default(),
        }
    }

    /// Notes the error `node`, whose ancestors are `ancestors` (the root first), with the
    /// parents of the nodes around it (its children's, its own and its ancestors' up to
    /// [`errors::Parents::LEVELS`] levels), which its message may ask for.
    fn error(&mut self, node: Node<'t>, ancestors: &[Node<'t>]) {
        self.errors.push(node);
        let mut cursor = node.walk();
        for child in node.children(&mut cursor) {
            self.parents.note(child, node);
        }
        let mut child = node;
        for &parent in ancestors.iter().rev().take(errors::Parents::LEVELS) {
            if self.parents.has(child) {
                break;
            }
            self.parents.note(child, parent);
            child = parent;
        }
    }
}

/// `name` without its leading `::` (all of them, as `trim_start_matches("::")`, which builds
/// a substring searcher on every call: this is on hot paths).
pub fn trim_colons(name: &str) -> &str {
    let mut name = name;
    while let Some(rest) = name.strip_prefix("::") {
        name = rest;
    }
    name
}

/// `name` in ASCII lower case, borrowed when it is already (most names are).
pub fn lower_case(name: &str) -> std::borrow::Cow<'_, str> {
    if name.bytes().any(|b| b.is_ascii_uppercase()) {
        std::borrow::Cow::Owned(name.to_ascii_lowercase())
    } else {
        std::borrow::Cow::Borrowed(name)
    }
}

/// The kind ids of named `comment` and `unclosed_comment` nodes (a lookup by name searches
/// every kind of the grammar: once per process).
static COMMENT_IDS: std::sync::LazyLock<(u16, u16)> = std::sync::LazyLock::new(|| {
    (
        kinds::LANGUAGE.id_for_node_kind("comment", true),
        kinds::LANGUAGE.id_for_node_kind("unclosed_comment", true),
    )
});

/// Adds the comments of one `comment` node: a block comment, or a run of line comments (the
/// scanner makes line comments separated only by line breaks and blanks one token, which is
/// much cheaper than a token per line); each line comment runs from its `#` to its line's end.
fn push_comments(comments: &mut Vec<ast::Comment>, source: &str, start: usize, end: usize) {
    let bytes = source.as_bytes();
    if bytes.get(start) != Some(&b'#') || end > bytes.len() {
        comments.push(ast::Comment {
            kind: ast::CommentKind::Block,
            span: ast::Span::new(start, end),
        });
        return;
    }
    let mut pos = start;
    loop {
        let line_end = memchr::memchr(b'\n', &bytes[pos..end]).map_or(end, |i| pos + i);
        comments.push(ast::Comment {
            kind: ast::CommentKind::Line,
            span: ast::Span::new(pos, line_end),
        });
        match memchr::memchr(b'#', &bytes[line_end..end]) {
            Some(i) => pos = line_end + i,
            None => return,
        }
    }
}

/// Like [`scan_tree_full`], but descends only into nodes that may hold what it collects:
/// a `#` or `/*` in their byte range (a comment), or an error (`has_error`). Heredocs are
/// rare: a source with `@(` gets the full walk. Comments start at `from` or after (the tree
/// holds none before: see [`parse_tree`]).
fn scan_tree<'t>(tree: &'t Tree, source: &str, from: usize) -> Scan<'t> {
    if memchr::memmem::find(source.as_bytes(), b"@(").is_some() {
        return scan_tree_full(tree, source);
    }
    let bytes = source.as_bytes();
    let mut cands: Vec<usize> = Vec::new();
    for i in memchr::memchr2_iter(b'#', b'/', &bytes[from..]).map(|i| i + from) {
        if bytes[i] == b'#' || bytes.get(i + 1) == Some(&b'*') {
            cands.push(i);
        }
    }
    let mut scan = Scan::new();
    let root = tree.root_node();
    let any_error = root.has_error();
    let (comment_id, unclosed_id) = *COMMENT_IDS;
    if !any_error {
        scan_comments(tree, source, &cands, &mut scan);
        return scan;
    }
    let mut cursor = root.walk();
    let mut in_error: Vec<bool> = Vec::new();
    // The nodes above the cursor's, the root first.
    let mut ancestors: Vec<Node<'t>> = Vec::new();
    let mut error_depth = 0usize;
    let mut next = 0usize;
    loop {
        let node = cursor.node();
        let (start, end) = (node.start_byte(), node.end_byte());
        while next < cands.len() && cands[next] < start {
            next += 1;
        }
        let mut descend = next < cands.len() && cands[next] < end;
        let is_error = node.is_error();
        if any_error && (is_error || node.is_missing()) {
            if error_depth == 0 {
                scan.error(node, &ancestors);
            }
        } else if node.kind_id() == comment_id {
            push_comments(&mut scan.comments, source, start, end);
            descend = false;
        } else if node.kind_id() == unclosed_id {
            scan.errors.push(node);
            descend = false;
        }
        if any_error && node.has_error() {
            descend = true;
        }
        if descend && cursor.goto_first_child() {
            in_error.push(is_error);
            ancestors.push(node);
            if is_error {
                error_depth += 1;
            }
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return scan;
            }
            ancestors.pop();
            if in_error.pop() == Some(true) {
                error_depth -= 1;
            }
        }
    }
}

/// The comments (and unclosed comments) of a tree without errors or heredocs: from each
/// candidate offset `cands` (a `#` or `/*`, in order) the cursor goes straight down to the node
/// that holds it, skipping siblings with `goto_first_child_for_byte` (one call that compares
/// lengths) rather than stepping onto each (a cursor step is one of the costliest tree
/// operations, and most nodes hold no comment).
/// A candidate inside a token (a string) is passed over; the nodes of a comment's candidates
/// are found once.
fn scan_comments<'t>(tree: &'t Tree, source: &str, cands: &[usize], scan: &mut Scan<'t>) {
    let (comment_id, unclosed_id) = *COMMENT_IDS;
    let mut cursor = tree.root_node().walk();
    let mut next = 0usize;
    while let Some(&c) = cands.get(next) {
        // Up to the nearest node that holds `c` (the root holds every comment).
        loop {
            let node = cursor.node();
            if node.start_byte() <= c && c < node.end_byte() {
                break;
            }
            if !cursor.goto_parent() {
                break;
            }
        }
        loop {
            let node = cursor.node();
            let id = node.kind_id();
            if id == comment_id || id == unclosed_id {
                if id == comment_id {
                    push_comments(
                        &mut scan.comments,
                        source,
                        node.start_byte(),
                        node.end_byte(),
                    );
                } else {
                    scan.errors.push(node);
                }
                let end = node.end_byte();
                while cands.get(next).is_some_and(|&k| k < end) {
                    next += 1;
                }
                break;
            }
            if cursor.goto_first_child_for_byte(c).is_none() {
                // Not in any child: inside a token of this node.
                next += 1;
                break;
            }
            if cursor.node().start_byte() > c {
                // Between two children: nothing there.
                cursor.goto_parent();
                next += 1;
                break;
            }
        }
    }
}

fn scan_tree_full<'t>(tree: &'t Tree, source: &str) -> Scan<'t> {
    let mut scan = Scan::new();
    let root = tree.root_node();
    let mut cursor = root.walk();
    // How many ERROR nodes enclose the cursor's node.
    let mut in_error: Vec<bool> = Vec::new();
    // The nodes above the cursor's, the root first.
    let mut ancestors: Vec<Node<'t>> = Vec::new();
    let mut error_depth = 0usize;
    loop {
        let node = cursor.node();
        let is_error = node.is_error();
        if is_error || node.is_missing() {
            if error_depth == 0 {
                scan.error(node, &ancestors);
            }
        } else {
            match node.kind() {
                "comment" => push_comments(
                    &mut scan.comments,
                    source,
                    node.start_byte(),
                    node.end_byte(),
                ),
                "unclosed_comment" => scan.errors.push(node),
                "heredoc" => scan.heredoc_starts.push(node),
                "heredoc_body" => scan.heredoc_bodies.push(node),
                _ => {}
            }
        }
        if cursor.goto_first_child() {
            in_error.push(is_error);
            ancestors.push(node);
            if is_error {
                error_depth += 1;
            }
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return scan;
            }
            ancestors.pop();
            if in_error.pop() == Some(true) {
                error_depth -= 1;
            }
        }
    }
}

/// The syntax errors of `source` completed with `closers`, that lie within `source` and are
/// not already among `known`.
fn errors_with_closers(source: &str, closers: &str, known: &[Diagnostic]) -> Vec<Diagnostic> {
    let patched = format!("{source}\n{closers}");
    let Ok(Some(tree)) = parse_tree(&patched, header(&patched)) else {
        return Vec::new();
    };
    let scan = scan_tree_full(&tree, &patched);
    let ctx = scan.error_context(&patched);
    scan.errors
        .iter()
        .filter(|n| n.end_byte() <= source.len() && n.kind() != "unclosed_comment")
        .map(|&n| ctx.diagnostic(n))
        .filter(|d| d.span.end <= source.len())
        .filter(|d| !known.iter().any(|k| k.span.start == d.span.start))
        .collect()
}

/// A file whose parse stopped after too many syntax errors ([`recovery`]): no AST, the syntax
/// errors before the place where it stopped (from a parse of the text up to there) and one
/// error there.
fn too_many_errors(source: &str, stop: recovery::TooManyErrors) -> Parsed {
    let cut = crate::report::floor_char_boundary(source, stop.at);
    // The text up to where the parse had met half as many errors parses within the limit.
    let half = crate::report::floor_char_boundary(source, stop.half);
    let prefix = &source[..half];
    let mut diagnostics = Vec::new();
    if let Ok(Some(tree)) = parse_tree(prefix, header(prefix)) {
        let scan = scan_tree_full(&tree, prefix);
        let ctx = scan.error_context(prefix);
        // An error at the end of the prefix may come from the cut, not from the text.
        diagnostics.extend(
            scan.errors
                .iter()
                .filter(|n| n.kind() != "unclosed_comment" && n.end_byte() < half)
                .map(|&n| ctx.diagnostic(n))
                .filter(|d| d.span.end < half),
        );
    }
    let end = source[cut..]
        .chars()
        .next()
        .map_or(cut, |c| cut + c.len_utf8());
    diagnostics.push(
        SYNTAX_ERROR
            .diagnostic(
                cut..end,
                "too many syntax errors: plint stopped reading this file here",
            )
            .with_label("not checked from here on")
            .with_help(if diagnostics.is_empty() {
                // The errors before the stop run on to it (their recovery never ended), so none
                // can be told from what the stop cut off.
                "the parser could not recover from the syntax errors above this point: look for \
             the first mistake above it (a missing comma, bracket, brace or quote); each \
             error the parser recovers from costs more in a file with this many, so it stops"
            } else {
                "fix the syntax errors reported before this one; each error the parser recovers \
             from costs more in a file with this many, so it stops instead"
            }),
    );
    diagnostics.sort_by_key(|d| (d.span.start, d.span.end));
    diagnostics.dedup_by(|a, b| a.span == b.span && a.message == b.message);
    Parsed {
        ast: ast::File {
            span: ast::Span::new(0, source.len()),
            statements: Vec::new(),
            comments: Vec::new(),
            syntax_errors: true,
        },
        diagnostics,
    }
}

/// Parses and lowers one file. Safe to call from many threads at once.
pub fn parse(source: &str) -> Parsed {
    parse_with(source, header(source), true)
}

/// [`parse`], lowering with the tree cursor only (never reading children by index), for tests
/// that compare the two ways of reading a node's children.
#[cfg(test)]
pub(crate) fn parse_cursor_only(source: &str) -> Parsed {
    parse_with(source, header(source), false)
}

/// [`parse`], leaving `header` out of the tree-sitter parse; `indexed`: see
/// [`lower::Lowerer::new`].
fn parse_with(source: &str, header: Header, indexed: bool) -> Parsed {
    let tree = match parse_tree(source, header) {
        Ok(tree) => tree,
        Err(stop) => return too_many_errors(source, stop),
    };
    let Some(tree) = tree else {
        let d = INTERNAL_ERROR.diagnostic(0..0, "the parser gave up on this file");
        return Parsed {
            ast: ast::File {
                span: ast::Span::new(0, source.len()),
                statements: Vec::new(),
                comments: Vec::new(),
                syntax_errors: true,
            },
            diagnostics: vec![d],
        };
    };
    let mut scan = scan_tree(&tree, source, header.end);
    if let Some((start, end)) = header.comments {
        // The leading comments come first.
        let mut comments = Vec::with_capacity(scan.comments.len() + 16);
        push_comments(&mut comments, source, start, end);
        comments.append(&mut scan.comments);
        scan.comments = comments;
    }

    let ctx = scan.error_context(source);
    let mut diagnostics: Vec<Diagnostic> = scan
        .errors
        .iter()
        .map(|&n| {
            if n.kind() == "unclosed_comment" {
                SYNTAX_ERROR
                    .diagnostic(
                        n.start_byte()..n.start_byte() + 2,
                        "unterminated `/*` comment",
                    )
                    .with_label("this comment is never closed")
                    .with_help("close the comment with `*/`")
            } else {
                ctx.diagnostic(n)
            }
        })
        .collect();
    // An error that runs to the end of the file because something was never closed hides
    // every error inside it: parse once more with the closers appended, and report what that
    // parse finds within the original text too.
    let closers = scan
        .errors
        .iter()
        .filter(|n| n.is_error())
        .find_map(|&n| ctx.closers_at_eof(n));
    if let Some(closers) = closers {
        diagnostics.extend(errors_with_closers(source, &closers, &diagnostics));
    }

    // tree-sitter skips a byte order mark; Puppet rejects it.
    if source.starts_with('\u{feff}') {
        diagnostics.push(
            SYNTAX_ERROR
                .diagnostic(
                    0..3,
                    "the file starts with a byte order mark (BOM), which Puppet rejects",
                )
                .with_label("U+FEFF")
                .with_help("save the file as UTF-8 without a byte order mark"),
        );
    }
    // A heredoc start whose body never began (the file ends on its line).
    if scan.heredoc_starts.len() > scan.heredoc_bodies.len() {
        for start in &scan.heredoc_starts[scan.heredoc_bodies.len()..] {
            let spec = lower::parse_heredoc_spec(&source[start.byte_range()]);
            diagnostics.push(
                SYNTAX_ERROR
                    .diagnostic(
                        start.byte_range(),
                        format!(
                            "heredoc `{}` has no text: the file ends on its line",
                            spec.tag
                        ),
                    )
                    .with_label("its text would start on the next line")
                    .with_help(format!("add the text and an end line `{}`", spec.tag)),
            );
        }
    }

    let comments = std::mem::take(&mut scan.comments);
    let mut lowerer =
        lower::Lowerer::new(source, std::mem::take(&mut scan.heredoc_bodies), indexed);
    let mut file = lowerer.lower_file(&tree, comments);
    diagnostics.append(&mut lowerer.diagnostics);
    diagnostics.sort_by_key(|d| (d.span.start, d.span.end));
    diagnostics.dedup_by(|a, b| a.span == b.span && a.message == b.message);
    file.syntax_errors = !diagnostics.is_empty();
    Parsed {
        ast: file,
        diagnostics,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The comments (and unclosed comments) the candidate-driven scan finds are those of the
    /// full walk.
    #[test]
    fn comment_scan_matches_the_full_walk() {
        let sources = [
            "",
            "# only\n",
            "  # a\n\n  # b\n$x = 1 # c\n",
            "class a ( $p = '#', # p\n) {\n  file { '/x#y': # t\n    mode => '0644', # m\n  }\n}\n",
            "$s = \"a # b ${x} # c\" # d\n$r = $x =~ /#/ /* e */ # f\n",
            "if $x { # g\n  notice(1) /* h */ }\nelse { # i\n}\n# j",
            "$u = [1, # k\n  2]\n/* never closed # l\n",
            "$a = { 'k' => # m\n 'v' } # n\r\n# o\r\n",
        ];
        for src in sources {
            let h = header(src);
            let tree = parse_tree(src, h).unwrap().unwrap();
            assert!(!tree.root_node().has_error(), "{src:?}");
            let fast = scan_tree(&tree, src, h.end);
            let full = scan_tree_full(&tree, src);
            let spans = |s: &Scan| {
                s.comments
                    .iter()
                    .map(|c| (c.span, c.kind))
                    .collect::<Vec<_>>()
            };
            assert_eq!(spans(&fast), spans(&full), "{src:?}");
            let errs = |s: &Scan| s.errors.iter().map(|n| n.byte_range()).collect::<Vec<_>>();
            assert_eq!(errs(&fast), errs(&full), "{src:?}");
        }
    }

    /// The parents the walks note around errors, and the siblings found through them, are
    /// tree-sitter's, at every level noted.
    #[test]
    fn noted_parents_are_the_trees() {
        let sources = [
            // Deeper than the noted levels, within the bound on error recovery.
            &"$facts['".repeat(100),
            "class a {\n  file { 'x': ensure = present }\n}\n",
            "$x = ) ( } class {",
            "if $a { notice( }\nelse {\n",
            "define d($p) { $q = [1, 2 }\n# c\n@(END)\ntext\n",
        ];
        for src in sources {
            let h = header(src);
            let tree = parse_tree(src, h).unwrap().unwrap();
            for scan in [scan_tree(&tree, src, h.end), scan_tree_full(&tree, src)] {
                assert!(!scan.errors.is_empty(), "{src:?}");
                for &e in &scan.errors {
                    let mut n = e;
                    for _ in 0..errors::Parents::LEVELS + 2 {
                        assert_eq!(scan.parents.of(n), n.parent(), "{src:?}");
                        assert_eq!(scan.parents.prev_sibling(n), n.prev_sibling(), "{src:?}");
                        assert_eq!(scan.parents.next_sibling(n), n.next_sibling(), "{src:?}");
                        assert_eq!(
                            scan.parents.prev_named_sibling(n),
                            n.prev_named_sibling(),
                            "{src:?}"
                        );
                        let Some(p) = n.parent() else { break };
                        n = p;
                    }
                    let mut cursor = e.walk();
                    for c in e.children(&mut cursor) {
                        assert_eq!(scan.parents.of(c), Some(e), "{src:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_header_is_the_leading_comment_and_blank_lines() {
        let h = |src: &str| {
            let h = header(src);
            (h.end, h.rows, h.comments)
        };
        assert_eq!(h(""), (0, 0, None));
        assert_eq!(h("# only, no line break"), (0, 0, None));
        assert_eq!(h("class a {}\n# b\n"), (0, 0, None));
        assert_eq!(h("\n\nclass a {}\n"), (2, 2, None));
        assert_eq!(h("# a\n\n  # b\r\nclass a {}\n"), (12, 3, Some((0, 11))));
        assert_eq!(h("\t# a\n \r\n#\n$x = 1 # c\n"), (10, 3, Some((1, 9))));
        // The last line without a line break stays with the code; so does a NUL byte's line.
        assert_eq!(h("# a\n# b"), (4, 1, Some((0, 3))));
        assert_eq!(h("# a\n# \0\n$x = 1\n"), (4, 1, Some((0, 3))));
        // A carriage return that is not before the line break is not a blank line's.
        assert_eq!(h("# a\n\r \n"), (4, 1, Some((0, 3))));
    }

    /// Leaving the leading comments out of the tree-sitter parse changes nothing in what
    /// [`parse`] gives: the same tree, comments and findings, at the same offsets.
    #[test]
    fn a_parse_without_the_header_gives_what_the_whole_parse_gives() {
        let sources = [
            "# licence\n#\n# doc\n\nclass a ($p = 1) {\n  # inside\n  notice($p)\n}\n",
            "# a\r\n\r\n  # b\r\nclass a {\r\n}\r\n# after\r\n",
            "# a\n  $x = @(END)\n  text # not a comment\n  END\n",
            "# a\nclass a {\n  $x = \n}\n# b\n",
            "# a\nclass a {\n  notice('x'\n",
            "# a\n/* block */ $y = 1\n",
            "# a\n(1)\n",
            "# a\n  # b\n",
            "# a\n# b\n\u{feff}$x = 1\n",
            "# é ü\n$s = \"ä ${x}\"\n$t = 'o' # ö\n",
        ];
        for src in sources {
            let h = header(src);
            let fast = parse_with(src, h, true);
            let whole = parse_with(src, Header::NONE, true);
            assert_eq!(
                format!("{:?}", fast.ast),
                format!("{:?}", whole.ast),
                "{src:?}"
            );
            assert_eq!(
                format!("{:?}", fast.diagnostics),
                format!("{:?}", whole.diagnostics),
                "{src:?}"
            );
        }
    }

    #[test]
    fn trim_colons_is_trim_start_matches() {
        for name in [
            "", "::", "::::", ":a", "::a", "::::a::b", "a::b", ":::a", "a::",
        ] {
            assert_eq!(super::trim_colons(name), name.trim_start_matches("::"));
        }
    }
}
