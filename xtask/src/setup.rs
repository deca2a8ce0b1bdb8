//! `setup [venv|node|tracker]`: what the tests need besides Rust, each part idempotent and quick when nothing
//! changed. Without a part, all three in the order `test` runs them.

use std::path::Path;

use crate::process::Result;
use crate::{node, tracker, venv};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The Python venv (`.venv`).
    Venv,
    /// The VRM checker's npm packages.
    Node,
    /// MediaPipe and its models, in the venv (made first if needed).
    Tracker,
}

impl Part {
    pub fn parse(name: &str) -> Option<Part> {
        match name {
            "venv" => Some(Part::Venv),
            "node" => Some(Part::Node),
            "tracker" => Some(Part::Tracker),
            _ => None,
        }
    }
}

pub fn run(root: &Path, part: Option<Part>) -> Result {
    match part {
        None => {
            venv::setup(root)?;
            node::setup(root)?;
            tracker::setup(root)
        }
        Some(Part::Venv) => venv::setup(root),
        Some(Part::Node) => node::setup(root),
        Some(Part::Tracker) => {
            venv::setup(root)?;
            tracker::setup(root)
        }
    }
}
