//! One live parameter's declaration ([`ParamSpec`]: name, unit, range, doc line, getter and setter) and what
//! is derived from a set of them: setting one by name, validating a whole set, the list of names. The sets
//! themselves are declared where their fields live (`avatar/params.rs`, `live/daemon.rs`); `live_params/` derives the
//! request path and the tables from them.

/// The values a parameter takes. [`Declared::set_unchecked`] refuses on the spot what the field cannot hold
/// (a fraction for a whole number or a choice, a flag not 0 or 1); [`Declared::validate`] checks the ranges
/// on the final set.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Range {
    /// `lo ≤ v ≤ hi`.
    Closed(f64, f64),
    /// `0 < v ≤ hi`.
    Positive(f64),
    /// A whole number in `[lo, hi]`.
    Whole(u32, u32),
    /// 0 (off) or 1 (on).
    Flag,
    /// The index of one of these names.
    Choice(&'static [&'static str]),
    /// `other ≤ v ≤ hi`, `other` a parameter of the same set declared before this one; `why` the rule's
    /// reason.
    AtLeast { other: &'static str, hi: f64, why: &'static str },
}

impl Range {
    /// The range as the error messages and the schema's table write it.
    pub fn describe(&self) -> String {
        match *self {
            Range::Closed(lo, hi) => format!("[{lo}, {hi}]"),
            Range::Positive(hi) => format!("(0, {hi}]"),
            Range::Whole(lo, hi) => format!("whole number in [{lo}, {hi}]"),
            Range::Flag => "0 or 1".into(),
            Range::Choice(names) => {
                names.iter().enumerate().map(|(i, n)| format!("{i} = {n}")).collect::<Vec<_>>().join(", ")
            }
            Range::AtLeast { other, hi, .. } => format!("[{other}, {hi}]"),
        }
    }

    /// A value shown in this range's terms (a choice by its index and name).
    pub fn show(&self, v: f64) -> String {
        match *self {
            Range::Choice(names) => format!("{v} ({})", names.get(v as usize).copied().unwrap_or("?")),
            _ => format!("{v}"),
        }
    }

    /// Whether the field can hold `v` (`name` for the message): refused here whatever the other values.
    fn holds(&self, name: &str, v: f64) -> Result<(), String> {
        let whole = v.fract() == 0.0;
        match *self {
            Range::Flag if v != 0.0 && v != 1.0 => Err(format!("{name} = {v}: expected 0 or 1")),
            Range::Whole(lo, hi) if !whole || !(lo as f64..=hi as f64).contains(&v) => {
                Err(format!("{name} = {v}: expected a {}", self.describe()))
            }
            Range::Choice(names) if !whole || !(0.0..names.len() as f64).contains(&v) => {
                Err(format!("{name} = {v}: expected {}", self.describe()))
            }
            _ => Ok(()),
        }
    }

    /// Whether `v` is in range; `other` the value of [`Range::AtLeast`]'s other parameter.
    fn check(&self, name: &str, v: f64, other: f64) -> Result<(), String> {
        let ok = match *self {
            Range::Closed(lo, hi) => v.is_finite() && v >= lo && v <= hi,
            Range::Positive(hi) => v.is_finite() && v > 0.0 && v <= hi,
            Range::Whole(lo, hi) => (lo as f64..=hi as f64).contains(&v),
            Range::Flag | Range::Choice(_) => true,
            Range::AtLeast { other: o, hi, why } => {
                if v.is_finite() && v >= other && v <= hi {
                    return Ok(());
                }
                return Err(format!("{name} = {v} is out of range [{o} = {other}, {hi}]: {why}"));
            }
        };
        let range = match *self {
            Range::Whole(lo, hi) => format!("[{lo}, {hi}]"),
            _ => self.describe(),
        };
        if ok {
            Ok(())
        } else {
            Err(format!("{name} = {v} is out of range {range}"))
        }
    }
}

/// One live parameter of a parameter set `T`, declared once: everything else (setting it by name,
/// validating it, the list of names, the schema's table) is derived from this.
pub struct ParamSpec<T> {
    /// The `SetParams` name.
    pub name: &'static str,
    /// Its unit ("" for none).
    pub unit: &'static str,
    pub range: Range,
    /// What it does, one line (the schema's table).
    pub doc: &'static str,
    /// The field it sets in `T`, which is also its key in the config file (`damping`, `gravity[1]`,
    /// `filter.scores.beta`).
    pub field: &'static str,
    pub get: fn(&T) -> f64,
    pub set: fn(&mut T, f64),
}

