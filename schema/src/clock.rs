//! The wire protocol's clock: nanoseconds since the UNIX epoch (CLOCK_REALTIME), as in every `*_time_ns` field.

/// Current UNIX time in nanoseconds (0 if the system clock is before 1970).
pub fn unix_ns() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as i64)
        .unwrap_or(0)
}
