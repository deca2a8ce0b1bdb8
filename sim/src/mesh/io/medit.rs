//! MEDIT `.mesh` files: the reader and the writer.
//!
//! # Format
//! **MEDIT** `.mesh`: `MeshVersionFormatted <1..4>` first, `Dimension 3` before the vertices,
//! `Vertices <n>` with lines `x y z ref`, `Tetrahedra <t>` (or `TetrahedraP2`, corners first) with lines
//! `a b c d ref` (1-based vertex numbers), `End`. Keywords are case-insensitive and their value or count
//! may be on the same line or the next; `#` starts a comment. The other common sections (`Edges`,
//! `Triangles`, `Quadrilaterals`, `Hexahedra`, `Prisms`, `Pyramids`, their P2/Q2 forms, `Corners`,
//! `Ridges`, `Required*`, `Normals`, `Tangents`, `NormalAt*`, `TangentAt*`) are skipped entry by entry
//! with their arity checked; an unknown keyword is an error, since its entries could not be skipped
//! safely.

use std::fmt::Write as _;
use std::path::Path;

use crate::mesh::io::{
    quote, reserve_hint, write_text, Builder, Line, Lines, LoadReport, MeshFormat, Real, Result, Section,
};
use crate::mesh::tet_mesh::TetMesh;

/// Parse a MEDIT ASCII `.mesh` file's contents.
pub fn parse_medit(text: &str) -> Result<(TetMesh, LoadReport)> {
    medit(text, "<medit>")
}

/// Write a MEDIT ASCII `.mesh` file (format version 2, all references 0).
pub fn write_medit(mesh: &TetMesh, path: &Path) -> Result<()> {
    write_text(path, &to_medit(mesh))
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

pub(super) fn medit(text: &str, file: &str) -> Result<(TetMesh, LoadReport)> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::io::test_support::assert_fails;

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
}
