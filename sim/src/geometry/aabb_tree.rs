//! A bounding-volume hierarchy over axis-aligned boxes, shared by the winding number (triangles), the
//! closest-point transfer (triangles) and the tet embedding (tets).
//!
//! Built top-down: a node's items are split at the median of their box centres along the longest axis of
//! the centres' extent, until at most `leaf_size` items remain. Median splits give a balanced tree of depth
//! `⌈log₂(n / leaf_size)⌉`, deterministic for a given input. Each node owns a contiguous range of
//! [`Bvh::order`], so per-node sums (the winding number's dipoles) are plain loops over that range.

use crate::geometry::soup::dist2;

/// An axis-aligned box `[lo, hi]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Aabb {
    pub lo: [f64; 3],
    pub hi: [f64; 3],
}

impl Aabb {
    /// The empty box (grows to whatever is added first).
    pub const EMPTY: Aabb = Aabb { lo: [f64::INFINITY; 3], hi: [f64::NEG_INFINITY; 3] };

    /// The smallest box holding all `points`.
    pub fn around(points: &[[f64; 3]]) -> Aabb {
        let mut b = Aabb::EMPTY;
        for p in points {
            b.add_point(*p);
        }
        b
    }

    pub fn add_point(&mut self, p: [f64; 3]) {
        for c in 0..3 {
            self.lo[c] = self.lo[c].min(p[c]);
            self.hi[c] = self.hi[c].max(p[c]);
        }
    }

    pub fn add_box(&mut self, b: &Aabb) {
        self.add_point(b.lo);
        self.add_point(b.hi);
    }

    pub fn centre(&self) -> [f64; 3] {
        [0.5 * (self.lo[0] + self.hi[0]), 0.5 * (self.lo[1] + self.hi[1]), 0.5 * (self.lo[2] + self.hi[2])]
    }

    /// Squared distance from `p` to the box (0 inside).
    pub fn dist2(&self, p: [f64; 3]) -> f64 {
        let q = [0, 1, 2].map(|c| p[c].clamp(self.lo[c], self.hi[c]));
        dist2(p, q)
    }
}

/// One node: its bounding box, its items `order[start..end]`, and its two children unless it is a leaf.
#[derive(Clone, Debug, PartialEq)]
pub struct BvhNode {
    pub bounds: Aabb,
    pub start: usize,
    pub end: usize,
    pub children: Option<[usize; 2]>,
}

/// The hierarchy: `nodes[0]` is the root (absent when there are no items); `order` lists item indices so
/// that every node's items are contiguous.
#[derive(Clone, Debug, PartialEq)]
pub struct Bvh {
    pub nodes: Vec<BvhNode>,
    pub order: Vec<usize>,
}

impl Bvh {
    /// Build over the items' boxes (finite boxes expected; the callers check coordinates first).
    pub fn new(boxes: &[Aabb], leaf_size: usize) -> Bvh {
        let leaf_size = leaf_size.max(1);
        let centres: Vec<[f64; 3]> = boxes.iter().map(Aabb::centre).collect();
        let mut bvh = Bvh {
            nodes: Vec::with_capacity(2 * boxes.len() / leaf_size + 1),
            order: (0..boxes.len()).collect(),
        };
        if !boxes.is_empty() {
            bvh.build(boxes, &centres, 0, boxes.len(), leaf_size);
        }
        bvh
    }

    fn build(
        &mut self,
        boxes: &[Aabb],
        centres: &[[f64; 3]],
        start: usize,
        end: usize,
        leaf_size: usize,
    ) -> usize {
        let mut bounds = Aabb::EMPTY;
        let mut spread = Aabb::EMPTY;
        for &i in &self.order[start..end] {
            bounds.add_box(&boxes[i]);
            spread.add_point(centres[i]);
        }
        let id = self.nodes.len();
        self.nodes.push(BvhNode { bounds, start, end, children: None });
        if end - start <= leaf_size {
            return id;
        }
        let extent = [0, 1, 2].map(|c| spread.hi[c] - spread.lo[c]);
        let axis = (0..3).fold(0, |a, c| if extent[c] > extent[a] { c } else { a });
        let mid = start + (end - start) / 2;
        self.order[start..end]
            .select_nth_unstable_by(mid - start, |&a, &b| centres[a][axis].total_cmp(&centres[b][axis]));
        let left = self.build(boxes, centres, start, mid, leaf_size);
        let right = self.build(boxes, centres, mid, end, leaf_size);
        self.nodes[id].children = Some([left, right]);
        id
    }

