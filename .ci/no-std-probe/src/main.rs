//! Uses what dirgolem promises without std or an allocator (FEN reading, FEN writing into a
//! buffer and through `Display`, move lists, counting, UCI moves in and out, making moves,
//! perft, divide, typed errors written into a buffer, backend detection) and exits with status 0 when every answer is right, else
//! with the number of the first wrong check.
//!
//! Built for `x86_64-unknown-none` it is itself `no_std`, without an allocator, and runs on
//! x86-64 Linux as a bare static executable. Built for the host it is an ordinary program on
//! dirgolem built without std, so that the vector backends the build's target features
//! promise (SSE2, or AVX2 with `-C target-feature`) run without std too.
#![cfg_attr(target_os = "none", no_std, no_main)]

use core::fmt::{self, Write};
use core::hint::black_box;
use core::ops::ControlFlow;

use dirgolem::{Backend, CastlingMode, Generator, Position, SliceWriter, divide_each, perft};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const CASTLED: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1";

/// Whether `value` prints as `expected`, written into a fixed buffer (what a program without
/// an allocator has).
fn prints_as(value: impl fmt::Display, expected: &str) -> bool {
    let mut buf = [0u8; 128];
    let mut out = SliceWriter::new(&mut buf);
    // The writer never fails; a text longer than the buffer is cut and compares unequal.
    let _ = write!(out, "{value}");
    out.as_str() == expected && out.finish().is_ok()
}

/// The number of the first check that fails, or 0.
fn run() -> u8 {
    let Ok(kiwipete) = Position::from_fen(black_box(KIWIPETE)) else {
        return 1;
    };
    if perft(&kiwipete, 3) != 97_862 {
        return 2;
    }
    if kiwipete.legal_moves().len() != 48 || kiwipete.count_legal() != 48 {
        return 3;
    }
    let mut buf = [0u8; Position::MAX_FEN_LEN];
    match kiwipete.write_fen(&mut buf) {
        Ok(len) if &buf[..len] == KIWIPETE.as_bytes() => {}
        _ => return 4,
    }
    let Ok(castle) = kiwipete.parse_uci(black_box("e1g1")) else {
        return 5;
    };
    if kiwipete.uci_text(castle) != "e1g1" || castle.uci_text(CastlingMode::Chess960) != "e1h1" {
        return 5;
    }
    let castled = kiwipete.play_unchecked(castle);
    if !prints_as(castled, CASTLED) {
        return 6;
    }
    let Err(bad_turn) = Position::from_fen(black_box("8/8/8/8/8/8/8/8 x - - 0 1")) else {
        return 7;
    };
    if !prints_as(bad_turn, "invalid side to move \"x\" (expected 'w' or 'b')") {
        return 7;
    }
    let mut total = 0;
    let _: ControlFlow<()> = divide_each(&Generator::detect(), &kiwipete, 2, |_, nodes| {
        total += nodes;
        ControlFlow::Continue(())
    });
    if total != 2039 {
        return 8;
    }
    if Generator::new(Backend::Scalar).map(|g| g.perft(&castled, 2)) != Ok(perft(&castled, 2)) {
        return 9;
    }
    if Generator::detect().backend() != promised_backend() {
        return 10;
    }
    0
}

/// The backend detection must pick without std: the fastest one the build's target features
/// promise.
fn promised_backend() -> Backend {
    if cfg!(all(
        target_arch = "x86_64",
        target_feature = "avx512f",
        target_feature = "avx512bw",
        target_feature = "avx512dq",
        target_feature = "avx512vl",
        target_feature = "avx512cd",
        target_feature = "avx2",
        target_feature = "popcnt",
        target_feature = "bmi1",
        target_feature = "bmi2",
        target_feature = "lzcnt"
    )) {
        Backend::Avx512
    } else if cfg!(all(
        target_arch = "x86_64",
        target_feature = "avx2",
        target_feature = "popcnt",
        target_feature = "bmi1",
        target_feature = "bmi2",
        target_feature = "lzcnt"
    )) {
        Backend::Avx2
    } else if cfg!(all(target_arch = "x86_64", target_feature = "sse2")) {
        Backend::Sse2
    } else {
        Backend::Scalar
    }
}

/// Ends the process with `status` (the Linux `exit_group` system call): the probe runs as a
/// static executable on x86-64 Linux, with nothing else to return to.
#[cfg(target_os = "none")]
fn exit(status: u8) -> ! {
    // SAFETY: `exit_group` (231) takes one integer and does not return; it touches no memory
    // of this program.
    unsafe {
        core::arch::asm!("syscall", in("rax") 231, in("rdi") u64::from(status), options(noreturn));
    }
}

/// The entry point the linker looks for (there is no C runtime to call `main`).
#[cfg(target_os = "none")]
#[unsafe(no_mangle)]
extern "C" fn _start() -> ! {
    exit(run())
}

#[cfg(target_os = "none")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    exit(101)
}

#[cfg(not(target_os = "none"))]
fn main() {
    let status = run();
    println!(
        "{} (backend {})",
        if status == 0 { "ok" } else { "wrong" },
        Generator::detect().backend()
    );
    std::process::exit(i32::from(status));
}
