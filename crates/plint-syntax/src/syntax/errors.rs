//! Syntax diagnostics (`P001`) from the ERROR and MISSING nodes of a tree, with messages a
//! person can act on: what was expected, what closes what, and where it was opened.

use tree_sitter::Node;

use super::kinds::LANGUAGE;
use crate::report::Diagnostic;
use crate::report::codes::SYNTAX_ERROR;

/// A string opened at the start of `span` and never closed.
fn unterminated_string(src: &str, span: std::ops::Range<usize>) -> Diagnostic {
    let message = format!("unterminated string started at {}", at(src, span.start));
    SYNTAX_ERROR
        .diagnostic(span, message)
        .with_label("this string is never closed")
        .with_help("add the closing `\"`")
}

/// `close` expected at `pos` to close `what`, opened by `open` (the caller adds the label).
fn unclosed(src: &str, pos: usize, close: &str, what: &str, open: Node) -> Diagnostic {
    SYNTAX_ERROR
        .diagnostic(
            pos..pos,
            format!(
                "expected `{close}` to close {what} opened at {}",
                at(src, open.start_byte())
            ),
        )
        .with_secondary(open.byte_range(), "opened here")
        .with_help(format!("add the missing `{close}`"))
}

/// 1-based line and column (in characters) of a byte offset, for use inside messages.
pub(crate) fn line_col(src: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(src.len());
    let before = &src.as_bytes()[..offset];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let col = src
        .get(line_start..offset)
        .map_or(offset - line_start, |s| s.chars().count())
        + 1;
    (line, col)
}

fn at(src: &str, offset: usize) -> String {
    let (l, c) = line_col(src, offset);
    format!("{l}:{c}")
}

/// A short, single-line rendering of a token for a message.
fn snippet(text: &str) -> String {
    let first = text.lines().next().unwrap_or("");
    let mut s: String = first.chars().take(24).collect();
    if s.len() < first.len() || text.contains('\n') {
        s.push('…');
    }
    s
}

fn first_leaf(node: Node) -> Node {
    let mut n = node;
    while let Some(c) = n.child(0) {
        n = c;
    }
    n
}

/// The leaf that ends just before `node` (skipping extras), if any.
fn previous_leaf<'t>(parents: &Parents<'t>, node: Node<'t>) -> Option<Node<'t>> {
    let mut n = node;
    // Bounded: above the levels `parents` holds, `Node::parent()` costs the node's depth.
    for _ in 0..64 {
        if let Some(prev) = parents.prev_sibling(n) {
            let mut p = prev;
            while p.child_count() > 0 {
                p = p.child(p.child_count() - 1)?;
            }
            if p.is_extra() {
                n = p;
                continue;
            }
            return Some(p);
        }
        n = parents.of(n)?;
    }
    None
}

/// What a construct is called in messages.
fn describe(kind: &str) -> &'static str {
    match kind {
        "class_definition" => "class",
        "define_definition" => "defined type",
        "node_definition" => "node definition",
        "function_definition" => "function",
        "plan_definition" => "plan",
        "type_definition" => "type definition",
        "if_expression" | "elsif_clause" => "`if` block",
        "else_clause" => "`else` block",
        "unless_expression" => "`unless` block",
        "case_expression" => "`case` expression",
        "case_option" => "`case` option",
        "lambda" => "lambda",
        "apply_expression" => "`apply` block",
        "resource_declaration" => "resource",
        "resource_defaults" => "resource defaults",
        "resource_override" => "resource override",
        "collector" => "collector",
        "selector" => "selector",
        "hash" => "hash",
        "array" => "array",
        "argument_list" => "argument list",
        "parameter_list" => "parameter list",
        "lambda_parameters" => "lambda parameters",
        "access" | "type_access" => "`[]` access",
        "parenthesized_expression" => "parentheses",
        "interpolation" => "interpolation",
        "double_quoted_string" => "string",
        "block" => "block",
        _ => "expression",
    }
}

