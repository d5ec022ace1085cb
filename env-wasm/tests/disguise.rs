//! Unicode-disguised text grades as its plain form, in every environment:
//! the reference and a random baseline's actions, with their strings
//! disguised (zero-width spaces and soft hyphens inside words, fullwidth
//! letters and digits, Cyrillic and Greek look-alike letters, no-break
//! spaces), give the same score and breakdown as the plain actions. The
//! fold happens once, before any environment reads an action
//! (`env_wasm::text::fold`), so every grader reads what a person sees.
#![cfg(not(target_arch = "wasm32"))]

use env_wasm::registry::ENVIRONMENTS;
use env_wasm::rng::SeededRng;
use env_wasm::{AnyEnv, ResetDefaults};
use serde_json::{Value, json};

/// `text` with every letter and digit disguised one way or another.
fn disguise(text: &str, rng: &mut SeededRng) -> String {
    let mut out = String::new();
    for c in text.chars() {
        let look_alike = match c {
            'a' => Some('\u{0430}'),
            'e' => Some('\u{0435}'),
            'o' => Some('\u{043e}'),
            'p' => Some('\u{0440}'),
            'c' => Some('\u{0441}'),
            'O' => Some('\u{039f}'),
            _ => None,
        };
        match (rng.below(5), look_alike) {
            (0, Some(other)) => out.push(other),
            (1, _) if c.is_ascii_graphic() && c != '"' && c != '\\' => {
                out.push(char::from_u32(c as u32 - 0x21 + 0xff01).unwrap_or(c))
            }
            (2, _) if c.is_ascii_alphanumeric() => {
                out.push(c);
                out.push(if rng.below(2) == 0 {
                    '\u{200b}'
                } else {
                    '\u{00ad}'
                });
            }
            (3, _) if c == ' ' => out.push('\u{00a0}'),
            _ => out.push(c),
        }
    }
    out
}

fn disguised(value: &Value, rng: &mut SeededRng) -> Value {
    match value {
        Value::String(text) => Value::String(disguise(text, rng)),
        Value::Array(items) => Value::Array(items.iter().map(|v| disguised(v, rng)).collect()),
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| {
                    // Field names and enum-like values are the protocol; the
                    // free text and answers inside them are what is read.
                    let keep = matches!(
                        k.as_str(),
                        "command"
                            | "task_id"
                            | "priority"
                            | "department"
                            | "disposition"
                            | "ticket_id"
                    );
                    (k.clone(), if keep { v.clone() } else { disguised(v, rng) })
                })
                .collect(),
        ),
        other => other.clone(),
    }
}

/// Play `policy`, sending each action plain or disguised; the final
/// score and breakdown.
fn play(
    env: &str,
    task: &str,
    level: u8,
    seed: u64,
    policy: &str,
    disguise: bool,
) -> Option<Value> {
    let mut session = AnyEnv::new(env).ok()?;
    let options = json!({"task": task, "difficulty": level, "seed": seed});
    let mut last = session.reset(&options, ResetDefaults::default()).ok()?;
    let mut policy_rng = SeededRng::new(seed, 7);
    let mut disguise_rng = SeededRng::new(seed, 8);
    while !session.is_done() {
        let action = session.policy_action(policy, &mut policy_rng)?;
        let sent = if disguise {
            disguised(&action, &mut disguise_rng)
        } else {
            action
        };
        last = session.step(&sent).ok()?;
    }
    let observation = last.observation.to_value();
    Some(json!({
        "score": observation["terminal_grader"],
        "breakdown": observation["score_breakdown"],
    }))
}

#[test]
fn disguised_answers_grade_as_their_plain_form() {
    let mut compared = 0;
    for env in ENVIRONMENTS {
        for task in env.tasks {
            for policy in ["reference", "random"] {
                for &level in env.levels {
                    for seed in 0..4 {
                        let plain = play(env.id, task.id, level, seed, policy, false);
                        let hidden = play(env.id, task.id, level, seed, policy, true);
                        let Some(plain) = plain else { continue };
                        assert_eq!(
                            Some(&plain),
                            hidden.as_ref(),
                            "{}/{} {policy} level {level} seed {seed}",
                            env.id,
                            task.id
                        );
                        compared += 1;
                    }
                }
            }
        }
    }
    assert!(compared > 200, "only {compared} episodes compared");
}
