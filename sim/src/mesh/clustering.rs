//! [`Clustering`]: a partition of a mesh's tets into `r` labelled groups (the clusters of the hyper-reduced
//! solver, paper 000 §6, made in [`crate::reduced`]; the skinned rotations per cluster in [`crate::rig`]).

/// Cluster label of every tet, labels `0..r`.
#[derive(Clone, Debug, PartialEq)]
pub struct Clustering {
    pub labels: Vec<usize>,
    pub r: usize,
}

impl Clustering {
    /// "One cluster per tet": the exact, unclustered solver.
    pub fn one_per_tet(t: usize) -> Self {
        Clustering { labels: (0..t).collect(), r: t }
    }

    /// Tets in each cluster.
    pub fn sizes(&self) -> Vec<usize> {
        let mut s = vec![0; self.r];
        for &l in &self.labels {
            s[l] += 1;
        }
        s
    }
}
