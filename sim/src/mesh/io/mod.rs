//! Reading (and writing) tetrahedral mesh files.
//!
//! [`read_mesh`] picks the format from the file extension; [`parse_tetgen`], [`parse_medit`] and
//! [`parse_gmsh`] do the same work on strings. Every reader feeds one builder, so all formats behave
//! alike:
//! - node identifiers are looked up in a table, so any unique numbering works (0- or 1-based, gaps, any
//!   order);
//! - vertices that no tetrahedron uses are **dropped** (files routinely carry geometry points, surface-only
//!   nodes and mid-edge nodes of quadratic tets) and the rest renumbered in file order;
//! - elements other than tetrahedra (points, edges, triangles, ...) are skipped and counted;
//! - the result goes through [`TetMesh::new`], which rejects degenerate tets and fixes each tet's
//!   orientation.
//!
//! The [`LoadReport`] says which format was read and what was dropped, skipped and flipped.
//!
//! # Layout
//! - this file: what every format shares: [`MeshFormat`], [`LoadReport`], [`MeshIoError`], [`read_mesh`]
//!   (the reader by extension), reading and writing text, lines and fields, and the builder every reader
//!   feeds.
//! - `tetgen`: TetGen `.node` + `.ele`, reader and writer.
//! - `medit`: MEDIT `.mesh`, reader and writer.
//! - `gmsh`: Gmsh `.msh` (2.x and 4.1), reader.
//! - `test_support` (tests only): generated files of every format and the helpers the unit tests share.
//!
//! # Accepted formats (ASCII only)
//! TetGen `.node` + `.ele`, MEDIT `.mesh` and Gmsh `.msh` (2.x and 4.1); each reader's file documents what
//! it accepts. Entries are read one per line, as every known writer produces them.
//!
//! # Errors
//! [`MeshIoError`] names the file and, for anything wrong inside it, the line and what was expected there:
//! malformed numbers, wrong field counts, non-finite coordinates, duplicate or missing node identifiers,
//! section counts that disagree with what follows (too few entries: the end of the section or file comes
//! early; too many: the extra line is reported), unsupported versions, and mesh errors from
//! [`TetMesh::new`] (with the line of the offending tet). No reader panics, and none allocates from a
//! declared count more than the input could actually hold.
//!
//! # Writers
//! [`write_tetgen`] and [`write_medit`] (and their string forms [`to_tetgen`], [`to_medit`]) write a
//! [`TetMesh`] back out with shortest round-trip float formatting, so write → read reproduces the mesh
//! exactly.

use std::collections::hash_map::{Entry, HashMap};
use std::fmt::{self, Display};
use std::path::{Path, PathBuf};

use crate::mesh::tet_mesh::{MeshError, MeshReport, TetMesh};

pub(crate) mod gmsh;
pub(crate) mod medit;
#[cfg(test)]
pub(crate) mod test_support;
pub(crate) mod tetgen;

pub use gmsh::parse_gmsh;
pub use medit::{parse_medit, to_medit, write_medit};
pub use tetgen::{parse_tetgen, to_tetgen, write_tetgen};

/// The file formats [`read_mesh`] understands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeshFormat {
    /// TetGen `.node` + `.ele`.
    TetGen,
    /// MEDIT ASCII `.mesh`.
    Medit,
    /// Gmsh ASCII `.msh`, format 2.x.
    Gmsh2,
    /// Gmsh ASCII `.msh`, format 4.1.
    Gmsh4,
}

impl Display for MeshFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MeshFormat::TetGen => "TetGen .node/.ele",
            MeshFormat::Medit => "MEDIT .mesh",
            MeshFormat::Gmsh2 => "Gmsh 2 .msh",
            MeshFormat::Gmsh4 => "Gmsh 4.1 .msh",
        })
    }
}

/// What loading a file did besides producing the mesh.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadReport {
    pub format: MeshFormat,
    /// What [`TetMesh::new`] changed (tets flipped to positive orientation).
    pub mesh: MeshReport,
    /// Vertices in the file that no tetrahedron uses, left out of the mesh.
    pub dropped_vertices: usize,
    /// Elements in the file that are not tetrahedra (points, edges, triangles, ...), ignored.
    pub skipped_elements: usize,
}

