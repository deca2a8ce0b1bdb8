//! Encode -> decode is the identity on every sample message, and the canonical JSON form round-trips too.

use avatar_schema::{decode, encode, samples, Encoder, Message};

#[test]
fn every_sample_round_trips_through_flatbuffers() {
    let mut enc = Encoder::new();
    for msg in samples::all() {
        let bytes = enc.encode(&msg).to_vec();
        assert_eq!(&bytes[4..8], b"AVTR", "{}", msg.kind());
        let back = decode(&bytes).unwrap_or_else(|e| panic!("{}: {e}", msg.kind()));
        assert_eq!(back, msg);
        // a fresh encoder gives the same bytes as the reused one
        assert_eq!(encode(&msg), bytes);
    }
}

#[test]
fn every_sample_round_trips_through_json() {
    for msg in samples::all() {
        let text = serde_json::to_string(&msg).unwrap();
        let back: Message = serde_json::from_str(&text).unwrap();
        assert_eq!(back, msg, "{text}");
    }
}

/// `schema/testdata/samples.json` is the committed canonical JSON of `samples::all()`, read by the Python
/// package's own tests. This keeps it current: set AVATAR_BLESS=1 to rewrite it after changing the samples.
#[test]
fn committed_json_samples_are_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/samples.json");
    let text = serde_json::to_string_pretty(&samples::all()).unwrap() + "\n";
    if std::env::var_os("AVATAR_BLESS").is_some() {
        std::fs::write(path, &text).unwrap();
    }
    let committed =
        std::fs::read_to_string(path).expect("schema/testdata/samples.json (AVATAR_BLESS=1 writes it)");
    assert!(committed == text, "schema/testdata/samples.json is stale; rerun with AVATAR_BLESS=1");
}
