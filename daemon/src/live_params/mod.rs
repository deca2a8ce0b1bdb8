//! Live parameters: what `SetParams` changes while the daemon runs. Each is declared once, in the set it
//! belongs to: the daemon's own ([`DaemonParams`]: `tick_hz`) or an avatar's
//! ([`SimParams`], `avatar/params.rs`); setting by name, validation, the
//! lists of names and the schema's table are derived from the declarations.
//!
//! # Layout
//! - `crate::param_spec` (beside this folder, so that the sets can be declared without a module cycle): one
//!   parameter's declaration ([`ParamSpec`]: name, unit, [`Range`], doc line, field, getter and setter) and
//!   what a set of them derives ([`Declared`]: set by name, validate, apply a request).
//! - `daemon`: the daemon's set ([`DaemonParams`]).
//! - `table`: the schema's table of every live parameter (`schema/README.md` §7), and the tests that hold it
//!   and the config file's example to the declarations.
//! - this file: one `SetParams` request's entries sorted by the set they belong to ([`split`]).

mod daemon;
mod table;

pub use crate::param_spec::{names, Declared, ParamSpec, ParamValue, Range};
pub use daemon::{DaemonParams, DAEMON_PARAMS, TICK_HZ_RANGE};
pub use table::markdown_table;

use crate::avatar::params::SimParams;

/// One `SetParams` request's entries by the set they belong to, each in the request's order.
#[derive(Debug, Default, PartialEq)]
pub struct Entries<'a> {
    /// For [`DaemonParams`].
    pub daemon: Vec<(&'a str, f32)>,
    /// For each addressed avatar's [`SimParams`].
    pub avatar: Vec<(&'a str, f32)>,
}

/// Sort a request's entries by the set they belong to. A name of neither is refused here, with its reason
/// if it is known (e.g. `momentum_leak`, fixed at precompute), else with every live name.
pub fn split<'a>(entries: impl IntoIterator<Item = (&'a str, f32)>) -> Result<Entries<'a>, String> {
    let mut out = Entries::default();
    for (name, value) in entries {
        if DaemonParams::spec(name).is_some() {
            out.daemon.push((name, value));
        } else if SimParams::spec(name).is_some() {
            out.avatar.push((name, value));
        } else {
            return Err(SimParams::refusal(name).unwrap_or_else(|| {
                let known: Vec<&str> = DAEMON_PARAMS
                    .iter()
                    .map(|s| s.name)
                    .chain(SimParams::PARAMS.iter().map(|s| s.name))
                    .collect();
                format!("unknown parameter {name:?} (known: {})", known.join(", "))
            }));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_is_split_by_scope_and_unknown_names_are_refused_with_the_known_ones() {
        let e = split([("damping", 1.0), ("tick_hz", 60.0), ("stiffness", 2.0)]).unwrap();
        assert_eq!(e.daemon, [("tick_hz", 60.0)]);
        assert_eq!(e.avatar, [("damping", 1.0), ("stiffness", 2.0)]);
        let err = split([("tick_hz", 60.0), ("warp", 1.0)]).unwrap_err();
        assert!(
            err.contains("\"warp\"") && err.contains("known: tick_hz, lip_sync_gain, stiffness"),
            "{err}"
        );
        assert!(split([("momentum_leak", 0.5)]).unwrap_err().contains("precompute"));
        assert!(split([("filter_beta", 0.5)]).unwrap_err().contains("filter_landmarks_beta"));
    }

    /// Values just outside a range, and one inside near its low end (where the other defaults keep the
    /// cross-field rules): `None` for a bound that is not a finite number.
    fn probes(range: &Range, other: f64) -> (Option<f64>, Option<f64>, f64) {
        let near = |lo: f64, hi: f64| lo + 1e-4 * (hi - lo);
        let below = |lo: f64| lo - 1e-3 * lo.abs().max(1.0);
        let above = |hi: f64| hi + 1e-3 * hi.abs().max(1.0);
        let finite = |v: f64| v.is_finite().then_some(v);
        match *range {
            Range::Closed(lo, hi) => (finite(lo).map(below), finite(hi).map(above), near(lo, hi)),
            Range::Positive(hi) => (Some(0.0), finite(hi).map(above), near(0.0, hi)),
            Range::Whole(lo, hi) => (Some(lo as f64 - 1.0), Some(hi as f64 + 1.0), lo as f64),
            Range::Flag => (Some(0.5), Some(2.0), 1.0),
            Range::Choice(names) => (Some(-1.0), Some(names.len() as f64), 0.0),
            Range::AtLeast { hi, .. } => (Some(below(other)), finite(hi).map(above), near(other, hi)),
        }
    }

    /// Every declared parameter of `T` has a range with finite bounds, its default inside it, and `SetParams`
    /// refuses a value just outside either end (with an error naming it) and takes one inside.
    fn every_parameter_is_range_checked<T: Declared + Default>() {
        let d = T::default();
        Declared::validate(&d).unwrap();
        for s in T::PARAMS {
            let other = match s.range {
                Range::AtLeast { other, .. } => {
                    let o = T::spec(other).unwrap_or_else(|| panic!("{}: no parameter {other}", s.name));
                    let before = T::PARAMS.iter().position(|p| p.name == other)
                        < T::PARAMS.iter().position(|p| p.name == s.name);
                    assert!(before, "{}: {other} must be declared before it", s.name);
                    (o.get)(&d)
                }
                _ => f64::NAN,
            };
            let (below, above, inside) = probes(&s.range, other);
            for v in [below, above] {
                let v =
                    v.unwrap_or_else(|| panic!("{}: the range {:?} has no finite bound", s.name, s.range));
                let e = d
                    .with_all([(s.name, v as f32)])
                    .err()
                    .unwrap_or_else(|| panic!("{} = {v} accepted", s.name));
                assert!(e.contains(s.name), "{}: {e}", s.name);
            }
            let q = d
                .with_all([(s.name, inside as f32)])
                .unwrap_or_else(|e| panic!("{} = {inside}: {e}", s.name));
            assert_eq!((s.get)(&q), inside as f32 as f64, "{}: the setter and the getter disagree", s.name);
            assert!(!s.doc.is_empty() && !s.field.is_empty(), "{}: no doc line or field", s.name);
        }
    }

    #[test]
    fn every_live_parameter_has_a_range_that_is_enforced() {
        every_parameter_is_range_checked::<SimParams>();
        every_parameter_is_range_checked::<DaemonParams>();
        let all: Vec<&str> =
            DAEMON_PARAMS.iter().map(|s| s.name).chain(SimParams::PARAMS.iter().map(|s| s.name)).collect();
        let mut unique = all.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), all.len(), "a name is declared twice: {all:?}");
    }
}