/// Why a mesh file could not be read or written. `file` is the path, or a label such as `<medit>` when
/// parsing a string.
#[derive(Debug, thiserror::Error)]
pub enum MeshIoError {
    #[error("cannot {op} {}: {source}", .path.display())]
    Io {
        op: &'static str,
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{file}: {}unsupported {what}", at_line(*.line))]
    Unsupported { file: String, line: Option<usize>, what: String },
    #[error("{file}: line {line}: {message}")]
    Syntax { file: String, line: usize, message: String },
    #[error("{file}: unexpected end of file, expected {expected}")]
    Truncated { file: String, expected: String },
    #[error("{file}: {}{source}", at_line(*.line))]
    Mesh {
        file: String,
        /// The line of the offending tetrahedron, where the error concerns one.
        line: Option<usize>,
        #[source]
        source: MeshError,
    },
}

type Result<T, E = MeshIoError> = std::result::Result<T, E>;

fn at_line(line: Option<usize>) -> String {
    line.map(|l| format!("line {l}: ")).unwrap_or_default()
}

// ---------------------------------------------------------------------------------------------------------
// Entry points

/// Read a tetrahedral mesh, choosing the reader by extension: `.node` or `.ele` (TetGen; both `X.node` and
/// `X.ele` are read), `.mesh` (MEDIT), `.msh` (Gmsh 2.x or 4.1). See the module documentation.
pub fn read_mesh(path: &Path) -> Result<(TetMesh, LoadReport)> {
    let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    let label = path.display().to_string();
    match ext.as_deref() {
        Some("node" | "ele") => {
            let (node, ele) = (path.with_extension("node"), path.with_extension("ele"));
            tetgen::tetgen(
                &read_text(&node)?,
                &node.display().to_string(),
                &read_text(&ele)?,
                &ele.display().to_string(),
            )
        }
        Some("mesh") => medit::medit(&read_text(path)?, &label),
        Some("msh") => gmsh::gmsh(&read_text(path)?, &label),
        Some("meshb") => Err(unsupported(&label, "binary MEDIT file (.meshb); convert it to ASCII .mesh")),
        _ => Err(unsupported(&label, "file extension (expected .node, .ele, .mesh or .msh)")),
    }
}

// ---------------------------------------------------------------------------------------------------------
// Files and formatting

/// The file as text. Invalid UTF-8 is replaced rather than refused: it is harmless in comments, and a binary
/// file still fails (with Gmsh's clear "binary" error, or at the first line that does not parse).
fn read_text(path: &Path) -> Result<String> {
    let bytes =
        std::fs::read(path).map_err(|source| MeshIoError::Io { op: "read", path: path.into(), source })?;
    Ok(match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    })
}

fn write_text(path: &Path, text: &str) -> Result<()> {
    std::fs::write(path, text).map_err(|source| MeshIoError::Io { op: "write", path: path.into(), source })
}

fn append_extension(base: &Path, ext: &str) -> PathBuf {
    let mut name = base.as_os_str().to_owned();
    name.push(".");
    name.push(ext);
    name.into()
}

fn unsupported(file: &str, what: impl Into<String>) -> MeshIoError {
    MeshIoError::Unsupported { file: file.into(), line: None, what: what.into() }
}

/// A float written so that it reads back exactly: plain notation for ordinary magnitudes, exponent otherwise.
struct Real(f64);

impl Display for Real {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let a = self.0.abs();
        if a == 0.0 || (1e-5..1e16).contains(&a) {
            write!(f, "{}", self.0)
        } else {
            write!(f, "{:e}", self.0)
        }
    }
}

/// A token as quoted in an error message, cut short if long.
fn quote(token: &str) -> String {
    const MAX: usize = 40;
    match token.char_indices().nth(MAX) {
        Some((cut, _)) => format!("'{}...'", &token[..cut]),
        None => format!("'{token}'"),
    }
}

