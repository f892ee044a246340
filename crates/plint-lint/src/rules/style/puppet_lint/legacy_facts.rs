use super::fact_reads as facts;
use crate::declare_rule;
use crate::report::Fix;
use crate::rules::context::DiagnosticExt;
use crate::rules::{Context, Check};

declare_rule! {
    /// ## What it does
    /// Finds legacy facts, read as top-scope variables (`$::osfamily`) or from `$facts`
    /// (`$facts['osfamily']`), and names the structured fact that replaces each
    /// (`$facts['os']['family']`).
    ///
    /// The fix writes the structured fact. Where a level of it may be missing on a node
    /// (`ssh.dsa` on a host with no DSA key, `os.distro` without `lsb_release`), it reads it
    /// with `dig`, which gives undef there as the legacy fact did: `$::sshdsakey` becomes
    /// `$facts.dig('ssh', 'dsa', 'key')`, not `$facts['ssh']['dsa']['key']`, on which Puppet
    /// fails to compile ("Operator '[]' is not applicable to an Undef Value"). Only the
    /// levels that every node has (`os`, `networking`, see `rules/facts/legacy.toml`) are
    /// read with a plain access: `$::osfamily` becomes `$facts['os']['family']`.
    ///
    /// The fix is safe for facts with an exact equivalent. It is marked unsafe for facts
    /// named after a device, interface or zone (`$::ipaddress_eth0`), because Facter mangled
    /// those names (`eth0.100` became `eth0_100`), and for `lsbdist*`, which Facter 4 sets
    /// only where `lsb_release` is installed while `os.distro` is set from `/etc/os-release`
    /// too (on a RedHat 8 node `$::lsbdistcodename` is undef, `os.distro.codename` is `Ootpa`). A few facts have no drop-in replacement
    /// (`$::interfaces`, `$::memorysize_mb`) and no fix.
    ///
    /// ## Why is this bad?
    /// Facter 4 no longer sends legacy facts unless asked to (`include-legacy-facts`), so
    /// code that reads them gets `undef`.
    ///
    /// ## Example
    /// ```puppet
    /// if $::osfamily == 'Debian' { }
    /// ```
    ///
    /// ## Use instead
    /// ```puppet
    /// if $facts['os']['family'] == 'Debian' { }
    /// ```
    pub struct LegacyFacts {
        code: "P421",
        name: "legacy-fact",
        severity: Warning,
        category: Style,
        puppet_lint: "legacy_facts",
        fixable: true,
        fix_safety: Sometimes,
    }
}

impl Check for LegacyFacts {
    fn check(&self, cx: &mut Context<'_>) {
        let reads = facts::reads_of(cx);
        let mut found = reads
            .iter()
            .filter_map(|r| Some((&r.read, r.legacy.as_ref()?)))
            .peekable();
        if found.peek().is_none() {
            return;
        }
        let unbraced = facts::unbraced_of(cx);
        for (read, legacy) in found {
            let text = cx.text(read.span);
            let d = cx.report(
                read.span,
                ["the legacy fact `", &read.name, "` is read"].concat(),
            );
            let Some(access) = &legacy.access else {
                d.label("legacy fact").help(format!(
                    "`{}` has no structured equivalent of the same shape: compute it from the structured facts",
                    read.name
                ));
                continue;
            };
            let new = facts::replacement(text, read.span, unbraced, access);
            d.label("legacy fact")
                .help(["read the structured fact `$facts", access, "`"].concat());
            let mut fix = Fix::replace("read the structured fact", read.span.range(), new);
            fix.safe = legacy.exact;
            d.fix(fix);
        }
    }
}
