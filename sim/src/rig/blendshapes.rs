//! Blendshapes: morph targets as sparse per-vertex displacements, one weight each.

use std::collections::HashSet;

use crate::rig::error::RigError;

/// One morph target: sparse per-vertex displacements, sorted by vertex, no zero deltas.
#[derive(Clone, Debug, PartialEq)]
pub struct BlendTarget {
    pub name: String,
    pub indices: Vec<usize>,
    pub deltas: Vec<[f64; 3]>,
}

impl BlendTarget {
    /// From one delta per vertex (zeros are dropped).
    pub fn from_dense(name: impl Into<String>, deltas: &[[f64; 3]]) -> Self {
        let (indices, deltas) =
            deltas.iter().enumerate().filter(|(_, d)| **d != [0.0; 3]).map(|(v, d)| (v, *d)).unzip();
        BlendTarget { name: name.into(), indices, deltas }
    }
}

/// Blendshapes: targets validated by [`BlendshapeRig::new`].
#[derive(Clone, Debug, PartialEq)]
pub struct BlendshapeRig {
    pub(super) num_vertices: Option<usize>,
    pub(super) targets: Vec<BlendTarget>,
}

impl BlendshapeRig {
    /// Validate names, deltas and indices; sort each target by vertex and drop zero deltas. `num_vertices`,
    /// when known, bounds the indices (otherwise they are checked against the mesh by
    /// [`Rig::check_vertices`](crate::rig::Rig::check_vertices)).
    pub fn new(num_vertices: Option<usize>, mut targets: Vec<BlendTarget>) -> Result<Self, RigError> {
        let mut names = HashSet::new();
        for (target, t) in targets.iter_mut().enumerate() {
            if t.name.is_empty() {
                return Err(RigError::EmptyTargetName { target });
            }
            if !names.insert(t.name.clone()) {
                return Err(RigError::DuplicateTarget { name: t.name.clone() });
            }
            if t.indices.len() != t.deltas.len() {
                return Err(RigError::IndicesDeltas {
                    name: t.name.clone(),
                    indices: t.indices.len(),
                    deltas: t.deltas.len(),
                });
            }
            let mut entries: Vec<(usize, [f64; 3])> =
                t.indices.iter().copied().zip(t.deltas.iter().copied()).collect();
            entries.sort_by_key(|e| e.0);
            for (i, &(index, delta)) in entries.iter().enumerate() {
                if let Some(n) = num_vertices {
                    if index >= n {
                        return Err(RigError::DeltaIndex { name: t.name.clone(), index, n });
                    }
                }
                if i > 0 && entries[i - 1].0 == index {
                    return Err(RigError::DuplicateDeltaIndex { name: t.name.clone(), index });
                }
                if delta.iter().any(|d| !d.is_finite()) {
                    return Err(RigError::DeltaNonFinite { name: t.name.clone(), vertex: index, delta });
                }
            }
            entries.retain(|e| e.1 != [0.0; 3]);
            (t.indices, t.deltas) = entries.into_iter().unzip();
        }
        Ok(BlendshapeRig { num_vertices, targets })
    }

    /// From dense targets (one delta per vertex each; all must have the same length, which sets the vertex
    /// count).
    pub fn from_dense(targets: Vec<(String, Vec<[f64; 3]>)>) -> Result<Self, RigError> {
        let n = targets.first().map(|t| t.1.len());
        let mut sparse = Vec::with_capacity(targets.len());
        for (name, deltas) in &targets {
            if Some(deltas.len()) != n {
                return Err(RigError::DeltaCount {
                    name: name.clone(),
                    got: deltas.len(),
                    n: n.unwrap_or(0),
                });
            }
            sparse.push(BlendTarget::from_dense(name.clone(), deltas));
        }
        Self::new(n, sparse)
    }

    pub fn targets(&self) -> &[BlendTarget] {
        &self.targets
    }

    /// Target names, in parameter order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.targets.iter().map(|t| t.name.as_str())
    }

    pub fn num_vertices(&self) -> Option<usize> {
        self.num_vertices
    }
}
