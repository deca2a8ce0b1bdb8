//! Where the solver thread runs: its priority, and on Linux the core it is pinned to.
//!
//! - Windows: `THREAD_PRIORITY_HIGHEST`, no pinning (the scheduler moves a high-priority thread to a
//!   performance core on hybrid CPUs; a pinned thread could be stuck on an efficiency core).
//! - macOS: the `USER_INTERACTIVE` quality of service, which keeps the thread on performance cores on Apple
//!   silicon; macOS has no pinning.
//! - Linux: pinned to one core (the tick's cache stays warm and no other thread of ours migrates onto it): the
//!   highest-numbered core this process may use that is not an efficiency core (Intel's hybrid CPUs list those
//!   in `/sys/devices/cpu_atom/cpus`; ARM big.LITTLE ones have a lower `cpu_capacity`). An explicit core
//!   (`--core`) is used as given.

/// Raise the calling thread's priority (Windows), quality of service (macOS) or niceness (Linux, where the
/// user may); nothing elsewhere. Returns what was done, for the log.
pub fn raise_priority() -> Result<&'static str, String> {
    #[cfg(windows)]
    {
        use windows_sys::Win32::System::Threading::{
            GetCurrentThread, SetThreadPriority, THREAD_PRIORITY_HIGHEST,
        };
        // SAFETY: the pseudo-handle of the calling thread and an integer priority.
        if unsafe { SetThreadPriority(GetCurrentThread(), THREAD_PRIORITY_HIGHEST) } == 0 {
            return Err(std::io::Error::last_os_error().to_string());
        }
        Ok("thread priority HIGHEST")
    }
    #[cfg(target_vendor = "apple")]
    {
        // SAFETY: sets the calling thread's own QoS class; no pointers.
        let r =
            unsafe { libc::pthread_set_qos_class_self_np(libc::qos_class_t::QOS_CLASS_USER_INTERACTIVE, 0) };
        if r != 0 {
            return Err(std::io::Error::from_raw_os_error(r).to_string());
        }
        Ok("QoS USER_INTERACTIVE")
    }
    #[cfg(target_os = "linux")]
    {
        // a nicer-than-default value for this thread only (Linux niceness is per thread): allowed to a user
        // with CAP_SYS_NICE or an RLIMIT_NICE above 20 (PAM's limits.conf, rtkit-managed desktops); else the
        // default priority, said in the log
        for nice in [-10, -5, -1] {
            // SAFETY: plain integers; the calling thread's id.
            let r = unsafe { libc::setpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t, nice) };
            if r == 0 {
                return Ok(match nice {
                    -10 => "nice -10",
                    -5 => "nice -5",
                    _ => "nice -1",
                });
            }
        }
        Err(format!(
            "{} (a user without CAP_SYS_NICE or an RLIMIT_NICE over 20 may not; the solver runs at the default \
             priority: its misses and pauses are counted, solver.missed_ticks and publish.pauses)",
            std::io::Error::last_os_error()
        ))
    }
    #[cfg(not(any(windows, target_vendor = "apple", target_os = "linux")))]
    Ok("default priority")
}

/// The core to pin the solver thread to: `explicit` if given; else, on Linux, the highest-numbered core this
/// process may run on that is not an efficiency core, when there are at least two such cores (pinning the
/// only core would take it from everything else); else none.
pub fn choose_core(explicit: Option<usize>) -> Option<usize> {
    if explicit.is_some() {
        return explicit;
    }
    #[cfg(target_os = "linux")]
    {
        let allowed = linux::allowed_cores()?;
        let efficiency = linux::efficiency_cores(&allowed);
        pick_core(&allowed, &efficiency)
    }
    #[cfg(not(target_os = "linux"))]
    None
}

/// The pick of [`choose_core`] on Linux (tested on every OS), given the cores allowed and the efficiency cores among them.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn pick_core(allowed: &[usize], efficiency: &[usize]) -> Option<usize> {
    let performance: Vec<usize> = allowed.iter().copied().filter(|c| !efficiency.contains(c)).collect();
    (performance.len() >= 2).then(|| *performance.iter().max().unwrap())
}

