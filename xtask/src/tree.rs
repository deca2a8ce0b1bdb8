//! Comparing and copying file trees, for gen-schema's and build-viewer's `--check` and gen-schema's rewrite, so
//! that neither `diff` nor `cp` is needed. Line ends do not count as a difference: Git for Windows checks text out with `\r\n` by default
//! (core.autocrlf), while flatc writes `\n`.

use std::collections::BTreeSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

#[derive(Debug, PartialEq, Eq)]
pub enum Difference {
    /// The file is on both sides; its lines part at this line (1-based).
    Differs { path: PathBuf, line: usize },
    /// Only on the left (the committed side).
    OnlyLeft(PathBuf),
    /// Only on the right (what was generated): missing on the left.
    OnlyRight(PathBuf),
}

/// A difference as the user reads it: the committed path relative to the repository, and what is wrong;
/// `made` names what the committed files should equal ("flatc's output", "the viewer's bundle").
pub fn describe(root: &Path, committed: &Path, d: &Difference, made: &str) -> String {
    let shown = |rel: &Path| {
        let p = if rel.as_os_str().is_empty() { committed.to_path_buf() } else { committed.join(rel) };
        p.strip_prefix(root).map(Path::to_path_buf).unwrap_or(p).display().to_string()
    };
    match d {
        Difference::Differs { path, line } => {
            format!("{}: differs from {made} from line {line}", shown(path))
        }
        Difference::OnlyLeft(path) => format!("{}: committed, but not in {made}", shown(path)),
        Difference::OnlyRight(path) => format!("{}: missing (in {made})", shown(path)),
    }
}

/// The differences between `left` and `right`, two files or two folders; folders named in `ignore` (e.g.
/// `__pycache__`) are left out on both sides, and a missing folder counts as an empty one. Paths in the answer
/// are relative to `left` and `right` (empty when they are files).
pub fn compare(left: &Path, right: &Path, ignore: &[&str]) -> io::Result<Vec<Difference>> {
    if left.is_file() || right.is_file() {
        return Ok(compare_files(left, right, PathBuf::new())?.into_iter().collect());
    }
    let (l, r) = (files(left, ignore)?, files(right, ignore)?);
    let mut out = Vec::new();
    for rel in l.union(&r) {
        match (l.contains(rel), r.contains(rel)) {
            (true, true) => out.extend(compare_files(&left.join(rel), &right.join(rel), rel.clone())?),
            (true, false) => out.push(Difference::OnlyLeft(rel.clone())),
            _ => out.push(Difference::OnlyRight(rel.clone())),
        }
    }
    Ok(out)
}

