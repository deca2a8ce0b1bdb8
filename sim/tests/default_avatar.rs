//! The committed default avatar (`assets/default/`, real CC0 MakeHuman data): the files load, the rig has every
//! bone and the MediaPipe face blendshapes, weights are a partition of unity, tets are positive, and the
//! precomputed subspace is complementary to the whole rig.

use avatar_humanoid::mediapipe::BLENDSHAPES as MEDIAPIPE_BLENDSHAPES;
use avatar_sim::mesh::read_mesh;
use avatar_sim::precompute::{ClusterCount, PrecomputeSettings};
use avatar_sim::rig::{Rig, RigPart};
use std::path::Path;
use std::sync::Arc;

fn assets() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/default")
}

#[test]
fn default_avatar_loads_with_a_complete_rig_and_a_complementary_subspace() {
    let (mesh, report) = read_mesh(&assets().join("body.node")).unwrap();
    assert_eq!(report.mesh.flipped, 0, "the committed tets are positively oriented");
    assert_eq!(report.dropped_vertices, 0);
    assert!((0..mesh.t()).all(|t| mesh.volume(t) > 0.0));
    let (lo, hi) = mesh.bounds();
    assert!((1.5..1.9).contains(&(hi[1] - lo[1])), "a human-sized body in metres, +Y up");

    let rig = Rig::load(assets().join("rig.json")).unwrap();
    rig.check_vertices(mesh.n()).unwrap();
    let (RigPart::Lbs(lbs), RigPart::Blendshapes(shapes)) = (&rig.parts()[0], &rig.parts()[1]) else {
        panic!("expected a bone part then a blendshape part");
    };
    assert_eq!(lbs.num_bones(), 53);
    for bone in ["pelvis", "spine_01", "head", "upperarm_l", "lowerarm_r", "hand_l", "thigh_r", "foot_l"] {
        assert!(rig.bone_param_offset(bone).is_some(), "bone {bone}");
    }
    let mut names: Vec<&str> = shapes.names().collect();
    names.sort_unstable();
    // MediaPipe's categories are `_neutral` and 51 ARKit names; the face units have all 52 ARKit shapes, so
    // `tongueOut` (which MediaPipe never reports) comes on top.
    let mut expected: Vec<&str> =
        MEDIAPIPE_BLENDSHAPES.iter().copied().filter(|n| *n != "_neutral").collect();
    expected.push("tongueOut");
    expected.sort_unstable();
    assert_eq!(names, expected);
    // The source's `tongueOut` moves only its separate tongue mesh, which the body does not include: it is the
    // one target (and parameter) that moves nothing; every other one moves some body vertex.
    let still: Vec<&str> =
        shapes.targets().iter().filter(|t| t.indices.is_empty()).map(|t| t.name.as_str()).collect();
    assert_eq!(still, ["tongueOut"]);
    for v in 0..mesh.n() {
        assert!((lbs.weights().row_sum(v) - 1.0).abs() <= 1e-12, "vertex {v}");
    }
    // every parameter has a column in J (12 per bone, 1 per blendshape), all with nonzeros but two groups:
    let jac = rig.jacobian(&mesh.vertices).unwrap();
    assert_eq!(jac.ncols(), 12 * 53 + 52);
    let empty: Vec<String> = (0..jac.ncols())
        .filter(|&c| jac.val_of_col(c).iter().all(|x| *x == 0.0))
        .map(|c| rig.param_names()[c].clone())
        .collect();
    // ... and the skeleton's `Root` (at the floor, no skin weights: it moves the body only through its
    // children, e.g. in `bones_local` animation frames).
    let mut expected: Vec<String> =
        (0..3).flat_map(|c| (0..4).map(move |k| format!("bone:Root[{c}][{k}]"))).collect();
    expected.push("blendshape:tongueOut".into());
    assert_eq!(empty, expected, "parameters whose column is empty");

    // The asset built from the copy compiled into the binary: the same inputs, a complementary subspace,
    // and the body surface as render mesh.
    let settings = PrecomputeSettings { modes: 6, clusters: ClusterCount::KMeans(40), ..Default::default() };
    let built = avatar_sim::asset::default_avatar(&settings, None, Arc::new(|_| {})).unwrap();
    let asset = &built.asset;
    assert_eq!(asset.sim.mesh, mesh, "the embedded tet mesh is the committed one");
    assert_eq!(asset.sim.rig, rig, "the embedded rig is the committed one");
    let residual = built.report["complementarity_residual"].as_f64().unwrap();
    assert!(residual <= 1e-10, "{residual:e}");
    assert!(built.report["orthonormality_error"].as_f64().unwrap() <= 1e-9);
    assert_eq!(asset.sim.eigenvalues.len(), 6);
    // TetGen -pq1.6Y keeps the body surface vertex for vertex and adds interior points after it
    let surface = asset.render.vertices.len();
    assert_eq!(surface, 13_380, "the body's vertices");
    assert!(mesh.n() > surface, "interior Steiner points give the flesh a volume");
    assert_eq!(asset.render.vertices[..], mesh.vertices[..surface], "the render mesh is the body surface");
    assert_eq!(asset.render.triangles.len(), 26_756, "the body's triangles");
    let z = vec![0.0; 12 * 6];
    assert_eq!(asset.render.deform(&rig.rest_params(), &z).unwrap(), mesh.vertices[..surface], "rest pose");
    assert_eq!(asset.source.kind, "default");
    let (loaded, hash) = avatar_sim::asset::from_bytes(&built.bytes).unwrap();
    assert_eq!(hash, built.hash);
    assert_eq!(loaded.render, asset.render);
}