fn named_kind_description(kind: &str) -> Option<&'static str> {
    Some(match kind {
        "name" => "a name",
        "variable" => "a variable",
        "type_reference" => "a type name such as `String`",
        "block" => "a `{ ... }` block",
        "heredoc_end" => "the heredoc's end tag",
        "single_quoted_string" | "double_quoted_string" => "a string",
        "number" => "a number",
        _ => return None,
    })
}

/// The opening token for a closing one.
fn opener(close: &str) -> Option<&'static str> {
    Some(match close {
        "}" => "{",
        ")" => "(",
        "]" => "[",
        "|>" => "<|",
        "|>>" => "<<|",
        "|" => "|",
        _ => return None,
    })
}

/// The parents of the nodes around a tree's errors, noted by the walk that found them:
/// tree-sitter's `Node::parent()` walks down from the root, so asking it of each of many
/// errors deep in a tree costs their number times the depth.
#[derive(Default)]
pub(crate) struct Parents<'t> {
    of: std::collections::HashMap<usize, Node<'t>>,
}

impl<'t> Parents<'t> {
    /// How many levels above an error (and its children) are noted.
    pub const LEVELS: usize = 64;

    /// Notes that `parent` is the parent of `node`.
    pub fn note(&mut self, node: Node<'t>, parent: Node<'t>) {
        self.of.insert(node.id(), parent);
    }

    /// Whether the parent of `node` is noted.
    pub fn has(&self, node: Node<'t>) -> bool {
        self.of.contains_key(&node.id())
    }

