use crate::{declare_rule, rule_options};
use crate::report::{Edit, Fix, LineCol, LineIndex};
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

use super::arrows::{self, Arrow, Group};

declare_rule! {
    /// ## What it does
    /// Finds `=>` arrows of a resource declaration that are not aligned with the other
    /// arrows of their group: the attributes of a resource body, the entries of a hash, the
    /// cases of a selector. Arrows should sit one space after the longest key; a group
    /// written on one line is left alone. As puppet-lint does, only resource declarations
    /// are checked unless the `all-blocks` option is set.
    ///
    /// When a line holds several `key => value` pairs of a multi-line group, the fix puts
    /// each pair on its own line. The fix aligns every arrow of the group in one pass; a hash
    /// nested on the line of an arrow that moves is realigned when the fix is applied again.
    ///
    /// ## Why is this bad?
    /// Aligned arrows make a block of attributes read as a table; the style guide asks for
    /// them.
    ///
    /// ## Example
    /// ```puppet
    /// file { '/etc/motd':
    ///   ensure => file,
    ///   mode => '0644',
    /// }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// file { '/etc/motd':
    ///   ensure => file,
    ///   mode   => '0644',
    /// }
    /// ```
    pub struct MisalignedArrows {
        code: "P442",
        name: "misaligned-arrows",
        severity: Warning,
        category: Style,
        puppet_lint: "arrow_alignment",
        fixable: true,
        options: Options,
    }
}

rule_options! {
    /// The options of `misaligned-arrows`.
    pub struct Options {
        /// Also check hashes, selectors, resource
        /// defaults, overrides and collectors outside resource declarations.
        all_blocks: bool = false,
    }
}

/// Where an arrow is and where it should be.
struct Placed {
    arrow: Arrow,
    column: usize,
    /// Another arrow of the group comes before it on its line.
    follows_another: bool,
}

impl Check for MisalignedArrows {
    fn check(&self, cx: &mut Context<'_>) {
        let index = cx.line_index();
        let all_blocks = cx.options::<Options>().all_blocks;
        let groups = arrows::groups_of(cx);
        for group in &groups.groups {
            if group.in_resource || all_blocks {
                check_group(cx, index, group, groups.arrows_of(group));
            }
        }
    }
}

/// [`LineIndex::line_col`] of offsets that mostly follow each other (a group's arrows): the
/// line of the last one, or the next, is tried before searching the line table.
struct Positions<'a> {
    index: &'a LineIndex,
    src: &'a str,
    /// The 0-based line of the last offset, and its range.
    line: usize,
    range: std::ops::Range<usize>,
}

impl<'a> Positions<'a> {
    fn new(index: &'a LineIndex, src: &'a str) -> Self {
        Positions {
            index,
            src,
            line: 0,
            range: index.line_range(0),
        }
    }

    fn at(&mut self, offset: usize) -> LineCol {
        let offset = crate::report::floor_char_boundary(self.src, offset);
        if !self.range.contains(&offset) {
            let next = self.index.line_range(self.line + 1);
            if next.contains(&offset) {
                self.line += 1;
                self.range = next;
            } else {
                self.line = self.index.line_index(offset);
                self.range = self.index.line_range(self.line);
            }
        }
        let prefix = &self.src[self.range.start..offset];
        let column = if prefix.is_ascii() {
            prefix.len()
        } else {
            prefix.chars().count()
        };
        LineCol {
            line: self.line + 1,
            column: column + 1,
        }
    }
}

