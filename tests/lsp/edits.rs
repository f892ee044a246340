//! The protocol tests of the requests that change or search the text: code actions,
//! formatting, find references (with the client and the fixture of `tests/lsp.rs`).

use std::path::Path;

use serde_json::{Value, json};

use super::{Client, findings, fixture, location, position, start_indexed, uri};

/// Opens `file` of the fixture with `text` and waits for its diagnostics.
fn open(client: &mut Client, root: &Path, file: &str, text: &str) -> (String, Value) {
    let uri = uri(&root.join(file));
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "puppet", "version": 1, "text": text}}),
    );
    let published = client.diagnostics(&uri);
    (uri, published)
}

fn range(start: (u32, u32), end: (u32, u32)) -> Value {
    json!({"start": {"line": start.0, "character": start.1},
        "end": {"line": end.0, "character": end.1}})
}

/// An action's title, whether preferred, and its edits of `uri` as (range, new text).
fn action(a: &Value, uri: &str) -> (String, bool, Vec<(Value, String)>) {
    let edits = a["edit"]["changes"][uri]
        .as_array()
        .unwrap_or_else(|| panic!("edits of {uri}: {a}"))
        .iter()
        .map(|e| {
            (
                e["range"].clone(),
                e["newText"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(a["kind"], "quickfix", "{a}");
    (
        a["title"].as_str().unwrap().to_string(),
        a["isPreferred"] == true,
        edits,
    )
}

/// The actions of a document's findings: their fixes (a safe one preferred), the missing
/// parameters of a defined type, suppressions on the findings' lines (none on a line ending in
/// another comment, the rule added to a line's own `plint:allow`, none of a finding about a
/// suppression).
#[test]
fn code_actions() {
    let (_dir, root) = fixture();
    let mut client = start_indexed(&root);
    let text = "class site::extra {\n  web::vhost { 'x': }\n  notice(\"plain\") # a note\n  \
                web::vhost { 'y': ensure => present } # plint:allow(documentation)\n}\n";
    let (uri, published) = open(&mut client, &root, "modules/site/manifests/extra.pp", text);
    assert_eq!(
        findings(&published),
        [
            ("P414".to_string(), 0, 0, 0, 17),
            ("P109".to_string(), 1, 2, 1, 12),
            ("P432".to_string(), 2, 9, 2, 16),
            ("P109".to_string(), 3, 2, 3, 12),
            ("P105".to_string(), 3, 20, 3, 26),
            ("P006".to_string(), 3, 54, 3, 67),
        ]
    );
    let request = |client: &mut Client, start, end| {
        client.request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri}, "range": range(start, end),
                "context": {"diagnostics": []}}),
        )
    };
    // The actions of one line, as sent.
    let found = request(&mut client, (1, 4), (1, 4));
    let p109 = &published["diagnostics"][1];
    let edit = |start, end, text: &str| json!({"changes": {uri.clone(): [{"range": range(start, end), "newText": text}]}});
    assert_eq!(
        found,
        json!([
            {
                "title": "add the missing parameters of `web::vhost`",
                "kind": "quickfix",
                "diagnostics": [p109],
                "edit": edit((1, 19), (1, 20), "\n    port => undef,\n  "),
            },
            {
                "title": "suppress `missing-required-parameter` on this line",
                "kind": "quickfix",
                "diagnostics": [p109],
                "edit": edit((1, 21), (1, 21), " # plint:allow(missing-required-parameter)"),
            },
        ])
    );
    // All of them.
    let all = request(&mut client, (0, 0), (5, 0));
    let summary: Vec<_> = all
        .as_array()
        .unwrap()
        .iter()
        .map(|a| action(a, &uri))
        .collect();
    let e = |start, end, text: &str| (range(start, end), text.to_string());
    let expected = [
        (
            "add the missing parameters of `web::vhost`",
            false,
            vec![e((1, 19), (1, 20), "\n    port => undef,\n  ")],
        ),
        (
            "use single quotes",
            true,
            vec![e((2, 9), (2, 16), "'plain'")],
        ),
        (
            "add the missing parameters of `web::vhost`",
            false,
            vec![e((3, 20), (3, 20), "port => undef, ")],
        ),
        (
            "suppress `undocumented-definition` on this line",
            false,
            vec![e(
                (0, 19),
                (0, 19),
                " # plint:allow(undocumented-definition)",
            )],
        ),
        (
            "suppress `missing-required-parameter` on this line",
            false,
            vec![e(
                (1, 21),
                (1, 21),
                " # plint:allow(missing-required-parameter)",
            )],
        ),
        (
            "suppress `missing-required-parameter` on this line",
            false,
            vec![e((3, 67), (3, 67), ", missing-required-parameter")],
        ),
        (
            "suppress `unknown-attribute` on this line",
            false,
            vec![e((3, 67), (3, 67), ", unknown-attribute")],
        ),
    ];
    let expected: Vec<_> = expected
        .into_iter()
        .map(|(t, p, e)| (t.to_string(), p, e))
        .collect();
    assert_eq!(summary, expected);

    // A changed text not checked yet: no actions (their spans are of the old text).
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2},
            "contentChanges": [{"text": format!("\n{text}")}]}),
    );
    assert_eq!(request(&mut client, (0, 0), (5, 0)), Value::Null);

    // Actions applied: the parameters of line 1, the fix of line 2, the suppressions of lines
    // 0 and 3.
    let chosen: Vec<(Value, String)> = summary
        .iter()
        .enumerate()
        .filter(|(i, _)| ![2, 4].contains(i))
        .flat_map(|(_, (_, _, edits))| edits.clone())
        .collect();
    let applied = apply(text, &chosen);
    assert_eq!(
        applied,
        "class site::extra { # plint:allow(undocumented-definition)\n  web::vhost { 'x':\n    \
         port => undef,\n  }\n  notice('plain') # a note\n  web::vhost { 'y': ensure => \
         present } # plint:allow(documentation, missing-required-parameter, unknown-attribute)\n\
         }\n"
    );
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 3}, "contentChanges": [{"text": applied}]}),
    );
    let published = client.diagnostics(&uri);
    let left: Vec<(String, u64)> = findings(&published)
        .into_iter()
        .map(|(code, line, ..)| (code, line))
        .collect();
    // Left: the placeholder to replace (`undef` for a required parameter), and the
    // suppression of `documentation` that suppressed nothing before either.
    assert_eq!(left, [("P110".to_string(), 2), ("P006".to_string(), 5)]);
    client.shutdown();
}

