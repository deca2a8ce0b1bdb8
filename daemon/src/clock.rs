//! Wall-clock time as used on the wire (defined by the protocol crate).

pub use avatar_schema::clock::unix_ns;
