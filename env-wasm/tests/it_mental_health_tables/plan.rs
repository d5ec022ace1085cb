//! `intervention_plan`: stressor coverage, weekly structure, owners, KPIs,
//! risk and budget. Week rows are whole plans built from the case's own
//! stressors, roster and numbers in several layouts, owner styles and
//! wordings (none of them the writers' own); the other rows replace one
//! section of the reference answer.

use env_wasm::it_mental_health::plan::{self, METRICS, Metric, Owner, PlanCase, dollars};
use env_wasm::it_mental_health::scenario::Case;
use env_wasm::it_mental_health::writers::Style;

use super::support::{Seeded, Table, Vars, check, filled, refs, seeded};

/// Three wordings of an action on each metric, as a manager would write
/// them.
fn wordings(id: &str) -> [&'static str; 3] {
    match id {
        "overtime" => [
            "Set a hard cap of 5 hours' overtime per person each week",
            "Stop weekend overtime and move the non-urgent work to next sprint",
            "Track overtime daily and send people home when they pass the cap",
        ],
        "on_call" => [
            "Spread the on-call rota so each engineer is on call at most once every 8 days",
            "Add two volunteers to the rota to cut the on-call load",
            "Give a day off after every on-call week and check the rota is fair",
        ],
        "one_on_ones" => [
            "Book fortnightly 1:1s with every team member",
            "Restart the lapsed 1:1s, most affected people first",
            "Hold a 1:1 with each person to agree what support they need",
        ],
        "connection" => [
            "Organise a team offsite to reconnect",
            "Plan a team lunch every month",
            "Run a team social with activities the team chooses",
        ],
        "conduct" => [
            "Investigate the conduct complaints and agree team norms",
            "Run a workshop on respectful behaviour in reviews",
            "Follow up each complaint with the people involved",
        ],
        "staffing" => [
            "Hire a contractor to cover the people on long-term leave",
            "Request temporary headcount to backfill the absences",
            "Agree cover for each open task left by the colleagues on leave",
        ],
        "incidents" => [
            "Review the top causes of production incidents and fix two of them",
            "Introduce blameless postmortems after every incident",
            "Set aside time each sprint for reliability work on incident causes",
        ],
        "priorities" => [
            "Freeze roadmap changes until the end of the quarter",
            "Route every roadmap request through one weekly review",
            "Limit scope changes to one per quarter",
        ],
        "toil" => [
            "Automate the manual deployment steps",
            "Script the most repeated manual tasks",
            "Cut toil by automating release checks",
        ],
        _ => [
            "Share the reorganisation timeline in a team meeting",
            "Hold an open Q&A about the restructuring",
            "Give each person written answers about the reorg and their role",
        ],
    }
}

const GENERIC: [&str; 8] = [
    "Share the EAP details and offer confidential counselling",
    "Run an anonymous pulse survey",
    "Send a wellbeing newsletter to the team",
    "Remind everyone to take breaks",
    "Hold a mid-plan review with the team",
    "Brief managers on spotting stress",
    "Set up peer buddies for hard weeks",
    "Celebrate small wins in the retro",
];

/// One planned action: what, and who owns it.
struct Planned {
    action: String,
    owner: String,
    role: &'static str,
}

fn roster(case: &PlanCase, owner: Owner) -> String {
    case.name_of(owner).to_owned()
}

fn first_name(name: &str) -> String {
    name.split_whitespace().next().unwrap_or("").to_owned()
}

fn last_name(name: &str) -> String {
    name.split_whitespace().last().unwrap_or("").to_owned()
}

/// Eight actions, two a week, on `metrics` in turn, worded from set `w`
/// onwards, each owned by the roster person with the remit.
fn planned(case: &PlanCase, metrics: &[&Metric], w: usize) -> Vec<Planned> {
    (0..8)
        .map(|k| {
            let m = metrics[k % metrics.len()];
            let round = k / metrics.len();
            Planned {
                action: wordings(m.id)[(w + round) % 3].to_owned(),
                owner: roster(case, m.owner),
                role: m.owner.role(),
            }
        })
        .collect()
}

/// How many layouts [`weeks`] writes.
const LAYOUTS: usize = 6;

/// The weeks in layout `layout` with owners named in style `style`.
fn weeks(plan: &[Planned], layout: usize, style: usize) -> String {
    let owner = |p: &Planned| match style % 3 {
        0 => format!("owner: {}", p.owner),
        1 => format!("Owner: {} ({})", first_name(&p.owner), p.role),
        _ => format!("led by {}", last_name(&p.owner)),
    };
    let ordinal = ["first", "second", "third", "fourth"];
    let mut out = String::new();
    match layout % LAYOUTS {
        2 => out.push_str("| Week | Action | Owner |\n|---|---|---|\n"),
        // The week in its own column, as a number under a "Week" title.
        5 => out.push_str("| Week | Action | Owner | Outcome |\n|---|---|---|---|\n"),
        _ => {}
    }
    for (week, pair) in plan.chunks(2).enumerate() {
        let n = week + 1;
        match layout % LAYOUTS {
            0 => {
                out.push_str(&format!("Week {n}:\n"));
                for p in pair {
                    out.push_str(&format!("- {} ({})\n", p.action, owner(p)));
                }
            }
            1 => {
                out.push_str(&format!("## Week {n}\n"));
                for (k, p) in pair.iter().enumerate() {
                    out.push_str(&format!(
                        "{}. **{}** \u{2014} {}\n",
                        k + 1,
                        p.action,
                        owner(p)
                    ));
                }
            }
            2 => {
                for p in pair {
                    out.push_str(&format!("| Week {n} | {} | {} |\n", p.action, owner(p)));
                }
            }
            3 => {
                let sentences: Vec<String> = pair
                    .iter()
                    .map(|p| format!("{}, {}.", p.action, owner(p)))
                    .collect();
                out.push_str(&format!(
                    "Week {n}: in the {} week, {}\n",
                    ordinal[week],
                    sentences.join(" ")
                ));
            }
            5 => {
                for p in pair {
                    out.push_str(&format!(
                        "| {n} | {} | {} | progress on it |\n",
                        p.action,
                        owner(p)
                    ));
                }
            }
            _ => {
                out.push_str(&format!("**Week {n}:**\n"));
                for p in pair {
                    out.push_str(&format!("* {} \u{2013} {}\n", p.action, owner(p)));
                }
            }
        }
    }
    out
}

/// The metrics of the case: its stressors, and the profile items within
/// their thresholds.
fn metrics(case: &PlanCase) -> (Vec<&'static Metric>, Vec<&'static Metric>) {
    let gold = case
        .readings
        .iter()
        .filter(|r| r.stressor)
        .map(|r| r.metric)
        .collect();
    let fine = case
        .readings
        .iter()
        .filter(|r| !r.stressor)
        .map(|r| r.metric)
        .collect();
    (gold, fine)
}