/// How many entries to reserve for a section declaring `count`: never more than the text could hold (every
/// entry takes more than 8 bytes), so a huge declared count in a small file allocates nothing big.
fn reserve_hint(count: usize, text: &str) -> usize {
    count.min(text.len() / 8)
}

// ---------------------------------------------------------------------------------------------------------
// Lines and fields

/// One non-blank line (comment removed, trimmed), with its 1-based number and its file's label.
#[derive(Clone, Copy)]
struct Line<'a> {
    file: &'a str,
    no: usize,
    text: &'a str,
}

impl<'a> Line<'a> {
    fn fields(&self) -> Vec<&'a str> {
        self.text.split_whitespace().collect()
    }

    fn error(&self, message: impl Into<String>) -> MeshIoError {
        MeshIoError::Syntax { file: self.file.into(), line: self.no, message: message.into() }
    }

    fn unsupported(&self, what: impl Display) -> MeshIoError {
        MeshIoError::Unsupported { file: self.file.into(), line: Some(self.no), what: what.to_string() }
    }

    /// A count or node identifier: a non-negative integer.
    fn uint(&self, token: &str, what: impl Display) -> Result<u64> {
        token.parse().map_err(|_| {
            self.error(format!("expected {what} (a non-negative integer), found {}", quote(token)))
        })
    }

    fn count(&self, token: &str, what: impl Display) -> Result<usize> {
        let n = self.uint(token, what)?;
        // Beyond the address space no file can hold that many entries; saturating keeps the error for later.
        Ok(usize::try_from(n).unwrap_or(usize::MAX))
    }

    /// A reference, marker or entity tag: any integer.
    fn int(&self, token: &str, what: impl Display) -> Result<i64> {
        token.parse().map_err(|_| self.error(format!("expected {what} (an integer), found {}", quote(token))))
    }

    fn real(&self, token: &str, what: impl Display) -> Result<f64> {
        token.parse().map_err(|_| self.error(format!("expected {what} (a number), found {}", quote(token))))
    }

    /// Three finite coordinates of `what` (e.g. "node 7").
    fn point(&self, tokens: &[&str], what: impl Display) -> Result<[f64; 3]> {
        let mut p = [0.0; 3];
        for ((c, token), axis) in p.iter_mut().zip(tokens).zip(["x", "y", "z"]) {
            *c = self.real(token, format_args!("the {axis} coordinate of {what}"))?;
            if !c.is_finite() {
                return Err(self.error(format!("{what} has a non-finite {axis} coordinate {}", quote(token))));
            }
        }
        Ok(p)
    }
}

/// A counted section being read: its name, what one entry is called, its layout, and the declared count.
struct Section<'s> {
    name: &'s str,
    item: &'s str,
    layout: &'s str,
    count: usize,
}

/// The non-blank lines of a text.
struct Lines<'a> {
    file: &'a str,
    rest: std::iter::Enumerate<std::str::Lines<'a>>,
    /// Whether `#` starts a comment (TetGen, MEDIT; not Gmsh).
    comments: bool,
    /// Whether a token starts a new section rather than an entry (then the current section ended early).
    section_start: fn(&str) -> bool,
}

impl<'a> Lines<'a> {
    fn new(file: &'a str, text: &'a str, comments: bool, section_start: fn(&str) -> bool) -> Self {
        Lines { file, rest: text.lines().enumerate(), comments, section_start }
    }

