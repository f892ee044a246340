//! Near-miss names for "did you mean": the edit distance between two names, how far a
//! misspelling may be, and the closest known name to an unknown one. A leaf: every stage that
//! suggests a name (configuration keys, rules, inference) uses this one implementation.

/// The closest of `names` to `name` (at most [`typo_limit`] edits away, at least one), for
/// "did you mean".
pub fn closest<'a>(name: &str, names: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let mut c = Closest::new(name);
    names.into_iter().for_each(|n| c.offer(n));
    c.best()
}

/// [`closest`], offered one name at a time (the names need not be collected): the same
/// answer whatever the order, the smallest distance, then the smallest name.
pub struct Closest<'n> {
    name: &'n str,
    limit: usize,
    best: Option<(usize, String)>,
}

impl<'n> Closest<'n> {
    pub fn new(name: &'n str) -> Self {
        Closest {
            name,
            limit: typo_limit(name).max(1),
            best: None,
        }
    }

    /// [`Closest::new`], looking only at names at most `max` edits away.
    pub fn within(name: &'n str, max: usize) -> Self {
        let mut c = Closest::new(name);
        c.limit = c.limit.min(max);
        c
    }

    pub fn offer(&mut self, n: &str) {
        if n == self.name || n.len().abs_diff(self.name.len()) > self.limit {
            return;
        }
        // A name farther than the best so far cannot replace it: the distance is computed
        // only as far as it can matter.
        let max = self
            .best
            .as_ref()
            .map_or(self.limit, |(bd, _)| (*bd).min(self.limit));
        if count_bound(self.name.as_bytes(), n.as_bytes()) > max {
            return;
        }
        let Some(d) = distance_at_most(self.name, n, max) else {
            return;
        };
        let better = match &self.best {
            None => true,
            Some((bd, bn)) => (d, n) < (*bd, bn.as_str()),
        };
        if better {
            self.best = Some((d, n.to_string()));
        }
    }

    pub fn best(self) -> Option<String> {
        self.best.map(|(_, n)| n)
    }
}

/// A lower bound of the edit distance ([`distance`]), cheaper to find: how many bytes
/// (counted by their low five bits) one string has more of, or fewer of, than the other. An
/// insertion, deletion or substitution changes at most one count up and one down, so each
/// moves the bound by at most one; a swap of neighbours changes no count.
fn count_bound(a: &[u8], b: &[u8]) -> usize {
    let mut counts = [0i32; 32];
    for &x in a {
        counts[usize::from(x & 31)] += 1;
    }
    for &x in b {
        counts[usize::from(x & 31)] -= 1;
    }
    let (mut more, mut fewer) = (0i32, 0i32);
    for c in counts {
        if c > 0 {
            more += c;
        } else {
            fewer -= c;
        }
    }
    more.max(fewer) as usize
}

/// Edit distance for "did you mean": the optimal string alignment distance (Damerau's
/// variant of Levenshtein's, where a swap of two neighbouring letters is one edit: `fiel` is
/// one edit from `file`), in characters.
pub fn distance(a: &str, b: &str) -> usize {
    strsim::osa_distance(a, b)
}

/// [`distance`] if it is at most `max`, else `None` (two bounds that are cheaper to find are
/// tried first: the difference in length, and `count_bound`).
pub fn distance_at_most(a: &str, b: &str, max: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > max || count_bound(a.as_bytes(), b.as_bytes()) > max {
        return None;
    }
    Some(distance(a, b)).filter(|&d| d <= max)
}

/// How many edits away a name may be to be taken for a misspelling of another: none for a
/// name of one or two letters, one up to five letters, two up to fifteen, three beyond.
pub fn typo_limit(name: &str) -> usize {
    match name.chars().count() {
        0..=2 => 0,
        3..=5 => 1,
        6..=15 => 2,
        _ => 3,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounded_distance_agrees_with_the_full_distance() {
        let words = [
            "",
            "a",
            "ab",
            "ba",
            "cron",
            "corn",
            "crn",
            "cronn",
            "yumrepo",
            "yum_repo",
            "mount",
            "mount_point",
            "ini_setting",
            "ini_settings",
            "init_setting",
            "file",
            "files",
            "package",
            "pakage",
            "apache::vhost",
            "apache::vhosts",
            "aaaa",
            "bbbb",
            "abab",
        ];
        for a in words {
            for b in words {
                let full = distance(a, b);
                assert!(count_bound(a.as_bytes(), b.as_bytes()) <= full, "{a} {b}");
                for max in 0..6 {
                    assert_eq!(
                        distance_at_most(a, b, max),
                        Some(full).filter(|&d| d <= max),
                        "{a} {b} {max}"
                    );
                }
            }
        }
    }

    #[test]
    fn closest_names() {
        assert_eq!(closest("notce", ["notice", "split"]), Some("notice".into()));
        assert_eq!(closest("zzz", ["notice"]), None);
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance_at_most("kitten", "sitting", 3), Some(3));
        assert_eq!(distance_at_most("kitten", "sitting", 2), None);
        assert_eq!(distance_at_most("package", "pakage", 1), Some(1));
        assert_eq!(distance_at_most("abc", "xyz", 0), None);
        assert_eq!(distance_at_most("", "", 0), Some(0));
        // A swap of neighbouring letters is one edit.
        assert_eq!(distance("fiel", "file"), 1);
        assert_eq!(distance("pacakge", "package"), 1);
        assert_eq!(distance_at_most("ab", "ba", 1), Some(1));
        assert_eq!(closest("fiel", ["file", "fail"]), Some("file".into()));
        assert_eq!(typo_limit("fiel"), 1);
        assert_eq!(typo_limit("ab"), 0);
        assert_eq!(typo_limit("ini_settings"), 2);
        assert_eq!(typo_limit("postgresql_server_x"), 3);
    }
}
