//! The browser viewer's files, which the web output serves at `/`: the bundle committed in `viewer/dist`,
//! embedded in the binary (rust-embed, in debug builds too), so that an installed `avatard` serves the viewer
//! from any folder with no Node; or, for viewer development, a folder on disk (`--web-root DIR`, else
//! `$AVATARD_WEB_ROOT`) served as it changes. `cargo xtask build-viewer --check` keeps the committed bundle equal
//! to what viewer/src builds.

use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use std::path::PathBuf;

/// `viewer/dist`, as built and committed.
#[derive(rust_embed::RustEmbed)]
#[folder = "../viewer/dist/"]
struct Bundle;

/// Where the viewer's files come from.
#[derive(Clone, Debug, PartialEq)]
pub enum ViewerFiles {
    /// The bundle inside this binary.
    Embedded,
    /// A built viewer folder on disk (`--web-root`, `$AVATARD_WEB_ROOT`).
    Dir(PathBuf),
}

impl ViewerFiles {
    /// The folder given (`--web-root`), else `$AVATARD_WEB_ROOT` when set and not empty, else the embedded
    /// bundle.
    pub fn choose(root: Option<PathBuf>) -> Self {
        let from_env = std::env::var_os("AVATARD_WEB_ROOT").filter(|v| !v.is_empty()).map(PathBuf::from);
        match root.or(from_env) {
            Some(dir) => ViewerFiles::Dir(dir),
            None => ViewerFiles::Embedded,
        }
    }
}

/// `GET /<file>` from the embedded bundle (`/` and folders: their `index.html`), with its MIME type and an ETag
/// (the file's SHA-256), answering 304 to a matching `If-None-Match`; 404 for any other path.
pub async fn embedded(uri: Uri, headers: HeaderMap) -> Response {
    let mut path = uri.path().trim_start_matches('/').to_owned();
    if path.is_empty() || path.ends_with('/') {
        path.push_str("index.html");
    }
    let Some(file) = Bundle::get(&path) else {
        return (StatusCode::NOT_FOUND, format!("no file /{path} in the viewer\n")).into_response();
    };
    let tag = format!("\"{}\"", hex(&file.metadata.sha256_hash()));
    let etag = HeaderValue::from_str(&tag).expect("hex is a valid header value");
    let cache = (header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if headers.get(header::IF_NONE_MATCH).is_some_and(|v| v.as_bytes() == tag.as_bytes()) {
        return (StatusCode::NOT_MODIFIED, [(header::ETAG, etag), cache]).into_response();
    }
    let mime = HeaderValue::from_str(file.metadata.mimetype())
        .unwrap_or(HeaderValue::from_static("application/octet-stream"));
    ([(header::CONTENT_TYPE, mime), (header::ETAG, etag), cache], file.data.into_owned()).into_response()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::to_bytes;

    async fn get(path: &str, if_none_match: Option<&str>) -> (StatusCode, HeaderMap, Vec<u8>) {
        let mut headers = HeaderMap::new();
        if let Some(tag) = if_none_match {
            headers.insert(header::IF_NONE_MATCH, tag.parse().unwrap());
        }
        let r = embedded(path.parse().unwrap(), headers).await;
        let (parts, body) = r.into_parts();
        (parts.status, parts.headers, to_bytes(body, usize::MAX).await.unwrap().to_vec())
    }

    /// The files a browser gets are the committed bundle's, byte for byte, with the types a browser needs to run
    /// them (a module script served as text/plain is refused).
    #[tokio::test]
    async fn the_embedded_viewer_is_the_committed_bundle() {
        let dist = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../viewer/dist"));
        let mut on_disk: Vec<String> = std::fs::read_dir(&dist)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        on_disk.sort();
        let mut names: Vec<String> = Bundle::iter().map(|n| n.into_owned()).collect();
        names.sort();
        assert_eq!(names, on_disk);
        for (path, file, mime) in [
            ("/", "index.html", "text/html"),
            ("/index.html", "index.html", "text/html"),
            ("/viewer.js", "viewer.js", "text/javascript"),
            ("/wire-worker.js", "wire-worker.js", "text/javascript"),
        ] {
            let (status, headers, body) = get(path, None).await;
            assert_eq!(status, StatusCode::OK, "{path}");
            assert_eq!(body, std::fs::read(dist.join(file)).unwrap(), "{path}");
            assert_eq!(headers[header::CONTENT_TYPE], mime, "{path}");
        }
    }

    #[tokio::test]
    async fn unknown_paths_are_404_and_a_known_etag_is_304() {
        for path in ["/nope.js", "/../Cargo.toml", "/dist/index.html", "/index.html/"] {
            assert_eq!(get(path, None).await.0, StatusCode::NOT_FOUND, "{path}");
        }
        let (_, headers, _) = get("/viewer.js", None).await;
        let tag = headers[header::ETAG].to_str().unwrap().to_owned();
        let (status, _, body) = get("/viewer.js", Some(&tag)).await;
        assert_eq!((status, body.len()), (StatusCode::NOT_MODIFIED, 0));
        // another file's tag is not a match
        let (status, _, _) = get("/index.html", Some(&tag)).await;
        assert_eq!(status, StatusCode::OK);
    }

    #[test]
    fn a_folder_given_or_in_the_environment_wins_over_the_embedded_files() {
        assert_eq!(ViewerFiles::choose(Some("x".into())), ViewerFiles::Dir("x".into()));
    }
}
