//! Reading a rule's documentation: sections and example blocks.

/// The text of a `## title` section (trimmed), without its heading.
pub fn section<'a>(docs: &'a str, title: &str) -> Option<&'a str> {
    let heading = format!("## {title}");
    let mut start = None;
    let mut offset = 0;
    for line in docs.split_inclusive('\n') {
        let trimmed = line.trim();
        if let Some(s) = start {
            if trimmed.starts_with("## ") {
                return Some(docs[s..offset].trim());
            }
        } else if trimmed == heading {
            start = Some(offset + line.len());
        }
        offset += line.len();
    }
    start.map(|s| docs[s..].trim())
}

/// The first sentence of "What it does" (or of the whole text): up to the first `.` that
/// ends a sentence (followed by a space, a line break or the end, outside code spans).
/// It may still span lines of the doc comment; `plint explain` shows it as written.
pub fn summary(docs: &str) -> &str {
    let text = section(docs, "What it does").unwrap_or(docs.trim());
    let bytes = text.as_bytes();
    let mut in_code = false;
    let mut end = text.len();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'`' => in_code = !in_code,
            b'.' if !in_code && bytes.get(i + 1).is_none_or(u8::is_ascii_whitespace) => {
                end = i + 1;
                break;
            }
            _ => {}
        }
    }
    text[..end].trim()
}

/// The first fenced code block of a section (the code between the fences), with the
/// indentation of the opening fence (the doc comment's leading space) removed from each line
/// and the code's own indentation kept.
pub fn code_block(section_text: &str) -> Option<String> {
    let mut lines = section_text.lines();
    let fence = lines.by_ref().find(|l| l.trim_start().starts_with("```"))?;
    let indent = &fence[..fence.len() - fence.trim_start().len()];
    // `section` trims the text, so the first line may have lost the indent: use the others'.
    let indent = if indent.is_empty() { " " } else { indent };
    let mut out = String::new();
    for line in lines {
        if line.trim_start().starts_with("```") {
            return Some(out);
        }
        out.push_str(line.strip_prefix(indent).unwrap_or(line.trim_start()));
        out.push('\n');
    }
    None
}

/// The documentation as a person reads it: the doc comment's one leading space removed.
pub fn render(docs: &str) -> String {
    docs.lines()
        .map(|l| l.strip_prefix(' ').unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOCS: &str = " ## What it does\n Finds things. More text.\n\n ## Example\n ```puppet\n $a = 1\n ```\n ## Use instead\n ```puppet\n class a {\n   $b = 2\n }\n ```\n";

    #[test]
    fn sections_and_blocks() {
        assert_eq!(summary(DOCS), "Finds things.");
        // The first sentence ends at its line's end, though a later one ends with ". ".
        assert_eq!(
            summary(" ## What it does\n Finds `a. b` things.\n More. Text.\n"),
            "Finds `a. b` things."
        );
        assert_eq!(
            code_block(section(DOCS, "Example").unwrap()).unwrap(),
            "$a = 1\n"
        );
        assert_eq!(
            code_block(section(DOCS, "Use instead").unwrap()).unwrap(),
            "class a {\n  $b = 2\n}\n"
        );
        assert!(section(DOCS, "Options").is_none());
    }
}
