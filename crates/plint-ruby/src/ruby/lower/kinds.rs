//! A Prism node's kind in plint's tree: one step per family of node kinds (the program's
//! structure, literals, variables and constants, assignments, control flow, definitions).
//! Each step answers the kinds of its family and `None` for the others.

use std::sync::Arc;

use ruby_prism::{ArgumentsNode, ConstantId, Node as P};

use super::{Lowerer, NOT_UTF8, bytes, integer, ivar, kind_name, name};
use crate::ruby::ast::{Body, NodeKind as K, Part, RegexFlags, Span, Target};

impl Lowerer {
    pub(super) fn kind(&mut self, n: &P<'_>, sp: Span) -> K {
        if let Some(k) = self.structure(n) {
            return k;
        }
        if let Some(k) = self.literal(n) {
            return k;
        }
        if let Some(k) = self.variable(n) {
            return k;
        }
        if let Some(c) = n.as_call_node() {
            return self.call(&c, sp);
        }
        if let Some(k) = self.assignment(n) {
            return k;
        }
        if let Some(k) = self.control(n, sp) {
            return k;
        }
        if let Some(k) = self.definition(n, sp) {
            return k;
        }
        K::Unsupported(kind_name(n))
    }

    /// The program, statements, parentheses, `begin` and implicit nodes.
    fn structure(&mut self, n: &P<'_>) -> Option<K> {
        if let Some(p) = n.as_program_node() {
            return Some(self.node(&p.statements().as_node()).kind);
        }
        if let Some(s) = n.as_statements_node() {
            let mut v = self.list(s.body());
            return Some(if v.len() == 1 {
                v.pop().map(|n| n.kind).unwrap_or(K::Nil)
            } else {
                K::Seq(v)
            });
        }
        if let Some(p) = n.as_parentheses_node() {
            return Some(match p.body() {
                Some(b) => self.node(&b).kind,
                None => K::Nil,
            });
        }
        if let Some(b) = n.as_begin_node() {
            return Some(self.begin(&b));
        }
        if let Some(i) = n.as_implicit_node() {
            return Some(self.node(&i.value()).kind);
        }
        None
    }

    /// `nil`, `true`, `false`, `self`, numbers, strings, symbols, regexps, arrays, hashes,
    /// splats, ranges; `__LINE__` and backticks are not supported.
    fn literal(&mut self, n: &P<'_>) -> Option<K> {
        if n.as_nil_node().is_some() {
            return Some(K::Nil);
        }
        if n.as_true_node().is_some() {
            return Some(K::True);
        }
        if n.as_false_node().is_some() {
            return Some(K::False);
        }
        if n.as_self_node().is_some() {
            return Some(K::SelfRef);
        }
        if let Some(i) = n.as_integer_node() {
            return Some(integer(&i.value()));
        }
        if let Some(f) = n.as_float_node() {
            return Some(K::Float(f.value()));
        }
        if let Some(s) = n.as_string_node() {
            let Ok(text) = std::str::from_utf8(s.unescaped()) else {
                return Some(K::Unsupported(NOT_UTF8.into()));
            };
            return Some(K::Str {
                text: text.to_string(),
                frozen: s.is_frozen(),
            });
        }
        if let Some(s) = n.as_interpolated_string_node() {
            return Some(K::Interp(self.parts(s.parts())));
        }
        if let Some(s) = n.as_symbol_node() {
            let Ok(text) = std::str::from_utf8(s.unescaped()) else {
                return Some(K::Unsupported(NOT_UTF8.into()));
            };
            return Some(K::Sym(text.to_string()));
        }
        if let Some(s) = n.as_interpolated_symbol_node() {
            return Some(K::DSym(self.parts(s.parts())));
        }
        if let Some(k) = self.regexp(n) {
            return Some(k);
        }
        if let Some(a) = n.as_array_node() {
            return Some(K::Array(self.list(a.elements())));
        }
        if let Some(h) = n.as_hash_node() {
            return Some(K::Hash(self.assocs(h.elements())));
        }
        if let Some(h) = n.as_keyword_hash_node() {
            return Some(K::Hash(self.assocs(h.elements())));
        }
        if let Some(s) = n.as_splat_node() {
            return Some(match s.expression() {
                Some(e) => K::Splat(self.boxed(&e)),
                None => K::Unsupported("anonymous splat".into()),
            });
        }
        if let Some(a) = n.as_assoc_splat_node() {
            return Some(match a.value() {
                Some(v) => K::DoubleSplat(self.boxed(&v)),
                None => K::Unsupported("anonymous keyword splat".into()),
            });
        }
        if let Some(r) = n.as_range_node() {
            return Some(K::Range {
                lo: self.opt(r.left()),
                hi: self.opt(r.right()),
                exclusive: r.is_exclude_end(),
            });
        }
        if n.as_source_line_node().is_some() {
            return Some(K::Unsupported("__LINE__".into()));
        }
        if n.as_x_string_node().is_some() || n.as_interpolated_x_string_node().is_some() {
            return Some(K::Unsupported("backticks".into()));
        }
        None
    }

