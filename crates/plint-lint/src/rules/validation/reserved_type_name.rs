use crate::declare_rule;
use crate::rules::Kind;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};
use crate::syntax::ast::{ExprKind, Span};
use rustc_hash::FxHashSet;
use std::sync::LazyLock;

use super::definition_not_at_top_level::kind_name;

declare_rule! {
    /// ## What it does
    /// Finds a class, defined type or function named like one of Puppet's data types
    /// (`class string`, `function integer()`), and a type alias that redefines a built-in
    /// type (`type Integer = String`, `type File = ...`).
    ///
    /// ## Why is this bad?
    /// Puppet rejects the manifest (`RESERVED_TYPE_NAME`, or a redefinition error when the
    /// alias is loaded): a reference such as `Integer` or `Class[string]` must keep its
    /// meaning.
    ///
    /// ## Example
    /// ```puppet
    /// class string { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// class string_utils { }
    /// ```
    pub struct ReservedTypeName {
        code: "P323",
        name: "reserved-type-name",
        severity: Error,
        category: Validation,
    }
}

/// Names no class, defined type or function may have (separated by blanks).
const RESERVED: &str = "\
    any array boolean collection enum float hash init integer numeric object optional \
    pattern regexp runtime scalar semver semverrange sensitive string struct timespan \
    timestamp tuple type typeset unit variant";

/// The built-in types (in lower case, separated by blanks) that a type alias cannot
/// redefine.
const BUILT_IN_TYPES: &str = "\
    any array binary boolean callable catalogentry class collection component data \
    default deferred enum exec file filebucket float group hash init integer iterable \
    iterator node notify notundef numeric object optional package pattern \
    puppet::lookupkey puppet::lookupvalue regexp resource resources richdata \
    richdatakey runtime scalar scalardata schedule semver semverrange sensitive service \
    stage string struct tidy timespan timestamp tuple type typealias typereference \
    typeset undef uri user variant whit";

/// [`RESERVED`] as a set.
static RESERVED_SET: LazyLock<FxHashSet<&'static str>> =
    LazyLock::new(|| RESERVED.split_whitespace().collect());

/// [`BUILT_IN_TYPES`] as a set.
static BUILT_IN_TYPES_SET: LazyLock<FxHashSet<&'static str>> =
    LazyLock::new(|| BUILT_IN_TYPES.split_whitespace().collect());

impl Check for ReservedTypeName {
    fn check(&self, cx: &mut Context<'_>) {
        let index = cx.index();
        let kinds = [Kind::Class, Kind::Define, Kind::Function, Kind::TypeAlias];
        for (i, e) in index.of(&kinds) {
            // Inside a class, a class or defined type is named after it (`outer::string`).
            let nested = matches!(e.kind, ExprKind::Class(_) | ExprKind::Define(_))
                && index
                    .ancestors(i)
                    .any(|a| matches!(a.kind, ExprKind::Class(_)));
            if nested {
                continue;
            }
            // Classes, defined types and functions: the exact name; types: any case.
            let (name, span, is_type): (&str, Span, bool) = match &e.kind {
                ExprKind::Class(c) => (&c.name.name, c.name.span, false),
                ExprKind::Define(d) => (&d.name.name, d.name.span, false),
                ExprKind::Function(f) => (&f.name.name, f.name.span, false),
                ExprKind::TypeAlias(t) => match &t.name.kind {
                    ExprKind::TypeRef(n) => (n, t.name.span, true),
                    _ => continue,
                },
                _ => continue,
            };
            let reserved = if is_type {
                let lower = name.trim_start_matches("::").to_ascii_lowercase();
                BUILT_IN_TYPES_SET.contains(lower.as_str())
            } else {
                RESERVED_SET.contains(name)
            };
            if !reserved {
                continue;
            }
            let kind = kind_name(e);
            cx.report(
                span,
                format!("`{name}` is the name of a built-in type and cannot name a {kind}"),
            )
            .label("reserved name")
            .help("choose another name, for example one prefixed with the module's name");
        }
    }
}
