//! The payload's metadata: JSON under the safetensors `__metadata__` key `avatar` (settings, rigs, source,
//! and the settings of the flesh data, the looks' materials and images, the expressions).

use super::Source;
use crate::asset::expressions::Expression;
use crate::asset::looks::{Looks, SurfaceMaterial};
use crate::flesh::solve::FleshParts;
use crate::precompute::PrecomputeSettings;
use crate::spring::SpringModel;
use serde::{Deserialize, Serialize};

/// Metadata stored as JSON in the payload.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Meta {
    pub(super) settings: PrecomputeSettings,
    pub(super) rig: String,
    pub(super) render_rig: String,
    pub(super) constraint_rank: usize,
    pub(super) source: Source,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) flesh: Option<FleshMeta>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) looks: Option<LooksMeta>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(super) expressions: Vec<Expression>,
    #[serde(default, skip_serializing_if = "SpringModel::is_empty")]
    pub(super) springs: SpringModel,
}

/// The looks' materials and image descriptions, in the metadata (UVs, triangle materials and image bytes
/// are tensors).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct LooksMeta {
    pub(super) uv: bool,
    pub(super) materials: Vec<SurfaceMaterial>,
    pub(super) images: Vec<ImageMeta>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ImageMeta {
    pub(super) mime: String,
    pub(super) width: u32,
    pub(super) height: u32,
}

/// The flesh data's settings, in the metadata.
#[derive(Clone, Copy, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FleshMeta {
    pub(super) core_fraction: f64,
    pub(super) min_weight: f64,
    pub(super) min_per_region: usize,
    pub(super) depth: usize,
    pub(super) compensate: bool,
    pub(super) colours: usize,
    pub(super) shift: f64,
}

impl LooksMeta {
    /// The metadata of `looks` (`None`: no looks).
    pub(super) fn of(looks: &Looks) -> Option<LooksMeta> {
        (!looks.is_empty()).then(|| LooksMeta {
            uv: !looks.uv.is_empty(),
            materials: looks.materials.clone(),
            images: looks
                .images
                .iter()
                .map(|i| ImageMeta { mime: i.mime.clone(), width: i.width, height: i.height })
                .collect(),
        })
    }
}

impl FleshMeta {
    pub(super) fn of(f: &FleshParts) -> FleshMeta {
        FleshMeta {
            core_fraction: f.constraints.core_fraction,
            min_weight: f.constraints.min_weight,
            min_per_region: f.constraints.min_per_region,
            depth: f.preconditioner.depth,
            compensate: f.preconditioner.compensate,
            colours: f.colours,
            shift: f.factor.shift,
        }
    }
}
