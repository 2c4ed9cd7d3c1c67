//! The layer above [`crate::lanes`] (vectors) and [`crate::golem`] (the pipeline on them and the
//! board): each backend's entry points, the pipeline instantiated inside functions compiled for
//! the backend's instructions; the run-time choice among them ([`Generator`], [`Backend`]); and
//! the legal-move calls of `Position` that go through that choice.

mod entry;
mod generator;
mod position_moves;
#[cfg(all(test, target_arch = "x86_64", target_feature = "sse2"))]
mod sse2_variants_tests;

pub use generator::{Backend, BackendError, Generator};
