//! Pass and fail rows for the shared field readers of `productivity`
//! (issue 21, the classes of play-para-pr7), in other wordings than the
//! player's: every field reads the forms any field reads. Each row rewrites
//! the reference answer of a scenario at levels 3-5 over several seeds;
//! a `pass` row must score what the reference scores (full), a `fail` row
//! (a wrong id with "#", two ids in the one-value meeting field, a
//! separator inside an email, no_slot "N", a key given twice) must not.
#![cfg(not(target_arch = "wasm32"))]

mod productivity_support;

use productivity_support::{grade_at, minutes, reference_final, start_at, strings};
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

/// A row: its name and how it rewrites what it reads of a scenario
/// (`None`: not applicable to this scenario).
type RowOf<C> = (&'static str, fn(&C) -> Option<Value>);

/// A row that rewrites a reference answer.
type Row = RowOf<Map<String, Value>>;

/// Grade every row over [`SEEDS`] at `levels`: pass rows full, fail rows
/// below full; returns how many answers were graded.
fn run(task: &str, levels: &[u8], pass: &[Row], fail: &[Row]) -> usize {
    run_with(task, levels, |reference, _| reference, pass, fail)
}

/// [`run`] with rows that read more of the scenario than its reference
/// answer: `case_of` builds what a row reads from the reference and the
/// first observation.
fn run_with<C>(
    task: &str,
    levels: &[u8],
    case_of: fn(Map<String, Value>, Value) -> C,
    pass: &[RowOf<C>],
    fail: &[RowOf<C>],
) -> usize {
    run_over(task, levels, SEEDS, case_of, pass, fail)
}

/// [`run_with`] over `seeds`, for rows that fit few scenarios (a booking
/// at noon).
fn run_over<C>(
    task: &str,
    levels: &[u8],
    seeds: std::ops::Range<u64>,
    case_of: fn(Map<String, Value>, Value) -> C,
    pass: &[RowOf<C>],
    fail: &[RowOf<C>],
) -> usize {
    let mut wrong = Vec::new();
    let mut graded = 0;
    for &level in levels {
        for seed in seeds.clone() {
            let reference = reference_at(task, level, seed);
            let full = grade_at(task, level, seed, &Value::Object(reference.clone())).total;
            assert!(
                (full - 1.0).abs() < 1e-9,
                "{task} L{level} s{seed}: reference {full}"
            );
            let case = case_of(reference, start_at(task, level, seed).1);
            for (side, rows) in [("pass", pass), ("fail", fail)] {
                for (name, write) in rows {
                    let Some(answer) = write(&case) else {
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

/// The answer with `priority` rewritten by `f` from its reference value
/// and another value.
fn priority(a: &Map<String, Value>, f: fn(&str, &str) -> String) -> Option<Value> {
    let value = a.get("priority")?.as_str()?.to_owned();
    let other = if value == "high" { "normal" } else { "high" };
    with(a, "priority", json!(f(&value, other)))
}

#[test]
fn a_comment_against_the_value_is_a_hedge() {
    // Another value given as the right one, a condition left open on the
    // value, or a reply asked for after "no" go against the value
    // (play-pr23 X2); another value reported as what the email or its
    // sender says, what it would be under other facts, a fact conceded or
    // a condition settled do not.
    let pass: &[Row] = &[
        ("the subject reported", |a| {
            priority(a, |v, o| format!("{v}, though the subject says {o}"))
        }),
        ("the sender's mark reported", |a| {
            priority(a, |v, o| format!("{v} (though the sender marked it {o})"))
        }),
        ("the sender's word reported", |a| {
            priority(a, |v, o| format!("{v}, although the sender says it is {o}"))
        }),
        ("a look reported", |a| {
            priority(a, |v, o| format!("{v} - though it looks {o}"))
        }),
        ("a tag reported", |a| {
            priority(a, |v, o| format!("{v}, though the body is marked {o}"))
        }),
        ("a belief reported", |a| {
            priority(a, |v, o| format!("{v}, but the sender thinks it is {o}"))
        }),
        ("under other facts", |a| {
            priority(a, |v, o| {
                format!("{v} (a VIP sender would make it {o}, but the rules above decide)")
            })
        }),
        ("a fact conceded", |a| {
            priority(a, |v, o| {
                format!("{v}, even though the subject makes it sound {o}")
            })
        }),
        ("a settled condition", |a| {
            priority(a, |v, _| {
                format!("{v}, unless the VIP rule applies, which it does not")
            })
        }),
        ("another action than a reply", |a| {
            reply(a, |v| {
                (v == "no").then(|| "no, but file it for the records".into())
            })
        }),
        ("a reply denied", |a| {
            reply(a, |v| {
                (v == "no").then(|| "No (no need to acknowledge)".into())
            })
        }),
    ];
    let fail: &[Row] = &[
        ("another value made", |a| {
            priority(a, |v, o| format!("{v} - though the VIP rule makes it {o}"))
        }),
        ("another value put", |a| {
            priority(a, |v, o| format!("{v} (but the policy puts it at {o})"))
        }),
        ("what it should be", |a| {
            priority(a, |v, o| format!("{v}, but it should be {o}"))
        }),
        ("the answer's own voice", |a| {
            priority(a, |v, o| format!("{v}, though I'd say {o}"))
        }),
        ("the right one by name", |a| {
            priority(a, |v, o| format!("{v}, though {o} would be more accurate"))
        }),
        ("an open condition", |a| {
            priority(a, |v, _| format!("{v}, unless the VIP rule applies"))
        }),
        ("an open condition with if", |a| {
            priority(a, |v, _| {
                format!("{v} (if the sender is not on the VIP list)")
            })
        }),
        ("a reply asked for", |a| {
            reply(a, |v| {
                (v == "no").then(|| "no, but acknowledge receipt".into())
            })
        }),
        ("a confirmation asked for", |a| {
            reply(a, |v| {
                (v == "no").then(|| "No - please confirm you got it".into())
            })
        }),
        ("an acknowledgement to send", |a| {
            reply(a, |v| {
                (v == "no").then(|| "no, but send a quick acknowledgement".into())
            })
        }),
    ];
    println!(
        "comment rows graded: {}",
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

// The classes of play-para-pr9 (issue 21), in other wordings than the
// player's: blank elements of a one-value array carry nothing (B1); a
// comment holding the value on someone else's clock is no second time
// (B2); a labelled breakdown after a count is no second count (B3); an
// email written as a mailbox is the address in its angle brackets (C2); a
// text answer whose only key is `answer` is that object, as the tool
// call's `final` takes it (A, transport).

/// The answer with the one-value `key` as an array of its value and
/// `blanks` (before it when `first`).
fn blank_padded(a: &Map<String, Value>, key: &str, blanks: &[&str], first: bool) -> Option<Value> {
    let value = a.get(key)?.clone();
    let mut list: Vec<Value> = blanks.iter().map(|b| json!(b)).collect();
    match first {
        true => list.push(value),
        false => list.insert(0, value),
    }
    with(a, key, json!(list))
}

/// The answer as the only field of a wrapper object, beside `extra`.
fn wrapped(a: &Map<String, Value>, extra: Option<(&str, Value)>) -> Option<Value> {
    let mut out = Map::new();
    out.insert("answer".into(), Value::Object(a.clone()));
    if let Some((key, value)) = extra {
        out.insert(key.into(), value);
    }
    Some(Value::Object(out))
}

#[test]
fn pr9_email_blank_elements_and_the_answer_wrapper() {
    let pass: &[Row] = &[
        ("priority ['', P]", |a| {
            blank_padded(a, "priority", &[""], true)
        }),
        ("label [' ', L]", |a| blank_padded(a, "label", &[" "], true)),
        ("needs_reply [R, '\\t', '']", |a| {
            blank_padded(a, "needs_reply", &["\t", ""], false)
        }),
        ("the answer as the only field of {\"answer\": ...}", |a| {
            wrapped(a, None)
        }),
    ];
    let fail: &[Row] = &[
        ("label [L, '', another label]", |a| {
            let label = a.get("label")?.as_str()?;
            let other = if label == "spam" { "work" } else { "spam" };
            with(a, "label", json!([label, "", other]))
        }),
        ("priority ['', another priority]", |a| {
            let other = match a.get("priority")?.as_str()? {
                "low" => "high",
                _ => "low",
            };
            with(a, "priority", json!(["", other]))
        }),
        ("{\"answer\": ...} beside another key", |a| {
            wrapped(a, Some(("note", json!("sent after reading the thread"))))
        }),
        ("{\"answer\": ...} beside a label", |a| {
            wrapped(a, Some(("label", a.get("label")?.clone())))
        }),
    ];
    println!("email rows graded: {}", run("easy", &[3, 5], pass, fail));
}

/// `hh:mm` moved by `minutes` (on a 24-hour dial).
fn moved(clock: &str, minutes: i64) -> Option<String> {
    let (h, m) = clock.split_once(':')?;
    let at = h.parse::<i64>().ok()? * 60 + m.parse::<i64>().ok()? + minutes;
    let at = at.rem_euclid(24 * 60);
    Some(format!("{:02}:{:02}", at / 60, at % 60))
}

/// Each booking's `start` rewritten by `write` from (start, the start on
/// another clock, the first participant); `None` when no entry books.
fn starts(a: &Map<String, Value>, write: fn(&str, &str, &str) -> String) -> Option<Value> {
    let mut out = a.clone();
    let mut booked = false;
    for entry in out.get_mut("bookings")?.as_array_mut()? {
        let entry = entry.as_object_mut()?;
        let Some(start) = entry
            .get("start")
            .and_then(Value::as_str)
            .map(str::to_owned)
        else {
            continue;
        };
        let who = entry
            .get("participants")
            .and_then(|p| p.get(0))
            .and_then(Value::as_str)
            .unwrap_or("Ana")
            .to_owned();
        let other = moved(&start, -90)?;
        entry.insert("start".into(), json!(write(&start, &other, &who)));
        booked = true;
    }
    booked.then_some(Value::Object(out))
}

#[test]
fn pr9_calendar_times_with_another_clock_for_someone() {
    let pass: &[Row] = &[
        ("'S [T for NAME]'", |a| {
            starts(a, |s, t, who| format!("{s} [{t} for {who}]"))
        }),
        ("'S (that is T for NAME where she works)'", |a| {
            starts(a, |s, t, who| {
                format!("{s} (that is {t} for {who} where she works)")
            })
        }),
        ("'S, i.e. T for NAME'", |a| {
            starts(a, |s, t, who| format!("{s}, i.e. {t} for {who}"))
        }),
        ("'S \u{2014} T for NAME'", |a| {
            starts(a, |s, t, who| format!("{s} \u{2014} {t} for {who}"))
        }),
        ("'S (NAME: T)'", |a| {
            starts(a, |s, t, who| format!("{s} ({who}: {t})"))
        }),
        ("day ['', D]", |a| {
            entries(a, |e| {
                if let Some(day) = e.get("day").cloned() {
                    e.insert("day".into(), json!(["", day]));
                }
            })
        }),
        ("{\"answer\": {\"bookings\": ...}}", |a| wrapped(a, None)),
    ];
    let fail: &[Row] = &[
        ("'S (or T for NAME)'", |a| {
            starts(a, |s, t, who| format!("{s} (or {t} for {who})"))
        }),
        ("'S (maybe T for NAME)'", |a| {
            starts(a, |s, t, who| format!("{s} (maybe {t} for {who})"))
        }),
        ("'S (T)'", |a| starts(a, |s, t, _| format!("{s} ({t})"))),
        ("'S or T'", |a| starts(a, |s, t, _| format!("{s} or {t}"))),
        ("'S; start: T'", |a| {
            starts(a, |s, t, _| format!("{s}; start: {t}"))
        }),
        ("'S, alternatively: T'", |a| {
            starts(a, |s, t, _| format!("{s}, alternatively: {t}"))
        }),
    ];
    println!(
        "calendar rows graded: {}",
        run("medium", &[4, 5], pass, fail)
    );
}

/// The answer with `valid_rows` written by `write` from the count.
fn count_as(a: &Map<String, Value>, write: fn(u64) -> String) -> Option<Value> {
    let n = a.get("valid_rows")?.as_u64()?;
    with(a, "valid_rows", json!(write(n)))
}

/// The answer with each invalid email written by `write` (from the email
/// and its place in the list).
fn emails_as(a: &Map<String, Value>, write: fn(&str, usize) -> String) -> Option<Value> {
    let emails: Vec<String> = a
        .get("invalid_emails")?
        .as_array()?
        .iter()
        .enumerate()
        .filter_map(|(k, e)| Some(write(e.as_str()?, k)))
        .collect();
    (!emails.is_empty()).then(|| with(a, "invalid_emails", json!(emails)))?
}

/// A display name for the `k`th email.
fn display_name(k: usize) -> &'static str {
    ["Ines Moreau", "\"Row 7\"", "Dr. Ada Kaplan", "Tomasz W."][k % 4]
}

#[test]
fn pr9_cleaning_labelled_breakdowns_blank_elements_and_mailboxes() {
    let pass: &[Row] = &[
        ("'N (discarded: M)'", |a| {
            count_as(a, |n| format!("{n} (discarded: {})", n + 7))
        }),
        ("'N; excluded: M'", |a| {
            count_as(a, |n| format!("{n}; excluded: {}", n + 7))
        }),
        ("'N (valid: N, dropped: M)'", |a| {
            count_as(a, |n| format!("{n} (valid: {n}, dropped: {})", n + 7))
        }),
        ("'N \u{2013} duplicates: 3, bad emails: 2'", |a| {
            count_as(a, |n| format!("{n} \u{2013} duplicates: 3, bad emails: 2"))
        }),
        ("valid_rows ['', N]", |a| {
            blank_padded(a, "valid_rows", &[""], true)
        }),
        ("normalized_total [T, '  ']", |a| {
            blank_padded(a, "normalized_total", &["  "], false)
        }),
        ("invalid emails as 'Name <email>'", |a| {
            emails_as(a, |e, k| format!("{} <{e}>", display_name(k)))
        }),
        ("invalid emails as one '; ' string of mailboxes", |a| {
            let text: Vec<String> = a
                .get("invalid_emails")?
                .as_array()?
                .iter()
                .enumerate()
                .filter_map(|(k, e)| Some(format!("{} <{}>", display_name(k), e.as_str()?)))
                .collect();
            (text.len() >= 2).then(|| with(a, "invalid_emails", json!(text.join("; "))))?
        }),
    ];
    let fail: &[Row] = &[
        ("'N (kept: N+1)'", |a| {
            count_as(a, |n| format!("{n} (kept: {})", n + 1))
        }),
        ("'N (count: N+1)'", |a| {
            count_as(a, |n| format!("{n} (count: {})", n + 1))
        }),
        ("'N or N+1'", |a| {
            count_as(a, |n| format!("{n} or {}", n + 1))
        }),
        ("'N (valid rows: N+1)'", |a| {
            count_as(a, |n| format!("{n} (valid rows: {})", n + 1))
        }),
        ("'N, alternatively: N+1'", |a| {
            count_as(a, |n| format!("{n}, alternatively: {}", n + 1))
        }),
        ("a mailbox of another address", |a| {
            emails_as(a, |e, k| match k {
                0 => format!("Ines Moreau <x{e}>"),
                _ => e.to_owned(),
            })
        }),
        ("an address as the display name of another", |a| {
            emails_as(a, |e, k| match k {
                0 => format!("{e} <zz@nowhere.example>"),
                _ => e.to_owned(),
            })
        }),
    ];
    println!("cleaning rows graded: {}", run("hard", &[4, 5], pass, fail));
}

// The classes of play-para-pr10 (issue 21, round 16, levels 4-5), in other
// wordings than the player's, beside the player's own: a count or total
// followed by "in all", "altogether", "overall" (B1); a time with its
// zone's name written out (B2); a day written DD/MM without a year where
// the day cannot be a month (B3); a label naming the total before it (C1);
// a time on a named city's clock, converted by that city's zone on the
// booking's day (C2); participants as an object keyed by name, as
// bookings may be keyed by meeting id, and a start or end written as the
// meeting's span (A).

/// A calendar scenario as the pr10 rows read it: the reference answer,
/// the meeting's time zone, and the people it names who are in no booking.
struct Booked {
    answer: Map<String, Value>,
    zone: String,
    outsiders: Vec<String>,
}

fn booked(answer: Map<String, Value>, observation: Value) -> Booked {
    let payload = &observation["payload"];
    let booked: Vec<String> = match answer.get("bookings") {
        Some(list) => list
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|e| strings(&e["participants"]))
            .collect(),
        None => strings(&answer["participants"]),
    };
    let named = payload["directory"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .chain(
            payload["availability"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|p| p["name"].as_str()),
        );
    let organizer = payload["organizer"].as_str().unwrap_or_default();
    let outsiders = named
        .filter(|n| *n != organizer && !booked.iter().any(|b| b == n))
        .map(str::to_owned)
        .collect();
    Booked {
        zone: payload["timezone"].as_str().unwrap_or_default().to_owned(),
        answer,
        outsiders,
    }
}

type BookedRow = RowOf<Booked>;

/// The answer with every booking rewritten by `f` (the answer itself below
/// level 4, each entry of `bookings` from level 4), `f` saying whether it
/// rewrote it; `None` when it rewrote none.
fn each_booking(
    answer: &Map<String, Value>,
    mut f: impl FnMut(&mut Map<String, Value>) -> bool,
) -> Option<Value> {
    let mut out = answer.clone();
    let changed = match out.get_mut("bookings").and_then(Value::as_array_mut) {
        Some(list) => list
            .iter_mut()
            .filter_map(Value::as_object_mut)
            .fold(false, |changed, entry| f(entry) | changed),
        None => f(&mut out),
    };
    changed.then_some(Value::Object(out))
}

/// The UTC offset in minutes, on the ISO `day`, of an IANA zone the
/// scenarios use or of a city a row names.
fn offset_on(zone: &str, day: &str) -> Option<i32> {
    let day = env_wasm::dates::parse_day(day, 2026)?;
    let of = |zone: &str| match env_wasm::dates::utc_offsets(zone, day).as_slice() {
        [one] => Some(*one),
        _ => None,
    };
    let eu = |standard: i32| Some(standard + of("Europe/Berlin")? - 60);
    let us = |standard: i32| Some(standard + of("America/Chicago")? + 360);
    match zone {
        "London" => eu(0),
        "Paris" => eu(60),
        "Athens" => eu(120),
        "New York" => us(-300),
        "Los Angeles" => us(-480),
        "Mumbai" => Some(330),
        "Tokyo" => Some(540),
        "UTC" => Some(0),
        iana => of(iana),
    }
}

/// Which time a row writes on another clock.
#[derive(Clone, Copy, PartialEq)]
enum OnClock {
    /// The meeting's time converted to that clock.
    Converted,
    /// The meeting's time as it stands, as if the clocks agreed.
    AsIs,
    /// Converted the wrong way.
    Backwards,
}

/// A time a row writes: minutes on the clock written, the booking's ISO
/// day and the meeting's zone.
struct At<'a> {
    minutes: u32,
    day: &'a str,
    zone: &'a str,
}

/// The clock a row writes on, from the meeting's zone and the booking's
/// ISO day: a city of [`offset_on`] or an IANA zone.
type ClockOf = fn(&str, &str) -> Option<String>;

/// The answer with each booking's `fields` written by `write` on the clock
/// `clock` names, as `how` says. `None` where no booking has the fields,
/// where a time leaves its day, or where the clocks agree for a row that
/// writes a time not converted.
fn on_clock(
    b: &Booked,
    clock: ClockOf,
    fields: &[&str],
    how: OnClock,
    write: fn(At) -> Option<String>,
) -> Option<Value> {
    let mut fits = true;
    let answer = each_booking(&b.answer, |e| {
        let Some(day) = e.get("day").and_then(Value::as_str).map(str::to_owned) else {
            return false;
        };
        let other = clock(&b.zone, &day).and_then(|city| offset_on(&city, &day));
        let (Some(own), Some(other)) = (offset_on(&b.zone, &day), other) else {
            fits = false;
            return false;
        };
        if how != OnClock::Converted && own == other {
            fits = false;
        }
        let mut wrote = false;
        for field in fields {
            let Some(at) = e.get(*field).and_then(Value::as_str).map(minutes) else {
                continue;
            };
            let at = i64::from(at);
            let moved = match how {
                OnClock::Converted => at - i64::from(own) + i64::from(other),
                OnClock::AsIs => at,
                OnClock::Backwards => at + i64::from(own) - i64::from(other),
            };
            let text = u32::try_from(moved)
                .ok()
                .filter(|m| *m < 24 * 60)
                .and_then(|minutes| {
                    write(At {
                        minutes,
                        day: &day,
                        zone: &b.zone,
                    })
                });
            match text {
                Some(text) => {
                    e.insert((*field).into(), json!(text));
                    wrote = true;
                }
                None => fits = false,
            }
        }
        wrote
    })?;
    fits.then_some(answer)
}

/// Minutes after midnight on a twelve-hour dial: "2pm", "9:45am".
fn twelve(at: u32) -> String {
    let (hour, minute) = (at / 60, at % 60);
    let (dial, half) = match hour {
        0 => (12, "am"),
        1..=11 => (hour, "am"),
        12 => (12, "pm"),
        _ => (hour - 12, "pm"),
    };
    match minute {
        0 => format!("{dial}{half}"),
        _ => format!("{dial}:{minute:02}{half}"),
    }
}

fn clock(at: &At) -> String {
    env_wasm::dates::clock(at.minutes)
}

/// Whether Europe keeps summer time on the ISO `day`.
fn eu_summer(day: &str) -> Option<bool> {
    Some(offset_on("London", day)? == 60)
}

/// Whether the United States keep daylight time on the ISO `day`.
fn us_summer(day: &str) -> Option<bool> {
    Some(offset_on("New York", day)? == -240)
}

/// The name of IANA `zone` written out as it stands on the ISO `day`.
fn zone_spelled(zone: &str, day: &str) -> Option<&'static str> {
    let (eu, us) = (eu_summer(day)?, us_summer(day)?);
    Some(match zone {
        "Europe/Lisbon" if eu => "Western European Summer Time",
        "Europe/Lisbon" => "Western European Time",
        "Europe/Berlin" if eu => "Central European Summer Time",
        "Europe/Berlin" => "Central European Time",
        "America/Chicago" if us => "Central Daylight Time",
        "America/Chicago" => "Central Standard Time",
        "Asia/Kolkata" => "India Standard Time",
        "Asia/Singapore" => "Singapore Standard Time",
        _ => return None,
    })
}

/// Zones written out, by the city [`offset_on`] knows each by, as they
/// stand on the ISO `day`.
fn spelled_zones(day: &str) -> Option<[(&'static str, &'static str); 4]> {
    let (eu, us) = (eu_summer(day)?, us_summer(day)?);
    Some([
        ("UTC", "Coordinated Universal Time"),
        (
            "Paris",
            match eu {
                true => "Central European Summer Time",
                false => "Central European Time",
            },
        ),
        (
            "New York",
            match us {
                true => "Eastern Daylight Time",
                false => "Eastern Standard Time",
            },
        ),
        (
            "London",
            match eu {
                true => "British Summer Time",
                false => "Greenwich Mean Time",
            },
        ),
    ])
}

/// The first zone of [`spelled_zones`] whose offset on the ISO `day`
/// differs from `zone`'s: (city, its name written out).
fn other_spelled(zone: &str, day: &str) -> Option<(&'static str, &'static str)> {
    let own = offset_on(zone, day)?;
    spelled_zones(day)?
        .into_iter()
        .find(|(city, _)| offset_on(city, day) != Some(own))
}

/// The time followed by the other zone's name ([`other_spelled`]).
fn in_other_spelled(at: At) -> Option<String> {
    let (_, name) = other_spelled(at.zone, at.day)?;
    Some(format!("{} {name}", clock(&at)))
}

fn other_spelled_city(zone: &str, day: &str) -> Option<String> {
    other_spelled(zone, day).map(|(city, _)| city.to_owned())
}

fn own_zone(zone: &str, _: &str) -> Option<String> {
    Some(zone.to_owned())
}

/// `minutes` of offset from UTC as "UTC+1", "UTC+5:30", "UTC-6".
fn utc_text(minutes: i32) -> String {
    let sign = if minutes < 0 { '-' } else { '+' };
    let (h, m) = (minutes.abs() / 60, minutes.abs() % 60);
    match m {
        0 => format!("UTC{sign}{h}"),
        _ => format!("UTC{sign}{h}:{m:02}"),
    }
}

fn london(_: &str, _: &str) -> Option<String> {
    Some("London".into())
}

fn paris(_: &str, _: &str) -> Option<String> {
    Some("Paris".into())
}

fn new_york(_: &str, _: &str) -> Option<String> {
    Some("New York".into())
}

fn mumbai(_: &str, _: &str) -> Option<String> {
    Some("Mumbai".into())
}

fn tokyo(_: &str, _: &str) -> Option<String> {
    Some("Tokyo".into())
}

const BOTH: &[&str] = &["start", "end"];
const START: &[&str] = &["start"];

#[test]
fn pr10_calendar_zones_written_out_and_city_clocks() {
    use OnClock::{AsIs, Backwards, Converted};
    let pass: &[BookedRow] = &[
        // B2: the meeting's own zone written out, in the day's season.
        ("'S <own zone written out>' (the player's)", |b| {
            on_clock(b, own_zone, BOTH, Converted, |at| {
                Some(format!("{} {}", clock(&at), zone_spelled(at.zone, at.day)?))
            })
        }),
        (
            "'<twelve-hour S> (<own zone written out, lower case>)'",
            |b| {
                on_clock(b, own_zone, BOTH, Converted, |at| {
                    let name = zone_spelled(at.zone, at.day)?.to_lowercase();
                    Some(format!("{} ({name})", twelve(at.minutes)))
                })
            },
        ),
        ("'S UTC+H' with the meeting's offset", |b| {
            on_clock(b, own_zone, BOTH, Converted, |at| {
                let own = offset_on(at.zone, at.day)?;
                Some(format!("{} {}", clock(&at), utc_text(own)))
            })
        }),
        ("another zone written out, the time converted", |b| {
            on_clock(b, other_spelled_city, BOTH, Converted, in_other_spelled)
        }),
        ("'S Coordinated Universal Time', converted", |b| {
            on_clock(
                b,
                |_, _| Some("UTC".into()),
                BOTH,
                Converted,
                |at| Some(format!("{} Coordinated Universal Time", clock(&at))),
            )
        }),
        // C2: a city's clock, converted by its zone on the booking's day.
        ("'<twelve-hour S> London time' (the player's)", |b| {
            on_clock(b, london, BOTH, Converted, |at| {
                Some(format!("{} London time", twelve(at.minutes)))
            })
        }),
        ("'S in Paris'", |b| {
            on_clock(b, paris, BOTH, Converted, |at| {
                Some(format!("{} in Paris", clock(&at)))
            })
        }),
        ("'S New York time'", |b| {
            on_clock(b, new_york, BOTH, Converted, |at| {
                Some(format!("{} New York time", twelve(at.minutes)))
            })
        }),
        ("'S (Mumbai local time)'", |b| {
            on_clock(b, mumbai, BOTH, Converted, |at| {
                Some(format!("{} (Mumbai local time)", clock(&at)))
            })
        }),
        ("'S Tokyo time zone'", |b| {
            on_clock(b, tokyo, BOTH, Converted, |at| {
                Some(format!("{} Tokyo time zone", clock(&at)))
            })
        }),
    ];
    let fail: &[BookedRow] = &[
        ("another zone written out, the start not converted", |b| {
            on_clock(b, other_spelled_city, START, AsIs, in_other_spelled)
        }),
        ("another zone written out, converted the wrong way", |b| {
            on_clock(b, other_spelled_city, START, Backwards, in_other_spelled)
        }),
        ("'S UTC+H' an hour off the meeting's offset", |b| {
            on_clock(b, own_zone, START, Converted, |at| {
                let own = offset_on(at.zone, at.day)?;
                Some(format!("{} {}", clock(&at), utc_text(own + 60)))
            })
        }),
        ("own zone written out with a second time offered", |b| {
            on_clock(b, own_zone, START, Converted, |at| {
                let name = zone_spelled(at.zone, at.day)?;
                Some(format!(
                    "{} {name} (or {})",
                    clock(&at),
                    env_wasm::dates::clock(at.minutes + 30)
                ))
            })
        }),
        (
            "'S London time' not converted where London's clock differs",
            |b| {
                on_clock(b, london, START, AsIs, |at| {
                    Some(format!("{} London time", twelve(at.minutes)))
                })
            },
        ),
        ("'S in Paris' converted the wrong way", |b| {
            on_clock(b, paris, START, Backwards, |at| {
                Some(format!("{} in Paris", clock(&at)))
            })
        }),
        ("'S New York time' not converted", |b| {
            on_clock(b, new_york, START, AsIs, |at| {
                Some(format!("{} New York time", clock(&at)))
            })
        }),
        ("'S London time or an hour later'", |b| {
            on_clock(b, london, START, Converted, |at| {
                Some(format!(
                    "{} London time or {}",
                    clock(&at),
                    env_wasm::dates::clock(at.minutes + 60)
                ))
            })
        }),
    ];
    println!(
        "calendar zone rows graded: {}",
        run_with("medium", &[2, 3, 4, 5], booked, pass, fail)
    );
}

/// The answer with each booking's ISO day written by `write` from (day of
/// the month, month, weekday's name); `None` when it wrote none.
fn days_as(a: &Map<String, Value>, write: fn(u32, u32, &str) -> Option<String>) -> Option<Value> {
    each_day(a, |day| {
        let (_, month, date) = day.civil();
        write(date, month, day.weekday_name())
    })
}

/// The answer with each booking's day written by `write` from the day;
/// `None` when it wrote none.
fn each_day(
    a: &Map<String, Value>,
    mut write: impl FnMut(env_wasm::dates::Day) -> Option<String>,
) -> Option<Value> {
    each_booking(a, |e| {
        let Some(day) = e
            .get("day")
            .and_then(Value::as_str)
            .and_then(|iso| env_wasm::dates::parse_day(iso, 2026))
        else {
            return false;
        };
        match write(day) {
            Some(text) => {
                e.insert("day".into(), json!(text));
                true
            }
            None => false,
        }
    })
}

#[test]
fn pr10_calendar_days_without_a_year() {
    let pass: &[Row] = &[
        (
            "'DD/MM' where the day cannot be a month (the player's)",
            |a| days_as(a, |d, m, _| (d > 12).then(|| format!("{d:02}/{m:02}"))),
        ),
        ("'MM/DD' where the day cannot be a month", |a| {
            days_as(a, |d, m, _| (d > 12).then(|| format!("{m:02}/{d:02}")))
        }),
        ("'Wed D/M' without leading zeros", |a| {
            days_as(a, |d, m, w| {
                (d > 12).then(|| format!("{} {d}/{m}", &w[..3]))
            })
        }),
        ("'DD.MM.' (Weekday)", |a| {
            days_as(a, |d, m, w| {
                (d > 12).then(|| format!("{d:02}.{m:02}. ({w})"))
            })
        }),
    ];
    let fail: &[Row] = &[
        ("ambiguous 'DD/MM' (the day could be a month)", |a| {
            days_as(a, |d, m, _| {
                (d <= 12 && d != m).then(|| format!("{d:02}/{m:02}"))
            })
        }),
        (
            "ambiguous 'Thu DD/MM' with the right weekday (the lead's decision)",
            |a| {
                days_as(a, |d, m, w| {
                    (d <= 12 && d != m).then(|| format!("{} {d:02}/{m:02}", &w[..3]))
                })
            },
        ),
        ("'DD/MM' a month on", |a| {
            days_as(a, |d, m, _| {
                (d > 12).then(|| format!("{d:02}/{:02}", m % 12 + 1))
            })
        }),
        ("'DD/MM' with another weekday", |a| {
            days_as(a, |d, m, w| {
                let other = if w == "Monday" { "Tue" } else { "Mon" };
                (d > 12).then(|| format!("{other} {d:02}/{m:02}"))
            })
        }),
        ("'DD/MM or the next day'", |a| {
            days_as(a, |d, m, _| {
                (d > 12 && d < 28).then(|| format!("{d:02}/{m:02} or {:02}/{m:02}", d + 1))
            })
        }),
    ];
    println!(
        "calendar day rows graded: {}",
        run("medium", &[2, 3, 4, 5], pass, fail)
    );
}

/// The answer with each booking's participants written by `write` from
/// the list and the people in no booking; `None` when it wrote none.
fn people_as(b: &Booked, write: fn(&[String], &[String]) -> Option<Value>) -> Option<Value> {
    each_booking(&b.answer, |e| {
        let people = match e.get("participants") {
            Some(list) => strings(list),
            None => return false,
        };
        match write(&people, &b.outsiders) {
            Some(value) => {
                e.insert("participants".into(), value);
                true
            }
            None => false,
        }
    })
}

/// Each person as a key of an object, with `value` for each.
fn keyed(people: &[String], value: fn(usize) -> Value) -> Value {
    Value::Object(
        people
            .iter()
            .enumerate()
            .map(|(k, p)| (p.clone(), value(k)))
            .collect(),
    )
}

/// A booking's start and end as written, when it has both.
fn start_end(e: &Map<String, Value>) -> Option<(String, String)> {
    let text = |key: &str| e.get(key).and_then(Value::as_str).map(str::to_owned);
    Some((text("start")?, text("end")?))
}

/// Each booking's start and end written by `write` from (start, end) in
/// `HH:MM`; `None` when no booking books.
fn span_as(
    a: &Map<String, Value>,
    fields: &[&str],
    write: fn(&str, &str) -> String,
) -> Option<Value> {
    each_booking(a, |e| {
        let Some((start, end)) = start_end(e) else {
            return false;
        };
        for field in fields {
            e.insert((*field).into(), json!(write(&start, &end)));
        }
        true
    })
}

#[test]
fn pr10_calendar_participants_keyed_by_name_and_the_span_as_a_time() {
    let pass: &[BookedRow] = &[
        ("participants {\"Name\": \"role\"} (the player's)", |b| {
            people_as(b, |people, _| {
                Some(keyed(people, |k| {
                    json!(["required", "host", "reviewer"][k % 3])
                }))
            })
        }),
        ("participants {\"Name\": true}", |b| {
            people_as(b, |people, _| Some(keyed(people, |_| json!(true))))
        }),
        ("participants {\"Name\": \"\"} and an outsider false", |b| {
            people_as(b, |people, outsiders| {
                let mut object = keyed(people, |_| json!(""));
                object
                    .as_object_mut()?
                    .insert(outsiders.first()?.clone(), json!(false));
                Some(object)
            })
        }),
        ("start 'S-E' (the player's)", |b| {
            span_as(&b.answer, START, |s, e| format!("{s}-{e}"))
        }),
        ("start 'S \u{2013} E', end 'E'", |b| {
            span_as(&b.answer, START, |s, e| format!("{s} \u{2013} {e}"))
        }),
        ("start and end both 'S to E'", |b| {
            span_as(&b.answer, BOTH, |s, e| format!("{s} to {e}"))
        }),
        ("start 'from S until E' on a twelve-hour dial", |b| {
            span_as(&b.answer, START, |s, e| {
                format!("from {} until {}", twelve(minutes(s)), twelve(minutes(e)))
            })
        }),
    ];
    let fail: &[BookedRow] = &[
        ("participants keyed with an outsider added", |b| {
            people_as(b, |people, outsiders| {
                let mut all = people.to_vec();
                all.push(outsiders.first()?.clone());
                Some(keyed(&all, |_| json!("attendee")))
            })
        }),
        ("participants keyed, one missing", |b| {
            people_as(b, |people, _| {
                (people.len() > 1).then(|| keyed(&people[1..], |_| json!(true)))
            })
        }),
        ("participants grouped {\"required\": [...]}", |b| {
            people_as(b, |people, _| Some(json!({ "required": people })))
        }),
        ("participants keyed, one marked false", |b| {
            people_as(b, |people, _| Some(keyed(people, |k| json!(k != 0))))
        }),
        ("start a span 15 minutes longer than the meeting", |b| {
            span_as(&b.answer, START, |s, e| {
                format!("{s}-{}", env_wasm::dates::clock(minutes(e) + 15))
            })
        }),
        ("start a span 15 minutes shorter than the meeting", |b| {
            span_as(&b.answer, START, |s, e| {
                format!("{s}-{}", env_wasm::dates::clock(minutes(e) - 15))
            })
        }),
        (
            "start a span of the meeting's length 30 minutes later",
            |b| {
                span_as(&b.answer, START, |s, e| {
                    let later = |t: &str| env_wasm::dates::clock(minutes(t) + 30);
                    format!("{}-{}", later(s), later(e))
                })
            },
        ),
        ("start 'S-E or S2-E2'", |b| {
            span_as(&b.answer, START, |s, e| {
                let later = |t: &str| env_wasm::dates::clock(minutes(t) + 60);
                format!("{s}-{e} or {}-{}", later(s), later(e))
            })
        }),
    ];
    println!(
        "calendar participant and span rows graded: {}",
        run_with("medium", &[2, 3, 4, 5], booked, pass, fail)
    );
}

/// The answer with `normalized_total` written by `write` from the total.
fn total_as(a: &Map<String, Value>, write: fn(&str) -> String) -> Option<Value> {
    let total = a.get("normalized_total")?.as_str()?.to_owned();
    with(a, "normalized_total", json!(write(&total)))
}

/// An amount ("15510.12") moved by `cents`, with thousands commas when
/// `grouped` ("15,510.12").
fn amount(total: &str, cents: i64, grouped: bool) -> String {
    let (whole, part) = total.split_once('.').unwrap_or((total, "00"));
    let at = whole.parse::<i64>().unwrap_or(0) * 100 + part.parse::<i64>().unwrap_or(0) + cents;
    let whole = (at / 100).to_string();
    let whole = match grouped {
        false => whole,
        true => {
            let digits: Vec<char> = whole.chars().collect();
            let mut out = String::new();
            for (k, c) in digits.iter().enumerate() {
                if k > 0 && (digits.len() - k).is_multiple_of(3) {
                    out.push(',');
                }
                out.push(*c);
            }
            out
        }
    };
    format!("{whole}.{:02}", at % 100)
}

#[test]
fn pr10_cleaning_counts_and_totals_in_all_and_labelled() {
    let pass: &[Row] = &[
        // B1: a count or total said to be the whole.
        ("'N rows in all' (the player's)", |a| {
            count_as(a, |n| format!("{n} rows in all"))
        }),
        ("'N altogether'", |a| {
            count_as(a, |n| format!("{n} altogether"))
        }),
        ("'N valid rows overall'", |a| {
            count_as(a, |n| format!("{n} valid rows overall"))
        }),
        ("'In all, N.'", |a| count_as(a, |n| format!("In all, {n}."))),
        ("'N records all told'", |a| {
            count_as(a, |n| format!("{n} records all told"))
        }),
        ("'T in all' with thousands commas (the player's)", |a| {
            total_as(a, |t| format!("{} in all", amount(t, 0, true)))
        }),
        ("'$T altogether'", |a| {
            total_as(a, |t| format!("${} altogether", amount(t, 0, false)))
        }),
        ("'T USD overall'", |a| {
            total_as(a, |t| format!("{t} USD overall"))
        }),
        ("'Overall: T'", |a| total_as(a, |t| format!("Overall: {t}"))),
        // C1: a label naming the total asked before it.
        ("'total of valid refunds: T' (the player's)", |a| {
            total_as(a, |t| {
                format!("total of valid refunds: {}", amount(t, 0, true))
            })
        }),
        ("'Sum of the kept refunds: $T'", |a| {
            total_as(a, |t| format!("Sum of the kept refunds: ${t}"))
        }),
        ("'Total for retained rows = T USD'", |a| {
            total_as(a, |t| format!("Total for retained rows = {t} USD"))
        }),
        ("'grand total of the remaining rows -> T'", |a| {
            total_as(a, |t| format!("grand total of the remaining rows -> {t}"))
        }),
        // Another total under a label naming something else is a
        // breakdown, as "11 (removed: 22)" is (play-para-pr9 B3).
        (
            "'total of valid refunds: T; total of all refunds: T+100.00'",
            |a| {
                total_as(a, |t| {
                    format!(
                        "total of valid refunds: {t}; total of all refunds: {}",
                        amount(t, 10000, false)
                    )
                })
            },
        ),
        ("'number of valid rows: N'", |a| {
            count_as(a, |n| format!("number of valid rows: {n}"))
        }),
        ("'count of retained rows = N'", |a| {
            count_as(a, |n| format!("count of retained rows = {n}"))
        }),
    ];
    let fail: &[Row] = &[
        ("'N+1 rows in all'", |a| {
            count_as(a, |n| format!("{} rows in all", n + 1))
        }),
        ("'about N altogether'", |a| {
            count_as(a, |n| format!("about {n} altogether"))
        }),
        ("'N in all, N+1 overall'", |a| {
            count_as(a, |n| format!("{n} in all, {} overall", n + 1))
        }),
        ("'T+0.01 in all'", |a| {
            total_as(a, |t| format!("{} in all", amount(t, 1, true)))
        }),
        ("'T in all (T+1.00 overall)'", |a| {
            total_as(a, |t| {
                format!("{t} in all ({} overall)", amount(t, 100, false))
            })
        }),
        ("'not T in all'", |a| {
            total_as(a, |t| format!("not {t} in all"))
        }),
        ("'total of dropped refunds: T'", |a| {
            total_as(a, |t| format!("total of dropped refunds: {t}"))
        }),
        ("'total before cleaning: T'", |a| {
            total_as(a, |t| format!("total before cleaning: {t}"))
        }),
        ("'approximate total of valid refunds: T'", |a| {
            total_as(a, |t| format!("approximate total of valid refunds: {t}"))
        }),
        ("'total of valid refunds: T or T+1.00'", |a| {
            total_as(a, |t| {
                format!("total of valid refunds: {t} or {}", amount(t, 100, false))
            })
        }),
        (
            "'total of valid refunds: T; total of kept refunds: T+100.00'",
            |a| {
                total_as(a, |t| {
                    format!(
                        "total of valid refunds: {t}; total of kept refunds: {}",
                        amount(t, 10000, false)
                    )
                })
            },
        ),
        ("'number of dropped rows: N'", |a| {
            count_as(a, |n| format!("number of dropped rows: {n}"))
        }),
        ("'number of valid rows: N+1'", |a| {
            count_as(a, |n| format!("number of valid rows: {}", n + 1))
        }),
    ];
    println!(
        "cleaning rows graded: {}",
        run("hard", &[1, 2, 3, 4, 5], pass, fail)
    );
}

/// The answer with the set `key` as an object keyed by its items, each
/// with `value`.
fn set_keyed(a: &Map<String, Value>, key: &str, value: fn(usize) -> Value) -> Option<Value> {
    let items = strings(a.get(key)?);
    (!items.is_empty()).then(|| with(a, key, keyed(&items, value)))?
}

#[test]
fn pr10_cleaning_sets_keyed_by_their_items() {
    let pass: &[Row] = &[
        ("duplicate_ids {\"id\": \"why\"}", |a| {
            set_keyed(a, "duplicate_ids", |k| {
                json!(format!("repeated on row {}", k + 4))
            })
        }),
        ("invalid_emails {\"email\": true}", |a| {
            set_keyed(a, "invalid_emails", |_| json!(true))
        }),
    ];
    let fail: &[Row] = &[
        ("retained_ids keyed (an object keeps no order)", |a| {
            set_keyed(a, "retained_ids", |_| json!("kept"))
        }),
        ("duplicate_ids keyed with a wrong id", |a| {
            let mut items = strings(a.get("duplicate_ids")?);
            items.push("zz999".into());
            with(a, "duplicate_ids", keyed(&items, |_| json!("dup")))
        }),
        ("invalid_emails grouped {\"invalid\": [...]}", |a| {
            let items = a.get("invalid_emails")?.clone();
            with(a, "invalid_emails", json!({ "invalid": items }))
        }),
    ];
    println!(
        "cleaning set rows graded: {}",
        run("hard", &[2, 3, 4, 5], pass, fail)
    );
}

/// The answer with each booking's start and end written by `write` from
/// (start, end) in `HH:MM`, each into its own field; `None` when no
/// booking books.
fn edges_as(a: &Map<String, Value>, write: fn(&str, &str) -> (String, String)) -> Option<Value> {
    each_booking(a, |e| {
        let Some((start, end)) = start_end(e) else {
            return false;
        };
        let (start, end) = write(&start, &end);
        e.insert("start".into(), json!(start));
        e.insert("end".into(), json!(end));
        true
    })
}

/// `HH:MM` moved by `by` minutes.
fn moved_by(t: &str, by: u32) -> String {
    env_wasm::dates::clock(minutes(t) + by)
}

#[test]
fn pr12_calendar_times_after_a_preposition() {
    let pass: &[Row] = &[
        ("start 'from S', end 'until E' (the player's)", |a| {
            edges_as(a, |s, e| (format!("from {s}"), format!("until {e}")))
        }),
        ("start 'starting at S', end 'ending at E'", |a| {
            edges_as(a, |s, e| {
                (format!("starting at {s}"), format!("ending at {e}"))
            })
        }),
        ("start 'At S', end 'By E'", |a| {
            edges_as(a, |s, e| (format!("At {s}"), format!("By {e}")))
        }),
        (
            "start 'from 10am', end 'till 11am' on a twelve-hour dial",
            |a| {
                edges_as(a, |s, e| {
                    (
                        format!("from {}", twelve(minutes(s))),
                        format!("till {}", twelve(minutes(e))),
                    )
                })
            },
        ),
        ("start 'Starts at S (after the drill)', end 'to E'", |a| {
            edges_as(a, |s, e| {
                (
                    format!("Starts at {s} (after the drill)"),
                    format!("to {e}"),
                )
            })
        }),
        ("start 'at S sharp', end 'ends at E'", |a| {
            edges_as(a, |s, e| (format!("at {s} sharp"), format!("ends at {e}")))
        }),
        ("start 'Start: from S', end 'at E'", |a| {
            edges_as(a, |s, e| (format!("Start: from {s}"), format!("at {e}")))
        }),
        (
            "start and end 'at S-E' (a span of the meeting's length)",
            |a| edges_as(a, |s, e| (format!("at {s}-{e}"), format!("at {s}-{e}"))),
        ),
    ];
    let fail: &[Row] = &[
        ("start 'from S or S+60'", |a| {
            edges_as(a, |s, e| {
                (format!("from {s} or {}", moved_by(s, 60)), e.into())
            })
        }),
        ("start 'at S+30'", |a| {
            edges_as(a, |s, e| (format!("at {}", moved_by(s, 30)), e.into()))
        }),
        (
            "start 'starting at S', end 'ending at E+15' (another length)",
            |a| {
                edges_as(a, |s, e| {
                    (
                        format!("starting at {s}"),
                        format!("ending at {}", moved_by(e, 15)),
                    )
                })
            },
        ),
        ("start 'by S' (a deadline, not a start)", |a| {
            edges_as(a, |s, e| (format!("by {s}"), e.into()))
        }),
        ("start 'until S' (an end's word on a start)", |a| {
            edges_as(a, |s, e| (format!("until {s}"), e.into()))
        }),
        ("end 'from E' (a start's word on an end)", |a| {
            edges_as(a, |s, e| (s.into(), format!("from {e}")))
        }),
        ("start 'not at S'", |a| {
            edges_as(a, |s, e| (format!("not at {s}"), e.into()))
        }),
        ("start 'at around S'", |a| {
            edges_as(a, |s, e| (format!("at around {s}"), e.into()))
        }),
        ("start 'from S at the latest'", |a| {
            edges_as(a, |s, e| (format!("from {s} at the latest"), e.into()))
        }),
        (
            "start 'from S to E+15' (a span longer than the meeting)",
            |a| {
                edges_as(a, |s, e| {
                    (format!("from {s} to {}", moved_by(e, 15)), e.into())
                })
            },
        ),
        ("start 'at S-E+15' (a span longer than the meeting)", |a| {
            edges_as(a, |s, e| (format!("at {s}-{}", moved_by(e, 15)), e.into()))
        }),
    ];
    println!(
        "calendar preposition rows graded: {}",
        run("medium", &[1, 2, 3, 4, 5], pass, fail)
    );
}

// The classes of play-para-pr13 (issue 21, round 19, levels 4-5), in other
// wordings than the player's: noon written with the clock it names in
// digits or words ("twelve noon", "12 midday"; B1), and a dotted numeric
// day read day first ("01.06.2026"; C1, the lead's decision).

/// The answer with each booking's `start` and `end` that is noon
/// rewritten by `write` from (the field, the booking's start, its end);
/// `None` when no edge is at noon, or when `write` declines.
fn noon_as(a: &Map<String, Value>, write: fn(&str, &str, &str) -> Option<String>) -> Option<Value> {
    let mut fits = true;
    let answer = each_booking(a, |e| {
        let Some((start, end)) = start_end(e) else {
            return false;
        };
        let mut wrote = false;
        for (field, at) in [("start", &start), ("end", &end)] {
            if at != "12:00" {
                continue;
            }
            match write(field, &start, &end) {
                Some(text) => {
                    e.insert(field.into(), json!(text));
                    wrote = true;
                }
                None => fits = false,
            }
        }
        wrote
    })?;
    fits.then_some(answer)
}

/// The answer with one edge of every booking written by `write` from
/// that edge in `HH:MM` (the start, or the end where the start is noon);
/// `None` when `write` declines for every booking.
fn one_edge_as(a: &Map<String, Value>, write: fn(&str) -> Option<String>) -> Option<Value> {
    each_booking(a, |e| {
        let Some((start, end)) = start_end(e) else {
            return false;
        };
        let (field, at) = match start.as_str() {
            "12:00" => ("end", end),
            _ => ("start", start),
        };
        match write(&at) {
            Some(text) => {
                e.insert(field.into(), json!(text));
                true
            }
            None => false,
        }
    })
}

/// The hour of `HH:MM` on a twelve-hour dial, in words.
fn hour_word(at: &str) -> &'static str {
    const WORDS: [&str; 12] = [
        "twelve", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven",
    ];
    WORDS[(minutes(at) / 60 % 12) as usize]
}

/// Seeds for the noon rows: few bookings start or end at noon.
const NOON_SEEDS: std::ops::Range<u64> = 0..40;

#[test]
fn pr13_calendar_noon_with_the_clock_it_names() {
    let pass: &[Row] = &[
        ("'twelve noon' (the player's)", |a| {
            noon_as(a, |_, _, _| Some("twelve noon".into()))
        }),
        ("'12.00 midday'", |a| {
            noon_as(a, |_, _, _| Some("12.00 midday".into()))
        }),
        ("'Twelve o'clock midday'", |a| {
            noon_as(a, |_, _, _| Some("Twelve o'clock midday".into()))
        }),
        ("'12h00 noon'", |a| {
            noon_as(a, |_, _, _| Some("12h00 noon".into()))
        }),
        ("'12 mid-day'", |a| {
            noon_as(a, |_, _, _| Some("12 mid-day".into()))
        }),
        ("'12 p.m. midday'", |a| {
            noon_as(a, |_, _, _| Some("12 p.m. midday".into()))
        }),
        ("'at twelve noon' / 'until twelve midday'", |a| {
            noon_as(a, |field, _, _| {
                Some(match field {
                    "start" => "at twelve noon".into(),
                    _ => "until twelve midday".into(),
                })
            })
        }),
        ("the span 'S to twelve noon' / 'twelve noon-E'", |a| {
            noon_as(a, |field, s, e| {
                Some(match field {
                    "start" => format!("twelve noon-{e}"),
                    _ => format!("{s} to twelve noon"),
                })
            })
        }),
        ("'twelve midday' with the meeting's own zone", |a| {
            noon_as(a, |_, _, _| Some("twelve midday (local time)".into()))
        }),
    ];
    let fail: &[Row] = &[
        ("'eleven noon' (a clock the word contradicts)", |a| {
            noon_as(a, |_, _, _| Some("eleven noon".into()))
        }),
        ("'12:30 midday'", |a| {
            noon_as(a, |_, _, _| Some("12:30 midday".into()))
        }),
        ("'twelve thirty noon'", |a| {
            noon_as(a, |_, _, _| Some("twelve thirty noon".into()))
        }),
        ("'twelve midnight' for noon", |a| {
            noon_as(a, |_, _, _| Some("twelve midnight".into()))
        }),
        ("'midnight' for noon", |a| {
            noon_as(a, |_, _, _| Some("midnight".into()))
        }),
        ("'12 am noon'", |a| {
            noon_as(a, |_, _, _| Some("12 am noon".into()))
        }),
        ("'twelve noon or 1pm' (a hedge)", |a| {
            noon_as(a, |_, _, _| Some("twelve noon or 1pm".into()))
        }),
        ("'11:00 twelve noon' (two times)", |a| {
            noon_as(a, |_, _, _| Some("11:00 twelve noon".into()))
        }),
        ("'around twelve noon'", |a| {
            noon_as(a, |_, _, _| Some("around twelve noon".into()))
        }),
        ("'not twelve noon'", |a| {
            noon_as(a, |_, _, _| Some("not twelve noon".into()))
        }),
        ("an edge's own hour before 'noon' ('10 noon')", |a| {
            one_edge_as(a, |at| {
                minutes(at)
                    .is_multiple_of(60)
                    .then(|| format!("{} noon", &at[..2]))
            })
        }),
        ("an edge's own hour in words before 'midday'", |a| {
            one_edge_as(a, |at| {
                minutes(at)
                    .is_multiple_of(60)
                    .then(|| format!("{} midday", hour_word(at)))
            })
        }),
        ("'twelve noon' for an edge that is not noon", |a| {
            one_edge_as(a, |_| Some("twelve noon".into()))
        }),
    ];
    let graded = run_over("medium", &[1, 2, 3, 4, 5], NOON_SEEDS, |a, _| a, pass, fail);
    println!("calendar noon rows graded: {graded}");
}

/// A booking's day as the dotted-day rows write it: the day, and its
/// year, month and day of the month.
type Ymd = (env_wasm::dates::Day, i64, u32, u32);

/// The answer with each booking's day written by `write`; `None` when it
/// wrote none. With `two_ways`, only days whose day of the month could be
/// a month other than its own (a slashed form of them reads two ways).
fn day_as(
    a: &Map<String, Value>,
    two_ways: bool,
    write: fn(Ymd) -> Option<String>,
) -> Option<Value> {
    each_day(a, |day| {
        let (y, m, d) = day.civil();
        match two_ways && (d > 12 || d == m) {
            true => None,
            false => write((day, y, m, d)),
        }
    })
}

#[test]
fn pr13_calendar_dotted_days_are_day_first() {
    use env_wasm::dates::Day;
    let pass: &[Row] = &[
        ("'DD.MM.YYYY' (the player's)", |a| {
            day_as(a, true, |(_, y, m, d)| Some(format!("{d:02}.{m:02}.{y}")))
        }),
        ("'D.M.YYYY'", |a| {
            day_as(a, true, |(_, y, m, d)| Some(format!("{d}.{m}.{y}")))
        }),
        ("'Weekday, DD.MM.YYYY'", |a| {
            day_as(a, true, |(day, y, m, d)| {
                Some(format!("{}, {d:02}.{m:02}.{y}", day.weekday_name()))
            })
        }),
        ("'DD.MM.' without a year", |a| {
            day_as(a, true, |(_, _, m, d)| Some(format!("{d:02}.{m:02}.")))
        }),
        ("'Wkd D.M.' without a year", |a| {
            day_as(a, true, |(day, _, m, d)| {
                Some(format!("{} {d}.{m}.", &day.weekday_name()[..3]))
            })
        }),
    ];
    let fail: &[Row] = &[
        (
            "'DD/MM/YYYY' that reads two ways (slashes stay refused)",
            |a| day_as(a, true, |(_, y, m, d)| Some(format!("{d:02}/{m:02}/{y}"))),
        ),
        ("'MM.DD.YYYY' (month first with dots: another day)", |a| {
            day_as(a, true, |(_, y, m, d)| Some(format!("{m:02}.{d:02}.{y}")))
        }),
        ("'DD.MM.YYYY' a month on", |a| {
            day_as(a, false, |(_, y, m, d)| {
                Some(format!("{d:02}.{:02}.{y}", m % 12 + 1))
            })
        }),
        ("'31.MM.YYYY' in a month of 30 days (no such day)", |a| {
            day_as(a, false, |(_, y, m, _)| {
                Day::from_civil(y, m, 31)
                    .is_none()
                    .then(|| format!("31.{m:02}.{y}"))
            })
        }),
        ("'DD.MM.YYYY' with another weekday", |a| {
            day_as(a, false, |(day, y, m, d)| {
                let other = match day.weekday_name() {
                    "Monday" => "Tue",
                    _ => "Mon",
                };
                Some(format!("{other} {d:02}.{m:02}.{y}"))
            })
        }),
        ("'DD.MM.YYYY or the next day'", |a| {
            day_as(a, false, |(day, y, m, d)| {
                let (y2, m2, d2) = day.plus(1).civil();
                Some(format!("{d:02}.{m:02}.{y} or {d2:02}.{m2:02}.{y2}"))
            })
        }),
    ];
    println!(
        "calendar dotted day rows graded: {}",
        run("medium", &[1, 2, 3, 4, 5], pass, fail)
    );
}

/// A command line built around the reference answer's JSON text.
type LineRow = (&'static str, fn(&str) -> String);

/// `text` cut to two thirds of its characters (inside the object, so any
/// nested object before the cut is whole and the outer one is not).
fn cut_short(text: &str) -> String {
    text.chars().take(text.chars().count() * 2 / 3).collect()
}

/// Whether the last step of `env` was refused as malformed.
fn malformed(observation: &Value) -> bool {
    ["last_feedback", "feedback"].iter().any(|key| {
        observation[*key]
            .as_str()
            .is_some_and(|text| text.starts_with("Malformed action"))
    })
}

/// play-para-pr14 A: text before the one JSON object of `final:` or
/// `propose:` (a label, a sentence, a heading, a code fence) is read as the
/// object, as text after it is; two objects, none, an object cut short or
/// a list holding it stay refused, with what to send.
#[test]
fn prose_before_the_one_object_is_read_and_two_or_none_are_refused() {
    let pass: &[LineRow] = &[
        ("a label on its own line", |o| {
            format!("final: My classification:\n{o}")
        }),
        ("a heading, a sentence and a fenced block", |o| {
            format!("final: ### Result\nChecked twice against the rules.\n\n```json\n{o}\n```")
        }),
        ("a sentence with a brace aside that is no JSON", |o| {
            format!("final: Having read it all {{the thread and the payload}}, I submit {o}")
        }),
        ("italic lead-in and prose after", |o| {
            format!("final: _JSON follows._ {o} That is my answer.")
        }),
        ("upper-case prefix, 'Here it is ->'", |o| {
            format!("FINAL: Here it is -> {o}")
        }),
    ];
    let fail: &[LineRow] = &[
        ("an object inside the prose, then the answer", |o| {
            format!("final: I first wrote {{\"label\": \"work\"}} but the answer is {o}")
        }),
        ("prose, the answer, prose, the answer again", |o| {
            format!("final: Answer: {o} or, to be safe, {o}")
        }),
        ("prose then two objects back to back", |o| {
            format!("final: Answer: {o}{o}")
        }),
        ("prose and no object", |_| {
            "final: Answer: spam, low priority, no reply needed.".to_owned()
        }),
        ("prose and an object cut short", |o| {
            format!("final: Answer: {}", cut_short(o))
        }),
        ("a fence holding an object cut short", |o| {
            format!("final: **Summary**\n```json\n{}\n```", cut_short(o))
        }),
        ("a list holding the object", |o| format!("final: [{o}]")),
        ("prose then a retraction after the object", |o| {
            format!("final: Answer: {o} Scratch that.")
        }),
    ];
    let mut graded = 0;
    let mut failures = std::collections::BTreeSet::new();
    for task in ["easy", "medium", "hard"] {
        for level in 1..=5 {
            for seed in 0..3 {
                let plain = reference_final(&start_at(task, level, seed).0);
                let object = plain.strip_prefix("final:").unwrap_or(&plain).trim();
                let full = {
                    let mut env = start_at(task, level, seed).0;
                    productivity_support::step(&mut env, &plain);
                    env.terminal_score().unwrap_or(f64::NAN)
                };
                for (name, line) in pass {
                    let raw = line(object);
                    let mut env = start_at(task, level, seed).0;
                    let (_, observation, _) = productivity_support::step(&mut env, &raw);
                    let score = env.terminal_score();
                    if !score.is_some_and(|s| (s - full).abs() < 1e-9) {
                        failures.insert(format!(
                            "pass row {name:?} ({task} L{level} seed {seed}): {score:?}, \
                             plain {full}: {}",
                            observation["last_feedback"]
                        ));
                    }
                    // The same text as a draft is read as the draft.
                    let draft = raw
                        .replacen("final:", "propose:", 1)
                        .replacen("FINAL:", "propose:", 1);
                    let mut env = start_at(task, level, seed).0;
                    let (_, observation, _) = productivity_support::step(&mut env, &draft);
                    if malformed(&observation) {
                        failures.insert(format!(
                            "draft row {name:?} ({task} L{level} seed {seed}): {}",
                            observation["last_feedback"]
                        ));
                    }
                    graded += 1;
                }
                for (name, line) in fail {
                    let mut env = start_at(task, level, seed).0;
                    let (_, observation, _) = productivity_support::step(&mut env, &line(object));
                    let feedback = observation["last_feedback"].as_str().unwrap_or_default();
                    if !malformed(&observation) || env.terminal_score().is_some() {
                        failures.insert(format!(
                            "fail row {name:?} ({task} L{level} seed {seed}) was read: {feedback}"
                        ));
                    } else if !feedback.contains("send") {
                        failures.insert(format!(
                            "fail row {name:?}: the refusal says what to send: {feedback}"
                        ));
                    }
                }
            }
        }
    }
    println!("command rows graded: {graded}");
    // One line per row and reason (the first scenario it failed on).
    let mut seen = std::collections::BTreeSet::new();
    let firsts: Vec<&String> = failures
        .iter()
        .filter(|line| seen.insert(line.split(" (").next().unwrap_or_default().to_owned()))
        .collect();
    assert!(
        failures.is_empty(),
        "{} failures:\n{firsts:#?}",
        failures.len()
    );
}

// play-pr25 B1: a lead-in before a list's first item ("Required: Malik,
// ...", "all four: ...", "Duplicates: z349, ...", "In table order: y310,
// ...", ["Required: Malik", ...]) is no part of that item, in any words; a
// lead-in that denies, hedges or keeps the items apart ("Not invited:",
// "Maybe:", "Optional:", "Removed:") is none, and an item that is itself
// wrong after a lead-in stays wrong.

/// The booking's participants rewritten by `write` (`false` when it has
/// none).
fn participants_as(entry: &mut Map<String, Value>, write: impl Fn(&[String]) -> Value) -> bool {
    let people = entry.get("participants").map(strings).unwrap_or_default();
    if people.is_empty() {
        return false;
    }
    entry.insert("participants".into(), write(&people));
    true
}

/// `items` joined with commas and "and" before the last.
fn and_joined(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[test]
fn pr25_a_lead_in_before_the_first_participant_is_no_name() {
    let pass: &[BookedRow] = &[
        ("'all four: A, B, ...'", |c| {
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    let n = productivity_support::in_words(p.len() as u64);
                    json!(format!("all {n}: {}", p.join(", ")))
                })
            })
        }),
        ("'Required: A, B, ...'", |c| {
            each_booking(&c.answer, |e| {
                participants_as(e, |p| json!(format!("Required: {}", p.join(", "))))
            })
        }),
        ("'The N required people: A, B and C'", |c| {
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    let n = productivity_support::in_words(p.len() as u64);
                    json!(format!("The {n} required people: {}", and_joined(p)))
                })
            })
        }),
        ("[\"Required: A\", \"B\", ...]", |c| {
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    let mut list = p.to_vec();
                    list[0] = format!("Required: {}", list[0]);
                    json!(list)
                })
            })
        }),
        ("'Invitees - A, B, ...'", |c| {
            each_booking(&c.answer, |e| {
                participants_as(e, |p| json!(format!("Invitees - {}", p.join(", "))))
            })
        }),
        ("a lead-in line over one name a line", |c| {
            each_booking(&c.answer, |e| {
                participants_as(e, |p| json!(format!("Required people:\n{}", p.join("\n"))))
            })
        }),
        ("'Everyone who must attend: A; B; ...'", |c| {
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    json!(format!("Everyone who must attend: {}", p.join("; ")))
                })
            })
        }),
    ];
    let fail: &[BookedRow] = &[
        ("'Required: A, B, ..., someone uninvited'", |c| {
            let outsider = c.outsiders.first()?.clone();
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    json!(format!("Required: {}, {outsider}", p.join(", ")))
                })
            })
        }),
        ("'Required: someone uninvited, B, ...'", |c| {
            let outsider = c.outsiders.first()?.clone();
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    let mut list = p.to_vec();
                    list[0] = outsider.clone();
                    json!(format!("Required: {}", list.join(", ")))
                })
            })
        }),
        ("'Required: A, B' without the last", |c| {
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    json!(format!("Required: {}", p[..p.len() - 1].join(", ")))
                })
            })
        }),
        ("'Not invited: A, B, ...'", |c| {
            each_booking(&c.answer, |e| {
                participants_as(e, |p| json!(format!("Not invited: {}", p.join(", "))))
            })
        }),
        ("'Optional: A, B, ...'", |c| {
            each_booking(&c.answer, |e| {
                participants_as(e, |p| json!(format!("Optional: {}", p.join(", "))))
            })
        }),
        ("'Maybe: A, B, ...'", |c| {
            each_booking(&c.answer, |e| {
                participants_as(e, |p| json!(format!("Maybe: {}", p.join(", "))))
            })
        }),
    ];
    for (task_levels, name) in [(&[1u8, 2, 3][..], "one booking"), (&[4, 5][..], "bookings")] {
        let graded = run_with("medium", task_levels, booked, pass, fail);
        println!("calendar ({name}) rows graded: {graded}");
    }
}

