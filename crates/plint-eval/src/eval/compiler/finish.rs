//! The end of a compilation: relationships and relationship metaparameters turned into
//! edges, pending overrides and realizations checked, attributes checked, scope tags merged.

use super::resources::{parse_ref_string, ref_key};
use super::{Compiler, ResKind};
use crate::eval::catalog::Resource;
use crate::eval::diag::{BadAttribute, Dangling, EvalDiagKind, Realize};
use crate::eval::error::{EvalError, EvalResult};
use crate::eval::value::Value;

impl Compiler<'_> {
    // ------------------------------------------------------------------ finish

    pub fn finish(&mut self) -> EvalResult<()> {
        self.relationship_edges()?;
        self.pending_overrides()?;
        self.check_relationship_params()?;
        self.check_attributes()?;
        self.unrealized()?;
        self.write_namevars();
        // Scope tags, in creation order (a container's tags are complete before its
        // contents').
        for i in 0..self.built.meta.len() {
            self.merge_scope_tags(i);
        }
        // Sensitive values are written in the clear with their names listed (catalog.rs);
        // edges to virtual resources are left out.
        let virtual_refs: std::collections::HashSet<String> = self
            .built
            .catalog
            .resources()
            .iter()
            .filter(|r| r.virtual_)
            .map(Resource::reference)
            .collect();
        self.built
            .catalog
            .edges
            .retain(|e| !virtual_refs.contains(&e.target) && !virtual_refs.contains(&e.source));
        Ok(())
    }

    /// The relationships (`->`, `~>`) as the relationship metaparameters of their sources.
    fn relationship_edges(&mut self) -> EvalResult<()> {
        let rels = self.built.take_relationships();
        // A relationship that names a missing resource is reported once, and so is a missing
        // resource that several relationships name (a chain `A -> Missing ~> B`).
        let mut missing: Vec<(String, String)> = Vec::new();
        'rel: for rel in &rels {
            let sources = self.operand_refs(&rel.source, true);
            let targets = self.operand_refs(&rel.target, false);
            for s in &sources {
                for t in &targets {
                    let Some(si) = self.find_resource(&s.0, &s.1) else {
                        self.dangling(&mut missing, rel, s, true, t)?;
                        continue 'rel;
                    };
                    if self.find_resource(&t.0, &t.1).is_none() {
                        self.dangling(&mut missing, rel, t, false, s)?;
                        continue 'rel;
                    }
                    let target = Value::string(format!("{}[{}]", t.0, t.1));
                    let res = self.built.catalog.get_mut(si);
                    let new = match res.param(rel.param) {
                        None | Some(Value::Undef) => Value::array(vec![target]),
                        Some(Value::Array(a)) => {
                            let mut a = a.as_ref().clone();
                            a.push(target);
                            Value::array(a)
                        }
                        Some(other) => Value::array(vec![other.clone(), target]),
                    };
                    res.set_param(rel.param, new);
                }
            }
        }
        Ok(())
    }

    /// The overrides still waiting: applied to the resources declared since, or reported.
    fn pending_overrides(&mut self) -> EvalResult<()> {
        let pending = self.built.take_overrides();
        let mut remaining = Vec::new();
        for ov in pending {
            match self.built.catalog.find(&ov.type_name, &ov.title) {
                Some(idx) if ov.uncertain => {
                    // Whether it applies is not known: an error is not Puppet's.
                    let _ = self.apply_override(idx, &ov, false);
                }
                Some(idx) => {
                    if let Err(e) = self.apply_override(idx, &ov, false) {
                        self.recover_error(e)?;
                    }
                }
                None if ov.uncertain => {}
                None => remaining.push(ov),
            }
        }
        if let Some(first) = remaining.first() {
            let references = remaining
                .iter()
                .map(|o| format!("{}[{}]", o.type_name, o.title))
                .collect();
            let e = EvalError::finding(EvalDiagKind::RealizeMissing {
                references,
                purpose: Realize::Override,
            })
            .located(first.file, first.span);
            self.recover_error(e)?;
        }
        Ok(())
    }

    /// Realized references that were never found.
    fn unrealized(&mut self) -> EvalResult<()> {
        let unrealized = self.built.unrealized();
        for (t, title, file, span) in unrealized {
            let e = EvalError::finding(EvalDiagKind::RealizeMissing {
                references: vec![format!("{t}[{title}]")],
                purpose: Realize::Virtual,
            })
            .located(file, span);
            self.recover_error(e)?;
        }
        Ok(())
    }

    /// A core type's namevar set to the title is not written (as Puppet's catalog).
    fn write_namevars(&mut self) {
        for i in 0..self.built.catalog.resources().len() {
            let nonstring_title = self.built.meta[i].nonstring_title;
            if self.built.meta[i].kind != ResKind::Builtin {
                // A define's namevar is `name`.
                let r = self.built.catalog.get_mut(i);
                if nonstring_title && r.param("name").is_none() {
                    let title = Value::string(r.title.clone());
                    r.params.insert(0, ("name".into(), title));
                }
                continue;
            }
            let r = self.built.catalog.get(i);
            let lower = r.type_name.to_lowercase();
            let mut patterns = None;
            let mut names: Vec<String> = match crate::defs::builtins::resource_type(&lower) {
                Some(def) => def.namevars().map(|a| a.name.clone()).collect(),
                None => match self.loader.custom_type_def(&lower) {
                    Some(def) => {
                        patterns = def.title_patterns.clone();
                        def.namevars().map(|a| a.name.clone()).collect()
                    }
                    None => continue,
                },
            };
            if names.is_empty() {
                names.push("name".into());
            }
            let title = r.title.clone();
            let r = self.built.catalog.get_mut(i);
            if !nonstring_title {
                r.params
                    .retain(|(n, v)| !(names.contains(n) && v.as_str() == Some(title.as_str())));
            }
            // A title pattern that changes the title (a file's trailing slashes) gives the
            // namevar its own value, which the catalog writes first.
            let key = crate::eval::checks::title_key(&r.type_name, &title);
            if (key != title || nonstring_title) && !r.params.iter().any(|(n, _)| names.contains(n))
            {
                r.params.insert(0, (names[0].clone(), Value::String(key)));
            }
            // A custom type's title patterns set the attributes their captures name (Puppet's
            // `parse_title`, merged under the parameters given); `name` equal to the title is
            // not written.
            if let Some(patterns) = patterns
                && !nonstring_title
            {
                let parsed = self.parse_title(&patterns, &title);
                let r = self.built.catalog.get_mut(i);
                let mut at = 0;
                for (attr, value) in parsed {
                    if attr != "name" && !r.params.iter().any(|(n, _)| *n == attr) {
                        r.params.insert(at, (attr, Value::String(value)));
                        at += 1;
                    }
                }
            }
        }
    }

    /// The relationship metaparameters name resources of the catalog.
    fn check_relationship_params(&mut self) -> EvalResult<()> {
        for i in 0..self.built.catalog.resources().len() {
            if self.built.catalog.get(i).virtual_ {
                continue;
            }
            for p in ["before", "require", "notify", "subscribe"] {
                let Some(v) = self.built.catalog.get(i).param(p).cloned() else {
                    continue;
                };
                let mut flat = Vec::new();
                super::eval::flatten_into(&v, &mut flat);
                for x in flat {
                    let key = match &x {
                        Value::String(s) => parse_ref_string(s),
                        Value::Undef | Value::Unknown(_) => continue,
                        other => ref_key(other),
                    };
                    let Some((t, title)) = key else { continue };
                    let found = self
                        .find_resource(&t, &title)
                        .is_some_and(|j| !self.built.catalog.get(j).virtual_);
                    if !found {
                        let (file, span) = (self.built.meta[i].file, self.built.meta[i].span);
                        let named = Dangling::Parameter {
                            reference: format!("{t}[{title}]"),
                            param: p.to_string(),
                        };
                        let e = EvalError::finding(EvalDiagKind::DanglingRelationship { named })
                            .located(file, span);
                        self.recover_error(e)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// A resource by type and title, or by an `alias` or name parameter.
    pub fn find_resource(&self, t: &str, title: &str) -> Option<usize> {
        if let Some(i) = self.built.catalog.find(t, title) {
            return Some(i);
        }
        self.built.catalog.resources().iter().position(|r| {
            r.type_name == t
                && ["alias", "name"].iter().any(|p| {
                    r.param(p).is_some_and(|v| {
                        let mut flat = Vec::new();
                        super::eval::flatten_into(v, &mut flat);
                        flat.iter().any(|x| x.as_str() == Some(title))
                    })
                })
        })
    }

    /// The attributes of core-type resources are the type's.
    fn check_attributes(&mut self) -> EvalResult<()> {
        for i in 0..self.built.catalog.resources().len() {
            if self.built.meta[i].kind != ResKind::Builtin || self.built.catalog.get(i).virtual_ {
                continue;
            }
            let r = self.built.catalog.get(i);
            let Some(def) = crate::defs::builtins::resource_type(&r.type_name.to_lowercase())
            else {
                continue;
            };
            if !def.complete {
                continue;
            }
            let bad = r.params.iter().find(|(n, _)| {
                def.attribute(n).is_none()
                    && crate::defs::builtins::metaparameter(n).is_none()
                    // `name` is the namevar by another name (`file`'s `path`).
                    && !(n == "name" && def.namevars().next().is_some())
            });
            if let Some((n, _)) = bad {
                let e = EvalError::finding(EvalDiagKind::UnknownAttribute {
                    resource: r.reference(),
                    problem: BadAttribute::Native(n.clone()),
                })
                .located(self.built.meta[i].file, self.built.meta[i].span);
                self.recover_error(e)?;
            }
        }
        Ok(())
    }

    pub(super) fn merge_scope_tags(&mut self, idx: usize) {
        if self.built.meta[idx].tags_merged {
            return;
        }
        self.built.meta[idx].tags_merged = true;
        let Some(c) = self.tag_container(idx) else {
            return;
        };
        self.merge_scope_tags(c);
        let tags = self.built.catalog.get(c).tags.clone();
        let r = self.built.catalog.get_mut(idx);
        for t in tags {
            r.tag(&t);
        }
    }

    /// What a custom type's title patterns take from `title`: the attributes of the first
    /// pattern that matches, with what each capture holds (as Puppet's `parse_title`).
    fn parse_title(
        &self,
        patterns: &[crate::defs::model::TitlePattern],
        title: &str,
    ) -> Vec<(String, String)> {
        for p in patterns {
            let captures = self.regexes.with_ruby_regex(&p.regex, title, |re| {
                re.captures(title).map(|c| {
                    c.map(|c| {
                        (1..c.len())
                            .map(|i| c.get(i).map(|m| m.as_str().to_string()))
                            .collect::<Vec<_>>()
                    })
                })
            });
            match captures {
                Ok(Some(groups)) => {
                    return p
                        .attributes
                        .iter()
                        .zip(groups)
                        .filter_map(|(a, g)| Some((a.clone(), g?)))
                        .collect();
                }
                Ok(None) => {}
                // A pattern plint cannot run: nothing is known of the title's parts.
                Err(_) => return Vec::new(),
            }
        }
        Vec::new()
    }

    /// The resource whose tags the resource at `idx` takes (its scope's resource; for a
    /// class or node, the nearest one up its dynamic scopes).
    pub(super) fn tag_container(&self, idx: usize) -> Option<usize> {
        let sid = self.built.meta[idx].scope;
        let container = if matches!(self.built.meta[idx].kind, ResKind::Class | ResKind::Node) {
            self.scopes[sid].resource.or_else(|| {
                let mut s = self.scopes[sid].dyn_parent;
                while let Some(id) = s {
                    if let Some(r) = self.scopes[id].resource {
                        return Some(r);
                    }
                    s = self.scopes[id].dyn_parent;
                }
                None
            })
        } else {
            self.scopes[sid].resource
        };
        container.filter(|&c| c != idx)
    }
}

impl Compiler<'_> {
    /// Reports `gone`, a resource a relationship names that is not in the catalog, once for
    /// all the relationships that name it; `source` says whether it is the source, `other`
    /// is the other end.
    fn dangling(
        &mut self,
        missing: &mut Vec<(String, String)>,
        rel: &super::relationships::Relationship,
        gone: &(String, String),
        source: bool,
        other: &(String, String),
    ) -> EvalResult<()> {
        if missing.contains(gone) {
            return Ok(());
        }
        missing.push(gone.clone());
        let named = Dangling::Relationship {
            gone: format!("{}[{}]", gone.0, gone.1),
            other: format!("{}[{}]", other.0, other.1),
            source,
        };
        let e = EvalError::finding(EvalDiagKind::DanglingRelationship { named })
            .located(rel.file, rel.span);
        self.recover_error(e)
    }
}
