//! Typed rule options: a rule that takes options declares them once, as a struct, with
//! [`rule_options!`](crate::rule_options) and names it in its
//! [`declare_rule!`](crate::declare_rule) (`options: Options`).
//!
//! ```ignore
//! rule_options! {
//!     /// The options of `line-too-long`.
//!     pub struct Options {
//!         /// The longest line allowed, in characters.
//!         max_length: usize = 140,
//!     }
//! }
//! ```
//!
//! The user sets them in `plint.toml`, by the field's name in kebab-case:
//!
//! ```toml
//! [rule-options.line-too-long]     # the rule's name, code or puppet-lint check name
//! max-length = 120
//! ```
//!
//! The struct is what the configuration checks (an unknown option, or a value of another
//! type, is an error that names the file, line and column), what the rule selection decodes
//! once (a rule reads the result with [`Context::options`](super::Context::options)), and what
//! the `## Options` section of the rule's documentation (`plint explain`) is made from: each
//! field's name, type, default and doc comment.

use std::any::Any;
use std::sync::Arc;

/// Decoded options, as the rule selection keeps them: the rule's options struct.
pub type Decoded = Arc<dyn Any + Send + Sync>;

/// A rule's options struct: [`rule_options!`](crate::rule_options) implements it.
pub trait RuleOptions:
    serde::de::DeserializeOwned + serde::Serialize + Default + Send + Sync + 'static
{
    /// The fields, in declaration order.
    const FIELDS: &'static [OptionField];
}

/// One field of an options struct.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionField {
    /// The field's name in Rust (snake_case); [`OptionField::key`] is the key in `plint.toml`.
    pub field: &'static str,
    /// The type of its value, as TOML names it: `integer`, `boolean`, `string`, `array`,
    /// `float`.
    pub kind: &'static str,
    /// Its doc comment, one entry per line.
    pub doc: &'static [&'static str],
}

impl OptionField {
    /// The key in `plint.toml`: the field's name in kebab-case.
    pub fn key(&self) -> String {
        self.field.replace('_', "-")
    }
}

/// The TOML type name of an option's Rust type (see [`OptionField::kind`]).
pub trait OptionType {
    const KIND: &'static str;
}

macro_rules! option_types {
    ($($kind:literal: $($ty:ty),*;)*) => {
        $($(impl OptionType for $ty {
            const KIND: &'static str = $kind;
        })*)*
    };
}

option_types! {
    "integer": u8, u16, u32, u64, usize, i32, i64;
    "boolean": bool;
    "string": String;
    "float": f64;
}

impl<T> OptionType for Vec<T> {
    const KIND: &'static str = "array";
}

/// What the registry and the configuration know of a rule's options struct.
#[derive(Debug, Clone, Copy)]
pub struct OptionsSchema {
    /// The fields, in declaration order.
    pub fields: &'static [OptionField],
    decode: fn(&toml::Table) -> Result<Decoded, String>,
    defaults: fn() -> toml::Table,
}

impl OptionsSchema {
    /// The schema of the options struct `T`.
    pub const fn of<T: RuleOptions>() -> Self {
        OptionsSchema {
            fields: T::FIELDS,
            decode: decode::<T>,
            defaults: defaults::<T>,
        }
    }

    /// Decodes a `[rule-options.<rule>]` table (options it leaves out take their default);
    /// `Err` with serde's message if a key is unknown or a value does not fit its field.
    pub fn decode(&self, table: &toml::Table) -> Result<Decoded, String> {
        (self.decode)(table)
    }

    /// The default value of every field, by key.
    pub fn defaults(&self) -> toml::Table {
        (self.defaults)()
    }

    /// The field whose key (kebab-case) is `key`.
    pub fn field(&self, key: &str) -> Option<&'static OptionField> {
        self.fields.iter().find(|f| f.key() == key)
    }

    /// The `## Options` section of the rule's documentation, in the form of the doc comment it
    /// is appended to (each line with one leading space): one list item per field,
    /// `` - `key` (type, default value): what it does ``, the doc comment's further lines
    /// indented under it.
    pub fn docs_section(&self) -> String {
        let defaults = self.defaults();
        let mut out = String::from(" ## Options\n");
        for f in self.fields {
            let key = f.key();
            out.push_str(&format!(" - `{key}` ({}", f.kind));
            if let Some(value) = defaults.get(&key) {
                out.push_str(&format!(", default {value}"));
            }
            out.push_str("):");
            for (i, line) in f.doc.iter().map(|l| l.trim()).enumerate() {
                if i == 0 {
                    out.push(' ');
                    out.push_str(&lowercase_first(line));
                } else {
                    out.push_str("\n   ");
                    out.push_str(line);
                }
            }
            out.push('\n');
        }
        out
    }
}

