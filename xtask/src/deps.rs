//! Each library stays what it is for, checked on `cargo tree`'s list of its normal dependencies:
//! - the runtime library (`avatard`) is only the runtime: an engine that embeds it compiles no renderer,
//!   plotting, progress bars, image codecs, command-line parser, tracker tools or measurement harness;
//! - the simulation core (`avatar-sim`) knows no wire format (no `avatar-schema`, no flatbuffers);
//! - the pure mapping (`avatar-mapping`) has none of the runtime's I/O stack (tokio, zeromq, axum);
//! - the benchmarks (`avatard-bench`) depend on libraries only, never on the command line's package.

use std::path::Path;

use crate::process::{self, Failure, Result};

/// Each package and the packages its normal dependency tree must not contain.
const RULES: [(&str, &[&str]); 4] = [
    (
        "avatard",
        &["wgpu", "plotters", "indicatif", "image", "clap", "tracker-bridge", "renderer", "avatar-lab"],
    ),
    ("avatar-sim", &["avatar-schema", "flatbuffers"]),
    ("avatar-mapping", &["tokio", "zeromq", "axum", "avatard"]),
    ("avatard-bench", &["avatard-cli"]),
];

pub fn check(root: &Path) -> Result {
    let mut bad = false;
    for (package, forbidden_names) in RULES {
        let mut c = process::cargo();
        c.current_dir(root)
            .args(["tree", "-e", "normal", "-p", package, "--locked", "--prefix", "none", "--format", "{p}"]);
        let tree = process::stdout_of(&mut c)?;
        for line in forbidden(&tree, forbidden_names) {
            println!("{package} depends on {line}");
            bad = true;
        }
    }
    if bad {
        return Err(Failure::check("test: a library depends on the packages above (see xtask/src/deps.rs)"));
    }
    Ok(())
}

/// The lines of `cargo tree --prefix none --format {p}` (`name vX.Y.Z [(path)] [(*)]`) that name a forbidden
/// package.
fn forbidden<'a>(tree: &'a str, names: &[&str]) -> Vec<&'a str> {
    tree.lines().filter(|l| l.split_once(' ').is_some_and(|(name, _)| names.contains(&name))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_forbidden_package_names_are_found() {
        let tree = "avatard v0.1.0 (/work/main/daemon)\nimage-webp v0.2.0\nwgpu-types v30.0.0\nclap v4.5.1\n\
                    renderer v0.1.0 (/work/main/renderer) (*)\ntokio v1.54.0\nwgpu\n";
        assert_eq!(forbidden(tree, RULES[0].1), ["clap v4.5.1", "renderer v0.1.0 (/work/main/renderer) (*)"]);
        assert!(forbidden("avatard v0.1.0 (/work/main/daemon)\nserde v1.0.0\n", RULES[0].1).is_empty());
        let sim = "avatar-sim v0.1.0 (/w/sim)\navatar-schema v0.1.0 (/w/schema)\nflatbuffers v25.12.19\n";
        assert_eq!(forbidden(sim, RULES[1].1), ["avatar-schema v0.1.0 (/w/schema)", "flatbuffers v25.12.19"]);
    }
}
