//! Writing: an [`Asset`] → the file's bytes (tensors, metadata, header), and the file written atomically.

use super::header::seal;
use super::meta::{FleshMeta, LooksMeta, Meta};
use super::{Asset, AssetError, AssetHash};
use crate::reduced::model::BasisGradient;
use faer::Mat;
use safetensors::Dtype;
use std::collections::HashMap;
use std::path::Path;

/// A tensor to write: dtype, shape, little-endian bytes.
pub(super) struct Tensor {
    pub(super) dtype: Dtype,
    pub(super) shape: Vec<usize>,
    pub(super) bytes: Vec<u8>,
}

impl safetensors::View for &Tensor {
    fn dtype(&self) -> Dtype {
        self.dtype
    }
    fn shape(&self) -> &[usize] {
        &self.shape
    }
    fn data(&self) -> std::borrow::Cow<'_, [u8]> {
        std::borrow::Cow::Borrowed(&self.bytes)
    }
    fn data_len(&self) -> usize {
        self.bytes.len()
    }
}

fn f64s(shape: Vec<usize>, values: impl IntoIterator<Item = f64>) -> Tensor {
    let bytes = values.into_iter().flat_map(f64::to_le_bytes).collect();
    Tensor { dtype: Dtype::F64, shape, bytes }
}

fn f32s(shape: Vec<usize>, values: impl IntoIterator<Item = f64>) -> Tensor {
    let bytes = values.into_iter().flat_map(|v| (v as f32).to_le_bytes()).collect();
    Tensor { dtype: Dtype::F32, shape, bytes }
}

fn u32s(shape: Vec<usize>, values: impl IntoIterator<Item = usize>) -> Tensor {
    let bytes = values.into_iter().flat_map(|v| (v as u32).to_le_bytes()).collect();
    Tensor { dtype: Dtype::U32, shape, bytes }
}

/// A dense matrix, row-major.
fn matrix(m: &Mat<f64>) -> Tensor {
    f64s(vec![m.nrows(), m.ncols()], (0..m.nrows()).flat_map(|i| (0..m.ncols()).map(move |j| m[(i, j)])))
}