fn vars(case: &PlanCase) -> Vars {
    let (gold, fine) = metrics(case);
    let mut v: Vars = vec![
        ("scenario", Case::Plan(case.clone()).scenario_text()),
        ("lo", dollars(case.card.budget_min)),
        ("hi", dollars(case.card.budget_max)),
        ("manager", roster(case, Owner::Manager)),
        ("lead", roster(case, Owner::Lead)),
        ("hr", roster(case, Owner::Hr)),
        ("head", roster(case, Owner::Head)),
        ("eap", roster(case, Owner::Eap)),
    ];
    let mid = (case.card.budget_min + case.card.budget_max) / 2 / 500 * 500;
    v.push(("mid", dollars(mid)));
    v.push(("mid_plain", mid.to_string()));
    v.push(("mid_k", format!("{}k", mid / 1000)));
    v.push(("mid_less", dollars(mid - 1000)));
    v.push(("mid_less_plain", (mid - 1000).to_string()));
    v.push(("mid_less_half", dollars(mid.saturating_sub(1500))));
    v.push(("five_hundred", dollars(500)));
    v.push(("thousand", dollars(1000)));
    v.push(("over", dollars(case.card.budget_max + 500)));
    v.push(("under", dollars(case.card.budget_min.saturating_sub(500))));
    v.push(("low_mid", dollars(mid - 500)));
    v.push(("spare", dollars(case.card.budget_max - mid)));
    if mid.is_multiple_of(1000) {
        v.push(("mid_k_exact", format!("${}k", mid / 1000)));
    }
    // The stressors' profile lines as the page shows them: a baseline
    // copied, with no target.
    let copied: Vec<String> = case
        .card
        .profile
        .iter()
        .filter(|item| gold.iter().any(|m| m.label == item.label))
        .map(|item| format!("- {}: {}", item.label, item.value))
        .collect();
    v.push(("copied_kpis", copied.join("\n")));
    let key = |text: String| -> &'static str { Box::leak(text.into_boxed_str()) };
    for layout in 0..LAYOUTS {
        for style in 0..3 {
            for w in 0..3 {
                v.push((
                    key(format!("right_{layout}_{style}_{w}")),
                    weeks(&planned(case, &gold, w), layout, style),
                ));
            }
        }
        let mut extra = gold.clone();
        if let Some(f) = fine.first() {
            extra.push(f);
        }
        v.push((
            key(format!("extra_{layout}")),
            weeks(&planned(case, &extra, 0), layout, 0),
        ));
        let mut all = gold.clone();
        all.extend(fine.iter().copied());
        v.push((
            key(format!("all_{layout}")),
            weeks(&planned(case, &all, 1), layout, 1),
        ));
        if gold.len() >= 2 {
            let fewer = &gold[..gold.len() - 1];
            v.push((
                key(format!("fewer_{layout}")),
                weeks(&planned(case, fewer, 2), layout, 2),
            ));
        }
        let generic: Vec<Planned> = GENERIC
            .iter()
            .zip([
                Owner::Eap,
                Owner::Hr,
                Owner::Hr,
                Owner::Manager,
                Owner::Manager,
                Owner::Hr,
                Owner::Lead,
                Owner::Manager,
            ])
            .map(|(a, o)| Planned {
                action: (*a).to_owned(),
                owner: roster(case, o),
                role: o.role(),
            })
            .collect();
        v.push((key(format!("generic_{layout}")), weeks(&generic, layout, 0)));
        // Right actions, but owned by whoever: the head of engineering for
        // everything, strangers, everyone, or a choice of two.
        let mut headed = planned(case, &gold, 0);
        for p in &mut headed {
            p.owner = roster(case, Owner::Eap);
        }
        v.push((
            key(format!("eap_owned_{layout}")),
            weeks(&headed, layout, 0),
        ));
        let mut strangers = planned(case, &gold, 1);
        for p in &mut strangers {
            p.owner = "Xavier Quinlan".to_owned();
        }
        v.push((
            key(format!("strangers_{layout}")),
            weeks(&strangers, layout, 0),
        ));
        let mut either = planned(case, &gold, 2);
        let names = format!(
            "{} or {}",
            roster(case, Owner::Manager),
            roster(case, Owner::Lead)
        );
        for p in &mut either {
            p.owner = names.clone();
        }
        v.push((key(format!("either_{layout}")), weeks(&either, layout, 0)));
        let mut roles = planned(case, &gold, 0);
        for p in &mut roles {
            p.owner = "the team lead".to_owned();
        }
        v.push((key(format!("roles_{layout}")), weeks(&roles, layout, 0)));
        // Every action owned by a role, and the same with the first
        // action owned by its roster person by name.
        for (r, role) in ROLE_OWNERS.iter().enumerate() {
            let mut roled = planned(case, &gold, r % 3);
            for p in &mut roled {
                p.owner = (*role).to_owned();
            }
            v.push((
                key(format!("role_owned_{r}_{layout}")),
                weeks(&roled, layout, 0),
            ));
            if let Some(first) = roled.first_mut() {
                first.owner = planned(case, &gold, r % 3)[0].owner.clone();
            }
            v.push((
                key(format!("one_named_{r}_{layout}")),
                weeks(&roled, layout, 0),
            ));
        }
    }
    // One action a week, and the right plan squeezed into two weeks.
    let single: Vec<Planned> = planned(case, &gold, 0).into_iter().step_by(2).collect();
    let mut single_weeks = String::new();
    for (k, p) in single.iter().enumerate() {
        single_weeks.push_str(&format!(
            "Week {}:\n- {} (owner: {})\n",
            k + 1,
            p.action,
            p.owner
        ));
    }
    v.push(("single", single_weeks));
    let two: Vec<Planned> = planned(case, &gold, 1);
    v.push(("two_weeks", weeks(&two[..4], 0, 0)));
    let topics = METRICS
        .iter()
        .map(|m| m.label.to_lowercase())
        .collect::<Vec<_>>()
        .join(", ");
    v.push(("topics", topics));
    let everyone = case
        .card
        .roster
        .iter()
        .map(|r| r.name.clone())
        .collect::<Vec<_>>()
        .join(", ");
    v.push(("everyone", everyone));
    // KPIs: one line per stressor, in several forms; stressors with a
    // number to improve on first, so a worse or hedged target is wrong.
    let mut measured = gold.clone();
    env_wasm::order::sort_by_key(&mut measured, |m| m.lower_is_better.is_none());
    for (k, (metric, value)) in measured
        .iter()
        .filter_map(|m| case.value_of(m.id).map(|v| (*m, v)))
        .take(3)
        .enumerate()
    {
        for (form, line) in kpi_forms(metric, value).into_iter().enumerate() {
            v.push((key(format!("kpi{k}_{form}")), line));
        }
        for (form, line) in kpi_unit_forms(metric, value).into_iter().enumerate() {
            v.push((key(format!("kpi{k}_unit{form}")), line));
        }
        if let Some(unit) = units(metric.id).map(|u| u[0]) {
            let worse = kpi_worse_value(metric, value);
            v.push((
                key(format!("kpi{k}_unit_worse")),
                format!("{}: {value} {unit} \u{2192} {worse} {unit}", metric.label),
            ));
        }
        for (form, line) in kpi_change_forms(metric, value).into_iter().enumerate() {
            v.push((key(format!("kpi{k}_change{form}")), line));
        }
        if let Some(line) = kpi_wrong_change(metric, value) {
            v.push((key(format!("kpi{k}_wrong_change")), line));
        }
        // A target of none in words, where fewer is better (play-it30 B1).
        if metric.lower_is_better == Some(true) {
            for (form, line) in kpi_none_forms(metric, value).into_iter().enumerate() {
                v.push((key(format!("kpi{k}_none{form}")), line));
            }
            for (form, line) in kpi_none_misses(metric, value).into_iter().enumerate() {
                v.push((key(format!("kpi{k}_none_miss{form}")), line));
            }
        }
        v.push((key(format!("kpi{k}_worse")), kpi_worse(metric, value)));
        v.push((key(format!("kpi{k}_hedge")), kpi_hedge(metric, value)));
        v.push((
            key(format!("kpi{k}_blind")),
            format!("{}: better by week 4", metric.label),
        ));
        // A day number is a time, never the target (para-it13 B5).
        let t = target(metric, value);
        let name = metric.label;
        let (day_a, day_b) = match metric.lower_is_better {
            None => (
                format!("{name}: 100% of the team on day 21"),
                format!("{name}: 100% by D+14"),
            ),
            Some(_) => (
                format!("{name}: {value} now, {t} on day 21"),
                format!("{name}: {value} -> {t} by D+14"),
            ),
        };
        v.push((key(format!("kpi{k}_day_a")), day_a));
        v.push((key(format!("kpi{k}_day_b")), day_b));
        v.push((
            key(format!("kpi{k}_day_blind")),
            format!("{name}: better by day 21"),
        ));
    }
    for (k, (metric, value)) in fine
        .iter()
        .filter_map(|m| case.value_of(m.id).map(|v| (*m, v)))
        .take(2)
        .enumerate()
    {
        v.push((key(format!("fine{k}")), kpi_forms(metric, value)[0].clone()));
    }
    // The items within their thresholds, by their profile labels, as a
    // line saying what the plan leaves alone names them.
    let fine_named: Vec<String> = fine.iter().map(|m| m.label.to_lowercase()).collect();
    v.push(("fine_named", fine_named.join(", ")));
    // One item within its threshold whose stressor is not change itself
    // (keeping the roadmap unchanged is its freeze), for a line saying it
    // stays as it is (play-it29 B2).
    if let Some(kept) = fine
        .iter()
        .find(|m| !matches!(m.id, "priorities" | "reorg"))
    {
        v.push(("fine_kept", kept.label.to_lowercase()));
    }
    // A stressor of the team named as the object of a verb that also names
    // another item ("restructure the on-call rota"), its owner, and marks
    // for cases where that other item is within its threshold (play-it31
    // B1); a mark for cases where a hire for the backlog relieves overtime
    // (C1).
    let is_gold = |id: &str| gold.iter().any(|m| m.id == id);
    let object = |id: &str| match id {
        "overtime" => Some("the working hours"),
        "on_call" => Some("the on-call rota"),
        "one_on_ones" => Some("the 1:1 schedule"),
        "incidents" => Some("the incident process"),
        "toil" => Some("the manual deployment steps"),
        "conduct" => Some("the complaints process"),
        _ => None,
    };
    if let Some((m, obj)) = gold.iter().find_map(|m| Some((m, object(m.id)?))) {
        v.push(("acted_object", obj.to_owned()));
        v.push(("acted_owner", roster(case, m.owner)));
    }
    for (mark, id) in [
        ("reorg_off", "reorg"),
        ("reshuffle_off", "priorities"),
        ("staffing_off", "staffing"),
    ] {
        if !is_gold(id) {
            v.push((mark, String::new()));
        }
    }
    if is_gold("overtime") && !is_gold("staffing") {
        v.push(("hire_for_overtime", String::new()));
    }
    // A stressor of the team, where the profile does not call for 1:1s,
    // for an action that holds 1:1s as its means (play-it29 B1).
    if !gold.iter().any(|m| m.id == "one_on_ones") {
        if let Some(first) = gold.iter().find(|m| m.id != "connection") {
            v.push(("means_gold", first.label.to_lowercase()));
        }
        v.push(("fine_meeting", "1:1s".to_owned()));
    }
    v
}

/// The noun a count the team wants fewer of is counted in: "no changes".
fn counted_noun(id: &str) -> &'static str {
    match id {
        "overtime" => "overtime",
        "conduct" => "complaints",
        "staffing" => "gaps",
        "incidents" => "incidents",
        "priorities" => "changes",
        _ => "toil",
    }
}

/// Seven ways to write a target of none in words (play-it30 B1).
fn kpi_none_forms(metric: &Metric, value: i64) -> Vec<String> {
    let name = metric.label;
    let noun = counted_noun(metric.id);
    vec![
        format!("{name}: {value} this quarter, none for the rest of it."),
        format!("{name}: {value} now, none."),
        format!("{name}: from {value} to nil by week 6"),
        format!("{name}: {value} now, not one next quarter"),
        format!("{name}: {value} \u{2192} nothing by week 4"),
        format!("{name}: {value} now, no {noun} for the rest of the quarter"),
        format!("{name}: {value} now; no more {noun} after week 3"),
    ]
}

/// Near misses of a target of none: none of something else, none set
/// yet, no target, none that is where the team stands, and a worse
/// number beside it.
fn kpi_none_misses(metric: &Metric, value: i64) -> Vec<String> {
    let name = metric.label;
    let worse = value + 1;
    vec![
        format!("{name}: {value} now, no target set yet"),
        format!("{name}: {value} now, none set yet"),
        format!("{name}: {value} now, none of it reviewed"),
        format!("{name}: {value} now, nothing agreed with the team"),
        format!("{name}: {value} now, {worse} next quarter, none after that"),
        format!("{name}: track it, none for 3 months"),
    ]
}

/// A target that improves on `value` for `metric`.
fn target(metric: &Metric, value: i64) -> i64 {
    match metric.lower_is_better {
        Some(true) => (value / 2).max(0),
        Some(false) => value + 4,
        None => 100,
    }
}

/// Ten ways to write a KPI that improves on the team's number.
fn kpi_forms(metric: &Metric, value: i64) -> Vec<String> {
    let t = target(metric, value);
    let name = metric.label;
    match metric.lower_is_better {
        None => vec![
            format!("{name}: 100% of the team covered by week 3"),
            format!("{name} \u{2014} target 100% by week 4"),
            format!("{name}: reach 100% within the four weeks"),
            format!("{name}: at least 1 by week 4, then every quarter"),
            format!("{name} \u{2192} 100% by the end of the plan"),
            format!("{name}: 100% (currently none)"),
            format!("{name}: target of 100% of people by week 2"),
            format!("{name}: done for 100% of the team"),
            format!("{name}: 100% by week 4"),
            format!("{name}: 1 within two weeks"),
        ],
        Some(_) => vec![
            format!("{name}: from {value} to {t}"),
            format!("{name}: {value} \u{2192} {t} by week 4"),
            format!("{name} \u{2014} baseline {value}, target {t}"),
            format!("{name}: move from {value} to {t} over the four weeks"),
            format!("{name}: now {value}, goal {t}"),
            format!("{name} from {value} to {t} by the end of the plan"),
            format!("{name}: {value} today; {t} by week 4"),
            format!("{name}: target {t} (currently {value})"),
            format!("{name}: {value} -> {t}"),
            format!("{name}: from {value} down to {t}").replace(
                " down to ",
                if metric.lower_is_better == Some(false) {
                    " up to "
                } else {
                    " down to "
                },
            ),
        ],
    }
}

