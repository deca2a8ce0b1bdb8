//! Wall-clock time as used on the wire: nanoseconds since the UNIX epoch (CLOCK_REALTIME).

/// Current UNIX time in nanoseconds.
pub fn unix_ns() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as i64)
        .unwrap_or(0)
}