/// How a field's value is a parameter's number (`SetParams` carries every value as a number).
pub trait ParamValue {
    fn to_f64(&self) -> f64;
    /// The field's value for `v`, a value the field can hold ([`Declared::set_unchecked`] checked it).
    fn from_f64(v: f64) -> Self;
}

impl ParamValue for f64 {
    fn to_f64(&self) -> f64 {
        *self
    }
    fn from_f64(v: f64) -> Self {
        v
    }
}

impl ParamValue for f32 {
    fn to_f64(&self) -> f64 {
        *self as f64
    }
    fn from_f64(v: f64) -> Self {
        v as f32
    }
}

impl ParamValue for usize {
    fn to_f64(&self) -> f64 {
        *self as f64
    }
    fn from_f64(v: f64) -> Self {
        v as usize
    }
}

impl ParamValue for bool {
    fn to_f64(&self) -> f64 {
        if *self {
            1.0
        } else {
            0.0
        }
    }
    fn from_f64(v: f64) -> Self {
        v == 1.0
    }
}

/// A table of [`ParamSpec`]s, one row per parameter: `"name" => field, "unit", range, "doc line";`. The field
/// is a path in the parameter set (`damping`, `filter.scores.beta`, or an array element, `gravity[1]`); its
/// getter and setter go through [`ParamValue`].
macro_rules! params {
    ($(
        $name:literal => $f:ident $([$i:literal])? $(. $g:ident)*, $unit:literal, $range:expr, $doc:literal;
    )*) => {
        &[$(
            $crate::param_spec::ParamSpec {
                name: $name,
                unit: $unit,
                range: $range,
                doc: $doc,
                field: concat!(stringify!($f) $(, "[", stringify!($i), "]")? $(, ".", stringify!($g))*),
                get: |p| $crate::param_spec::ParamValue::to_f64(&p.$f $([$i])? $(.$g)*),
                set: |p, v| p.$f $([$i])? $(.$g)* = $crate::param_spec::ParamValue::from_f64(v),
            }
        ),*]
    };
}

pub(crate) use params;

/// The names of `specs`, in order (for a `const` list of names).
pub const fn names<T, const N: usize>(specs: &[ParamSpec<T>]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut i = 0;
    while i < N {
        out[i] = specs[i].name;
        i += 1;
    }
    out
}

/// A set of live parameters: the struct `T` whose fields they are, and their declarations.
pub trait Declared: Clone + Sized + 'static {
    /// Every live parameter of the set, in the order they are validated.
    const PARAMS: &'static [ParamSpec<Self>];

    /// Why `name`, which is none of [`Declared::PARAMS`], is refused, if it is known (not live, renamed).
    fn refusal(_name: &str) -> Option<String> {
        None
    }

    fn spec(name: &str) -> Option<&'static ParamSpec<Self>> {
        Self::PARAMS.iter().find(|s| s.name == name)
    }

    /// Every parameter in its range; the error names the parameter and the range.
    fn validate(&self) -> Result<(), String> {
        for s in Self::PARAMS {
            let other = match s.range {
                Range::AtLeast { other, .. } => Self::spec(other).map_or(f64::NAN, |o| (o.get)(self)),
                _ => f64::NAN,
            };
            s.range.check(s.name, (s.get)(self), other)?;
        }
        Ok(())
    }

    /// Set `name` to `value` without checking its range ([`Declared::validate`] does, on the final set).
    /// Refused here, whatever the other values: an unknown name (with the known ones, or the reason of a
    /// [`Declared::refusal`]), a non-finite value, and a value the field cannot hold.
    fn set_unchecked(&mut self, name: &str, value: f32) -> Result<(), String> {
        let Some(s) = Self::spec(name) else {
            return Err(Self::refusal(name).unwrap_or_else(|| {
                let known: Vec<&str> = Self::PARAMS.iter().map(|s| s.name).collect();
                format!("unknown parameter {name:?} (known: {})", known.join(", "))
            }));
        };
        if !value.is_finite() {
            return Err(format!("{name} = {value}: expected a finite number"));
        }
        let v = value as f64;
        s.range.holds(name, v)?;
        (s.set)(self, v);
        Ok(())
    }

    /// A copy with every `(name, value)` entry of one `SetParams` request applied in order (a name given
    /// twice: the last value wins), then validated once as a whole: the cross-field rules
    /// ([`Range::AtLeast`]) hold between the final values, whatever the entries' order. All or nothing: the
    /// first refused entry, or the final set's first invalid parameter, is the error, and it names the
    /// parameter.
    fn with_all<'a>(&self, entries: impl IntoIterator<Item = (&'a str, f32)>) -> Result<Self, String> {
        let mut p = self.clone();
        for (name, value) in entries {
            p.set_unchecked(name, value)?;
        }
        p.validate()?;
        Ok(p)
    }
}
