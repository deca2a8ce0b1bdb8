"""The scipy peer of the sparse modes path (Eq. 22, `sim/src/modes/lanczos.rs`), on the problems that
`avatard bench precompute --dump DIR` writes: the same algorithm with SciPy's building blocks, per phase.

  constraints: orthonormal basis Q of the row space of C = J_w M^{-1/2} (SVD, rank by RANK_TOL)
  factor:      SuperLU of A = M^{-1/2} H_w M^{-1/2} - sigma I (the matrix the Rust path factors)
  schur:       Y = A^{-1} Q, S = Q^T Y
  lanczos:     ARPACK eigsh on the constrained inverse P (largest theta = 1/(lambda - sigma))

usage: modes_peer.py DUMP_DIR [--modes M] [--permc COLAMD|MMD_AT_PLUS_A|...]
Prints one JSON line per problem with the phase seconds and the eigenvalues.
"""
import argparse
import json
import time
from pathlib import Path

import numpy as np
import scipy
import scipy.linalg as sla
import scipy.sparse as sp
import scipy.sparse.linalg as spla

RANK_TOL = 1e-10


def load(d: Path):
    """H_w (CSC), the lumped mass M_w, and C = J_w M^{-1/2} by its distinct rows, each scaled by sqrt(count)."""
    meta = json.loads((d / "meta.json").read_text())
    n, rows = meta["n"], meta["constraint_rows"]
    f = lambda name, t: np.fromfile(d / name, dtype=t)
    hw = sp.csc_matrix((f("hw_val.f64", "<f8"), f("hw_row.u64", "<u8"), f("hw_colptr.u64", "<u8")), shape=(n, n))
    inv_sqrt = 1.0 / np.sqrt(f("mass.f64", "<f8"))
    count = f("count.u64", "<u8").astype(float)
    c = f("rows.f64", "<f8").reshape(rows, n) * np.sqrt(count)[:, None] * inv_sqrt[None, :]
    # A = M^{-1/2} H_w M^{-1/2} - sigma I with sigma = -1e-8 max |diag|, as `shifted_operator` builds it
    a = sp.diags(inv_sqrt) @ hw @ sp.diags(inv_sqrt)
    shift = -1e-8 * max(np.abs(a.diagonal()).max(), np.finfo(float).tiny)
    a = sp.csc_matrix(a - shift * sp.identity(n))
    meta["shift"] = shift
    return meta, a, c, inv_sqrt


def solve(meta, a, c, inv_sqrt, m, permc):
    t = {}
    clock = time.perf_counter()
    if c.shape[0]:
        _, s, vt = sla.svd(c, full_matrices=False)
        rank = int((s > RANK_TOL * s.max()).sum())
        q = vt[:rank].T.copy()
    else:
        rank, q = 0, np.zeros((a.shape[0], 0))
    t["constraints"] = time.perf_counter() - clock

    clock = time.perf_counter()
    lu = spla.splu(a, permc_spec=permc)
    t["factor"] = time.perf_counter() - clock

    clock = time.perf_counter()
    y = lu.solve(q) if rank else q
    schur = sla.cho_factor(0.5 * (q.T @ y + (q.T @ y).T)) if rank else None
    t["schur"] = time.perf_counter() - clock

    def apply(b):
        x = lu.solve(b)
        if rank:
            x = x - y @ sla.cho_solve(schur, y.T @ b)
            x = x - q @ (q.T @ x)
        return x

    n = a.shape[0]
    op = spla.LinearOperator((n, n), matvec=apply, matmat=apply, dtype=float)
    clock = time.perf_counter()
    v0 = np.random.default_rng(1).standard_normal(n)
    if rank:
        v0 -= q @ (q.T @ v0)
    theta, vec = spla.eigsh(op, k=m, which="LA", tol=1e-12, v0=v0)
    t["lanczos"] = time.perf_counter() - clock
    lam = sorted(meta["shift"] + 1.0 / theta)
    return {"vertices": n, "rank": rank, "nnz_L+U": int(lu.L.nnz + lu.U.nnz), "phase_s": t,
            "total_s": sum(t.values()), "eigenvalues": lam}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("dump", type=Path)
    p.add_argument("--modes", type=int, default=None)
    p.add_argument("--permc", default="COLAMD")
    a = p.parse_args()
    for d in sorted(x for x in a.dump.iterdir() if (x / "meta.json").exists()):
        meta, mat, c, inv_sqrt = load(d)
        out = solve(meta, mat, c, inv_sqrt, a.modes or meta["modes"], a.permc)
        out["problem"] = d.name
        out["scipy"] = scipy.__version__
        out["permc"] = a.permc
        print(json.dumps(out))


if __name__ == "__main__":
    main()