    /// The parent of `node`: the noted one, else tree-sitter's.
    pub fn of(&self, node: Node<'t>) -> Option<Node<'t>> {
        match self.of.get(&node.id()) {
            Some(p) => Some(*p),
            None => node.parent(),
        }
    }

    /// The children of `node`'s parent, and `node`'s place among them (tree-sitter finds a
    /// sibling through the parent too, walking down from the root to it).
    fn siblings(&self, node: Node<'t>) -> Option<(Vec<Node<'t>>, usize)> {
        let parent = self.of(node)?;
        let mut cursor = parent.walk();
        let children: Vec<Node<'t>> = parent.children(&mut cursor).collect();
        let at = children.iter().position(|c| c.id() == node.id())?;
        Some((children, at))
    }

    /// `node.prev_sibling()`, through the noted parent.
    pub fn prev_sibling(&self, node: Node<'t>) -> Option<Node<'t>> {
        let (children, at) = self.siblings(node)?;
        at.checked_sub(1).map(|i| children[i])
    }

    /// `node.next_sibling()`, through the noted parent.
    pub fn next_sibling(&self, node: Node<'t>) -> Option<Node<'t>> {
        let (children, at) = self.siblings(node)?;
        children.get(at + 1).copied()
    }

    /// `node.prev_named_sibling()`, through the noted parent.
    pub fn prev_named_sibling(&self, node: Node<'t>) -> Option<Node<'t>> {
        let (children, at) = self.siblings(node)?;
        children[..at].iter().rev().find(|c| c.is_named()).copied()
    }
}

pub(crate) struct ErrorContext<'a, 't> {
    pub src: &'a str,
    pub parents: &'a Parents<'t>,
    /// Heredoc starts and bodies, in document order (the n-th body belongs to the n-th start).
    pub heredoc_starts: &'a [Node<'t>],
    pub heredoc_bodies: &'a [Node<'t>],
}

impl ErrorContext<'_, '_> {
    /// The diagnostic of an error node or a missing one (see [`ErrorContext::missing`] and
    /// [`ErrorContext::error`]).
    pub fn diagnostic(&self, node: Node) -> Diagnostic {
        if node.is_missing() {
            self.missing(node)
        } else {
            self.error(node)
        }
    }

    pub fn missing(&self, node: Node) -> Diagnostic {
        let src = self.src;
        let kind = node.kind();
        let pos = node.start_byte();
        let parent = self.parents.of(node);

        if kind == "heredoc_end" {
            let body = parent.filter(|p| p.kind() == "heredoc_body");
            let index = body.and_then(|b| self.heredoc_bodies.iter().position(|x| *x == b));
            if let Some(start) = index.and_then(|i| self.heredoc_starts.get(i)) {
                let spec = super::lower::parse_heredoc_spec(&src[start.byte_range()]);
                return SYNTAX_ERROR.diagnostic(start.byte_range(),
                    format!(
                        "unterminated heredoc `{}` started at {}",
                        spec.tag,
                        at(src, start.start_byte())
                    ),
                )
                .with_label("no line ends this heredoc")
                .with_help(format!(
                    "end the text with a line holding only `{}` (optionally `|` and `-` before it)",
                    spec.tag
                ));
            }
        }

        if kind == "\""
            && let Some(p) = parent.filter(|p| p.kind() == "double_quoted_string")
        {
            {
                let start = p.start_byte();
                return unterminated_string(src, start..start + 1);
            }
        }

        if let (Some(open), Some(p)) = (opener(kind), parent) {
            let mut cursor = p.walk();
            let open_node = p
                .children(&mut cursor)
                .filter(|c| c.kind() == open && c.start_byte() <= pos && !c.is_missing())
                .last();
            if let Some(o) = open_node {
                let what = match p.kind() {
                    "block" => self
                        .parents
                        .of(p)
                        .map(|g| describe(g.kind()))
                        .map(|d| format!("the body of the {d}"))
                        .unwrap_or_else(|| "the block".to_string()),
                    k => format!("the {}", describe(k)),
                };
                return unclosed(src, pos, kind, &what, o)
                    .with_label(format!("expected `{kind}` here"));
            }
        }

        let expected = if node.is_named() {
            named_kind_description(kind)
                .map(str::to_string)
                .unwrap_or_else(|| format!("`{kind}`"))
        } else {
            format!("`{kind}`")
        };
        let context = parent
            .map(|p| format!(" in this {}", describe(p.kind())))
            .unwrap_or_default();
        let mut d = SYNTAX_ERROR
            .diagnostic(pos..pos, format!("expected {expected}{context}"))
            .with_label(format!("expected {expected} here"));
        d = match kind {
            "," => d.with_help("separate the items with a comma"),
            "=>" => d.with_help("write `name => value`"),
            ":" => d.with_help("a resource title is followed by `:` and then its attributes"),
            _ => d.with_help(format!("insert {expected}")),
        };
        d
    }

    pub fn error(&self, node: Node) -> Diagnostic {
        let src = self.src;
        let leaf = first_leaf(node);
        let leaf_text = &src[leaf.byte_range()];
        let leaf_range = if leaf.byte_range().is_empty() {
            node.byte_range()
        } else {
            leaf.byte_range()
        };
        let context = self
            .parents
            .of(node)
            .map(|p| describe(p.kind()))
            .unwrap_or("expression");

        // An error that runs to the end of the file: something opened was never closed.
        if let Some(d) = self.unclosed_at_eof(node) {
            return d;
        }

        // `=` written where an attribute needs `=>`.
        if let Some(eq) = self.assignment_in_attributes(node) {
            return SYNTAX_ERROR
                .diagnostic(
                    eq.byte_range(),
                    "`=` is not an attribute operator, use `=>`",
                )
                .with_label("expected `=>`")
                .with_help("resource attributes are written `name => value`");
        }

        // Two attributes without a comma between them.
        if let Some(next) = self.missing_comma(node) {
            return SYNTAX_ERROR
                .diagnostic(
                    next.start_byte()..next.start_byte(),
                    "expected `,` between attributes",
                )
                .with_label("expected `,` before this attribute")
                .with_help("separate attributes with commas: `a => 1, b => 2`");
        }

        if leaf_text.is_empty() || node.end_byte() >= src.len() && leaf.start_byte() >= src.len() {
            return SYNTAX_ERROR
                .diagnostic(node.byte_range(), "unexpected end of file")
                .with_label("the file ends here")
                .with_help("complete or remove the unfinished statement");
        }

        let mut message = format!("unexpected `{}`", snippet(leaf_text));
        if context != "expression" {
            message.push_str(&format!(" in this {context}"));
        }
        let mut d = SYNTAX_ERROR
            .diagnostic(leaf_range, message)
            .with_label("unexpected here");
        if let Some(expected) = self.expected_tokens(node) {
            d = d.with_help(format!("expected {expected}"));
        } else {
            d = d.with_help("check the syntax around this point; remove or complete the text");
        }
        d
    }

    /// For an ERROR reaching the end of the file: the text that would close everything its
    /// tokens leave open (`"`, `}`, `)`, `]`, innermost first), if anything is left open.
    pub fn closers_at_eof(&self, node: Node) -> Option<String> {
        if !self.src[node.end_byte()..].trim().is_empty() {
            return None;
        }
        let mut cursor = node.walk();
        let children: Vec<Node> = node.children(&mut cursor).collect();
        let mut closers = String::new();
        if children.iter().filter(|c| c.kind() == "\"").count() % 2 == 1 {
            closers.push('"');
        }
        let mut stack: Vec<char> = Vec::new();
        for c in &children {
            match c.kind() {
                "{" => stack.push('}'),
                "(" => stack.push(')'),
                "[" => stack.push(']'),
                "}" | ")" | "]" => {
                    stack.pop();
                }
                _ => {}
            }
        }
        closers.extend(stack.iter().rev());
        (!closers.is_empty()).then_some(closers)
    }

    /// For an ERROR reaching the end of the file: the innermost `"`, `{`, `(` or `[` among its
    /// tokens that is never closed.
    fn unclosed_at_eof(&self, node: Node) -> Option<Diagnostic> {
        let src = self.src;
        if !src[node.end_byte()..].trim().is_empty() {
            return None;
        }
        let mut cursor = node.walk();
        let children: Vec<Node> = node.children(&mut cursor).collect();
        // An odd `"`: the last one opens a string that never ends.
        let quotes: Vec<&Node> = children.iter().filter(|c| c.kind() == "\"").collect();
        if quotes.len() % 2 == 1 {
            let q = quotes[quotes.len() - 1];
            return Some(unterminated_string(src, q.byte_range()));
        }
        let mut stack: Vec<(usize, Node)> = Vec::new();
        for (i, c) in children.iter().enumerate() {
            match c.kind() {
                "{" | "(" | "[" => stack.push((i, *c)),
                "}" | ")" | "]" => {
                    stack.pop();
                }
                _ => {}
            }
        }
        let (i, open) = stack.pop()?;
        let close = match open.kind() {
            "{" => "}",
            "(" => ")",
            _ => "]",
        };
        // Name the construct from the tokens before the `{`: `class foo {`, `if $x {`, ...
        let what = children[..i]
            .iter()
            .rev()
            .take(4)
            .find_map(|c| match c.kind() {
                "class" => Some("the body of the class"),
                "define" => Some("the body of the defined type"),
                "node" => Some("the body of the node definition"),
                "function" => Some("the body of the function"),
                "if" | "elsif" | "else" | "unless" => Some("the block"),
                "case" => Some("the `case` expression"),
                _ => None,
            })
            .unwrap_or(match close {
                "}" => "the braces",
                ")" => "the parentheses",
                _ => "the brackets",
            });
        let end = src.trim_end().len();
        Some(
            unclosed(src, end, close, what, open)
                .with_label(format!("the file ends without `{close}`")),
        )
    }

    /// An ERROR inside a resource body (or next to attributes) holding `name =`.
    fn assignment_in_attributes<'t>(&self, node: Node<'t>) -> Option<Node<'t>> {
        let in_resource = {
            let mut p = self.parents.of(node);
            let mut found = false;
            let mut steps = 0;
            while let Some(n) = p {
                steps += 1;
                if steps > 6 {
                    break;
                }
                if matches!(
                    n.kind(),
                    "resource_body"
                        | "resource_declaration"
                        | "resource_defaults"
                        | "resource_override"
                        | "collector"
                ) {
                    found = true;
                    break;
                }
                if matches!(n.kind(), "block" | "source_file") {
                    break;
                }
                p = self.parents.of(n);
            }
            found
        };
        let mut cursor = node.walk();
        let children: Vec<Node<'t>> = node.children(&mut cursor).collect();
        for (i, c) in children.iter().enumerate() {
            if c.kind() == "=" && i > 0 {
                let before = children[i - 1];
                let attr_like = matches!(before.kind(), "name" | "attribute" | "ensure");
                if attr_like && (in_resource || has_resource_ancestor_text(self.parents, before)) {
                    return Some(*c);
                }
            }
            if c.kind() == "assignment" {
                // `ensure = present` may have been parsed as an assignment inside the error.
                if in_resource
                    && let Some(op) = c.child_by_field_name("operator")
                    && op.kind() == "="
                {
                    return Some(op);
                }
            }
        }
        None
    }

