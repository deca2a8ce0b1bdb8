//! The runtime library is only the runtime: an engine that embeds `avatard` compiles no renderer, plotting,
//! progress bars, image codecs, command-line parser or tracker tools (those are the cli/ and bench/ packages').
//! Checked on `cargo tree`'s list of the library's normal dependencies.

use std::path::Path;

use crate::process::{self, Failure, Result};

const FORBIDDEN: [&str; 7] = ["wgpu", "plotters", "indicatif", "image", "clap", "tracker-bridge", "renderer"];

pub fn check(root: &Path) -> Result {
    let mut c = process::cargo();
    c.current_dir(root)
        .args(["tree", "-e", "normal", "-p", "avatard", "--locked", "--prefix", "none", "--format", "{p}"]);
    let tree = process::stdout_of(&mut c)?;
    let found = forbidden(&tree);
    if found.is_empty() {
        return Ok(());
    }
    for line in &found {
        println!("{line}");
    }
    Err(Failure::check("test: the avatard library depends on the packages above (see daemon/Cargo.toml)"))
}

/// The lines of `cargo tree --prefix none --format {p}` (`name vX.Y.Z [(path)] [(*)]`) that name a forbidden
/// package.
fn forbidden(tree: &str) -> Vec<&str> {
    tree.lines().filter(|l| l.split_once(' ').is_some_and(|(name, _)| FORBIDDEN.contains(&name))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_forbidden_package_names_are_found() {
        let tree = "avatard v0.1.0 (/work/main/daemon)\nimage-webp v0.2.0\nwgpu-types v30.0.0\nclap v4.5.1\n\
                    renderer v0.1.0 (/work/main/renderer) (*)\ntokio v1.54.0\nwgpu\n";
        assert_eq!(forbidden(tree), ["clap v4.5.1", "renderer v0.1.0 (/work/main/renderer) (*)"]);
        assert!(forbidden("avatard v0.1.0 (/work/main/daemon)\nserde v1.0.0\n").is_empty());
    }
}
