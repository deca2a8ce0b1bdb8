//! Clusters of tets for the hyper-reduced solver (paper 000, §6): k-means++ on per-tet skinning-weight
//! features scaled by `λ⁻²`, clusters split into connected components, and the grouping matrix `G` (Eq. 27).

use crate::mesh::tet_mesh::TetMesh;
use faer::sparse::{SparseColMat, Triplet};
use faer::Mat;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};

pub use crate::mesh::Clustering;

/// Per-tet features (t × m, row-major): the mode weights `W` (n × m, row-major) averaged over each tet's
/// corners, mode `i` scaled by `λ_i⁻²` (§6), so that low-frequency modes, which carry most of the motion,
/// dominate the distance.
pub fn tet_features(mesh: &TetMesh, weights: &[f64], m: usize, eigenvalues: &[f64]) -> Vec<f64> {
    assert_eq!(weights.len(), mesh.n() * m);
    assert_eq!(eigenvalues.len(), m);
    let scale: Vec<f64> = eigenvalues.iter().map(|l| 1.0 / (l * l).max(f64::MIN_POSITIVE)).collect();
    let mut f = vec![0.0; mesh.t() * m];
    for (t, tet) in mesh.tets.iter().enumerate() {
        for &v in tet {
            for i in 0..m {
                f[t * m + i] += 0.25 * weights[v * m + i] * scale[i];
            }
        }
    }
    f
}

fn dist2(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| (x - y) * (x - y)).sum()
}

/// k-means with k-means++ seeding (Arthur & Vassilvitskii 2007), deterministic for a given `seed`.
/// `points` is row-major with `d` columns. Returns labels in `0..k'` with `k' = min(k, #points)`; clusters
/// that become empty are re-seeded at the point farthest from its centre. Iterates until fewer than 0.1 % of
/// the points change cluster, or `max_iter`.
pub fn kmeans(points: &[f64], d: usize, k: usize, seed: u64, max_iter: usize) -> Vec<usize> {
    let count = points.len() / d;
    let k = k.min(count).max(1);
    let row = |i: usize| &points[i * d..(i + 1) * d];
    let mut rng = StdRng::seed_from_u64(seed);
    // k-means++ seeding: each new centre drawn with probability ∝ squared distance to the nearest centre.
    let mut centres: Vec<f64> = row(rng.random_range(0..count)).to_vec();
    let mut nearest: Vec<f64> = (0..count).map(|i| dist2(row(i), &centres[..d])).collect();
    for _ in 1..k {
        let total: f64 = nearest.iter().sum();
        let pick = if total > 0.0 {
            let mut target = rng.random::<f64>() * total;
            nearest.iter().position(|w| {
                target -= w;
                target <= 0.0
            })
        } else {
            None
        }
        .unwrap_or_else(|| rng.random_range(0..count));
        let c = row(pick).to_vec();
        nearest.par_iter_mut().enumerate().for_each(|(i, w)| *w = w.min(dist2(row(i), &c)));
        centres.extend(c);
    }
    let mut labels = vec![usize::MAX; count];
    for _ in 0..max_iter.max(1) {
        let next = nearest_centres(points, d, &centres);
        // Stop once fewer than one point in a thousand changes cluster: later iterations only shuffle a few
        // boundary tets (whose clusters are then split and merged anyway) and cost as much as the first ones.
        let changed = next.iter().zip(&labels).filter(|(a, b)| a != b).count() * 1000 > count;
        labels = next;
        // update step
        let mut sums = vec![0.0; k * d];
        let mut counts = vec![0usize; k];
        for (i, &l) in labels.iter().enumerate() {
            counts[l] += 1;
            for j in 0..d {
                sums[l * d + j] += points[i * d + j];
            }
        }
        for c in 0..k {
            if counts[c] > 0 {
                for j in 0..d {
                    centres[c * d + j] = sums[c * d + j] / counts[c] as f64;
                }
            } else {
                // empty cluster: move it to the point farthest from its own centre
                let far = (0..count)
                    .max_by(|&a, &b| {
                        let da = dist2(row(a), &centres[labels[a] * d..(labels[a] + 1) * d]);
                        let db = dist2(row(b), &centres[labels[b] * d..(labels[b] + 1) * d]);
                        da.total_cmp(&db)
                    })
                    .unwrap_or(0);
                centres[c * d..(c + 1) * d].copy_from_slice(row(far));
            }
        }
        if !changed {
            break;
        }
    }
    compact(&labels)
}