/// Serialize to the file's bytes; returns them and the content hash.
pub fn to_bytes(asset: &Asset) -> Result<(Vec<u8>, AssetHash), AssetError> {
    let a = &asset.sim;
    let render = &asset.render;
    render.check(a).map_err(AssetError::Invalid)?;
    let (n, t, m) = (a.mesh.n(), a.mesh.t(), a.weights.ncols());
    let nr = render.vertices.len();
    let r = &a.reduced;
    let gamma_phi = match &r.basis_gradient {
        BasisGradient::Skinning(g) => g,
        BasisGradient::Dense(_) => {
            return Err(AssetError::Invalid("only skinning subspaces are stored in assets".into()))
        }
    };
    let s = r.btmb.nrows();
    let mut tensors: Vec<(&str, Tensor)> = vec![
        ("mesh.vertices", f64s(vec![n, 3], a.mesh.vertices.iter().flatten().copied())),
        ("mesh.tets", u32s(vec![t, 4], a.mesh.tets.iter().flatten().copied())),
        ("material.mu", f64s(vec![t], a.material.mu.iter().copied())),
        ("material.lambda", f64s(vec![t], a.material.lambda.iter().copied())),
        ("material.density", f64s(vec![t], a.material.density.iter().copied())),
        ("modes.weights", matrix(&a.weights)),
        ("modes.eigenvalues", f64s(vec![m], a.eigenvalues.iter().copied())),
        ("leak.d", f64s(vec![n], a.leak.iter().copied())),
        ("clusters.labels", u32s(vec![t], a.clustering.labels.iter().copied())),
        ("reduced.h", f64s(vec![1], [r.h])),
        ("reduced.btmb", matrix(&r.btmb)),
        ("reduced.btlb", matrix(&r.btlb)),
        ("reduced.btmj", matrix(&r.btmj)),
        ("reduced.btlj", matrix(&r.btlj)),
        ("reduced.btl_x0", f64s(vec![s], r.btl_x0.iter().copied())),
        ("reduced.btm_unit", f64s(vec![3, s], r.btm_unit.iter().flatten().copied())),
        ("reduced.gamma_phi", matrix(gamma_phi)),
        ("reduced.g9kj", matrix(&r.g9kj)),
        ("reduced.g9k_x0", f64s(vec![r.g9k_x0.len()], r.g9k_x0.iter().copied())),
        ("reduced.cluster_volume", f64s(vec![r.cluster_volume.len()], r.cluster_volume.iter().copied())),
        ("reduced.cluster_mu", f64s(vec![r.cluster_mu.len()], r.cluster_mu.iter().copied())),
        ("reduced.cluster_lambda", f64s(vec![r.cluster_lambda.len()], r.cluster_lambda.iter().copied())),
        ("render.vertices", f64s(vec![nr, 3], render.vertices.iter().flatten().copied())),
        (
            "render.triangles",
            u32s(vec![render.triangles.len(), 3], render.triangles.iter().flatten().map(|&i| i as usize)),
        ),
        ("render.embed_tet", u32s(vec![nr], render.embed_tet.iter().map(|&i| i as usize))),
        ("render.embed_bary", f64s(vec![nr, 4], render.embed_bary.iter().flatten().copied())),
        ("render.mode_weights", matrix(&render.mode_weights)),
    ];
    if let Some(v) = &r.constraint {
        tensors.push(("reduced.constraint", matrix(v)));
    }
    // the held part (format 6): per joint its bones, RBF centres and coefficients, and the basis in f32
    let held_names: Vec<[String; 4]> =
        (0..a.held.as_ref().map_or(0, |h| h.joints.len())).map(super::held_tensor_names).collect();
    if let Some(h) = &a.held {
        for (j, names) in h.joints.iter().zip(&held_names) {
            tensors.push((&names[0], u32s(vec![2], [j.bone, j.parent])));
            tensors.push((&names[1], matrix(&j.centres)));
            tensors.push((&names[2], matrix(&j.rbf)));
            let d = &j.basis;
            tensors.push((
                &names[3],
                f32s(
                    vec![d.nrows(), d.ncols()],
                    (0..d.nrows()).flat_map(|i| (0..d.ncols()).map(move |k| d[(i, k)])),
                ),
            ));
        }
    }
    if let Some(f) = &asset.flesh {
        let ic = &f.factor;
        tensors.extend([
            ("flesh.constrained", u32s(vec![f.constrained.len()], f.constrained.iter().copied())),
            ("flesh.ic.row_ptr", u32s(vec![ic.row_ptr.len()], ic.row_ptr.iter().copied())),
            ("flesh.ic.cols", u32s(vec![ic.cols.len()], ic.cols.iter().map(|&c| c as usize))),
            ("flesh.ic.vals", f32s(vec![ic.vals.len(), 9], ic.vals.iter().flatten().copied())),
            ("flesh.ic.diag_inv", f32s(vec![ic.diag_inv.len(), 9], ic.diag_inv.iter().flatten().copied())),
        ]);
    }
    let looks = &asset.looks;
    looks.check(nr, render.triangles.len()).map_err(|e| AssetError::Invalid(format!("looks: {e}")))?;
    if !looks.uv.is_empty() {
        let uv = looks.uv.iter().flatten().map(|&c| c as f64);
        tensors.push(("render.uv", f32s(vec![nr, 2], uv)));
    }
    if !looks.triangle_material.is_empty() {
        let tm = looks.triangle_material.iter().map(|&m| m as usize);
        tensors.push(("render.triangle_material", u32s(vec![render.triangles.len()], tm)));
    }
    let image_names: Vec<String> = (0..looks.images.len()).map(|i| format!("looks.image.{i}")).collect();
    for (name, img) in image_names.iter().zip(&looks.images) {
        let t = Tensor { dtype: Dtype::U8, shape: vec![img.bytes.len()], bytes: img.bytes.clone() };
        tensors.push((name.as_str(), t));
    }
    crate::asset::expressions::check(&asset.expressions, |n| render.rig.blendshape_param_index(n).is_some())
        .map_err(AssetError::Invalid)?;
    asset.springs.validate_for(&render.rig).map_err(|e| AssetError::Invalid(format!("spring bones: {e}")))?;
    let meta = Meta {
        settings: a.settings.clone(),
        rig: a.rig.to_json_string(),
        render_rig: render.rig.to_json_string(),
        constraint_rank: a.constraint_rank,
        source: asset.source.clone(),
        flesh: asset.flesh.as_ref().map(FleshMeta::of),
        looks: LooksMeta::of(looks),
        expressions: asset.expressions.clone(),
        springs: asset.springs.clone(),
    };
    let meta = serde_json::to_string(&meta).map_err(|e| AssetError::Invalid(e.to_string()))?;
    let payload = safetensors::serialize(
        tensors.iter().map(|(name, tensor)| (*name, tensor)),
        Some(HashMap::from([("avatar".to_string(), meta)])),
    )
    .map_err(|e| AssetError::Payload(e.to_string()))?;
    Ok(seal(&payload))
}