/// The list in `key` (at least one item) rewritten by `write`.
fn list_as(a: &Map<String, Value>, key: &str, write: impl Fn(&[String]) -> Value) -> Option<Value> {
    let items = strings(a.get(key)?);
    if items.is_empty() {
        return None;
    }
    with(a, key, write(&items))
}

#[test]
fn pr25_a_lead_in_before_the_first_id_or_email_is_no_item() {
    let pass: &[Row] = &[
        ("'Duplicates: a, b'", |a| {
            list_as(a, "duplicate_ids", |d| {
                json!(format!("Duplicates: {}", d.join(", ")))
            })
        }),
        ("'In table order: a, b, ...'", |a| {
            list_as(a, "retained_ids", |r| {
                json!(format!("In table order: {}", r.join(", ")))
            })
        }),
        ("[\"Duplicates: a\", \"b\"]", |a| {
            list_as(a, "duplicate_ids", |d| {
                let mut list = d.to_vec();
                list[0] = format!("Duplicates: {}", list[0]);
                json!(list)
            })
        }),
        ("'Invalid ones: x, y'", |a| {
            list_as(a, "invalid_emails", |e| {
                json!(format!("Invalid ones: {}", e.join(", ")))
            })
        }),
        ("'Kept in table order:' on a line over one id a line", |a| {
            list_as(a, "retained_ids", |r| {
                json!(format!("Kept in table order:\n{}", r.join("\n")))
            })
        }),
        ("'Rows kept - a, b, ...'", |a| {
            list_as(a, "retained_ids", |r| {
                json!(format!("Rows kept - {}", r.join(", ")))
            })
        }),
        ("'The 3 repeated ids: a, b and c'", |a| {
            list_as(a, "duplicate_ids", |d| {
                json!(format!("The {} repeated ids: {}", d.len(), and_joined(d)))
            })
        }),
    ];
    let fail: &[Row] = &[
        ("'Removed: a, b, ...' for the kept ids", |a| {
            list_as(a, "retained_ids", |r| {
                json!(format!("Removed: {}", r.join(", ")))
            })
        }),
        ("'Duplicates: zz999, b, ...' (an unknown id first)", |a| {
            list_as(a, "duplicate_ids", |d| {
                let mut list = d.to_vec();
                list[0] = "zz999".to_owned();
                json!(format!("Duplicates: {}", list.join(", ")))
            })
        }),
        ("'Duplicates: a, b, a kept id that is no duplicate'", |a| {
            let dups = strings(a.get("duplicate_ids")?);
            let kept = strings(a.get("retained_ids")?);
            let other = kept.iter().find(|id| !dups.contains(id))?.clone();
            list_as(a, "duplicate_ids", |d| {
                json!(format!("Duplicates: {}, {other}", d.join(", ")))
            })
        }),
        ("'Not kept: a, b, ...' for the kept ids", |a| {
            list_as(a, "retained_ids", |r| {
                json!(format!("Not kept: {}", r.join(", ")))
            })
        }),
        ("'Maybe: a, b'", |a| {
            list_as(a, "duplicate_ids", |d| {
                json!(format!("Maybe: {}", d.join(", ")))
            })
        }),
    ];
    println!(
        "cleaning rows graded: {}",
        run("hard", &[3, 4, 5], pass, fail)
    );
}