    /// An ERROR after an attribute that starts with `name =>`: a missing comma.
    fn missing_comma<'t>(&self, node: Node<'t>) -> Option<Node<'t>> {
        let prev = self.parents.prev_named_sibling(node)?;
        if prev.kind() != "attribute" && prev.kind() != "attribute_splat" {
            // Recovery may also wrap the previous attribute's value into the error.
            let first = node.named_child(0)?;
            if first.kind() != "name" {
                return None;
            }
        }
        let mut cursor = node.walk();
        let children: Vec<Node<'t>> = node.children(&mut cursor).collect();
        for w in children.windows(2) {
            if w[0].kind() == "name" && matches!(w[1].kind(), "=>" | "+>") {
                return Some(w[0]);
            }
        }
        if self
            .parents
            .next_sibling(node)
            .is_some_and(|n| n.kind() == "=>")
            && children.last().is_some_and(|l| l.kind() == "name")
        {
            return children.last().copied();
        }
        None
    }

    /// "one of `a`, `b`, `c`" when the parser's expectations before `node` are few.
    fn expected_tokens(&self, node: Node) -> Option<String> {
        let prev = previous_leaf(self.parents, node)?;
        let state = prev.next_parse_state();
        let mut it = LANGUAGE.lookahead_iterator(state)?;
        let mut names: Vec<String> = Vec::new();
        for sym in it.iter_names() {
            if sym.starts_with('_')
                || sym.contains("token")
                || matches!(sym, "end" | "comment" | "heredoc_body" | "ERROR")
            {
                continue;
            }
            let pretty = match sym {
                "variable" => "a variable".to_string(),
                "name" => "a name".to_string(),
                "type_reference" => "a type".to_string(),
                "number" | "single_quoted_string" | "regex" => "a value".to_string(),
                "escape_sequence" | "heredoc_end" => continue,
                s if s.chars().all(|c| c.is_ascii_lowercase() || c == '_') && s.len() > 2 => {
                    if matches!(s, "and" | "or" | "in") {
                        format!("`{s}`")
                    } else {
                        continue;
                    }
                }
                s => format!("`{s}`"),
            };
            if !names.contains(&pretty) {
                names.push(pretty);
            }
        }
        if names.is_empty() || names.len() > 6 {
            return None;
        }
        Some(match names.len() {
            1 => names.remove(0),
            _ => format!("one of {}", names.join(", ")),
        })
    }
}

fn has_resource_ancestor_text<'t>(parents: &Parents<'t>, node: Node<'t>) -> bool {
    let mut p = parents.of(node);
    // `Node::parent()` walks down from the root: look a few levels up only.
    for _ in 0..6 {
        let Some(n) = p else { break };
        if n.kind().starts_with("resource") {
            return true;
        }
        p = parents.of(n);
    }
    false
}
