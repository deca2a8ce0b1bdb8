//! Body regions of an avatar's render vertices (chest, belly, thighs, ...: [`avatar_sim::rig::vertex_regions`]
//! by humanoid role), as the flesh figures of the demo and the benchmarks report them.

use avatar_sim::asset::Asset;
use avatar_sim::rig::{vertex_regions, BodyRegion, LbsRig, Rig, RigPart};

/// Every render vertex's region, as an index into the regions that have vertices.
pub struct Regions {
    pub names: Vec<&'static str>,
    pub vertices: Vec<usize>,
    pub of: Vec<Option<usize>>,
    pub empty: Vec<&'static str>,
}

/// The rig's first linear-blend-skinning part (the skeleton), if any.
pub fn first_lbs(rig: &Rig) -> Option<&LbsRig> {
    rig.parts().iter().find_map(|p| if let RigPart::Lbs(l) = p { Some(l) } else { None })
}

/// The regions that have render vertices, in [`BodyRegion::ALL`] order, and each vertex's.
pub fn regions(asset: &Asset) -> Regions {
    let r = &asset.render;
    let per_vertex = match first_lbs(&r.rig) {
        Some(lbs) => vertex_regions(lbs, &r.vertices, &asset.source.humanoid),
        None => vec![None; r.vertices.len()],
    };
    let count = |b: BodyRegion| per_vertex.iter().filter(|&&x| x == Some(b)).count();
    let (present, empty): (Vec<BodyRegion>, Vec<BodyRegion>) =
        BodyRegion::ALL.into_iter().partition(|&b| count(b) > 0);
    Regions {
        names: present.iter().map(|b| b.name()).collect(),
        vertices: present.iter().map(|&b| count(b)).collect(),
        of: per_vertex.iter().map(|x| x.and_then(|b| present.iter().position(|&q| q == b))).collect(),
        empty: empty.iter().map(|b| b.name()).collect(),
    }
}