// play-pr25 C1: a one-value field's value after a lead-in that is no value
// of the field ("Booked: Quartz", "Room booked: Quartz", "Venue - Quartz",
// "Starts: 14:00") is that value, as after the field's own name; a lead-in
// that hedges or offers ("Maybe:", "Backup:", "Not booked:"), a second
// value after it and a wrong value after it are not, and a colon inside
// a value ("14:00") is no lead-in's.

/// The booking's `key` rewritten by `write` from its reference text.
fn field_as(entry: &mut Map<String, Value>, key: &str, write: fn(&str) -> String) -> bool {
    let Some(text) = entry.get(key).and_then(Value::as_str).map(str::to_owned) else {
        return false;
    };
    entry.insert(key.into(), json!(write(&text)));
    true
}

#[test]
fn pr25_a_booking_value_after_a_lead_in_is_the_value() {
    let pass: &[BookedRow] = &[
        ("room 'Booked: Q'", |c| {
            each_booking(&c.answer, |e| {
                field_as(e, "room", |r| format!("Booked: {r}"))
            })
        }),
        ("room 'Room booked: Q'", |c| {
            each_booking(&c.answer, |e| {
                field_as(e, "room", |r| format!("Room booked: {r}"))
            })
        }),
        ("room 'Venue - Q'", |c| {
            each_booking(&c.answer, |e| {
                field_as(e, "room", |r| format!("Venue - {r}"))
            })
        }),
        ("room 'Reserved \u{2013} Q'", |c| {
            each_booking(&c.answer, |e| {
                field_as(e, "room", |r| format!("Reserved \u{2013} {r}"))
            })
        }),
        ("room 'Location: the Q room'", |c| {
            each_booking(&c.answer, |e| {
                field_as(e, "room", |r| format!("Location: the {r} room"))
            })
        }),
        ("start 'Starts: HH:MM'", |c| {
            each_booking(&c.answer, |e| {
                field_as(e, "start", |t| format!("Starts: {t}"))
            })
        }),
        ("day 'Date chosen: YYYY-MM-DD'", |c| {
            each_booking(&c.answer, |e| {
                field_as(e, "day", |d| format!("Date chosen: {d}"))
            })
        }),
    ];
    let fail: &[BookedRow] = &[
        ("room 'Maybe: Q'", |c| {
            each_booking(&c.answer, |e| {
                field_as(e, "room", |r| format!("Maybe: {r}"))
            })
        }),
        ("room 'Backup: Q'", |c| {
            each_booking(&c.answer, |e| {
                field_as(e, "room", |r| format!("Backup: {r}"))
            })
        }),
        ("room 'Not booked: Q'", |c| {
            each_booking(&c.answer, |e| {
                field_as(e, "room", |r| format!("Not booked: {r}"))
            })
        }),
        ("room 'Booked: Q (or any free room)'", |c| {
            each_booking(&c.answer, |e| {
                field_as(e, "room", |r| format!("Booked: {r} (or any free room)"))
            })
        }),
        ("start 'Starts: ' a quarter later", |c| {
            each_booking(&c.answer, |e| {
                field_as(e, "start", |t| {
                    let at = minutes(t) + 15;
                    format!("Starts: {:02}:{:02}", at / 60, at % 60)
                })
            })
        }),
    ];
    for (levels, name) in [(&[1u8, 2, 3][..], "one booking"), (&[4, 5][..], "bookings")] {
        let graded = run_with("medium", levels, booked, pass, fail);
        println!("calendar ({name}) rows graded: {graded}");
    }
}

