//! The protocol tests of files changed outside the editor (`workspace/didChangeWatchedFiles`,
//! with the client and the fixture of `tests/lsp.rs`).

use std::path::Path;

use serde_json::{Value, json};

use super::{Client, findings, fixture, location, uri};

/// A client that shows progress and registers watchers when asked: the server asks it to
/// watch the files plint reads, then indexes the workspace.
fn start_watching(root: &Path) -> Client {
    let mut client = Client::start_with(
        root,
        json!({"window": {"workDoneProgress": true},
            "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}}),
    );
    let register = client.wait_for(|m| m["method"] == "client/registerCapability");
    assert_eq!(
        register,
        json!({"jsonrpc": "2.0", "id": "plint/watch", "method": "client/registerCapability",
            "params": {"registrations": [{"id": "plint/watched-files",
                "method": "workspace/didChangeWatchedFiles",
                "registerOptions": {"watchers": [
                    {"globPattern": "**/*.pp"}, {"globPattern": "**/*.epp"},
                    {"globPattern": "**/*.erb"}, {"globPattern": "**/lib/puppet/**/*.rb"},
                    {"globPattern": "**/metadata.json"}, {"globPattern": "**/hiera.yaml"},
                    {"globPattern": "**/plint.toml"}, {"globPattern": "**/.puppet-lint.rc"},
                    {"globPattern": "**/Puppetfile"}]}}]}})
    );
    indexed(&mut client);
    client
}

/// Waits for the end of an indexing; what the server said of the index.
fn indexed(client: &mut Client) -> String {
    let end =
        client.wait_for(|m| m["method"] == "$/progress" && m["params"]["value"]["kind"] == "end");
    end["params"]["value"]["message"]
        .as_str()
        .unwrap()
        .to_string()
}

fn changed(client: &mut Client, changes: &[(&Path, u32)]) {
    let changes: Vec<Value> = changes
        .iter()
        .map(|(path, typ)| json!({"uri": uri(path), "type": typ}))
        .collect();
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": changes}),
    );
}

const CREATED: u32 = 1;
const CHANGED: u32 = 2;
const DELETED: u32 = 3;

/// A class added in a new file on disk is known to the open documents once the client says
/// so; deleted, it is unknown again.
#[test]
fn a_class_created_and_deleted_on_disk() {
    let (_dir, root) = fixture();
    let mut client = start_watching(&root);
    let site = uri(&root.join("modules/site/manifests/extra.pp"));
    let text = "# Extra.\nclass site::extra {\n  include web::extra\n}\n";
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": site, "languageId": "puppet", "version": 1, "text": text}}),
    );
    let unknown = [("P107".to_string(), 2, 10, 2, 20)];
    assert_eq!(findings(&client.diagnostics(&site)), unknown);

    let extra = root.join("modules/web/manifests/extra.pp");
    std::fs::write(&extra, "class web::extra {\n}\n").unwrap();
    changed(&mut client, &[(&extra, CREATED)]);
    assert_eq!(findings(&client.diagnostics(&site)), []);
    // Find references reads the new file's kept text.
    let refs = client.request(
        "textDocument/references",
        json!({"textDocument": {"uri": site}, "position": {"line": 2, "character": 12},
            "context": {"includeDeclaration": true}}),
    );
    assert_eq!(
        refs,
        json!([
            location(&root, "modules/site/manifests/extra.pp", (2, 10), (2, 20)),
            location(&root, "modules/web/manifests/extra.pp", (0, 6), (0, 16))
        ])
    );

    std::fs::remove_file(&extra).unwrap();
    changed(&mut client, &[(&extra, DELETED)]);
    assert_eq!(findings(&client.diagnostics(&site)), unknown);
    client.shutdown();
}

