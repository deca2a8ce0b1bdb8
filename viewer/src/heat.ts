// The heat map of the flesh (issue 36): every vertex coloured by |u| in millimetres, u the secondary displacement
//
//   u_v = Σ_k W(v,k) Z_k [X_v; 1]     (X_v the rest position, Z_k the 3×4 block z[12k..12k+12], row-major)
//
// which is what the reduced coordinates z add on top of the rig-only skinned position (the mode terms of
// skin.wgsl, and of the skinning pass in skin.ts), and what the Rust side's region figures measure
// (cli/src/measure/displacement.rs: `Displacement::norms`, reported ×1000 as `peak_mm`/`rms_mm`).
//
// One colour map serves the shader and the scale bar, and it is the wgpu renderer's (renderer/src/heat.rs, `KNOTS`;
// fs_heat in skin.wgsl): HEAT_STOPS (sRGB, [0, 1]) at evenly spaced values from 0 to the range's top, linear
// interpolation in sRGB between stops, clamped outside [0, max], drawn unlit so that every colour stands for one
// value (a screenshot can be read back like the renderer's images). heatColor() is the TypeScript version (the
// scale bar, the tests); heatGlsl() writes the same table and arithmetic as GLSL, generated from HEAT_STOPS so
// that they cannot drift (test/unit.test.ts checks both, and the table against renderer/src/heat.rs). No DOM and
// no three here: the unit tests run it in Node.

/** matplotlib's inferno (`_inferno_data`, entries 0, 16, …, 240 and 255), sRGB in [0, 1]: black through purple,
 *  red and orange to pale yellow, lightness increasing with the value; the same numbers as the renderer's `KNOTS`. */
export const HEAT_STOPS: readonly (readonly [number, number, number])[] = [
  [0.001462, 0.000466, 0.013866],
  [0.042253, 0.028139, 0.141141],
  [0.129285, 0.047293, 0.290788],
  [0.238273, 0.036621, 0.396353],
  [0.3415, 0.062325, 0.429425],
  [0.441207, 0.099338, 0.431594],
  [0.54092, 0.134729, 0.415123],
  [0.640135, 0.171438, 0.381065],
  [0.735683, 0.215906, 0.330245],
  [0.822386, 0.275197, 0.266085],
  [0.894305, 0.353399, 0.193584],
  [0.946965, 0.449191, 0.115272],
  [0.978422, 0.557937, 0.034931],
  [0.987874, 0.675267, 0.065257],
  [0.974638, 0.797692, 0.206332],
  [0.947594, 0.917399, 0.410665],
  [0.988362, 0.998364, 0.644924],
];

/** The default top of the scale (mm): `heatmax=` changes it. */
export const HEAT_MAX_MM = 30;

/** The colour (sRGB, each channel in [0, 1]) of |u| = `mm` on a scale from 0 to `maxMm`: clamped to the first
 *  colour below 0 (and for NaN) and to the last above `maxMm`. */
export function heatColor(mm: number, maxMm: number = HEAT_MAX_MM): [number, number, number] {
  const n = HEAT_STOPS.length;
  // the GLSL's (and the renderer's) arithmetic: t in [0, 1], then the segment and the fraction within it
  let t = mm / maxMm;
  if (!(t > 0)) t = 0; // NaN, negative
  if (t > 1) t = 1;
  const s = t * (n - 1);
  const i = Math.min(Math.floor(s), n - 2);
  const f = s - i;
  const a = HEAT_STOPS[i];
  const b = HEAT_STOPS[i + 1];
  return [0, 1, 2].map((c) => a[c] + (b[c] - a[c]) * f) as [number, number, number];
}

/** 8-bit sRGB of a colour in [0, 1]. */
function bytes(c: readonly number[]): number[] {
  return c.map((v) => Math.round(255 * Math.min(1, Math.max(0, v))));
}

/** A CSS colour for heatColor(mm, maxMm). */
export function heatCss(mm: number, maxMm: number = HEAT_MAX_MM): string {
  const [r, g, b] = bytes(heatColor(mm, maxMm));
  return `rgb(${r}, ${g}, ${b})`;
}

/** The scale bar's CSS background, left (0) to right (max): the stops at their positions, which a CSS gradient
 *  interpolates linearly in sRGB between, as heatColor() does, so it needs no canvas. */
export function heatGradientCss(): string {
  const n = HEAT_STOPS.length;
  const stops = HEAT_STOPS.map((c, i) => {
    const [r, g, b] = bytes(c);
    return `rgb(${r}, ${g}, ${b}) ${Number(((100 * i) / (n - 1)).toFixed(4))}%`;
  });
  return `linear-gradient(to right, ${stops.join(', ')})`;
}

