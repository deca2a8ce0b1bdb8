//! TetGen `.node` + `.ele` files: the reader and the writer.
//!
//! # Format
//! **TetGen** `X.node` + `X.ele` (either name may be given to [`read_mesh`](super::read_mesh)). `#` starts a
//! comment, blank lines are ignored. `.node`: header `<#points> [<dimension> [<#attributes> [<#markers>]]]`
//! (TetGen's defaults `3 0 0` when left out; dimension must be 3, boundary markers 0 or 1), then one line
//! per point: `<index> <x> <y> <z> [attributes] [marker]`. `.ele`: header
//! `<#tets> [<nodes per tet> [<#attributes>]]` (4 or 10 nodes; the first 4 are the corners), then
//! `<index> <n1> ... <nk> [attributes]` referring to the `.node` indices.

use std::fmt::Write as _;
use std::path::Path;

use crate::mesh::io::{
    append_extension, reserve_hint, write_text, Builder, Lines, LoadReport, MeshFormat, Real, Result, Section,
};
use crate::mesh::tet_mesh::TetMesh;

/// Parse a TetGen mesh from the contents of its `.node` and `.ele` files.
pub fn parse_tetgen(node: &str, ele: &str) -> Result<(TetMesh, LoadReport)> {
    tetgen(node, "<tetgen .node>", ele, "<tetgen .ele>")
}

/// Write `base.node` and `base.ele` (the extensions are appended to `base`), 1-based, without attributes or
/// markers.
pub fn write_tetgen(mesh: &TetMesh, base: &Path) -> Result<()> {
    let (node, ele) = to_tetgen(mesh);
    write_text(&append_extension(base, "node"), &node)?;
    write_text(&append_extension(base, "ele"), &ele)
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

pub(super) fn tetgen(
    node_text: &str,
    node_file: &str,
    ele_text: &str,
    ele_file: &str,
) -> Result<(TetMesh, LoadReport)> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::io::test_support::{assert_fails, ELE, NODE};

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
}
