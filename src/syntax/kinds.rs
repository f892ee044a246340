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
    ($($kind:ident = $name:literal),* $(,)?) => {
        /// The node kinds plint's syntax stage looks at; every other kind is `Other`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum K {
            Other,
            $($kind,)*
        }

        /// [`K`] of every kind id of the grammar, by name (named or not, as `Node::kind`).
        pub static KINDS: LazyLock<Vec<K>> = LazyLock::new(|| {
            (0..LANGUAGE.node_kind_count())
                .map(|id| match LANGUAGE.node_kind_for_id(id as u16) {
                    $(Some($name) => K::$kind,)*
                    _ => K::Other,
                })
                .collect()
        });
    };
}

kinds! {
    Access = "access",
    ApplyExpression = "apply_expression",
    Array = "array",
    Assignment = "assignment",
    Attribute = "attribute",
    AttributeSplat = "attribute_splat",
    BinaryExpression = "binary_expression",
    Boolean = "boolean",
    CaseOption = "case_option",
    CaseExpression = "case_expression",
    ClassDefinition = "class_definition",
    Collector = "collector",
    Comment = "comment",
    Default = "default",
    DefineDefinition = "define_definition",
    DoubleQuotedString = "double_quoted_string",
    ElsifClause = "elsif_clause",
    EscapeSequence = "escape_sequence",
    FunctionCall = "function_call",
    FunctionDefinition = "function_definition",
    Hash = "hash",
    Heredoc = "heredoc",
    HeredocBody = "heredoc_body",
    HeredocEnd = "heredoc_end",
    Hostname = "hostname",
    IfExpression = "if_expression",
    Interpolation = "interpolation",
    MethodCall = "method_call",
    Name = "name",
    NodeDefinition = "node_definition",
    Number = "number",
    ObjectType = "object_type",
    Pair = "pair",
    Parameter = "parameter",
    ParenthesizedExpression = "parenthesized_expression",
    PlanDefinition = "plan_definition",
    Regex = "regex",
    Relationship = "relationship",
    ReservedWord = "reserved_word",
    ResourceBody = "resource_body",
    ResourceDeclaration = "resource_declaration",
    ResourceDefaults = "resource_defaults",
    ResourceOverride = "resource_override",
    Selector = "selector",
    SingleQuotedString = "single_quoted_string",
    StatementCall = "statement_call",
    StringContent = "string_content",
    TypeAlias = "type_alias",
    TypeDefinition = "type_definition",
    TypeReference = "type_reference",
    UnaryExpression = "unary_expression",
    UnclosedComment = "unclosed_comment",
    Undef = "undef",
    UnlessExpression = "unless_expression",
    Variable = "variable",
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
