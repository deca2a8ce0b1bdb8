//! The one line `test` ends with, `total: N passed, M failed`, summed over every test runner's own summary
//! lines: cargo's `test result: ok. N passed; M failed; ...`, pytest's `[M failed, ]N passed[, ...] in 1.23s`
//! and node:test's `# pass N` / `# fail M`. The rules are those of the awk program tools/test had, quirks
//! included (a pytest summary without " passed", such as `2 failed in 0.3s`, counts nothing), so that the totals
//! are the same numbers as before.

use std::fmt;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    pub passed: u64,
    pub failed: u64,
}

impl Totals {
    pub fn add_line(&mut self, line: &str) {
        if let Some(n) = node_count(line, "# pass ") {
            self.passed += n;
        } else if let Some(n) = node_count(line, "# fail ") {
            self.failed += n;
        } else if line.starts_with("test result:") || is_pytest_summary(line) {
            self.add_counted_words(line);
        }
    }

    /// Each word that starts with `passed` or `failed` adds the number in the word before it (awk's
    /// `$(i-1)`: its leading digits, 0 if none).
    fn add_counted_words(&mut self, line: &str) {
        let words: Vec<&str> = line.split_whitespace().collect();
        for (i, w) in words.iter().enumerate() {
            let before = if i == 0 { 0 } else { leading_number(words[i - 1]) };
            if w.starts_with("passed") {
                self.passed += before;
            }
            if w.starts_with("failed") {
                self.failed += before;
            }
        }
    }
}

impl fmt::Display for Totals {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "total: {} passed, {} failed", self.passed, self.failed)
    }
}

/// `# pass 12` (the whole line) -> 12.
fn node_count(line: &str, prefix: &str) -> Option<u64> {
    let digits = line.strip_prefix(prefix)?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// awk's `/ passed.* in [0-9.]+s/`: " passed", later " in ", digits and dots, then `s`.
fn is_pytest_summary(line: &str) -> bool {
    let Some(at) = line.find(" passed") else { return false };
    let rest = &line[at + " passed".len()..];
    rest.match_indices(" in ").any(|(i, m)| {
        let after = &rest[i + m.len()..];
        let number = after.bytes().take_while(|b| b.is_ascii_digit() || *b == b'.').count();
        number > 0 && after.as_bytes().get(number) == Some(&b's')
    })
}

fn leading_number(word: &str) -> u64 {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    word[..digits].parse().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn totals(lines: &str) -> Totals {
        let mut t = Totals::default();
        lines.lines().for_each(|l| t.add_line(l));
        t
    }

    #[test]
    fn cargo_result_lines() {
        let log = "\
running 12 tests
test decode::tests::rejects_truncated ... ok
test result: ok. 12 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.53s
     Running tests/interop.rs (target/debug/deps/interop-3f2a)
test result: FAILED. 3 passed; 2 failed; 0 ignored; 0 measured; 0 filtered out; finished in 1.02s
   Doc-tests avatar_schema
test result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s
";
        assert_eq!(totals(log), Totals { passed: 15, failed: 2 });
    }

    #[test]
    fn pytest_summary_lines() {
        assert_eq!(totals("14 passed in 0.31s"), Totals { passed: 14, failed: 0 });
        assert_eq!(totals("1 failed, 3 passed in 2.04s"), Totals { passed: 3, failed: 1 });
        assert_eq!(totals("12 passed, 1 skipped, 2 warnings in 35.12s"), Totals { passed: 12, failed: 0 });
        assert_eq!(
            totals("============ 5 passed, 1 failed in 1.20s ============"),
            Totals { passed: 5, failed: 1 }
        );
        // Lines that merely mention the words do not count.
        assert_eq!(
            totals("test_passed_in_time PASSED\nreplay passed in order\n7 passed in s"),
            Totals::default()
        );
        // As the awk had it: without " passed" a pytest summary is not recognised.
        assert_eq!(totals("2 failed in 0.30s"), Totals::default());
    }

    #[test]
    fn node_test_lines() {
        let log = "# tests 9\n# suites 2\n# pass 8\n# fail 1\n# cancelled 0\n# pass 8 of 9\nok 1 - decodes\n";
        assert_eq!(totals(log), Totals { passed: 8, failed: 1 });
    }

    #[test]
    fn all_runners_in_one_log_make_one_line() {
        let log = "# pass 9\n# fail 0\n6 passed in 0.40s\n1 failed, 21 passed in 35.02s\n\
                   test result: ok. 40 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 2.1s\n";
        assert_eq!(totals(log).to_string(), "total: 76 passed, 1 failed");
    }
}