/// Units a manager writes after a metric's numbers, on both sides of an
/// arrow (the players' "12 hours/week \u{2192} 4 hours/week", "7 hrs/wk
/// \u{2192} 3 hrs/wk").
fn units(id: &str) -> Option<[&'static str; 3]> {
    Some(match id {
        "overtime" => ["hours/week", "h/week", "hrs/wk"],
        "incidents" => ["incidents/month", "per month", "a month"],
        "conduct" => ["complaints/quarter", "per quarter", "a quarter"],
        "priorities" => ["changes/quarter", "per qtr", "a quarter"],
        "staffing" => ["people", "people", "people"],
        "on_call" => ["days", "days", "days"],
        "toil" => ["%", "% of time", "%"],
        _ => return None,
    })
}

/// Three KPIs with units after each number, for the metrics that have
/// numbers: an arrow, an ASCII arrow, and an arrow after "per week:".
fn kpi_unit_forms(metric: &Metric, value: i64) -> Vec<String> {
    let Some([a, b, c]) = units(metric.id) else {
        return Vec::new();
    };
    let t = target(metric, value);
    let name = metric.label;
    vec![
        format!("{name}: {value} {a} \u{2192} {t} {a}"),
        format!("{name}: {value} {b} -> {t} {b}"),
        format!("{name}, per week: {value} {c} \u{2192} {t} {c}"),
    ]
}

/// KPIs that also give the change worked out from the two numbers (a
/// percentage cut) or the rota said as one day in so many
/// (play-para-it16 B3, B4): for the measures with a number to improve on.
fn kpi_change_forms(metric: &Metric, value: i64) -> Vec<String> {
    let t = target(metric, value);
    let name = metric.label;
    match metric.lower_is_better {
        Some(true) if value > 0 => {
            let pct = ((value - t) * 100 + value / 2) / value;
            vec![
                format!("{name}: from {value} to {t}, down about {pct}%"),
                format!("{name}: cut from {value} to {t} ({pct}% down)"),
                format!("{name}: {value} -> {t} by week 4, i.e. -{pct}%"),
            ]
        }
        Some(false) => vec![
            format!("{name}: from 1 day in {value} to 1 day in {t}"),
            format!("{name}: from one day in {value} to one day in {t}"),
            format!("{name}: from 1 in every {value} days to 1 in every {t}"),
        ],
        _ => Vec::new(),
    }
}

/// A wrong working of the same change, or a rota said one day in so many
/// that does not improve.
fn kpi_wrong_change(metric: &Metric, value: i64) -> Option<String> {
    let t = target(metric, value);
    let name = metric.label;
    match metric.lower_is_better {
        Some(true) if value > 0 => {
            let pct = ((value - t) * 100 + value / 2) / value;
            Some(format!(
                "{name}: from {value} to {t}, down about {}%",
                pct + 30
            ))
        }
        Some(false) => Some(format!(
            "{name}: from 1 day in {value} to 1 day in {}",
            kpi_worse_value(metric, value)
        )),
        _ => None,
    }
}

fn kpi_worse_value(metric: &Metric, value: i64) -> i64 {
    match metric.lower_is_better {
        Some(false) => (value - 1).max(0),
        _ => value + 5,
    }
}

/// A KPI that does not improve: a worse target, or for a measure with no
/// number to improve on, no target at all.
fn kpi_worse(metric: &Metric, value: i64) -> String {
    let worse = match metric.lower_is_better {
        Some(true) => value + 5,
        Some(false) => (value - 1).max(0),
        None => return format!("{}: keep as it is", metric.label),
    };
    format!("{}: from {value} to {worse}", metric.label)
}

fn kpi_hedge(metric: &Metric, value: i64) -> String {
    let t = target(metric, value);
    let worse = match metric.lower_is_better {
        Some(true) => value + 5,
        Some(false) => (value - 1).max(0),
        None => 0,
    };
    format!("{}: from {value} to {t} or {worse}", metric.label)
}

/// The reference answer with its weeks (`replaced` = None) or its KPIs
/// (0), risk (1) or budget (2) given by `row`.
fn answer_with(seeded: &Seeded, replaced: Option<usize>, row: &str) -> Option<String> {
    let row = filled(row, &seeded.vars)?;
    let reference = seeded.case.write(Style::Reference);
    let kpis = reference.find("KPIs:")?;
    let risk = reference.find("Risk:")?;
    let budget = reference.find("Budget:")?;
    let mut parts = [
        reference[..kpis].to_owned(),
        reference[kpis..risk].to_owned(),
        reference[risk..budget].to_owned(),
        reference[budget..].to_owned(),
    ];
    let k = replaced.map_or(0, |t| t + 1);
    parts[k] = format!("{}\n", row.trim_end());
    Some(parts.join(""))
}

fn cases(n: usize) -> Vec<Seeded> {
    let keep = |c: &PlanCase| {
        c.readings.iter().filter(|r| !r.stressor).count() >= 2
            && c.readings
                .iter()
                .any(|r| r.stressor && r.metric.lower_is_better.is_some())
    };
    seeded(n, plan::generate, keep, vars, Case::Plan)
}

fn run(criterion: &'static str, right: &[&str], wrong: &[&str], replaced: Option<usize>) {
    check(
        &Table {
            criterion,
            right,
            wrong,
        },
        &cases(6),
        |s, row| answer_with(s, replaced, row),
    );
}

/// The right plans: six layouts, three owner styles, three wordings.
fn right_plans() -> Vec<String> {
    let mut rows = Vec::new();
    for layout in 0..LAYOUTS {
        for style in 0..3 {
            for w in 0..3 {
                rows.push(format!("{{right_{layout}_{style}_{w}}}"));
            }
        }
    }
    rows
}

#[test]
fn plan_stressor_coverage_table() {
    let mut rows = right_plans();
    let mut wrong_rows: Vec<String> = Vec::new();
    for layout in 0..LAYOUTS {
        for kind in ["extra", "all", "fewer", "generic"] {
            wrong_rows.push(format!("{{{kind}_{layout}}}"));
        }
    }
    wrong_rows.extend(
        [
            "Week 1:\n- Address {topics} (owner: {manager})\nWeek 2:\n- Address {topics} (owner: \
             {lead})\nWeek 3:\n- Address {topics} (owner: {hr})\nWeek 4:\n- Address {topics} \
             (owner: {head})",
            "Week 1:\n{scenario}\nWeek 2:\n{scenario}",
            "Week 1: improve wellbeing\nWeek 2: improve wellbeing\nWeek 3: review\nWeek 4: review",
            "Week 1:\n- Don't change the on-call rota, overtime or the roadmap (owner: {manager})\n- \
             Run a pulse survey (owner: {hr})",
            "Week 1-4: tackle every stressor",
            "Week 1:\n- Work on the team's stressors (owner: {manager})\n- Work on the team's \
             stressors (owner: {lead})",
            "Week 1:\n- Fix everything (owner: {everyone})",
            "Week 1:\n- TBD\nWeek 2:\n- TBD\nWeek 3:\n- TBD\nWeek 4:\n- TBD",
            "Week 1:\n- Do what the rubric says (owner: {manager})",
            "Week 1:\n- Share the EAP details (owner: {eap})\nWeek 2:\n- Team survey (owner: \
             {hr})\nWeek 3:\n- Team lunch for morale (owner: {lead})\nWeek 4:\n- Review (owner: \
             {manager})",
            "{two_weeks}Week 3:\n- {topics} (owner: {manager})\nWeek 4:\n- {topics} (owner: \
             {lead})",
            "Week 1:\n- Reduce stress across the board (owner: {manager})\n- Improve morale (owner: \
             {lead})\nWeek 2:\n- Offer flexible working (owner: {hr})\n- Wellbeing talk (owner: \
             {eap})",
            "Week 1:\n- Leave the rota, the roadmap and the overtime as they are (owner: {manager})",
            "Weeks 1 to 4: as needed",
            "Week 1:\n- Cap overtime, rebalance the on-call rota, restart 1:1s, hold an offsite, \
             review complaints, hire contractors, fix incidents, freeze the roadmap, automate toil \
             and explain the reorg (owner: {manager})",
            "Week 1:\n- Hold a town hall on everything (owner: {head})\n- Publish a wellbeing \
             policy (owner: {hr})",
            "Week 1:\n- Check in with the team (owner: {manager})\n- Check in again (owner: \
             {lead})\nWeek 2:\n- More check-ins (owner: {manager})",
            "Week 1:\n- Look at all of the profile items (owner: {manager})",
            "Week 1: see the profile\nWeek 2: see the profile\nWeek 3: see the profile\nWeek 4: \
             see the profile",
            "Week 1:\n- A plan for the whole profile: {topics}",
        ]
        .map(str::to_owned),
    );
    // A line saying what the plan leaves alone tackles none of it
    // (play-it10, B2); a line that does tackle it still costs.
    rows.extend([
        "{right_0_0_0}\nNot touched: {fine_named}. all inside threshold.".to_owned(),
        "{right_1_1_1}\nNo action needed (inside threshold): {fine_named}.".to_owned(),
        "{right_2_2_2}\nLeft alone on purpose: {fine_named}; each is within its threshold."
            .to_owned(),
        "{right_3_0_1}\nOut of scope this month: {fine_named}.".to_owned(),
        // Said inside a week, in any words, that an item stays as it is
        // (play-it29 B2), and 1:1s held as the means of an action on a
        // stressor when the profile does not call for them (B1).
        "{right_0_0_0}\n- No change to {fine_kept} (within its threshold).".to_owned(),
        "{right_1_1_1}\n- The {fine_kept} stays as it is (within its threshold).".to_owned(),
        "{right_2_2_2}\n- Leave the {fine_kept} alone: it is inside its threshold.".to_owned(),
        "{right_0_0_0}\n- Nothing on {fine_kept} this month, as it is within its threshold."
            .to_owned(),
        "{right_0_0_0}\n- Hold 1:1s focused on workload; outcome: {means_gold} falls (owner: \
         {manager})"
            .to_owned(),
        "{right_1_1_1}\n- Run 1:1s with each engineer on {means_gold} (owner: {manager})"
            .to_owned(),
        // A verb that also names an item, applied to another item's object,
        // targets that object's item (play-it31 B1); a hire for the
        // workload where overtime is the stressor is its means (C1).
        "{right_0_0_0}{reorg_off}\n- Restructure {acted_object} so it weighs less on people \
         (owner: {acted_owner})"
            .to_owned(),
        "{right_1_1_1}{reorg_off}\n- Restructuring of {acted_object} (add a second person) \
         (owner: {acted_owner})"
            .to_owned(),
        "{right_2_2_2}{reorg_off}\n- Reorganise {acted_object} to spread the load (owner: \
         {acted_owner})"
            .to_owned(),
        "{right_0_0_0}{reorg_off}\n- A restructure of {acted_object}, agreed with the team \
         (owner: {acted_owner})"
            .to_owned(),
        "{right_1_1_1}{reorg_off}\n- Restructure the whole of {acted_object} (owner: \
         {acted_owner})"
            .to_owned(),
        "{right_2_2_2}{reorg_off}\n- A reorganisation of {acted_object} with the team (owner: \
         {acted_owner})"
            .to_owned(),
        "{right_0_0_0}{reshuffle_off}\n- Reshuffle {acted_object} so the load is fair (owner: \
         {acted_owner})"
            .to_owned(),
        "{right_1_1_1}{staffing_off}\n- Staffing {acted_object} with a second person (owner: \
         {acted_owner})"
            .to_owned(),
        "{right_0_0_0}{hire_for_overtime}\n- Engage a contractor to take the overflow backlog \
         (owner: {head})"
            .to_owned(),
        "{right_1_1_1}{hire_for_overtime}\n- Hire a contractor for the backlog. Outcome: less \
         workload per person (owner: {head})"
            .to_owned(),
    ]);
    let right = refs(&rows);
    wrong_rows.extend([
        "{right_0_0_0}\n- Tackle {fine_named} as well (owner: {manager})".to_owned(),
        "{right_1_1_1}\n- Keep {fine_named} inside threshold by reviewing them weekly (owner: \
         {manager})"
            .to_owned(),
        // Near misses: a change or a rule for changing it, a step after
        // "but", 1:1s held or restarted with no other item where the
        // profile does not call for them (play-it29).
        "{right_0_0_0}\n- Change the {fine_kept} this month (owner: {manager})".to_owned(),
        "{right_1_1_1}\n- No changes to the {fine_kept} without a week's notice (owner: \
         {manager})"
            .to_owned(),
        "{right_0_0_0}\n- Keep the {fine_kept} as it is but review it weekly (owner: {manager})"
            .to_owned(),
        "{right_0_0_0}\n- Run weekly {fine_meeting} (owner: {manager})".to_owned(),
        "{right_1_1_1}\n- Restart 1:1s and review {means_gold} in them (owner: {manager})"
            .to_owned(),
        // Near misses: the reorganisation with no other item as its object,
        // an item named as the kind of a unit, or after its purpose or
        // another object; a bare hire where staffing is within its
        // threshold, or one for the cover of leave (play-it31).
        "{right_0_0_0}{reorg_off}\n- Restructure the team (owner: {head})".to_owned(),
        "{right_1_1_1}{reorg_off}\n- A reorganisation of the platform group (owner: {head})"
            .to_owned(),
        "{right_2_2_2}{reorg_off}\n- Restructure the on-call team (owner: {head})".to_owned(),
        "{right_0_0_0}{reorg_off}\n- Restructure the team so {acted_object} is lighter (owner: \
         {head})"
            .to_owned(),
        "{right_1_1_1}{reorg_off}\n- Restructure the team and {acted_object} (owner: {head})"
            .to_owned(),
        "{right_2_2_2}{reorg_off}\n- Hold a Q&A on the restructuring (owner: {head})".to_owned(),
        "{right_0_0_0}{reorg_off}\n- Restructure reporting lines around {acted_object} (owner: \
         {head})"
            .to_owned(),
        "{right_0_0_0}{hire_for_overtime}\n- Bring in a contractor (owner: {head})".to_owned(),
        "{right_1_1_1}{hire_for_overtime}\n- Hire a contractor to cover the backlog of the \
         colleagues on leave (owner: {head})"
            .to_owned(),
    ]);
    let wrong = refs(&wrong_rows);
    run("stressor_coverage", &right, &wrong, None);
}