/// `text` with `edits` (of ASCII text, in distinct places) applied.
fn apply(text: &str, edits: &[(Value, String)]) -> String {
    let offset = |p: &Value| {
        let line = p["line"].as_u64().unwrap() as usize;
        let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
        start + p["character"].as_u64().unwrap() as usize
    };
    let mut edits: Vec<(usize, usize, &str)> = edits
        .iter()
        .map(|(r, t)| (offset(&r["start"]), offset(&r["end"]), t.as_str()))
        .collect();
    edits.sort();
    let mut out = text.to_string();
    for (start, end, t) in edits.into_iter().rev() {
        out.replace_range(start..end, t);
    }
    out
}

/// Formatting: the safe fixes of the document (those `plint --fix` applies), as edits of the
/// lines they change; an unsafe fix and the findings without a fix stay, and nothing is
/// written.
#[test]
fn formatting() {
    let (_dir, root) = fixture();
    let mut client = start_indexed(&root);
    let text = "class site::extra {\n  notice(\"plain\")\n  $ok = 1\n  \
                file { '/x': ensure => present, mode => 644 }\n  notice(\"${ok}\")\n}\n";
    let file = "modules/site/manifests/extra.pp";
    let (extra, published) = open(&mut client, &root, file, text);
    let codes: Vec<String> = findings(&published).into_iter().map(|f| f.0).collect();
    assert_eq!(codes, ["P414", "P432", "P106", "P418", "P419", "P433"]);
    let found = client.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": extra}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    assert_eq!(
        found,
        json!([
            {"range": range((1, 0), (2, 0)), "newText": "  notice('plain')\n"},
            {"range": range((3, 0), (4, 0)),
                "newText": "  file { '/x': ensure => present, mode => '0644' }\n"},
        ])
    );
    assert!(!root.join(file).exists(), "formatting writes nothing");
    // A document without safe fixes: no edits.
    let site = uri(&root.join("modules/site/manifests/init.pp"));
    let none = client.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": site}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    assert_eq!(none, json!([]));
    client.shutdown();
}