/// Points per block of the assignment step (bounds the k × block score matrix).
const ASSIGN_BLOCK: usize = 4096;

/// The nearest centre of every point: `argmin_c ‖x − c‖² = argmin_c (‖c‖² − 2 x·c)`, the dot products of a block
/// of points with all centres as one matrix product.
fn nearest_centres(points: &[f64], d: usize, centres: &[f64]) -> Vec<usize> {
    let (count, k) = (points.len() / d, centres.len() / d);
    let c = Mat::<f64>::from_fn(k, d, |i, j| centres[i * d + j]);
    let c_norm: Vec<f64> = (0..k).map(|i| centres[i * d..(i + 1) * d].iter().map(|x| x * x).sum()).collect();
    (0..count.div_ceil(ASSIGN_BLOCK))
        .into_par_iter()
        .flat_map_iter(|b| {
            let (start, end) = (b * ASSIGN_BLOCK, ((b + 1) * ASSIGN_BLOCK).min(count));
            let x = faer::MatRef::from_row_major_slice(&points[start * d..end * d], end - start, d);
            let scores = &c * x.transpose(); // k × block: column j holds c·x_j
            (0..end - start)
                .map(|j| {
                    let col = scores.col(j);
                    (0..k)
                        .map(|i| c_norm[i] - 2.0 * col[i])
                        .enumerate()
                        .min_by(|a, b| a.1.total_cmp(&b.1))
                        .map_or(0, |(i, _)| i)
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Relabel to consecutive labels `0..r` in order of first appearance.
fn compact(labels: &[usize]) -> Vec<usize> {
    let mut map = HashMap::new();
    labels
        .iter()
        .map(|l| {
            let next = map.len();
            *map.entry(*l).or_insert(next)
        })
        .collect()
}

fn find(p: &mut [usize], mut x: usize) -> usize {
    while p[x] != x {
        p[x] = p[p[x]];
        x = p[x];
    }
    x
}

/// Split every cluster into its face-connected components (§6: skinning modes can be global, so a k-means
/// cluster can be made of separate pieces that should not share a rotation).
pub fn split_components(mesh: &TetMesh, labels: &[usize]) -> Clustering {
    // union-find over face neighbours with the same label
    let mut parent: Vec<usize> = (0..mesh.t()).collect();
    for (a, b) in mesh.face_neighbours() {
        if labels[a] == labels[b] {
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            if ra != rb {
                parent[ra] = rb;
            }
        }
    }
    let roots: Vec<usize> = (0..mesh.t()).map(|i| find(&mut parent, i)).collect();
    let labels = compact(&roots);
    let r = labels.iter().max().map_or(0, |m| m + 1);
    Clustering { labels, r }
}

/// Merge connected clusters until at most `r` remain: the smallest (fewest tets) joins the face-adjacent
/// cluster whose mean feature (`features`, t × d row-major) is nearest. Both pieces are connected and share a
/// face, so every merged cluster stays connected. Stops early when no two clusters touch.
pub fn merge_fragments(
    mesh: &TetMesh,
    clustering: &Clustering,
    features: &[f64],
    d: usize,
    r: usize,
) -> Clustering {
    let k = clustering.r;
    let mut count = clustering.sizes();
    let mut mean = vec![0.0; k * d];
    for (t, &l) in clustering.labels.iter().enumerate() {
        for j in 0..d {
            mean[l * d + j] += features[t * d + j] / count[l] as f64;
        }
    }
    let mut adjacent: Vec<HashSet<usize>> = vec![HashSet::new(); k];
    for (a, b) in mesh.face_neighbours() {
        let (la, lb) = (clustering.labels[a], clustering.labels[b]);
        if la != lb {
            adjacent[la].insert(lb);
            adjacent[lb].insert(la);
        }
    }
    let mut parent: Vec<usize> = (0..k).collect();
    let mut alive = k;
    while alive > r {
        let Some(small) =
            (0..k).filter(|&c| parent[c] == c && !adjacent[c].is_empty()).min_by_key(|&c| count[c])
        else {
            break;
        };
        let row = |c: usize| &mean[c * d..(c + 1) * d];
        let into = *adjacent[small]
            .iter()
            .min_by(|&&a, &&b| {
                dist2(row(small), row(a)).total_cmp(&dist2(row(small), row(b))).then(a.cmp(&b))
            })
            .expect("a neighbour");
        // into ← into ∪ small: counts, means and adjacency
        let total = (count[into] + count[small]) as f64;
        for j in 0..d {
            mean[into * d + j] =
                (mean[into * d + j] * count[into] as f64 + mean[small * d + j] * count[small] as f64) / total;
        }
        count[into] += count[small];
        for c in std::mem::take(&mut adjacent[small]) {
            adjacent[c].remove(&small);
            if c != into {
                adjacent[c].insert(into);
                adjacent[into].insert(c);
            }
        }
        parent[small] = into;
        alive -= 1;
    }
    let labels = compact(&clustering.labels.iter().map(|&l| find(&mut parent, l)).collect::<Vec<_>>());
    Clustering { labels, r: alive }
}

/// k-means++ clusters of the tets from mode weights (§6), split into connected components whose smallest
/// fragments are then merged back into neighbours: `min(r, #tets)` connected clusters (fewer only for a mesh
/// with more than r pieces).
pub fn cluster_tets(
    mesh: &TetMesh,
    weights: &[f64],
    m: usize,
    eigenvalues: &[f64],
    r: usize,
    seed: u64,
) -> Clustering {
    cluster_tets_by_part(mesh, weights, m, eigenvalues, r, seed, None)
}

/// [`cluster_tets`], with every tet's body part (`parts[t]`, e.g. the role of its dominant bone): a cluster
/// then never spans two parts. The weights alone cannot tell the parts apart where the modes are zero (a
/// stiff skeleton, rigid regions), and one cluster over bones that turn differently has one rotation for
/// all of them, which bends the local step's fit and leaves pose-dependent secondary motion.
pub fn cluster_tets_by_part(
    mesh: &TetMesh,
    weights: &[f64],
    m: usize,
    eigenvalues: &[f64],
    r: usize,
    seed: u64,
    parts: Option<&[usize]>,
) -> Clustering {
    let clock = std::time::Instant::now();
    let mut features = tet_features(mesh, weights, m, eigenvalues);
    let mut d = m;
    let count = parts.map_or(0, |parts| parts.iter().copied().max().map_or(0, |p| p + 1));
    if let Some(parts) = parts {
        // one-hot part coordinates, far larger than any weight feature's spread: k-means and the merge of
        // fragments separate parts first
        let spread = features.iter().fold(0.0f64, |a, v| a.max(v.abs())).max(f64::MIN_POSITIVE);
        let big = 1e3 * spread;
        let mut with_parts = Vec::with_capacity(mesh.t() * (m + count));
        for t in 0..mesh.t() {
            with_parts.extend_from_slice(&features[t * m..(t + 1) * m]);
            with_parts.extend((0..count).map(|p| if p == parts[t] { big } else { 0.0 }));
        }
        features = with_parts;
        d = m + count;
    }
    let labels = kmeans(&features, d, r, seed, 100);
    let kmeans_s = clock.elapsed().as_secs_f64();
    let labels: Vec<usize> = match parts {
        // a cluster k-means left across two parts is split by part
        Some(parts) => labels.iter().zip(parts).map(|(l, p)| l * count + p).collect(),
        None => labels,
    };
    let split = split_components(mesh, &labels);
    let split_s = clock.elapsed().as_secs_f64() - kmeans_s;
    let merged = merge_fragments(mesh, &split, &features, d, r);
    let merge_s = clock.elapsed().as_secs_f64() - kmeans_s - split_s;
    tracing::debug!(kmeans_s, split_s, merge_s, fragments = split.r, clusters = merged.r, "clusters");
    merged
}

/// Grouping matrix `G` (r × t, Eq. 27): `G_ij = V_j / Σ_{q ∈ C_i} V_q` for tet `j` in cluster `i`, so `G f` is the
/// volume-weighted average of a per-tet quantity `f` over each cluster.
pub fn grouping_matrix(mesh: &TetMesh, clustering: &Clustering) -> SparseColMat<usize, f64> {
    let mut cluster_volume = vec![0.0; clustering.r];
    for (t, &l) in clustering.labels.iter().enumerate() {
        cluster_volume[l] += mesh.volume(t);
    }
    let trip: Vec<_> = clustering
        .labels
        .iter()
        .enumerate()
        .map(|(t, &l)| Triplet::new(l, t, mesh.volume(t) / cluster_volume[l]))
        .collect();
    SparseColMat::try_new_from_triplets(clustering.r, mesh.t(), &trip).expect("valid grouping triplets")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fem::spmv;
    use crate::mesh::tet_mesh::shapes::box_mesh;

    #[test]
    fn kmeans_recovers_separated_blobs_deterministically() {
        let centres = [[0.0, 0.0], [10.0, 0.0], [0.0, 10.0], [10.0, 10.0]];
        let mut pts = Vec::new();
        for i in 0..400 {
            let c = centres[i % 4];
            let e = ((i as f64) * 0.7548).fract() - 0.5;
            pts.extend([c[0] + e, c[1] - 0.8 * e]);
        }
        let a = kmeans(&pts, 2, 4, 7, 100);
        assert_eq!(a, kmeans(&pts, 2, 4, 7, 100), "same seed, same result");
        for i in 0..400 {
            assert_eq!(a[i], a[i % 4], "point {i} is not with its blob");
        }
        let mut distinct = a[..4].to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), 4);
    }

    #[test]
    fn kmeans_handles_more_clusters_than_distinct_points() {
        let pts = vec![1.0; 20]; // 10 identical 2-d points
        let l = kmeans(&pts, 2, 50, 1, 10);
        assert_eq!(l.len(), 10);
        assert!(l.iter().all(|x| *x < 10));
    }

    #[test]
    fn disconnected_clusters_are_split_into_components() {
        // a bar of 6 cells along x; label the two end cells' tets 0 and the middle 1: cluster 0 has two pieces
        let m = box_mesh(6, 1, 1, [6.0, 1.0, 1.0]);
        let labels: Vec<usize> = (0..m.t())
            .map(|t| {
                let cx: f64 = m.tets[t].iter().map(|&v| m.vertices[v][0]).sum::<f64>() / 4.0;
                usize::from((1.0..5.0).contains(&cx))
            })
            .collect();
        let c = split_components(&m, &labels);
        assert_eq!(c.r, 3);
        let sizes = c.sizes();
        assert_eq!(sizes.iter().sum::<usize>(), m.t());
        assert_eq!(sizes.iter().filter(|s| **s == 6).count(), 2, "{sizes:?}"); // the two end cells
    }

    /// An oscillating weight field makes k-means clusters of separate pieces; the split and merge leave exactly
    /// r clusters, each connected.
    #[test]
    fn cluster_tets_gives_r_connected_clusters() {
        let mesh = box_mesh(24, 3, 3, [6.0, 1.0, 1.0]);
        let weights: Vec<f64> = mesh
            .vertices
            .iter()
            .flat_map(|v| [(2.5 * v[0]).cos(), (1.3 * v[0] + 2.0 * v[1]).sin()])
            .collect();
        let eigenvalues = [1.0, 1.5];
        let r = 12;
        let features = tet_features(&mesh, &weights, 2, &eigenvalues);
        let split = split_components(&mesh, &kmeans(&features, 2, r, 5, 100));
        assert!(split.r > r, "the test needs disconnected k-means clusters ({} pieces)", split.r);
        let c = cluster_tets(&mesh, &weights, 2, &eigenvalues, r, 5);
        assert_eq!(c.r, r);
        assert!(c.sizes().iter().all(|s| *s > 0));
        assert_eq!(split_components(&mesh, &c.labels).r, r, "a cluster is made of separate pieces");
    }

    #[test]
    fn grouping_matrix_averages_by_volume() {
        let mut m = box_mesh(2, 2, 2, [1.0, 1.0, 1.0]);
        m.vertices[13][0] += 0.1; // unequal tet volumes
        let m = TetMesh::new(m.vertices, m.tets).unwrap().0;
        let labels: Vec<usize> = (0..m.t()).map(|t| t % 3).collect();
        let c = Clustering { labels: labels.clone(), r: 3 };
        let g = grouping_matrix(&m, &c);
        // rows sum to one: a constant field stays constant
        let ones = vec![1.0; m.t()];
        assert!(spmv(&g, &ones).iter().all(|x| (x - 1.0).abs() < 1e-12));
        // the volume-weighted average of f = volume⁻¹ is #tets / cluster volume
        let f: Vec<f64> = (0..m.t()).map(|t| 1.0 / m.volume(t)).collect();
        let avg = spmv(&g, &f);
        for (i, a) in avg.iter().enumerate() {
            let (cnt, vol) = (0..m.t())
                .filter(|t| labels[*t] == i)
                .fold((0.0, 0.0), |(c, v), t| (c + 1.0, v + m.volume(t)));
            assert!((a - cnt / vol).abs() < 1e-9 * a);
        }
        let exact = grouping_matrix(&m, &Clustering::one_per_tet(m.t()));
        let f: Vec<f64> = (0..m.t()).map(|t| t as f64).collect();
        assert_eq!(spmv(&exact, &f), f);
    }
}
