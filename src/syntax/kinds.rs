//! Field ids of the grammar, looked up once.

use std::num::NonZeroU16;
use std::sync::LazyLock;

use tree_sitter::{Language, Node};

/// The Puppet language, loaded once.
pub static LANGUAGE: LazyLock<Language> = LazyLock::new(|| tree_sitter_puppet::LANGUAGE.into());

macro_rules! fields {
    ($($field:ident = $name:literal),* $(,)?) => {
        /// The grammar's field ids.
        pub struct Fields {
            $(pub $field: NonZeroU16,)*
        }

        /// Field ids, resolved against the grammar the first time they are used.
        pub static F: LazyLock<Fields> = LazyLock::new(|| Fields {
            $($field: LANGUAGE
                .field_id_for_name($name)
                .unwrap_or_else(|| panic!("the grammar has no field `{}`", $name)),)*
        });
    };
}

fields! {
    alternative = "alternative",
    argument = "argument",
    arguments = "arguments",
    attribute = "attribute",
    body = "body",
    captures_rest = "captures_rest",
    condition = "condition",
    consequence = "consequence",
    default = "default",
    entry = "entry",
    form = "form",
    function = "function",
    key = "key",
    kind = "kind",
    lambda = "lambda",
    left = "left",
    matcher = "match",
    method = "method",
    name = "name",
    names = "names",
    object = "object",
    operand = "operand",
    operator = "operator",
    option = "option",
    parameters = "parameters",
    parent = "parent",
    query = "query",
    reference = "reference",
    return_type = "return_type",
    right = "right",
    title = "title",
    type_ = "type",
    value = "value",
}

/// The child of `node` in the given field.
#[inline]
pub fn field(node: Node<'_>, id: NonZeroU16) -> Option<Node<'_>> {
    node.child_by_field_id(id.get())
}