/// `plint.toml` changed on disk: the settings are read again (the workspace is indexed again,
/// with its progress) and the open documents checked with them.
#[test]
fn a_rule_disabled_in_plint_toml() {
    let (_dir, root) = fixture();
    let mut client = start_watching(&root);
    let file = uri(&root.join("modules/site/manifests/top.pp"));
    let text = "# Top.\nclass site::top {\n  notice($undefined_here)\n}\n";
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": file, "languageId": "puppet", "version": 1, "text": text}}),
    );
    let found = findings(&client.diagnostics(&file));
    assert_eq!(
        found,
        [
            ("P112".to_string(), 2, 9, 2, 24),
            ("P411".to_string(), 2, 9, 2, 24)
        ]
    );
    let config = root.join("plint.toml");
    std::fs::write(
        &config,
        "[rules]\n\"unqualified-top-scope-variable\" = \"allow\"\n",
    )
    .unwrap();
    changed(&mut client, &[(&config, CREATED)]);
    let create = client.wait_for(|m| m["method"] == "window/workDoneProgress/create");
    assert_eq!(create["id"], "plint/index/1");
    assert_eq!(create["params"]["token"], "plint/index");
    indexed(&mut client);
    assert_eq!(
        findings(&client.diagnostics(&file)),
        [("P112".to_string(), 2, 9, 2, 24)]
    );
    client.shutdown();
}

/// A file said to have changed that cannot be read (gone since) is said in the log, its
/// definitions leave the index, and the server goes on.
#[test]
fn a_file_that_vanished_is_logged() {
    let (_dir, root) = fixture();
    let mut client = start_watching(&root);
    let params = root.join("modules/web/manifests/params.pp");
    std::fs::remove_file(&params).unwrap();
    let ghost = root.join("modules/web/lib/puppet/functions/web/ghost.rb");
    changed(&mut client, &[(&params, CHANGED), (&ghost, CREATED)]);
    for path in [&params, &ghost] {
        let logged = client.wait_for(|m| m["method"] == "window/logMessage");
        assert_eq!(
            logged["params"],
            json!({"type": 2, "message": format!(
                "plint: {} cannot be read; what it defined is no longer in the index",
                path.display()
            )})
        );
    }
    let site = uri(&root.join("modules/site/manifests/init.pp"));
    let text = std::fs::read_to_string(root.join("modules/site/manifests/init.pp")).unwrap();
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": site, "languageId": "puppet", "version": 1, "text": text}}),
    );
    let codes: Vec<String> = findings(&client.diagnostics(&site))
        .into_iter()
        .map(|f| f.0)
        .collect();
    assert!(
        codes.contains(&"P107".to_string()),
        "web::params is unknown now: {codes:?}"
    );
    client.shutdown();
}

/// A module's Ruby function renamed on disk: the open documents that call it by its old name
/// are told at once; renamed back, the finding goes.
#[test]
fn a_ruby_function_changed_on_disk() {
    let (_dir, root) = fixture();
    let mut client = start_watching(&root);
    let site = uri(&root.join("modules/site/manifests/init.pp"));
    let text = std::fs::read_to_string(root.join("modules/site/manifests/init.pp")).unwrap();
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": site, "languageId": "puppet", "version": 1, "text": text}}),
    );
    let before = findings(&client.diagnostics(&site));
    let shout = root.join("modules/web/lib/puppet/functions/web/shout.rb");
    let original = std::fs::read_to_string(&shout).unwrap();
    std::fs::write(&shout, original.replace("web::shout", "web::yell")).unwrap();
    changed(&mut client, &[(&shout, CHANGED)]);
    // `web::shout` is no function any more (P101), at its call.
    let mut expected = before.clone();
    expected.push(("P101".to_string(), 5, 9, 5, 19));
    assert_eq!(findings(&client.diagnostics(&site)), expected);
    std::fs::write(&shout, original).unwrap();
    changed(&mut client, &[(&shout, CHANGED)]);
    assert_eq!(findings(&client.diagnostics(&site)), before);
    client.shutdown();
}
