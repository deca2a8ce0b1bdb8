//! [`SparseRows`]: per-point sparse weights over handles in compressed rows, the storage of the LBS weights
//! ([`VertexWeights`](crate::rig::VertexWeights)) and of the skinned rotations' blend weights
//! ([`RotationWeights`](crate::rig::RotationWeights)).

/// Sparse rows of `(column, value)` entries (a point's weights over bones), compressed: row `i` holds the
/// entries `offsets[i]..offsets[i+1]`, sorted by column. Exact zeros are not stored.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct SparseRows {
    offsets: Vec<usize>,
    cols: Vec<u32>,
    values: Vec<f64>,
}

impl SparseRows {
    /// From per-row `(column, value)` lists (any order): exact zeros are dropped, each row is sorted by column
    /// (stably), and nothing else is checked or changed here (a repeated column stays repeated).
    pub fn from_rows<R, I>(rows: R) -> Self
    where
        R: IntoIterator<Item = I>,
        I: IntoIterator<Item = (u32, f64)>,
    {
        let mut out = SparseRows { offsets: vec![0], cols: Vec::new(), values: Vec::new() };
        let mut row: Vec<(u32, f64)> = Vec::new();
        for r in rows {
            row.clear();
            row.extend(r.into_iter().filter(|(_, w)| *w != 0.0));
            row.sort_by_key(|(c, _)| *c);
            for &(c, w) in &row {
                out.cols.push(c);
                out.values.push(w);
            }
            out.offsets.push(out.cols.len());
        }
        out
    }

    /// From a dense row-major `rows × cols` matrix (`values[i*cols + c]`).
    pub fn from_dense(cols: usize, values: &[f64]) -> Self {
        assert!(
            cols > 0 && values.len().is_multiple_of(cols),
            "dense weights: length is not a multiple of the column count"
        );
        Self::from_rows(values.chunks(cols).map(|r| r.iter().enumerate().map(|(c, &w)| (c as u32, w))))
    }

    /// Number of rows.
    pub fn num_rows(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// Number of stored entries.
    pub fn nnz(&self) -> usize {
        self.values.len()
    }

    /// Columns and values of row `i`, sorted by column.
    pub fn row(&self, i: usize) -> (&[u32], &[f64]) {
        let r = self.offsets[i]..self.offsets[i + 1];
        (&self.cols[r.clone()], &self.values[r])
    }

    /// Iterator over `(column, value)` of row `i`.
    pub fn iter_row(&self, i: usize) -> impl Iterator<Item = (usize, f64)> + '_ {
        let (c, w) = self.row(i);
        c.iter().zip(w).map(|(&c, &w)| (c as usize, w))
    }

    /// The value at `(i, col)` (0 when not stored).
    pub fn get(&self, i: usize, col: usize) -> f64 {
        let (c, w) = self.row(i);
        c.binary_search(&(col as u32)).map(|k| w[k]).unwrap_or(0.0)
    }

    /// `Σ_c value(i, c)`.
    pub fn row_sum(&self, i: usize) -> f64 {
        self.row(i).1.iter().sum()
    }

    /// The values of row `i`, to rescale them in place.
    pub fn row_values_mut(&mut self, i: usize) -> &mut [f64] {
        &mut self.values[self.offsets[i]..self.offsets[i + 1]]
    }

    /// Transpose: per column `0..cols`, `(row, value)` sorted by row.
    pub fn by_column(&self, cols: usize) -> Vec<Vec<(usize, f64)>> {
        let mut out = vec![Vec::new(); cols];
        for i in 0..self.num_rows() {
            for (c, w) in self.iter_row(i) {
                out[c].push((i, w));
            }
        }
        out
    }

    /// Repeated columns of a row summed into one entry (in row order).
    pub fn merge_repeated(&mut self) {
        let (mut cols, mut values, mut offsets) = (Vec::new(), Vec::new(), vec![0]);
        for i in 0..self.num_rows() {
            let start = cols.len();
            let (c, w) = self.row(i);
            for (&c, &w) in c.iter().zip(w) {
                if cols.len() > start && cols.last() == Some(&c) {
                    *values.last_mut().unwrap() += w;
                } else {
                    cols.push(c);
                    values.push(w);
                }
            }
            offsets.push(cols.len());
        }
        *self = SparseRows { offsets, cols, values };
    }

    /// Every row with a positive sum divided by it (rows summing to 0 or less are left as they are).
    pub fn normalize_positive_rows(&mut self) {
        for i in 0..self.num_rows() {
            let sum = self.row_sum(i);
            if sum > 0.0 {
                self.row_values_mut(i).iter_mut().for_each(|v| *v /= sum);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_sorted_without_zeros_and_keep_repeats_until_merged() {
        let mut w =
            SparseRows::from_rows(vec![vec![(2, 1.0), (0, 0.0), (1, 2.0), (2, 3.0)], vec![], vec![(0, 4.0)]]);
        assert_eq!((w.num_rows(), w.nnz()), (3, 4));
        assert_eq!(w.row(0), (&[1, 2, 2][..], &[2.0, 1.0, 3.0][..]));
        assert_eq!(w.iter_row(1).count(), 0);
        assert_eq!((w.get(2, 0), w.get(2, 1), w.row_sum(0)), (4.0, 0.0, 6.0));
        assert_eq!(w.by_column(3), vec![vec![(2, 4.0)], vec![(0, 2.0)], vec![(0, 1.0), (0, 3.0)]]);
        w.merge_repeated();
        assert_eq!(w.row(0), (&[1, 2][..], &[2.0, 4.0][..]));
        w.normalize_positive_rows();
        assert_eq!(w.row(0).1, &[1.0 / 3.0, 2.0 / 3.0][..]);
        assert_eq!((w.row(2).1, w.nnz()), (&[1.0][..], 3));
    }

    #[test]
    fn dense_rows_drop_zeros() {
        let w = SparseRows::from_dense(2, &[1.0, 0.0, 0.25, 0.75]);
        assert_eq!(w.row(0), (&[0][..], &[1.0][..]));
        assert_eq!(w.row(1), (&[0, 1][..], &[0.25, 0.75][..]));
    }
}
