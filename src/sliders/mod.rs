//! Scalar sliding-attack techniques from the seeds, as oracles and benchmarks. (Being written.)