/// The doc comment's first sentence starts a list item after a colon: its first letter in
/// lowercase.
fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn decode<T: RuleOptions>(table: &toml::Table) -> Result<Decoded, String> {
    let options: T = toml::Value::Table(table.clone())
        .try_into()
        .map_err(|e: toml::de::Error| e.message().to_string())?;
    Ok(Arc::new(options))
}

fn defaults<T: RuleOptions>() -> toml::Table {
    match toml::Value::try_from(T::default()) {
        Ok(toml::Value::Table(table)) => table,
        _ => toml::Table::new(),
    }
}

/// Declares a rule's options struct: its fields with their types, defaults and doc comments.
/// See the [module documentation](self).
#[macro_export]
macro_rules! rule_options {
    (
        $(#[doc = $doc:literal])*
        $vis:vis struct $name:ident {
            $(
                $(#[doc = $field_doc:literal])*
                $field:ident : $ty:ty = $default:expr
            ),* $(,)?
        }
    ) => {
        $(#[doc = $doc])*
        #[derive(Debug, Clone, PartialEq, serde::Deserialize, serde::Serialize)]
        #[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
        $vis struct $name {
            $(
                $(#[doc = $field_doc])*
                pub $field: $ty,
            )*
        }

        impl Default for $name {
            fn default() -> Self {
                $name {
                    $($field: $default,)*
                }
            }
        }

        impl $crate::rules::options::RuleOptions for $name {
            const FIELDS: &'static [$crate::rules::options::OptionField] = &[$(
                $crate::rules::options::OptionField {
                    field: stringify!($field),
                    kind: <$ty as $crate::rules::options::OptionType>::KIND,
                    doc: &[$($field_doc),*],
                }
            ),*];
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::rule_options! {
        /// Options of every type.
        pub struct Sample {
            /// The longest line.
            max_length: usize = 140,
            /// Also the other blocks,
            /// on two lines.
            all_blocks: bool = false,
            /// Names.
            names: Vec<String> = Vec::new(),
            /// A style.
            style: String = "x".to_string(),
        }
    }

    fn decoded(text: &str) -> Result<Sample, String> {
        let table: toml::Table = toml::from_str(text).unwrap();
        let d = OptionsSchema::of::<Sample>().decode(&table)?;
        Ok(d.downcast_ref::<Sample>().unwrap().clone())
    }

    #[test]
    fn options_decode_with_their_defaults() {
        let o =
            decoded("max-length = 120\nall-blocks = true\nnames = [\"a\", \"b\"]\nstyle = \"y\"\n")
                .unwrap();
        assert_eq!(o.max_length, 120);
        assert!(o.all_blocks);
        assert_eq!(o.names, ["a", "b"]);
        assert_eq!(o.style, "y");
        assert_eq!(decoded("").unwrap(), Sample::default());
        assert_eq!(decoded("all-blocks = true\n").unwrap().max_length, 140);
        let e = decoded("style = 3\n").unwrap_err();
        assert!(e.contains("string"), "{e}");
        let e = decoded("missing = 3\n").unwrap_err();
        assert!(e.contains("unknown field `missing`"), "{e}");
        assert!(decoded("max-length = -1\n").is_err());
    }

    #[test]
    fn the_options_section_is_made_from_the_struct() {
        let schema = OptionsSchema::of::<Sample>();
        assert_eq!(schema.field("all-blocks").map(|f| f.kind), Some("boolean"));
        assert_eq!(schema.field("names").map(|f| f.kind), Some("array"));
        assert!(schema.field("all_blocks").is_none());
        assert_eq!(
            schema.docs_section(),
            " ## Options\n \
             - `max-length` (integer, default 140): the longest line.\n \
             - `all-blocks` (boolean, default false): also the other blocks,\n   on two lines.\n \
             - `names` (array, default []): names.\n \
             - `style` (string, default \"x\"): a style.\n"
        );
    }
}
