//! The rule engine: one rule per file, declared once with
//! [`declare_rule!`](crate::declare_rule), registered by one line in its family's
//! [`rule_family!`](crate::rule_family) list (gathered in [`registry::RULES`]).
//!
//! A rule reads the AST of one file (and, once they exist, the index and inferred types; it
//! never re-parses) and reports violations through its [`Context`]. Files are checked in
//! parallel; the caller sorts the findings.
//!
//! A rule's documentation is its doc comment, with the sections `## What it does`,
//! `## Why is this bad?`, `## Example` and `## Use instead`; when it takes options, an
//! `## Options` section made from its options struct follows (see [`options`]).
//! `plint explain` prints it, and a test runs every example: the `Example` block must trigger
//! the rule and the `Use instead` block must not.

pub mod cache;
mod context;
pub mod docs;
mod expressions;
pub mod options;
pub mod queries;
pub mod registry;
pub mod suppress;

// ---- rules: one file each, in one family folder, listed in that folder's `rule_family!` ----
pub mod catalog;
pub mod module;
pub mod style;
pub mod types;
pub mod validation;

pub use cache::{FileCache, FileCaches};
pub use context::{Context, FileInfo};
pub use expressions::{Expressions, IndexedExpr, Kind, NameBytes};

use crate::report::{RuleMeta, Severity};

/// The family a rule belongs to; it decides the rule's code range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Category {
    /// P1xx: types and names across modules.
    Types,
    /// P2xx: evaluation and catalog checks.
    Catalog,
    /// P3xx: the language's validation rules (as Puppet's validator).
    Validation,
    /// P4xx: style (as puppet-lint and its plugins).
    Style,
    /// P5xx: a module's files besides manifests (templates).
    Module,
}

impl Category {
    pub fn as_str(self) -> &'static str {
        match self {
            Category::Types => "types",
            Category::Catalog => "catalog",
            Category::Validation => "validation",
            Category::Style => "style",
            Category::Module => "module",
        }
    }
}

/// How safe the fixes of a fixable rule are: a safe fix never changes what Puppet compiles,
/// for any facts; an unsafe one may (`--fix` applies it only with `--unsafe-fixes`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FixSafety {
    /// Every fix the rule offers is safe.
    Safe,
    /// Some of its fixes are safe, others unsafe (the rule's documentation says which).
    Sometimes,
    /// Every fix it offers is unsafe.
    Unsafe,
}

impl FixSafety {
    pub fn as_str(self) -> &'static str {
        match self {
            FixSafety::Safe => "safe",
            FixSafety::Sometimes => "sometimes-unsafe",
            FixSafety::Unsafe => "unsafe",
        }
    }
}

/// A setting of Puppet's whose default differs between Puppet 7 and Puppet 8 and that
/// decides whether Puppet fails or warns on what a rule finds. A rule that names one (the
/// `puppet_setting` key of [`declare_rule!`](crate::declare_rule)) declares the severity it
/// has when the setting makes Puppet fail (Puppet 8's default); where the target Puppet only
/// warns (`puppet-version = 7`), its findings are warnings (see
/// [`crate::config::Puppet::severity`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PuppetSetting {
    /// `strict_variables`: reading a variable that is not set fails the compilation (Puppet
    /// 8's default), or is a warning and `undef` (Puppet 7's).
    StrictVariables,
    /// `strict`: `error` (Puppet 8's default) fails on what `warning` (Puppet 7's) warns
    /// about: an unparsable `metadata.json`, a duplicate key in a hash literal, a `hiera.yaml`
    /// of version 3 in a module or an environment, ...
    Strict,
}

impl PuppetSetting {
    /// The setting's name in `puppet.conf`.
    pub fn as_str(self) -> &'static str {
        match self {
            PuppetSetting::StrictVariables => "strict_variables",
            PuppetSetting::Strict => "strict",
        }
    }
}

/// Everything plint knows about a rule besides its check.
#[derive(Debug, Clone, Copy)]
pub struct RuleInfo {
    /// Stable code, `P` and three digits.
    pub code: &'static str,
    /// Kebab-case name, read as "allow `<name>`".
    pub name: &'static str,
    pub severity: Severity,
    pub category: Category,
    /// The puppet-lint check it mirrors, so `# lint:ignore:<check>` carries over.
    pub puppet_lint: Option<&'static str>,
    /// Whether the rule runs when nothing configures it (puppet-lint's "disabled" checks
    /// are off by default here too).
    pub default_enabled: bool,
    /// Whether it offers fixes that `--fix` applies.
    pub fixable: bool,
    /// How safe its fixes are (meaningful when `fixable`).
    pub fix_safety: FixSafety,
    /// The rule's documentation (markdown), from its doc comment; without its `## Options`
    /// section, which [`RuleInfo::documentation`] adds from [`RuleInfo::options`].
    pub docs: &'static str,
    /// The options it takes, if any: its options struct (see [`options`]).
    pub options: Option<options::OptionsSchema>,
    /// The Puppet setting that decides whether Puppet fails on what it finds, if any:
    /// [`RuleInfo::severity`] is then the severity when Puppet fails (its default in Puppet
    /// 8), and a warning is what it is where Puppet only warns (see [`PuppetSetting`]).
    pub puppet_setting: Option<PuppetSetting>,
}