fn check_group(cx: &mut Context<'_>, index: &LineIndex, group: &Group, arrows: &[Arrow]) {
    let src = cx.source();
    let mut positions = Positions::new(index, src);
    let mut pos = |offset: usize| positions.at(offset);
    let (first, last) = (arrows[0], arrows[arrows.len() - 1]);
    // A group on one line (no line break between its first and last arrows) is aligned.
    let between = first.at.min(last.at).min(src.len())..last.at.max(first.at).min(src.len());
    if arrows.len() < 2 || memchr::memchr(b'\n', &src.as_bytes()[between]).is_none() {
        return;
    }
    // The column the first key starts at: where a pair moved to its own line goes.
    let key_column = pos(first.key.start as usize).column;
    let key_chars = |a: &Arrow| src[a.key.range()].chars().count();
    let mut placed = Vec::with_capacity(arrows.len());
    let mut expected = 0;
    let mut prev_line = 0;
    for a in arrows {
        let at = pos(a.at);
        let follows_another = at.line == prev_line;
        prev_line = at.line;
        let wanted = if follows_another {
            key_column + key_chars(a) + 1
        } else {
            pos(a.key.end as usize).column + 1
        };
        expected = expected.max(wanted);
        placed.push(Placed {
            arrow: *a,
            column: at.column,
            follows_another,
        });
    }
    for p in placed {
        if p.column == expected && !p.follows_another {
            continue;
        }
        let (key, at) = (p.arrow.key.range(), p.arrow.at);
        let key_text = &src[key.clone()];
        let fix = if p.follows_another {
            let indent = indentation(src, first.key.start as usize, key_column);
            let break_at = src[..key.start].trim_end_matches(super::is_blank).len();
            let gap = expected - key_column - key_chars(&p.arrow);
            (!key_text.contains('\n') && blank(&src[key.end..at])).then(|| {
                Fix::safe(
                    "put the pair on its own line and align its arrow",
                    vec![
                        Edit {
                            span: break_at..key.start,
                            replacement: format!("\n{indent}"),
                        },
                        Edit {
                            span: key.end..at,
                            replacement: " ".repeat(gap),
                        },
                    ],
                )
            })
        } else {
            let gap = expected - pos(key.end).column;
            blank(&src[key.end..at])
                .then(|| Fix::replace("align the arrow", key.end..at, " ".repeat(gap)))
        };
        let message = if p.follows_another {
            format!(
                "`=>` after `{key_text}` shares its line with another pair of this multi-line {}",
                group.kind
            )
        } else {
            format!(
                "`=>` is not aligned with the other arrows of this {}: expected at column {expected}, found at column {}",
                group.kind, p.column
            )
        };
        let d = cx
            .report(at..at + 2, message)
            .label("misaligned arrow")
            .help(if p.follows_another {
                "put each pair of a multi-line block on its own line, arrows aligned"
            } else {
                "align the arrows one space after the longest key"
            });
        if let Some(fix) = fix {
            d.fix(fix);
        }
    }
}

/// Blanks only (no line break, no comment)?
fn blank(text: &str) -> bool {
    text.chars().all(super::is_blank)
}

/// The indentation for a line whose text starts at `column`: the indentation of the line of
/// `offset` when that text starts the line, else spaces.
fn indentation(src: &str, offset: usize, column: usize) -> String {
    let line_start = src[..offset].rfind('\n').map_or(0, |i| i + 1);
    let prefix = &src[line_start..offset];
    if blank(prefix) {
        prefix.to_string()
    } else {
        " ".repeat(column - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Positions` finds what `LineIndex::line_col` finds, whatever the order of the offsets.
    #[test]
    fn positions_are_line_col() {
        for text in [
            "",
            "a",
            "\n",
            "ab\ncd\n",
            "a\n\nb",
            "é=>x\n  ü => y\r\nz",
            "\n\n\n",
        ] {
            let index = LineIndex::new(text);
            let offsets: Vec<usize> = (0..text.len() + 3).collect();
            let orders = [
                offsets.clone(),
                offsets.iter().rev().copied().collect(),
                offsets
                    .iter()
                    .map(|o| o * 7 % (text.len() + 3))
                    .collect::<Vec<_>>(),
            ];
            for order in orders {
                let mut positions = Positions::new(&index, text);
                for o in order {
                    assert_eq!(positions.at(o), index.line_col(text, o), "{text:?} {o}");
                }
            }
        }
    }
}
