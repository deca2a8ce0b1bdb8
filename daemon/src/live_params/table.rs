//! The schema's table of live parameters (`schema/README.md` §7, "Settable parameters"), made from the
//! declarations; the tests hold the README's table and the config file's example
//! (`daemon/avatard.example.toml`) to them.

use super::{Declared, ParamSpec, DAEMON_PARAMS};
use crate::avatar::params::{SimParams, NOT_LIVE};

/// The Markdown table of every live parameter (the daemon's, then an avatar's) and of the names refused as
/// not live, as `schema/README.md` has it.
pub fn markdown_table() -> String {
    fn rows<T: Declared + Default>(specs: &[ParamSpec<T>], scope: &str, out: &mut Vec<[String; 6]>) {
        let d = T::default();
        for s in specs {
            out.push([
                format!("`{}`", s.name),
                s.range.describe(),
                if s.unit.is_empty() { "—" } else { s.unit }.to_owned(),
                s.range.show((s.get)(&d)),
                scope.to_owned(),
                s.doc.to_owned(),
            ]);
        }
    }
    let mut table = Vec::new();
    rows(DAEMON_PARAMS, "daemon", &mut table);
    rows(SimParams::PARAMS, "avatar", &mut table);
    for (name, why) in NOT_LIVE {
        let dash = || "—".to_owned();
        table.push([
            format!("`{name}`"),
            dash(),
            dash(),
            dash(),
            "not live".into(),
            format!("always refused (`InvalidParam`): {why}"),
        ]);
    }
    let mut text =
        "| Name | Range | Unit | Default | Scope | Effect |\n|---|---|---|---|---|---|\n".to_owned();
    for row in table {
        // a cell's own `|` (in `|z_i|`) escaped
        let cells: Vec<String> = row.iter().map(|c| c.replace('|', "\\|")).collect();
        text.push_str(&format!("| {} |\n", cells.join(" | ")));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;
    use std::path::Path;

    fn root() -> &'static Path {
        Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap()
    }

    /// The leaves of a TOML value as the declarations' `field`s write them (`damping`, `gravity[1]`,
    /// `filter.scores.beta`).
    fn leaves(prefix: &str, v: &toml::Value, out: &mut BTreeSet<String>) {
        match v {
            toml::Value::Table(t) => {
                for (k, v) in t {
                    let key = if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") };
                    leaves(&key, v, out);
                }
            }
            toml::Value::Array(a) => {
                for (i, v) in a.iter().enumerate() {
                    leaves(&format!("{prefix}[{i}]"), v, out);
                }
            }
            _ => {
                out.insert(prefix.to_owned());
            }
        }
    }

    /// `keys` (of `what`) are the declared parameters' fields.
    fn same(keys: &BTreeSet<String>, what: &str) {
        let declared: BTreeSet<String> = SimParams::PARAMS.iter().map(|s| s.field.to_owned()).collect();
        let undeclared: Vec<_> = keys.difference(&declared).collect();
        let missing: Vec<_> = declared.difference(keys).collect();
        assert!(
            undeclared.is_empty() && missing.is_empty(),
            "{what}: {undeclared:?} not declared in avatar::params::PARAMS; {missing:?} declared but not there"
        );
    }

    /// Every key the config file's `[avatar.params]` reads (the fields of `SimParams`) is a declared live
    /// parameter, with a range, and every declaration names one of them: a parameter added to `SimParams`
    /// without its declaration (its range) fails here.
    #[test]
    fn every_config_key_of_an_avatar_is_a_declared_parameter() {
        let mut keys = BTreeSet::new();
        leaves("", &toml::Value::try_from(SimParams::default()).unwrap(), &mut keys);
        same(&keys, "SimParams' fields");
        // and the declared getters read those fields: each default equals the serialized one
        let d = SimParams::default();
        let json = serde_json::to_value(&d).unwrap();
        for s in SimParams::PARAMS {
            let path: Vec<&str> = s.field.split(['.', '[', ']']).filter(|k| !k.is_empty()).collect();
            let v = path.iter().fold(&json, |v, k| match k.parse::<usize>() {
                Ok(i) => &v[i],
                Err(_) => &v[*k],
            });
            let want = match v {
                serde_json::Value::Bool(b) => *b as u8 as f64,
                serde_json::Value::String(name) => {
                    let legs =
                        crate::mapping::grounding::LegsOutOfView::ALL.iter().position(|x| x.name() == name);
                    name.parse::<avatar_sim::reduced::FleshMode>()
                        .map(|m| {
                            avatar_sim::reduced::FleshMode::ALL.iter().position(|x| *x == m).unwrap() as f64
                        })
                        .ok()
                        .or(legs.map(|i| i as f64))
                        .unwrap_or(f64::NAN)
                }
                v => v.as_f64().unwrap_or(f64::NAN),
            };
            assert_eq!((s.get)(&d), want, "{}: the getter does not read {}", s.name, s.field);
        }
    }

    /// `daemon/avatard.example.toml` lists every live parameter of an avatar, and nothing else, under
    /// `[avatar.params]` (its values are the defaults: `config::tests::the_example_file_is_the_defaults`),
    /// and `tick_hz` at the top.
    #[test]
    fn the_example_config_lists_every_live_parameter() {
        let text = std::fs::read_to_string(root().join("daemon/avatard.example.toml")).unwrap();
        let file: toml::Value = toml::from_str(&text).unwrap();
        let mut keys = BTreeSet::new();
        leaves("", &file["avatar"][0]["params"], &mut keys);
        same(&keys, "daemon/avatard.example.toml's [avatar.params]");
        for s in DAEMON_PARAMS {
            assert!(file.get(s.field).is_some(), "the example has no {}", s.field);
        }
    }

    /// The table in `schema/README.md` §7 is [`markdown_table`]: a declaration changed (a range, a doc line,
    /// a parameter added) without the README fails here, and prints the table to paste.
    #[test]
    fn the_schema_table_is_the_declarations() {
        let text = std::fs::read_to_string(root().join("schema/README.md")).unwrap();
        let start = text.find("### Settable parameters\n").expect("the README's §7 table heading");
        let table: String = text[start..]
            .lines()
            .skip(1)
            .skip_while(|l| l.trim().is_empty())
            .take_while(|l| l.starts_with('|'))
            .map(|l| format!("{l}\n"))
            .collect();
        let want = markdown_table();
        assert!(
            table == want,
            "schema/README.md's table differs from the declarations; it should be:\n{want}"
        );
    }
}
