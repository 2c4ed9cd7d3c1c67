//! Placeholder: the slider-technique benchmark is being written.
fn main() {}
