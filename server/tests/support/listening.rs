//! The address a spawned `deskbench serve --port 0` prints on its first line
//! of stdout (`deskbench listening on http://ADDR`): how tests that run the
//! real binary find it.

use std::time::Duration;

use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::Child;

/// Read the listening line of `child` (spawned with a piped stdout) within
/// `wait`; `host:port`. Panics, failing the test, when it does not come.
pub(crate) async fn listening_addr(child: &mut Child, wait: Duration) -> String {
    let stdout = child.stdout.take().expect("stdout");
    let mut line = String::new();
    tokio::time::timeout(wait, BufReader::new(stdout).read_line(&mut line))
        .await
        .expect("the listening line within the wait")
        .expect("read stdout");
    line.trim()
        .strip_prefix("deskbench listening on http://")
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .to_owned()
}