#[test]
fn pr25_an_email_or_cleaning_value_after_a_lead_in_is_the_value() {
    let email_pass: &[Row] = &[
        ("label 'Category: X'", |a| {
            let l = a.get("label")?.as_str()?;
            with(a, "label", json!(format!("Category: {l}")))
        }),
        ("priority 'Urgency - X'", |a| {
            let p = a.get("priority")?.as_str()?;
            with(a, "priority", json!(format!("Urgency - {p}")))
        }),
        ("needs_reply 'Reply expected: X'", |a| {
            let r = a.get("needs_reply")?.as_str()?;
            with(a, "needs_reply", json!(format!("Reply expected: {r}")))
        }),
    ];
    let email_fail: &[Row] = &[
        ("priority 'Maybe: X'", |a| {
            let p = a.get("priority")?.as_str()?;
            with(a, "priority", json!(format!("Maybe: {p}")))
        }),
        (
            "priority after another priority ('low priority: high')",
            |a| {
                let p = a.get("priority")?.as_str()?;
                let other = if p == "low" { "high" } else { "low" };
                with(a, "priority", json!(format!("{other} priority: {p}")))
            },
        ),
    ];
    println!(
        "email rows graded: {}",
        run("easy", &[3, 5], email_pass, email_fail)
    );
    let cleaning_pass: &[Row] = &[
        ("valid_rows 'Rows kept: n'", |a| {
            let n = a.get("valid_rows")?.as_u64()?;
            with(a, "valid_rows", json!(format!("Rows kept: {n}")))
        }),
        ("total 'Sum after cleaning: X'", |a| {
            let t = a.get("normalized_total")?.as_str()?;
            with(
                a,
                "normalized_total",
                json!(format!("Sum after cleaning: {t}")),
            )
        }),
    ];
    let cleaning_fail: &[Row] = &[
        ("valid_rows 'Rows kept: n+1'", |a| {
            let n = a.get("valid_rows")?.as_u64()?;
            with(a, "valid_rows", json!(format!("Rows kept: {}", n + 1)))
        }),
        ("valid_rows 'Alternatively: n'", |a| {
            let n = a.get("valid_rows")?.as_u64()?;
            with(a, "valid_rows", json!(format!("Alternatively: {n}")))
        }),
    ];
    println!(
        "cleaning rows graded: {}",
        run("hard", &[3, 5], cleaning_pass, cleaning_fail)
    );
}