/// A Linux CPU list (`0-3,8,10-11`, as in `/sys/devices/cpu_atom/cpus`); `None` if malformed.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn parse_cpu_list(text: &str) -> Option<Vec<usize>> {
    let mut out = Vec::new();
    for part in text.trim().split(',').filter(|p| !p.is_empty()) {
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b): (usize, usize) = (a.parse().ok()?, b.parse().ok()?);
                if b < a || b - a > 4096 {
                    return None;
                }
                out.extend(a..=b);
            }
            None => out.push(part.parse().ok()?),
        }
    }
    Some(out)
}

/// Pin the calling thread to `core` (Linux); elsewhere an error saying so.
pub fn pin_to_core(core: usize) -> Result<(), String> {
    #[cfg(target_os = "linux")]
    {
        linux::pin(core)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = core;
        Err("thread pinning is only done on Linux".into())
    }
}

#[cfg(target_os = "linux")]
mod linux {
    /// The cores this process may run on (its affinity mask).
    pub fn allowed_cores() -> Option<Vec<usize>> {
        // SAFETY: cpu_set_t is plain data; sched_getaffinity writes inside it for the calling thread (pid 0).
        unsafe {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            if libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) != 0 {
                return None;
            }
            Some((0..libc::CPU_SETSIZE as usize).filter(|&c| libc::CPU_ISSET(c, &set)).collect())
        }
    }

    /// The efficiency cores among `cores`: Intel hybrid CPUs' atom cores, or cores with less than the
    /// largest `cpu_capacity` (ARM big.LITTLE). Unreadable files mean none.
    pub fn efficiency_cores(cores: &[usize]) -> Vec<usize> {
        let read = |p: &str| std::fs::read_to_string(p).ok();
        if let Some(atoms) = read("/sys/devices/cpu_atom/cpus").and_then(|t| super::parse_cpu_list(&t)) {
            return atoms;
        }
        let capacity = |c: usize| {
            read(&format!("/sys/devices/system/cpu/cpu{c}/cpu_capacity"))
                .and_then(|t| t.trim().parse::<u32>().ok())
        };
        let caps: Vec<(usize, u32)> = cores.iter().filter_map(|&c| Some((c, capacity(c)?))).collect();
        let max = caps.iter().map(|&(_, k)| k).max().unwrap_or(0);
        caps.into_iter().filter(|&(_, k)| k < max).map(|(c, _)| c).collect()
    }

    pub fn pin(core: usize) -> Result<(), String> {
        // SAFETY: as above; sched_setaffinity reads the set for the calling thread.
        unsafe {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            libc::CPU_ZERO(&mut set);
            if core >= libc::CPU_SETSIZE as usize {
                return Err(format!("core {core} is beyond CPU_SETSIZE"));
            }
            libc::CPU_SET(core, &mut set);
            if libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) != 0 {
                return Err(std::io::Error::last_os_error().to_string());
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_lists_parse_as_linux_writes_them() {
        assert_eq!(parse_cpu_list("0-3,8,10-11\n"), Some(vec![0, 1, 2, 3, 8, 10, 11]));
        assert_eq!(parse_cpu_list("16-23"), Some((16..=23).collect()));
        assert_eq!(parse_cpu_list(""), Some(vec![]));
        assert_eq!(parse_cpu_list("3-1"), None);
        assert_eq!(parse_cpu_list("a"), None);
    }

    #[test]
    fn never_an_efficiency_core_and_never_the_only_core() {
        // i7-12700: P-cores 0-15 (hyper-threaded), E-cores 16-19: the highest-numbered core is an E-core.
        let all: Vec<usize> = (0..20).collect();
        let e: Vec<usize> = (16..20).collect();
        assert_eq!(pick_core(&all, &e), Some(15));
        // a container limited to some cores: one of those
        assert_eq!(pick_core(&[2, 5, 17], &e), Some(5));
        // one performance core left: not pinned
        assert_eq!(pick_core(&[3, 16, 17], &e), None);
        assert_eq!(pick_core(&[0], &[]), None);
        // no hybrid CPU: the last core, as before
        assert_eq!(pick_core(&[0, 1], &[]), Some(1));
    }

    #[test]
    fn an_explicit_core_is_kept() {
        assert_eq!(choose_core(Some(0)), Some(0));
    }

    #[test]
    fn this_machine_gets_an_allowed_core_or_none() {
        let c = choose_core(None);
        if cfg!(target_os = "linux") && std::thread::available_parallelism().map_or(1, |n| n.get()) >= 2 {
            assert!(c.is_some(), "two or more cores but none chosen");
        }
        assert!(raise_priority().is_ok());
    }
}