    /// A regexp literal, with interpolation or not: its source as written (escapes kept: the
    /// regexp engine reads them).
    fn regexp(&mut self, n: &P<'_>) -> Option<K> {
        if let Some(r) = n.as_regular_expression_node() {
            let c = r.content_loc();
            return Some(K::Regex {
                parts: vec![Part::Str(bytes(c.as_slice()))],
                flags: RegexFlags {
                    ignore_case: r.is_ignore_case(),
                    multiline: r.is_multi_line(),
                    extended: r.is_extended(),
                },
            });
        }
        let r = n.as_interpolated_regular_expression_node()?;
        let mut parts = Vec::new();
        for p in r.parts().iter() {
            if let Some(s) = p.as_string_node() {
                parts.push(Part::Str(bytes(s.content_loc().as_slice())));
            } else {
                parts.extend(self.parts_one(&p));
            }
        }
        Some(K::Regex {
            parts,
            flags: RegexFlags {
                ignore_case: r.is_ignore_case(),
                multiline: r.is_multi_line(),
                extended: r.is_extended(),
            },
        })
    }

    /// Reading a local, instance or global variable, a back reference, a numbered reference
    /// or a constant.
    fn variable(&mut self, n: &P<'_>) -> Option<K> {
        if let Some(v) = n.as_local_variable_read_node() {
            return Some(K::Local(name(v.name())));
        }
        if n.as_it_local_variable_read_node().is_some() {
            return Some(K::Local("it".into()));
        }
        if let Some(v) = n.as_instance_variable_read_node() {
            return Some(K::Ivar(ivar(v.name())));
        }
        if let Some(v) = n.as_global_variable_read_node() {
            let g = name(v.name());
            let g = g.trim_start_matches('$');
            return Some(match g {
                "~" | "&" | "`" | "'" | "+" => K::BackRef(g.chars().next().unwrap_or('~')),
                _ => K::Global(g.to_string()),
            });
        }
        if let Some(v) = n.as_back_reference_read_node() {
            let g = name(v.name());
            return Some(K::BackRef(
                g.trim_start_matches('$').chars().next().unwrap_or('&'),
            ));
        }
        if let Some(v) = n.as_numbered_reference_read_node() {
            return Some(K::NthRef(v.number()));
        }
        if n.as_constant_read_node().is_some() || n.as_constant_path_node().is_some() {
            return Some(match self.const_path(n) {
                Some(p) => K::Const(p),
                None => K::Unsupported("dynamic constant path".into()),
            });
        }
        None
    }

    /// Assignments: `=`, `op=`, `||=`, `&&=` to variables and constants, to attributes
    /// (`a.b += 1`) and indexes (`a[i] ||= x`); multiple assignment; a regexp match that
    /// assigns its named groups.
    fn assignment(&mut self, n: &P<'_>) -> Option<K> {
        if let Some(k) = self.variable_assignment(n) {
            return Some(k);
        }
        if let Some(c) = n.as_call_operator_write_node() {
            let t = self.attribute(c.receiver(), c.read_name());
            return Some(either(
                t.map(|t| self.op_assign(t, c.binary_operator(), &c.value())),
            ));
        }
        if let Some(c) = n.as_call_or_write_node() {
            let t = self.attribute(c.receiver(), c.read_name());
            return Some(either(t.map(|t| self.or_assign(t, &c.value(), "||"))));
        }
        if let Some(c) = n.as_call_and_write_node() {
            let t = self.attribute(c.receiver(), c.read_name());
            return Some(either(t.map(|t| self.or_assign(t, &c.value(), "&&"))));
        }
        if let Some(c) = n.as_index_operator_write_node() {
            let t = self.index(c.receiver(), c.arguments());
            return Some(either(
                t.map(|t| self.op_assign(t, c.binary_operator(), &c.value())),
            ));
        }
        if let Some(c) = n.as_index_or_write_node() {
            let t = self.index(c.receiver(), c.arguments());
            return Some(either(t.map(|t| self.or_assign(t, &c.value(), "||"))));
        }
        if let Some(c) = n.as_index_and_write_node() {
            let t = self.index(c.receiver(), c.arguments());
            return Some(either(t.map(|t| self.or_assign(t, &c.value(), "&&"))));
        }
        if let Some(m) = n.as_multi_write_node() {
            let targets = self.multi_targets(m.lefts(), m.rest(), m.rights());
            return Some(K::MultiAssign(targets, self.boxed(&m.value())));
        }
        if let Some(m) = n.as_match_write_node() {
            let names = m
                .targets()
                .iter()
                .filter_map(|t| t.as_local_variable_target_node().map(|t| name(t.name())))
                .collect();
            return Some(K::MatchWrite {
                call: self.boxed(&m.call().as_node()),
                names,
            });
        }
        None
    }