    fn next_line(&mut self) -> Option<Line<'a>> {
        for (i, raw) in &mut self.rest {
            let text = match raw.find('#') {
                Some(hash) if self.comments => &raw[..hash],
                _ => raw,
            }
            .trim();
            if !text.is_empty() {
                return Some(Line { file: self.file, no: i + 1, text });
            }
        }
        None
    }

    fn expect(&mut self, expected: impl FnOnce() -> String) -> Result<Line<'a>> {
        self.next_line()
            .ok_or_else(|| MeshIoError::Truncated { file: self.file.into(), expected: expected() })
    }

    /// Entry `i` (0-based) of `section`: the next line and its fields, whatever their number.
    fn entry_line(&mut self, section: &Section, i: usize) -> Result<(Line<'a>, Vec<&'a str>)> {
        let line = self.expect(|| {
            format!("{} {} of the {} declared in {}", section.item, i + 1, section.count, section.name)
        })?;
        let fields = line.fields();
        match fields.first() {
            Some(first) if (self.section_start)(first) => Err(line.error(format!(
                "found {} after only {i} of the {} entries declared for {}",
                quote(line.text),
                section.count,
                section.name
            ))),
            _ => Ok((line, fields)),
        }
    }

    /// Entry `i` of `section`, which must have exactly `n` fields.
    fn entry(&mut self, section: &Section, i: usize, n: usize) -> Result<(Line<'a>, Vec<&'a str>)> {
        let (line, fields) = self.entry_line(section, i)?;
        if fields.len() != n {
            return Err(line.error(format!(
                "expected {n} fields ({}) for {} {}, found {}",
                section.layout,
                section.item,
                i + 1,
                fields.len()
            )));
        }
        Ok((line, fields))
    }

    /// The line closing a Gmsh section, right after its declared entries.
    fn end_marker(&mut self, marker: &str, after: impl FnOnce() -> String) -> Result<()> {
        match self.next_line() {
            Some(line) if line.text == marker => Ok(()),
            Some(line) => {
                Err(line.error(format!("expected {marker} {}, found {}", after(), quote(line.text))))
            }
            None => Err(MeshIoError::Truncated { file: self.file.into(), expected: marker.into() }),
        }
    }

    /// Nothing but blank lines and comments may follow.
    fn end_of_file(&mut self, after: impl FnOnce() -> String) -> Result<()> {
        match self.next_line() {
            Some(line) => Err(line.error(format!("unexpected {} {}", quote(line.text), after()))),
            None => Ok(()),
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// The common builder

/// A tetrahedron as read: its identifier in the file (for messages), its line, its corner node identifiers.
struct RawTet {
    id: u64,
    line: usize,
    nodes: [u64; 4],
}

/// Collects vertices by file identifier and tets by node identifiers, then drops unused vertices and builds
/// the [`TetMesh`].
struct Builder<'a> {
    format: MeshFormat,
    /// The file holding the tetrahedra, named by errors from [`TetMesh::new`].
    tet_file: &'a str,
    /// What the format calls a vertex ("node", "vertex").
    noun: &'static str,
    vertices: Vec<[f64; 3]>,
    /// Identifier -> (vertex index, line where it was defined).
    index: HashMap<u64, (usize, usize)>,
    tets: Vec<RawTet>,
    skipped_elements: usize,
}

impl<'a> Builder<'a> {
    fn new(format: MeshFormat, noun: &'static str, tet_file: &'a str) -> Self {
        Builder {
            format,
            tet_file,
            noun,
            vertices: Vec::new(),
            index: HashMap::new(),
            tets: Vec::new(),
            skipped_elements: 0,
        }
    }

    fn add_vertex(&mut self, line: &Line, id: u64, p: [f64; 3]) -> Result<()> {
        match self.index.entry(id) {
            Entry::Occupied(e) => {
                Err(line.error(format!("{} {id} is defined twice (first on line {})", self.noun, e.get().1)))
            }
            Entry::Vacant(e) => {
                e.insert((self.vertices.len(), line.no));
                self.vertices.push(p);
                Ok(())
            }
        }
    }

    fn add_tet(&mut self, line: &Line, id: u64, nodes: [u64; 4]) -> Result<()> {
        for i in 1..4 {
            if nodes[..i].contains(&nodes[i]) {
                return Err(line.error(format!("tetrahedron {id} uses {} {} twice", self.noun, nodes[i])));
            }
        }
        self.tets.push(RawTet { id, line: line.no, nodes });
        Ok(())
    }

    fn finish(self) -> Result<(TetMesh, LoadReport)> {
        let mesh_error = |line, source| MeshIoError::Mesh { file: self.tet_file.into(), line, source };
        if self.tets.is_empty() {
            return Err(mesh_error(None, MeshError::Empty));
        }
        // Resolve identifiers, then renumber the used vertices in file order.
        let mut tets = Vec::with_capacity(self.tets.len());
        for raw in &self.tets {
            let mut tet = [0; 4];
            for (slot, id) in tet.iter_mut().zip(raw.nodes) {
                *slot = match self.index.get(&id) {
                    Some(&(v, _)) => v,
                    None => {
                        return Err(MeshIoError::Syntax {
                            file: self.tet_file.into(),
                            line: raw.line,
                            message: format!(
                                "tetrahedron {} refers to {} {id}, which is not defined",
                                raw.id, self.noun
                            ),
                        })
                    }
                };
            }
            tets.push(tet);
        }
        let mut used = vec![false; self.vertices.len()];
        for &v in tets.iter().flatten() {
            used[v] = true;
        }
        let mut new_index = vec![usize::MAX; self.vertices.len()];
        let mut vertices = Vec::with_capacity(self.vertices.len());
        for ((slot, p), _) in new_index.iter_mut().zip(&self.vertices).zip(&used).filter(|(_, used)| **used) {
            *slot = vertices.len();
            vertices.push(*p);
        }
        let dropped_vertices = self.vertices.len() - vertices.len();
        for tet in &mut tets {
            for v in tet.iter_mut() {
                *v = new_index[*v];
            }
        }
        let (mesh, report) = TetMesh::new(vertices, tets).map_err(|e| {
            let tet = match e {
                MeshError::Degenerate { tet, .. }
                | MeshError::RepeatedVertex { tet, .. }
                | MeshError::IndexOutOfRange { tet, .. } => Some(tet),
                _ => None,
            };
            mesh_error(tet.and_then(|t| self.tets.get(t)).map(|raw| raw.line), e)
        })?;
        let report = LoadReport {
            format: self.format,
            mesh: report,
            dropped_vertices,
            skipped_elements: self.skipped_elements,
        };
        Ok((mesh, report))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::io::test_support::{
        box2, fixture, flipped, gmsh2_file, gmsh4_file, medit_file, message, report, tetgen_files, ELE, NODE,
    };
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use proptest::prelude::*;

    #[test]
    fn every_format_reads_the_same_box() {
        let m = box2();
        let f = flipped(&m);
        for id in [|i| i as i64 + 1, |i| i as i64, |i| 500 - 7 * i as i64] {
            let (node, ele) = tetgen_files(&m, id);
            assert_eq!(parse_tetgen(&node, &ele).unwrap(), (m.clone(), report(MeshFormat::TetGen, f, 0, 0)));
        }
        assert_eq!(parse_medit(&medit_file(&m)).unwrap(), (m.clone(), report(MeshFormat::Medit, f, 1, 3)));
        assert_eq!(parse_gmsh(&gmsh2_file(&m)).unwrap(), (m.clone(), report(MeshFormat::Gmsh2, f, 2, 3)));
        assert_eq!(parse_gmsh(&gmsh4_file(&m)).unwrap(), (m.clone(), report(MeshFormat::Gmsh4, f, 1, 1)));
    }

    #[test]
    fn fixtures_read_as_the_unit_cube() {
        let cube = box_mesh(1, 1, 1, [1.0; 3]);
        let cases = [
            ("cube.node", report(MeshFormat::TetGen, 1, 0, 0)),
            ("cube.ele", report(MeshFormat::TetGen, 1, 0, 0)),
            ("cube.mesh", report(MeshFormat::Medit, 0, 1, 3)),
            ("cube_v2.msh", report(MeshFormat::Gmsh2, 0, 2, 3)),
            ("cube_v41.msh", report(MeshFormat::Gmsh4, 1, 1, 2)),
        ];
        for (name, expected) in cases {
            let (mesh, got) = read_mesh(&fixture(name)).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!((&mesh, &got), (&cube, &expected), "{name}");
        }
    }

    #[test]
    fn quadratic_tets_use_their_corners_and_drop_the_edge_nodes() {
        let corners = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
        let edges = [[0, 1], [1, 2], [0, 2], [0, 3], [2, 3], [1, 3]];
        let mut points = corners.to_vec();
        points.extend(
            edges.map(|[a, b]| std::array::from_fn::<f64, 3, _>(|c| (corners[a][c] + corners[b][c]) / 2.0)),
        );
        let lines = |first: usize, ref_: &str| -> String {
            points
                .iter()
                .enumerate()
                .map(|(i, [x, y, z])| format!("{} {x} {y} {z}{ref_}\n", i + first))
                .collect()
        };
        let strip =
            |s: String| s.lines().map(|l| l.split_once(' ').unwrap().1.to_owned() + "\n").collect::<String>();
        let nodes10 = "1 2 3 4 5 6 7 8 9 10";
        let expected = TetMesh::new(corners.to_vec(), vec![[0, 1, 2, 3]]).unwrap().0;
        let tetgen = parse_tetgen(&format!("10 3 0 0\n{}", lines(1, "")), &format!("1 10 0\n1 {nodes10}\n"));
        let medit = parse_medit(&format!(
            "MeshVersionFormatted 2\nDimension 3\nVertices\n10\n{}TetrahedraP2\n1\n{nodes10} 0\nEnd\n",
            strip(lines(1, " 0"))
        ));
        let gmsh2 = parse_gmsh(&format!(
            "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n10\n{}$EndNodes\n\
             $Elements\n1\n1 11 0 {nodes10}\n$EndElements\n",
            lines(1, "")
        ));
        let tags: String = (1..=10).map(|i| format!("{i}\n")).collect();
        let gmsh4 = parse_gmsh(&format!(
            "$MeshFormat\n4.1 0 8\n$EndMeshFormat\n$Nodes\n1 10 1 10\n3 1 0 10\n{tags}{}$EndNodes\n\
             $Elements\n1 1 1 1\n3 1 11 1\n1 {nodes10}\n$EndElements\n",
            strip(lines(1, ""))
        ));
        for result in [tetgen, medit, gmsh2, gmsh4] {
            let (mesh, report) = result.unwrap();
            assert_eq!(mesh, expected);
            assert_eq!(report.dropped_vertices, 6);
        }
    }

    #[test]
    fn writers_round_trip_exactly() {
        let meshes =
            [box2(), box_mesh(3, 1, 2, [0.1, 7.0 / 3.0, 1e-6]), box_mesh(1, 2, 1, [1e17, 3e16, 2e20])];
        for m in &meshes {
            let (node, ele) = to_tetgen(m);
            assert_eq!(parse_tetgen(&node, &ele).unwrap(), (m.clone(), report(MeshFormat::TetGen, 0, 0, 0)));
            assert_eq!(parse_medit(&to_medit(m)).unwrap(), (m.clone(), report(MeshFormat::Medit, 0, 0, 0)));
        }
        let dir = std::env::temp_dir().join(format!("avatard-mesh-io-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let m = &meshes[1];
        write_tetgen(m, &dir.join("box.v1")).unwrap();
        write_medit(m, &dir.join("box.mesh")).unwrap();
        assert_eq!(&read_mesh(&dir.join("box.v1.ele")).unwrap().0, m);
        assert_eq!(&read_mesh(&dir.join("box.v1.node")).unwrap().0, m);
        assert_eq!(&read_mesh(&dir.join("box.mesh")).unwrap().0, m);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn file_level_errors() {
        let missing = fixture("missing.mesh");
        assert!(message(read_mesh(&missing)).starts_with(&format!("cannot read {}: ", missing.display())));
        // the .ele of a TetGen pair is read too
        let dir = std::env::temp_dir().join(format!("avatard-mesh-io-errors-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("lonely.node"), "4 3 0 0\n").unwrap();
        let ele = dir.join("lonely.ele");
        assert!(message(read_mesh(&dir.join("lonely.node")))
            .starts_with(&format!("cannot read {}", ele.display())));
        assert!(message(write_medit(&box2(), &dir.join("no/such/dir.mesh"))).starts_with("cannot write "));
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            message(read_mesh(Path::new("a/b.obj"))),
            "a/b.obj: unsupported file extension (expected .node, .ele, .mesh or .msh)"
        );
        assert_eq!(
            message(read_mesh(Path::new("b.meshb"))),
            "b.meshb: unsupported binary MEDIT file (.meshb); convert it to ASCII .mesh"
        );
    }

    #[test]
    fn huge_declared_counts_fail_without_allocating() {
        let big = "1000000000000";
        let v2 = "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n";
        let v4 = "$MeshFormat\n4.1 0 8\n$EndMeshFormat\n";
        let medit = "MeshVersionFormatted 2\nDimension 3\n";
        let cases = [
            (parse_tetgen(&format!("{big} 3 0 0\n"), ELE), "point 1 of the 1000000000000 declared"),
            (parse_tetgen(NODE, &format!("{big} 4 0\n")), "tetrahedron 1 of the 1000000000000 declared"),
            (parse_tetgen(&format!("4 3 {big} 0\n1 0 0 0\n"), ELE), "expected 1000000000004 fields"),
            (
                parse_tetgen(&format!("4 3 {} 1\n1 0 0 0\n", u64::MAX), ELE),
                "expected 18446744073709551615 fields",
            ),
            (parse_medit(&format!("{medit}Vertices {big}\n")), "vertex 1 of the"),
            (parse_medit(&format!("{medit}Tetrahedra {big}\n")), "tetrahedron 1 of"),
            (parse_medit(&format!("{medit}Triangles {big}\n")), "entry 1 of the"),
            (parse_gmsh(&format!("{v2}$Nodes\n{big}\n")), "node 1 of"),
            (parse_gmsh(&format!("{v2}$Elements\n{big}\n")), "element 1 of"),
            (parse_gmsh(&format!("{v4}$Nodes\n{big} {big} 1 {big}\n")), "node block 1 of"),
            (parse_gmsh(&format!("{v4}$Nodes\n1 {big} 1 {big}\n3 1 0 {big}\n")), "node tag 1 of"),
            (parse_gmsh(&format!("{v4}$Elements\n1 {big} 1 {big}\n3 1 4 {big}\n")), "element 1 of"),
            (
                parse_gmsh(&format!("{v4}$Elements\n1 1 1 1\n3 1 4 99999999999999999999\n")),
                "(a non-negative integer), found '99999999999999999999'",
            ),
        ];
        for (result, expected) in cases {
            let got = message(result);
            assert!(got.contains(expected), "{got:?} should contain {expected:?}");
        }
    }

    // ---- robustness: mutated valid files never make a parser panic ------------------------------------

    /// Tokens that tend to reach unusual paths: keywords, section markers, extreme and malformed numbers.
    const TOKENS: &[&str] = &[
        "0",
        "1",
        "-1",
        "4",
        "10",
        "11",
        "3",
        "2.2",
        "4.1",
        "nan",
        "inf",
        "-inf",
        "1e308",
        "1e-320",
        "18446744073709551615",
        "99999999999999999999",
        "1000000000000",
        "$Nodes",
        "$EndNodes",
        "$Elements",
        "$EndElements",
        "$Entities",
        "$End",
        "Vertices",
        "Tetrahedra",
        "TetrahedraP2",
        "Triangles",
        "End",
        "Dimension",
        "#",
        "x",
        "\u{e9}",
        " ",
        "\n",
        "\r\n",
        "\t",
    ];

    #[derive(Clone, Debug)]
    enum Mutation {
        Truncate(prop::sample::Index),
        DeleteLine(prop::sample::Index),
        DuplicateLine(prop::sample::Index),
        SwapLines(prop::sample::Index, prop::sample::Index),
        ReplaceToken(prop::sample::Index, prop::sample::Index),
        Insert(prop::sample::Index, prop::sample::Index),
        DeleteBytes(prop::sample::Index, usize),
    }

    fn mutation() -> impl Strategy<Value = Mutation> {
        use prop::sample::Index;
        prop_oneof![
            any::<Index>().prop_map(Mutation::Truncate),
            any::<Index>().prop_map(Mutation::DeleteLine),
            any::<Index>().prop_map(Mutation::DuplicateLine),
            (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
            (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::ReplaceToken(a, b)),
            (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::Insert(a, b)),
            (any::<Index>(), 1..8usize).prop_map(|(a, n)| Mutation::DeleteBytes(a, n)),
        ]
    }

    /// The largest char boundary of `s` at or below `i`.
    fn floor_boundary(s: &str, mut i: usize) -> usize {
        while !s.is_char_boundary(i) {
            i -= 1;
        }
        i
    }

    fn apply(text: &str, m: &Mutation) -> String {
        let mut lines: Vec<&str> = text.split_inclusive('\n').collect();
        let at = |i: &prop::sample::Index| floor_boundary(text, i.index(text.len() + 1));
        match m {
            Mutation::Truncate(i) => text[..at(i)].to_owned(),
            Mutation::DeleteBytes(i, n) => {
                let start = at(i);
                let end = floor_boundary(text, (start + n).min(text.len()));
                format!("{}{}", &text[..start], &text[end..])
            }
            Mutation::Insert(i, t) => {
                let start = at(i);
                format!("{}{}{}", &text[..start], t.get(TOKENS), &text[start..])
            }
            _ if lines.is_empty() => String::new(),
            Mutation::DeleteLine(i) => {
                lines.remove(i.index(lines.len()));
                lines.concat()
            }
            Mutation::DuplicateLine(i) => {
                let k = i.index(lines.len());
                lines.insert(k, lines[k]);
                lines.concat()
            }
            Mutation::SwapLines(a, b) => {
                let (a, b) = (a.index(lines.len()), b.index(lines.len()));
                lines.swap(a, b);
                lines.concat()
            }
            Mutation::ReplaceToken(i, t) => {
                let tokens: Vec<(usize, &str)> = text
                    .split_whitespace()
                    .map(|tok| (tok.as_ptr() as usize - text.as_ptr() as usize, tok))
                    .collect();
                if tokens.is_empty() {
                    return text.to_owned();
                }
                let (start, tok) = tokens[i.index(tokens.len())];
                format!("{}{}{}", &text[..start], t.get(TOKENS), &text[start + tok.len()..])
            }
        }
    }

    fn mutated(base: String, mutations: &[Mutation]) -> String {
        mutations.iter().fold(base, |text, m| apply(&text, m))
    }

    /// A parse must return, and what it returns must be a valid mesh (every tet of positive, finite volume).
    fn check(result: Result<(TetMesh, LoadReport)>) {
        if let Ok((mesh, _)) = result {
            assert!(mesh.t() > 0);
            assert!(mesh.tets.iter().flatten().all(|&v| v < mesh.n()));
            assert!((0..mesh.t()).map(|t| mesh.volume(t)).all(|v| v > 0.0 && v.is_finite()));
        }
    }

    fn small() -> TetMesh {
        box_mesh(1, 1, 2, [1.0, 2.0, 3.0])
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: 1000,
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        #[test]
        fn tetgen_never_panics(muts in prop::collection::vec(mutation(), 1..5), on_ele: bool) {
            let (node, ele) = tetgen_files(&small(), |i| i as i64 + 1);
            if on_ele {
                check(parse_tetgen(&node, &mutated(ele, &muts)));
            } else {
                check(parse_tetgen(&mutated(node, &muts), &ele));
            }
        }

        #[test]
        fn medit_never_panics(muts in prop::collection::vec(mutation(), 1..5)) {
            check(parse_medit(&mutated(medit_file(&small()), &muts)));
        }

        #[test]
        fn gmsh_never_panics(muts in prop::collection::vec(mutation(), 1..5), v4: bool) {
            let base = if v4 { gmsh4_file(&small()) } else { gmsh2_file(&small()) };
            check(parse_gmsh(&mutated(base, &muts)));
        }

        #[test]
        fn token_soup_never_panics(tokens in prop::collection::vec(prop::sample::select(TOKENS), 0..60)) {
            let text = tokens.join(" ");
            let prefix = ["", "MeshVersionFormatted 2\n", "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n",
                          "$MeshFormat\n4.1 0 8\n$EndMeshFormat\n"];
            for p in prefix {
                let text = format!("{p}{text}");
                check(parse_medit(&text));
                check(parse_gmsh(&text));
                check(parse_tetgen(&text, ELE));
                check(parse_tetgen(NODE, &text));
            }
        }
    }
}
