//! The x86-64 backends: SSE2 (the architecture's baseline), AVX2 and AVX-512 (detected at run
//! time with `std`; without it, present when the build's target features promise them).

mod avx2;
mod avx512;
mod sse2;

pub use avx2::Avx2;
pub use avx512::Avx512;
pub use sse2::{Sse2, Sse2Popcnt};