    /// The assignments to local, instance and global variables and to constants.
    fn variable_assignment(&mut self, n: &P<'_>) -> Option<K> {
        if let Some(v) = n.as_local_variable_write_node() {
            return Some(K::Assign(
                Target::Local(name(v.name())),
                self.boxed(&v.value()),
            ));
        }
        if let Some(v) = n.as_local_variable_operator_write_node() {
            let t = Target::Local(name(v.name()));
            return Some(self.op_assign(t, v.binary_operator(), &v.value()));
        }
        if let Some(v) = n.as_local_variable_or_write_node() {
            return Some(self.or_assign(Target::Local(name(v.name())), &v.value(), "||"));
        }
        if let Some(v) = n.as_local_variable_and_write_node() {
            return Some(self.or_assign(Target::Local(name(v.name())), &v.value(), "&&"));
        }
        if let Some(v) = n.as_instance_variable_write_node() {
            return Some(K::Assign(
                Target::Ivar(ivar(v.name())),
                self.boxed(&v.value()),
            ));
        }
        if let Some(v) = n.as_instance_variable_operator_write_node() {
            let t = Target::Ivar(ivar(v.name()));
            return Some(self.op_assign(t, v.binary_operator(), &v.value()));
        }
        if let Some(v) = n.as_instance_variable_or_write_node() {
            return Some(self.or_assign(Target::Ivar(ivar(v.name())), &v.value(), "||"));
        }
        if let Some(v) = n.as_instance_variable_and_write_node() {
            return Some(self.or_assign(Target::Ivar(ivar(v.name())), &v.value(), "&&"));
        }
        if let Some(v) = n.as_global_variable_write_node() {
            return Some(K::Assign(global(v.name()), self.boxed(&v.value())));
        }
        if let Some(v) = n.as_global_variable_or_write_node() {
            return Some(self.or_assign(global(v.name()), &v.value(), "||"));
        }
        if let Some(c) = n.as_constant_write_node() {
            return Some(K::Assign(
                Target::Const(name(c.name())),
                self.boxed(&c.value()),
            ));
        }
        if let Some(c) = n.as_constant_or_write_node() {
            return Some(self.or_assign(Target::Const(name(c.name())), &c.value(), "||"));
        }
        if let Some(c) = n.as_constant_path_write_node() {
            let path = self
                .const_path(&c.target().as_node())
                .map(|p| p.join("::"))
                .unwrap_or_default();
            return Some(K::Assign(Target::Const(path), self.boxed(&c.value())));
        }
        None
    }

    /// The attribute `recv.name` assigned to (`Err`: the unsupported kind, without a
    /// receiver).
    fn attribute(&mut self, recv: Option<P<'_>>, read_name: ConstantId<'_>) -> Result<Target, K> {
        let Some(recv) = recv else {
            return Err(K::Unsupported(
                "attribute assignment without receiver".into(),
            ));
        };
        Ok(Target::Attr {
            recv: self.boxed(&recv),
            name: name(read_name),
        })
    }

    /// The index `recv[args]` assigned to (`Err`: the unsupported kind, without a receiver).
    fn index(&mut self, recv: Option<P<'_>>, args: Option<ArgumentsNode<'_>>) -> Result<Target, K> {
        let Some(recv) = recv else {
            return Err(K::Unsupported("index assignment without receiver".into()));
        };
        Ok(Target::Index {
            recv: self.boxed(&recv),
            args: self.args(args),
        })
    }

