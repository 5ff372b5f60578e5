//! Issue 42: the README's examples run as written. Every fenced `sh` block
//! with a `sudoku …` command runs, in order, as one bash script in a fresh
//! directory holding `fixtures/readme/` (the files the README names), with
//! the binary under test first on `PATH`; each command must exit 0, or the
//! code its comment names (`exit 1`), and no command may panic.
//!
//! A block is left out only by a marker on the line before its fence,
//! `<!-- readme-test: skip REASON -->` (a server, a browser, a cluster,
//! hours of CPU), or run only where a tool is installed,
//! `<!-- readme-test: needs TOOL -->` (`.ci/run` installs each such tool).

use std::path::{Path, PathBuf};
use std::process::Command;

/// A fenced block of the README.
#[derive(Debug)]
struct Block {
    /// The README's line of the opening fence (from 1).
    line: usize,
    /// `(README line, command)` for each command, continuation lines joined.
    commands: Vec<(usize, String)>,
    /// The marker before the fence, if any: `skip …` or `needs TOOL`.
    marker: Option<String>,
}

/// The `sh` blocks of `text`.
fn sh_blocks(text: &str) -> Vec<Block> {
    let lines: Vec<&str> = text.lines().collect();
    let mut blocks = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let fence = lines[i].trim();
        if !fence.starts_with("```") || fence.len() == 3 {
            i += 1;
            continue;
        }
        let lang = fence.trim_start_matches('`').trim();
        let marker = i
            .checked_sub(1)
            .and_then(|p| lines[p].trim().strip_prefix("<!-- readme-test:"))
            .and_then(|m| m.strip_suffix("-->"))
            .map(|m| m.trim().to_string());
        let open = i;
        let mut body = Vec::new();
        i += 1;
        while i < lines.len() && lines[i].trim() != "```" {
            body.push((i + 1, lines[i]));
            i += 1;
        }
        i += 1;
        if !matches!(lang, "sh" | "bash" | "console") {
            continue;
        }
        let mut commands: Vec<(usize, String)> = Vec::new();
        let mut pending: Option<(usize, String)> = None;
        for (n, l) in body {
            let (start, mut text) = pending.take().unwrap_or((n, String::new()));
            text.push_str(l);
            if text.ends_with('\\') {
                // bash reads the backslash and line end as a continuation.
                pending = Some((start, format!("{text}\n")));
            } else {
                commands.push((start, text));
            }
        }
        commands.extend(pending);
        blocks.push(Block { line: open + 1, commands, marker });
    }
    blocks
}

/// Whether `command` runs `sudoku` (first, or after a pipe or `&&`).
fn runs_sudoku(command: &str) -> bool {
    let code = command.split('#').next().unwrap_or("");
    code.trim_start().starts_with("sudoku ")
        || code.contains("| sudoku ")
        || code.contains("&& sudoku ")
        || code.contains("'sudoku ")
}

/// The exit code a command's comment promises: `exit N` in it, else 0.
fn expected_exit(command: &str) -> i32 {
    let Some((_, comment)) = command.split_once(" # ") else { return 0 };
    comment
        .split("exit ")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|digits| digits.parse().ok())
        .unwrap_or(0)
}

/// The block as one bash script: each command checked for its exit code.
fn script(block: &Block) -> String {
    let mut s = String::from("set -u\n");
    for (line, command) in &block.commands {
        let code = command.trim();
        if code.is_empty() || code.starts_with('#') {
            continue;
        }
        let want = if runs_sudoku(command) { expected_exit(command) } else { 0 };
        s.push_str(&format!(
            "{{\n{command}\n}}\nrc=$?\nif [ $rc -ne {want} ]; then echo \"README.md:{line}: exit $rc, expected {want}\" >&2; exit 99; fi\n"
        ));
    }
    s
}

fn copy_dir(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).expect("fixtures/readme") {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
    }
}

fn on_path(tool: &str) -> bool {
    Command::new("sh").arg("-c").arg(format!("command -v {tool}")).output().is_ok_and(|o| o.status.success())
}

fn readme() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md")).expect("README.md")
}

#[test]
fn r42_every_readme_example_runs_as_written() {
    let bin_dir = PathBuf::from(env!("CARGO_BIN_EXE_sudoku")).parent().unwrap().to_path_buf();
    let path = format!("{}:{}", bin_dir.display(), std::env::var("PATH").unwrap_or_default());
    let fixtures = crate::util::fixture_path("readme");
    let blocks: Vec<Block> =
        sh_blocks(&readme()).into_iter().filter(|b| b.commands.iter().any(|(_, c)| runs_sudoku(c))).collect();
    assert!(blocks.len() >= 12, "the README's sudoku blocks were not found: {}", blocks.len());
    let mut ran = 0;
    let mut failures = Vec::new();
    for block in &blocks {
        match block.marker.as_deref() {
            Some(m) if m.starts_with("skip") => continue,
            Some(m) if m.starts_with("needs ") => {
                let tool = m["needs ".len()..].trim();
                if !on_path(tool) {
                    eprintln!("README.md:{}: not run: `{tool}` is not installed", block.line);
                    continue;
                }
            }
            Some(m) => panic!("README.md:{}: unknown marker {m:?}", block.line),
            None => {}
        }
        let dir = tempfile::tempdir().unwrap();
        copy_dir(&fixtures, dir.path());
        let out = Command::new("bash")
            .arg("-c")
            .arg(script(block))
            .current_dir(dir.path())
            .env("PATH", &path)
            .env("NO_COLOR", "1")
            .output()
            .expect("bash");
        let stderr = String::from_utf8_lossy(&out.stderr);
        if !out.status.success() || stderr.contains("panicked") {
            failures.push(format!("block at README.md:{}:\n{stderr}", block.line));
        }
        ran += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(ran >= 10, "only {ran} blocks ran");
}

#[test]
fn r42_readme_blocks_are_read_with_their_lines_markers_and_exit_codes() {
    let text = "intro\n<!-- readme-test: skip a server -->\n```sh\nsudoku serve\n```\n\n```sh\nP=1\n\
                sudoku solve --count a \\\n    b.txt   # stopped, exit 1, past it\n```\n```rust\nsudoku x\n```\n";
    let blocks = sh_blocks(text);
    assert_eq!(blocks.len(), 2);
    assert_eq!(blocks[0].marker.as_deref(), Some("skip a server"));
    assert_eq!(blocks[1].line, 7);
    assert_eq!(blocks[1].marker, None);
    assert_eq!(blocks[1].commands.len(), 2);
    assert_eq!(blocks[1].commands[1].0, 9);
    assert!(blocks[1].commands[1].1.contains("a \\\n    b.txt"), "{:?}", blocks[1].commands[1].1);
    assert_eq!(expected_exit(&blocks[1].commands[1].1), 1);
    assert_eq!(expected_exit("sudoku solve x.txt   # one solution"), 0);
    assert!(!runs_sudoku(&blocks[1].commands[0].1));
    assert!(runs_sudoku("echo 'x' | sudoku hint"));
    // A script fails on a wrong exit code, and names the README line.
    let dir = tempfile::tempdir().unwrap();
    let block = Block { line: 1, commands: vec![(5, "false".into())], marker: None };
    let out = Command::new("bash").arg("-c").arg(script(&block)).current_dir(dir.path()).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("README.md:5: exit 1, expected 0"));
}
