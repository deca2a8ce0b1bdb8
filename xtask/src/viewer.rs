//! `build-viewer [--check]`: the browser viewer, viewer/ (TypeScript) -> viewer/dist/. Its npm packages are
//! pinned by viewer/package-lock.json; it is type-checked, then bundled by esbuild (viewer/build.mjs).
//!
//! viewer/dist/ is committed and `avatard` embeds it (daemon/src/web.rs), so that the viewer works with no Node
//! at run time, from any folder and after `cargo install`. `--check` (run by `test`) bundles into a scratch
//! folder and fails if the committed files differ, the way `gen-schema --check` keeps the generated code current.

use std::path::Path;

use crate::node;
use crate::process::{self, Failure, Result};
use crate::tempdir::TempDir;
use crate::tree;

pub fn build(root: &Path, check: bool) -> Result {
    let dir = Path::new("viewer");
    node::require_node(root, "build-viewer")?;
    node::ci_if_stale(root, dir, "build-viewer")?;
    process::run(node::npm(root).args(["run", "--silent", "--prefix"]).arg(dir).arg("typecheck"))?;
    let committed = root.join(dir).join("dist");
    if !check {
        process::run(node::npm(root).args(["run", "--silent", "--prefix"]).arg(dir).arg("build"))?;
        println!("build-viewer: built {}; commit it (avatard embeds it)", committed.display());
        return Ok(());
    }
    let tmp = TempDir::new("build-viewer").map_err(|e| Failure::io("creating", &std::env::temp_dir(), e))?;
    let mut npm = node::npm(root);
    npm.args(["run", "--silent", "--prefix"]).arg(dir).arg("build").env("VIEWER_DIST", tmp.path());
    process::run(&mut npm)?;
    let found = tree::compare(&committed, tmp.path(), &[])
        .map_err(|e| Failure::check(format!("build-viewer: comparing {}: {e}", committed.display())))?;
    for d in &found {
        eprintln!("build-viewer: {}", tree::describe(root, &committed, d, "the viewer's bundle"));
    }
    if !found.is_empty() {
        return Err(Failure::check(
            "build-viewer: the committed viewer/dist differs from viewer/src's bundle; run `cargo xtask build-viewer` \
             and commit viewer/dist",
        ));
    }
    println!("build-viewer: the committed viewer/dist is up to date");
    Ok(())
}