#[test]
fn plan_weekly_structure_table() {
    let rows = right_plans();
    let right = refs(&rows);
    let mut wrong_rows: Vec<String> = Vec::new();
    for layout in 0..LAYOUTS {
        for kind in [
            "all",
            "generic",
            "strangers",
            "either",
            "roles",
            "eap_owned",
        ] {
            wrong_rows.push(format!("{{{kind}_{layout}}}"));
        }
    }
    wrong_rows.extend(
        [
            "{single}",
            "{two_weeks}",
            "Week 1:\n{scenario}",
            "Week 1: everything\nWeek 2: everything\nWeek 3: everything\nWeek 4: everything",
            "Weeks 1-4: see above",
            "Week 1:\n- Cap overtime (no owner yet)\n- Fix the rota (no owner yet)",
            "Week 1:\n- {topics} (owner: {manager})\nWeek 2:\n- {topics} (owner: {lead})\nWeek 3:\n- \
             {topics} (owner: {hr})\nWeek 4:\n- {topics} (owner: {head})",
            "Week 1:\n- TBD\nWeek 2:\n- TBD\nWeek 3:\n- TBD\nWeek 4:\n- TBD",
            "Week 5:\n- Review (owner: {manager})",
            "Week 1:\n- Review (owner: {manager})\n- Survey (owner: {hr})",
        ]
        .map(str::to_owned),
    );
    let wrong = refs(&wrong_rows);
    run("weekly_structure", &right, &wrong, None);
}

#[test]
fn plan_owners_table() {
    let rows = right_plans();
    let right = refs(&rows);
    let mut wrong_rows: Vec<String> = Vec::new();
    for layout in 0..LAYOUTS {
        for kind in ["strangers", "either", "roles", "eap_owned"] {
            wrong_rows.push(format!("{{{kind}_{layout}}}"));
        }
        wrong_rows.push(format!("{{all_{layout}}}"));
    }
    wrong_rows.extend(
        [
            "Week 1:\n- Cap overtime (owner: TBD)\n- Rebalance the on-call rota (owner: the team)",
            "Week 1:\n- Cap overtime (owner: {everyone})\n- Rebalance the on-call rota (owner: \
             {everyone})",
            "Week 1:\n- Cap overtime (owner: HR)\n- Rebalance the on-call rota (owner: manager)",
            "Week 1:\n- Cap overtime\n- Rebalance the on-call rota\n- Restart 1:1s\n- Freeze the \
             roadmap",
            "Week 1:\n{scenario}",
            "Week 1:\n- Cap overtime (owner: whoever is free)\n- Automate toil (owner: someone)",
            "Week 1:\n- Cap overtime (owner: Xavier Quinlan or {manager})",
            "Week 1:\n- Cap overtime (owners: {manager}, {lead}, {hr} and {head})",
            "Week 1:\n- Every stressor: {topics} (owner: {manager})",
            "Week 1:\n- Cap overtime (owner: {eap})\n- Freeze the roadmap (owner: {eap})",
            "Week 1:\n- Cap overtime (owner: a manager)\n- Fix the rota (owner: a lead)",
            "Week 1:\n- Cap overtime (owner: {manager} / {head})",
            "Week 1:\n- Cap overtime (owner: the whole team)",
            "Week 1:\n- Owners to be agreed",
            "Week 1:\n- Cap overtime (owner: {hr} or {eap})",
            "Week 1:\n- Cap overtime (owner: Anonymous)",
            "Week 1:\n- Improve things (owner: {manager})",
            "Week 1:\n- Share the EAP details (owner: {eap})",
            "Week 1:\n- Cap overtime (owner: me)",
            "Week 1:\n- Cap overtime (owner: the CEO)",
        ]
        .map(str::to_owned),
    );
    let wrong = refs(&wrong_rows);
    run("owners", &right, &wrong, None);
}

/// Owners named by their role alone, which every roster has.
const ROLE_OWNERS: [&str; 7] = [
    "the team lead",
    "the manager",
    "the engineering manager",
    "HR",
    "the head of engineering",
    "our people partner",
    "the line manager",
];

/// The KPIs, risk and budget count only for a plan with an action on the
/// team's stressors owned by someone of the roster by name: right actions
/// owned by roles alone open no gate, one of them owned by name does
/// (play-it36 X4).
#[test]
fn plan_gate_needs_an_owner_named_from_the_roster_table() {
    let mut right_rows = right_plans();
    let mut wrong_rows: Vec<String> = Vec::new();
    for layout in 0..LAYOUTS {
        for r in 0..ROLE_OWNERS.len() {
            right_rows.push(format!("{{one_named_{r}_{layout}}}"));
            wrong_rows.push(format!("{{role_owned_{r}_{layout}}}"));
        }
    }
    wrong_rows.push(
        "Week 1:\n- Action: cap overtime and review workload. Owner: the engineering manager.\n- \
         Action: team lunch. Owner: the manager. Outcome: morale."
            .to_owned(),
    );
    let (right, wrong) = (refs(&right_rows), refs(&wrong_rows));
    for criterion in ["kpis", "risk", "budget"] {
        run(criterion, &right, &wrong, None);
    }
}