fn compare_files(left: &Path, right: &Path, rel: PathBuf) -> io::Result<Option<Difference>> {
    let read = |p: &Path| match fs::read(p) {
        Ok(b) => Ok(Some(b)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(io::Error::new(e.kind(), format!("{}: {e}", p.display()))),
    };
    Ok(match (read(left)?, read(right)?) {
        (Some(a), Some(b)) => {
            first_different_line(&a, &b).map(|line| Difference::Differs { path: rel, line })
        }
        (Some(_), None) => Some(Difference::OnlyLeft(rel)),
        (None, Some(_)) => Some(Difference::OnlyRight(rel)),
        (None, None) => None,
    })
}

/// The first line (1-based) at which the two texts part, `\r\n` and `\n` being the same line end.
fn first_different_line(a: &[u8], b: &[u8]) -> Option<usize> {
    let lines = |t: &[u8]| -> Vec<Vec<u8>> {
        t.split(|&c| c == b'\n').map(|l| l.strip_suffix(b"\r").unwrap_or(l).to_vec()).collect()
    };
    let (a, b) = (lines(a), lines(b));
    if a == b {
        return None;
    }
    Some(a.iter().zip(&b).take_while(|(x, y)| x == y).count() + 1)
}

/// Every file below `dir`, relative to it and sorted; folders named in `ignore` are skipped whole.
fn files(dir: &Path, ignore: &[&str]) -> io::Result<BTreeSet<PathBuf>> {
    let mut out = BTreeSet::new();
    if dir.is_dir() {
        walk(dir, Path::new(""), ignore, &mut out)?;
    }
    Ok(out)
}

fn walk(base: &Path, rel: &Path, ignore: &[&str], out: &mut BTreeSet<PathBuf>) -> io::Result<()> {
    for entry in fs::read_dir(base.join(rel))? {
        let entry = entry?;
        let name = entry.file_name();
        let child = rel.join(&name);
        if entry.file_type()?.is_dir() {
            if !ignore.iter().any(|i| name == *i) {
                walk(base, &child, ignore, out)?;
            }
        } else {
            out.insert(child);
        }
    }
    Ok(())
}

/// Makes `dst` a copy of the folder `src`: what was in `dst` before is removed.
pub fn replace(src: &Path, dst: &Path) -> io::Result<()> {
    match fs::remove_dir_all(dst) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    for rel in files(src, &[])? {
        let to = dst.join(&rel);
        fs::create_dir_all(to.parent().unwrap_or(dst))?;
        fs::copy(src.join(&rel), &to)?;
    }
    fs::create_dir_all(dst)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tempdir::TempDir;

    /// Writes `(path with /, text)` files below `root`.
    fn write(root: &Path, files: &[(&str, &str)]) {
        for (rel, text) in files {
            let p = root.join(rel_path(rel));
            fs::create_dir_all(p.parent().unwrap()).unwrap();
            fs::write(p, text).unwrap();
        }
    }

    fn rel_path(s: &str) -> PathBuf {
        s.split('/').collect()
    }

    #[test]
    fn equal_trees_ignoring_pycache_and_line_ends() {
        let t = TempDir::new("tree-equal").unwrap();
        let (a, b) = (t.path().join("a"), t.path().join("b"));
        write(
            &a,
            &[
                ("wire/Ack.py", "class Ack:\r\n    pass\r\n"),
                ("wire/__pycache__/Ack.cpython-311.pyc", "bytes"),
                ("wire/sub/__init__.py", ""),
            ],
        );
        write(&b, &[("wire/Ack.py", "class Ack:\n    pass\n"), ("wire/sub/__init__.py", "")]);
        assert_eq!(compare(&a, &b, &["__pycache__"]).unwrap(), []);
        // Without the ignore, the compiled file is a difference.
        assert_eq!(
            compare(&a, &b, &[]).unwrap(),
            [Difference::OnlyLeft(rel_path("wire/__pycache__/Ack.cpython-311.pyc"))]
        );
    }

    #[test]
    fn differences_name_the_file_and_line() {
        let t = TempDir::new("tree-differ").unwrap();
        let (a, b) = (t.path().join("a"), t.path().join("b"));
        write(&a, &[("x/A.py", "one\ntwo\nthree\n"), ("x/Old.py", "stale"), ("y.ts", "same")]);
        write(&b, &[("x/A.py", "one\ntwo\nTHREE\n"), ("x/New.py", "new"), ("y.ts", "same\nmore")]);
        assert_eq!(
            compare(&a, &b, &[]).unwrap(),
            [
                Difference::Differs { path: rel_path("x/A.py"), line: 3 },
                Difference::OnlyRight(rel_path("x/New.py")),
                Difference::OnlyLeft(rel_path("x/Old.py")),
                Difference::Differs { path: rel_path("y.ts"), line: 2 },
            ]
        );
        // Two files; a missing folder is an empty one.
        assert_eq!(
            compare(&a.join("y.ts"), &b.join("y.ts"), &[]).unwrap(),
            [Difference::Differs { path: PathBuf::new(), line: 2 }]
        );
        assert_eq!(
            compare(&t.path().join("none"), &b.join("x"), &[]).unwrap(),
            [Difference::OnlyRight(rel_path("A.py")), Difference::OnlyRight(rel_path("New.py"))]
        );
    }

    #[test]
    fn replace_leaves_an_exact_copy() {
        let t = TempDir::new("tree-replace").unwrap();
        let (src, dst) = (t.path().join("src"), t.path().join("dst"));
        write(&src, &[("a/b.txt", "b"), ("c.txt", "c")]);
        write(&dst, &[("gone.txt", "old")]);
        replace(&src, &dst).unwrap();
        assert_eq!(compare(&src, &dst, &[]).unwrap(), []);
        assert!(!dst.join("gone.txt").exists());
    }
}