    /// The items of node `node`.
    pub fn items(&self, node: usize) -> &[usize] {
        let n = &self.nodes[node];
        &self.order[n.start..n.end]
    }

    /// Nearest-item search around `p` with distance-bound pruning. `bound` is a squared distance;
    /// `visit(item, bound)` is called for every item whose node box is within the current bound (nearer
    /// children first) and returns the new bound, which may only shrink. Nodes farther than the bound are
    /// skipped; nodes at exactly the bound are still visited, so callers can break ties.
    pub fn search(&self, p: [f64; 3], mut bound: f64, mut visit: impl FnMut(usize, f64) -> f64) {
        if self.nodes.is_empty() {
            return;
        }
        let mut stack = vec![(0usize, self.nodes[0].bounds.dist2(p))];
        while let Some((node, d)) = stack.pop() {
            if d > bound {
                continue;
            }
            let n = &self.nodes[node];
            match n.children {
                None => {
                    for &item in &self.order[n.start..n.end] {
                        bound = visit(item, bound);
                    }
                }
                Some([a, b]) => {
                    let (da, db) = (self.nodes[a].bounds.dist2(p), self.nodes[b].bounds.dist2(p));
                    // push the farther child first so the nearer one is searched first
                    let (near, far) = if da <= db { ((a, da), (b, db)) } else { ((b, db), (a, da)) };
                    if far.1 <= bound {
                        stack.push(far);
                    }
                    if near.1 <= bound {
                        stack.push(near);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    fn random_boxes(n: usize, seed: u64) -> Vec<Aabb> {
        let mut rng = StdRng::seed_from_u64(seed);
        (0..n)
            .map(|_| {
                let c: [f64; 3] = [0; 3].map(|_| rng.random_range(-5.0..5.0));
                let h: [f64; 3] = [0; 3].map(|_| rng.random_range(0.0..0.5));
                Aabb { lo: [0, 1, 2].map(|k| c[k] - h[k]), hi: [0, 1, 2].map(|k| c[k] + h[k]) }
            })
            .collect()
    }

    #[test]
    fn every_node_bounds_its_items_and_leaves_partition_them() {
        let boxes = random_boxes(1000, 1);
        let bvh = Bvh::new(&boxes, 4);
        let mut seen = vec![0; boxes.len()];
        for (id, n) in bvh.nodes.iter().enumerate() {
            for &i in bvh.items(id) {
                for c in 0..3 {
                    assert!(n.bounds.lo[c] <= boxes[i].lo[c] && boxes[i].hi[c] <= n.bounds.hi[c]);
                }
            }
            match n.children {
                None => {
                    assert!(n.end - n.start <= 4);
                    for &i in bvh.items(id) {
                        seen[i] += 1;
                    }
                }
                Some([a, b]) => {
                    assert_eq!((bvh.nodes[a].start, bvh.nodes[a].end), (n.start, bvh.nodes[b].start));
                    assert_eq!(bvh.nodes[b].end, n.end);
                }
            }
        }
        assert!(seen.iter().all(|&s| s == 1));
        assert!(Bvh::new(&[], 4).nodes.is_empty());
    }

    #[test]
    fn search_finds_the_nearest_box_like_brute_force() {
        let boxes = random_boxes(500, 2);
        let bvh = Bvh::new(&boxes, 3);
        let mut rng = StdRng::seed_from_u64(9);
        for _ in 0..200 {
            let p: [f64; 3] = [0; 3].map(|_| rng.random_range(-8.0..8.0));
            let mut best = f64::INFINITY;
            let brute = boxes.iter().map(|b| b.dist2(p)).fold(f64::INFINITY, f64::min);
            bvh.search(p, f64::INFINITY, |i, bound| {
                best = best.min(boxes[i].dist2(p));
                bound.min(best)
            });
            assert_eq!(best, brute);
        }
    }
}