/// Write the asset file (through a temporary file and a rename, so that readers never see half a file);
/// returns its content hash.
pub fn save(a: &Asset, path: &Path) -> Result<AssetHash, AssetError> {
    let (bytes, hash) = to_bytes(a)?;
    write_atomically(path, &bytes)?;
    Ok(hash)
}

/// Write `bytes` to `path` via a temporary file in the same directory and a rename. The temporary file's name is
/// unique to the process and the call, so that writers of the same path (two threads importing the same avatar,
/// two processes filling the same cache entry) never rename each other's file away: the last rename wins, and
/// every reader sees one whole file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), AssetError> {
    static CALLS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let io = |op: &'static str, e: std::io::Error| AssetError::Io {
        op,
        path: path.display().to_string(),
        message: e.to_string(),
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| io("create the directory of", e))?;
    }
    let mut tmp = path.as_os_str().to_owned();
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    tmp.push(format!(".tmp{}-{call}", std::process::id()));
    let tmp = std::path::PathBuf::from(tmp);
    // a write that fails partway (a full disk) leaves no temporary file behind
    std::fs::write(&tmp, bytes).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        io("write", e)
    })?;
    rename_replacing(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        io("write", e)
    })
}

/// `rename(from, to)`, replacing `to`. On Windows the replacing rename (MoveFileEx) is refused with "Access is
/// denied" while another writer's rename onto `to` is under way or a reader holds `to` open; those last
/// milliseconds, so the rename is retried with a growing pause for up to about two seconds before the error is
/// returned. Elsewhere rename replaces atomically and an error is returned at once.
fn rename_replacing(from: &Path, to: &Path) -> std::io::Result<()> {
    let mut pause = std::time::Duration::from_millis(1);
    let mut waited = std::time::Duration::ZERO;
    loop {
        match std::fs::rename(from, to) {
            Err(e)
                if cfg!(windows)
                    && e.kind() == std::io::ErrorKind::PermissionDenied
                    && waited < std::time::Duration::from_secs(2) =>
            {
                std::thread::sleep(pause);
                waited += pause;
                pause = (pause * 2).min(std::time::Duration::from_millis(100));
            }
            other => return other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::write_atomically;

    /// Threads writing the same path at once all succeed, and the file is one writer's whole content (with a
    /// temporary name per process only, one thread's rename took another's file away: "No such file"; on
    /// Windows, without the retry, renames onto a file another rename is replacing fail with "Access denied").
    #[test]
    fn concurrent_writers_of_one_path_all_succeed() {
        let dir = std::env::temp_dir().join(format!("avatar-write-atomically-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir); // a failed run's leftovers (process ids repeat under Wine)
        let path = dir.join("same.avatar");
        let contents: Vec<Vec<u8>> = (0..8u8).map(|k| vec![k; 64 * 1024]).collect();
        std::thread::scope(|s| {
            for c in &contents {
                let path = &path;
                s.spawn(move || {
                    for _ in 0..20 {
                        write_atomically(path, c).unwrap();
                    }
                });
            }
        });
        let got = std::fs::read(&path).unwrap();
        assert!(contents.contains(&got), "the file is one writer's whole content");
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.file_name()).collect();
        assert_eq!(left.len(), 1, "no temporary file left: {left:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
