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
//! # Accepted formats (ASCII only)
//! - **TetGen** `X.node` + `X.ele` (either name may be given to [`read_mesh`]). `#` starts a comment,
//!   blank lines are ignored. `.node`: header `<#points> [<dimension> [<#attributes> [<#markers>]]]`
//!   (TetGen's defaults `3 0 0` when left out; dimension must be 3, boundary markers 0 or 1), then one line
//!   per point: `<index> <x> <y> <z> [attributes] [marker]`. `.ele`: header
//!   `<#tets> [<nodes per tet> [<#attributes>]]` (4 or 10 nodes; the first 4 are the corners), then
//!   `<index> <n1> ... <nk> [attributes]` referring to the `.node` indices.
//! - **MEDIT** `.mesh`: `MeshVersionFormatted <1..4>` first, `Dimension 3` before the vertices,
//!   `Vertices <n>` with lines `x y z ref`, `Tetrahedra <t>` (or `TetrahedraP2`, corners first) with lines
//!   `a b c d ref` (1-based vertex numbers), `End`. Keywords are case-insensitive and their value or count
//!   may be on the same line or the next; `#` starts a comment. The other common sections (`Edges`,
//!   `Triangles`, `Quadrilaterals`, `Hexahedra`, `Prisms`, `Pyramids`, their P2/Q2 forms, `Corners`,
//!   `Ridges`, `Required*`, `Normals`, `Tangents`, `NormalAt*`, `TangentAt*`) are skipped entry by entry
//!   with their arity checked; an unknown keyword is an error, since its entries could not be skipped
//!   safely.
//! - **Gmsh** `.msh`, format 2.x (2.0–2.2) and 4.1, told apart by `$MeshFormat`. 2.x: `$Nodes` (count,
//!   then `tag x y z`), `$Elements` (count, then `tag type ntags <tags> <nodes>`). 4.1: `$Nodes` and
//!   `$Elements` in entity blocks (node tags first, then coordinates, `x y z [u [v [w]]]` for parametric
//!   nodes). Tetrahedra are element types 4, 11, 29, 30 and 31 (4 to 56 nodes, corners first); every other
//!   type is skipped. Any other section (`$Entities`, `$PhysicalNames`, `$NodeData`, `$Comments`, ...) is
//!   skipped up to its `$End...` line. Binary files, format 4.0 and format 1 (`$NOD`) are refused as
//!   unsupported.
//!
//! Entries are read one per line, as every known writer produces them.
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
use std::fmt::{self, Display, Write as _};
use std::path::{Path, PathBuf};

use crate::mesh::tet_mesh::{MeshError, MeshReport, TetMesh};

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
            tetgen(
                &read_text(&node)?,
                &node.display().to_string(),
                &read_text(&ele)?,
                &ele.display().to_string(),
            )
        }
        Some("mesh") => medit(&read_text(path)?, &label),
        Some("msh") => gmsh(&read_text(path)?, &label),
        Some("meshb") => Err(unsupported(&label, "binary MEDIT file (.meshb); convert it to ASCII .mesh")),
        _ => Err(unsupported(&label, "file extension (expected .node, .ele, .mesh or .msh)")),
    }
}

/// Parse a TetGen mesh from the contents of its `.node` and `.ele` files.
pub fn parse_tetgen(node: &str, ele: &str) -> Result<(TetMesh, LoadReport)> {
    tetgen(node, "<tetgen .node>", ele, "<tetgen .ele>")
}

/// Parse a MEDIT ASCII `.mesh` file's contents.
pub fn parse_medit(text: &str) -> Result<(TetMesh, LoadReport)> {
    medit(text, "<medit>")
}

/// Parse a Gmsh ASCII `.msh` file's contents (format 2.x or 4.1).
pub fn parse_gmsh(text: &str) -> Result<(TetMesh, LoadReport)> {
    gmsh(text, "<gmsh>")
}

/// Write `base.node` and `base.ele` (the extensions are appended to `base`), 1-based, without attributes or
/// markers.
pub fn write_tetgen(mesh: &TetMesh, base: &Path) -> Result<()> {
    let (node, ele) = to_tetgen(mesh);
    write_text(&append_extension(base, "node"), &node)?;
    write_text(&append_extension(base, "ele"), &ele)
}

/// Write a MEDIT ASCII `.mesh` file (format version 2, all references 0).
pub fn write_medit(mesh: &TetMesh, path: &Path) -> Result<()> {
    write_text(path, &to_medit(mesh))
}

/// The contents of the `.node` and `.ele` files [`write_tetgen`] writes.
pub fn to_tetgen(mesh: &TetMesh) -> (String, String) {
    let mut node = format!("# {} points: index x y z\n{} 3 0 0\n", mesh.n(), mesh.n());
    for (i, [x, y, z]) in mesh.vertices.iter().enumerate() {
        let _ = writeln!(node, "{} {} {} {}", i + 1, Real(*x), Real(*y), Real(*z));
    }
    let mut ele =
        format!("# {} tetrahedra: index and four 1-based point indices\n{} 4 0\n", mesh.t(), mesh.t());
    for (i, [a, b, c, d]) in mesh.tets.iter().enumerate() {
        let _ = writeln!(ele, "{} {} {} {} {}", i + 1, a + 1, b + 1, c + 1, d + 1);
    }
    (node, ele)
}