impl RuleInfo {
    /// The values of the keys [`declare_rule!`](crate::declare_rule) may leave out (and
    /// placeholders for those it always sets).
    #[doc(hidden)]
    pub const DEFAULTS: RuleInfo = RuleInfo {
        code: "",
        name: "",
        severity: Severity::Warning,
        category: Category::Style,
        puppet_lint: None,
        default_enabled: true,
        fixable: false,
        fix_safety: FixSafety::Safe,
        docs: "",
        options: None,
        puppet_setting: None,
    };

    /// The whole documentation: the doc comment, then the `## Options` section made from the
    /// rule's options struct, if it has one.
    pub fn documentation(&self) -> std::borrow::Cow<'static, str> {
        match &self.options {
            Some(schema) => format!("{}\n{}", self.docs, schema.docs_section()).into(),
            None => self.docs.into(),
        }
    }

    /// The first sentence of "What it does".
    pub fn summary(&self) -> &'static str {
        docs::summary(self.docs)
    }

    /// The metadata the output formats need.
    pub fn meta(&self) -> RuleMeta {
        RuleMeta {
            code: self.code,
            name: self.name,
            default_severity: self.severity,
            summary: self.summary(),
            description: docs::section(self.docs, "Why is this bad?").unwrap_or(self.summary()),
            category: self.category.as_str(),
            puppet_lint: self.puppet_lint,
            docs: self.docs,
        }
    }
}

/// A rule as the registry holds it: its metadata and how it runs.
/// [`declare_rule!`](crate::declare_rule) implements it; a rule file implements [`Check`] (or,
/// for a catalog rule, [`CatalogRule`](catalog::CatalogRule)).
pub trait Rule: Send + Sync {
    fn info(&self) -> &'static RuleInfo;
    /// What finds the rule's violations.
    fn kind(&self) -> RuleKind;

    /// Whether the rule reads the program's index ([`Context::program`]): the index is built
    /// only when a selected rule does. The per-file rules of the family that looks across
    /// files (types and names) do; the catalog rules report what `--evaluate` finds instead.
    /// Such a rule runs in the second pass over the file, where the file's expression list
    /// ([`Context::index`]) is not made: it walks the AST itself (as the inference does).
    fn needs_program(&self) -> bool {
        match self.kind() {
            RuleKind::File(_) => self.info().category == Category::Types,
            RuleKind::ModuleFile(check) => check.needs_program(),
            RuleKind::Catalog(_) => false,
        }
    }
}

