//! The layer above [`crate::lanes`] (vectors) and [`crate::golem`] (the pipeline on them and the
//! board): each backend's entry points, the pipeline instantiated inside functions compiled for
//! the backend's instructions; the run-time choice among them ([`Generator`], [`Backend`]); and
//! the legal-move calls of `Position` that go through that choice.

mod entry;
mod generator;
mod position_moves;

pub use generator::{Backend, BackendError, Generator};
