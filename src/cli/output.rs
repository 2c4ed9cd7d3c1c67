//! The tool's output side: the one error line on stderr, the bound on how much of the user's
//! input an error line quotes, the speed line on stderr, and the check that stdout is open at
//! all.

use std::io::{self, Write};
use std::time::Duration;

use dirgolem::Generator;

/// The most characters of the user's input an error line quotes; longer input is cut there
/// and marked with `...`, so that a 1 MB FEN gives a short error line, not a 1 MB one.
pub const QUOTE_LIMIT: usize = 80;

/// `text` as an error line quotes it: whole when at most [`QUOTE_LIMIT`] characters, else its
/// first [`QUOTE_LIMIT`] characters (cut between characters, never inside one) and `...`.
pub fn bounded(text: &str) -> String {
    match text.char_indices().nth(QUOTE_LIMIT) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}...", &text[..cut]),
    }
}

/// Writes the one error line; control characters from the user's input (a newline inside a
/// quoted FEN, say) are escaped so that it stays one line. A failing stderr cannot be reported
/// anywhere, so it is ignored.
pub fn report_error(message: &str) {
    let line: String = message
        .chars()
        .map(|c| {
            if c.is_control() {
                c.escape_debug().to_string()
            } else {
                c.to_string()
            }
        })
        .collect();
    let _ = writeln!(io::stderr(), "dirgolem: error: {line}");
}

/// `time 1.234 s, 96.5 Mnps, backend avx2` on stderr (ignored if stderr cannot be written).
pub fn report_speed(nodes: u64, elapsed: Duration, generator: &Generator) {
    let seconds = elapsed.as_secs_f64();
    let backend = generator.backend();
    let _ = if seconds > 0.0 {
        let mnps = nodes as f64 / seconds / 1e6;
        writeln!(
            io::stderr(),
            "time {seconds:.3} s, {mnps:.1} Mnps, backend {backend}"
        )
    } else {
        writeln!(io::stderr(), "time {seconds:.3} s, backend {backend}")
    };
}

/// Fails when the tool was started with stdout closed (`dirgolem perft 5 >&-`). The Rust
/// runtime reopens a closed stdout on `/dev/null` before `main` (so that no file opened later
/// takes its place), which makes every write succeed and the results vanish. That `/dev/null`
/// is opened for reading and writing, while a shell's `>/dev/null` opens it write-only: a
/// stdout that is `/dev/null` and can be read from was closed. A caller that opens `/dev/null`
/// for both itself (`1<>/dev/null`, Python's `subprocess.DEVNULL`) looks the same and is
/// refused too; the message says how to discard the output instead.
#[cfg(unix)]
pub fn check_stdout_is_open() -> io::Result<()> {
    use std::fs::File;
    use std::io::Read;
    use std::os::fd::AsFd;
    use std::os::unix::fs::{FileTypeExt, MetadataExt};

    let stdout = io::stdout();
    let Ok(fd) = stdout.as_fd().try_clone_to_owned() else {
        return Err(closed());
    };
    let mut file = File::from(fd);
    let (Ok(ours), Ok(null)) = (file.metadata(), std::fs::metadata("/dev/null")) else {
        return Ok(());
    };
    let is_null = ours.file_type().is_char_device() && ours.rdev() == null.rdev();
    if is_null && file.read(&mut [0u8; 1]).is_ok() {
        return Err(closed());
    }
    Ok(())
}

/// Other systems do not reopen a closed stdout; a write to it fails and is reported.
#[cfg(not(unix))]
pub fn check_stdout_is_open() -> io::Result<()> {
    Ok(())
}

#[cfg(unix)]
fn closed() -> io::Error {
    io::Error::other(
        "stdout is closed (or is /dev/null opened for reading too; to discard the output, \
         open it write-only, as >/dev/null does)",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_quoted_whole() {
        assert_eq!(bounded(""), "");
        let exact = "x".repeat(QUOTE_LIMIT);
        assert_eq!(bounded(&exact), exact);
    }

    #[test]
    fn long_text_is_cut_at_the_limit_between_characters() {
        let long = "é".repeat(QUOTE_LIMIT + 1);
        let quoted = bounded(&long);
        assert_eq!(quoted, format!("{}...", "é".repeat(QUOTE_LIMIT)));
        let mixed = format!("{}€€", "a".repeat(QUOTE_LIMIT - 1));
        assert_eq!(
            bounded(&mixed),
            format!("{}€...", "a".repeat(QUOTE_LIMIT - 1))
        );
    }
}
