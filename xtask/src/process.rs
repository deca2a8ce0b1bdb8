//! Starting the tools the tasks call (python, pip, npm, flatc, cargo) and turning "could not start" and "exited
//! with N" into one message and one exit code, so that each task reads as the list of steps it is.

use std::io::{self, Read, Write};
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};

/// Why a task stopped: the message goes to stderr, the code is `cargo xtask`'s exit status.
#[derive(Debug)]
pub struct Failure {
    pub code: u8,
    pub message: String,
}

impl Failure {
    /// Something to install or set up first (exit 2, as the bash scripts had it): the message says what.
    pub fn setup(message: impl Into<String>) -> Self {
        Failure { code: 2, message: message.into() }
    }

    /// A check that found a problem in the tree (exit 1).
    pub fn check(message: impl Into<String>) -> Self {
        Failure { code: 1, message: message.into() }
    }

    /// A file-system operation of our own failed; there is nothing to install, so the OS's reason is all we can
    /// give, with the path.
    pub fn io(what: &str, path: &Path, e: io::Error) -> Self {
        Failure { code: 1, message: format!("xtask: {what} {}: {e}", path.display()) }
    }
}

pub type Result<T = ()> = std::result::Result<T, Failure>;

/// `cargo`, the one that runs us when there is one (`cargo xtask` sets `CARGO`), so that a toolchain override
/// (`cargo +nightly xtask test`) reaches the nested `cargo test` too.
pub fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// The command line as one would type it, for messages: the program by its name only (`cargo test ...`, not
/// the toolchain's full path), since its output just above says the rest.
pub fn describe(cmd: &Command) -> String {
    let program = Path::new(cmd.get_program());
    let mut s = program.file_name().unwrap_or(program.as_os_str()).to_string_lossy().into_owned();
    for a in cmd.get_args() {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    s
}

fn not_started(cmd: &Command, e: io::Error) -> Failure {
    let program = cmd.get_program().to_string_lossy();
    if e.kind() == io::ErrorKind::NotFound {
        Failure::setup(format!("xtask: `{program}` not found: install it or put it on PATH"))
    } else {
        Failure::setup(format!("xtask: could not start `{program}`: {e}"))
    }
}

fn check_status(shown: &str, status: ExitStatus) -> Result {
    if status.success() {
        return Ok(());
    }
    // End with the tool's own code, as `set -e` did, so that whatever runs us (CI) sees cargo's 101 or pytest's
    // 1; a code that does not fit a byte (or a signal) becomes 1 rather than a false 0.
    let code = status.code().map(|c| c as u8).filter(|&c| c != 0).unwrap_or(1);
    Err(Failure { code, message: format!("xtask: `{shown}` failed ({status})") })
}

/// Runs to the end with the terminal as its stdin, stdout and stderr.
pub fn run(cmd: &mut Command) -> Result {
    let status = cmd.status().map_err(|e| not_started(cmd, e))?;
    check_status(&describe(cmd), status)
}

/// Runs to the end and returns its stdout (stderr still reaches the terminal, for the tool's own complaints).
pub fn stdout_of(cmd: &mut Command) -> Result<String> {
    let out = cmd.stderr(Stdio::inherit()).output().map_err(|e| not_started(cmd, e))?;
    check_status(&describe(cmd), out.status)?;
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Its stdout if it starts and succeeds, else `None`, quietly: for asking whether a tool is there and which
/// version it is, where "no" is an answer and not an error.
pub fn probe(cmd: &mut Command) -> Option<String> {
    let out = cmd.stdin(Stdio::null()).stderr(Stdio::null()).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Runs with stdout and stderr merged into one pipe (`2>&1 | tee`): every byte is shown on our stdout as it
/// comes, and every complete line (without its `\n` or `\r\n`) is handed to `on_line`. One pipe for both
/// streams keeps the child's own order of lines, which two pipes read by two threads would not, and needs no
/// thread.
pub fn run_tee(cmd: Command, on_line: &mut dyn FnMut(&str)) -> Result {
    tee_into(cmd, &mut io::stdout(), on_line)
}

/// [`run_tee`] showing the output on `shown_on`. Takes the command by value: it holds the pipe's write ends,
/// and the read only ends once they are all closed.
fn tee_into(mut cmd: Command, shown_on: &mut dyn Write, on_line: &mut dyn FnMut(&str)) -> Result {
    let no_pipe = |cmd: &Command, e| Failure::setup(format!("xtask: no pipe for `{}`: {e}", describe(cmd)));
    let (mut reader, writer) = io::pipe().map_err(|e| no_pipe(&cmd, e))?;
    let writer2 = writer.try_clone().map_err(|e| no_pipe(&cmd, e))?;
    cmd.stdout(writer2).stderr(writer);
    let mut child = cmd.spawn().map_err(|e| not_started(&cmd, e))?;
    let shown = describe(&cmd);
    drop(cmd);
    let mut lines = LineSplitter::default();
    let mut buf = [0u8; 16 * 1024];
    loop {
        match reader.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                // A closed stdout (`| head`) must not stop the child half-way: keep reading, stop showing.
                let _ = shown_on.write_all(&buf[..n]).and_then(|()| shown_on.flush());
                lines.push(&buf[..n], on_line);
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => {
                let _ = child.kill();
                return Err(Failure::check(format!("xtask: reading the output of `{shown}`: {e}")));
            }
        }
    }
    lines.finish(on_line);
    let status = child.wait().map_err(|e| Failure::check(format!("xtask: waiting for `{shown}`: {e}")))?;
    check_status(&shown, status)
}

/// Cuts a byte stream into lines across read boundaries.
#[derive(Default)]
struct LineSplitter {
    partial: Vec<u8>,
}

impl LineSplitter {
    fn push(&mut self, bytes: &[u8], on_line: &mut dyn FnMut(&str)) {
        for &b in bytes {
            if b == b'\n' {
                self.emit(on_line);
            } else {
                self.partial.push(b);
            }
        }
    }

    fn finish(&mut self, on_line: &mut dyn FnMut(&str)) {
        if !self.partial.is_empty() {
            self.emit(on_line);
        }
    }

    fn emit(&mut self, on_line: &mut dyn FnMut(&str)) {
        let line = String::from_utf8_lossy(&self.partial);
        on_line(line.strip_suffix('\r').unwrap_or(&line));
        self.partial.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(chunks: &[&str]) -> Vec<String> {
        let mut got = Vec::new();
        let mut s = LineSplitter::default();
        for c in chunks {
            s.push(c.as_bytes(), &mut |l| got.push(l.to_string()));
        }
        s.finish(&mut |l| got.push(l.to_string()));
        got
    }

    #[test]
    fn lines_are_whole_across_reads_and_lose_their_line_ends() {
        assert_eq!(
            split(&["test result: ok. 3 pa", "ssed; 0 failed\r\n# pass 2\n", "tail"]),
            ["test result: ok. 3 passed; 0 failed", "# pass 2", "tail"]
        );
        assert_eq!(split(&["a\n\nb\n"]), ["a", "", "b"]);
    }

    /// Only a child process of the next test: this test binary run again with `XTASK_TEE_CHILD` set, writing
    /// to both streams and ending with exit code 3. Run alone, it does nothing.
    #[test]
    fn tee_child() {
        if std::env::var_os("XTASK_TEE_CHILD").is_none() {
            return;
        }
        for i in 0..3 {
            println!("out {i}");
            eprintln!("err {i}");
        }
        std::process::exit(3);
    }

    #[test]
    fn tee_hands_over_both_streams_in_order_and_the_exit_code() {
        let mut child = Command::new(std::env::current_exe().unwrap());
        child.args(["--exact", "process::tests::tee_child", "--nocapture"]).env("XTASK_TEE_CHILD", "1");
        let (mut shown, mut lines) = (Vec::new(), Vec::new());
        let failure = tee_into(child, &mut shown, &mut |l| lines.push(l.to_string())).unwrap_err();
        assert_eq!(failure.code, 3, "{}", failure.message);
        let ours: Vec<&String> =
            lines.iter().filter(|l| l.starts_with("out ") || l.starts_with("err ")).collect();
        assert_eq!(ours, ["out 0", "err 0", "out 1", "err 1", "out 2", "err 2"]);
        let shown = String::from_utf8(shown).unwrap();
        assert!(shown.contains("out 0") && shown.contains("err 2"), "{shown}");
    }
}