#[test]
fn plan_kpis_table() {
    let mut right_rows: Vec<String> = Vec::new();
    for form in 0..10 {
        let [a, b, c] = [form, (form + 3) % 10, (form + 7) % 10];
        right_rows.push(format!(
            "KPIs:\n- {{kpi0_{a}}}\n- {{kpi1_{b}}}\n- {{kpi2_{c}}}"
        ));
        right_rows.push(format!(
            "## KPIs\n1. {{kpi1_{a}}}\n2. {{kpi2_{b}}}\n3. {{kpi0_{c}}}"
        ));
        right_rows.push(format!(
            "**KPIs:**\n* {{kpi2_{a}}}\n* {{kpi0_{b}}}\n* {{kpi1_{c}}}"
        ));
        right_rows.push(format!(
            "Key performance indicators:\n- {{kpi0_{b}}}\n- {{kpi2_{c}}}\n- {{kpi1_{a}}}"
        ));
    }
    right_rows.push("KPIs: {kpi0_0}; {kpi1_1}; {kpi2_2}".to_owned());
    // A lead-in that names the KPIs as its subject, however long
    // (play-para-it19 B1's class, in every task's titles).
    right_rows.push(
        "The metrics I would use to tell whether the plan is working:\n- {kpi0_0}\n- \
         {kpi1_1}\n- {kpi2_2}"
            .to_owned(),
    );
    // Units after each number, on both sides of an arrow.
    right_rows.push("KPIs:\n- {kpi0_unit0}\n- {kpi1_unit1}\n- {kpi2_0}".to_owned());
    right_rows.push("KPIs:\n- {kpi0_unit1}\n- {kpi1_0}\n- {kpi2_1}".to_owned());
    right_rows.push("KPIs:\n- {kpi0_unit2}\n- {kpi1_unit2}\n- {kpi2_2}".to_owned());
    right_rows.push("| KPI | Target |\n|---|---|\n| {kpi0_0} | as stated |\n| {kpi1_2} | as stated |\n| {kpi2_4} | as stated |".to_owned());
    // Deadlines given as day numbers (para-it13 B5).
    right_rows.push("KPIs:\n- {kpi0_day_a}\n- {kpi1_day_b}\n- {kpi2_day_a}".to_owned());
    right_rows.push("KPIs:\n1. {kpi1_day_a}\n2. {kpi2_day_b}\n3. {kpi0_day_b}".to_owned());
    // The change worked out from the two numbers, and the rota said as one
    // day in so many (play-para-it16 B3, B4).
    right_rows.push("KPIs:\n- {kpi0_change0}\n- {kpi1_0}\n- {kpi2_0}".to_owned());
    right_rows.push("KPIs:\n- {kpi0_change1}\n- {kpi1_change0}\n- {kpi2_1}".to_owned());
    right_rows.push("KPIs:\n- {kpi0_change2}\n- {kpi1_change2}\n- {kpi2_2}".to_owned());
    right_rows.push("KPIs:\n- {kpi1_change1}\n- {kpi2_3}\n- {kpi0_change0}".to_owned());
    // A target of none in words, where fewer is better (play-it30 B1).
    for form in 0..7 {
        right_rows.push(format!(
            "KPIs:\n- {{kpi0_none{form}}}\n- {{kpi1_0}}\n- {{kpi2_0}}"
        ));
        right_rows.push(format!(
            "KPIs:\n- {{kpi0_0}}\n- {{kpi1_none{form}}}\n- {{kpi2_1}}"
        ));
    }
    let right = refs(&right_rows);
    let wrong_rows: Vec<String> = [
        "KPIs:\n- {kpi0_worse}\n- {kpi1_0}\n- {kpi2_0}",
        "KPIs:\n- {kpi0_hedge}\n- {kpi1_hedge}\n- {kpi2_hedge}",
        "KPIs:\n- {kpi0_blind}\n- {kpi1_blind}\n- {kpi2_blind}",
        "KPIs:\n- {fine0}\n- {fine1}\n- {kpi0_0}",
        "KPIs:\n- {kpi0_0}\n- {kpi1_0}\n- {kpi2_0}\n- {fine0}\n- {fine1}",
        "KPIs:\n- Pulse survey wellbeing: 4 to 7\n- Attrition: 0 leavers\n- Sick days: down 20%",
        "KPIs: KPI metric measure indicator tracking 90-day overtime incidents complaints pulse \
         survey 1 2 3 5 10 50 100",
        "KPIs:\n{scenario}",
        "KPIs:\n- Less overtime\n- Fewer incidents\n- Better wellbeing",
        "KPIs:\n- {kpi0_0}\n- {kpi0_1}\n- {kpi0_2}",
        "KPIs:\n- {kpi0_0}",
        "KPIs:\n- {kpi0_0}\n- {kpi1_0}",
        "KPIs: every profile item, improved",
        "KPIs:\n- {fine0}\n- {fine1}",
        "KPIs:\n- Overtime, incidents, complaints, toil, roadmap changes, 1:1s: all better by 50%",
        "KPIs: TBD",
        "KPIs:\n- {kpi0_worse}\n- {kpi1_worse}\n- {kpi2_worse}",
        "KPIs:\n- Wellbeing score up\n- Happier team\n- Fewer complaints",
        "KPIs:\n- {kpi0_blind}\n- {kpi1_0}\n- {kpi2_0}",
        "KPIs:\n- {kpi0_hedge}\n- {kpi1_0}\n- {kpi2_0}",
        "KPIs:\n- Team numbers: from 99 to 1\n- Incidents: from 98 to 2\n- Overtime: from 97 to 3",
        "KPIs:\n- {kpi0_0} and {fine0}\n- {kpi1_0}\n- {kpi2_0} and {fine1}",
        "KPIs: see the profile",
        "KPIs:\n- {kpi1_0}\n- {kpi2_0}\n- {fine0}",
        "KPIs:\n- {fine0}\n- {kpi1_0}\n- {kpi2_0}",
        "KPIs:\n- Track everything weekly",
        "KPIs:\n- {kpi0_0}\n- {kpi1_0}\n- {kpi2_0}\n\nKPIs:\n- {fine0}\n- {fine1}",
        "KPIs:\n- Pulse survey: 7/10\n- eNPS: +10\n- Engagement: 80%",
        "KPIs:\n- {kpi0_0} {kpi1_0} {kpi2_0} {fine0} {fine1}",
        "KPIs:\n- 3 KPIs with numbers",
        "KPIs:\n- {kpi0_blind}\n- {kpi1_blind}\n- Pulse survey: 7/10",
        "KPIs:\n- Improve by 10%\n- Improve by 20%\n- Improve by 30%",
        "KPIs:\n- {fine0}\n- {kpi0_0}\n- {fine1}\n- {kpi1_0}",
        "KPIs:\n- Overtime: at most 5 hours a week\n- Incidents: at most 3 a month\n- Complaints: \
         0",
        "KPIs:\n- {kpi2_worse}\n- {kpi1_worse}\n- {kpi0_0}",
        "KPIs:\n- {kpi0_hedge}\n- {kpi1_hedge}\n- {kpi2_0}",
        "KPIs: n/a",
        "KPIs:\n- Numbers to be agreed with the team",
        "KPIs:\n{copied_kpis}",
        "## KPIs\n1. {kpi0_0}; {kpi1_0}; {kpi2_0}",
        "KPIs:\n- {kpi0_3}, {kpi1_3} and {kpi2_3}",
        "KPIs:\n- {kpi0_blind}\n- {kpi1_blind}\n- {kpi2_0}",
        "KPIs:\n- {kpi2_0}\n- {fine1}\n- {fine0}",
        "KPIs:\n- {kpi0_unit_worse}\n- {kpi1_0}\n- {kpi2_0}",
        // Only a day number: no target (para-it13 B5).
        "KPIs:\n- {kpi0_day_blind}\n- {kpi1_day_blind}\n- {kpi2_day_blind}",
        "KPIs:\n- {kpi0_day_blind}\n- {kpi1_0}\n- {kpi2_0}",
        // A wrong working of the change, a rota that does not improve
        // (play-para-it16 B3, B4).
        "KPIs:\n- {kpi0_wrong_change}\n- {kpi1_0}\n- {kpi2_0}",
        "KPIs:\n- {kpi1_wrong_change}\n- {kpi0_0}\n- {kpi2_0}",
    ]
    .map(str::to_owned)
    .to_vec();
    let mut wrong_rows = wrong_rows;
    for form in 0..6 {
        wrong_rows.push(format!(
            "KPIs:\n- {{kpi0_none_miss{form}}}\n- {{kpi1_0}}\n- {{kpi2_0}}"
        ));
    }
    let wrong = refs(&wrong_rows);
    run("kpis", &right, &wrong, Some(0));
}

