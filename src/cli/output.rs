//! The tool's output side: the one error line on stderr, the bound on how much of the user's
//! input an error line quotes, the speed line and the progress line on stderr, JSON strings,
//! and the check that stdout is open at all.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

use dirgolem::{Generator, Progress};

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

/// The progress of a long count on stderr, rewritten in place at most a few times a second,
/// and only while stderr is a terminal: scripts and perftree read clean output.
pub struct ProgressLine {
    start: Instant,
    last: Option<Instant>,
    enabled: bool,
}

/// How often the progress line is rewritten.
const PROGRESS_EVERY: Duration = Duration::from_millis(500);

impl ProgressLine {
    /// A progress line that shows when stderr is a terminal.
    pub fn new() -> ProgressLine {
        ProgressLine::shown_if(io::stderr().is_terminal())
    }

    /// A progress line that shows when `enabled`.
    pub fn shown_if(enabled: bool) -> ProgressLine {
        ProgressLine {
            start: Instant::now(),
            last: None,
            enabled,
        }
    }

    /// Whether anything will be shown.
    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// Rewrites the line if it is due.
    pub fn report(&mut self, p: Progress) {
        let now = Instant::now();
        // The first line waits too, so that a short count shows none.
        let due = now - self.last.unwrap_or(self.start) >= PROGRESS_EVERY;
        if !self.enabled || !due {
            return;
        }
        self.last = Some(now);
        let _ = write!(
            io::stderr(),
            "\r{}\x1b[K",
            progress_text(p, now - self.start)
        );
    }

    /// Clears the line, if one was written, so that the lines after it start clean.
    pub fn finish(&mut self) {
        if self.enabled && self.last.is_some() {
            let _ = write!(io::stderr(), "\r\x1b[K");
        }
    }
}

impl Default for ProgressLine {
    fn default() -> ProgressLine {
        ProgressLine::new()
    }
}

/// `12/20 root moves, 123456789 nodes, 95.1 Mnps, about 12 s left`: the time left assumes the
/// subtrees still to count are as big as those counted.
pub fn progress_text(p: Progress, elapsed: Duration) -> String {
    let seconds = elapsed.as_secs_f64().max(1e-9);
    let mnps = p.nodes as f64 / seconds / 1e6;
    let left = if p.subtrees_done == 0 {
        String::from("?")
    } else {
        let rest = (p.subtrees - p.subtrees_done) as f64 / p.subtrees_done as f64;
        format!("{:.0}", seconds * rest)
    };
    format!(
        "{}/{} root moves, {} nodes, {mnps:.1} Mnps, about {left} s left",
        p.roots_done, p.roots, p.nodes
    )
}

/// `text` as a JSON string, quotes included: `"` and `\` escaped, control characters as
/// `\uXXXX` (or their short forms).
pub fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
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
    fn json_strings_escape_quotes_backslashes_and_control_characters() {
        assert_eq!(json_string("Intel(R) Core"), "\"Intel(R) Core\"");
        assert_eq!(json_string("a\"b\\c"), "\"a\\\"b\\\\c\"");
        assert_eq!(json_string("x\ny\u{1}é"), "\"x\\ny\\u0001é\"");
    }

    #[test]
    fn progress_text_estimates_the_time_left_from_the_subtrees_done() {
        let p = Progress {
            roots_done: 5,
            roots: 20,
            subtrees_done: 100,
            subtrees: 400,
            nodes: 50_000_000,
        };
        assert_eq!(
            progress_text(p, Duration::from_secs(10)),
            "5/20 root moves, 50000000 nodes, 5.0 Mnps, about 30 s left"
        );
        let none = Progress {
            subtrees_done: 0,
            nodes: 0,
            ..p
        };
        assert!(progress_text(none, Duration::ZERO).ends_with("about ? s left"));
    }

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
