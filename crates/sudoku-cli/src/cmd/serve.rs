//! `sudoku serve`: the page and JSON API of `sudoku-web` on a local
//! address, until interrupted.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

/// Arguments of `sudoku serve`.
#[derive(Debug, Args)]
#[command(after_long_help = SERVE_AFTER_HELP)]
pub struct ServeArgs {
    /// The address to listen on. The default answers this machine only;
    /// 0.0.0.0 answers every network the machine is on.
    #[arg(long, value_name = "ADDRESS", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub bind: IpAddr,

    /// The port (0: any free port; the address printed says which).
    #[arg(long, short = 'p', value_name = "PORT", default_value_t = 8080)]
    pub port: u16,

    /// Open the page in the default browser once serving.
    #[arg(long)]
    pub open: bool,

    /// Also answer requests that name this server NAME (a LAN name, with
    /// --bind); repeat for more. Loopback names (localhost) and IP
    /// addresses are always answered; any other name is refused (403), so
    /// that no web page can reach the server through a name it controls.
    #[arg(long, value_name = "NAME")]
    pub allow_host: Vec<String>,
}

const SERVE_AFTER_HELP: &str = "\
Serves one page and a JSON API from the binary itself (nothing to install,
works offline). On the page: Play (paste or generate a puzzle, type digits
and pencil marks, check for mistakes, take hints at three levels), Grade
(rate a list of puzzles and step through a solution path) and Book (build a
print-ready PDF with its CSV). The API: POST /api/solve, /api/grade,
/api/hint, /api/generate, /api/book and /api/canon, JSON in and out (see
docs/web-api.md and the README); /api/solve also takes variant puzzles
(killer, jigsaw, X, sizes 4-25 ...). No request reads or writes a file of
this machine; each is bounded in size (1 MiB, 1,000 records), time (10 s;
500,000 search nodes a variant puzzle) and heavy work at once (2; 429
beyond).

Security: the server answers its own page only. A request must name the
server in its Host header by a loopback name, an IP address or a name given
with --allow-host, and a browser's request must come from the server's own
origin (http://HOST:PORT), else 403; bodies must be JSON (415). So a web page
of another site, open in the same browser, cannot make it work. Anyone who
can reach the address can use it: it listens on this machine only unless
--bind says otherwise, and has no login.

Stop it with Ctrl-C. Exit codes: 2 when the address cannot be taken (in
use, or not this machine's).

Examples:
  sudoku serve                      # http://127.0.0.1:8080/
  sudoku serve --port 0 --open      # a free port, opened in the browser
  curl -s localhost:8080/api/grade -H 'Content-Type: application/json' \\
       -d '{\"input\": \"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\"}'";

/// Runs `sudoku serve` until the process is stopped.
pub fn run(args: ServeArgs) -> anyhow::Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the server's threads")?;
    let addr = SocketAddr::new(args.bind, args.port);
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(addr).await.with_context(|| match args.port {
            0 => format!("cannot listen on {addr}"),
            _ => format!("cannot listen on {addr} (pass --port 0 for any free port)"),
        })?;
        let local = listener.local_addr().context("cannot read the address listened on")?;
        let url = format!("http://{local}/");
        eprintln!("sudoku: serving {url} (Ctrl-C stops)");
        if !args.bind.is_loopback() {
            eprintln!("sudoku: note: {} answers other machines too", args.bind);
        }
        if args.open {
            open_browser(&url);
        }
        let limits = sudoku_web::Limits::default();
        let access = sudoku_web::Access { allowed_hosts: args.allow_host.clone() };
        sudoku_web::serve(listener, sudoku_web::router(limits.clone(), access), &limits)
            .await
            .context("the server stopped")
    })?;
    Ok(ExitCode::SUCCESS)
}

/// Opens `url` in the desktop's browser; says so when it cannot.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("sudoku: cannot open a browser ({opener}: {e}); open {url} yourself");
    }
}
