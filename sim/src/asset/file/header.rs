//! The file's 48-byte header: magic, format version, reserved, SHA-256 of the payload (the content hash).

use super::{hex, AssetError, AssetHash};
use sha2::{Digest, Sha256};

pub const MAGIC: &[u8; 8] = b"AVTRASET";
/// 5: the reduced constraint `reduced.constraint` (issue 35), which a version-4 reader would silently ignore;
/// 6: the held part of the flesh `held.{j}.*` (issue 53), likewise; 7: MToon in the materials (issue 55), which a
/// version-6 reader would refuse as an unknown field.
pub const FORMAT_VERSION: u32 = 7;
/// The oldest version this build reads (3: before spring bones, read as an asset without them).
pub const OLDEST_READABLE_VERSION: u32 = 3;
pub(super) const HEADER_LEN: usize = 48;

/// The file's bytes for `payload` (header, then payload) and its content hash.
pub(super) fn seal(payload: &[u8]) -> (Vec<u8>, AssetHash) {
    let hash: AssetHash = Sha256::digest(payload).into();
    let mut out = Vec::with_capacity(HEADER_LEN + payload.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&0u32.to_le_bytes());
    out.extend_from_slice(&hash);
    out.extend_from_slice(payload);
    (out, hash)
}

/// The payload of a file's bytes and its content hash, after checking, in order, the length, the magic, the
/// version and the checksum.
pub(super) fn open(bytes: &[u8]) -> Result<(&[u8], AssetHash), AssetError> {
    if bytes.len() < HEADER_LEN {
        return Err(AssetError::Truncated(bytes.len()));
    }
    if &bytes[..8] != MAGIC {
        return Err(AssetError::Magic);
    }
    let found = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
    if !(OLDEST_READABLE_VERSION..=FORMAT_VERSION).contains(&found) {
        return Err(AssetError::Version { found });
    }
    let expected: AssetHash = bytes[16..48].try_into().expect("32 bytes");
    let payload = &bytes[HEADER_LEN..];
    let hash: AssetHash = Sha256::digest(payload).into();
    if hash != expected {
        return Err(AssetError::Checksum { expected: hex(&expected), found: hex(&hash) });
    }
    Ok((payload, hash))
}