/// The contents of the `.mesh` file [`write_medit`] writes.
pub fn to_medit(mesh: &TetMesh) -> String {
    let mut out = format!("MeshVersionFormatted 2\nDimension 3\n\nVertices\n{}\n", mesh.n());
    for [x, y, z] in &mesh.vertices {
        let _ = writeln!(out, "{} {} {} 0", Real(*x), Real(*y), Real(*z));
    }
    let _ = write!(out, "\nTetrahedra\n{}\n", mesh.t());
    for [a, b, c, d] in &mesh.tets {
        let _ = writeln!(out, "{} {} {} {} 0", a + 1, b + 1, c + 1, d + 1);
    }
    out.push_str("\nEnd\n");
    out
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

// ---------------------------------------------------------------------------------------------------------
// TetGen

fn tetgen(node_text: &str, node_file: &str, ele_text: &str, ele_file: &str) -> Result<(TetMesh, LoadReport)> {
    let mut b = Builder::new(MeshFormat::TetGen, "node", ele_file);

    let mut lines = Lines::new(node_file, node_text, true, |_| false);
    let header =
        lines.expect(|| "the .node header '<#points> <dimension> <#attributes> <#markers>'".into())?;
    let f = header.fields();
    if f.len() > 4 {
        return Err(header.error(format!(
            "expected the .node header '<#points> <dimension> <#attributes> <#markers>', found {} fields",
            f.len()
        )));
    }
    let field = |i: usize, default: &'static str| f.get(i).copied().unwrap_or(default);
    let count = header.count(field(0, ""), "the number of points")?;
    let dim = header.uint(field(1, "3"), "the dimension")?;
    if dim != 3 {
        return Err(header.unsupported(format_args!("dimension {dim} (only 3-D meshes)")));
    }
    let attributes = header.count(field(2, "0"), "the number of point attributes")?;
    let markers = header.count(field(3, "0"), "the number of boundary markers")?;
    if markers > 1 {
        return Err(header.error(format!("expected 0 or 1 boundary markers, found {markers}")));
    }
    let layout = format!(
        "index x y z{}{}",
        if attributes > 0 { format!(" +{attributes} attributes") } else { String::new() },
        if markers > 0 { " marker" } else { "" }
    );
    let section = Section { name: "the .node header", item: "point", layout: &layout, count };
    b.vertices.reserve(reserve_hint(count, node_text));
    for i in 0..count {
        let (line, f) =
            lines.entry(&section, i, 4usize.saturating_add(attributes).saturating_add(markers))?;
        let id = line.uint(f[0], "a point index")?;
        let p = line.point(&f[1..4], format_args!("point {id}"))?;
        for a in &f[4..4 + attributes] {
            line.real(a, format_args!("an attribute of point {id}"))?;
        }
        if markers > 0 {
            line.int(f[4 + attributes], format_args!("the boundary marker of point {id}"))?;
        }
        b.add_vertex(&line, id, p)?;
    }
    lines.end_of_file(|| format!("after the {count} points declared in the header"))?;

    let mut lines = Lines::new(ele_file, ele_text, true, |_| false);
    let header = lines.expect(|| "the .ele header '<#tetrahedra> <nodes per tet> <#attributes>'".into())?;
    let f = header.fields();
    if f.len() > 3 {
        return Err(header.error(format!(
            "expected the .ele header '<#tetrahedra> <nodes per tet> <#attributes>', found {} fields",
            f.len()
        )));
    }
    let field = |i: usize, default: &'static str| f.get(i).copied().unwrap_or(default);
    let count = header.count(field(0, ""), "the number of tetrahedra")?;
    let per_tet = header.uint(field(1, "4"), "the number of nodes per tetrahedron")?;
    if per_tet != 4 && per_tet != 10 {
        return Err(header.unsupported(format_args!("{per_tet} nodes per tetrahedron (expected 4 or 10)")));
    }
    let per_tet = per_tet as usize;
    let attributes = header.count(field(2, "0"), "the number of tetrahedron attributes")?;
    let layout = format!(
        "index, {per_tet} node indices{}",
        if attributes > 0 { format!(", {attributes} attributes") } else { String::new() }
    );
    let section = Section { name: "the .ele header", item: "tetrahedron", layout: &layout, count };
    b.tets.reserve(reserve_hint(count, ele_text));
    for i in 0..count {
        let (line, f) = lines.entry(&section, i, (1 + per_tet).saturating_add(attributes))?;
        let id = line.uint(f[0], "a tetrahedron index")?;
        let mut nodes = [0; 4];
        for (k, token) in f[1..1 + per_tet].iter().enumerate() {
            let node = line.uint(token, format_args!("node {} of tetrahedron {id}", k + 1))?;
            if let Some(slot) = nodes.get_mut(k) {
                *slot = node;
            }
        }
        for a in &f[1 + per_tet..] {
            line.real(a, format_args!("an attribute of tetrahedron {id}"))?;
        }
        b.add_tet(&line, id, nodes)?;
    }
    lines.end_of_file(|| format!("after the {count} tetrahedra declared in the header"))?;
    b.finish()
}

// ---------------------------------------------------------------------------------------------------------
// MEDIT

/// MEDIT sections that are skipped: keyword, fields per entry, whether an entry is an element.
const MEDIT_SKIPPED: &[(&str, usize, bool)] = &[
    ("Edges", 3, true),
    ("Triangles", 4, true),
    ("Quadrilaterals", 5, true),
    ("Hexahedra", 9, true),
    ("Prisms", 7, true),
    ("Pyramids", 6, true),
    ("EdgesP2", 4, true),
    ("TrianglesP2", 7, true),
    ("QuadrilateralsQ2", 10, true),
    ("HexahedraQ2", 28, true),
    ("Corners", 1, false),
    ("Ridges", 1, false),
    ("RequiredVertices", 1, false),
    ("RequiredEdges", 1, false),
    ("RequiredTriangles", 1, false),
    ("RequiredQuadrilaterals", 1, false),
    ("RequiredTetrahedra", 1, false),
    ("Normals", 3, false),
    ("Tangents", 3, false),
    ("NormalAtVertices", 2, false),
    ("NormalAtTriangleVertices", 3, false),
    ("NormalAtQuadrilateralVertices", 3, false),
    ("TangentAtVertices", 2, false),
    ("TangentAtEdgeVertices", 3, false),
];

/// Entries of MEDIT sections are all numbers, so a word that is not one starts the next section.
fn medit_keyword(token: &str) -> bool {
    token.starts_with(|c: char| c.is_ascii_alphabetic()) && token.parse::<f64>().is_err()
}

/// The value of a keyword (`Dimension 3`, `Vertices 8`): on the keyword's line or alone on the next one.
fn keyword_value<'a>(
    lines: &mut Lines<'a>,
    line: Line<'a>,
    fields: &[&'a str],
) -> Result<(Line<'a>, &'a str)> {
    match fields {
        [_, value] => Ok((line, *value)),
        [keyword] => {
            let next = lines.expect(|| format!("the value of {keyword}"))?;
            match next.fields()[..] {
                [value] => Ok((next, value)),
                _ => {
                    Err(next
                        .error(format!("expected the value of {keyword} alone, found {}", quote(next.text))))
                }
            }
        }
        _ => Err(line.error(format!("expected '{}' and one value, found {}", fields[0], quote(line.text)))),
    }
}

fn medit(text: &str, file: &str) -> Result<(TetMesh, LoadReport)> {
    let mut b = Builder::new(MeshFormat::Medit, "vertex", file);
    let mut lines = Lines::new(file, text, true, medit_keyword);
    let mut dimension = None;
    let mut first = true;
    let mut vertices_seen = false;
    loop {
        let line = lines.expect(|| "End".into())?;
        let fields = line.fields();
        let keyword = fields[0];
        let is = |name: &str| keyword.eq_ignore_ascii_case(name);
        if first && !is("MeshVersionFormatted") {
            return Err(line.error(format!(
                "expected MeshVersionFormatted (is this a MEDIT .mesh file?), found {}",
                quote(line.text)
            )));
        }
        first = false;
        if is("MeshVersionFormatted") {
            let (at, value) = keyword_value(&mut lines, line, &fields)?;
            let version = at.uint(value, "the format version")?;
            if !(1..=4).contains(&version) {
                return Err(at.unsupported(format_args!("MEDIT format version {version}")));
            }
        } else if is("Dimension") {
            let (at, value) = keyword_value(&mut lines, line, &fields)?;
            let d = at.uint(value, "the dimension")?;
            if d != 3 {
                return Err(at.unsupported(format_args!("dimension {d} (only 3-D meshes)")));
            }
            dimension = Some(d);
        } else if is("Vertices") {
            if dimension.is_none() {
                return Err(line.error("Vertices before 'Dimension 3'"));
            }
            if vertices_seen {
                return Err(line.error("a second Vertices section"));
            }
            vertices_seen = true;
            let (at, value) = keyword_value(&mut lines, line, &fields)?;
            let count = at.count(value, "the number of vertices")?;
            let section = Section { name: "Vertices", item: "vertex", layout: "x y z ref", count };
            b.vertices.reserve(reserve_hint(count, text));
            for i in 0..count {
                let (line, f) = lines.entry(&section, i, 4)?;
                let p = line.point(&f[..3], format_args!("vertex {}", i + 1))?;
                line.int(f[3], format_args!("the reference of vertex {}", i + 1))?;
                b.add_vertex(&line, i as u64 + 1, p)?;
            }
        } else if is("Tetrahedra") || is("TetrahedraP2") {
            let nodes = if is("Tetrahedra") { 4 } else { 10 };
            let name = if nodes == 4 { "Tetrahedra" } else { "TetrahedraP2" };
            let (at, value) = keyword_value(&mut lines, line, &fields)?;
            let count = at.count(value, "the number of tetrahedra")?;
            let layout = if nodes == 4 { "a b c d ref" } else { "10 vertex numbers, ref" };
            let section = Section { name, item: "tetrahedron", layout, count };
            b.tets.reserve(reserve_hint(count, text));
            for i in 0..count {
                let (line, f) = lines.entry(&section, i, nodes + 1)?;
                let id = i as u64 + 1;
                let mut corners = [0; 4];
                for (k, token) in f[..nodes].iter().enumerate() {
                    let v = line.uint(token, format_args!("vertex {} of tetrahedron {id}", k + 1))?;
                    if let Some(slot) = corners.get_mut(k) {
                        *slot = v;
                    }
                }
                line.int(f[nodes], format_args!("the reference of tetrahedron {id}"))?;
                b.add_tet(&line, id, corners)?;
            }
        } else if is("End") {
            if fields.len() > 1 {
                return Err(line.error(format!("expected End alone, found {}", quote(line.text))));
            }
            lines.end_of_file(|| "after End".into())?;
            return b.finish();
        } else if let Some(&(name, arity, element)) = MEDIT_SKIPPED.iter().find(|(name, ..)| is(name)) {
            let (at, value) = keyword_value(&mut lines, line, &fields)?;
            let count = at.count(value, format_args!("the number of entries in {name}"))?;
            let section = Section { name, item: "entry", layout: "", count };
            for i in 0..count {
                let (line, f) = lines.entry_line(&section, i)?;
                if f.len() != arity {
                    return Err(line.error(format!(
                        "expected {arity} fields for entry {} of {name}, found {}",
                        i + 1,
                        f.len()
                    )));
                }
            }
            if element {
                b.skipped_elements += count;
            }
        } else {
            return Err(line.error(format!("unknown MEDIT keyword {}", quote(keyword))));
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// Gmsh

/// Gmsh element types that are tetrahedra, with their node counts (corners always come first).
const GMSH_TETS: &[(u64, usize)] = &[(4, 4), (11, 10), (29, 20), (30, 35), (31, 56)];

fn gmsh_section_start(token: &str) -> bool {
    token.starts_with('$')
}

fn gmsh(text: &str, file: &str) -> Result<(TetMesh, LoadReport)> {
    let mut lines = Lines::new(file, text, false, gmsh_section_start);
    let first = lines.expect(|| "$MeshFormat".into())?;
    if first.text != "$MeshFormat" {
        if first.text == "$NOD" {
            return Err(first.unsupported("Gmsh format 1 ($NOD); save as format 2.2 or 4.1"));
        }
        return Err(first.error(format!(
            "expected $MeshFormat (is this a Gmsh .msh file?), found {}",
            quote(first.text)
        )));
    }
    let line = lines.expect(|| "the format line '<version> <file-type> <data-size>'".into())?;
    let [version, file_type, data_size] = line.fields()[..] else {
        return Err(line.error(format!(
            "expected the format line '<version> <file-type> <data-size>', found {}",
            quote(line.text)
        )));
    };
    match file_type {
        "0" => {}
        "1" => return Err(line.unsupported("binary Gmsh file (file-type 1); save it as ASCII")),
        _ => {
            return Err(
                line.error(format!("expected file-type 0 (ASCII) or 1 (binary), found {}", quote(file_type)))
            )
        }
    }
    line.uint(data_size, "the data size")?;
    let v: f64 = line.real(version, "the format version")?;
    let format = if (2.0..3.0).contains(&v) {
        MeshFormat::Gmsh2
    } else if v == 4.1 {
        MeshFormat::Gmsh4
    } else {
        return Err(line.unsupported(format_args!("Gmsh format {version} (only 2.x and 4.1 ASCII)")));
    };
    lines.end_marker("$EndMeshFormat", || "after the format line".into())?;

    let mut b = Builder::new(format, "node", file);
    while let Some(line) = lines.next_line() {
        match line.text {
            "$Nodes" if format == MeshFormat::Gmsh2 => gmsh2_nodes(&mut lines, &mut b, text)?,
            "$Elements" if format == MeshFormat::Gmsh2 => gmsh2_elements(&mut lines, &mut b, text)?,
            "$Nodes" => gmsh4_nodes(&mut lines, &mut b, text)?,
            "$Elements" => gmsh4_elements(&mut lines, &mut b, text)?,
            section
                if section.starts_with('$')
                    && !section.starts_with("$End")
                    && !section.contains(char::is_whitespace) =>
            {
                let end = format!("$End{}", &section[1..]);
                loop {
                    let next =
                        lines.expect(|| format!("{end} (closing the section opened on line {})", line.no))?;
                    if next.text == end {
                        break;
                    }
                }
            }
            _ => {
                return Err(line.error(format!(
                    "expected a section header such as $Nodes or $Elements (alone on its line), found {}",
                    quote(line.text)
                )))
            }
        }
    }
    b.finish()
}

/// A section's single count line (format 2).
fn count_line(lines: &mut Lines, what: &str) -> Result<usize> {
    let line = lines.expect(|| format!("the number of {what}"))?;
    match line.fields()[..] {
        [n] => line.count(n, format_args!("the number of {what}")),
        _ => Err(line.error(format!("expected the number of {what} alone, found {}", quote(line.text)))),
    }
}

fn gmsh2_nodes(lines: &mut Lines, b: &mut Builder, text: &str) -> Result<()> {
    let count = count_line(lines, "nodes")?;
    let section = Section { name: "$Nodes", item: "node", layout: "tag x y z", count };
    b.vertices.reserve(reserve_hint(count, text));
    for i in 0..count {
        let (line, f) = lines.entry(&section, i, 4)?;
        let tag = line.uint(f[0], "a node tag")?;
        let p = line.point(&f[1..], format_args!("node {tag}"))?;
        b.add_vertex(&line, tag, p)?;
    }
    lines.end_marker("$EndNodes", || format!("after the {count} nodes declared"))
}

/// The first four node tags of a tetrahedron of Gmsh type `ty` from the node fields of its line.
fn gmsh_tet_corners(line: &Line, tag: u64, ty: u64, nodes: &[&str]) -> Result<Option<[u64; 4]>> {
    let Some(&(_, n)) = GMSH_TETS.iter().find(|(t, _)| *t == ty) else {
        return Ok(None);
    };
    if nodes.len() != n {
        return Err(line.error(format!(
            "expected {n} node tags for element {tag} (a {n}-node tetrahedron), found {}",
            nodes.len()
        )));
    }
    let mut corners = [0; 4];
    for (k, token) in nodes.iter().enumerate() {
        let node = line.uint(token, format_args!("node {} of element {tag}", k + 1))?;
        if let Some(slot) = corners.get_mut(k) {
            *slot = node;
        }
    }
    Ok(Some(corners))
}

fn gmsh2_elements(lines: &mut Lines, b: &mut Builder, text: &str) -> Result<()> {
    let count = count_line(lines, "elements")?;
    let section = Section { name: "$Elements", item: "element", layout: "", count };
    b.tets.reserve(reserve_hint(count, text));
    for i in 0..count {
        let (line, f) = lines.entry_line(&section, i)?;
        let [tag, ty, ntags, ..] = f[..] else {
            return Err(line.error(format!(
                "expected 'tag type ntags <tags> <nodes>' for element {}, found {}",
                i + 1,
                quote(line.text)
            )));
        };
        let tag = line.uint(tag, "an element tag")?;
        let ty = line.uint(ty, format_args!("the type of element {tag}"))?;
        let ntags = line.count(ntags, format_args!("the number of tags of element {tag}"))?;
        let Some(nodes) = f.get(3usize.saturating_add(ntags)..) else {
            return Err(line.error(format!(
                "element {tag} declares {ntags} tags, but only {} fields follow",
                f.len() - 3
            )));
        };
        for t in &f[3..f.len() - nodes.len()] {
            line.int(t, format_args!("a tag of element {tag}"))?;
        }
        match gmsh_tet_corners(&line, tag, ty, nodes)? {
            Some(corners) => b.add_tet(&line, tag, corners)?,
            None => b.skipped_elements += 1,
        }
    }
    lines.end_marker("$EndElements", || format!("after the {count} elements declared"))
}

/// The header of a format-4.1 `$Nodes`/`$Elements` section: number of blocks and of entries (the tag range
/// is read but not used).
fn gmsh4_header<'a>(lines: &mut Lines<'a>, what: &str) -> Result<(Line<'a>, usize, usize)> {
    let expected = format!("the $Elements/$Nodes header '<#blocks> <#{what}> <min tag> <max tag>'");
    let line = lines.expect(|| expected.clone())?;
    let [blocks, count, min, max] = line.fields()[..] else {
        return Err(line.error(format!("expected {expected}, found {}", quote(line.text))));
    };
    let blocks = line.count(blocks, "the number of blocks")?;
    let count = line.count(count, format_args!("the number of {what}"))?;
    line.uint(min, "the minimum tag")?;
    line.uint(max, "the maximum tag")?;
    Ok((line, blocks, count))
}

/// A block header of a format-4.1 section: `entityDim entityTag <x> count`, returning (line, dim, x, count).
fn gmsh4_block<'a>(
    lines: &mut Lines<'a>,
    section: &Section,
    i: usize,
    x: &str,
) -> Result<(Line<'a>, u64, u64, usize)> {
    let (line, f) = lines.entry(section, i, 4)?;
    let dim = line.uint(f[0], "the entity dimension")?;
    if dim > 3 {
        return Err(line.error(format!("expected an entity dimension from 0 to 3, found {dim}")));
    }
    line.int(f[1], "the entity tag")?;
    let x = line.uint(f[2], x)?;
    let count = line.count(f[3], "the number of entries in the block")?;
    Ok((line, dim, x, count))
}

fn gmsh4_nodes(lines: &mut Lines, b: &mut Builder, text: &str) -> Result<()> {
    let (header, blocks, count) = gmsh4_header(lines, "nodes")?;
    let block_section = Section {
        name: "$Nodes",
        item: "node block",
        layout: "entityDim entityTag parametric numNodesInBlock",
        count: blocks,
    };
    let mut total = 0usize;
    let mut tags = Vec::new();
    for block in 0..blocks {
        let (line, dim, parametric, n) = gmsh4_block(lines, &block_section, block, "the parametric flag")?;
        if parametric > 1 {
            return Err(line.error(format!("expected the parametric flag 0 or 1, found {parametric}")));
        }
        total = total.saturating_add(n);
        let section = Section { name: "a node block", item: "node tag", layout: "tag", count: n };
        tags.clear();
        tags.reserve(reserve_hint(n, text));
        for i in 0..n {
            let (line, f) = lines.entry(&section, i, 1)?;
            tags.push(line.uint(f[0], "a node tag")?);
        }
        let fields = 3 + if parametric == 1 { dim as usize } else { 0 };
        let layout = if parametric == 1 { "x y z and parametric coordinates" } else { "x y z" };
        let section = Section { name: "a node block", item: "node coordinate line", layout, count: n };
        for (i, &tag) in tags.iter().enumerate() {
            let (line, f) = lines.entry(&section, i, fields)?;
            let p = line.point(&f[..3], format_args!("node {tag}"))?;
            for u in &f[3..] {
                line.real(u, format_args!("a parametric coordinate of node {tag}"))?;
            }
            b.add_vertex(&line, tag, p)?;
        }
    }
    if total != count {
        return Err(
            header.error(format!("the $Nodes header declares {count} nodes, but its blocks hold {total}"))
        );
    }
    lines.end_marker("$EndNodes", || format!("after the {blocks} node blocks declared"))
}

fn gmsh4_elements(lines: &mut Lines, b: &mut Builder, text: &str) -> Result<()> {
    let (header, blocks, count) = gmsh4_header(lines, "elements")?;
    let block_section = Section {
        name: "$Elements",
        item: "element block",
        layout: "entityDim entityTag elementType numElementsInBlock",
        count: blocks,
    };
    let mut total = 0usize;
    for block in 0..blocks {
        let (_, _, ty, n) = gmsh4_block(lines, &block_section, block, "the element type")?;
        total = total.saturating_add(n);
        let section = Section { name: "an element block", item: "element", layout: "", count: n };
        if GMSH_TETS.iter().any(|(t, _)| *t == ty) {
            b.tets.reserve(reserve_hint(n, text));
        }
        for i in 0..n {
            let (line, f) = lines.entry_line(&section, i)?;
            let tag = line.uint(f[0], "an element tag")?;
            match gmsh_tet_corners(&line, tag, ty, &f[1..])? {
                Some(corners) => b.add_tet(&line, tag, corners)?,
                None => {
                    for node in &f[1..] {
                        line.uint(node, format_args!("a node tag of element {tag}"))?;
                    }
                    b.skipped_elements += 1;
                }
            }
        }
    }
    if total != count {
        return Err(header
            .error(format!("the $Elements header declares {count} elements, but its blocks hold {total}")));
    }
    lines.end_marker("$EndElements", || format!("after the {blocks} element blocks declared"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::tet_mesh::shapes::box_mesh;
    use proptest::prelude::*;
    use std::fmt::Debug;

    fn fixture(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/meshes").join(name)
    }

    fn message<T: Debug>(result: Result<T>) -> String {
        result.expect_err("expected an error").to_string()
    }

    /// The mesh every generated file below describes: not a cube, so swapped axes would show.
    fn box2() -> TetMesh {
        box_mesh(2, 2, 2, [1.0, 2.0, 3.0])
    }

    /// The tets of `m` as written to files: every third one with negative orientation (2 and 3 swapped,
    /// which is exactly what the orientation fix undoes).
    fn written_tets(m: &TetMesh) -> impl Iterator<Item = (usize, [usize; 4])> + '_ {
        m.tets
            .iter()
            .enumerate()
            .map(|(i, &[a, b, c, d])| (i, if i % 3 == 1 { [a, b, d, c] } else { [a, b, c, d] }))
    }

    fn flipped(m: &TetMesh) -> usize {
        (0..m.t()).filter(|i| i % 3 == 1).count()
    }

    /// TetGen files for `m` with point index `id(i)` for vertex `i`, one attribute and a marker per point,
    /// a region attribute per tet, comments and blank lines.
    fn tetgen_files(m: &TetMesh, id: impl Fn(usize) -> i64) -> (String, String) {
        let mut node = format!("# a box\n{} 3 1 1\n\n", m.n());
        for (i, [x, y, z]) in m.vertices.iter().enumerate() {
            writeln!(node, "{}  {x} {y} {z}  {} {}  # point {i}", id(i), i as f64 * 0.25, i % 2).unwrap();
        }
        let mut ele = format!("{} 4 1 # tets\n", m.t());
        for (i, [a, b, c, d]) in written_tets(m) {
            writeln!(ele, "{} {} {} {} {} -7", i + 1, id(a), id(b), id(c), id(d)).unwrap();
        }
        ele.push_str("# Generated by hand\n");
        (node, ele)
    }

    /// MEDIT file for `m`: mixed-case keywords, skipped sections, a vertex no tet uses (the last).
    fn medit_file(m: &TetMesh) -> String {
        let mut s = String::from("MeshVersionFormatted 1\n# comment\ndimension 3\nVertices\n");
        writeln!(s, "{}", m.n() + 1).unwrap();
        for [x, y, z] in &m.vertices {
            writeln!(s, "{x} {y} {z} 0").unwrap();
        }
        s.push_str("9 9 9 0\nCorners 1\n1\nEdges\n2\n1 2 0\n2 3 0\nTRIANGLES\n1\n1 2 4 3\n");
        writeln!(s, "Tetrahedra\n{}", m.t()).unwrap();
        for (_, [a, b, c, d]) in written_tets(m) {
            writeln!(s, "{} {} {} {} 1", a + 1, b + 1, c + 1, d + 1).unwrap();
        }
        s.push_str("RequiredVertices\n2\n1\n2\nEnd\n");
        s
    }

    /// Gmsh 2.2 file for `m`: node tags `10 i + 3`, two geometry nodes no tet uses, a point, a line and a
    /// triangle element before the tets, and a `$PhysicalNames` section.
    fn gmsh2_file(m: &TetMesh) -> String {
        let tag = |i: usize| 10 * i + 3;
        let mut s = String::from("$MeshFormat\n2.2 0 8\n$EndMeshFormat\n");
        s.push_str("$PhysicalNames\n1\n3 1 \"body\"\n$EndPhysicalNames\n");
        writeln!(s, "$Nodes\n{}\n1 5 5 5", m.n() + 2).unwrap();
        for (i, [x, y, z]) in m.vertices.iter().enumerate() {
            writeln!(s, "{} {x} {y} {z}", tag(i)).unwrap();
        }
        writeln!(s, "2 -5 5 5\n$EndNodes\n$Elements\n{}", m.t() + 3).unwrap();
        writeln!(s, "1 15 2 0 1 1\n2 1 2 0 1 1 2\n3 2 2 0 1 {} {} {}", tag(0), tag(1), tag(4)).unwrap();
        for (i, [a, b, c, d]) in written_tets(m) {
            writeln!(s, "{} 4 2 1 1 {} {} {} {}", 100 + i, tag(a), tag(b), tag(c), tag(d)).unwrap();
        }
        s.push_str("$EndElements\n");
        s
    }

    /// Gmsh 4.1 file for `m`: entities, a geometry node block no tet uses, the mesh nodes split over two
    /// blocks (tags `i + 1`), a triangle block and the tets split over two blocks, and a trailing
    /// `$NodeData`.
    fn gmsh4_file(m: &TetMesh) -> String {
        let (n, t) = (m.n(), m.t());
        let mut s = String::from("$MeshFormat\n4.1 0 8\n$EndMeshFormat\n");
        s.push_str("$Entities\n1 0 0 1\n1 5 5 5 0\n1 0 0 0 1 2 3 0 0\n$EndEntities\n");
        writeln!(s, "$Nodes\n3 {} 1 {}\n0 1 0 1\n{}\n5 5 5", n + 1, n + 1, n + 1).unwrap();
        let half = n / 2;
        for range in [0..half, half..n] {
            writeln!(s, "3 1 0 {}", range.len()).unwrap();
            for i in range.clone() {
                writeln!(s, "{}", i + 1).unwrap();
            }
            for [x, y, z] in &m.vertices[range] {
                writeln!(s, "{x} {y} {z}").unwrap();
            }
        }
        writeln!(s, "$EndNodes\n$Elements\n3 {} 1 {}\n2 1 2 1\n1 1 2 5", t + 1, t + 1).unwrap();
        let tets: Vec<_> = written_tets(m).collect();
        for block in tets.chunks(t.div_ceil(2)) {
            writeln!(s, "3 1 4 {}", block.len()).unwrap();
            for (i, [a, b, c, d]) in block {
                writeln!(s, "{} {} {} {} {}", i + 2, a + 1, b + 1, c + 1, d + 1).unwrap();
            }
        }
        s.push_str("$EndElements\n$NodeData\n1\n\"u\"\n0\n0\n$EndNodeData\n");
        s
    }

    fn report(
        format: MeshFormat,
        flipped: usize,
        dropped_vertices: usize,
        skipped_elements: usize,
    ) -> LoadReport {
        LoadReport { format, mesh: MeshReport { flipped }, dropped_vertices, skipped_elements }
    }

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

    const NODE: &str = "4 3 0 0\n1 0 0 0\n2 1 0 0\n3 0 1 0\n4 0 0 1\n";
    const ELE: &str = "1 4 0\n1 1 2 3 4\n";

    /// Asserts that `result` failed with `file: expected`.
    fn assert_fails<T: Debug>(result: Result<T>, file: &str, expected: &str) {
        assert_eq!(message(result), format!("{file}: {expected}"));
    }

    #[test]
    fn tetgen_errors() {
        parse_tetgen(NODE, ELE).unwrap();
        let node =
            |text: &str, expected: &str| assert_fails(parse_tetgen(text, ELE), "<tetgen .node>", expected);
        let ele =
            |text: &str, expected: &str| assert_fails(parse_tetgen(NODE, text), "<tetgen .ele>", expected);
        node(
            "# nothing\n",
            "unexpected end of file, expected the .node header \
             '<#points> <dimension> <#attributes> <#markers>'",
        );
        node("four\n", "line 1: expected the number of points (a non-negative integer), found 'four'");
        node(
            "4 3 0 0 0\n",
            "line 1: expected the .node header '<#points> <dimension> <#attributes> <#markers>', \
             found 5 fields",
        );
        node("4 2 0 0\n", "line 1: unsupported dimension 2 (only 3-D meshes)");
        node("4 3 0 2\n", "line 1: expected 0 or 1 boundary markers, found 2");
        node(
            &NODE.replace("3 0 1 0", "3 0 1"),
            "line 4: expected 4 fields (index x y z) for point 3, found 3",
        );
        node(
            &NODE.replace("4 3 0 0", "4 3 1 1"),
            "line 2: expected 6 fields (index x y z +1 attributes marker) for point 1, found 4",
        );
        node(&NODE.replace("2 1 0 0", "2 1 nan 0"), "line 3: point 2 has a non-finite y coordinate 'nan'");
        node(&NODE.replace("2 1 0 0", "2 1 0 -inf"), "line 3: point 2 has a non-finite z coordinate '-inf'");
        node(
            &NODE.replace("2 1 0 0", "2 1 0 1,5"),
            "line 3: expected the z coordinate of point 2 (a number), found '1,5'",
        );
        node(
            &NODE.replace("4 3 0 0", "4 3 1 1").replace(" 0 0 0\n", " 0 0 0 a 1\n"),
            "line 2: expected an attribute of point 1 (a number), found 'a'",
        );
        node(&NODE.replace("4 0 0 1", "2 0 0 1"), "line 5: node 2 is defined twice (first on line 3)");
        node(
            &NODE.replace("4 3 0 0", "5 3 0 0"),
            "unexpected end of file, expected point 5 of the 5 declared in the .node header",
        );
        node(
            &NODE.replace("4 3 0 0", "3 3 0 0"),
            "line 5: unexpected '4 0 0 1' after the 3 points declared in the header",
        );
        ele("1 6 0\n", "line 1: unsupported 6 nodes per tetrahedron (expected 4 or 10)");
        ele(
            "2 4 0\n1 1 2 3 4\n",
            "unexpected end of file, expected tetrahedron 2 of the 2 declared in the .ele header",
        );
        ele(
            "1 4 0\n1 1 2 3 4\n2 1 2 3 4\n",
            "line 3: unexpected '2 1 2 3 4' after the 1 tetrahedra declared in the header",
        );
        ele(
            "1 4 0\n17 1 2 3\n",
            "line 2: expected 5 fields (index, 4 node indices) for tetrahedron 1, found 4",
        );
        ele(
            "1 4 1\n17 1 2 3 4\n",
            "line 2: expected 6 fields (index, 4 node indices, 1 attributes) for tetrahedron 1, found 5",
        );
        ele(
            "1 4 0\n17 1 2 3 -4\n",
            "line 2: expected node 4 of tetrahedron 17 (a non-negative integer), found '-4'",
        );
        ele("1 4 0\n17 1 2 3 0\n", "line 2: tetrahedron 17 refers to node 0, which is not defined");
        ele("1 4 0\n17 1 2 3 2\n", "line 2: tetrahedron 17 uses node 2 twice");
        ele("0 4 0\n", "the mesh has no tetrahedra");
        let flat = NODE.replace("4 0 0 1", "4 1 1 0");
        assert_fails(
            parse_tetgen(&flat, "1 4 0\n\n1 1 2 3 4 # flat\n"),
            "<tetgen .ele>",
            "line 3: tet 0 is degenerate (volume 0e0, below 2.8284271247461906e-14)",
        );
    }

    const MEDIT: &str = "MeshVersionFormatted 2\nDimension 3\nVertices\n4\n\
                         0 0 0 0\n1 0 0 0\n0 1 0 0\n0 0 1 0\nTetrahedra\n1\n1 2 3 4 0\nEnd\n";

    #[test]
    fn medit_errors() {
        parse_medit(MEDIT).unwrap();
        let fails = |text: &str, expected: &str| assert_fails(parse_medit(text), "<medit>", expected);
        let edit = |from: &str, to: &str| MEDIT.replace(from, to);
        fails("", "unexpected end of file, expected End");
        fails(
            "$MeshFormat\n",
            "line 1: expected MeshVersionFormatted (is this a MEDIT .mesh file?), found '$MeshFormat'",
        );
        fails(&edit("Formatted 2", "Formatted 7"), "line 1: unsupported MEDIT format version 7");
        fails(
            &edit("Formatted 2", "Formatted\n"),
            "line 3: expected the value of MeshVersionFormatted alone, found 'Dimension 3'",
        );
        fails(&edit("Dimension 3", "Dimension\n2"), "line 3: unsupported dimension 2 (only 3-D meshes)");
        fails(&edit("Dimension 3\n", ""), "line 2: Vertices before 'Dimension 3'");
        fails(
            &edit("Dimension 3", "Dimension 3 3"),
            "line 2: expected 'Dimension' and one value, found 'Dimension 3 3'",
        );
        fails(
            &edit("Dimension 3", "Dimension\n3 3"),
            "line 3: expected the value of Dimension alone, found '3 3'",
        );
        fails(
            &edit("Vertices\n4", "Vertices\n5"),
            "line 9: found 'Tetrahedra' after only 4 of the 5 entries declared for Vertices",
        );
        fails(&edit("Vertices\n4", "Vertices\n3"), "line 8: unknown MEDIT keyword '0'");
        fails(
            &edit("Tetrahedra\n1", "Tetrahedra\n2"),
            "line 12: found 'End' after only 1 of the 2 entries declared for Tetrahedra",
        );
        fails(&edit("1 0 0 0\n", "1 0 0\n"), "line 6: expected 4 fields (x y z ref) for vertex 2, found 3");
        fails(&edit("1 0 0 0\n", "1 0 NaN 0\n"), "line 6: vertex 2 has a non-finite z coordinate 'NaN'");
        fails(
            &edit("1 2 3 4 0", "1 2 3 4"),
            "line 11: expected 5 fields (a b c d ref) for tetrahedron 1, found 4",
        );
        for bad in ["0", "5"] {
            fails(
                &edit("1 2 3 4 0", &format!("1 2 3 {bad} 0")),
                &format!("line 11: tetrahedron 1 refers to vertex {bad}, which is not defined"),
            );
        }
        fails(&edit("1 2 3 4 0", "1 2 3 1 0"), "line 11: tetrahedron 1 uses vertex 1 twice");
        fails(
            &edit("1 2 3 4 0", "1 2 3 4 x"),
            "line 11: expected the reference of tetrahedron 1 (an integer), found 'x'",
        );
        fails(&edit("End\n", ""), "unexpected end of file, expected End");
        fails(&edit("End\n", "End\n1 2 3\n"), "line 13: unexpected '1 2 3' after End");
        fails(&edit("End\n", "End 1\n"), "line 12: expected End alone, found 'End 1'");
        fails(&edit("End\n", "Vertices\n0\nEnd\n"), "line 12: a second Vertices section");
        fails(
            &edit("End\n", "Triangles\n1\n1 2 3\nEnd\n"),
            "line 14: expected 4 fields for entry 1 of Triangles, found 3",
        );
        fails(
            &edit("End\n", "Triangles\n2\n1 2 3 0\nEnd\n"),
            "line 15: found 'End' after only 1 of the 2 entries declared for Triangles",
        );
        fails(&edit("End\n", "SolAtVertices\n1\nEnd\n"), "line 12: unknown MEDIT keyword 'SolAtVertices'");
        fails(&edit("Tetrahedra\n1\n1 2 3 4 0\n", ""), "the mesh has no tetrahedra");
    }

    const GMSH2: &str = "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n\
                         $Nodes\n4\n1 0 0 0\n2 1 0 0\n3 0 1 0\n4 0 0 1\n$EndNodes\n\
                         $Elements\n1\n1 4 2 0 1 1 2 3 4\n$EndElements\n";
    const GMSH4: &str = "$MeshFormat\n4.1 0 8\n$EndMeshFormat\n$Nodes\n1 4 1 4\n3 1 0 4\n1\n2\n3\n4\n\
                         0 0 0\n1 0 0\n0 1 0\n0 0 1\n$EndNodes\n$Elements\n1 1 1 1\n3 1 4 1\n1 1 2 3 4\n\
                         $EndElements\n";

    #[test]
    fn gmsh_errors() {
        parse_gmsh(GMSH2).unwrap();
        parse_gmsh(GMSH4).unwrap();
        let fails = |text: &str, expected: &str| assert_fails(parse_gmsh(text), "<gmsh>", expected);
        let v2 = |from: &str, to: &str| GMSH2.replace(from, to);
        let v4 = |from: &str, to: &str| GMSH4.replace(from, to);
        // the format line
        fails("", "unexpected end of file, expected $MeshFormat");
        fails(
            "MeshVersionFormatted 2\n",
            "line 1: expected $MeshFormat (is this a Gmsh .msh file?), found 'MeshVersionFormatted 2'",
        );
        fails("$NOD\n", "line 1: unsupported Gmsh format 1 ($NOD); save as format 2.2 or 4.1");
        fails(
            &v4("4.1 0 8", "4.1 1 8\n\u{1}\0\0\0"),
            "line 2: unsupported binary Gmsh file (file-type 1); save it as ASCII",
        );
        fails(&v4("4.1 0 8", "4 0 8"), "line 2: unsupported Gmsh format 4 (only 2.x and 4.1 ASCII)");
        fails(&v4("4.1 0 8", "3.0 0 8"), "line 2: unsupported Gmsh format 3.0 (only 2.x and 4.1 ASCII)");
        fails(&v4("4.1 0 8", "4.1 2 8"), "line 2: expected file-type 0 (ASCII) or 1 (binary), found '2'");
        fails(
            &v2("2.2 0 8", "2.2 0"),
            "line 2: expected the format line '<version> <file-type> <data-size>', found '2.2 0'",
        );
        fails(
            &v2("$EndMeshFormat", "$EndFormat"),
            "line 3: expected $EndMeshFormat after the format line, found '$EndFormat'",
        );
        // format 2
        fails(
            &v2("$Nodes\n4", "$Nodes\n5"),
            "line 10: found '$EndNodes' after only 4 of the 5 entries declared for $Nodes",
        );
        fails(
            &v2("$Nodes\n4", "$Nodes\n3"),
            "line 9: expected $EndNodes after the 3 nodes declared, found '4 0 0 1'",
        );
        fails(&v2("$Nodes\n4", "$Nodes\n4 4"), "line 5: expected the number of nodes alone, found '4 4'");
        fails(&v2("3 0 1 0", "3 0 1 0 0"), "line 8: expected 4 fields (tag x y z) for node 3, found 5");
        fails(&v2("3 0 1 0", "3 0 inf 0"), "line 8: node 3 has a non-finite y coordinate 'inf'");
        fails(&v2("4 0 0 1", "3 0 0 1"), "line 9: node 3 is defined twice (first on line 8)");
        fails(
            &v2("1 4 2 0 1 1 2 3 4", "12 4 2 0 1 1 2 3"),
            "line 13: expected 4 node tags for element 12 (a 4-node tetrahedron), found 3",
        );
        fails(
            &v2("1 4 2 0 1 1 2 3 4", "12 4 9 0 1 1 2 3"),
            "line 13: element 12 declares 9 tags, but only 5 fields follow",
        );
        fails(
            &v2("1 4 2 0 1 1 2 3 4", "12 4"),
            "line 13: expected 'tag type ntags <tags> <nodes>' for element 1, found '12 4'",
        );
        fails(
            &v2("1 4 2 0 1 1 2 3 4", "12 4 2 0 1.5 1 2 3 4"),
            "line 13: expected a tag of element 12 (an integer), found '1.5'",
        );
        fails(
            &v2("1 4 2 0 1 1 2 3 4", "12 4 2 0 1 1 2 3 57"),
            "line 13: tetrahedron 12 refers to node 57, which is not defined",
        );
        fails(
            &v2("$Elements\n1", "$Elements\n2"),
            "line 14: found '$EndElements' after only 1 of the 2 entries declared for $Elements",
        );
        fails(&v2("$EndElements\n", ""), "unexpected end of file, expected $EndElements");
        fails(
            &format!("{GMSH2}$NodeData\n1\n"),
            "unexpected end of file, expected $EndNodeData (closing the section opened on line 15)",
        );
        fails(
            &format!("{GMSH2}1 2 3\n"),
            "line 15: expected a section header such as $Nodes or $Elements (alone on its line), \
             found '1 2 3'",
        );
        fails(
            &format!("{GMSH2}$NodeData 1\n"),
            "line 15: expected a section header such as $Nodes or $Elements (alone on its line), \
             found '$NodeData 1'",
        );
        fails(&v2("1 4 2 0 1 1 2 3 4", "1 2 2 0 1 1 2 3"), "the mesh has no tetrahedra");
        // format 4.1
        fails(
            &v4("1 4 1 4\n", "1 5 1 5\n"),
            "line 5: the $Nodes header declares 5 nodes, but its blocks hold 4",
        );
        fails(
            &v4("1 4 1 4\n", "1 4 1\n"),
            "line 5: expected the $Elements/$Nodes header '<#blocks> <#nodes> <min tag> <max tag>', \
             found '1 4 1'",
        );
        fails(
            &v4("1 1 1 1\n", "1 2 1 1\n"),
            "line 17: the $Elements header declares 2 elements, but its blocks hold 1",
        );
        fails(
            &v4("1 4 1 4\n", "2 4 1 4\n"),
            "line 15: found '$EndNodes' after only 1 of the 2 entries declared for $Nodes",
        );
        fails(&v4("3 1 0 4\n", "3 1 2 4\n"), "line 6: expected the parametric flag 0 or 1, found 2");
        fails(&v4("3 1 0 4\n", "4 1 0 4\n"), "line 6: expected an entity dimension from 0 to 3, found 4");
        fails(&v4("3 1 0 4\n", "3 1 0 5\n"), "line 11: expected 1 fields (tag) for node tag 5, found 3");
        fails(
            &v4("0 1 0\n", "0 1\n"),
            "line 13: expected 3 fields (x y z) for node coordinate line 3, found 2",
        );
        fails(
            &v4("3 1 0 4\n", "3 1 1 4\n"),
            "line 11: expected 6 fields (x y z and parametric coordinates) for node coordinate line 1, \
             found 3",
        );
        fails(
            &v4("1 1 2 3 4\n", "1 1 2 3 4 5\n"),
            "line 19: expected 4 node tags for element 1 (a 4-node tetrahedron), found 5",
        );
        fails(
            &v4("3 1 4 1\n1 1 2 3 4\n", "3 1 2 1\n1 1 2 x\n"),
            "line 19: expected a node tag of element 1 (a non-negative integer), found 'x'",
        );
        // parametric nodes carry their parametric coordinates on the coordinate line
        let parametric = v4("3 1 0 4\n", "3 1 1 4\n").replace("0 1 0\n", "0 1 0 0.1 0.2 0.3\n");
        let parametric = parametric.replace("0 0 0\n", "0 0 0 0 0 0\n").replace("1 0 0\n", "1 0 0 1 0 0\n");
        let parametric = parametric.replace("0 0 1\n", "0 0 1 0 0 1\n");
        assert_eq!(parse_gmsh(&parametric).unwrap().0.n(), 4);
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