// play-pr25 X2: a comment after the answer object that gives a field
// another value ("Note: on reflection the priority should really be
// high.") is a second value of that field, so the field earns nothing; a
// comment that revises nothing ("I chose low because ...", "Let me know if
// you need anything else", what it would be under other facts, the same
// value again) keeps full credit.

/// A row that writes a comment after the reference answer.
type CommentRow = (&'static str, fn(&Map<String, Value>) -> Option<String>);

/// Grade the reference answer with each row's comment after it, over
/// [`SEEDS`] at `levels`: pass rows full, fail rows below full.
fn run_comments(task: &str, levels: &[u8], pass: &[CommentRow], fail: &[CommentRow]) -> usize {
    let mut wrong = Vec::new();
    let mut graded = 0;
    for &level in levels {
        for seed in SEEDS {
            let reference = reference_at(task, level, seed);
            for (side, rows) in [("pass", pass), ("fail", fail)] {
                for (name, comment) in rows {
                    let Some(comment) = comment(&reference) else {
                        continue;
                    };
                    graded += 1;
                    let raw = format!("final: {} {comment}", Value::Object(reference.clone()));
                    let mut env = start_at(task, level, seed).0;
                    productivity_support::step(&mut env, &raw);
                    let score = env.terminal_score().unwrap_or(f64::NAN);
                    let ok = match side {
                        "pass" => (score - 1.0).abs() < 1e-9,
                        _ => score.is_nan() || score < 1.0 - 1e-9,
                    };
                    if !ok {
                        wrong.push(format!(
                            "{task} L{level} s{seed} {side} {name}: {score}: {raw}"
                        ));
                    }
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    graded
}

/// The email's priority and another one.
fn priorities(a: &Map<String, Value>) -> Option<(String, &'static str)> {
    let p = a.get("priority")?.as_str()?.to_owned();
    let other = if p == "low" { "high" } else { "low" };
    Some((p, other))
}

#[test]
fn pr25_a_comment_after_the_answer_that_revises_a_field_is_a_second_value() {
    let pass: &[CommentRow] = &[
        ("'I chose X because ...'", |a| {
            let (p, _) = priorities(a)?;
            Some(format!("I chose {p} because of the policy."))
        }),
        ("'Let me know if you need anything else.'", |_| {
            Some("Let me know if you need anything else.".to_owned())
        }),
        ("'The priority is X because ...'", |a| {
            let (p, _) = priorities(a)?;
            Some(format!("The priority is {p} because the rules say so."))
        }),
        ("what it would be under other facts", |a| {
            let (_, other) = priorities(a)?;
            Some(format!(
                "The priority would be {other} if the facts were different."
            ))
        }),
        ("'Priority: X.' again", |a| {
            let (p, _) = priorities(a)?;
            Some(format!("Priority: {p}."))
        }),
        ("'On reflection the priority should indeed be X.'", |a| {
            let (p, _) = priorities(a)?;
            Some(format!("On reflection the priority should indeed be {p}."))
        }),
        ("'The label should not be Y.'", |a| {
            let other = match a.get("label")?.as_str()? {
                "spam" => "work",
                _ => "spam",
            };
            Some(format!("The label should not be {other}."))
        }),
    ];
    let fail: &[CommentRow] = &[
        (
            "'Note: on reflection the priority should really be Y.'",
            |a| {
                let (_, other) = priorities(a)?;
                Some(format!(
                    "Note: on reflection the priority should really be {other}."
                ))
            },
        ),
        ("'Actually, the priority is Y.'", |a| {
            let (_, other) = priorities(a)?;
            Some(format!("Actually, the priority is {other}."))
        }),
        ("'Correction: change the priority to Y.'", |a| {
            let (_, other) = priorities(a)?;
            Some(format!("Correction: change the priority to {other}."))
        }),
        ("'It should really be Y priority.'", |a| {
            let (_, other) = priorities(a)?;
            Some(format!("It should really be {other} priority."))
        }),
        ("'Priority: Y'", |a| {
            let (_, other) = priorities(a)?;
            Some(format!("Priority: {other}"))
        }),
        ("'On second thought the label should be Y.'", |a| {
            let other = match a.get("label")?.as_str()? {
                "spam" => "work",
                _ => "spam",
            };
            Some(format!("On second thought the label should be {other}."))
        }),
        ("'Please set needs_reply to Y.'", |a| {
            let other = match a.get("needs_reply")?.as_str()? {
                "yes" => "no",
                _ => "yes",
            };
            Some(format!("Please set needs_reply to {other}."))
        }),
        ("'I made a mistake: the priority's Y.'", |a| {
            let (_, other) = priorities(a)?;
            Some(format!("I made a mistake: the priority's {other}."))
        }),
    ];
    println!(
        "email rows graded: {}",
        run_comments("easy", &[2, 3, 5], pass, fail)
    );
    let cleaning_pass: &[CommentRow] = &[
        ("'The total should be X after the rules.'", |a| {
            let t = a.get("normalized_total")?.as_str()?;
            Some(format!("The total should be {t} after the rules."))
        }),
        (
            "'Valid rows should be n, the length of retained_ids.'",
            |a| {
                let n = a.get("valid_rows")?.as_u64()?;
                Some(format!(
                    "Valid rows should be {n}, the length of retained_ids."
                ))
            },
        ),
    ];
    let cleaning_fail: &[CommentRow] = &[
        ("'On reflection the total should be X + 1.00.'", |a| {
            let t: f64 = a.get("normalized_total")?.as_str()?.parse().ok()?;
            Some(format!("On reflection the total should be {:.2}.", t + 1.0))
        }),
        ("'Valid rows should really be n+1.'", |a| {
            let n = a.get("valid_rows")?.as_u64()?;
            Some(format!("Valid rows should really be {}.", n + 1))
        }),
    ];
    println!(
        "cleaning rows graded: {}",
        run_comments("hard", &[3, 5], cleaning_pass, cleaning_fail)
    );
}

// play-pr25 X3: on the calendar's final answer, an entry that names none
// of the meetings (a meeting that does not exist, an id of none, an entry
// with no meeting key or that is no object) is one more booking, a broken
// one, as the draft check calls it not well formed; entries for the real
// meetings in any order or form keep full credit.

/// The reference's bookings with `extra` added as one more entry, built
/// from its first entry.
fn with_entry(
    a: &Map<String, Value>,
    extra: impl Fn(&Map<String, Value>) -> Value,
) -> Option<Value> {
    let mut out = a.clone();
    let list = out.get_mut("bookings")?.as_array_mut()?;
    let first = list.first()?.as_object()?.clone();
    list.push(extra(&first));
    Some(Value::Object(out))
}

/// `entry` naming meeting `id`.
fn renamed(entry: &Map<String, Value>, id: &str) -> Value {
    let mut entry = entry.clone();
    entry.insert("meeting".into(), json!(id));
    Value::Object(entry)
}

#[test]
fn pr25_an_entry_for_no_meeting_is_a_broken_booking() {
    let fail: &[Row] = &[
        ("one more entry for the next id", |a| {
            let n = a.get("bookings")?.as_array()?.len();
            with_entry(a, |e| renamed(e, &format!("M{}", n + 1)))
        }),
        ("an entry for 'M9'", |a| with_entry(a, |e| renamed(e, "M9"))),
        ("an entry for 'M0'", |a| with_entry(a, |e| renamed(e, "M0"))),
        ("an entry titled 'Team offsite'", |a| {
            with_entry(a, |e| renamed(e, "Team offsite"))
        }),
        ("an entry with no meeting key", |a| {
            with_entry(a, |e| {
                let mut e = e.clone();
                e.remove("meeting");
                Value::Object(e)
            })
        }),
        ("an entry that is a sentence", |a| {
            with_entry(a, |_| json!("M9 could not be booked"))
        }),
    ];
    let pass: &[Row] = &[
        ("the entries in reverse order", |a| {
            let mut out = a.clone();
            out.get_mut("bookings")?.as_array_mut()?.reverse();
            Some(Value::Object(out))
        }),
        ("ids as 'meeting: M1'", |a| {
            entries(a, |e| {
                let id = meeting(e);
                e.insert("meeting".into(), json!(format!("meeting: {id}")));
            })
        }),
        ("bookings keyed by meeting id", |a| {
            let list = a.get("bookings")?.as_array()?;
            let keyed: Map<String, Value> = list
                .iter()
                .filter_map(|e| {
                    let mut e = e.as_object()?.clone();
                    let id = e.remove("meeting")?.as_str()?.to_owned();
                    Some((id, Value::Object(e)))
                })
                .collect();
            with(a, "bookings", Value::Object(keyed))
        }),
        ("ids in lower case with a '#'", |a| {
            entries(a, |e| {
                let id = meeting(e).to_lowercase();
                e.insert("meeting".into(), json!(format!("#{id}")));
            })
        }),
    ];
    println!(
        "calendar rows graded: {}",
        run("medium", &[4, 5], pass, fail)
    );
}

// play-pr26 B1: a right value with a short explanation after ", " or "; "
// inside one list item ("Arjun, joining from the Pune office", "u637, rows
// 2 and 4", "maya.osei@@x.example, two @ signs") is that value, as with the
// explanation in brackets: a part that names no value of the field's kind
// is an aside on the value before it. A part that names a value ("Arjun,
// Leila", "u637, v088", "u637, d552 (its duplicate)") is still a second
// value, and a wrong one costs as before.

/// `items` with the item at `at` rewritten by `write`.
fn one_item_as(items: &[String], at: usize, write: impl Fn(&str) -> String) -> Vec<String> {
    let mut out = items.to_vec();
    if let Some(item) = out.get_mut(at) {
        *item = write(item);
    }
    out
}

/// The list in `key` with every item rewritten by `write` (its position
/// given too), as a JSON list.
fn each_item_as(
    a: &Map<String, Value>,
    key: &str,
    write: fn(&str, usize) -> String,
) -> Option<Value> {
    list_as(a, key, |items| {
        json!(
            items
                .iter()
                .enumerate()
                .map(|(k, item)| write(item, k))
                .collect::<Vec<_>>()
        )
    })
}

/// An id of the table the answer keeps that is not in `key`'s list.
fn kept_id_not_in(a: &Map<String, Value>, key: &str) -> Option<String> {
    let listed = strings(a.get(key)?);
    let kept = strings(a.get("retained_ids")?);
    kept.into_iter().find(|id| !listed.contains(id))
}

#[test]
fn pr26_a_comma_aside_inside_one_participant_is_no_person() {
    let pass: &[BookedRow] = &[
        (
            "the last person 'X, joining from the Pune office' (the player's)",
            |c| {
                each_booking(&c.answer, |e| {
                    participants_as(e, |p| {
                        json!(one_item_as(p, p.len() - 1, |x| format!(
                            "{x}, joining from the Pune office"
                        )))
                    })
                })
            },
        ),
        ("the first person 'X; dialling in remotely'", |c| {
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    json!(one_item_as(p, 0, |x| format!("{x}; dialling in remotely")))
                })
            })
        }),
        ("every person 'X, required'", |c| {
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    json!(
                        p.iter()
                            .map(|x| format!("{x}, required"))
                            .collect::<Vec<_>>()
                    )
                })
            })
        }),
        ("'X, free then, and in the office'", |c| {
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    json!(one_item_as(p, 0, |x| format!(
                        "{x}, free then, and in the office"
                    )))
                })
            })
        }),
        ("one string 'A, B, C, joining from the Pune office'", |c| {
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    json!(format!("{}, joining from the Pune office", p.join(", ")))
                })
            })
        }),
        ("one string 'A; B; C; all three required'", |c| {
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    json!(format!("{}; all three required", p.join("; ")))
                })
            })
        }),
    ];
    let fail: &[BookedRow] = &[
        ("'X, Y' in one element, Y uninvited (two people)", |c| {
            let outsider = c.outsiders.first()?.clone();
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    json!(one_item_as(p, 0, |x| format!("{x}, {outsider}")))
                })
            })
        }),
        ("'X, joining with Y', Y uninvited", |c| {
            let outsider = c.outsiders.first()?.clone();
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    json!(one_item_as(p, 0, |x| format!(
                        "{x}, joining with {outsider}"
                    )))
                })
            })
        }),
        ("one string 'A, B, C, Y', Y uninvited", |c| {
            let outsider = c.outsiders.first()?.clone();
            each_booking(&c.answer, |e| {
                participants_as(e, |p| json!(format!("{}, {outsider}", p.join(", "))))
            })
        }),
        ("'X, not required' (the aside denies X)", |c| {
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    json!(one_item_as(p, 0, |x| format!("{x}, not required")))
                })
            })
        }),
        ("'X; maybe' (the aside doubts X)", |c| {
            each_booking(&c.answer, |e| {
                participants_as(e, |p| json!(one_item_as(p, 0, |x| format!("{x}; maybe"))))
            })
        }),
        ("'X, not Y' for a required Y", |c| {
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    if p.len() < 2 {
                        return json!(p);
                    }
                    let dropped = p[1].clone();
                    let mut rest = p.to_vec();
                    rest.remove(1);
                    json!(one_item_as(&rest, 0, |x| format!("{x}, not {dropped}")))
                })
            })
        }),
    ];
    for (task_levels, name) in [(&[1u8, 2, 3][..], "one booking"), (&[4, 5][..], "bookings")] {
        let graded = run_with("medium", task_levels, booked, pass, fail);
        println!("calendar ({name}) rows graded: {graded}");
    }
}

