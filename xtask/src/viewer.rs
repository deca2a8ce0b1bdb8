//! `build-viewer`: the browser viewer that `avatard run --web` serves, viewer/ (TypeScript) -> viewer/dist/.
//! Its npm packages are pinned by viewer/package-lock.json; it is type-checked, then bundled by esbuild
//! (viewer/build.mjs). The daemon needs no Node at run time: it serves the built files.

use std::path::Path;

use crate::node;
use crate::process::{self, Result};

pub fn build(root: &Path) -> Result {
    let dir = Path::new("viewer");
    node::require_node(root, "build-viewer")?;
    node::ci_if_stale(root, dir, "build-viewer")?;
    for script in ["typecheck", "build"] {
        process::run(node::npm(root).args(["run", "--silent", "--prefix"]).arg(dir).arg(script))?;
    }
    println!("build-viewer: built {}", dir.join("dist").display());
    Ok(())
}
