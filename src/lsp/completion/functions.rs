//! Functions by name: Puppet's built-in functions and the program's (Puppet functions of the
//! modules' `functions/`, Ruby 4.x and 3.x functions of their `lib/puppet`), each with its
//! signatures as hover shows them. A Ruby file the index has not read yet is not read for the
//! list: its item gets its signatures, and a Puppet function's its puppet-strings summary,
//! when the client resolves it.

use lsp_types::{CompletionItem, CompletionItemKind};

use super::super::hover;
use super::{Item, Lists};
use crate::defs::builtins;
use crate::defs::index::Listed;
use crate::defs::model::{FunctionDef, FunctionKind, Origin};

/// Puppet's functions, then the program's.
pub fn functions(lists: &Lists<'_>) -> Vec<CompletionItem> {
    let builtin = builtins::functions().iter().map(Listed::Read);
    builtin
        .chain(lists.index.functions_listed())
        .map(|f| match f {
            Listed::Read(f) => function(lists, f),
            Listed::Unread { name, origin } => {
                let detail = format!("Ruby function ({})", lists.origin(&origin));
                let mut item = Item::new(name.to_string(), CompletionItemKind::FUNCTION, detail);
                item.0.data = Some(serde_json::json!({ "function": name }));
                item.done()
            }
        })
        .collect()
}

fn function(lists: &Lists<'_>, f: &FunctionDef) -> CompletionItem {
    let signatures = hover::signatures(f);
    let detail = match signatures.len() {
        1 => signatures[0].clone(),
        2 => format!("{} (and 1 more signature)", signatures[0]),
        n => format!("{} (and {} more signatures)", signatures[0], n - 1),
    };
    let from = match f.kind {
        FunctionKind::Builtin => "Puppet's built-in function".to_string(),
        FunctionKind::Puppet => format!("Puppet function ({})", lists.origin(&f.origin)),
        FunctionKind::Ruby4x => format!("Ruby function ({})", lists.origin(&f.origin)),
        FunctionKind::Ruby3x { .. } => format!("Ruby 3.x function ({})", lists.origin(&f.origin)),
    };
    let doc = format!("```puppet\n{}\n```\n{from}", signatures.join("\n"));
    let mut item = Item::new(f.name.clone(), CompletionItemKind::FUNCTION, detail)
        .markdown(doc)
        .done();
    if matches!(f.origin, Origin::Manifest { .. }) {
        // Its documentation is read when the client resolves the item.
        item.data = Some(serde_json::json!({ "function": f.name }));
    }
    item
}

/// A function's item with its signatures and, for a Puppet function, the puppet-strings text
/// of its manifest.
pub fn resolve(lists: &Lists<'_>, item: &mut CompletionItem, name: &str) {
    let Some(f) = lists.index.function(name) else {
        return;
    };
    let mut full = function(lists, f);
    if let Origin::Manifest { path, span } = &f.origin
        && let Some(source) = (lists.read)(path)
        && let Some(lsp_types::Documentation::MarkupContent(m)) = &mut full.documentation
    {
        m.value
            .push_str(&hover::prose(&source, span.start as usize));
    }
    item.detail = full.detail;
    item.documentation = full.documentation;
}