#[test]
fn pr26_a_comma_aside_inside_one_id_or_email_is_no_item() {
    let pass: &[Row] = &[
        ("duplicate ids 'u637, rows 2 and 4' (the player's)", |a| {
            each_item_as(a, "duplicate_ids", |d, k| {
                format!("{d}, rows {} and {}", k + 2, k + 9)
            })
        }),
        ("duplicate ids 'u637; rows 2 and 4'", |a| {
            each_item_as(a, "duplicate_ids", |d, k| {
                format!("{d}; rows {} and {}", k + 2, k + 9)
            })
        }),
        ("duplicate ids 'u637, repeated'", |a| {
            each_item_as(a, "duplicate_ids", |d, _| format!("{d}, repeated"))
        }),
        ("a retained id 'v088, kept as the first of two'", |a| {
            list_as(a, "retained_ids", |r| {
                json!(one_item_as(r, r.len() / 2, |x| format!(
                    "{x}, kept as the first of two"
                )))
            })
        }),
        (
            "invalid emails 'x, two @ signs' and 'y; no dot in the domain'",
            |a| {
                each_item_as(a, "invalid_emails", |e, k| match k % 2 {
                    0 => format!("{e}, two @ signs"),
                    _ => format!("{e}; no dot in the domain"),
                })
            },
        ),
        ("one string 'a, repeated; b, rows 3 and 5'", |a| {
            list_as(a, "duplicate_ids", |d| {
                let parts: Vec<String> = d.iter().map(|x| format!("{x}, repeated")).collect();
                json!(parts.join("; "))
            })
        }),
        ("one string of emails 'x, malformed; y, malformed'", |a| {
            list_as(a, "invalid_emails", |e| {
                let parts: Vec<String> = e.iter().map(|x| format!("{x}, malformed")).collect();
                json!(parts.join("; "))
            })
        }),
    ];
    let fail: &[Row] = &[
        (
            "'u637, v088' with v088 kept and no duplicate (two ids)",
            |a| {
                let other = kept_id_not_in(a, "duplicate_ids")?;
                list_as(a, "duplicate_ids", |d| {
                    json!(one_item_as(d, 0, |x| format!("{x}, {other}")))
                })
            },
        ),
        ("'u637, d552 (its duplicate)' with d552 no duplicate", |a| {
            let other = kept_id_not_in(a, "duplicate_ids")?;
            list_as(a, "duplicate_ids", |d| {
                json!(one_item_as(d, 0, |x| format!(
                    "{x}, {other} (its duplicate)"
                )))
            })
        }),
        ("'u637, zz999' (an unknown id after the comma)", |a| {
            list_as(a, "duplicate_ids", |d| {
                json!(one_item_as(d, 0, |x| format!("{x}, zz999")))
            })
        }),
        ("'x, y' with y a valid address (two addresses)", |a| {
            list_as(a, "invalid_emails", |e| {
                json!(one_item_as(e, 0, |x| format!(
                    "{x}, someone.else@example.com"
                )))
            })
        }),
        (
            "'x, probably' for an invalid email (the aside doubts it)",
            |a| {
                list_as(a, "invalid_emails", |e| {
                    json!(one_item_as(e, 0, |x| format!("{x}, probably")))
                })
            },
        ),
        ("a retained id 'v088, repeated' with the id wrong", |a| {
            list_as(a, "retained_ids", |r| {
                json!(one_item_as(r, 0, |_| "zz999, repeated".to_owned()))
            })
        }),
    ];
    println!(
        "cleaning rows graded: {}",
        run("hard", &[2, 3, 4, 5], pass, fail)
    );
    // An entry whose aside denies it stays one unread entry at every
    // level, in a list of one id too (read as one string, where the comma
    // once parted the denial off as an item of its own and left the id).
    let denied: &[Row] = &[
        ("'u637, not a duplicate' (the aside denies it)", |a| {
            list_as(a, "duplicate_ids", |d| {
                json!(one_item_as(d, 0, |x| format!("{x}, not a duplicate")))
            })
        }),
        ("one string 'u637, not a duplicate'", |a| {
            list_as(a, "duplicate_ids", |d| {
                json!(format!("{}, not a duplicate", d.join(", ")))
            })
        }),
    ];
    println!(
        "denied entries graded: {}",
        run("hard", &[2, 3, 4, 5], &[], denied)
    );
}

/// A made-up id no table holds.
const NO_SUCH_ID: &str = "zz999";

