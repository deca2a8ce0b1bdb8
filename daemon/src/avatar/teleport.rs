//! Teleport detection: whether a change of `p` jumps (a transform handle's translation or rotation beyond the
//! teleport thresholds; the handles are [`avatar_sim::rig::Rig::handle_offsets`]), for the dynamics and the
//! retargeting.

use super::params::SimParams;

/// Whether going from `p_now` to `p_next` moves a bone's translation by more than `teleport_distance` or
/// changes its 3×3 part by more than `teleport_angle` (the Frobenius norm `‖R₁ − R₀‖ = 2√2 sin(θ/2)` for
/// rotations), for the 12-entry handles starting at `handles`. Blendshape weights never count.
pub fn is_teleport(p_now: &[f64], p_next: &[f64], handles: &[usize], params: &SimParams) -> bool {
    let max_linear = 2.0 * std::f64::consts::SQRT_2 * (params.teleport_angle / 2.0).sin();
    handles.iter().any(|&o| {
        let (a, b) = (&p_now[o..o + 12], &p_next[o..o + 12]);
        let dt = (0..3).map(|r| (a[4 * r + 3] - b[4 * r + 3]).powi(2)).sum::<f64>().sqrt();
        let dl = (0..3)
            .flat_map(|r| (0..3).map(move |c| 4 * r + c))
            .map(|i| (a[i] - b[i]).powi(2))
            .sum::<f64>()
            .sqrt();
        dt > params.teleport_distance || dl > max_linear
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn teleport_is_a_jump_in_translation_or_rotation() {
        let params = SimParams::default();
        let id = [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0];
        let mut moved = id;
        moved[3] = 0.01; // 1 cm
        assert!(!is_teleport(&id, &moved, &[0], &params));
        moved[3] = 10.0;
        assert!(is_teleport(&id, &moved, &[0], &params));
        let flip = [-1.0, 0.0, 0.0, 0.0, 0.0, -1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0]; // 180° about z
        assert!(is_teleport(&id, &flip, &[0], &params));
        let (s, c) = (0.05f64.sin(), 0.05f64.cos()); // 0.05 rad
        let small = [c, -s, 0.0, 0.0, s, c, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0];
        assert!(!is_teleport(&id, &small, &[0], &params));
    }
}
