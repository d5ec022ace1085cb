//! The log `deskbench inference` prints on stdout, one line per event, in
//! the format the seeds' evaluators parse:
//!
//! ```text
//! [START] task=<task> env=<env> model=<model>
//! [STEP] step=<n> action=<one-line action> reward=<0.00> done=<true|false> error=<msg|null>
//! [END] success=<true|false> steps=<n> score=<0.000> rewards=<r1,r2,...>
//! ```
//!
//! Rewards have two decimals, the score three, booleans are lowercase, and
//! no value may break the line: carriage returns and newlines inside a value
//! are written as `\r` and `\n`. The action is compact JSON (whose strings
//! already escape them), or `null` when no action was sent.

use serde_json::Value;

/// `text` on one line: `\r` and `\n` written as two-character escapes.
pub fn one_line(text: &str) -> String {
    text.replace('\r', "\\r").replace('\n', "\\n")
}

/// A number with `decimals` decimals, never `-0.00`.
fn fixed(value: f64, decimals: usize) -> String {
    let text = format!("{value:.decimals$}");
    match text.strip_prefix('-') {
        Some(digits) if digits.chars().all(|c| c == '0' || c == '.') => digits.to_owned(),
        _ => text,
    }
}

pub fn start(task: &str, env: &str, model: &str) -> String {
    format!(
        "[START] task={} env={} model={}",
        one_line(task),
        one_line(env),
        one_line(model)
    )
}

pub fn step(
    n: u32,
    action: Option<&Value>,
    reward: f64,
    done: bool,
    error: Option<&str>,
) -> String {
    let action = action.map_or_else(|| "null".to_owned(), |a| one_line(&a.to_string()));
    let error = error.map_or_else(|| "null".to_owned(), one_line);
    format!(
        "[STEP] step={n} action={action} reward={} done={done} error={error}",
        fixed(reward, 2)
    )
}

pub fn end(success: bool, steps: u32, score: f64, rewards: &[f64]) -> String {
    let rewards: Vec<String> = rewards.iter().map(|r| fixed(*r, 2)).collect();
    format!(
        "[END] success={success} steps={steps} score={} rewards={}",
        fixed(score, 3),
        rewards.join(",")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn lines_follow_the_contract() {
        assert_eq!(
            start("easy", "productivity", "m/x"),
            "[START] task=easy env=productivity model=m/x"
        );
        assert_eq!(
            step(1, Some(&json!({"raw": "a\nb"})), -0.001, false, None),
            r#"[STEP] step=1 action={"raw":"a\nb"} reward=0.00 done=false error=null"#
        );
        assert_eq!(
            step(2, None, 0.0, true, Some("bad\r\nthing")),
            r"[STEP] step=2 action=null reward=0.00 done=true error=bad\r\nthing"
        );
        assert_eq!(
            end(true, 2, 0.98765, &[-0.02, 0.985]),
            "[END] success=true steps=2 score=0.988 rewards=-0.02,0.98"
        );
        assert_eq!(
            end(false, 0, 0.0, &[]),
            "[END] success=false steps=0 score=0.000 rewards="
        );
    }
}