#[test]
fn plan_risk_table() {
    let right = [
        "Risk: people may skip the sessions for fear of stigma; to reduce this, {manager} \
         attends first and sessions stay confidential.",
        "Risk: managers may not have time for the 1:1s; we'll protect the time in their \
         calendars.",
        "## Risk\nThe main risk is delivery pressure pulling people back into overtime. Mitigation: \
         {head} agrees the reduced scope with stakeholders up front.",
        "**Risk:** Low participation in the survey. We'll mitigate this by keeping it anonymous \
         and short.",
        "Risk: the changes may not stick once the four weeks end; to prevent that, we review them \
         monthly in the retro.",
        "Risk: the team could lose trust if nothing changes after the survey, so we share results \
         and actions within a week.",
        "Risk: contractors take time to ramp up; to limit the impact, {lead} pairs each one with \
         an engineer.",
        "Risk - cost overruns on cover. Mitigation: a fixed-price contract agreed in week 1.",
        // A long lead-in that names the risk as its subject (play-para-it19 B1's class).
        "The biggest risk I can see over the four weeks: delivery pressure pulls people back \
         into overtime; to reduce it, {head} agrees the reduced scope with stakeholders up \
         front.",
        "Risk: people might resist the new rota; we'll address this by letting the team design \
         it.",
        "Risk: deadlines slip while we cut overtime; to counter this, the roadmap freeze stays in \
         place.",
        "Main risk: burnout relapses after the plan ends. We'll prevent it with monthly check-ins \
         on the same measures.",
        "Risk: fatigue with yet another initiative; to avoid it we keep the plan to what the team \
         asked for.",
        "Risk: scepticism that leadership means it; {head} addresses it by committing in writing.",
        "Risk: attendance at the offsite may be low; we'll avoid that by holding it in work time.",
        "Risk: losing momentum in weeks 3 and 4; a mid-plan review with {manager} prevents that.",
        "Risk: the reorganisation news could land mid-plan and disrupt it; contingency: {hr} \
         briefs people one to one first.",
        "Risk: a busy release could crowd out the actions, so we keep a fallback date for each.",
        "Risk: people leave before the changes help; to minimise this, {manager} meets anyone at \
         risk of quitting.",
        "Risk: pressure from other teams to take on more work; we'll counter it with one intake \
         review a week.",
        "Key risk: low uptake of counselling. Mitigation: {eap} runs a short intro session.",
        "Biggest risk: engagement drops off after week 2; reduce it by sharing progress weekly.",
        "Risk: skeptical engineers may skip the workshop; we'll address this by making it optional \
         and practical.",
        "Risk: the budget runs short if cover costs more; the contingency is to delay the offsite.",
        "Risk: on-call gaps while the rota changes; to prevent them, {lead} keeps a backup list.",
        "Risk: managers revert to old habits; {hr} reviews the 1:1 notes to prevent that.",
        "Risk: the plan competes with delivery for time; we protect two hours a week for it.",
        "Risk: stigma around asking for help; to reduce it, leaders share their own use of the \
         EAP.",
        "Risk: people fear being seen as struggling; confidential sessions mitigate this.",
        "Risk: the cap could slip in release weeks; to avoid that, {manager} checks timesheets \
         every Friday.",
        "| Risk | Mitigation |\n|---|---|\n| Low attendance | reduce it by holding sessions in \
         work time |",
        "Risk: delays in hiring cover; mitigation: {head} approves a contractor in week 1.",
        // A one-row If | Then table, a phrasal verb of reducing, and a
        // mitigation under sub-fields of the risk (para-it13 B6).
        "Risk:\n\n| If | Then |\n| --- | --- |\n| Release week squeezes out the 1:1s | {manager} \
         books every 1:1 for the month in week one |",
        "Risk:\n| Risk | Response |\n|---|---|\n| The contractor starts late | {head} signs the \
         agency's second candidate the same week |",
        "Risk: release pressure could push the hours back up. We'll scale that back by moving \
         optional work to the next quarter.",
        "Risk: the on-call load may creep up again; {lead} will wind it down by adding the \
         platform pool to the rota.",
        "Risk: attendance at the offsite may drop in a busy week.\n- Who: {manager}\n- When: \
         week 2\n- Mitigation: hold it in work time and book the date now.",
        "Risk: the reorganisation news lands mid-plan.\n  * Owner: {head}\n  * Note: weekly\n  \
         * Mitigation: brief each person one to one the same day.",
        "Risk: backlash if the roadmap freeze annoys stakeholders; to counter it, {head} explains \
         the reasons.",
        "Risk \u{2014} survey fatigue: we keep it to five questions to reduce the load.",
        "Risk: weak buy-in from senior engineers; we'll address it by involving them in the \
         design.",
        "Risk: the team may see this as box-ticking and lose trust; to prevent it, we act on \
         the first results quickly.",
        "Risk: workload creeps back up; a weekly capacity check mitigates it.",
        "Risk: incidents keep pulling people away and the actions stall; to limit that, the \
         second responder covers them.",
        "Risk: not enough bandwidth to run everything; we prioritise the first two weeks' \
         actions to reduce it.",
        "Risk: morale dips if the reorg drags on; {head} addresses it with a dated timeline.",
        "Risks and mitigations: people might skip the 1:1s. Mitigation: put them in the \
         calendar for the whole quarter.",
        // An owner committing to a counter-action after the risk is its
        // mitigation, without the word.
        "Risk: the biggest threat is that a bad incident week pulls people straight back into \
         overtime. {head} commits publicly to the priority freeze, and {lead} ring-fences time \
         for incident fixes each sprint.",
        "Risk: the reorganisation news could land mid-plan and morale dips. {manager} will brief \
         each person one to one the same day.",
        // A remit given to an owner, a result clause and a contingency are
        // mitigations in other words (play-it12, B2).
        "Risk: stakeholders push urgent work past the roadmap freeze and the team stops \
         believing in it. {head} is the only person who can grant an exception, and each one \
         is written down.",
        "Risk: the on-call swap confuses people in the first week. Every change is posted in \
         the team channel the day before, so nobody is caught out.",
        "Risk: attendance at the workshop drops once release week starts. In that case the \
         session moves to the following Tuesday.",
        // The format's own "how it will be reduced", in the passive
        // (play-it18, B3).
        "Risk: capping overtime while two colleagues are absent may push work back onto the same \
         people. This will be reduced by onboarding the contractor in week 1.",
        "Risk: deadlines may slip while overtime is capped; that is eased by {head} agreeing the \
         deferred items with stakeholders up front.",
        // An instruction after a break answers the risk (play-para-it).
        "Risk: 1:1s slip because {manager} is nearly at capacity \u{2192} book them all in week \
         one.",
        "Risk: the 1:1s slip under delivery pressure; book them all in week one, most affected \
         first.",
        // A possibility about something of the plan, in no risk word
        // (para-it2).
        "Risk: the contractor could be pulled onto another client mid-plan. Mitigation: {head} \
         agrees the contract for all four weeks in week 1.",
        "Risk: leadership may not have firm dates to share. Mitigation: {lead} commits to a \
         written timeline in week 1.",
        "Risk: the contractor not signed off in time; {head} secures sign-off in week 1.",
        // What the plan hangs on (para-it6, B5).
        "Risk: the town hall only succeeds if leadership has real dates; {lead} agrees the \
         timeline with HR the week before.",
        "Risk: the new rota hinges on the contractor starting on time. Mitigation: {head} signs \
         the contract in week 1.",
        // Owners named by their roles' short forms, acting after a
        // semicolon that ends the risk (para-it8, B5).
        "Risk: the EM is at 9 of her 9 hours; the head of eng shields her time and the TL runs \
         the offsite logistics.",
        "Risk: HR capacity is the bottleneck. The HRBP hands the complaint review to a trained \
         colleague.",
        // Advice to the manager the answer is written to (para-it9, B2).
        "Risk: {lead} is at the limit of their hours; if incidents flare up, the review slips. I \
         recommend that you keep the reserved sprint capacity and move the offsite a week earlier.",
        // An owner acting in a consequence after the risk (para-it15 B8).
        "Risk: the borrowed engineers could be pulled back to their own teams, so {lead} \
         confirms their release with their managers in week 1.",
        "Risk: the survey may get few replies, therefore {manager} books fifteen minutes for it \
         in the team meeting.",
        "Risk: delivery pressure might push people into overtime again - so {head} freezes new \
         scope for the four weeks.",
        // A risk with no "may" or "could", joined to its mitigation by an
        // arrow or a dash; a risk stated as a plain conditional
        // (play-para-it16 B6).
        "Risk: the on-call rota collapses if {lead} leaves \u{2192} mitigation: cross-train two \
         people",
        "Risk: the rota falls apart if {lead} is off sick -> cross-train two people on it.",
        "Risk: the roadmap freeze breaks under stakeholder pressure => {head} signs off every \
         exception in writing.",
        "Risk: work piles up again if the contractor starts late \u{2013} line up a second \
         agency now.",
        "Risk: if the new joiner is ill in week 2, nobody knows the runbooks \u{2192} pair a \
         second engineer with them from day one.",
        "Risk: the plan stops if the budget sign-off comes late; {head} approves it in week 1.",
        "Risk: the offsite clashes with a release \u{21d2} double-book a second date.",
        // A protective step we commit to, in any verb, after the risk
        // (play-para-it18 B2): ring-fence, set aside, shield, cap, hold
        // back, back-fill.
        "Risk: incident firefighting may swallow the reliability review; we'll ringfence the \
         reserved fifth of sprint capacity in planning and review it weekly.",
        "Risk: release pressure could eat the time set aside for the plan; we will ring-fence \
         those hours in every sprint.",
        "Risk: urgent requests may crowd out the 1:1s. We're going to set aside an hour a week \
         for each of them.",
        "Risk: the on-call load could spill into the workshop days; I'll shield those days from \
         on-call entirely.",
        "Risk: agency cover could run over the budget; we will cap the agency hours at twenty a \
         week.",
        "Risk: stakeholders may push new work past the freeze; we'll hold back every new request \
         until week five.",
        "Risk: the two absences may leave the rota short; we shall back-fill it from the \
         platform pool.",
        // A step with any owner (we, I, you, a person or role of the
        // roster) in any plain mood: "would", "'d", "will", "is going
        // to", the present (play-para-it20 B1).
        "Risk: sprint pressure may pull people back into overtime. You'd check the overtime \
         report every Friday and push non-urgent tickets to the next sprint.",
        "Risk: the reorganisation news may keep slipping. {manager} would brief the team every \
         Monday with whatever is known.",
        "Risk: release weeks could crowd out the 1:1s. We would book them at the start of each \
         week and keep them short.",
        "Risk: incidents may eat into the workshop time; you will shield those two afternoons \
         from on-call.",
        "Risk: the rota may run short during the absences. You rebalance it every week with \
         {lead}.",
        "Risk: the new rota could slip in release weeks. {lead} is going to check it every \
         Thursday.",
        "Risk: overtime may creep back after week two. The team lead would cap it at five hours \
         a week and flag any breach.",
        "Risk: priorities may keep changing mid-sprint. I'd freeze the sprint scope and route \
         new requests through {head}.",
        "Risk: the budget sign-off may come late. {head} would approve the spend in week one.",
        // A person or the team taking a concrete step after the risk, with
        // no marker word, in the present or the future (play-it28 B3).
        "Risk: {manager} could drop the 1:1s or the team lunch when sprint pressure rises; she \
         books them as recurring calendar entries and reports them in the retro.",
        "Risk: {manager} could drop the 1:1s when sprint pressure rises; he will book them as \
         recurring calendar entries and report them in the retro.",
        "Risk: {manager} could drop the team lunch in a release week; they book it as a \
         recurring calendar entry.",
        "Risk: {lead} may skip the rota review in busy weeks. He schedules it every Monday with \
         the team.",
        "Risk: overtime could creep back in release weeks \u{2014} the team caps work in \
         progress at three tickets.",
        "Risk: the 1:1s might slip in release weeks, she reviews the calendar every Friday.",
        "Risk: people could fall back into overtime; the team is going to review the hours \
         every Friday.",
        "Risk: the new joiner may struggle alone; she pairs him with a senior engineer for \
         the first month.",
        // A step in the sentence after the risk, in any verb once "will",
        // "shall" or "is going to" commits to it, or a referral in the
        // present (play-it30 B3).
        "Risk: the 1:1s may surface more distress than {manager} can handle alone. He will \
         refer people to the EAP for confidential support and bring patterns to {head}.",
        "Risk: the 1:1s may surface more distress than {manager} can handle alone. She will \
         refer anyone who needs more to occupational health.",
        "Risk: the 1:1s may surface more distress than {manager} can handle alone. They will \
         hand serious cases to HR the same day.",
        "Risk: the 1:1s may surface more distress than {manager} can handle alone. He is going \
         to invite the EAP counsellor to the first session.",
        "Risk: the 1:1s may surface more distress than {manager} can handle alone. He refers \
         people to the EAP and flags patterns to {head}.",
        "Risk: the 1:1s may surface more distress than {manager} can handle alone. The team \
         will introduce a buddy check every Friday.",
        // A scheduled step whose later words deny only the risk.
        "Risk: {manager} could drop the 1:1s when sprint pressure rises; she books them in \
         advance so they never slip.",
        // A risk as an "if" clause, and someone standing in for its owner
        // in the next sentence (play-it35 B1).
        "Risk: the overtime review rests on one person; if she is off sick the review lapses. \
         A deputy will run it when she is away.",
        "Risk: the rota check has one owner. If he is on leave the check lapses. A named deputy \
         will take over the check.",
        "Risk: the weekly review has one owner; if she is away the review lapses. Her backup \
         steps in to run it.",
        "Risk: if the lead is off sick, the 1:1s stop. Another colleague will pick up the 1:1s \
         that week.",
        "Risk: the overtime check depends on one person; if he is away the check lapses. \
         Someone else will chair it in his absence.",
        "Risk: the survey follow-up needs one owner; if she leaves the follow-up stalls. A \
         deputy will step in to run it.",
        // A bare instruction after a semicolon, its verb hyphenated or not
        // (play-it34 B2).
        "Risk: delivery pressure pushes people back into overtime; ring-fence sprint capacity.",
        "Risk: incident load stalls the automation; ring-fence capacity.",
        "Risk: the review may slip during the launch; double-book a backup slot in week 2.",
        "Risk: incidents may swallow the automation work; cross-train a second engineer.",
        "Risk: the 1:1s may lapse when the sprint gets busy; line up a deputy for each one.",
        "Risk: delivery pressure pushes people back into overtime; the team ring-fences sprint \
         capacity.",
        // A step in the plain present or the passive (play-it36 B2).
        "Risk: {manager} is at 5 of her 6 hours, so extra load could squeeze the 1:1s. Her \
         other commitments are reviewed in week 1 and delegated where possible.",
        "Risk: {manager} is at 5 of her 6 hours, so extra load could squeeze the 1:1s. Her \
         other commitments will be reviewed in week 1 and delegated where possible.",
        "Risk: the on-call change may leave gaps. Her on-call shifts are covered by a colleague \
         from another team.",
        "Risk: overtime may creep back during the launch. Sprint capacity will be ring-fenced \
         for the plan.",
        "Risk: the automation might not land in four weeks. She picks the three steps in week \
         1 and demos progress at the weekly stand-up.",
        "Risk: attendance at the sessions may drop off. The sessions are booked in advance and \
         kept in work time.",
        // A possibility that names what may go wrong (play-it37 X, near
        // misses).
        "Risk: leadership may not have firm dates to share; to reduce this, {head} sets a date \
         for the decision in week 1.",
        "Risk: the borrowed engineers could be recalled mid-plan; mitigation: {head} agrees the \
         loan in writing.",
        "Risk: Dana might be pulled onto the migration; {head} protects her hours to avoid that.",
        "Risk: the offsite might not go to plan; {manager} books a backup room to avoid that.",
    ];
    let wrong = [
        // A possibility of nothing named, which any plan could give
        // (play-it37 X).
        "Risk: Things might not go to plan.",
        "Risk: things might not go to plan; to reduce this, {manager} reviews progress weekly.",
        "Risk: something could go wrong; {manager} will address it by checking in weekly.",
        "Risk: there may be some problems along the way; we mitigate this with a weekly review.",
        "Risk: unexpected issues could come up; we'll prevent them by reviewing weekly.",
        "Risk: some things might not work out as planned. Mitigation: {lead} keeps a \
         contingency.",
        // After an arrow, more of the risk is no mitigation; a condition
        // with no risk in it names none (play-para-it16 B6).
        "Risk: people skip the sessions \u{2192} morale drops further.",
        "Risk: the contractor starts late => the gap stays open.",
        "Risk: the rota collapses if {lead} leaves -> nobody covers it.",
        "Risk: if needed \u{2192} see above",
        "Risk: if it rains, so be it.",
        // A consequence that is more risk: a state, a doubt, no owner.
        "Risk: the contractor might start late, so {lead} is worried about the timeline.",
        "Risk: people may skip the sessions, so {manager} could end up running them alone.",
        "Risk: the pilot may overrun - so {head} has even less time.",
        // A remit denied, and "so" as an intensifier, mitigate nothing.
        "Risk: the reorganisation drags on and people worry. {lead} is not the only one \
         worried.",
        "Risk: people are so busy that they skip the sessions.",
        // A phrasal verb with neither the risk as its object nor a step,
        // a Then cell that is more risk, and sub-fields without a step
        // (para-it13 B6).
        "Risk: people may pull back from the sessions in release weeks.",
        "Risk:\n| If | Then |\n| --- | --- |\n| Release week squeezes out the 1:1s | morale drops \
         further |",
        "Risk: the rota change may slip.\n- Owner: {lead}\n- When: week 2",
        "Risk: low",
        "Risk: medium",
        "Risk: high",
        "Risk: low, medium or high",
        "Risk: none",
        "Risk: n/a",
        "Risk: TBD",
        "Risk: people may skip the sessions.",
        "Risk: there is a risk of low participation.",
        "Risk: we'll keep everything confidential.",
        "Risk: mitigate everything",
        "Risk:\n{scenario}",
        "Risk: risk low medium high budget $",
        "Risk: see above",
        "Risk: something could go wrong",
        "Risk: there are risks",
        "Risk: the usual risks apply",
        "Risk: standard",
        "Risk: minimal risk overall",
        "Risk: moderate",
        "Risk: the plan might not work",
        "Risk: it depends on many things.",
        "Risk: success hinges on everything going to plan.",
        "Risk: budget",
        "Risk: we will review it.",
        "Risk: cost",
        "Risk: low risk, low cost, high impact",
        // A state or a doubt about an owner after the risk is more risk.
        "Risk: a bad incident week pulls people back into overtime. {manager} is already \
         stretched.",
        "Risk: the reorganisation drags on. {lead} may leave before it ends.",
        "Risk: the EM is already at capacity; the TL is stretched as well.",
        "Risk: the team lead runs two projects and the EM covers on-call too.",
        // A break followed by more of the risk answers nothing.
        "Risk: the 1:1s slip under delivery pressure; people are already stretched.",
        // A size of the harm is the risk itself, not a step against it.
        "Risk: delivery will be reduced by 20% while two people are absent.",
        "Risk: the team's capacity is reduced by half during the migration.",
        // A second clause that only adds a consequence, another risk, a
        // past step or a refusal takes no step (play-it28 B3, near
        // misses).
        "Risk: {manager} could drop the 1:1s when sprint pressure rises; she may be too busy.",
        "Risk: {manager} could drop the 1:1s when sprint pressure rises; morale would drop.",
        "Risk: {manager} could drop the 1:1s when sprint pressure rises; this could delay the \
         plan.",
        "Risk: {manager} could drop the 1:1s; she booked them last quarter and they slipped \
         anyway.",
        "Risk: if she books them late, the 1:1s slip.",
        // A sentence after the risk that only restates or grades it, what
        // befalls a person, harm they do, or a negated step (play-it30 B3,
        // near misses).
        "Risk: the 1:1s may surface more distress than {manager} can handle alone. This is \
         likely.",
        "Risk: the 1:1s may surface more distress than {manager} can handle alone. It would \
         hurt morale.",
        "Risk: the 1:1s may surface more distress than {manager} can handle alone. He never \
         refers anyone.",
        "Risk: the 1:1s may surface more distress than {manager} can handle alone. He will \
         never refer anyone to the EAP.",
        "Risk: the 1:1s may surface more distress than {manager} can handle alone. He won't \
         refer anyone.",
        "Risk: the 1:1s may surface more distress than {manager} can handle alone. He will be \
         overwhelmed by it.",
        "Risk: the 1:1s may surface more distress than {manager} can handle alone. They will \
         stop coming to the sessions.",
        "Risk: the 1:1s may surface more distress than {manager} can handle alone. She will \
         drop the 1:1s first.",
        "Risk: the 1:1s may surface more distress than {manager} can handle alone. He will \
         struggle to cope with it.",
        "Risk: the 1:1s may surface more distress than {manager} can handle alone. They will \
         hurt the team's trust.",
        // A negated time is no step: what nobody does, however scheduled
        // it sounds (issue 21 R4).
        "Risk: {manager} could drop the 1:1s when sprint pressure rises; she never books them in \
         advance.",
        "Risk: {manager} could drop the 1:1s when sprint pressure rises; he doesn't book them up \
         front.",
        "Risk: the rota review may slip in busy weeks; nobody checks it at every retro.",
        "Risk: overtime could creep back; the team won't review it in week 2.",
        "Risk: none expected; the plan is safe",
        "Risk: unknown at this stage",
        "Risk: the main risk is risk",
        "Risk: hmm",
        "Risk: as per the rubric",
        "Risk: people",
        "Risk: participation",
        "Risk: deadlines",
        "Risk: everything could slip",
        "Risk: fear",
        "Risk: trust",
        "Risk: we will monitor",
        "Risk: the usual",
        "Risk: it depends",
        "Risk: no comment",
        // No step, a hedged step, or a "mitigation" that restates the risk
        // (play-para-it18 B2).
        "Risk: incident firefighting may swallow the reliability review.",
        "Risk: incident firefighting may swallow the review; we might try to ringfence some \
         capacity.",
        "Risk: incident firefighting may swallow the review; we might try to protect the time.",
        "Risk: incident firefighting may swallow the review; we'll lose the review time to it.",
        "Risk: incidents may eat the reserved capacity; we will be stretched either way.",
        "Risk: the rota may run short; we'll see the review slip again.",
        // Hedged steps of any owner, what befalls them, and an owner
        // leaving, in the same moods (play-para-it20 B1).
        "Risk: sprint pressure may pull people back into overtime. You might review the \
         overtime now and then.",
        "Risk: sprint pressure may pull people back into overtime. You could perhaps move some \
         tickets out of the sprint.",
        "Risk: sprint pressure may pull people back into overtime. You'd perhaps move some \
         tickets out of the sprint.",
        "Risk: sprint pressure may pull people back into overtime. {manager} may try to review \
         overtime weekly.",
        "Risk: sprint pressure may pull people back into overtime. {manager} would maybe review \
         overtime weekly.",
        "Risk: sprint pressure may pull people back into overtime. We would lose the review \
         time to incidents.",
        "Risk: sprint pressure may pull people back into overtime. You'd see overtime climb \
         again.",
        "Risk: sprint pressure may pull people back into overtime. You would be stretched \
         either way.",
        "Risk: sprint pressure may pull people back into overtime. You would not review it.",
        "Risk: the reorganisation drags on. {lead} would leave before it ends.",
        "Risk: the reorganisation drags on. {lead} would probably quit.",
        "Risk: overtime may creep back. {manager} would burn out first.",
        "Risk: overtime may creep back. {manager} is going to resign over it.",
        "Risk: overtime may creep back. Thank you for reading the plan.",
        "Risk: overtime may creep back. If you review it weekly, it is fine.",
        // Someone standing in who takes no step: what befalls them, what
        // nobody does, a departure, a past step or harm (play-it35 B1, near
        // misses).
        "Risk: the overtime review rests on one person; if she is off sick the review lapses. \
         A deputy will be hard to find.",
        "Risk: the overtime review rests on one person; if she is off sick the review lapses. \
         No deputy will run it.",
        "Risk: the overtime review rests on one person; if she is off sick the review lapses. \
         Her deputy will leave in March.",
        "Risk: the overtime review rests on one person; if she is off sick the review lapses. \
         A colleague will miss it too.",
        "Risk: the overtime review rests on one person; if she is off sick the review lapses. \
         A deputy took over last time.",
        "Risk: the overtime review rests on one person; if she is off sick the review lapses. \
         Someone will drop it.",
        // After a semicolon, more of the risk with a plural subject; a
        // passive that is denied, past or befalls the plan; a present
        // step of strain (play-it34 B2, play-it36 B2, near misses).
        "Risk: delivery pressure pushes people back into overtime; engineers stay late anyway.",
        "Risk: overtime may creep back. Her other commitments are not reviewed.",
        "Risk: overtime may creep back. Her leave is blocked until the launch.",
        "Risk: overtime may creep back. Her on-call shifts were covered last year.",
        "Risk: overtime may creep back. The review is held up by incidents.",
        "Risk: overtime may creep back. She works late in week 1 and misses the stand-up.",
        "Risk: overtime may creep back. She is booked solid in week 1.",
        "Risk: overtime may creep back; nobody's hours are reviewed.",
    ];
    run("risk", &right, &wrong, Some(1));
}

