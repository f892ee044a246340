//! Field ids and node kinds of the grammar, looked up once.

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

macro_rules! kinds {
    ($($kind:ident),* $(,)?) => {
        /// The node kinds plint's syntax stage looks at, each named as the grammar names it in
        /// snake case (`IfExpression`: `if_expression`); every other kind is `Other`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum K {
            Other,
            $($kind,)*
        }

        impl K {
            /// Every kind but `Other`, with the grammar's name for it.
            fn named() -> Vec<(K, String)> {
                vec![$((K::$kind, snake_case(stringify!($kind))),)*]
            }
        }
    };
}

/// `IfExpression` as `if_expression`.
fn snake_case(camel: &str) -> String {
    let mut out = String::with_capacity(camel.len() + 4);
    for (i, c) in camel.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// [`K`] of every kind id of the grammar, by name (named or not, as `Node::kind`); made once
/// from the grammar (immutable).
pub static KINDS: LazyLock<Vec<K>> = LazyLock::new(|| {
    let named = K::named();
    (0..LANGUAGE.node_kind_count())
        .map(|id| {
            let name = LANGUAGE.node_kind_for_id(id as u16);
            named
                .iter()
                .find(|(_, n)| Some(n.as_str()) == name)
                .map_or(K::Other, |&(k, _)| k)
        })
        .collect()
});

kinds! {
    Access,
    ApplyExpression,
    Array,
    Assignment,
    Attribute,
    AttributeSplat,
    BinaryExpression,
    Boolean,
    CaseOption,
    CaseExpression,
    ClassDefinition,
    Collector,
    Comment,
    Default,
    DefineDefinition,
    DoubleQuotedString,
    ElsifClause,
    EscapeSequence,
    FunctionCall,
    FunctionDefinition,
    Hash,
    Heredoc,
    HeredocBody,
    HeredocEnd,
    Hostname,
    IfExpression,
    Interpolation,
    MethodCall,
    Name,
    NodeDefinition,
    Number,
    ObjectType,
    Pair,
    Parameter,
    ParenthesizedExpression,
    PlanDefinition,
    Regex,
    Relationship,
    ReservedWord,
    ResourceBody,
    ResourceDeclaration,
    ResourceDefaults,
    ResourceOverride,
    Selector,
    SingleQuotedString,
    StatementCall,
    StringContent,
    TypeAlias,
    TypeDefinition,
    TypeReference,
    UnaryExpression,
    UnclosedComment,
    Undef,
    UnlessExpression,
    Variable,
}

impl K {
    /// Kinds that can stand as a statement (used to salvage statements inside ERROR nodes).
    pub fn is_statement(self) -> bool {
        matches!(
            self,
            K::Assignment
                | K::Relationship
                | K::ResourceDeclaration
                | K::ResourceDefaults
                | K::ResourceOverride
                | K::Collector
                | K::StatementCall
                | K::FunctionCall
                | K::ApplyExpression
                | K::MethodCall
                | K::IfExpression
                | K::UnlessExpression
                | K::CaseExpression
                | K::ClassDefinition
                | K::DefineDefinition
                | K::NodeDefinition
                | K::FunctionDefinition
                | K::TypeAlias
                | K::TypeDefinition
                | K::PlanDefinition
        )
    }
}

/// The [`K`] of a node.
#[inline]
pub fn kind_of(kinds: &[K], node: Node<'_>) -> K {
    kinds
        .get(node.kind_id() as usize)
        .copied()
        .unwrap_or(K::Other)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of [`K`] is a named kind of the grammar (a misspelt one would never match).
    #[test]
    fn every_kind_is_the_grammars() {
        for (k, name) in K::named() {
            assert_ne!(LANGUAGE.id_for_node_kind(&name, true), 0, "{k:?}: `{name}`");
            assert!(KINDS.contains(&k), "{k:?}");
        }
        assert_eq!(
            snake_case("ParenthesizedExpression"),
            "parenthesized_expression"
        );
    }
}
