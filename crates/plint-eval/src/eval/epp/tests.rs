use super::*;

fn texts(t: &EppTemplate) -> Vec<&str> {
    t.texts.iter().map(String::as_str).collect()
}

#[test]
fn scans_text_tags_and_escapes() {
    let t = parse("a <%% b %%> c").unwrap();
    assert_eq!(texts(&t), ["a <% b %> c"]);
    let t = parse("x <%# note %> y").unwrap();
    assert_eq!(texts(&t), ["x  y"]);
    let t = parse("x  <%#- note -%>  \ny").unwrap();
    assert_eq!(texts(&t), ["xy"]);
    let t = parse("a\n  <%- $x = 1 -%>  \nb").unwrap();
    assert_eq!(texts(&t), ["a\n", "b"]);
    assert!(t.parameters.is_none());
}

#[test]
fn parameters_at_the_start() {
    let t = parse("<%- | String $x, Integer $y = 1 | -%>\n<%= $x %>").unwrap();
    let p = t.parameters.as_ref().unwrap();
    assert_eq!(p.len(), 2);
    assert!(texts(&t).is_empty());
    let e = parse("text <% |$x| %>").unwrap_err();
    assert!(e.message.starts_with("Ambiguous EPP parameter"), "{e}");
}

#[test]
fn errors_have_template_positions() {
    let e = parse("a\nb <%= $x ").unwrap_err();
    assert_eq!((e.line, e.column), (2, 3));
    let e = parse("a\n<%# x").unwrap_err();
    assert_eq!((e.line, e.column), (2, 1));
    let e = parse("abc <%").unwrap_err();
    assert_eq!(e.offset, 4);
    let e = parse("ok\n<%= 1 + %>").unwrap_err();
    assert_eq!(e.line, 2, "{e}");
}

#[test]
fn code_end_skips_strings_and_comments() {
    let t = parse("<%= '%>' %>|<%= \"a${'%>'}b\" %>").unwrap();
    assert_eq!(texts(&t), ["|"]);
}