/// Find references: of a class, a defined type, a function, a type alias across the
/// workspace's manifests (with the declaration when asked); of a variable in its scope.
#[test]
fn references() {
    let (_dir, root) = fixture();
    let mut client = start_indexed(&root);
    let site = uri(&root.join("modules/site/manifests/init.pp"));
    let web = uri(&root.join("modules/web/manifests/init.pp"));
    let at = |file: &str, start, end| location(&root, &format!("modules/{file}"), start, end);
    let cases = [
        // `include web`: the class's own name is its declaration.
        (
            &site,
            (1, 10),
            vec![at("site/manifests/init.pp", (1, 10), (1, 13))],
            vec![at("web/manifests/init.pp", (7, 6), (7, 9))],
        ),
        // `class { 'web::params': }`, and `inherits web::params`.
        (
            &site,
            (2, 12),
            vec![
                at("site/manifests/init.pp", (2, 10), (2, 23)),
                at("web/manifests/init.pp", (10, 11), (10, 22)),
            ],
            vec![at("web/manifests/params.pp", (1, 6), (1, 17))],
        ),
        // A function, a type alias, a defined type.
        (
            &site,
            (4, 12),
            vec![at("site/manifests/init.pp", (4, 10), (4, 19))],
            vec![at("web/functions/port.pp", (1, 9), (1, 18))],
        ),
        (
            &site,
            (0, 14),
            vec![at("site/manifests/init.pp", (0, 12), (0, 21))],
            vec![at("web/types/mode.pp", (0, 5), (0, 14))],
        ),
        (
            &web,
            (16, 5),
            vec![at("web/manifests/init.pp", (16, 2), (16, 12))],
            vec![at("web/manifests/vhost.pp", (3, 7), (3, 17))],
        ),
        // A lambda's parameter; a class parameter read in a string.
        (
            &site,
            (7, 28),
            vec![at("site/manifests/init.pp", (7, 28), (7, 30))],
            vec![at("site/manifests/init.pp", (7, 15), (7, 17))],
        ),
        (
            &web,
            (11, 16),
            vec![at("web/manifests/init.pp", (11, 16), (11, 20))],
            vec![at("web/manifests/init.pp", (8, 9), (8, 14))],
        ),
    ];
    for (uri, (line, character), uses, declaration) in cases {
        for with in [false, true] {
            let mut p = position(uri, line, character);
            p["context"] = json!({"includeDeclaration": with});
            let found = client.request("textDocument/references", p);
            let mut expected = uses.clone();
            if with {
                expected.extend(declaration.clone());
            }
            let mut found = found.as_array().cloned().unwrap_or_default();
            let key = |v: &Value| v.to_string();
            found.sort_by_key(key);
            expected.sort_by_key(key);
            assert_eq!(
                found, expected,
                "at {uri}:{line}:{character}, declaration {with}"
            );
        }
    }
    // A string names nothing.
    let mut p = position(&site, 6, 15);
    p["context"] = json!({"includeDeclaration": true});
    assert_eq!(client.request("textDocument/references", p), Value::Null);
    client.shutdown();
}
