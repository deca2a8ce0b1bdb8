//! [`RigError`]: why a rig, its file or an animation on it was refused (the rules are listed in
//! [`linear`](super::linear)'s module doc), and the weight-sum tolerance it reports.

/// Per-vertex LBS weights must sum to 1 within this (absolute) tolerance.
pub const WEIGHT_SUM_TOLERANCE: f64 = 1e-6;

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum RigError {
    #[error("the rig has no parts")]
    Empty,
    #[error("the rig has more than one affine part (their columns would be identical)")]
    MultipleAffine,
    #[error("an LBS part has no bones")]
    NoBones,
    #[error("bone {bone} has an empty name")]
    EmptyBoneName { bone: usize },
    #[error("bone name {name:?} is used twice")]
    DuplicateBone { name: String },
    #[error("bone {bone}: parent {parent} is out of range ({bones} bones)")]
    ParentOutOfRange { bone: usize, parent: usize, bones: usize },
    #[error("bone {bone}: unknown parent {name:?}")]
    UnknownParent { bone: usize, name: String },
    #[error("bone {bone} is on a parent cycle")]
    ParentCycle { bone: usize },
    #[error("new vertex {vertex}: bad resampling stencil entry ({message})")]
    Stencil { vertex: usize, message: String },
    #[error("bone {bone}: bind transform has a non-finite entry")]
    BindNonFinite { bone: usize },
    #[error("bone {bone}: bind transform's linear part is singular (det {det:e})")]
    BindSingular { bone: usize, det: f64 },
    #[error("vertex {vertex}: weight row has {got} entries for {bones} bones")]
    DenseWeightRow { vertex: usize, got: usize, bones: usize },
    #[error("vertex {vertex}: bone index {bone} is out of range ({bones} bones)")]
    WeightBone { vertex: usize, bone: usize, bones: usize },
    #[error("vertex {vertex}: unknown bone {name:?}")]
    WeightBoneName { vertex: usize, name: String },
    #[error("vertex {vertex}: bone {bone} is weighted twice")]
    DuplicateWeight { vertex: usize, bone: usize },
    #[error("vertex {vertex}: weight {weight} of bone {bone} is not finite")]
    WeightNonFinite { vertex: usize, bone: usize, weight: f64 },
    #[error("vertex {vertex}: weight {weight} of bone {bone} is negative")]
    WeightNegative { vertex: usize, bone: usize, weight: f64 },
    #[error(
        "vertex {vertex}: weights sum to {sum}, not 1 (tolerance {WEIGHT_SUM_TOLERANCE:e}; normalise them)"
    )]
    WeightSum { vertex: usize, sum: f64 },
    #[error("vertex {vertex}: weights sum to {sum}, cannot normalise")]
    WeightSumNotPositive { vertex: usize, sum: f64 },
    #[error("blendshape {target} has an empty name")]
    EmptyTargetName { target: usize },
    #[error("blendshape name {name:?} is used twice")]
    DuplicateTarget { name: String },
    #[error("blendshape {name:?} has {got} deltas for {n} vertices")]
    DeltaCount { name: String, got: usize, n: usize },
    #[error("blendshape {name:?} has {indices} indices but {deltas} deltas")]
    IndicesDeltas { name: String, indices: usize, deltas: usize },
    #[error("blendshape {name:?}: vertex index {index} is out of range ({n} vertices)")]
    DeltaIndex { name: String, index: usize, n: usize },
    #[error("blendshape {name:?}: vertex {index} appears twice")]
    DuplicateDeltaIndex { name: String, index: usize },
    #[error("blendshape {name:?}: vertex {vertex} has a non-finite delta {delta:?}")]
    DeltaNonFinite { name: String, vertex: usize, delta: [f64; 3] },
    #[error("{what} has {got} vertices but {expected} were expected")]
    VertexCount { what: String, got: usize, expected: usize },
    #[error("{got} parameters given, the rig has {expected}")]
    ParamCount { got: usize, expected: usize },
    #[error("rig file: {0}")]
    Json(String),
    #[error("{path}: {message}")]
    Io { path: String, message: String },
    #[error("rig file: give either \"parts\" or the shorthand \"rig\": \"affine\"")]
    RigFileShape,
    #[error("rig file: unknown shorthand {0:?} (only \"affine\")")]
    UnknownShorthand(String),
    #[error("animation: dt = {0} must be finite and > 0")]
    Dt(f64),
    #[error("animation has no frames")]
    NoFrames,
    #[error("animation frame {frame}: {message}")]
    Frame { frame: usize, message: String },
    #[error("animation frame {frame}: parameter {name} = {value} is not finite")]
    FrameNonFinite { frame: usize, name: String, value: f64 },
    #[error("animation frame {frame}: {got} parameters, the rig has {expected}")]
    FrameParamCount { frame: usize, got: usize, expected: usize },
}
