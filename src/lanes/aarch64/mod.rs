//! The aarch64 backend: NEON.

mod neon;

pub use neon::Neon;