/** A GLSL float literal of `v` (the shortest decimal that reads back as `v`, with a point). */
function glslFloat(v: number): string {
  const t = String(v);
  return /[.e]/.test(t) ? t : `${t}.0`;
}

/** The GLSL (ES 3.0) of the colour map: `vec3 heatColor(float mm, float maxMm)`, sRGB in [0, 1], the stops
 *  written as the same decimals as HEAT_STOPS (and the renderer's KNOTS). */
export function heatGlsl(): string {
  const n = HEAT_STOPS.length;
  const stops = HEAT_STOPS.map((c) => `vec3(${c.map(glslFloat).join(', ')})`).join(',\n  ');
  return `
#define HEAT_STOPS ${n}
const vec3 HEAT_STOP[HEAT_STOPS] = vec3[HEAT_STOPS](
  ${stops}
);
vec3 heatColor(float mm, float maxMm) {
  float t = clamp(mm / maxMm, 0.0, 1.0);
  float s = t * float(HEAT_STOPS - 1);
  int i = min(int(floor(s)), HEAT_STOPS - 2);
  float f = s - float(i);
  return mix(HEAT_STOP[i], HEAT_STOP[i + 1], f);
}
`;
}

/** Labels of the scale bar: 0, then multiples of a step of 1, 2 or 5 × 10^k (at most `most` labels in all),
 *  and `maxMm` itself last when it is not a multiple. */
export function heatTicks(maxMm: number, most = 6): number[] {
  if (!(maxMm > 0) || !Number.isFinite(maxMm)) return [0];
  let step = 0;
  for (let k = Math.floor(Math.log10(maxMm)) - 1; step === 0; k++) {
    for (const m of [1, 2, 5]) {
      const s = m * 10 ** k;
      if (Math.floor(maxMm / s + 1e-9) + 1 <= most) {
        step = s;
        break;
      }
    }
  }
  const ticks: number[] = [];
  for (let i = 0; i * step <= maxMm * (1 + 1e-9); i++) ticks.push(Number((i * step).toPrecision(12)));
  const last = ticks[ticks.length - 1];
  // the top of the range is always labelled; a multiple too close to it (within half a step) gives way
  if (Math.abs(last - maxMm) > 1e-9 * maxMm) {
    if (maxMm - last <= step / 2 && ticks.length > 1) ticks.pop();
    ticks.push(maxMm);
  }
  return ticks;
}

/** A number of millimetres as the scale bar labels it (at most 3 significant digits, no trailing zeros). */
export function formatMm(mm: number): string {
  return String(Number(mm.toPrecision(3)));
}

/** The CPU reference of u (metres, xyz per vertex) for rest positions `position` (xyz per vertex), mode weights
 *  `weights` (vertex-major, `modes` per vertex) and z (12 per mode): the Rust side's `Displacement::of`, one
 *  vertex and one mode at a time, in double precision. */
export function secondaryDisplacement(
  position: ArrayLike<number>,
  weights: ArrayLike<number>,
  modes: number,
  z: ArrayLike<number>,
): Float64Array {
  const n = Math.floor(position.length / 3);
  if (weights.length !== n * modes) throw new Error(`${weights.length} mode weights for ${n} vertices × ${modes} modes`);
  if (z.length !== 12 * modes) throw new Error(`z has ${z.length} entries, not 12 × ${modes}`);
  const u = new Float64Array(3 * n);
  for (let v = 0; v < n; v++) {
    const x = position[3 * v];
    const y = position[3 * v + 1];
    const w = position[3 * v + 2];
    for (let k = 0; k < modes; k++) {
      const wk = weights[v * modes + k];
      if (wk === 0) continue;
      for (let r = 0; r < 3; r++) {
        const o = 12 * k + 4 * r;
        u[3 * v + r] += wk * (z[o] * x + z[o + 1] * y + z[o + 2] * w + z[o + 3]);
      }
    }
  }
  return u;
}

/** |u| of every vertex in millimetres (the heat map's value): 1000 × the length of secondaryDisplacement(),
 *  with the held part added when given. */
export function secondaryMm(
  position: ArrayLike<number>,
  weights: ArrayLike<number>,
  modes: number,
  z: ArrayLike<number>,
  held: ArrayLike<number> | null = null,
): Float64Array {
  const u = secondaryDisplacement(position, weights, modes, z);
  // the held part u_h (xyz0 per vertex, src/held.ts), which the flesh adds under the mode terms
  if (held) for (let v = 0; v < u.length / 3; v++) for (let c = 0; c < 3; c++) u[3 * v + c] += held[4 * v + c];
  const out = new Float64Array(u.length / 3);
  for (let v = 0; v < out.length; v++) out[v] = 1000 * Math.hypot(u[3 * v], u[3 * v + 1], u[3 * v + 2]);
  return out;
}