    /// `and`, `or`, `defined?`, conditionals and loops, `case`/`when`, `rescue` as a modifier,
    /// `return`, `break`, `next`, `yield`, a block argument (`&blk`).
    fn control(&mut self, n: &P<'_>, sp: Span) -> Option<K> {
        if let Some(a) = n.as_and_node() {
            return Some(K::And(self.boxed(&a.left()), self.boxed(&a.right())));
        }
        if let Some(o) = n.as_or_node() {
            return Some(K::Or(self.boxed(&o.left()), self.boxed(&o.right())));
        }
        if let Some(d) = n.as_defined_node() {
            return Some(K::Defined(self.boxed(&d.value())));
        }
        if let Some(k) = self.conditional(n) {
            return Some(k);
        }
        if let Some(r) = n.as_rescue_modifier_node() {
            return Some(K::RescueMod(
                self.boxed(&r.expression()),
                self.boxed(&r.rescue_expression()),
            ));
        }
        if let Some(r) = n.as_return_node() {
            return Some(K::Return(self.one_arg(r.arguments(), sp)));
        }
        if let Some(r) = n.as_break_node() {
            return Some(K::Break(self.one_arg(r.arguments(), sp)));
        }
        if let Some(r) = n.as_next_node() {
            return Some(K::Next(self.one_arg(r.arguments(), sp)));
        }
        if let Some(y) = n.as_yield_node() {
            return Some(K::Yield(self.args(y.arguments())));
        }
        if let Some(b) = n.as_block_argument_node() {
            return Some(K::BlockPass(self.opt(b.expression())));
        }
        None
    }

    /// `if`, `unless`, `while`, `until`, `for`, `case`/`when`.
    fn conditional(&mut self, n: &P<'_>) -> Option<K> {
        if let Some(i) = n.as_if_node() {
            return Some(K::If {
                cond: self.boxed(&i.predicate()),
                then: self.stmts(i.statements()),
                otherwise: i.subsequent().and_then(|s| self.if_chain(&s)),
            });
        }
        if let Some(u) = n.as_unless_node() {
            return Some(K::If {
                cond: self.boxed(&u.predicate()),
                then: u.else_clause().and_then(|e| self.stmts(e.statements())),
                otherwise: self.stmts(u.statements()),
            });
        }
        if let Some(w) = n.as_while_node() {
            return Some(K::While {
                cond: self.boxed(&w.predicate()),
                body: self.stmts(w.statements()),
                negate: false,
                do_while: w.is_begin_modifier(),
            });
        }
        if let Some(w) = n.as_until_node() {
            return Some(K::While {
                cond: self.boxed(&w.predicate()),
                body: self.stmts(w.statements()),
                negate: true,
                do_while: w.is_begin_modifier(),
            });
        }
        if let Some(f) = n.as_for_node() {
            return Some(K::For {
                target: self.target(&f.index()),
                iter: self.boxed(&f.collection()),
                body: self.stmts(f.statements()),
            });
        }
        let c = n.as_case_node()?;
        let subject = self.opt(c.predicate());
        let whens = c
            .conditions()
            .iter()
            .filter_map(|w| {
                let w = w.as_when_node()?;
                let conds = self.list(w.conditions());
                let body = self.stmts(w.statements()).map(|b| *b);
                Some((conds, body))
            })
            .collect();
        let otherwise = c.else_clause().and_then(|e| self.stmts(e.statements()));
        Some(K::Case {
            subject,
            whens,
            otherwise,
        })
    }

    /// `def`, a lambda literal, `module`, `class`.
    fn definition(&mut self, n: &P<'_>, sp: Span) -> Option<K> {
        if let Some(d) = n.as_def_node() {
            // `def self.x` is kept as the method `self.x` (a type's `title_patterns`); a
            // singleton method of another object is not followed.
            let method = match d.receiver() {
                None => name(d.name()),
                Some(r) if r.as_self_node().is_some() => format!("self.{}", name(d.name())),
                Some(_) => return Some(K::Unsupported("def of a singleton method".into())),
            };
            let params = d.parameters().map(|p| self.params(&p)).unwrap_or_default();
            let body = d.body().map(|b| self.node(&b));
            return Some(K::Def(
                method,
                Arc::new(Body {
                    params,
                    body,
                    span: sp,
                }),
            ));
        }
        if let Some(l) = n.as_lambda_node() {
            return Some(K::Lambda(self.body(l.parameters(), l.body(), sp)));
        }
        if let Some(m) = n.as_module_node() {
            return Some(K::Module {
                path: self.const_path(&m.constant_path()).unwrap_or_default(),
                body: self.opt(m.body()),
            });
        }
        let c = n.as_class_node()?;
        Some(K::Class {
            path: self.const_path(&c.constant_path()).unwrap_or_default(),
            superclass: self.opt(c.superclass()),
            body: self.opt(c.body()),
        })
    }
}

/// A global variable assigned to (its name without the `$`).
fn global(id: ConstantId<'_>) -> Target {
    Target::Global(name(id).trim_start_matches('$').to_string())
}

/// The kind either way (an assignment, or why it is not supported).
fn either(r: Result<K, K>) -> K {
    match r {
        Ok(k) | Err(k) => k,
    }
}
