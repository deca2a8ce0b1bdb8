//! Gmsh `.msh` files (format 2.x and 4.1, ASCII): the reader.
//!
//! # Format
//! **Gmsh** `.msh`, format 2.x (2.0–2.2) and 4.1, told apart by `$MeshFormat`. 2.x: `$Nodes` (count,
//! then `tag x y z`), `$Elements` (count, then `tag type ntags <tags> <nodes>`). 4.1: `$Nodes` and
//! `$Elements` in entity blocks (node tags first, then coordinates, `x y z [u [v [w]]]` for parametric
//! nodes). Tetrahedra are element types 4, 11, 29, 30 and 31 (4 to 56 nodes, corners first); every other
//! type is skipped. Any other section (`$Entities`, `$PhysicalNames`, `$NodeData`, `$Comments`, ...) is
//! skipped up to its `$End...` line. Binary files, format 4.0 and format 1 (`$NOD`) are refused as
//! unsupported.

use crate::mesh::io::{quote, reserve_hint, Builder, Line, Lines, LoadReport, MeshFormat, Result, Section};
use crate::mesh::tet_mesh::TetMesh;

/// Parse a Gmsh ASCII `.msh` file's contents (format 2.x or 4.1).
pub fn parse_gmsh(text: &str) -> Result<(TetMesh, LoadReport)> {
    gmsh(text, "<gmsh>")
}

/// Gmsh element types that are tetrahedra, with their node counts (corners always come first).
const GMSH_TETS: &[(u64, usize)] = &[(4, 4), (11, 10), (29, 20), (30, 35), (31, 56)];

fn gmsh_section_start(token: &str) -> bool {
    token.starts_with('$')
}

pub(super) fn gmsh(text: &str, file: &str) -> Result<(TetMesh, LoadReport)> {
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
    use crate::mesh::io::test_support::assert_fails;

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
}