#[test]
fn pr26_a_self_correction_inside_one_id_or_email_is_the_corrected_value() {
    let pass: &[Row] = &[
        ("a duplicate 'Y, actually X' (Y kept, no duplicate)", |a| {
            let other = kept_id_not_in(a, "duplicate_ids")?;
            list_as(a, "duplicate_ids", |d| {
                json!(one_item_as(d, 0, |x| format!("{other}, actually {x}")))
            })
        }),
        ("a duplicate 'Y (actually X)'", |a| {
            let other = kept_id_not_in(a, "duplicate_ids")?;
            list_as(a, "duplicate_ids", |d| {
                json!(one_item_as(d, 0, |x| format!("{other} (actually {x})")))
            })
        }),
        ("a duplicate 'Y (should be X)'", |a| {
            let other = kept_id_not_in(a, "duplicate_ids")?;
            list_as(a, "duplicate_ids", |d| {
                json!(one_item_as(d, 0, |x| format!("{other} (should be {x})")))
            })
        }),
        ("every duplicate 'zz999, I mean X'", |a| {
            each_item_as(a, "duplicate_ids", |x, _| {
                format!("{NO_SUCH_ID}, I mean {x}")
            })
        }),
        (
            "a retained id 'zz999 \u{2014} no, actually X' in its place",
            |a| {
                list_as(a, "retained_ids", |r| {
                    json!(one_item_as(r, r.len() / 2, |x| format!(
                        "{NO_SUCH_ID} \u{2014} no, actually {x}"
                    )))
                })
            },
        ),
        ("a retained id 'zz999 (in fact X)'", |a| {
            list_as(a, "retained_ids", |r| {
                json!(one_item_as(r, 0, |x| format!("{NO_SUCH_ID} (in fact {x})")))
            })
        }),
        ("one string of duplicates 'A, zz999 (actually X)'", |a| {
            list_as(a, "duplicate_ids", |d| {
                let mut items = d.to_vec();
                if let Some(last) = items.last_mut() {
                    *last = format!("{NO_SUCH_ID} (actually {last})");
                }
                json!(items.join(", "))
            })
        }),
        (
            "an invalid email 'someone.else@example.com, actually X'",
            |a| {
                list_as(a, "invalid_emails", |e| {
                    json!(one_item_as(e, 0, |x| format!(
                        "someone.else@example.com, actually {x}"
                    )))
                })
            },
        ),
        // A retained id the writer takes back off the list is not kept
        // (pr25-X1), and in duplicate_ids "should be dropped" is what the
        // list says.
        (
            "retained ids and 'zz999 (should actually be dropped)'",
            |a| {
                list_as(a, "retained_ids", |r| {
                    let mut items = r.to_vec();
                    items.insert(0, format!("{NO_SUCH_ID} (should actually be dropped)"));
                    json!(items)
                })
            },
        ),
        ("every duplicate 'X (should be dropped)'", |a| {
            each_item_as(a, "duplicate_ids", |x, _| {
                format!("{x} (should be dropped)")
            })
        }),
        ("a duplicate 'X (actually, not Y)' (Y rejected)", |a| {
            let other = kept_id_not_in(a, "duplicate_ids")?;
            list_as(a, "duplicate_ids", |d| {
                json!(one_item_as(d, 0, |x| format!(
                    "{x} (actually, not {other})"
                )))
            })
        }),
        ("a duplicate 'X (not Y)' (Y rejected, not added)", |a| {
            let other = kept_id_not_in(a, "duplicate_ids")?;
            list_as(a, "duplicate_ids", |d| {
                json!(one_item_as(d, 0, |x| format!("{x} (not {other})")))
            })
        }),
    ];
    let fail: &[Row] = &[
        ("a duplicate 'X, actually Y' (Y kept, no duplicate)", |a| {
            let other = kept_id_not_in(a, "duplicate_ids")?;
            list_as(a, "duplicate_ids", |d| {
                json!(one_item_as(d, 0, |x| format!("{x}, actually {other}")))
            })
        }),
        (
            "a duplicate 'X (actually Y)' (the player's near miss)",
            |a| {
                let other = kept_id_not_in(a, "duplicate_ids")?;
                list_as(a, "duplicate_ids", |d| {
                    json!(one_item_as(d, 0, |x| format!("{x} (actually {other})")))
                })
            },
        ),
        ("a duplicate 'X (in fact Y)'", |a| {
            let other = kept_id_not_in(a, "duplicate_ids")?;
            list_as(a, "duplicate_ids", |d| {
                json!(one_item_as(d, 0, |x| format!("{x} (in fact {other})")))
            })
        }),
        ("one string 'A, X (should be Y)'", |a| {
            let other = kept_id_not_in(a, "duplicate_ids")?;
            list_as(a, "duplicate_ids", |d| {
                let mut items = d.to_vec();
                if let Some(last) = items.last_mut() {
                    *last = format!("{last} (should be {other})");
                }
                json!(items.join(", "))
            })
        }),
        (
            "a retained id 'X (should actually be dropped)' (pr25-X1)",
            |a| {
                list_as(a, "retained_ids", |r| {
                    json!(one_item_as(r, 0, |x| format!(
                        "{x} (should actually be dropped)"
                    )))
                })
            },
        ),
        ("a retained id 'X, actually remove it'", |a| {
            list_as(a, "retained_ids", |r| {
                json!(one_item_as(r, r.len() - 1, |x| format!(
                    "{x}, actually remove it"
                )))
            })
        }),
        (
            "a duplicate 'X (actually maybe Y)' (a doubt, unread)",
            |a| {
                let other = kept_id_not_in(a, "duplicate_ids")?;
                list_as(a, "duplicate_ids", |d| {
                    json!(one_item_as(d, 0, |x| format!(
                        "{x} (actually maybe {other})"
                    )))
                })
            },
        ),
        ("a duplicate 'X (actually X and Y)' (a second value)", |a| {
            let other = kept_id_not_in(a, "duplicate_ids")?;
            list_as(a, "duplicate_ids", |d| {
                json!(one_item_as(d, 0, |x| format!(
                    "{x} (actually {x} and {other})"
                )))
            })
        }),
        (
            "an invalid email 'X, actually Y' (Y a valid address)",
            |a| {
                list_as(a, "invalid_emails", |e| {
                    json!(one_item_as(e, 0, |x| format!(
                        "{x}, actually someone.else@example.com"
                    )))
                })
            },
        ),
    ];
    println!(
        "cleaning rows graded: {}",
        run("hard", &[2, 3, 4, 5], pass, fail)
    );
}

#[test]
fn pr27_a_correction_marker_behind_the_value_inside_one_item() {
    let pass: &[Row] = &[
        ("a duplicate 'Y, X actually' (Y kept, no duplicate)", |a| {
            let other = kept_id_not_in(a, "duplicate_ids")?;
            list_as(a, "duplicate_ids", |d| {
                json!(one_item_as(d, 0, |x| format!("{other}, {x} actually")))
            })
        }),
        ("a duplicate 'zz999 (X actually)'", |a| {
            list_as(a, "duplicate_ids", |d| {
                json!(one_item_as(d, 0, |x| format!(
                    "{NO_SUCH_ID} ({x} actually)"
                )))
            })
        }),
        (
            "a retained id 'zz999 \u{2014} no, X actually' in its place",
            |a| {
                list_as(a, "retained_ids", |r| {
                    json!(one_item_as(r, r.len() / 2, |x| format!(
                        "{NO_SUCH_ID} \u{2014} no, {x} actually"
                    )))
                })
            },
        ),
        ("every duplicate 'zz999; X, I mean'", |a| {
            each_item_as(a, "duplicate_ids", |x, _| {
                format!("{NO_SUCH_ID}; {x}, I mean")
            })
        }),
        // What describes the value behind a marker corrects nothing.
        ("a duplicate 'X (a repeat actually)'", |a| {
            list_as(a, "duplicate_ids", |d| {
                json!(one_item_as(d, 0, |x| format!("{x} (a repeat actually)")))
            })
        }),
    ];
    let fail: &[Row] = &[
        ("a duplicate 'X, Y actually' (Y kept, no duplicate)", |a| {
            let other = kept_id_not_in(a, "duplicate_ids")?;
            list_as(a, "duplicate_ids", |d| {
                json!(one_item_as(d, 0, |x| format!("{x}, {other} actually")))
            })
        }),
        ("a duplicate 'X (Y rather)'", |a| {
            let other = kept_id_not_in(a, "duplicate_ids")?;
            list_as(a, "duplicate_ids", |d| {
                json!(one_item_as(d, 0, |x| format!("{x} ({other} rather)")))
            })
        }),
        // Near misses: a value behind the marker in doubt stays unread.
        ("a duplicate 'X (maybe Y actually)'", |a| {
            let other = kept_id_not_in(a, "duplicate_ids")?;
            list_as(a, "duplicate_ids", |d| {
                json!(one_item_as(d, 0, |x| format!(
                    "{x} (maybe {other} actually)"
                )))
            })
        }),
    ];
    println!(
        "cleaning rows graded: {}",
        run("hard", &[2, 3, 4, 5], pass, fail)
    );
}

#[test]
fn pr26_a_self_correction_inside_one_participant_is_the_corrected_person() {
    let pass: &[BookedRow] = &[
        ("'U (actually X)', U uninvited", |c| {
            let outsider = c.outsiders.first()?.clone();
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    json!(one_item_as(p, 0, |x| format!("{outsider} (actually {x})")))
                })
            })
        }),
        ("'U, actually X'", |c| {
            let outsider = c.outsiders.first()?.clone();
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    json!(one_item_as(p, p.len() - 1, |x| format!(
                        "{outsider}, actually {x}"
                    )))
                })
            })
        }),
        ("'U (should be X)'", |c| {
            let outsider = c.outsiders.first()?.clone();
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    json!(one_item_as(p, 0, |x| format!("{outsider} (should be {x})")))
                })
            })
        }),
        ("'U, I mean X'", |c| {
            let outsider = c.outsiders.first()?.clone();
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    json!(one_item_as(p, 0, |x| format!("{outsider}, I mean {x}")))
                })
            })
        }),
        ("'U \u{2014} no, actually X'", |c| {
            let outsider = c.outsiders.first()?.clone();
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    json!(one_item_as(p, 0, |x| format!(
                        "{outsider} \u{2014} no, actually {x}"
                    )))
                })
            })
        }),
        ("'U (in fact X)'", |c| {
            let outsider = c.outsiders.first()?.clone();
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    json!(one_item_as(p, 0, |x| format!("{outsider} (in fact {x})")))
                })
            })
        }),
        ("one string 'A, B, U (actually X)'", |c| {
            let outsider = c.outsiders.first()?.clone();
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    let mut people = p.to_vec();
                    if let Some(last) = people.last_mut() {
                        *last = format!("{outsider} (actually {last})");
                    }
                    json!(people.join(", "))
                })
            })
        }),
        ("the people and 'U (should be dropped)'", |c| {
            let outsider = c.outsiders.first()?.clone();
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    let mut people = p.to_vec();
                    people.push(format!("{outsider} (should be dropped)"));
                    json!(people)
                })
            })
        }),
    ];
    let fail: &[BookedRow] = &[
        ("'X (actually U)', U uninvited (the player's)", |c| {
            let outsider = c.outsiders.first()?.clone();
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    json!(one_item_as(p, p.len() - 1, |x| format!(
                        "{x} (actually {outsider})"
                    )))
                })
            })
        }),
        ("'X, actually U'", |c| {
            let outsider = c.outsiders.first()?.clone();
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    json!(one_item_as(p, 0, |x| format!("{x}, actually {outsider}")))
                })
            })
        }),
        ("'X (should be U)'", |c| {
            let outsider = c.outsiders.first()?.clone();
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    json!(one_item_as(p, 0, |x| format!("{x} (should be {outsider})")))
                })
            })
        }),
        ("'X (in fact U)'", |c| {
            let outsider = c.outsiders.first()?.clone();
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    json!(one_item_as(p, 0, |x| format!("{x} (in fact {outsider})")))
                })
            })
        }),
        ("'X (should be dropped)' for a required X", |c| {
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    json!(one_item_as(p, 0, |x| format!("{x} (should be dropped)")))
                })
            })
        }),
        ("'X (actually maybe U)' (a doubt, unread)", |c| {
            let outsider = c.outsiders.first()?.clone();
            each_booking(&c.answer, |e| {
                participants_as(e, |p| {
                    json!(one_item_as(p, 0, |x| format!(
                        "{x} (actually maybe {outsider})"
                    )))
                })
            })
        }),
    ];
    for (task_levels, name) in [(&[1u8, 2, 3][..], "one booking"), (&[4, 5][..], "bookings")] {
        let graded = run_with("medium", task_levels, booked, pass, fail);
        println!("calendar ({name}) rows graded: {graded}");
    }
}

/// An apology or an interjection that retracts the value before it
/// ("sorry", "no wait", "oops", "my mistake") corrects a list item as
/// "actually" does (play-pr31 B1: retained id "x734, sorry, f912"); one
/// that retracts nothing ("sorry for the noise", "sorry, it is the first
/// of its id") leaves the item as written.
#[test]
fn pr31_an_apology_that_retracts_a_list_item_is_a_correction() {
    let pass: &[Row] = &[
        ("a retained id 'zz999, sorry, X' last (the player's)", |a| {
            list_as(a, "retained_ids", |r| {
                json!(one_item_as(r, r.len() - 1, |x| format!(
                    "{NO_SUCH_ID}, sorry, {x}"
                )))
            })
        }),
        ("a duplicate 'Y (oops, X)'", |a| {
            let other = kept_id_not_in(a, "duplicate_ids")?;
            list_as(a, "duplicate_ids", |d| {
                json!(one_item_as(d, 0, |x| format!("{other} (oops, {x})")))
            })
        }),
        ("every duplicate 'zz999 - no wait, X'", |a| {
            each_item_as(a, "duplicate_ids", |x, _| {
                format!("{NO_SUCH_ID} - no wait, {x}")
            })
        }),
        (
            "an invalid email 'someone.else@example.com, my mistake: X'",
            |a| {
                list_as(a, "invalid_emails", |e| {
                    json!(one_item_as(e, 0, |x| format!(
                        "someone.else@example.com, my mistake: {x}"
                    )))
                })
            },
        ),
        ("a retained id 'X (sorry, the first of its id)'", |a| {
            list_as(a, "retained_ids", |r| {
                json!(one_item_as(r, 0, |x| format!(
                    "{x} (sorry, the first of its id)"
                )))
            })
        }),
    ];
    let fail: &[Row] = &[
        ("a duplicate 'X, sorry, Y' (Y kept, no duplicate)", |a| {
            let other = kept_id_not_in(a, "duplicate_ids")?;
            list_as(a, "duplicate_ids", |d| {
                json!(one_item_as(d, 0, |x| format!("{x}, sorry, {other}")))
            })
        }),
        ("a retained id 'X, whoops, zz999'", |a| {
            list_as(a, "retained_ids", |r| {
                json!(one_item_as(r, 0, |x| format!("{x}, whoops, {NO_SUCH_ID}")))
            })
        }),
        ("a retained id 'zz999 (sorry for the noise)'", |a| {
            list_as(a, "retained_ids", |r| {
                json!(one_item_as(r, 0, |_| format!(
                    "{NO_SUCH_ID} (sorry for the noise)"
                )))
            })
        }),
    ];
    println!(
        "cleaning rows graded: {}",
        run("hard", &[2, 3, 4, 5], pass, fail)
    );
    let pass: &[BookedRow] = &[("'U, sorry, X', U uninvited", |c| {
        let outsider = c.outsiders.first()?.clone();
        each_booking(&c.answer, |e| {
            participants_as(e, |p| {
                json!(one_item_as(p, 0, |x| format!("{outsider}, sorry, {x}")))
            })
        })
    })];
    let fail: &[BookedRow] = &[("'X, oops, U', U uninvited", |c| {
        let outsider = c.outsiders.first()?.clone();
        each_booking(&c.answer, |e| {
            participants_as(e, |p| {
                json!(one_item_as(p, 0, |x| format!("{x}, oops, {outsider}")))
            })
        })
    })];
    for (task_levels, name) in [(&[1u8, 2, 3][..], "one booking"), (&[4, 5][..], "bookings")] {
        let graded = run_with("medium", task_levels, booked, pass, fail);
        println!("calendar ({name}) rows graded: {graded}");
    }
}