/// What finds a rule's violations.
#[derive(Clone, Copy)]
pub enum RuleKind {
    /// A check of one file at a time.
    File(&'static dyn Check),
    /// A compilation (`plint --evaluate`): the rule turns its findings into diagnostics and
    /// finds nothing in one file.
    Catalog(&'static dyn catalog::CatalogRule),
    /// A check of a module's file that is not a manifest (a template).
    ModuleFile(&'static dyn module::ModuleFileCheck),
}

/// The check of a rule that reads one file at a time: what a rule file implements, beside its
/// [`declare_rule!`](crate::declare_rule).
pub trait Check: Send + Sync {
    fn check(&self, cx: &mut Context<'_>);
}

/// Declares a rule: its struct, documentation and metadata, and its [`Rule`] implementation.
///
/// ```ignore
/// declare_rule! {
///     /// ## What it does
///     /// ...
///     pub struct DuplicateParameter {
///         code: "P301",
///         name: "duplicate-parameter",
///         severity: Error,
///         category: Validation,
///     }
/// }
///
/// impl Check for DuplicateParameter {
///     fn check(&self, cx: &mut Context<'_>) { ... }
/// }
/// ```
/// Optional keys, after `category`: `puppet_lint: "check_name"`, `default_enabled: false`,
/// `fixable: true`, `fix_safety: Unsafe | Sometimes` (default `Safe`), `options: Options`
/// (the rule's options struct, declared with [`rule_options!`](crate::rule_options)).
///
/// A rule of category `Catalog` implements [`CatalogRule`](catalog::CatalogRule) instead of
/// [`Check`], one of category `Module` [`ModuleFileCheck`](module::ModuleFileCheck). The rule is registered by one line in its family's
/// [`rule_family!`](crate::rule_family) list.
#[macro_export]
macro_rules! declare_rule {
    (
        $(#[doc = $doc:literal])*
        $vis:vis struct $name:ident {
            code: $code:literal,
            name: $rule_name:literal,
            severity: $severity:ident,
            category: Catalog
            $(, $key:ident : $value:tt)*
            $(,)?
        }
    ) => {
        $crate::declare_rule!(@declare
            [$(#[doc = $doc])*] $vis $name, $code, $rule_name, $severity, Catalog,
            [$($key: $value),*]);
        impl $crate::rules::Rule for $name {
            fn info(&self) -> &'static $crate::rules::RuleInfo {
                &Self::INFO
            }
            fn kind(&self) -> $crate::rules::RuleKind {
                $crate::rules::RuleKind::Catalog(&$name)
            }
        }
    };
    (
        $(#[doc = $doc:literal])*
        $vis:vis struct $name:ident {
            code: $code:literal,
            name: $rule_name:literal,
            severity: $severity:ident,
            category: Module
            $(, $key:ident : $value:tt)*
            $(,)?
        }
    ) => {
        $crate::declare_rule!(@declare
            [$(#[doc = $doc])*] $vis $name, $code, $rule_name, $severity, Module,
            [$($key: $value),*]);
        impl $crate::rules::Rule for $name {
            fn info(&self) -> &'static $crate::rules::RuleInfo {
                &Self::INFO
            }
            fn kind(&self) -> $crate::rules::RuleKind {
                $crate::rules::RuleKind::ModuleFile(&$name)
            }
        }
    };
    (
        $(#[doc = $doc:literal])*
        $vis:vis struct $name:ident {
            code: $code:literal,
            name: $rule_name:literal,
            severity: $severity:ident,
            category: $category:ident
            $(, $key:ident : $value:tt)*
            $(,)?
        }
    ) => {
        $crate::declare_rule!(@declare
            [$(#[doc = $doc])*] $vis $name, $code, $rule_name, $severity, $category,
            [$($key: $value),*]);
        impl $crate::rules::Rule for $name {
            fn info(&self) -> &'static $crate::rules::RuleInfo {
                &Self::INFO
            }
            fn kind(&self) -> $crate::rules::RuleKind {
                $crate::rules::RuleKind::File(&$name)
            }
        }
    };
    (@declare [$(#[doc = $doc:literal])*] $vis:vis $name:ident, $code:literal, $rule_name:literal,
        $severity:ident, $category:ident, [$($key:ident: $value:tt),*]) => {
        $(#[doc = $doc])*
        #[derive(Debug, Default, Clone, Copy)]
        $vis struct $name;

        impl $name {
            pub const INFO: $crate::rules::RuleInfo = $crate::rules::RuleInfo {
                code: $code,
                name: $rule_name,
                severity: $crate::report::Severity::$severity,
                category: $crate::rules::Category::$category,
                docs: concat!($($doc, "\n"),*),
                ..$crate::declare_rule!(@keys [$($key: $value),*])
            };
        }
    };
    // The optional keys, over their defaults.
    (@keys [$($key:ident: $value:tt),*]) => {
        $crate::rules::RuleInfo {
            $($key: $crate::declare_rule!(@value $key $value),)*
            ..$crate::rules::RuleInfo::DEFAULTS
        }
    };
    (@value puppet_lint $v:literal) => { Some($v) };
    (@value default_enabled $v:literal) => { $v };
    (@value fixable $v:literal) => { $v };
    (@value fix_safety $v:ident) => { $crate::rules::FixSafety::$v };
    (@value options $v:ident) => { Some($crate::rules::options::OptionsSchema::of::<$v>()) };
    (@value puppet_setting $v:ident) => { Some($crate::rules::PuppetSetting::$v) };
}

/// Declares a family's rules, one line each (`module::Rule`, in code order): each rule's
/// module (the file `<module>.rs` beside the family's `mod.rs`) and the family's list
/// `RULES`, which [`registry::RULES`] gathers. Registering a rule is its line here.
#[macro_export]
macro_rules! rule_family {
    ($($module:ident :: $rule:ident),* $(,)?) => {
        $(mod $module;)*

        /// This family's rules, in code order.
        pub static RULES: &[&dyn $crate::rules::Rule] = &[$(&$module::$rule),*];
    };
}

/// Finds a rule by code (`P301`), name (`duplicate-parameter`) or puppet-lint check name.
pub fn find(key: &str) -> Option<&'static dyn Rule> {
    let key_upper = key.to_ascii_uppercase();
    registry::RULES.iter().copied().find(|r| {
        let i = r.info();
        i.code == key_upper || i.name == key || i.puppet_lint == Some(key)
    })
}
