//! Pass and fail rows for the shared field readers of `productivity`
//! (issue 21, the classes of play-para-pr7), in other wordings than the
//! player's: every field reads the forms any field reads. Each row rewrites
//! the reference answer of a scenario at levels 3-5 over several seeds;
//! a `pass` row must score what the reference scores (full), a `fail` row
//! (a wrong id with "#", two ids in the one-value meeting field, a
//! separator inside an email, no_slot "N", a key given twice) must not.
#![cfg(not(target_arch = "wasm32"))]

mod productivity_support;

use productivity_support::{grade_at, reference_final, start_at, strings};
use serde_json::{Map, Value, json};

const SEEDS: std::ops::Range<u64> = 0..8;

/// The reference answer object of `task` at `level` and `seed`.
fn reference_at(task: &str, level: u8, seed: u64) -> Map<String, Value> {
    let raw = reference_final(&start_at(task, level, seed).0);
    let json = raw.strip_prefix("final:").unwrap_or(&raw).trim();
    serde_json::from_str::<Value>(json)
        .ok()
        .and_then(|v| v.as_object().cloned())
        .unwrap_or_default()
}

/// A row: its name and how it rewrites a reference answer (`None`: not
/// applicable to this scenario).
type Row = (&'static str, fn(&Map<String, Value>) -> Option<Value>);

/// Grade every row over [`SEEDS`] at `levels`: pass rows full, fail rows
/// below full; returns how many answers were graded.
fn run(task: &str, levels: &[u8], pass: &[Row], fail: &[Row]) -> usize {
    let mut wrong = Vec::new();
    let mut graded = 0;
    for &level in levels {
        for seed in SEEDS {
            let reference = reference_at(task, level, seed);
            let full = grade_at(task, level, seed, &Value::Object(reference.clone())).total;
            assert!(
                (full - 1.0).abs() < 1e-9,
                "{task} L{level} s{seed}: reference {full}"
            );
            for (side, rows) in [("pass", pass), ("fail", fail)] {
                for (name, write) in rows {
                    let Some(answer) = write(&reference) else {
                        continue;
                    };
                    graded += 1;
                    let score = grade_at(task, level, seed, &answer).total;
                    let ok = match side {
                        "pass" => (score - 1.0).abs() < 1e-9,
                        // A refused answer (NaN: not graded) earns nothing.
                        _ => score.is_nan() || score < 1.0 - 1e-9,
                    };
                    if !ok {
                        wrong.push(format!(
                            "{task} L{level} s{seed} {side} {name}: {score}: {answer}"
                        ));
                    }
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    graded
}

/// The answer with `key` rewritten by `f` (`None` when absent).
fn with(answer: &Map<String, Value>, key: &str, value: Value) -> Option<Value> {
    let mut out = answer.clone();
    out.insert(key.to_owned(), value);
    Some(Value::Object(out))
}

/// The list in `key` joined by `sep`, each item through `each`.
fn joined(a: &Map<String, Value>, key: &str, sep: &str, each: fn(&str) -> String) -> Option<Value> {
    let items = strings(a.get(key)?);
    (items.len() >= 2).then(|| {
        let text: Vec<String> = items.iter().map(|i| each(i)).collect();
        Value::String(text.join(sep))
    })
}

fn same(item: &str) -> String {
    item.to_owned()
}

fn hashed(item: &str) -> String {
    format!("#{item}")
}

/// The answer with its keys renamed by `rename`.
fn rekeyed(a: &Map<String, Value>, rename: fn(&str) -> String) -> Option<Value> {
    Some(Value::Object(
        a.iter().map(|(k, v)| (rename(k), v.clone())).collect(),
    ))
}

fn title_spaced(key: &str) -> String {
    let spaced = key.replace('_', " ");
    let mut chars = spaced.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

fn upper_hyphened(key: &str) -> String {
    key.replace('_', "-").to_uppercase()
}

#[test]
fn email_keys_any_case_and_y_and_a_middle_dot_aside() {
    let pass: &[Row] = &[
        ("Title case keys with spaces", |a| rekeyed(a, title_spaced)),
        ("UPPER-HYPHENED keys", |a| rekeyed(a, upper_hyphened)),
        ("needs_reply y/n", |a| {
            let yn = match a.get("needs_reply")?.as_str()? {
                "yes" => "y",
                _ => "n",
            };
            with(a, "needs_reply", json!(yn))
        }),
        ("label with a bullet aside", |a| {
            let label = a.get("label")?.as_str()?;
            with(
                a,
                "label",
                json!(format!("{label} \u{2022} sent to the team")),
            )
        }),
    ];
    let fail: &[Row] = &[
        ("a key twice in two cases", |a| {
            let mut out = a.clone();
            let other = match a.get("label")?.as_str()? {
                "spam" => "work",
                _ => "spam",
            };
            out.insert("Label".into(), json!(other));
            Some(Value::Object(out))
        }),
        ("a label with a middle dot and another label", |a| {
            let other = match a.get("label")?.as_str()? {
                "spam" => "work",
                _ => "spam",
            };
            with(a, "label", json!(format!("{other} \u{b7} work")))
        }),
    ];
    println!("email rows graded: {}", run("easy", &[3, 5], pass, fail));
}

#[test]
fn cleaning_lists_hashes_dots_slashes_one_string_arrays_and_equals_totals() {
    let pass: &[Row] = &[
        ("ids with # in a bullet string", |a| {
            let d = joined(a, "duplicate_ids", " \u{2022} ", hashed)?;
            with(a, "duplicate_ids", d)
        }),
        ("retained ids slashed without spaces", |a| {
            let r = joined(a, "retained_ids", "/", same)?;
            with(a, "retained_ids", r)
        }),
        ("retained ids with # in an array", |a| {
            let r: Vec<String> = strings(a.get("retained_ids")?)
                .iter()
                .map(|i| hashed(i))
                .collect();
            with(a, "retained_ids", json!(r))
        }),
        ("emails as one ' · ' string", |a| {
            let e = joined(a, "invalid_emails", " \u{b7} ", same)?;
            with(a, "invalid_emails", e)
        }),
        ("emails as an array of one '; ' string", |a| {
            let e = joined(a, "invalid_emails", "; ", same)?;
            with(a, "invalid_emails", json!([e]))
        }),
        ("duplicate ids as an array of one ' / ' string", |a| {
            let d = joined(a, "duplicate_ids", " / ", same)?;
            with(a, "duplicate_ids", json!([d]))
        }),
        ("total 'Total: = $X'", |a| {
            let t = a.get("normalized_total")?.as_str()?;
            with(a, "normalized_total", json!(format!("Total: = ${t}")))
        }),
        ("total '=X'", |a| {
            let t = a.get("normalized_total")?.as_str()?;
            with(a, "normalized_total", json!(format!("={t}")))
        }),
        ("keys 'Valid Rows', 'Duplicate IDs'", |a| {
            rekeyed(a, title_spaced)
        }),
    ];
    let fail: &[Row] = &[
        ("a wrong id with #", |a| {
            let mut d = strings(a.get("duplicate_ids")?);
            d.push("#zz999".into());
            with(a, "duplicate_ids", json!(d))
        }),
        ("a slash inside an email address joins two", |a| {
            let e = strings(a.get("invalid_emails")?);
            let (first, second) = (e.first()?, e.get(1)?);
            if !first.contains('@') || !second.contains('@') {
                return None;
            }
            let mut rest = e[2..].to_vec();
            rest.push(format!("{first}/{second}"));
            with(a, "invalid_emails", json!(rest))
        }),
        ("an array of two strings, one comma-joined", |a| {
            let d = strings(a.get("duplicate_ids")?);
            if d.len() < 2 {
                return None;
            }
            // One element naming two ids is still two ids, and the
            // extra one is wrong.
            with(a, "duplicate_ids", json!([d.join(", "), "zz999"]))
        }),
        ("total '= X' a cent more", |a| {
            let t = a.get("normalized_total")?.as_str()?;
            let (whole, cents) = t.split_once('.')?;
            let cents: i64 = cents.parse().ok()?;
            let whole: i64 = whole.parse().ok()?;
            let more = whole * 100 + cents + 1;
            with(
                a,
                "normalized_total",
                json!(format!("= {}.{:02}", more / 100, more % 100)),
            )
        }),
        ("keys twice", |a| {
            let mut out = a.clone();
            out.insert("Valid Rows".into(), json!(0));
            Some(Value::Object(out))
        }),
    ];
    println!("cleaning rows graded: {}", run("hard", &[4, 5], pass, fail));
}

/// Each booking entry of the answer rewritten by `f`.
fn entries(a: &Map<String, Value>, f: fn(&mut Map<String, Value>)) -> Option<Value> {
    let mut out = a.clone();
    let list = out.get_mut("bookings")?.as_array_mut()?;
    for entry in list.iter_mut() {
        f(entry.as_object_mut()?);
    }
    Some(Value::Object(out))
}

fn meeting(entry: &Map<String, Value>) -> String {
    entry["meeting"].as_str().unwrap_or_default().to_owned()
}

/// Whether the answer has a no_slot entry.
fn has_no_slot(a: &Map<String, Value>) -> bool {
    a["bookings"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|e| e.get("no_slot").is_some())
}

#[test]
fn meeting_ids_lists_keys_and_no_slot_read_as_every_field_does() {
    let pass: &[Row] = &[
        ("ids '#M1'", |a| {
            entries(a, |e| {
                let id = meeting(e);
                e.insert("meeting".into(), json!(format!("#{id}")));
            })
        }),
        ("ids in curly quotes", |a| {
            entries(a, |e| {
                let id = meeting(e);
                e.insert("meeting".into(), json!(format!("\u{201c}{id}\u{201d}")));
            })
        }),
        ("ids as one-element arrays, bold", |a| {
            entries(a, |e| {
                let id = meeting(e);
                e.insert("meeting".into(), json!([format!("**{id}**")]));
            })
        }),
        ("ids as 'meeting #M1'", |a| {
            entries(a, |e| {
                let id = meeting(e);
                e.insert("meeting".into(), json!(format!("meeting #{id}")));
            })
        }),
        ("participants 'A/B/C' and 'A • B'", |a| {
            entries(a, |e| {
                if let Some(people) = e.get("participants").map(strings) {
                    let sep = if people.len() % 2 == 0 {
                        "/"
                    } else {
                        " \u{2022} "
                    };
                    e.insert("participants".into(), json!(people.join(sep)));
                }
            })
        }),
        ("keys 'Meeting', 'No-Slot', 'DAY'", |a| {
            let mut out = a.clone();
            let list = out.remove("bookings")?;
            let list: Vec<Value> = list
                .as_array()?
                .iter()
                .map(|e| {
                    Value::Object(
                        e.as_object()
                            .into_iter()
                            .flatten()
                            .map(|(k, v)| (upper_hyphened(k), v.clone()))
                            .collect(),
                    )
                })
                .collect();
            out.insert("Bookings".into(), json!(list));
            Some(Value::Object(out))
        }),
        ("no_slot 'TRUE' or 'Y'", |a| {
            if !has_no_slot(a) {
                return None;
            }
            entries(a, |e| {
                if e.contains_key("no_slot") {
                    e.insert("no_slot".into(), json!("Y"));
                }
            })
        }),
    ];
    let fail: &[Row] = &[
        ("a wrong id with '#'", |a| {
            entries(a, |e| {
                let id = meeting(e);
                let other = if id == "M1" { "M2" } else { "M1" };
                e.insert("meeting".into(), json!(format!("#{other}")));
            })
        }),
        ("two ids in the one-value meeting field", |a| {
            entries(a, |e| {
                let id = meeting(e);
                let other = if id == "M1" { "M2" } else { "M1" };
                e.insert("meeting".into(), json!([id, other]));
            })
        }),
        ("no_slot 'N'", |a| {
            if !has_no_slot(a) {
                return None;
            }
            entries(a, |e| {
                if e.contains_key("no_slot") {
                    e.insert("no_slot".into(), json!("N"));
                }
            })
        }),
        ("an entry's key twice ('Day' and 'day')", |a| {
            entries(a, |e| {
                if e.contains_key("day") {
                    e.insert("Day".into(), json!("2000-01-01"));
                }
            })
        }),
    ];
    println!(
        "calendar rows graded: {}",
        run("medium", &[4, 5], pass, fail)
    );
}

#[test]
fn unread_entries_and_ambiguous_days_say_why() {
    // The final feedback names why an entry could not be read, and an
    // ambiguous numeric day is called ambiguous with the forms to write.
    for seed in SEEDS {
        let a = reference_at("medium", 4, seed);
        let mut env = start_at("medium", 4, seed).0;
        let mut answer = a.clone();
        let list = answer["bookings"].as_array_mut().expect("bookings");
        let first = list[0].as_object_mut().expect("an entry");
        let id = first.remove("meeting").expect("an id");
        first.insert("Meeting name".into(), id);
        let day = list[1]["day"].as_str().unwrap_or_default().to_owned();
        let (m, d) = (&day[5..7], &day[8..10]);
        let ambiguous = m != d && d <= "12";
        if ambiguous {
            list[1]["day"] = json!(format!("{d}/{m}"));
        }
        let (_, observation, _) =
            productivity_support::step(&mut env, &format!("final: {}", Value::Object(answer)));
        let feedback = observation["last_feedback"].as_str().unwrap_or_default();
        assert!(
            feedback.contains("no \"meeting\" key (its keys:") && feedback.contains("Meeting name"),
            "{feedback}"
        );
        if ambiguous {
            assert!(feedback.contains("is ambiguous ("), "{feedback}");
        }
    }
}

/// The answer with `needs_reply` rewritten from its reference value
/// ("yes" or "no") by `f` (`None`: not applicable).
fn reply(a: &Map<String, Value>, f: fn(&str) -> Option<String>) -> Option<Value> {
    let value = a.get("needs_reply")?.as_str()?.to_owned();
    with(a, "needs_reply", json!(f(&value)?))
}

#[test]
fn needs_reply_with_a_counterfactual_comment_is_one_value() {
    // What the answer would be under other facts, with "would" and
    // "otherwise" in either order, is a comment whatever words name the
    // other value (play-para-pr8 B1).
    let pass: &[Row] = &[
        ("no (it would otherwise need an answer)", |a| {
            reply(a, |v| {
                (v == "no").then(|| "No (it would otherwise need an answer)".into())
            })
        }),
        ("no, otherwise this would need a response", |a| {
            reply(a, |v| {
                (v == "no").then(|| "no, otherwise this would need a response".into())
            })
        }),
        ("no; otherwise it would need one", |a| {
            reply(a, |v| {
                (v == "no").then(|| "No; otherwise it would need one".into())
            })
        }),
        ("no - would otherwise require a reply", |a| {
            reply(a, |v| {
                (v == "no").then(|| "NO - it would otherwise require a reply, but not here".into())
            })
        }),
    ];
    let fail: &[Row] = &[
        // Not counterfactual: the other value stated beside it.
        ("the value and its opposite stated", |a| {
            reply(a, |v| {
                Some(if v == "no" {
                    "No (it needs a reply)".into()
                } else {
                    "Yes (no reply needed)".into()
                })
            })
        }),
        ("no (needs a response)", |a| {
            reply(a, |v| (v == "no").then(|| "no (needs a response)".into()))
        }),
        ("a bare otherwise offers the other value", |a| {
            reply(a, |v| {
                (v == "no").then(|| "No (otherwise a reply is needed)".into())
            })
        }),
        ("an unsettled condition before otherwise", |a| {
            reply(a, |v| {
                (v == "no")
                    .then(|| "No (if it is for the list; otherwise it would need a reply)".into())
            })
        }),
    ];
    println!(
        "needs_reply rows graded: {}",
        run("easy", &[3, 4, 5], pass, fail)
    );
}

/// `HH:MM` written with a part of the day: `twelve` on a twelve-hour dial
/// ("2:30 this afternoon") or as it stands ("14:30 in the afternoon",
/// "09.30 in the morning"); `wrong_half` names the other half of the day.
fn with_part_of_day(hhmm: &str, twelve: bool, wrong_half: bool) -> Option<String> {
    let (h, m) = hhmm.split_once(':')?;
    let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
    let after_noon = (h >= 12) != wrong_half;
    let part = match (after_noon, h) {
        (false, _) => "in the morning",
        (true, 18..) => "in the evening",
        (true, _) => "in the afternoon",
    };
    let hour = match (twelve, h % 12) {
        (true, 0) => 12,
        (true, k) => k,
        (false, _) => h,
    };
    Some(if twelve {
        let this = part.replace("in the", "this");
        format!("{hour}:{m:02} {this}")
    } else {
        format!("{hour:02}.{m:02} {part}")
    })
}

/// Every booking's start and end rewritten by `f`.
fn times(a: &Map<String, Value>, f: fn(&str) -> Option<String>) -> Option<Value> {
    let mut out = a.clone();
    for entry in out.get_mut("bookings")?.as_array_mut()? {
        let entry = entry.as_object_mut()?;
        for key in ["start", "end"] {
            if let Some(t) = entry.get(key).and_then(Value::as_str) {
                let t = f(t)?;
                entry.insert(key.into(), json!(t));
            }
        }
    }
    Some(Value::Object(out))
}

#[test]
fn clock_times_with_a_part_of_the_day_read() {
    // A clock in digits followed by a part of the day is that time
    // (play-para-pr8 B2); a part that contradicts it is no time.
    let pass: &[Row] = &[
        ("12-hour clock 'this morning/afternoon/evening'", |a| {
            times(a, |t| with_part_of_day(t, true, false))
        }),
        ("24-hour clock with a dot 'in the morning/afternoon'", |a| {
            times(a, |t| with_part_of_day(t, false, false))
        }),
    ];
    let fail: &[Row] = &[
        ("the other half of the day", |a| {
            times(a, |t| with_part_of_day(t, true, true))
        }),
        ("a 24-hour afternoon clock 'in the morning'", |a| {
            let any_afternoon = a["bookings"]
                .as_array()?
                .iter()
                .any(|e| e["start"].as_str().is_some_and(|s| s >= "13:00"));
            if !any_afternoon {
                return None;
            }
            times(a, |t| with_part_of_day(t, false, true))
        }),
    ];
    println!("clock rows graded: {}", run("medium", &[4, 5], pass, fail));
}