#[test]
fn plan_budget_table() {
    let right = [
        "Budget: {mid}",
        "Budget: {mid} total",
        "Budget: {mid_plain} USD",
        "Budget: about {mid}",
        "Budget: {mid} (cover {mid_less}, facilitation {thousand})",
        "Budget: {mid_less} + {thousand} = {mid}",
        // The total said again after its breakdown (para-it7).
        "Budget: {mid}, because cover ({mid_less}) + facilitation ({thousand}) = {mid}.",
        "Budget: we request {mid} for the four weeks.",
        "Budget: {mid_plain} dollars",
        "Budget: **{mid}**",
        "| Budget | {mid} |",
        "Total cost: {mid}",
        "## Budget\n{mid} in total, mostly contractor cover.",
        "Budget: {mid}, inside the {lo} to {hi} range",
        "Budget: {mid} \u{2014} within the available {lo}-{hi}",
        "Budget: a total of {mid}.",
        "Budget: {mid}\n- cover: {mid_less}\n- facilitation: {thousand}",
        "**Budget:** {mid} all in.",
        "Budget: roughly {mid} over the four weeks",
        "Budget: total {mid} (of which {thousand} for the offsite)",
        "Budget request: {mid}",
        "Estimated budget: {mid}",
        "Budget: I'd ask for {mid}.",
        "Budget: {mid} overall.",
        "Budget: {mid} for cover and counselling",
        "Budget: spend {mid}",
        "Budget: USD {mid_plain}",
        "Budget: {low_mid}",
        "Budget: {low_mid} in total",
        "Budget: {mid}; that's inside the stated range.",
        "Budget: {mid} (contractor {mid_less}; EAP sessions {thousand})",
        "Budget: {mid}.",
        "Budget \u{2013} {mid}",
        "Budget: ~{mid}",
        "Budget: total: {mid}",
        "Total budget: {mid}",
        "Budget: {mid} for the whole plan",
        "Budget: {mid}, paid from the team's wellbeing line",
        "Budget: {mid_k_exact}",
        "Budget: {mid} (one total)",
        "Cost: {mid}",
        // A total with its breakdown after it (the players' wordings).
        "Budget: {mid} in total \u{2014} {mid_less} for an external facilitator for the conduct \
         sessions, {thousand} for counselling.",
        "Budget: {mid} total, for: a contractor to help automate deployments {mid_less}; \
         counselling sessions {thousand}.",
        "Budget: {mid} overall, made up of a deployment contractor ({mid_less}) and counselling \
         sessions ({thousand}).",
        // A bound of the range beside the total, worded as one, and what
        // the total leaves of it (play-it5 B4).
        "Budget: {mid}, within the {hi} maximum.",
        "Budget: {mid} (cover {mid_less}, facilitation {thousand}), under the {hi} ceiling.",
        "Budget: {mid} out of the {hi} available",
        "Budget: {mid}, above the {lo} minimum and below the {hi} limit",
        "Budget: {mid}, leaving {spare} spare under the {hi} maximum",
        "Budget: {mid} ({spare} under the {hi} limit)",
        "The budget I would ask HR to approve for these four weeks: {mid}",
        // The section ends where its content ends: an amount in a closing
        // caveat or sign-off after it is no budget line (play-para-it19 B3).
        "Budget: {mid}\n\nI know this leaves the offsite out; on its own it would have cost \
         {over}.\n\nKind regards,\nSam",
        "Budget: {mid} for the four weeks.\n\nOne caveat: a second contractor would add \
         {over}, which we are not asking for.\n\nBest,\nAlex",
        "Budget: {mid}\n\nHappy to talk it through. The {over} facilitation quote \
         can wait until next quarter.",
        "## Budget\n{mid}, all in.\n\nThanks,\nPriya (the {over} quote from the agency is \
         attached for comparison)",
        "Budget: {mid} (cover {mid_less}, facilitation {thousand})\nCheers,\nJo \u{2014} ping me \
         if the {over} estimate comes back",
        // A total, a dash and its breakdown, the parts naming what they
        // pay for and adding up to it (play-para-it22 B1).
        "Budget: {mid} \u{2013} {mid_less} for contractor cover and {thousand} for the \
         facilitator.",
        "Budget: USD {mid_plain} \u{2014} USD {mid_less_plain} for cover, USD 1,000 for \
         counselling sessions",
        "Budget: {mid} \u{2014} {mid_less} for cover and one thousand dollars for counselling.",
        "Budget: **{mid}** \u{2014} {mid_less_half} agency cover, {thousand} counselling \
         sessions, {five_hundred} offsite room",
        "Budget: {mid}\u{2014}{mid_less} for cover; {thousand} for the EAP sessions",
        "Budget: {mid} -- {mid_less} contractor cover, {thousand} facilitation",
        "Budget: {mid} - {mid_less} for cover, {thousand} for counselling. Total {mid}.",
        // The amount committed to beside amounts weighed, compared and set
        // aside (play-it31 B2).
        "Budget: {mid}. I hesitated between the low end (~{lo}) and the full {hi}; I'm not \
         certain we need the larger figure, but I'll commit to {mid}: {mid_less} for cover and \
         {thousand} for counselling.",
        "Budget: {mid}. I'm not fully sure it shouldn't be the full {hi}, but I'll commit to \
         {mid} for cover and counselling.",
        "Budget: {mid} (I weighed {hi} but chose {mid}), for cover and counselling.",
        "Budget: I considered {lo} and {hi}, and settled on {mid}.",
        "Budget: I'll ask for {mid} rather than the full {hi}.",
        "Budget: {mid} instead of {over}, since the offsite can wait.",
        "Budget: I debated {low_mid} against {hi}; I'll go with {mid}.",
        "Budget: I wondered about {over}, but I'll commit to a total of {mid}: {mid_less} for \
         cover, {thousand} for counselling.",
        "Budget: I'm unsure whether the offsite needs {hi}; I chose {mid}.",
        "Budget: {mid} total (not the full {hi}).",
    ];
    let wrong = [
        "Budget: between {lo} and {hi}",
        "Budget: {lo}-{hi}",
        "Budget: {lo} to {hi}",
        "Budget: {mid} or {hi}",
        "Budget: {low_mid}, {mid} or {hi}",
        "Budget: {over}",
        "Budget: {under}",
        "Budget: {mid}\n\nBudget: {over}",
        "Budget: TBD",
        "Budget: $",
        "Budget: $ 1000 2000 5000 10000 15000 20000 25000",
        "Budget: whatever is left",
        "Budget: {mid}, possibly {hi}",
        "Budget: {mid} to {hi}",
        "Budget: {low_mid}/{mid}",
        "Budget:\n{scenario}",
        "Budget: either {lo} or {hi}",
        "Budget: {mid} (or {over} if cover runs long)",
        "Budget: to be decided",
        "Budget: the full range",
        "Budget: {hi} plus extras of {thousand}",
        "Budget: from {lo} to {hi}",
        "Budget: {lo} minimum, {hi} maximum",
        "Budget: nothing",
        "Budget: free",
        "Budget: {over} total",
        "Budget: {under} in total",
        "Budget: as much as needed",
        "Budget: {mid}; alternatively {over}",
        "Budget: $1 $2 $3 $4 $5 $6 $7 $8",
        "Budget: {mid} or so, maybe {over}",
        "Budget: around {lo}-{hi}",
        "Budget: the stated range",
        "Budget: {over} (or {mid} if we skip the offsite)",
        "Budget: n/a",
        "Budget: {hi} or {lo}",
        "Budget: {over}\nBudget: {mid}",
        "Budget: 50%",
        "Budget: same as last quarter",
        "Budget: {low_mid} to {mid}",
        "Budget: {over} in total \u{2014} {mid_less} for cover, {thousand} for counselling.",
        // The maximum as an alternative, or beside a total outside the
        // range, or no total beside it.
        "Budget: {mid}, or up to the {hi} maximum",
        // A total said twice around a breakdown that does not add up to it.
        "Budget: {over}, because cover ({mid_less}) + facilitation ({thousand}) = {over}.",
        "Budget: {over}, against the {hi} maximum",
        "Budget: within the {hi} maximum",
        // Alternatives, a wrong total or a breakdown that does not add up
        // stay what they are with a sign-off after them; a paragraph that
        // opens with an amount is still the budget's.
        "Budget: {mid} or {over}\n\nThanks,\nAlex",
        // A title naming two sections is neither, and a budget in passing is none.
        "The budget risk I would flag to HR before we start: {mid}",
        "I talked to finance about the budget for the four weeks: {mid}",
        "Budget: {over}\n\nI know this leaves the offsite out.\n\nKind regards,\nSam",
        "Budget: {mid}\n- cover: {mid_less}\n- facilitation: {over}\n\nThanks,\nSam",
        "Budget: {mid}\n\n{over} in total once the offsite is added.\n\nThanks,\nSam",
        "Budget: {mid}\n\nor {over} if the contractor stays a second month.\n\nBest,\nAlex",
        // A range with a dash stays a range, whatever follows it; a total
        // whose breakdown after the dash does not add up to it is no one
        // total (play-para-it22 B1).
        "Budget: {low_mid} - {mid}",
        "Budget: {low_mid} \u{2013} {mid} depending on how long cover runs",
        "Budget: {low_mid}-{mid} depending on cover",
        "Budget: {low_mid} - {mid} for cover and counselling",
        "Budget: USD {mid_less_plain} - USD {mid_plain}",
        "Budget: {mid} \u{2014} {mid_less} for cover, {over} for counselling",
        "Budget: {mid} - {thousand} for cover, {thousand} for counselling",
        "Budget: {mid} \u{2013} {mid_less} for cover, {mid_less} for counselling",
        "Budget: {lo} - {hi}: {mid_less} for cover, {thousand} for counselling",
        "Budget: {mid} - {mid_less} for cover, or {thousand} for counselling",
        // Amounts weighed with no commitment, or offered beside the one
        // committed to, stay a hedge; a commitment outside the range is
        // still outside it (play-it31 B2).
        "Budget: I hesitated between {lo} and {hi}.",
        "Budget: I'm not sure: {low_mid} or {hi}.",
        "Budget: {mid}; I weighed {hi} too.",
        "Budget: I'll commit to {mid}, or {hi} if the offsite runs long.",
        "Budget: I weighed {mid} but chose {over}.",
        "Budget: I'll go with {over} rather than {mid}.",
        "Budget: I considered {mid}, and I'll commit to {low_mid} or {hi}.",
        "Budget: {mid} rather than {hi}, or {over} with cover",
    ];
    run("budget", &right, &wrong, Some(2));
}