/// The answers of play-pr26's B1 rows (productivity-p43, lines 75, 78,
/// 80-85) as played over MCP, each with the score it must earn now.
const PR26_B1_PLAYED: &[(usize, &str, u8, u64, &str)] = &[
    (
        75,
        "hard",
        3,
        1000323,
        r#"{"valid_rows": 10, "duplicate_ids": ["u637, rows 2 and 4", "z900, rows 11 and 12", "v088, rows 8 and 16", "n363, rows 1 and 18"], "invalid_emails": ["julia novak @umbragames.example", "elena.dubois@umbragames.example.", "grace.lindqvist@umbragames", "maya.osei@@umbragames.example", "freya.gallo@@umbragames.example"], "normalized_total": "11772.62", "retained_ids": ["u637", "f874", "q552", "h976", "d627", "v088", "z851", "u619", "d220", "e810"]}"#,
    ),
    (
        78,
        "hard",
        3,
        1000323,
        r#"{"valid_rows": 10, "duplicate_ids": ["u637", "z900", "v088", "n363"], "invalid_emails": ["julia novak @umbragames.example: space in the local part", "elena.dubois@umbragames.example. - domain ends with a full stop", "grace.lindqvist@umbragames; no dot in the domain", "maya.osei@@umbragames.example, two @ signs", "freya.gallo@@umbragames.example, two @ signs"], "normalized_total": "11772.62", "retained_ids": ["u637", "f874", "q552", "h976", "d627", "v088", "z851", "u619", "d220", "e810"]}"#,
    ),
    (
        80,
        "hard",
        3,
        1000323,
        r#"{"valid_rows": 10, "duplicate_ids": ["u637; rows 2 and 4", "z900", "v088", "n363"], "invalid_emails": ["julia novak @umbragames.example", "elena.dubois@umbragames.example.", "grace.lindqvist@umbragames", "maya.osei@@umbragames.example", "freya.gallo@@umbragames.example"], "normalized_total": "11772.62", "retained_ids": ["u637", "f874", "q552", "h976", "d627", "v088", "z851", "u619", "d220", "e810"]}"#,
    ),
    (
        81,
        "hard",
        3,
        1000323,
        r#"{"valid_rows": 10, "duplicate_ids": ["u637, repeated", "z900", "v088", "n363"], "invalid_emails": ["julia novak @umbragames.example", "elena.dubois@umbragames.example.", "grace.lindqvist@umbragames", "maya.osei@@umbragames.example", "freya.gallo@@umbragames.example"], "normalized_total": "11772.62", "retained_ids": ["u637", "f874", "q552", "h976", "d627", "v088", "z851", "u619", "d220", "e810"]}"#,
    ),
    (
        82,
        "hard",
        3,
        1000323,
        r#"{"valid_rows": 10, "duplicate_ids": ["u637", "z900", "v088", "n363"], "invalid_emails": ["julia novak @umbragames.example", "elena.dubois@umbragames.example.", "grace.lindqvist@umbragames; no dot in the domain", "maya.osei@@umbragames.example", "freya.gallo@@umbragames.example"], "normalized_total": "11772.62", "retained_ids": ["u637", "f874", "q552", "h976", "d627", "v088", "z851", "u619", "d220", "e810"]}"#,
    ),
    (
        83,
        "hard",
        3,
        1000323,
        r#"{"valid_rows": 10, "duplicate_ids": ["u637", "z900", "v088", "n363"], "invalid_emails": ["julia novak @umbragames.example", "elena.dubois@umbragames.example.", "grace.lindqvist@umbragames", "maya.osei@@umbragames.example, two @ signs", "freya.gallo@@umbragames.example"], "normalized_total": "11772.62", "retained_ids": ["u637", "f874", "q552", "h976", "d627", "v088", "z851", "u619", "d220", "e810"]}"#,
    ),
    (
        84,
        "hard",
        3,
        1000323,
        r#"{"valid_rows": 10, "duplicate_ids": ["u637", "z900", "v088", "n363"], "invalid_emails": ["julia novak @umbragames.example", "elena.dubois@umbragames.example.", "grace.lindqvist@umbragames", "maya.osei@@umbragames.example", "freya.gallo@@umbragames.example"], "normalized_total": "11772.62", "retained_ids": ["u637", "f874", "q552", "h976", "d627", "v088, kept as the first of two", "z851", "u619", "d220", "e810"]}"#,
    ),
    (
        85,
        "medium",
        2,
        1000321,
        r#"{"day": "2026-05-29", "start": "16:15", "end": "17:00", "participants": ["Kofi", "Keira", "Arjun, joining from the Pune office"], "room": "Atrium"}"#,
    ),
];

#[test]
fn pr26_the_players_comma_asides_score_full() {
    let mut wrong = Vec::new();
    for &(line, task, level, seed, answer) in PR26_B1_PLAYED {
        let answer: Value = serde_json::from_str(answer).unwrap_or_default();
        let score = grade_at(task, level, seed, &answer).total;
        if (score - 1.0).abs() > 1e-9 {
            wrong.push(format!("productivity-p43 line {line}: {score}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

// play-pr27 X3: another value called acceptable as well ("work (personal
// also works)", "15:00 (15:15 is fine too)", "Harbor (Lantern would be OK
// too)") offers it as an answer, a hedge like "(or personal)"; another
// value rejected, ruled out or explained is no offer. play-pr27 X2:
// another value after a concession with its reason ("no, but yes for the
// acknowledgement", "low, but high because of the VIP rule") is given as
// the right one, like "but the acknowledgement makes it yes"; a value for
// someone or something else, or under other facts, is not.

/// The answer's `key` (a string) rewritten by `write` from its value and
/// another value of the field (`other`).
fn one_of(
    a: &Map<String, Value>,
    key: &str,
    other: fn(&str) -> &'static str,
    write: fn(&str, &str) -> String,
) -> Option<Value> {
    let value = a.get(key)?.as_str()?.to_owned();
    with(a, key, json!(write(&value, other(&value))))
}

fn other_label(label: &str) -> &'static str {
    if label == "personal" {
        "work"
    } else {
        "personal"
    }
}

fn other_priority(priority: &str) -> &'static str {
    if priority == "high" { "normal" } else { "high" }
}

fn other_reply(reply: &str) -> &'static str {
    if reply == "yes" { "no" } else { "yes" }
}

#[test]
fn pr27_another_email_value_called_acceptable_too_is_a_hedge() {
    let pass: &[Row] = &[
        ("label 'X (not Y)'", |a| {
            one_of(a, "label", other_label, |v, o| format!("{v} (not {o})"))
        }),
        ("label 'X (Y would not fit)'", |a| {
            one_of(a, "label", other_label, |v, o| {
                format!("{v} ({o} would not fit)")
            })
        }),
        ("priority 'X (Y would not work here)'", |a| {
            one_of(a, "priority", other_priority, |v, o| {
                format!("{v} ({o} would not work here)")
            })
        }),
        ("priority 'X (not Y: no deadline)'", |a| {
            one_of(a, "priority", other_priority, |v, o| {
                format!("{v} (not {o}: no deadline)")
            })
        }),
        ("needs_reply 'X (Y would be wrong)'", |a| {
            one_of(a, "needs_reply", other_reply, |v, o| {
                format!("{v} ({o} would be wrong)")
            })
        }),
    ];
    let fail: &[Row] = &[
        ("label 'X (Y also works)' (the player's)", |a| {
            one_of(a, "label", other_label, |v, o| {
                format!("{v} ({o} also works)")
            })
        }),
        ("label 'X (Y is fine too)'", |a| {
            one_of(a, "label", other_label, |v, o| {
                format!("{v} ({o} is fine too)")
            })
        }),
        ("label 'X; Y would also do'", |a| {
            one_of(a, "label", other_label, |v, o| {
                format!("{v}; {o} would also do")
            })
        }),
        ("label 'X (Y too)'", |a| {
            one_of(a, "label", other_label, |v, o| format!("{v} ({o} too)"))
        }),
        ("priority 'X (Y works as well)'", |a| {
            one_of(a, "priority", other_priority, |v, o| {
                format!("{v} ({o} works as well)")
            })
        }),
        ("priority 'X (Y is also fine)'", |a| {
            one_of(a, "priority", other_priority, |v, o| {
                format!("{v} ({o} is also fine)")
            })
        }),
        ("priority 'X, Y as well: either is fine'", |a| {
            one_of(a, "priority", other_priority, |v, o| {
                format!("{v}, {o} as well: either is fine")
            })
        }),
        ("needs_reply 'X (happy with Y too)'", |a| {
            one_of(a, "needs_reply", other_reply, |v, o| {
                format!("{v} (happy with {o} too)")
            })
        }),
        ("needs_reply 'X (Y would be OK too)'", |a| {
            one_of(a, "needs_reply", other_reply, |v, o| {
                format!("{v} ({o} would be OK too)")
            })
        }),
    ];
    println!("email rows graded: {}", run("easy", &[2, 4, 5], pass, fail));
}

#[test]
fn pr27_another_value_with_its_reason_after_a_concession_is_a_hedge() {
    let pass: &[Row] = &[
        ("priority 'X, but Y for other senders'", |a| {
            one_of(a, "priority", other_priority, |v, o| {
                format!("{v}, but {o} for other senders")
            })
        }),
        ("priority 'X, for the VIP rule'", |a| {
            one_of(a, "priority", other_priority, |v, _| {
                format!("{v}, for the VIP rule")
            })
        }),
        ("needs_reply 'X, but thanks for checking'", |a| {
            one_of(a, "needs_reply", other_reply, |v, _| {
                format!("{v}, but thanks for checking")
            })
        }),
        ("needs_reply 'X, for the acknowledgement'", |a| {
            one_of(a, "needs_reply", other_reply, |v, _| {
                format!("{v}, for the acknowledgement")
            })
        }),
    ];
    let fail: &[Row] = &[
        (
            "needs_reply 'X, but Y for the acknowledgement' (the player's)",
            |a| {
                one_of(a, "needs_reply", other_reply, |v, o| {
                    format!("{v}, but {o} for the acknowledgement")
                })
            },
        ),
        (
            "needs_reply 'X, but Y because of the acknowledgement' (the player's)",
            |a| {
                one_of(a, "needs_reply", other_reply, |v, o| {
                    format!("{v}, but {o} because of the acknowledgement")
                })
            },
        ),
        ("priority 'X, but Y for the VIP rule' (the player's)", |a| {
            one_of(a, "priority", other_priority, |v, o| {
                format!("{v}, but {o} for the VIP rule")
            })
        }),
        ("priority 'X, though Y due to the deadline'", |a| {
            one_of(a, "priority", other_priority, |v, o| {
                format!("{v}, though {o} due to the deadline")
            })
        }),
        ("priority 'X - but Y since the sender is a VIP'", |a| {
            one_of(a, "priority", other_priority, |v, o| {
                format!("{v} - but {o} since the sender is a VIP")
            })
        }),
        ("needs_reply 'X, yet Y given the request'", |a| {
            one_of(a, "needs_reply", other_reply, |v, o| {
                format!("{v}, yet {o} given the request")
            })
        }),
    ];
    println!("email rows graded: {}", run("easy", &[2, 4, 5], pass, fail));
    let cleaning_pass: &[Row] = &[("valid_rows 'n, but m for the whole table'", |a| {
        count_as(a, |n| format!("{n}, but {} for the whole table", n + 3))
    })];
    let cleaning_fail: &[Row] = &[
        ("valid_rows 'n, but m because of the zero row'", |a| {
            count_as(a, |n| format!("{n}, but {} because of the zero row", n + 1))
        }),
        ("total 'X, but Y for the kept row'", |a| {
            total_as(a, |t| {
                format!("{t}, but {} for the kept row", amount(t, 12345, false))
            })
        }),
    ];
    println!(
        "cleaning rows graded: {}",
        run("hard", &[2, 5], cleaning_pass, cleaning_fail)
    );
}

#[test]
fn pr27_another_time_or_total_called_acceptable_too_is_a_hedge() {
    let pass: &[Row] = &[
        ("start 'S (T would overrun the slot)'", |a| {
            starts(a, |s, t, _| format!("{s} ({t} would overrun the slot)"))
        }),
        ("start 'S (T is taken)'", |a| {
            starts(a, |s, t, _| format!("{s} ({t} is taken)"))
        }),
        ("start 'S (T would not work)'", |a| {
            starts(a, |s, t, _| format!("{s} ({t} would not work)"))
        }),
    ];
    let fail: &[Row] = &[
        ("start 'S (T also works)' (the player's)", |a| {
            starts(a, |s, t, _| format!("{s} ({t} also works)"))
        }),
        ("start 'S; T also works' (the player's)", |a| {
            starts(a, |s, t, _| format!("{s}; {t} also works"))
        }),
        ("start 'S (T is fine too)' (the player's)", |a| {
            starts(a, |s, t, _| format!("{s} ({t} is fine too)"))
        }),
        ("start 'S (T would also do)'", |a| {
            starts(a, |s, t, _| format!("{s} ({t} would also do)"))
        }),
        ("start 'S (happy with T too)'", |a| {
            starts(a, |s, t, _| format!("{s} (happy with {t} too)"))
        }),
        ("start 'S (T too)'", |a| {
            starts(a, |s, t, _| format!("{s} ({t} too)"))
        }),
    ];
    println!(
        "calendar rows graded: {}",
        run("medium", &[3, 4, 5], pass, fail)
    );
    let cleaning_pass: &[Row] = &[
        ("total 'X (not Y)'", |a| {
            total_as(a, |t| format!("{t} (not {})", amount(t, 12345, false)))
        }),
        ("total 'X (Y would count the dropped rows)'", |a| {
            total_as(a, |t| {
                format!(
                    "{t} ({} would count the dropped rows)",
                    amount(t, 12345, false)
                )
            })
        }),
        ("valid_rows 'n (m would not be right)'", |a| {
            count_as(a, |n| format!("{n} ({} would not be right)", n + 1))
        }),
    ];
    let cleaning_fail: &[Row] = &[
        ("total 'X (Y also works)' (the player's)", |a| {
            total_as(a, |t| {
                format!("{t} ({} also works)", amount(t, 12345, false))
            })
        }),
        ("total 'X; Y is equally valid'", |a| {
            total_as(a, |t| {
                format!("{t}; {} is equally valid", amount(t, 12345, false))
            })
        }),
        ("total 'X (also Y)'", |a| {
            total_as(a, |t| format!("{t} (also {})", amount(t, 12345, false)))
        }),
        ("valid_rows 'n (m works as well)'", |a| {
            count_as(a, |n| format!("{n} ({} works as well)", n + 1))
        }),
        ("valid_rows 'n (m would be acceptable too)'", |a| {
            count_as(a, |n| format!("{n} ({} would be acceptable too)", n + 1))
        }),
        ("valid_rows 'n, m as well; either is fine'", |a| {
            count_as(a, |n| format!("{n}, {} as well; either is fine", n + 1))
        }),
    ];
    println!(
        "cleaning rows graded: {}",
        run("hard", &[2, 5], cleaning_pass, cleaning_fail)
    );
}

/// A calendar scenario as the pr27 room rows read it: the reference answer
/// and the rooms the payload lists (levels 1-3; behind a lookup above).
struct WithRooms {
    answer: Map<String, Value>,
    rooms: Vec<String>,
}

fn with_rooms(answer: Map<String, Value>, observation: Value) -> WithRooms {
    let rooms = observation["payload"]["rooms"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| r["name"].as_str().or(r.as_str()).map(str::to_owned))
        .collect();
    WithRooms { answer, rooms }
}

/// The answer's room rewritten by `write` from it and another room of
/// the payload.
fn room_as(c: &WithRooms, write: fn(&str, &str) -> String) -> Option<Value> {
    let room = c.answer.get("room")?.as_str()?.to_owned();
    let other = c.rooms.iter().find(|r| **r != room)?;
    with(&c.answer, "room", json!(write(&room, other)))
}

#[test]
fn pr27_another_room_called_acceptable_too_is_a_hedge() {
    let pass: &[RowOf<WithRooms>] = &[
        ("'R (O is booked)'", |c| {
            room_as(c, |r, o| format!("{r} ({o} is booked)"))
        }),
        ("'R (not O)'", |c| {
            room_as(c, |r, o| format!("{r} (not {o})"))
        }),
        ("'R (O would not work: no video link)'", |c| {
            room_as(c, |r, o| format!("{r} ({o} would not work: no video link)"))
        }),
    ];
    let fail: &[RowOf<WithRooms>] = &[
        ("'R (O also works)' (the player's)", |c| {
            room_as(c, |r, o| format!("{r} ({o} also works)"))
        }),
        ("'R (O would be OK too)'", |c| {
            room_as(c, |r, o| format!("{r} ({o} would be OK too)"))
        }),
        ("'R; the O room would also work'", |c| {
            room_as(c, |r, o| format!("{r}; the {o} room would also work"))
        }),
        ("'R (happy with O too)'", |c| {
            room_as(c, |r, o| format!("{r} (happy with {o} too)"))
        }),
        ("'R (O works just as well)'", |c| {
            room_as(c, |r, o| format!("{r} ({o} works just as well)"))
        }),
        ("'R (also O)'", |c| {
            room_as(c, |r, o| format!("{r} (also {o})"))
        }),
    ];
    let graded = run_with("medium", &[1, 2, 3], with_rooms, pass, fail);
    assert!(graded > 0, "no scenario lists its rooms");
    println!("room rows graded: {graded}");
}
