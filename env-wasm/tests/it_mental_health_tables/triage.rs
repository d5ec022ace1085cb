//! `stress_triage`: tiers, priority ranking, 24-hour actions, 2-week
//! support and stressors. Per-person rows are filled with each person's
//! own facts (tier, stressor) and put in that person's block of the
//! reference answer; ranking rows replace the ranking.

use env_wasm::it_mental_health::names::FIRST_NAMES;
use env_wasm::it_mental_health::scenario::{Case, TaskKind};
use env_wasm::it_mental_health::triage::{self, Employee, Tier, TriageCase};
use env_wasm::it_mental_health::writers::Style;

use super::support::{Seeded, Table, Vars, check, filled, refs, seeded};

/// 24-hour actions of each level of support, as leads would write them.
fn support(tier: Tier) -> [&'static str; 12] {
    match tier {
        Tier::Critical => [
            "stay with them today and call a crisis line together",
            "don't leave them alone today; contact emergency services if they're at risk",
            "get them urgent medical attention today",
            "agree a safety plan with them before they go home",
            "take them to a doctor today and make sure someone stays with them",
            "a same-day welfare check with a crisis helpline number and a safety plan",
            "call the Samaritans with them and stay with them until support arrives",
            "arrange urgent care today; their lead should not leave them alone",
            "make a safety plan together today and share crisis line numbers",
            "an emergency GP appointment today, with someone staying with them",
            "ring the crisis team now and stay with them",
            "book an urgent GP visit today and agree a safety plan",
        ],
        Tier::Red => [
            "an EAP referral today and time off for the rest of the week",
            "refer them to occupational health and take them off the launch work",
            "book a counselling session through the employee assistance programme today",
            "send them home with a few days off and relieve them of their duties",
            "a referral to therapy via the EAP, and sick leave if they want it",
            "hand over their incident work to a colleague and make an EAP referral",
            "reassign their tickets for the week and get them an occupational health appointment",
            "time off for the rest of the week and a call with an EAP counsellor",
            "take them off the heavy work and arrange counselling",
            "give them a couple of days off and point them to the employee assistance line",
            "a referral to the company psychologist and lighter duties",
            "relieve them of the worst of the work and book an occupational health review",
        ],
        Tier::Amber => [
            "a check-in to reprioritise their sprint",
            "sit down with them and reprioritise the workload",
            "a workload review with their lead this afternoon",
            "protect their evenings: no messages after 6pm",
            "rebalance their tickets across the team",
            "drop two tickets from their sprint so they can prioritise",
            "agree focus time with no meetings and review their workload",
            "a quick chat to reprioritize what's on their plate",
            "descope one of their deliverables this sprint",
            "lighten their load by moving the reporting work elsewhere",
            "review the workload with them and cut what isn't urgent",
            "help them prioritise the backlog and protect their evenings",
        ],
        Tier::Green => [
            "a routine check-in to acknowledge how well they're doing",
            "thank them for the mentoring they've been doing",
            "recognise their good habits in the next 1:1",
            "no change needed; keep doing what they're doing",
            "keep monitoring in the usual 1:1s",
            "a word of praise in stand-up",
            "acknowledge the good rhythm they've found",
            "business as usual, with a routine check-in",
            "recognize their steady work in the team channel",
            "thank them and carry on with routine 1:1s",
            "a well done message from their lead; nothing else needed",
            "appreciate their balance publicly and keep the routine check-ins",
        ],
    }
}

/// 24-hour actions as steps for someone to take, to follow "should",
/// "must", "needs to" and the like.
fn modal_support(tier: Tier) -> [&'static str; 8] {
    match tier {
        Tier::Critical => [
            "stay with them and get them emergency care",
            "make sure they see a doctor today and are not left alone until then",
            "agree a safety plan with them before they go home",
            "call a crisis line with them this afternoon",
            "take them to urgent care today and stay with them",
            "make sure they get home safely by taxi and agree a safety plan",
            "ring the crisis team now and stay with them",
            "book an urgent GP visit today and agree a safety plan",
        ],
        Tier::Red => [
            "refer them urgently to occupational health and give them the rest of the week off",
            "book them an EAP counselling session today",
            "take them off the incident work and make an EAP referral",
            "send them home with a couple of days off",
            "arrange an occupational health appointment this week",
            "relieve them of the worst of the work and point them to the EAP",
            "give them time off for the rest of the week",
            "hand over their tickets to a colleague and book counselling",
        ],
        Tier::Amber => [
            "check in with them to reprioritise their workload",
            "sit down with them and reprioritise the sprint",
            "review their workload with them this afternoon",
            "rebalance their tickets across the team",
            "help them prioritise the backlog and protect their evenings",
            "descope one of their deliverables this sprint",
            "lighten their load by moving the reporting work elsewhere",
            "defer their non-urgent tickets",
        ],
        Tier::Green => [
            "thank them for the mentoring they've been doing",
            "recognise their steady work in the next 1:1",
            "acknowledge the good rhythm they've found",
            "keep the routine check-ins going",
            "praise their balance in stand-up",
            "keep monitoring in the usual 1:1s",
            "give them a shout-out in the team channel",
            "carry on with routine 1:1s, nothing extra",
        ],
    }
}

/// 24-hour actions in plainer words (deferring, handing on, a normal
/// catch-up), as chat answers write them.
fn plain_support(tier: Tier) -> [&'static str; 3] {
    match tier {
        Tier::Critical => [
            "ring 999 with them if they are in danger and keep someone with them",
            "accompany them to hospital today",
            "call 911 or a suicide prevention line with them right away",
        ],
        Tier::Red => [
            "a stress leave day tomorrow and an occ health appointment",
            "get the worst of the work off their plate and book a mental health day",
            "send them home and have a colleague cover their work",
        ],
        Tier::Amber => [
            "agree which of their tasks can wait or be deferred",
            "postpone their non-urgent tickets and deprioritise the reporting work",
            "reschedule two of their deliverables so they can log off on time",
        ],
        Tier::Green => [
            "the regular catch-up as usual",
            "a shout-out in the team channel; no further action",
            "kudos in stand-up and the usual check-in",
        ],
    }
}

/// The main stressor in words none of the other tables use.
fn plain_stressor(id: &str) -> [&'static str; 3] {
    match id {
        "on_call" => [
            "out-of-hours call-outs",
            "standby every few nights",
            "night shifts on standby",
        ],
        "deadline" => [
            "getting the release out the door",
            "shipping on time",
            "the crunch before the release",
        ],
        "reorg" => [
            "fear of redundancy",
            "possible layoffs in the merger",
            "uncertainty about their future role",
        ],
        "caregiving" => [
            "looking after their mother",
            "a relative who is seriously ill",
            "their dad being in and out of care",
        ],
        "understaffing" => [
            "the team being two people short",
            "the vacancies nobody has hired for",
            "picking up the leavers' work",
        ],
        "customers" => [
            "a run of escalations from unhappy users",
            "complaints that land on them",
            "angry users every week",
        ],
        "migration" => [
            "moving off the legacy system",
            "a migration behind schedule",
            "the migration nobody else owns",
        ],
        "conflict" => [
            "clashes with a senior engineer",
            "disagreements that turn hostile in reviews",
            "a dispute with a senior colleague",
        ],
        "incidents" => [
            "too many prod issues",
            "being on every outage bridge",
            "incident after incident",
        ],
        _ => [
            "getting up to speed in a new job",
            "settling in to an unfamiliar team",
            "a steep induction into the new stack",
        ],
    }
}

/// The main stressor in the words of an answer.
fn stressor_words(id: &str) -> [&'static str; 6] {
    match id {
        "on_call" => [
            "the on-call rota",
            "being on call every few days",
            "the pager",
            "constant paging at night",
            "their on-call rotation",
            "on-call duty",
        ],
        "deadline" => [
            "the launch deadline",
            "the upcoming launch",
            "an impossible deadline",
            "the release date",
            "the go-live date",
            "deadline pressure",
        ],
        "reorg" => [
            "the reorganisation",
            "the reorg",
            "not knowing whether their job survives the restructure",
            "job security in the reorganization",
            "the team being merged",
            "uncertainty over the restructuring",
        ],
        "caregiving" => [
            "caring for their ill parent",
            "looking after a parent in hospital",
            "being a carer at home",
            "family caregiving",
            "hospital visits for their parent",
            "their caring responsibilities",
        ],
        "understaffing" => [
            "covering for two colleagues who left",
            "doing three people's jobs",
            "the team being short staffed",
            "understaffing since the resignations",
            "no backfill for the leavers",
            "covering vacant roles",
        ],
        "customers" => [
            "the stream of customer escalations",
            "angry customers",
            "client complaints landing on them",
            "handling customer escalations",
            "customer pressure",
            "difficult clients",
        ],
        "migration" => [
            "the slipping legacy migration",
            "owning the migration",
            "the migration that keeps slipping",
            "migrating the legacy system",
            "the legacy platform move",
            "the migration",
        ],
        "conflict" => [
            "conflict with a senior colleague",
            "arguments in design reviews",
            "friction with a senior engineer",
            "tension with a colleague",
            "clashes in design reviews",
            "an ongoing conflict at work",
        ],
        "incidents" => [
            "being first responder on incidents",
            "the run of production incidents",
            "constant firefighting",
            "outages landing on them",
            "incident duty",
            "the postmortems and outages",
        ],
        _ => [
            "a new role and learning the stack",
            "onboarding into a new position",
            "ramping up on the new stack",
            "learning the stack while everyone assumes they know it",
            "starting a new role",
            "the new role",
        ],
    }
}

/// 2-week actions on each stressor.
fn fortnight_words(id: &str) -> [&'static str; 6] {
    match id {
        "on_call" => [
            "take them off the on-call rota for two weeks",
            "share out their pager shifts across the team",
            "rebalance the on-call rotation so they're on every eight days",
            "swap their next on-call weeks with volunteers",
            "move them off the rota until they've recovered",
            "cap their on-call to one week a month",
        ],
        "deadline" => [
            "renegotiate the launch date with stakeholders",
            "cut scope so the deadline is realistic",
            "move the release date by two weeks",
            "add a second engineer to the launch",
            "agree a realistic deadline with product",
            "split the launch into two smaller drops",
        ],
        "reorg" => [
            // What happens to their role, in plain words (para-it9, B1).
            "press leadership to tell them plainly what happens to their role",
            "arrange a meeting with leadership about the restructure",
            "share the reorganisation timeline with them",
            "have HR explain what the reorganization means for their job",
            "give them written details about the merger plans",
            "a conversation with the director about job security",
        ],
        "caregiving" => [
            "agree flexible hours while they care for their parent",
            "offer carer's leave",
            "let them work from near the hospital",
            "adjust their hours around family commitments",
            "point them to carers' support and flexible working",
            "reduce their hours while their parent recovers",
        ],
        "understaffing" => [
            "backfill the two vacant roles",
            "bring in a contractor so they stop covering alone",
            "get headcount approved for the leavers",
            "share the uncovered work while we fill the headcount gap",
            "hire to replace the two colleagues who left",
            "redistribute the work of the vacant roles and start backfilling",
        ],
        "customers" => [
            "rotate customer escalations across the team",
            "take them off client calls for a fortnight",
            "route customer complaints through the support lead",
            "share the customer escalations with a second engineer",
            "set up a triage so clients don't reach them directly",
            "limit them to five customer tickets a week",
        ],
        "migration" => [
            "re-plan the migration with smaller milestones",
            "drop one milestone from the legacy migration",
            "pair them with a second engineer on the migration",
            "reset the migration plan with the team",
            "move the legacy cut-over to next quarter",
            "split the migration so it's shared",
        ],
        "conflict" => [
            "mediate the conflict with the senior colleague",
            "set ground rules for design reviews",
            "bring in a facilitator for the next design review",
            "a mediated conversation to resolve the tension",
            "have someone else chair their design reviews",
            "coach both on handling disagreements in design reviews",
        ],
        "incidents" => [
            "add a second responder to incidents",
            "take them off incident duty for two weeks",
            "hold blameless postmortems and fix the top causes",
            "share first responder duty with another engineer",
            "rotate the incident lead role across the team",
            "cap them at one incident call a week",
        ],
        _ => [
            "pair them with a mentor while they learn the stack",
            "set a realistic onboarding plan",
            "give them an onboarding buddy",
            "schedule time for learning the new stack",
            "agree a ramp-up plan with clear goals",
            "lower expectations while they're onboarding",
        ],
    }
}

/// Two-week actions on each stressor that only name it, with verbs that
/// name no means: the stressor named, no step taken (issue 21 R6 c).
fn topic_fortnight(id: &str) -> [&'static str; 6] {
    match id {
        "on_call" => [
            "On-call.",
            "The on-call load.",
            "Tackle their on-call.",
            "Address the pager.",
            "Sort out the out-of-hours work",
            "On call",
        ],
        "deadline" => [
            "Launch.",
            "The deadline.",
            "Tackle the launch deadline.",
            "Address the launch",
            "Deal with the deadline pressure.",
            "Look at the launch",
        ],
        "reorg" => [
            "Reorganisation.",
            "The reorg.",
            "Deal with the reorganisation.",
            "Address the restructuring and their role",
            "Job security.",
            "Tackle the uncertainty about their future",
        ],
        "caregiving" => [
            "Caregiving.",
            "Their parent's illness.",
            "Address the caring.",
            "Deal with the caregiving load",
            "Support with caring for their parent.",
            "Caring",
        ],
        "understaffing" => [
            "Understaffing.",
            "The understaffing.",
            "Address the understaffing.",
            "Deal with the staffing issue",
            "Headcount.",
            "Tackle being short-staffed",
        ],
        "customers" => [
            "Escalations.",
            "Customer escalations.",
            "Address the escalations.",
            "Deal with the angry customers",
            "Clients.",
            "Handle the escalations",
        ],
        "migration" => [
            "Migration.",
            "The legacy migration.",
            "Address the migration.",
            "Deal with the migration slipping",
            "Look at the migration",
            "Migration",
        ],
        "conflict" => [
            "Conflict.",
            "The conflict with the senior colleague.",
            "Address the conflict.",
            "Deal with the design review tension",
            "Tackle the friction",
            "Conflict",
        ],
        "incidents" => [
            "Incidents.",
            "The incident load.",
            "Address the incidents.",
            "Deal with the production incidents",
            "Outages.",
            "Incidents",
        ],
        _ => [
            "New role.",
            "The new stack.",
            "Address the new role.",
            "Deal with the new role",
            "Tackle the new stack",
            "New role",
        ],
    }
}

/// Short 2-week actions on each stressor that name a means, as real
/// players write them (it_mental_health corpora): they still earn.
fn means_fortnight(id: &str) -> [&'static str; 3] {
    match id {
        "on_call" => [
            "Rotation",
            "Cap on-call to one week in four",
            "Fairer rota.",
        ],
        "deadline" => ["Descoping", "Move the launch date", "Cut the launch scope."],
        "reorg" => [
            "Role clarity from leadership",
            "Role clarity.",
            "Reorg briefing",
        ],
        "caregiving" => ["Flexitime", "Carer's leave.", "Flexible hours"],
        "understaffing" => [
            "Backfill.",
            "Backfill the two departed colleagues with a contractor",
            "Hire contractors",
        ],
        "customers" => [
            "Escalation rota",
            "Client shielding.",
            "Route escalations to the support lead",
        ],
        "migration" => ["Replanning", "Migration replan.", "Pair on the migration"],
        "conflict" => ["Mediation", "Mediation.", "Mediated talks"],
        "incidents" => [
            "Postmortems",
            "Incident rota.",
            "Second responder on incidents",
        ],
        _ => ["Mentoring", "Onboarding buddy.", "Mentor"],
    }
}

/// A new role's 2-week actions in the steps a manager names for someone
/// learning the stack (play-it30 B2): pairing, shadowing, an experienced
/// engineer to learn from, knowledge transfer, training, reduced scope.
/// Other stressors keep their own means.
fn natural_means(id: &str) -> [&'static str; 6] {
    match id {
        "new_role" => [
            "Pair them with a senior engineer and reset the team's expectations.",
            "Pairing with an experienced engineer",
            "Shadowing sessions with an experienced colleague each morning.",
            "Knowledge transfer sessions with the previous owner of the service",
            "Training time on the team's services and a lighter sprint.",
            "Give them documentation time and ramp up time before any sprint work.",
        ],
        other => {
            let [a, b, c] = means_fortnight(other);
            [a, b, c, a, b, c]
        }
    }
}

/// A load of work made smaller, for the stressors that are an amount of
/// work ("lighten their on-call load", "reduce their share of the rota"):
/// making it less is a step, as a cap is (play-it34 B4). Other stressors
/// keep their own means.
fn reduced_load(id: &str) -> [&'static str; 6] {
    match id {
        "on_call" => [
            "lighten the on-call rota",
            "lighten their on-call load",
            "ease their on-call duties",
            "reduce their share of the on-call rota",
            "relieve them of some on-call shifts",
            "lessen the number of on-call shifts they take",
        ],
        "incidents" => [
            "lighten their incident load",
            "reduce their share of first-response duty",
            "ease their incident duties",
            "reduce the number of incidents they take first",
            "relieve them of some first-responder shifts",
            "lessen their incident workload",
        ],
        "customers" => [
            "lighten their escalation load",
            "reduce their share of the customer escalations",
            "ease their client caseload",
            "reduce the number of escalations routed to them",
            "lighten their escalation queue",
            "lessen the volume of customer escalations they handle",
        ],
        other => {
            let [a, b, c] = means_fortnight(other);
            [a, b, c, a, b, c]
        }
    }
}

/// The person's own stressor made less in a feeling, not an amount, or
/// with nothing after the verb: no step (play-it34 B4, near misses).
fn vague_reduction(id: &str) -> [String; 4] {
    let topic = match id {
        "on_call" => "on-call",
        "deadline" => "launch deadline",
        "reorg" => "reorganisation",
        "caregiving" => "caring",
        "understaffing" => "understaffing",
        "customers" => "customer escalations",
        "migration" => "migration",
        "conflict" => "conflict",
        "incidents" => "incidents",
        _ => "new role",
    };
    [
        format!("ease the pressure of the {topic}"),
        format!("reduce the stress of the {topic}"),
        format!("relieve the pressure around the {topic}"),
        format!("reduce the {topic}"),
    ]
}

/// Two-week actions on each stressor that are terse, or hold a word of
/// another stressor in a sense that names no stressor: a clash of times,
/// volunteers recruited from the team, flexible hours for a carer
/// (para-it12 B3, B4), or the deadline of their own item (para-it11 B5a).
fn fortnight_in_other_senses(id: &str) -> [&'static str; 3] {
    match id {
        "on_call" => [
            "if fewer than eight people are on the rotation, recruit volunteers to widen it",
            "make sure their on-call weeks never clash with their leave",
            "swap their on-call weeks so that none clashes with a family event",
        ],
        "deadline" => [
            "if the launch date clashes with the holidays, move it",
            "recruit colleagues from another squad to help with the launch",
            "agree a new, realistic deadline for the launch",
        ],
        "reorg" => [
            "if the restructure briefing clashes with their shifts, brief them one to one",
            "recruit colleagues who went through the merger to explain the new structure",
            "a firm answer on the restructure and a reset deadline for the new structure",
        ],
        "caregiving" => [
            "Flexible hours",
            "if hospital visits clash with work, agree flexible hours",
            "flexitime while their parent is in hospital",
        ],
        "understaffing" => [
            "backfill the vacant roles, with interviews that don't clash with their meetings",
            "recruit volunteers to share the work of the leavers until the backfill starts",
            "backfill the vacant roles by a new, agreed deadline",
        ],
        "customers" => [
            "when customer escalations clash with their meetings, the support lead takes them",
            "recruit volunteers to share the client calls",
            "route customer escalations to the support lead, with a reset deadline for the new triage",
        ],
        "migration" => [
            "re-plan the migration so its milestones don't clash with their leave",
            "recruit colleagues to pair with them on the migration",
            "give the migration a co-owner and a reset deadline",
        ],
        "conflict" => [
            "mediate the conflict with the senior colleague at a time that doesn't clash with \
             their shifts",
            "set ground rules for design reviews, held where they don't conflict with other meetings",
            "mediate the conflict with the senior colleague, and agree a new deadline for their design review",
        ],
        "incidents" => [
            "take them off incident duty while the incident reviews clash with their leave",
            "recruit volunteers to share first responder duty for incidents",
            "fix the top incident causes, each with a new, realistic deadline",
        ],
        _ => [
            "pair them with a mentor, and move mentoring sessions that clash with their meetings",
            "recruit colleagues as onboarding buddies",
            "an onboarding buddy, and a revised deadline for their onboarding goals",
        ],
    }
}

fn near(tier: Tier) -> Tier {
    Tier::ALL[if tier.rank() < 3 {
        tier.rank() as usize + 1
    } else {
        2
    }]
}

fn far(tier: Tier) -> Tier {
    Tier::ALL[(tier.rank() as usize + 2) % 4]
}

fn keyed(prefix: &str, k: usize) -> &'static str {
    Box::leak(format!("{prefix}{k}").into_boxed_str())
}

/// One person's facts.
fn person_vars(case: &TriageCase, e: &Employee) -> Vars {
    let other = case
        .employees
        .iter()
        .find(|o| o.tier != e.tier)
        .unwrap_or(e);
    let other_stressor = case
        .employees
        .iter()
        .find(|o| o.stressor != e.stressor)
        .map_or(e.stressor, |o| o.stressor);
    let capital = |t: Tier| {
        let n = t.name();
        format!("{}{}", &n[..1], n[1..].to_lowercase())
    };
    let mut v: Vars = vec![
        ("name", e.name.clone()),
        ("first", e.first.clone()),
        ("TIER", e.tier.name().to_owned()),
        ("Tier", capital(e.tier)),
        ("tier", e.tier.word().to_owned()),
        ("NearTier", near(e.tier).name().to_owned()),
        ("neartier", near(e.tier).word().to_owned()),
        ("FarTier", far(e.tier).name().to_owned()),
        ("other_tier", other.tier.name().to_owned()),
        ("other_first", other.first.clone()),
    ];
    for k in 0..12 {
        v.push((keyed("sup", k), support(e.tier)[k].to_owned()));
        v.push((keyed("nearsup", k), support(near(e.tier))[k].to_owned()));
        v.push((keyed("farsup", k), support(far(e.tier))[k].to_owned()));
    }
    v.push(("other_sup", support(other.tier)[0].to_owned()));
    for k in 0..8 {
        v.push((keyed("msup", k), modal_support(e.tier)[k].to_owned()));
        v.push((
            keyed("nearmsup", k),
            modal_support(near(e.tier))[k].to_owned(),
        ));
    }
    // The players' same-day steps for a CRITICAL person, with a lead who
    // "should" act (play-it5 B3) or a risky act stopped beside the safety
    // step (B2); for the others, their tier's own.
    let lead = case
        .card
        .lead
        .split_whitespace()
        .next()
        .unwrap_or("Their lead");
    let players_day = [
        format!(
            "Today, {lead} should make sure {first} gets seen by a doctor or urgent care for the \
             signs in their notes, go with them or stay with them until they've been seen, and \
             take them off the pager immediately.",
            first = e.first
        ),
        format!(
            "Today \u{2014} {lead} talks to them directly, they do not drive home tired \
             (arrange a taxi if needed), and together they agree a short safety plan; nearly \
             falling asleep at the wheel is a safety issue, not just fatigue."
        ),
        format!(
            "{lead} should stay with {} and get them emergency care.",
            e.first
        ),
        format!(
            "{lead} talks to them today, they do not work late tonight (arrange cover if \
             needed), and together they agree a safety plan."
        ),
    ];
    for (k, phrase) in players_day.into_iter().enumerate() {
        let own = if e.tier == Tier::Critical {
            phrase
        } else {
            format!("{lead} should {}.", modal_support(e.tier)[k])
        };
        v.push((keyed("day", k), own));
    }
    // The players' wordings: for a CRITICAL person, a safety step with a
    // referral beside it as its medical follow-up, or a same-day medical
    // check with someone staying; for the others, their tier's own.
    let players_support = [
        "agree a safety plan with them today, with urgent occupational health support",
        "same-day medical check for the chest pains; they should not be left alone until seen",
        "make a safety plan together today and get them seen by occupational health or a GP",
        // The referral in a sentence of its own after the safety step.
        "agree a simple safety plan with them today. Get them seen by occupational health or a \
         GP urgently",
    ];
    for (k, phrase) in players_support.into_iter().enumerate() {
        let own = if e.tier == Tier::Critical {
            phrase
        } else {
            support(e.tier)[k]
        };
        v.push((keyed("xsup", k), own.to_owned()));
    }
    // An action in the writer's words that quotes two facts of the
    // person's case as its grounds (a few words of each) is grounded, not
    // the case pasted.
    let quote = |k: usize| {
        e.card.notes.get(k).map_or(String::new(), |note| {
            let words: Vec<&str> = note.trim_end_matches('.').split_whitespace().collect();
            words[1.min(words.len())..words.len().min(7)].join(" ")
        })
    };
    if e.card.notes.len() >= 2 {
        v.push((
            "grounded_sup",
            format!(
                "{}. This is because {first} {} and {}, so the step is needed today, not later.",
                support(e.tier)[0],
                quote(0),
                quote(1),
                first = e.first
            ),
        ));
    }
    // The same action whose reason quotes two whole facts of the case,
    // most of the field's words (play-it12, B4): the action is what it
    // names; the quoted facts earn nothing.
    if e.card.notes.len() >= 2 {
        let whole = |k: usize| {
            let note = e.card.notes[k].trim_end_matches('.');
            note.strip_prefix(e.first.as_str())
                .unwrap_or(note)
                .trim()
                .to_owned()
        };
        v.push((
            "quoting_sup",
            format!(
                "{}, because {first} \"{}\" and {}.",
                support(e.tier)[0],
                whole(0),
                whole(1),
                first = e.first
            ),
        ));
    }
    // The players' 2-week actions for escalations and the reorganisation,
    // which name the stressor by its object ("an escalation rota", "their
    // role") rather than by its name; for the others, their own.
    let players_fortnight: Option<[&str; 3]> = match e.stressor {
        "customers" => Some([
            "set up a shared escalation rota for their system",
            "share the escalation queue with a second person",
            "put a second engineer on the escalation queue with them",
        ]),
        "reorg" => Some([
            "a clear answer from leadership about their role, with a named person to keep them updated",
            "get them a clear answer on where their role stands",
            "tell them plainly where they stand in the new structure",
        ]),
        _ => None,
    };
    for k in 0..3 {
        let own = players_fortnight.map_or(fortnight_words(e.stressor)[k], |p| p[k]);
        v.push((keyed("xfw", k), own.to_owned()));
    }
    // The same, with the person named where a pronoun stood (play-it12, B3).
    let by_name: [String; 2] = match e.stressor {
        "reorg" => [
            format!(
                "a clear written answer about {}'s role, with a decision date",
                e.first
            ),
            format!(
                "HR tells {} in writing where {}\u{2019}s role stands",
                e.first, e.name
            ),
        ],
        _ => [0, 1].map(|k| fortnight_words(e.stressor)[k].to_owned()),
    };
    for (k, action) in by_name.into_iter().enumerate() {
        v.push((keyed("nfw", k), action));
    }
    // A reorganisation tackled by settling the person's role, named by
    // their job title or a pronoun, with a date (para-it15 B5); for the
    // others, their own. The near miss says when, not what of the role.
    let role = e.card.role.to_lowercase();
    let settles: [String; 3] = match e.stressor {
        "reorg" => [
            format!(
                "by Friday, a straight statement from the director on the {role}'s role, with a \
                 date for the final call"
            ),
            "confirm her role in writing before the end of next week".to_owned(),
            "set a date for the decision over their role and keep them posted until then"
                .to_owned(),
        ],
        _ => [3, 4, 5].map(|k| fortnight_words(e.stressor)[k].to_owned()),
    };
    for (k, action) in settles.into_iter().enumerate() {
        v.push((keyed("rfw", k), action));
    }
    // A reorganisation tackled by clarity on the person's role, in either
    // order (play-it27 B2); for the others, their own. A role in the
    // on-call rota is the on-call person's: the near miss for the
    // reorganisation, and right for on-call.
    let clarity: [&str; 5] = match e.stressor {
        "reorg" => [
            "Role clarity from leadership",
            "role clarity",
            "Leadership clarifies her role",
            "clarify their role with the director this week",
            "clarity of his role, in writing, by Friday",
        ],
        "on_call" => [
            "clarify their role in the on-call rota and cap it at one week a month",
            "role clarity on the on-call rota, with a cap of one week a month",
            fortnight_words(e.stressor)[2],
            fortnight_words(e.stressor)[3],
            fortnight_words(e.stressor)[4],
        ],
        _ => [1, 2, 3, 4, 5].map(|k| fortnight_words(e.stressor)[k]),
    };
    for (k, action) in clarity.into_iter().enumerate() {
        v.push((keyed("cfw", k), action.to_owned()));
    }
    // A purpose clause in the person's own words for their stressor: an
    // on-call rotation "so they are no longer first on the bridge" for the
    // person whose quote says "I was first on the bridge for all of them"
    // (play-it28 B2); for the others, their own. The near misses: the
    // rotation alone, or with a purpose that names the rota again.
    // The rota is no one else's main stressor there: an action on it
    // would aim at theirs too.
    let bridge = e.stressor == "incidents"
        && e.card.quote.contains("first on the bridge")
        && case.employees.iter().all(|o| o.stressor != "on_call");
    let purpose: [&str; 4] = if bridge {
        [
            "set up a fair on-call rotation so they are no longer first on the bridge every time",
            "share the on-call rota fairly so that they are not first on the bridge every time",
            "rebalance the on-call rotation so they are never first on the bridge twice in a row",
            "a fair on-call rota, so they stop being first on the bridge for all of them",
        ]
    } else {
        [0, 1, 2, 3].map(|k| fortnight_words(e.stressor)[k])
    };
    for (k, action) in purpose.into_iter().enumerate() {
        v.push((keyed("pfw", k), action.to_owned()));
    }
    let purpose_missed: [&str; 2] = if bridge {
        [
            "set up a fair on-call rotation",
            "set up a fair on-call rotation so they are no longer on call every week",
        ]
    } else {
        [0, 1].map(|k| fortnight_words(other_stressor)[k])
    };
    for (k, action) in purpose_missed.into_iter().enumerate() {
        v.push((keyed("purpose_missed", k), action.to_owned()));
    }
    v.push((
        "role_elsewhere",
        match e.stressor {
            "reorg" => "clarify their role in the on-call rota".to_owned(),
            _ => fortnight_words(other_stressor)[1].to_owned(),
        },
    ));
    v.push((
        "not_settled",
        match e.stressor {
            "reorg" => format!("a clear statement on the {role}'s workload by Friday"),
            _ => fortnight_words(other_stressor)[0].to_owned(),
        },
    ));
    // A 2-week action on a piece of work whose object is a pronoun or left
    // out ("re-plan it", "a realistic re-plan in milestones"): a planning
    // step fits a launch or a migration, the stressor the block's own
    // stressor line states (play-para-it21, B2); for the others, their own.
    // The near misses: a step of another kind, or a planning step for a
    // stressor no plan of the work tackles.
    let project = matches!(e.stressor, "deadline" | "migration");
    let elided = [
        "replan it in smaller milestones with a co-owner",
        "agree a new date or a smaller scope for it with the stakeholders",
        "rescope it and reset the timeline together",
        "break it into milestones and share its ownership with a second engineer",
    ];
    let elided_other = [
        "talk it through with a facilitator",
        "mentor them through it",
        "keep an eye on it",
    ];
    for (k, action) in elided.into_iter().enumerate() {
        let own = if project {
            action
        } else {
            fortnight_words(e.stressor)[k]
        };
        v.push((keyed("elided_fw", k), own.to_owned()));
    }
    for (k, other) in elided_other.into_iter().enumerate() {
        let near = if project { other } else { elided[k] };
        v.push((keyed("elided_other_fw", k), near.to_owned()));
    }
    // For a CRITICAL person, a referral added after the safety step as a
    // bare item after any punctuation: more care, not a hedge
    // (play-para-it21, B1); for the others, their tier's own. The near
    // misses offer a lower tier's step instead, or a referral as a
    // possibility or before the safety step.
    let critical = e.tier == Tier::Critical;
    let added = [
        "stay with them today and agree a safety plan; an urgent occupational health referral",
        "ask them directly about their safety and share a crisis line. EAP referral as well",
        "don't leave them alone tonight, agree a safety plan, counselling referral, the rest of \
         the week off",
    ];
    let hedged = [
        "stay with them today and agree a safety plan; or, if they prefer, a check-in next week",
        "agree a safety plan with them; an urgent EAP referral, or monitor and see",
        "an urgent EAP referral. Alternatively, stay with them today and agree a safety plan",
        "share a crisis line; maybe an EAP referral",
    ];
    for (k, action) in added.into_iter().enumerate() {
        let own = if critical {
            action
        } else {
            support(e.tier)[k + 8]
        };
        v.push((keyed("addsup", k), own.to_owned()));
    }
    // The others keep their tier's own, so the row loses only by the
    // CRITICAL person's hedge; a case with no CRITICAL person skips it.
    let has_critical = case.employees.iter().any(|o| o.tier == Tier::Critical);
    for (k, action) in hedged.into_iter().enumerate().filter(|_| has_critical) {
        let own = if critical {
            action
        } else {
            support(e.tier)[k + 8]
        };
        v.push((keyed("hedgesup", k), own.to_owned()));
    }
    // For an AMBER person, a check-in naming two ways of taking the same
    // items off them, joined by "or": one step, not two tiers
    // (play-para-it22, B2; issue 21 R3); for the others, their tier's own.
    // The near misses join two tiers' steps with "or", or offer the step
    // as a possibility.
    let amber = e.tier == Tier::Amber;
    let one_step = [
        "a check-in to reprioritise their sprint and postpone or hand over what isn't urgent",
        "sit down with them to reprioritise; defer or reassign the low-priority tickets",
        "reprioritise the backlog together and park or hand over the nice-to-haves",
        "a check-in to reprioritise, then postpone or reassign their non-urgent tickets",
    ];
    let two_tiers = [
        "a check-in to reprioritise their workload or an urgent referral to occupational health",
        "reprioritise their sprint and hand over what isn't urgent, or maybe just monitor",
        "a check-in to reprioritise or an EAP referral today",
    ];
    for (k, action) in one_step.into_iter().enumerate() {
        let own = if amber { action } else { support(e.tier)[k] };
        v.push((keyed("orsup", k), own.to_owned()));
    }
    let has_amber = case.employees.iter().any(|o| o.tier == Tier::Amber);
    for (k, action) in two_tiers.into_iter().enumerate().filter(|_| has_amber) {
        let own = if amber { action } else { support(e.tier)[k] };
        v.push((keyed("orhedge", k), own.to_owned()));
    }
    // For a CRITICAL person, urgent occupational health or counselling
    // added to the safety step in its own sentence: more care, not a
    // second tier (para-it15 B6); for the others, their tier's own.
    let with_oh = [
        "make sure someone stays with them this evening, agree a safety plan and fast-track \
         occupational health",
        "get them home safely tonight, agree a safety plan together and line up urgent \
         counselling",
        "speak to them today, a safety plan and urgent occupational health support too",
    ];
    for (k, phrase) in with_oh.into_iter().enumerate() {
        let own = if e.tier == Tier::Critical {
            phrase
        } else {
            support(e.tier)[k + 4]
        };
        v.push((keyed("ohsup", k), own.to_owned()));
    }
    // For a CRITICAL person, getting home safely today in its natural
    // words, alone or with a referral after it (play-it34 B3); for the
    // others, their tier's own.
    let home_safely = [
        "same-day safety support and a safe way home",
        "same-day safety support and a safe way home; occupational health today",
        "make sure she gets home safely tonight",
        "someone to see them home this evening, and a crisis line number",
        "a colleague walks them home after work today",
        "a safe journey home tonight and a call to check on them tomorrow morning",
        "Today: their lead drives them home; an occupational health referral too",
        "a safe ride home today, paid for by the company",
    ];
    for (k, phrase) in home_safely.into_iter().enumerate() {
        let own = if e.tier == Tier::Critical {
            phrase
        } else {
            support(e.tier)[k]
        };
        v.push((keyed("homesup", k), own.to_owned()));
    }
    // For a CRITICAL person, home in words that give no safety step: sent
    // home (RED's relief), work from home, getting home on time, or a safe
    // way home only if needed (play-it34 B3, near misses); for the others,
    // getting them home safely, a level above theirs.
    let not_home_safely = [
        "send them home early today",
        "let them work from home tomorrow",
        "tell them to get home on time tonight",
        "if they ask for it, a safe way home",
        "ask whether they feel safe at home",
    ];
    for (k, phrase) in not_home_safely.into_iter().enumerate() {
        let own = if e.tier == Tier::Critical {
            phrase
        } else {
            "a safe way home tonight and someone to see them home"
        };
        v.push((keyed("nothomesup", k), own.to_owned()));
    }
    // Beside any tier's own step, a reminder that support exists or an
    // offer of it left to the person, for any resource: care, no tier's
    // urgent support (play-it25 B1, C1; issue 21 R3).
    let asides = [
        ", and remind them the EAP is there if they ever want it",
        ", and remind them about the confidential counselling on offer",
        "; if they would like it, offer time off or an EAP session too",
        ", and make sure they know occupational health is available if needed",
        ". Counselling through the EAP is there should they want it",
        "; an EAP session if they'd like one",
        ", and let them know they can take a day off whenever they need it",
        "; if they want, offer a session with a counsellor",
    ];
    for (k, aside) in asides.into_iter().enumerate() {
        v.push((
            keyed("asidesup", k),
            format!("{}{aside}", support(e.tier)[k]),
        ));
    }
    // The near misses: for an AMBER person, a referral or booking beside
    // the check-in (consent asked or not) is still urgent support, so
    // over-escalated; for a RED person, a reminder or an offer left to
    // them is not the urgent support the tier needs. The others keep
    // their tier's own, so a row loses only by that person.
    let amber_firm = [
        "a check-in to reprioritise their sprint, and refer them to the EAP today",
        "sit down with them to reprioritise the workload; book them an EAP session",
        "reprioritise the workload together and, if they agree, refer them to counselling",
        "a check-in to reprioritise; if they would like it, book occupational health for them \
         today",
    ];
    let red_offered = [
        "remind them the EAP is there if they ever want it",
        "a check-in to reprioritise; if they would like it, offer time off or an EAP session too",
        "let them know counselling is available if needed",
        "an EAP referral if they want one",
        "a workload review, and offer an EAP session should they want one",
        "reprioritise their sprint and remind them about the counselling on offer",
    ];
    // For a RED person, urgent support given outright with a consent
    // clause trailing another item, which covers that item alone
    // (play-it41 B6); the near misses leave the support itself to them:
    // its own consent, one that names every item or opens the sentence,
    // or a reminder.
    let red_consented = [
        "an EAP referral and a few days' leave if they'd like",
        "EAP referral and a few days' leave if they want it",
        "refer them to occupational health and a lighter week should they want it",
        "book an EAP counselling session today, plus a quiet afternoon if they'd like",
        "an occupational health referral, and a few days' leave if they wish",
        "EAP referral and a chat with their lead if they'd like one",
    ];
    let red_consent_misses = [
        "an EAP referral if they'd like",
        "an EAP referral and leave, both if they'd like",
        "if they'd like, an EAP referral and a few days' leave",
        "remind them the EAP is there, and a few days' leave if they'd like",
        "an EAP referral or a few days' leave if they want either",
    ];
    // For an AMBER person, part of the work lifted off them inside a check-in
    // to reprioritise: that check-in (play-it41 C1); the near misses add a
    // referral, time off, the person stood down, or offer the relief
    // instead, or lift the part alone.
    let amber_part_lifted = [
        "a check-in today to reprioritise their workload, take weekend work off their plate \
         and agree what can wait",
        "sit down with them today to agree what can wait and take the reporting work off them",
        "a check-in to reprioritise the sprint: move two tickets off them and push back the demo",
        "check in today, agree what can wait and take the on-call swaps off their plate",
        "reprioritise the sprint with them, take the weekly report off them and reschedule the \
         review",
        "a 1:1 today to trim their sprint and get the release notes off their plate",
    ];
    let amber_part_misses = [
        "a check-in today to reprioritise their workload, agree what can wait, and refer them \
         to the EAP",
        "a check-in today to reprioritise their workload and agree what can wait, or take the \
         launch work off them entirely",
        "a check-in to agree what can wait, and give them the rest of the week off",
        "take them off the launch work and agree what can wait",
        "take the weekend work off their plate",
    ];
    for (tier, actions, prefix) in [
        (Tier::Amber, &amber_part_lifted[..], "amberpart"),
        (Tier::Amber, &amber_part_misses[..], "amberpartmiss"),
        (Tier::Amber, &amber_firm[..], "amberfirm"),
        (Tier::Red, &red_offered[..], "redoffered"),
        (Tier::Red, &red_consented[..], "redconsented"),
        (Tier::Red, &red_consent_misses[..], "redconsentmiss"),
    ] {
        if !case.employees.iter().any(|o| o.tier == tier) {
            continue;
        }
        for (k, action) in actions.iter().enumerate() {
            let own = if e.tier == tier {
                *action
            } else {
                support(e.tier)[k]
            };
            v.push((keyed(prefix, k), own.to_owned()));
        }
    }
    // For a RED person, urgent support in other words: sent to a service
    // in any verb, or relieved of the load now (play-it37 B1); for a GREEN
    // person, the routine check-in as an ordinary one, or recognition as
    // a noun (B2); for the others, their tier's own.
    let other_words: [&str; 8] = match e.tier {
        Tier::Red => [
            "point him to the EAP today",
            "sit down with her today and point her to the EAP",
            "signpost them to occupational health this afternoon",
            "take him off incident duty for now",
            "stand her down from the on-call rota today",
            "take the most urgent tickets off him so he can rest",
            "pull them out of the launch work for the rest of the week",
            "keep her off the pager until next week and point her to counselling",
        ],
        Tier::Green => [
            "a normal check-in",
            "the usual 1:1, nothing more",
            "a standard catch-up with them today",
            "recognition for their mentoring",
            "a normal check-in and recognition for mentoring the graduate",
            "check in as normal",
            "a regular check-in this week",
            "recognition in stand-up for the work they did",
        ],
        tier => std::array::from_fn(|k| support(tier)[k]),
    };
    for (k, action) in other_words.into_iter().enumerate() {
        v.push((keyed("wordsup", k), action.to_owned()));
    }
    // Each tier's level in the words that read as another (play-it39 B3):
    // the emergency department by a short name for CRITICAL, a GP
    // appointment to book and a day given off for RED, going over the
    // workload with them for AMBER; GREEN keeps its own.
    let level_words: [&str; 8] = match e.tier {
        Tier::Critical => [
            "Get them to A&E today to have the chest pains checked",
            "take him to A & E now and stay with him",
            "drive her to the ER this afternoon and stay until she is seen",
            "get them checked at the ED today",
            "take him to casualty straight away",
            "an A&E visit today, with someone going along",
            "walk her over to A&E right now",
            "get them to A&E this morning and ring their partner",
        ],
        Tier::Red => [
            "Send him home today and book him a GP appointment",
            "book her a GP appointment and move her tickets to a colleague",
            "Give him tomorrow off and have someone else cover the migration stand-up",
            "let them take tomorrow off",
            "give her Friday off and hand the release to a colleague",
            "a doctor's appointment for him this week, and the afternoon off",
            "send her home today",
            "get him an appointment with his GP this week",
        ],
        Tier::Amber => [
            "Sit down with them tomorrow to go through their workload and drop the lowest-priority \
             tickets",
            "go through her backlog with her this afternoon",
            "look at what's on his plate together today",
            "walk through their open tickets with them tomorrow",
            "check in with her tomorrow and go over her commitments for the sprint",
            "run through his task list with him today",
            "sort through her to-do list with her today",
            "go through his tickets with him this afternoon",
        ],
        tier => std::array::from_fn(|k| support(tier)[k]),
    };
    for (k, action) in level_words.into_iter().enumerate() {
        v.push((keyed("levelsup", k), action.to_owned()));
    }
    // The near misses: the same words at another level than the tier's
    // (a GP appointment for CRITICAL, A&E or a workload review for RED,
    // a day off or a GP appointment for AMBER), a day off or A&E only on
    // a condition, and a review or a day of nothing that reprioritises or
    // relieves; GREEN keeps its own.
    let level_misses: [&str; 6] = match e.tier {
        Tier::Critical => [
            "book her a GP appointment for the chest pains",
            "if the chest pains come back, take him to A&E",
            "give them tomorrow off",
            "go through her workload with her today",
            "a GP appointment next week",
            "invite him to Friday's off-site",
        ],
        Tier::Red => [
            "get him to A&E today",
            "if she asks, give her tomorrow off",
            "go through his workload with him tomorrow",
            "invite them to Friday's off-site",
            "call him tomorrow off the record",
            "drive her to the ER this afternoon",
        ],
        Tier::Amber => [
            "give them tomorrow off",
            "go through the incident timeline with him tomorrow",
            "look at her code together this afternoon",
            "book him a GP appointment",
            "walk through the architecture with them today",
            "review the postmortem with her tomorrow",
        ],
        tier => std::array::from_fn(|k| support(tier)[k]),
    };
    for (k, action) in level_misses.into_iter().enumerate() {
        v.push((keyed("notlevelsup", k), action.to_owned()));
    }
    // The near misses: support named but not given (denied, only
    // mentioned, or timed past the day) for a RED or CRITICAL person, and
    // for a GREEN person a check-in put off past the day or recognition
    // for someone else (play-it37 B1, B2); for the others, their tier's
    // own, so a row loses only by that person.
    let not_given: [String; 6] = match e.tier {
        Tier::Red => [
            "they don't need the EAP right now".to_owned(),
            "point him to the EAP at some point next quarter".to_owned(),
            "take him off incident duty next month".to_owned(),
            "refer her to occupational health in two weeks".to_owned(),
            "next week, take them off the on-call rota".to_owned(),
            "don't take her off the launch work".to_owned(),
        ],
        Tier::Critical => [
            "mention the EAP at some point next quarter".to_owned(),
            "point them to the EAP".to_owned(),
            "take them off incident duty for now".to_owned(),
            "a normal check-in".to_owned(),
            "she doesn't need the EAP".to_owned(),
            "a crisis line next month".to_owned(),
        ],
        Tier::Green => [
            "a normal check-in next month".to_owned(),
            "a normal check-in in two weeks".to_owned(),
            format!("recognition for {}'s mentoring", other.first),
            format!("thank {} for covering", other.first),
            "a routine check-in at some point next month".to_owned(),
            format!("a shout-out to {} in stand-up", other.first),
        ],
        tier => [0, 1, 2, 3, 4, 5].map(|k| support(tier)[k].to_owned()),
    };
    for (k, action) in not_given.into_iter().enumerate() {
        v.push((keyed("notgivensup", k), action));
    }
    // The signs behind the tier, in the case's words, on a line of their
    // own under it.
    v.push(("signs", e.card.notes.join(" ")));
    v.push(("situation", e.card.situation.clone()));
    for k in 0..3 {
        v.push((keyed("psup", k), plain_support(e.tier)[k].to_owned()));
        v.push((
            keyed("nearpsup", k),
            plain_support(near(e.tier))[k].to_owned(),
        ));
        v.push((keyed("pst", k), plain_stressor(e.stressor)[k].to_owned()));
    }
    // The person's case as the page shows it, pasted whole.
    v.push((
        "case_block",
        format!(
            "{} {} \"{}\"",
            e.card.situation,
            e.card.notes.join(" "),
            e.card.quote
        ),
    ));
    for k in 0..3 {
        v.push((
            keyed("sense_fw", k),
            fortnight_in_other_senses(e.stressor)[k].to_owned(),
        ));
        v.push((
            keyed("other_sense_fw", k),
            fortnight_in_other_senses(other_stressor)[k].to_owned(),
        ));
    }
    for k in 0..6 {
        v.push((keyed("tfw", k), topic_fortnight(e.stressor)[k].to_owned()));
    }
    for k in 0..3 {
        v.push((keyed("mfw", k), means_fortnight(e.stressor)[k].to_owned()));
    }
    for k in 0..6 {
        v.push((keyed("nmfw", k), natural_means(e.stressor)[k].to_owned()));
        v.push((keyed("rlfw", k), reduced_load(e.stressor)[k].to_owned()));
    }
    for (k, phrase) in vague_reduction(e.stressor).into_iter().enumerate() {
        v.push((keyed("vrfw", k), phrase));
    }
    for k in 0..6 {
        v.push((keyed("st", k), stressor_words(e.stressor)[k].to_owned()));
        v.push((
            keyed("other_st", k),
            stressor_words(other_stressor)[k].to_owned(),
        ));
        v.push((keyed("fw", k), fortnight_words(e.stressor)[k].to_owned()));
        let (pairing, learning) = if e.stressor == "deadline" {
            (PAIRED_ON_THE_WORK[k], PAIRED_TO_LEARN[k % 5])
        } else {
            let own = fortnight_words(e.stressor)[k];
            (own, own)
        };
        v.push((keyed("pairfw", k), pairing.to_owned()));
        // The reorganised person's role with an article or none (play-it37
        // B3); the others keep their own.
        let own = fortnight_words(e.stressor)[k];
        let reorg = e.stressor == "reorg";
        v.push((
            keyed("rolefw", k),
            if reorg { THE_ROLE[k] } else { own }.to_owned(),
        ));
        if k < NOT_THE_ROLE.len() {
            v.push((
                keyed("notrolefw", k),
                if reorg { NOT_THE_ROLE[k] } else { own }.to_owned(),
            ));
        }
        v.push((keyed("learnpairfw", k), learning.to_owned()));
        let (eased, loaded) = if e.stressor == "new_role" {
            (SUPPORT_GIVEN[k], LOAD_GIVEN[k % 5])
        } else {
            (own, own)
        };
        v.push((keyed("easedfw", k), eased.to_owned()));
        v.push((keyed("loadedfw", k), loaded.to_owned()));
        let (by_others, by_them) = if e.stressor == "on_call" {
            (LOAD_HELD_BY_OTHERS[k], LOAD_HELD_BY_THEM[k % 5])
        } else {
            (own, own)
        };
        v.push((keyed("othersfw", k), by_others.to_owned()));
        v.push((keyed("themfw", k), by_them.to_owned()));
        let (freed, kept_busy) = if e.stressor == "caregiving" {
            (TIME_FREED[k], TIME_NOT_FREED[k % 5])
        } else {
            let own = fortnight_words(e.stressor)[k];
            (own, own)
        };
        v.push((keyed("freedfw", k), freed.to_owned()));
        v.push((keyed("busyfw", k), kept_busy.to_owned()));
        let (lighter, not_lighter) = if e.stressor == "caregiving" {
            (LIGHTER_DUTY[k], NOT_LIGHTER_DUTY[k % 5])
        } else {
            (own, own)
        };
        v.push((keyed("lightfw", k), lighter.to_owned()));
        v.push((keyed("notlightfw", k), not_lighter.to_owned()));
        let (fate, no_fate) = if reorg {
            (ROLE_IN_THE_MERGE[k], NOT_ROLE_IN_THE_MERGE[k % 5])
        } else {
            (own, own)
        };
        v.push((keyed("mergefw", k), fate.to_owned()));
        v.push((keyed("notmergefw", k), no_fate.to_owned()));
        v.push((
            keyed("other_fw", k),
            fortnight_words(other_stressor)[k].to_owned(),
        ));
    }
    v
}

/// The team's facts: the ranking in every form rows use.
fn case_vars(case: &TriageCase) -> Vars {
    let order = case.priority();
    let reversed: Vec<&Employee> = order.iter().rev().copied().collect();
    let mut swapped = order.clone();
    if swapped.len() > 1 && swapped[0].tier != swapped[1].tier {
        swapped.swap(0, 1);
    } else if let Some(at) = (1..swapped.len()).find(|k| swapped[*k].tier != swapped[0].tier) {
        swapped.swap(0, at);
    }
    let lead = case.card.lead.split_whitespace().next().unwrap_or_default();
    let mut v: Vars = vec![
        ("scenario", Case::Triage(case.clone()).scenario_text()),
        ("lead", lead.to_owned()),
        ("lead_full", case.card.lead.clone()),
        ("pool", FIRST_NAMES.join(", ")),
    ];
    let joins = [
        ("gt", " > "),
        ("comma", ", "),
        ("arrow", " \u{2192} "),
        ("then", ", then "),
        ("semi", "; "),
        ("slash", " / "),
        ("dash", " - "),
        ("and", " and then "),
    ];
    for (label, people) in [("o", &order), ("r", &reversed), ("s", &swapped)] {
        let forms: [(&str, Vec<String>); 3] = [
            ("full", people.iter().map(|e| e.name.clone()).collect()),
            ("first", people.iter().map(|e| e.first.clone()).collect()),
            (
                "last",
                people
                    .iter()
                    .map(|e| e.name.split_whitespace().last().unwrap_or("").to_owned())
                    .collect(),
            ),
        ];
        for (form, names) in &forms {
            for (join, sep) in joins {
                let key: &'static str =
                    Box::leak(format!("{label}_{form}_{join}").into_boxed_str());
                v.push((key, names.join(sep)));
            }
            let numbered: Vec<String> = names
                .iter()
                .enumerate()
                .map(|(k, n)| format!("{}. {n}", k + 1))
                .collect();
            let key: &'static str = Box::leak(format!("{label}_{form}_numbered").into_boxed_str());
            v.push((key, numbered.join("\n")));
        }
        let tiered: Vec<String> = people
            .iter()
            .map(|e| format!("{} ({})", e.name, e.tier.name()))
            .collect();
        let key: &'static str = Box::leak(format!("{label}_tiered").into_boxed_str());
        v.push((key, tiered.join(" > ")));
        for (key, value) in plain_lines(people) {
            let key: &'static str = Box::leak(format!("{label}_{key}").into_boxed_str());
            v.push((key, value));
        }
    }
    let listed_differs = case
        .employees
        .windows(2)
        .any(|w| w[0].tier.rank() > w[1].tier.rank());
    if listed_differs {
        let listed: Vec<&str> = case.employees.iter().map(|e| e.name.as_str()).collect();
        v.push(("listed", listed.join(", ")));
    }
    v
}

/// A ranking as plain lines, no bullet or number (play-para-it17 B1): one
/// name a line (`full_lines`, `first_lines`, `last_lines`), "then" before
/// each name after the first (`then_lines`), "Name (TIER)" a line
/// (`tier_lines`), and the people grouped by tier, consecutive people of
/// one tier on one line: "TIER: names" (`grouped_colon`), "TIER - names"
/// (`grouped_dash`), the names alone (`grouped_names`), "names and name
/// (TIER)" (`grouped_and`), and a bare tier line over its names
/// (`grouped_headed`).
fn plain_lines(people: &[&Employee]) -> Vec<(&'static str, String)> {
    let mut groups: Vec<(Tier, Vec<&Employee>)> = Vec::new();
    for e in people {
        match groups.last_mut() {
            Some((tier, members)) if *tier == e.tier => members.push(e),
            _ => groups.push((e.tier, vec![e])),
        }
    }
    let names = |members: &[&Employee], sep: &str| {
        members
            .iter()
            .map(|e| e.name.as_str())
            .collect::<Vec<_>>()
            .join(sep)
    };
    let and_joined = |members: &[&Employee]| match members {
        [first @ .., last] if !first.is_empty() => {
            format!("{} and {}", names(first, ", "), last.first)
        }
        _ => names(members, ", "),
    };
    let grouped = |line: &dyn Fn(Tier, &[&Employee]) -> String| {
        groups
            .iter()
            .map(|(tier, members)| line(*tier, members))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let last = |e: &Employee| e.name.split_whitespace().last().unwrap_or("").to_owned();
    let each = |name: &dyn Fn(usize, &Employee) -> String| {
        people
            .iter()
            .enumerate()
            .map(|(k, e)| name(k, e))
            .collect::<Vec<_>>()
            .join("\n")
    };
    vec![
        ("full_lines", each(&|_, e| e.name.clone())),
        ("first_lines", each(&|_, e| e.first.clone())),
        ("last_lines", each(&|_, e| last(e))),
        (
            "then_lines",
            each(&|k, e| {
                if k == 0 {
                    e.first.clone()
                } else {
                    format!("then {}", e.first)
                }
            }),
        ),
        (
            "tier_lines",
            each(&|_, e| format!("{} ({})", e.name, e.tier.name())),
        ),
        (
            "grouped_colon",
            grouped(&|t, m| format!("{}: {}", t.name(), names(m, ", "))),
        ),
        (
            "grouped_dash",
            grouped(&|t, m| format!("{} - {}", t.name(), names(m, ", "))),
        ),
        ("grouped_names", grouped(&|_, m| names(m, ", "))),
        (
            "grouped_and",
            grouped(&|t, m| format!("{} ({})", and_joined(m), t.name())),
        ),
        (
            "grouped_headed",
            grouped(&|t, m| format!("{}:\n{}", t.name(), names(m, "\n"))),
        ),
    ]
}

/// Which field of each person's block a row replaces.
#[derive(Clone, Copy)]
enum Field {
    /// The "Employee:" and "Tier:" lines together.
    Header,
    Stressor,
    Day,
    Fortnight,
}

impl Field {
    fn prefix(self) -> &'static str {
        match self {
            Field::Header => "Tier:",
            Field::Stressor => "Main stressor:",
            Field::Day => "24-hour action:",
            Field::Fortnight => "2-week action:",
        }
    }
}

/// The reference answer with `field` of every person given by `row`,
/// filled with that person's facts.
fn per_person(seeded: &Seeded, field: Field, row: &str) -> Option<String> {
    let Case::Triage(case) = &seeded.case else {
        return None;
    };
    let reference = seeded.case.write(Style::Reference);
    let mut out = Vec::new();
    let mut person = 0;
    for line in reference.lines() {
        if line.starts_with("Employee:") {
            if matches!(field, Field::Header) {
                continue;
            }
            out.push(line.to_owned());
        } else if line.starts_with(field.prefix()) {
            let e = case.employees.get(person)?;
            let mut vars = person_vars(case, e);
            vars.extend(seeded.vars.iter().cloned());
            out.push(filled(row, &vars)?);
            person += 1;
        } else {
            out.push(line.to_owned());
        }
    }
    Some(out.join("\n"))
}

/// The reference answer with its ranking given by `row`.
fn with_ranking(seeded: &Seeded, row: &str) -> Option<String> {
    let reference = seeded.case.write(Style::Reference);
    let body = reference.split("Priority ranking:").next()?;
    Some(format!("{body}{}", filled(row, &seeded.vars)?))
}

fn cases(n: usize) -> Vec<Seeded> {
    let keep = |c: &TriageCase| c.tiers().len() >= 3;
    seeded(n, triage::generate, keep, case_vars, Case::Triage)
}

fn run(
    criterion: &'static str,
    right: &[&str],
    wrong: &[&str],
    answer: impl Fn(&Seeded, &str) -> Option<String>,
) {
    check(
        &Table {
            criterion,
            right,
            wrong,
        },
        &cases(6),
        answer,
    );
}

#[test]
fn triage_tiers_table() {
    let right = [
        "Employee: {name}\nTier: {TIER}",
        // The signs behind the tier, in the case's words, under it.
        "Employee: {name}\nTier: {TIER}\n{signs}",
        "Employee: {name}\nTier: {Tier}",
        "Employee: {name}\nTier: {tier}",
        "### {name} \u{2014} {TIER}",
        "**{name}** ({TIER})",
        "{name}: {TIER}",
        "{name} - tier {TIER}",
        "Employee: {name}\nTier: **{TIER}**",
        "Employee: {name}\nRisk tier: {TIER}",
        "Employee: {name}\nTriage tier: {TIER} (the first rule that fits)",
        "## {first}\nTier: {TIER}",
        "{name} is {TIER}.",
        "{name} \u{2192} {TIER}",
        "Employee: {name} | Tier: {TIER}",
        "Employee: {name}\nTier: {TIER} \u{2013} going by their own notes",
        "Employee: {name}\nTier: {TIER}. Not {FarTier}.",
        "1. {name} \u{2014} {TIER}",
        "- **{name}**: {TIER}",
        "Employee: {name}\nTier: {TIER}, no question.",
        "Employee: {name}\nTier \u{2014} {TIER}",
        "Name: {name}\nTier: {TIER}",
        "Person: {name}\nTier: {Tier}",
        "{name}\nTier: {TIER}",
        "### {name}\n**Tier:** {TIER}",
        "Employee: {name}\nTier: I'd put {first} at {TIER}.",
        "Employee: {name}\nTier: {TIER} (not {NearTier})",
        // A neighbouring tier weighed and dismissed after it (play-it19).
        "Employee: {name}\nTier: {TIER}. I considered {NearTier} and ruled it out.",
        "Employee: {name}\nTier: {TIER}; I looked at {FarTier} too, and it does not apply.",
        "**{name} \u{2013} {TIER}**",
        "{name} \u{2014} tier: {TIER}",
        "Employee: {name}\nTier: {TIER}, going by the signs in {first}'s notes",
        "Employee: {name}\nTier: {TIER}\nWhy: the first rule that fits.",
        "| {name} | {TIER} |",
        "Employee: {name}\nTier: {TIER} tier",
        "Employee: {name}\nTier: {TIER} - {first}'s signs fit it best",
        "{name}'s tier: {TIER}",
        "Employee: {name}\nTier: {Tier} (first rule that applies)",
        "Employee: {name}\nTier: {TIER}, as the rubric's order dictates",
        "Employee: {name}\nTier: definitely {TIER}",
        "{name} sits in {TIER}.",
        "Employee: {name}\nTier: {TIER} \u{2014} {first} needs support at that level",
        "**Employee:** {name}\n**Tier:** {TIER}",
        "Employee: {name}\nTier: {TIER}; it isn't {FarTier}.",
        "#### {first} ({TIER})",
        // A comparison with another person inside the field opens no block
        // of theirs: the layout says whose block it is (para-it15 B4).
        "Employee: {name}\nTier: {TIER} - unlike {other_first}, the notes settle it",
        "Employee: {name}\nTier: {TIER}, cf. {other_first} for the contrast",
        "Employee: {name}\nTier: {TIER}; as with {other_first}, the first rule that fits decides",
        // A tier the writer corrects is withdrawn (play-it40 X2).
        "Employee: {name}\nTier: {NearTier}, actually {TIER}",
        "Employee: {name}\nTier: {FarTier} \u{2014} no, actually {TIER}",
        "Employee: {name}\nTier: {NearTier}, I mean {TIER}",
        "Employee: {name}\nTier: {NearTier} (should be {TIER})",
        "Employee: {name}\nTier: {NearTier} - no, actually {TIER}.",
        "Employee: {name}\nTier: {NearTier}, or rather {TIER}",
        // A correction marker behind the tier it gives (play-pr27 X1).
        "Employee: {name}\nTier: {NearTier}, {TIER} actually",
        "Employee: {name}\nTier: {FarTier} \u{2014} well, {TIER} actually.",
        "Employee: {name}\nTier: {NearTier}; {TIER}, I mean",
        // An apology or interjection that retracts (play-pr31 B1).
        "Employee: {name}\nTier: {NearTier}, sorry, {TIER}",
        "Employee: {name}\nTier: {FarTier} - no wait, {TIER}",
        "Employee: {name}\nTier: {TIER} (sorry, {first} needs support at that level)",
        // A tier considered and set aside beside the one chosen
        // (play-it41 B5).
        "Employee: {name}\nTier: {TIER} \u{2014} I'd nearly put {first} at {NearTier} for the \
         signs in the notes, but those stopped and don't count now.",
        "Employee: {name}\nTier: {TIER}. I was tempted by {NearTier}.",
        "Employee: {name}\nTier: {TIER} \u{2014} {NearTier} crossed my mind, but the notes settle \
         it.",
        "Employee: {name}\nTier: {TIER}: close to {NearTier} but not there.",
        "Employee: {name}\nTier: {TIER} (I almost went with {NearTier}, but the notes settle it)",
        "Employee: {name}\nTier: {TIER}; I considered {FarTier}, however the notes rule it out.",
        "Employee: {name}\nTier: I was tempted to put {first} at {NearTier}, but {TIER} is right \
         for the notes.",
        "Employee: {name}\nTier: {TIER} \u{2014} it was tempting to call it {NearTier}, but the \
         notes settle it.",
    ];
    let wrong = [
        "Employee: {name}\nTier: {NearTier}\n{signs}",
        "Employee: {name}\nTier: {FarTier}",
        "Employee: {name}\nTier: {NearTier}",
        "Employee: {name}\nTier: {TIER} or {NearTier}",
        "Employee: {name}\nTier: {NearTier}/{TIER}",
        "Employee: {name}\nTier: CRITICAL / RED / AMBER / GREEN",
        "Employee: {name}\nTier: not {TIER}",
        "Employee: {name}\nTier: {TIER}, possibly {NearTier}",
        "Employee: {name}\nTier: {TIER}. I considered {NearTier} and it fits too.",
        "Employee: {name}\nTier: I considered {TIER} and ruled it out; {NearTier}.",
        "Employee: {name}\nTier: {TIER}\nTier: {NearTier}",
        "Employee: {name}\nTier: between {NearTier} and {TIER}",
        "Employee: {name}\nTier: {NearTier} to {TIER}",
        "Employee: {name}\nTier: TBD",
        "Employee: {name}\nTier: red flag",
        "Employee: {name}\nTier: green light to carry on",
        "Employee: {name}\nTier: critical incident duty",
        "Employee: {name}\nTier: {scenario}",
        "Employee: {name}\nTier: same as {other_first}",
        "Employee: {name}\nTier: {other_tier}",
        "Employee: {name}\nTier: {TIER}, maybe {NearTier}",
        "Employee: {name}\nTier: high",
        "Employee: {name}\nTier: urgent",
        "Employee: {name}\nTier: either {TIER} or {FarTier}",
        "Employee: {name}\nTier: {TIER}? {NearTier}?",
        "{name}: CRITICAL RED AMBER GREEN",
        "Employee: {name}\nTier: {FarTier} (just to be safe)",
        "Employee: {name}\nTier: {TIER} {NearTier} {FarTier}",
        "Employee: {name}\nTier: depends on the follow-up",
        "Employee: {name}\nTier: {NearTier}; the tier is {TIER} if you count the notes",
        "Employee: {name}\nTier: n/a",
        "Employee: {name}\nTier: {NearTier}, bordering on {TIER}",
        "Employee: {name}\nTier: all four apply",
        "Employee: {name}\nTier: at risk",
        "Employee: {name}\nTier: fine",
        "Employee: {name}\nTier: struggling",
        "Employee: {name}\nTier: {FarTier}\nWhy: {first} seems okay.",
        "Employee: {name}\nTier: {TIER} (or {FarTier})",
        "Employee: {name}\nTier: {tier} / {neartier}",
        "Employee: {name}\nTier: RED, AMBER",
        "Employee: {name}\nTier: the highest",
        "Employee: {name}\nTier: {NearTier}. Tier: {TIER}.",
        "Employee: {name}\nTier: Tier 2",
        "Employee: {name}\nTier: unknown",
        "Employee: {name}\nTier: {neartier}",
        "Employee: {name}\nTier: unlike {other_first}, {NearTier}",
        "Employee: {name}\nTier: like {other_first}",
        // The right tier corrected to a wrong one.
        "Employee: {name}\nTier: {TIER}, actually {NearTier}",
        "Employee: {name}\nTier: {TIER} \u{2014} no, actually {FarTier}",
        "Employee: {name}\nTier: {TIER} (should be {NearTier})",
        "Employee: {name}\nTier: {TIER}, I mean {NearTier}",
        "Employee: {name}\nTier: {TIER}, {NearTier} actually",
        "Employee: {name}\nTier: {TIER} \u{2014} no, {FarTier} actually",
        "Employee: {name}\nTier: {NearTier}, maybe {TIER} actually",
        "Employee: {name}\nTier: {TIER}, oops, {NearTier}",
        "Employee: {name}\nTier: {TIER} \u{2014} my mistake, {FarTier}",
        // Another tier still offered, however it is weighed (play-it41
        // B5, near misses), or the right one set aside.
        "Employee: {name}\nTier: {TIER}, nearly {NearTier}",
        "Employee: {name}\nTier: {TIER}, close to {NearTier}",
        "Employee: {name}\nTier: {TIER} \u{2014} I'd nearly put them at {NearTier}.",
        "Employee: {name}\nTier: {TIER}; I considered {NearTier}, but maybe it fits.",
        "Employee: {name}\nTier: I was tempted by {TIER}, but {NearTier} is right for the notes.",
    ];
    run("tiers", &right, &wrong, |s, row| {
        per_person(s, Field::Header, row)
    });
}

#[test]
fn triage_immediate_actions_table() {
    let layouts = [
        "24-hour action: {x}",
        "- **24-hour action:** {x}.",
        "Within 24 hours: {x}.",
        "24h action \u{2013} {x}",
    ];
    let rows: Vec<String> = (0..12)
        .flat_map(|k| {
            let phrase = format!("{{sup{k}}}");
            [k % 4, (k + 1) % 4, (k + 2) % 4, (k + 3) % 4]
                .map(|l| layouts[l].replace("{x}", &phrase))
        })
        .collect();
    let mut rows = rows;
    rows.extend((0..3).map(|k| layouts[k].replace("{x}", &format!("{{psup{k}}}"))));
    rows.extend((0..4).map(|k| layouts[k].replace("{x}", &format!("{{xsup{k}}}"))));
    rows.push("24-hour action: {grounded_sup}".to_owned());
    rows.push("24-hour action: {quoting_sup}".to_owned());
    // A step for someone to take, "should" or otherwise (play-it5 B3),
    // and a condition that takes only its own clause (B2).
    let frames = [
        "24-hour action: {lead} should {x}.",
        "24-hour action: Today, their lead must {x}.",
        "Within 24 hours: {lead} needs to {x}",
        "24-hour action: {lead} will {x} today.",
        "24-hour action: Their manager is to {x}.",
        "24-hour action: {lead} has to {x}",
        "24-hour action: {lead} ought to {x}.",
        "24-hour action: Please {x}.",
    ];
    rows.extend(
        frames
            .iter()
            .enumerate()
            .map(|(k, frame)| frame.replace("{x}", &format!("{{msup{k}}}"))),
    );
    rows.extend((0..4).map(|k| format!("24-hour action: {{day{k}}}")));
    rows.extend([
        "24-hour action: {lead} should {msup1}; should things get worse, {lead} should call a \
         crisis line with them."
            .to_owned(),
        "24-hour action: {lead} should {msup2}, if possible, and check in again tomorrow."
            .to_owned(),
    ]);
    // A hospital in the person's circumstances is no care step.
    rows.extend([
        "24-hour action: {sup2}; ask how {first} is doing with the hospital visits".to_owned(),
        "24-hour action: {sup3}, and ask how the hospital appointments are going.".to_owned(),
    ]);
    // The lead who acts named by first name and surname is that lead, not
    // another person's block (play-it10, B4).
    rows.extend([
        "24-hour action: {lead_full} must {msup1} today.".to_owned(),
        "24-hour action: {lead_full} will {msup3} today.".to_owned(),
        "- **24-hour action:** {lead_full} should {msup2}.".to_owned(),
    ]);
    // Prose with its time last, under no label (p22).
    rows.extend([
        "{psup0}; that is enough for the first 24 hours.".to_owned(),
        "For {first}: {sup4}. That covers the next 24 hours.".to_owned(),
    ]);
    // "Otherwise" gives the default step, which is firm (para-it11 B4).
    rows.extend([
        "24-hour action: {sup0}. If things get worse overnight, ring {lead} at once; otherwise \
         {sup1}."
            .to_owned(),
        "24-hour action: Should {first} feel worse, call {lead}; otherwise, {sup2}.".to_owned(),
    ]);
    // A lower tier's support added to the safety step (para-it15 B6).
    rows.extend((0..3).map(|k| format!("24-hour action: {{ohsup{k}}}.")));
    // A referral added after the safety step, after any punctuation
    // (play-para-it21, B1).
    rows.extend((0..3).map(|k| layouts[k].replace("{x}", &format!("{{addsup{k}}}"))));
    // Two ways of taking the same items off an AMBER person, joined by
    // "or" (play-para-it22, B2).
    rows.extend((0..4).map(|k| layouts[(k + 1) % 4].replace("{x}", &format!("{{orsup{k}}}"))));
    // A reminder that support exists, or an offer left to the person,
    // beside any tier's own step (play-it25 B1, C1).
    rows.extend((0..8).map(|k| layouts[k % 4].replace("{x}", &format!("{{asidesup{k}}}"))));
    // Getting home safely today, in its natural words (play-it34 B3).
    rows.extend((0..8).map(|k| layouts[k % 4].replace("{x}", &format!("{{homesup{k}}}"))));
    // Urgent support and a routine check-in in other words (play-it37
    // B1, B2).
    rows.extend((0..8).map(|k| layouts[k % 4].replace("{x}", &format!("{{wordsup{k}}}"))));
    // Emergency care, a GP appointment, a day off and a workload review
    // in the words that read as another level (play-it39 B3).
    rows.extend((0..8).map(|k| layouts[k % 4].replace("{x}", &format!("{{levelsup{k}}}"))));
    // A consent clause trailing the last item covers that item alone
    // (play-it41 B6).
    rows.extend((0..6).map(|k| layouts[k % 4].replace("{x}", &format!("{{redconsented{k}}}"))));
    // Part of the work lifted off an AMBER person inside a check-in to
    // reprioritise (play-it41 C1).
    rows.extend((0..6).map(|k| layouts[k % 4].replace("{x}", &format!("{{amberpart{k}}}"))));
    let right = refs(&rows);
    let mut wrong_rows: Vec<String> = (0..12)
        .flat_map(|k| {
            [
                format!("24-hour action: {{farsup{k}}}"),
                format!("24-hour action: {{nearsup{k}}}"),
            ]
        })
        .collect();
    // Home in words that give no same-day safety step (play-it34 B3, near
    // misses).
    wrong_rows.extend((0..5).map(|k| format!("24-hour action: {{nothomesup{k}}}")));
    // Support named but not given, a check-in put off past the day, or
    // recognition for someone else (play-it37 B1, B2, near misses).
    wrong_rows
        .extend((0..6).map(|k| layouts[k % 4].replace("{x}", &format!("{{notgivensup{k}}}"))));
    // The same words at another level, on a condition, or naming no
    // level (play-it39 B3, near misses).
    wrong_rows
        .extend((0..6).map(|k| layouts[k % 4].replace("{x}", &format!("{{notlevelsup{k}}}"))));
    wrong_rows.extend(
        [
            "24-hour action: {sup0}, or {nearsup0}",
            "24-hour action: {sup1} or {nearsup1}, whichever fits",
            "24-hour action: {nearsup2} or {sup2}",
            "24-hour action: {sup3}; alternatively {farsup3}",
            "24-hour action: {sup4}, {nearsup4}, {farsup4} and a routine check-in",
            "24-hour action: crisis line, EAP referral, a check-in to reprioritise and recognition",
            "24-hour action: {sup5}, or else {nearsup5}",
            "24-hour action: talk to them today",
            "24-hour action: check in with them",
            "24-hour action: see how they're doing",
            "24-hour action: offer support",
            "24-hour action: have a chat with {first}",
            "24-hour action: follow the rubric",
            "24-hour action: no crisis line, EAP, reprioritising or recognition is needed",
            "24-hour action: {scenario}",
            "24-hour action: {other_sup}",
            "24-hour action: whatever their tier needs",
            "24-hour action: {nearsup6}\n24-hour action: {sup6}",
            "24-hour action: {farsup7}; {sup7}",
            // Two levels in plain words: a hedge, read as its worst.
            "24-hour action: {psup0}. {nearpsup0}.",
            "24-hour action: {nearpsup1}, and {psup1}",
            "24-hour action: {psup2} \u{2014} {nearsup8}",
            "24-hour action: {nearsup10}; ask how {first} is doing with the hospital visits",
            // A safety step offered as an alternative to a referral.
            "24-hour action: call a crisis line with them or refer them to occupational health",
            // A referral in a sentence of its own, offered instead of the
            // safety step.
            "24-hour action: {sup0}. Or get {first} seen by occupational health instead.",
            // Counselling offered instead of the safety step, or given in a
            // sentence of its own before it, stays a second tier (para-it15
            // B6).
            "24-hour action: agree a safety plan today, or line up urgent counselling instead",
            "24-hour action: Line up urgent counselling. Tomorrow, agree a safety plan.",
            // Another tier's step for someone to take, or two of them.
            "24-hour action: {lead} should {nearmsup0}.",
            "24-hour action: {lead_full} should {nearmsup1}.",
            "24-hour action: {lead} must {nearmsup3}.",
            "24-hour action: {lead} should {msup4}, or {nearmsup4}.",
            "24-hour action: {lead} should {msup5} and {nearmsup5}, whichever fits.",
            // No step, in a recommendation's words.
            "24-hour action: {first} should be fine without support.",
            "24-hour action: {lead} should wait and see.",
            "{nearpsup2}; that is enough for the first 24 hours.",
            // The person's notes pasted whole under a one-word action.
            "24-hour action: Support. {signs}",
            // The default step is another tier's.
            "24-hour action: If things get worse, {sup3}; otherwise {nearsup3}.",
            "24-hour action: {nearsup9}; otherwise nothing more today.",
            // A lower tier's step offered instead of the safety step, or as
            // a possibility beside it.
            "24-hour action: {hedgesup0}",
            "- **24-hour action:** {hedgesup1}.",
            "Within 24 hours: {hedgesup2}.",
            "24-hour action: {hedgesup3}",
            // An AMBER person's check-in or another tier's step, or the
            // step as a possibility.
            "24-hour action: {orhedge0}",
            "- **24-hour action:** {orhedge1}.",
            "Within 24 hours: {orhedge2}.",
            // A referral or booking beside an AMBER check-in is urgent
            // support; a reminder or an optional offer is no RED person's
            // urgent support (play-it25 C1).
            "24-hour action: {amberfirm0}",
            "- **24-hour action:** {amberfirm1}.",
            "Within 24 hours: {amberfirm2}.",
            "24-hour action: {amberfirm3}",
            "24-hour action: {redoffered0}",
            "- **24-hour action:** {redoffered1}.",
            "Within 24 hours: {redoffered2}.",
            "24-hour action: {redoffered3}",
            "24h action \u{2013} {redoffered4}",
            "24-hour action: {redoffered5}",
            // The RED person's support left to them, with other items or
            // alone (play-it41 B6, near misses).
            "24-hour action: {redconsentmiss0}",
            "- **24-hour action:** {redconsentmiss1}.",
            "Within 24 hours: {redconsentmiss2}.",
            "24-hour action: {redconsentmiss3}",
            "24h action \u{2013} {redconsentmiss4}",
            // More than a check-in for an AMBER person (play-it41 C1, near
            // misses).
            "24-hour action: {amberpartmiss0}",
            "- **24-hour action:** {amberpartmiss1}.",
            "Within 24 hours: {amberpartmiss2}.",
            "24-hour action: {amberpartmiss3}",
            "24h action \u{2013} {amberpartmiss4}",
        ]
        .map(str::to_owned),
    );
    let wrong = refs(&wrong_rows);
    run("immediate_actions", &right, &wrong, |s, row| {
        per_person(s, Field::Day, row)
    });
}

#[test]
fn triage_two_week_support_table() {
    let layouts = [
        "2-week action: {x}",
        "- **Next 2 weeks:** {x}.",
        "2-week action: over the next fortnight, {x}",
        "Two-week action \u{2013} {x}",
        "2-week action: {x}, then review together",
        "2 week action: {x}.",
        "2-week action: {x} \u{2014} that tackles what weighs on them most",
    ];
    let rows: Vec<String> = (0..6)
        .flat_map(|k| {
            let phrase = format!("{{fw{k}}}");
            layouts.iter().map(move |l| l.replace("{x}", &phrase))
        })
        .collect();
    let mut rows = rows;
    // A lead-in naming the stressor does not cut the action short.
    rows.extend([
        "2-week action: Root cause: {st0}. {fw0}".to_owned(),
        "- **2-week action:** Main cause - {pst1}. {fw1}.".to_owned(),
        "2-week action: Stressor: {st2}; {fw2}".to_owned(),
        "2-week action: {xfw0}".to_owned(),
        "- **Next 2 weeks:** {xfw1}.".to_owned(),
        "2-week action: over the next fortnight, {xfw2}".to_owned(),
        "2-week action: {nfw0}".to_owned(),
        "- **Next 2 weeks:** {nfw1}.".to_owned(),
        "2-week action: {sense_fw0}.".to_owned(),
        "2-week action: {sense_fw1}".to_owned(),
        "- **Next 2 weeks:** {sense_fw0}.".to_owned(),
        "2-week action: {sense_fw2}.".to_owned(),
        // Sub-fields under the 24-hour action above, naming the lead who
        // acts (para-it13 B4).
        "- Who: {lead_full} and HR\n- By: end of today\n2-week action: {fw0}".to_owned(),
        "  * **Why:** the tier asks for it today\n  * Note: {lead_full} to confirm\n2-week action: \
         {fw1}"
            .to_owned(),
        "- Owned by: {lead_full}\n- Timing: this afternoon\n**2-week action:** {fw2}.".to_owned(),
        "2-week action: {rfw0}".to_owned(),
        "- **Next 2 weeks:** {rfw1}.".to_owned(),
        "2-week action: {rfw2}".to_owned(),
        // Clarity on the role, in either order (play-it27 B2).
        "2-week action: {cfw0}.".to_owned(),
        "2-week action: {cfw1}.".to_owned(),
        "- **Next 2 weeks:** {cfw2}.".to_owned(),
        "2-week action: {cfw3}".to_owned(),
        "2-week action: {cfw4}".to_owned(),
        // A purpose clause in the person's own words (play-it28 B2).
        "2-week action: {pfw0}.".to_owned(),
        "- **Next 2 weeks:** {pfw1}.".to_owned(),
        "2-week action: {pfw2}".to_owned(),
        "2-week action: {pfw3}.".to_owned(),
        // The object left out or a pronoun: the block's own stressor line
        // says what it is (play-para-it21, B2).
        "2-week action: {elided_fw0}".to_owned(),
        "- **Next 2 weeks:** {elided_fw1}.".to_owned(),
        "2-week action: over the next fortnight, {elided_fw2}".to_owned(),
        "Two-week action \u{2013} {elided_fw3}".to_owned(),
        // A short action that names a means (issue 21 R6 c).
        "2-week action: {mfw0}".to_owned(),
        "- **Next 2 weeks:** {mfw1}".to_owned(),
        "2-week action: {mfw2}".to_owned(),
        "2-week action: over the next fortnight, {mfw0}".to_owned(),
        // A new role's natural means with no marker word (play-it30 B2).
        "2-week action: {nmfw0}".to_owned(),
        "- **Next 2 weeks:** {nmfw1}.".to_owned(),
        "2-week action: {nmfw2}".to_owned(),
        "2-week action: {nmfw3}.".to_owned(),
        "2-week action: {nmfw4}".to_owned(),
        "Two-week action \u{2013} {nmfw5}".to_owned(),
        // A load of the stressor's work made smaller (play-it34 B4).
        "2-week action: {rlfw0}.".to_owned(),
        "- **Next 2 weeks:** {rlfw1}.".to_owned(),
        "2-week action: {rlfw2}".to_owned(),
        "2-week action: over the next fortnight, {rlfw3}".to_owned(),
        "2-week action: {rlfw4}.".to_owned(),
        "Two-week action \u{2013} {rlfw5}".to_owned(),
    ]);
    let right = refs(&rows);
    let mut wrong_rows: Vec<String> = (0..6)
        .flat_map(|k| {
            [
                format!("2-week action: {{other_fw{k}}}"),
                format!("2-week action: {{fw{k}}}, and also {{other_fw{k}}}; plus work on the reorg, incidents and customers"),
                format!("2-week action: {{fw{k}}} or {{other_fw{k}}}"),
            ]
        })
        .collect();
    wrong_rows.extend(
        [
            "2-week action: follow up regularly",
            "2-week action: keep an eye on them",
            "2-week action: offer support and check in every week",
            "2-week action: review how they're doing in two weeks",
            "2-week action: a follow-up conversation with their lead",
            "2-week action: keep talking",
            "2-week action: work on on-call, the deadline, the reorg, caring, covering, customers, \
             the migration, conflict, incidents and the new role",
            "2-week action: {scenario}",
            "2-week action: tackle their main stressor",
            "2-week action: whatever helps {first} most",
            "2-week action: wellbeing support",
            "2-week action: EAP sessions",
            "2-week action: monitor",
            "2-week action: TBD",
            "2-week action: the usual support plan",
            "2-week action: sort out the workload",
            "2-week action: discuss the {other_st0}",
            "2-week action: reduce stress",
            "2-week action: nothing for now",
            "2-week action: have a chat in a fortnight",
            "2-week action: same as {other_first}",
            "2-week action: a team lunch",
            "2-week action: {case_block}",
            "2-week action: {xfw0} or {other_fw0}",
            "2-week action: {other_sense_fw0}",
            "2-week action: {other_sense_fw1}",
            "2-week action: {other_sense_fw2}",
            // The sub-fields make no other person's action theirs.
            "- Who: {lead_full}\n- By: end of today\n2-week action: {other_fw0}",
            "- Who: {lead_full}\n- By: end of today\n2-week action: follow up regularly",
            "2-week action: {not_settled}",
            "2-week action: {role_elsewhere}",
            "2-week action: {purpose_missed0}.",
            "- **Next 2 weeks:** {purpose_missed1}.",
            // A step of another kind with its object left out, or a
            // planning step for a stressor no plan of the work tackles.
            "2-week action: {elided_other_fw0}",
            "- **Next 2 weeks:** {elided_other_fw1}.",
            "2-week action: {elided_other_fw2}",
            // The person's own stressor named, no step on it (issue 21 R6 c).
            "2-week action: {tfw0}",
            "- **Next 2 weeks:** {tfw1}",
            "2-week action: {tfw2}",
            "2-week action: {tfw3}",
            "Two-week action \u{2013} {tfw4}",
            "2-week action: {tfw5}",
            "2-week action: over the next fortnight, {tfw0}",
            "2-week action: {tfw2}, then review together",
            "2-week action: Workload.",
            "2-week action: Address the workload.",
            // The person's situation line, copied.
            "2-week action: {situation}",
            // Every kind of step, for anyone.
            "2-week action: re-plan it, mediate it, mentor them, backfill the team and offer \
             flexible hours",
            // Expectations reset, with no means on the person's stressor
            // (play-it30 B2, near miss).
            "2-week action: Reset the team's expectations.",
            "2-week action: Reset expectations with the team.",
            // The stressor made less in a feeling, not an amount
            // (play-it34 B4, near misses).
            "2-week action: {vrfw0}.",
            "- **Next 2 weeks:** {vrfw1}.",
            "2-week action: {vrfw2}",
            "2-week action: {vrfw3}.",
        ]
        .map(str::to_owned),
    );
    let wrong = refs(&wrong_rows);
    run("two_week_support", &right, &wrong, |s, row| {
        per_person(s, Field::Fortnight, row)
    });
}

/// A count of people that is the size of the group the action sets up
/// (para-it14 B2), after each person's own action, in cases where another
/// person's main stressor is understaffing.
const GROUP_SIZES: [&str; 6] = [
    "and share what is left between two colleagues in turn",
    "with the load spread among three people",
    "backed by a pair of two colleagues",
    "and set up a group of three people to take turns with it",
    "and split it across three people in the team",
    "with a team of three people taking turns",
];

/// A count of the people the team lacks: still its understaffing.
const SHORTFALLS: [&str; 6] = [
    "and plan around being three people short",
    "and make up for the three people the team lacks",
    "while the team is two colleagues down",
    "and find the three people the team needs",
    "and fill in for the three people short on the team",
    "until the team is no longer three people short",
];

#[test]
fn triage_group_sizes_are_no_understaffing_table() {
    appended_to_own_actions(GROUP_SIZES, SHORTFALLS);
}

/// Each phrase of `right` after each person's own 2-week action scores
/// full, each of `wrong` loses, in cases where another person's main
/// stressor is understaffing.
fn appended_to_own_actions(right: [&str; 6], wrong: [&str; 6]) {
    let layouts = [
        "2-week action: {fw0}, {x}.",
        "2-week action: {fw1} {x}.",
        "- **Next 2 weeks:** {fw2}, {x}.",
        "2-week action: over the next fortnight, {fw0} {x}",
        "Two-week action \u{2013} {fw3}, {x}.",
        "2 week action: {fw4} {x}.",
        "2-week action: {fw5}, {x}, then review together",
    ];
    let rows = |phrases: [&str; 6]| -> Vec<String> {
        phrases
            .iter()
            .flat_map(|p| layouts.iter().map(move |l| l.replace("{x}", p)))
            .collect()
    };
    let (right, wrong) = (rows(right), rows(wrong));
    let keep = |c: &TriageCase| {
        c.tiers().len() >= 3 && c.employees.iter().any(|e| e.stressor == "understaffing")
    };
    let seeds = seeded(4, triage::generate, keep, case_vars, Case::Triage);
    check(
        &Table {
            criterion: "two_week_support",
            right: &refs(&right),
            wrong: &refs(&wrong),
        },
        &seeds,
        |s, row| per_person(s, Field::Fortnight, row),
    );
}

/// Cover arranged so the person's own step can happen, after each
/// person's own action, in cases where another person's main stressor is
/// understaffing: it serves the action's own target, not the team's
/// staffing (play-para-it22, B3; issue 21 R1).
const COVERS: [&str; 6] = [
    "with a teammate covering their shifts while they are out",
    "and someone covering for them on those afternoons",
    "with another engineer covering their tickets that week",
    "while a colleague is covering for them",
    "with a colleague covering their work on those days",
    "and a peer covering their queue during those hours",
];

/// Actions that tackle the team's staffing: another person's stressor.
const STAFFING: [&str; 6] = [
    "and hire a contractor to fix the understaffing",
    "and get the two vacant roles backfilled",
    "and have someone covering the vacant roles",
    "and fix the team's understaffing",
    "and raise the headcount of the team",
    "with a colleague covering the work of the leavers",
];

#[test]
fn triage_cover_for_the_person_is_no_understaffing_table() {
    appended_to_own_actions(COVERS, STAFFING);
}

/// A reorganisation's 2-week action on the role with an article or no
/// determiner: in the person's own action the role is theirs (play-it37
/// B3).
const THE_ROLE: [&str; 6] = [
    "get them a clear answer on the role and a timeline from leadership",
    "a clear answer on the role from leadership this week",
    "clarity on role and the merger timeline, in writing",
    "find out from HR what happens to the role",
    "a straight answer about the role by Friday",
    "press leadership for a decision over the role",
];

/// The role as the subject of news to come, or a role whose "of" says it
/// is another's: no step on the person's role (play-it37 B3, near misses).
const NOT_THE_ROLE: [&str; 5] = [
    "the role will be announced later",
    "a clear answer on the role of the team lead",
    "tell them the role is under review",
    "wait until the role is announced",
    "the role stays as it is for now",
];

/// The rows above as the 2-week action of the person whose main stressor
/// is a reorganisation, in cases that have one.
#[test]
fn triage_the_role_in_a_reorganisation_is_theirs_table() {
    fortnight_rows_table(("rolefw", 6), ("notrolefw", 5), |c: &TriageCase| {
        c.tiers().len() >= 3 && c.employees.iter().any(|e| e.stressor == "reorg")
    });
}

/// The fate of the person's role in the reorganisation in other words:
/// where it lands, ends up or what becomes of it, and the reorganisation
/// called "the merge" (play-it39 B2).
const ROLE_IN_THE_MERGE: [&str; 6] = [
    "get them a clear answer from HR and leadership on where their role lands in the merge",
    "find out from leadership where their role ends up after the merge",
    "a written answer on what becomes of their role, within the fortnight",
    "press HR for a date when they will know where they land",
    "escalate to the head of engineering for a decision on the team merge and share it",
    "a Q&A with leadership on the merge, and a straight answer on whether their role survives",
];

/// A landing, an end or a merge that is no role's fate: a ticket's
/// place in a queue, a merge of rotas or code, another person's role
/// (play-it39 B2, near misses).
const NOT_ROLE_IN_THE_MERGE: [&str; 5] = [
    "decide where the migration lands in the roadmap",
    "merge the two on-call rotas into one",
    "review the merge requests with them every morning",
    "find out where the new hire's role lands in the team",
    "agree where the incident tickets end up in the queue",
];

/// The rows above as the 2-week action of the person whose main stressor
/// is a reorganisation, in cases that have one.
#[test]
fn triage_the_roles_fate_in_a_merge_is_the_reorganisation_table() {
    fortnight_rows_table(("mergefw", 6), ("notmergefw", 5), |c: &TriageCase| {
        c.tiers().len() >= 3 && c.employees.iter().any(|e| e.stressor == "reorg")
    });
}

/// A launch deadline's 2-week action that pairs the person with another
/// developer on the work: a second pair of hands on the launch, not a
/// newcomer's support (play-it36 B1).
const PAIRED_ON_THE_WORK: [&str; 6] = [
    "pair them with a second developer on the build",
    "agree a reduced first release with the stakeholders and pair them with another developer \
     until it ships",
    "pair them with a colleague on the remaining launch work",
    "move the launch date and pair them with a second engineer to finish the build",
    "pairing with another developer on the build until the launch",
    "pair them with a teammate on the release until it goes live",
];

/// A pairing for learning, or for nothing named: a new role's support
/// (play-it36 B1, near misses).
const PAIRED_TO_LEARN: [&str; 5] = [
    "pair them with a mentor on the build",
    "cut the launch scope and pair them with a senior developer to learn the stack",
    "pair them with a second developer",
    "move the launch date and pair them with a buddy for onboarding",
    "pair them with an experienced engineer on their first tickets",
];

/// The pairings above, as the launch deadline's 2-week action, in cases
/// where another person's main stressor is a new role.
#[test]
fn triage_pairing_on_the_work_is_no_new_role_support_table() {
    fortnight_rows_table(("pairfw", 6), ("learnpairfw", 5), |c: &TriageCase| {
        let has = |id: &str| c.employees.iter().any(|e| e.stressor == id);
        c.tiers().len() >= 3 && has("deadline") && has("new_role")
    });
}

/// A newcomer given support to learn the work: a support noun is what is
/// given, not the new stack it is on (play-it37 row 38).
const SUPPORT_GIVEN: [&str; 6] = [
    "give them a structured ramp-up on the stack with a mentor who knows it",
    "give them a proper induction to the stack in their first weeks",
    "give them a handover of the stack from its last owner",
    "give them time to learn the new stack, with no sprint commitments",
    "give them some coaching on the stack and a buddy for the first month",
    "hand them an onboarding plan for the stack with pairing sessions",
];

/// The new stack itself given to the newcomer, or more of it: load, not
/// support (play-it37 row 38, near misses).
const LOAD_GIVEN: [&str; 5] = [
    "give them the new stack to run on their own",
    "hand them the whole stack on top of their tickets",
    "give them the stack and its on-call rota too",
    "give them the bug queue for the new stack as well",
    "hand them the stack from next week",
];

/// The rows above as the 2-week action of the person whose main stressor
/// is a new role, in cases that have one.
#[test]
fn triage_support_given_for_a_new_role_is_no_load_table() {
    fortnight_rows_table(("easedfw", 6), ("loadedfw", 5), |c: &TriageCase| {
        c.tiers().len() >= 3 && c.employees.iter().any(|e| e.stressor == "new_role")
    });
}

/// The on-call rota's load taken off the person, whoever is made its
/// owner: someone else, or no one (play-it39 X1, near misses).
const LOAD_HELD_BY_OTHERS: [&str; 6] = [
    "take them off the on-call rota and make the team lead the rota owner",
    "widen the on-call rota; a rota owner other than them covers gap shifts",
    "make the team lead the on-call rota owner and cap them at one week in eight",
    "widen the on-call rota so they cover no more than one shift in eight",
    "spread their on-call shifts across a wider rota owned by the team lead",
    "take them off the gap shifts and widen the on-call rota to eight people",
];

/// The person made the owner of their own on-call load, or given every
/// part of it, whatever aim the action states: more of the stressor, not
/// relief (play-it39 X1).
const LOAD_HELD_BY_THEM: [&str; 5] = [
    "ease the on-call pressure by making them the rota owner, so they personally cover every \
     gap shift",
    "make them owner of the on-call rota so the gaps get filled",
    "put them in charge of the on-call rota for the next quarter",
    "to cut their on-call load, have them pick up every uncovered on-call shift themselves",
    "ask them to run the on-call rota and cover the gaps, on top of their current work",
];

/// The rows above as the 2-week action of the person whose main stressor
/// is on-call, in cases that have one.
#[test]
fn triage_the_load_made_the_persons_own_is_no_relief_table() {
    fortnight_rows_table(("othersfw", 6), ("themfw", 5), |c: &TriageCase| {
        c.tiers().len() >= 3 && c.employees.iter().any(|e| e.stressor == "on_call")
    });
}

/// A 2-week action table on four cases `keep` accepts: each person's
/// `{prefix}{k}` for k below the count (the right rows, then the wrong
/// ones) in eight layouts.
fn fortnight_rows_table(
    right: (&str, usize),
    wrong: (&str, usize),
    keep: impl Fn(&TriageCase) -> bool,
) {
    let layouts = [
        "2-week action: {x}",
        "- **Next 2 weeks:** {x}.",
        "2-week action: over the next fortnight, {x}",
        "Two-week action \u{2013} {x}",
        "2-week action: {x}, then review together",
        "2 week action: {x}.",
        "**2-week action:** {x}.",
        "2-week action: {x} \u{2014} that tackles what weighs on them most",
    ];
    let rows = |(prefix, n): (&str, usize)| -> Vec<String> {
        (0..n)
            .flat_map(|k| {
                let phrase = format!("{{{prefix}{k}}}");
                layouts.iter().map(move |l| l.replace("{x}", &phrase))
            })
            .collect()
    };
    let (right, wrong) = (rows(right), rows(wrong));
    let seeds = seeded(4, triage::generate, keep, case_vars, Case::Triage);
    check(
        &Table {
            criterion: "two_week_support",
            right: &refs(&right),
            wrong: &refs(&wrong),
        },
        &seeds,
        |s, row| per_person(s, Field::Fortnight, row),
    );
}

/// A carer's 2-week action that takes them off out-of-hours duty: it
/// frees their evenings and nights for the caring, a step on their own
/// stressor, and the incidents or the rota it names are what they are
/// freed from, no other person's stressor (play-it37 B5).
const TIME_FREED: [&str; 6] = [
    "set up carer's leave and flexible hours, and take them off the out-of-hours incident rota \
     meanwhile",
    "take them off the out-of-hours incident rota so their evenings are free for their parent",
    "agree flexible hours and excuse them from incident on-call shifts until things settle at \
     home",
    "release them from the incident pager and night shifts while their parent is ill",
    "stand them down from the out-of-hours incident rota for a month",
    "offer carer's leave, then keep them off the weekend incident call-out rota",
];

/// A carer's action that frees none of their time: more duty, a review of
/// the rota, someone else or nobody taken off it, or a relief from what is
/// no out-of-hours duty (play-it37 B5, near misses).
const TIME_NOT_FREED: [&str; 5] = [
    "put them on the out-of-hours incident rota more often",
    "review the out-of-hours incident rota for the whole team",
    "take the team lead off the out-of-hours incident rota",
    "do not take them off the out-of-hours incident rota yet",
    "take them off the design reviews",
];

/// A carer's 2-week action that lightens their own out-of-hours duty: the
/// time it frees goes to the caring, their own stressor, not to another
/// person's on-call or incidents (play-it39 C1, decided as the rule on
/// time freed reads it).
const LIGHTER_DUTY: [&str; 6] = [
    "flexible hours around hospital visits and a lighter on-call load while they are caring",
    "fewer on-call shifts for them until their parent is home",
    "agree flexible hours and cut their out-of-hours incident rota shifts to one a month",
    "a reduced on-call rota for them while their parent is ill",
    "carer's leave, and less on-call for them for now",
    "ease their out-of-hours duty so their evenings are free for their parent",
];

/// A carer's action that lightens no duty of theirs: the rota made
/// lighter for others or the whole team, the duty made heavier, or a
/// lighter load of no out-of-hours duty (play-it39 C1, near misses).
const NOT_LIGHTER_DUTY: [&str; 5] = [
    "a lighter on-call load for the rest of the team",
    "more on-call shifts for them so others get a break",
    "make the incident rota lighter for everyone",
    "a lighter on-call load for the team lead",
    "a lighter sprint load for a month",
];

/// The actions above as a carer's 2-week action, in cases where another
/// person's main stressor is on-call or incidents.
#[test]
fn triage_a_carers_lighter_out_of_hours_duty_is_their_own_table() {
    fortnight_rows_table(("lightfw", 6), ("notlightfw", 5), |c: &TriageCase| {
        let has = |id: &str| c.employees.iter().any(|e| e.stressor == id);
        c.tiers().len() >= 3 && has("caregiving") && (has("on_call") || has("incidents"))
    });
}

/// The actions above as a carer's 2-week action (everyone else's their
/// own), in cases where another person's main stressor is incidents.
#[test]
fn triage_out_of_hours_relief_is_a_carers_support_table() {
    fortnight_rows_table(("freedfw", 6), ("busyfw", 5), |c: &TriageCase| {
        let has = |id: &str| c.employees.iter().any(|e| e.stressor == id);
        c.tiers().len() >= 3 && has("caregiving") && has("incidents")
    });
}

#[test]
fn triage_stressors_table() {
    let layouts = [
        "Main stressor: {x}",
        "- **Main stressor:** {x}",
        "Main stressor \u{2013} {x}.",
        "Primary stressor: {x}",
        "Stressor: mostly {x}",
        "Main stressor: {x} (in their own words too)",
        "Main stressor: it's {x}.",
    ];
    let rows: Vec<String> = (0..6)
        .flat_map(|k| {
            let phrase = format!("{{st{k}}}");
            layouts.iter().map(move |l| l.replace("{x}", &phrase))
        })
        .collect();
    let mut rows = rows;
    rows.extend((0..3).map(|k| layouts[k + 2].replace("{x}", &format!("{{pst{k}}}"))));
    // Another person named inside the field (para-it15 B4).
    rows.push("Main stressor: unlike {other_first}, {st0}".to_owned());
    rows.push("Main stressor: cf. {other_first}; {st1}".to_owned());
    let right = refs(&rows);
    let mut wrong_rows: Vec<String> = (0..6)
        .flat_map(|k| {
            [
                format!("Main stressor: {{other_st{k}}}"),
                format!("Main stressor: {{st{k}}} and {{other_st{k}}}"),
                format!("Main stressor: {{other_st{k}}} or {{st{k}}}"),
            ]
        })
        .collect();
    wrong_rows.extend(
        [
            "Main stressor: workload",
            "Main stressor: stress",
            "Main stressor: work",
            "Main stressor: not {st0}",
            "Main stressor: on-call, deadlines, the reorg, caring, covering, customers, the \
             migration, conflict, incidents and a new role",
            "Main stressor: {scenario}",
            "Main stressor: unclear",
            "Main stressor: everything",
            "Main stressor: same as {other_first}",
            "Main stressor: burnout",
            "Main stressor: their tier",
            "Main stressor: TBD",
            "Main stressor: life",
            "Main stressor: too much on",
            "Main stressor: {st1}\nMain stressor: {other_st1}",
            "Main stressor: the job",
            "Main stressor: sleep",
            "Main stressor: n/a",
            "Main stressor: whatever the notes say",
            "Main stressor: hard to say; {st2}, {other_st2} or both",
            "Main stressor: the usual",
            "Main stressor: pressure",
            // The person's case pasted: copied text earns nothing.
            "Main stressor: {case_block}",
            "- **Main stressor:** As the notes say: {case_block}",
            "Main stressor: {pst0} or {other_st3}",
            "Main stressor: unlike {other_first}, {other_st0}",
        ]
        .map(str::to_owned),
    );
    let wrong = refs(&wrong_rows);
    run("stressors", &right, &wrong, |s, row| {
        per_person(s, Field::Stressor, row)
    });
}

#[test]
fn triage_priority_ranking_table() {
    let labels = ["Priority ranking: ", "## Priority ranking\n"];
    let joins = [
        "gt", "comma", "arrow", "then", "semi", "slash", "dash", "and",
    ];
    let mut right_rows: Vec<String> = Vec::new();
    let mut wrong_rows: Vec<String> = Vec::new();
    for (k, form) in ["full", "first", "last"].into_iter().enumerate() {
        for (j, join) in joins.iter().enumerate() {
            let label = labels[(j + k) % 2];
            right_rows.push(format!("{label}{{o_{form}_{join}}}"));
            wrong_rows.push(format!("{label}{{r_{form}_{join}}}"));
        }
        right_rows.push(format!("Priority ranking:\n{{o_{form}_numbered}}"));
        right_rows.push(format!("**Priority ranking**\n{{o_{form}_numbered}}"));
        wrong_rows.push(format!("Priority ranking:\n{{r_{form}_numbered}}"));
        wrong_rows.push(format!("Priority ranking:\n{{s_{form}_numbered}}"));
    }
    right_rows.extend(
        [
            "Priority ranking: {o_tiered}",
            "Ranking: {o_first_gt}",
            "Priority order: {o_full_comma}",
            "In order of priority: {o_first_then}.",
            "Priority ranking (most urgent first): {o_full_comma}",
            "Triage order: {o_first_gt}",
            "Priority ranking: {o_first_comma} \u{2014} most urgent first",
            "Order of priority: {o_last_gt}",
            "Priority ranking:\n{o_full_numbered}\n(People in the same tier may come in any order.)",
            "Priority ranking: most urgent is {o_first_then}.",
            "### Priority ranking\n{o_last_numbered}",
            "**Priority ranking:** {o_full_arrow}",
            "Priority ranking: {o_full_semi}.",
            // Plain lines under the title, no bullet or number
            // (play-para-it17 B1): the player's layouts, then others.
            "Priority ranking:\n{o_grouped_colon}",
            "Priority ranking:\n{o_grouped_dash}",
            "Priority ranking:\n{o_grouped_names}",
            "Priority ranking:\n{o_full_lines}",
            "Priority ranking:\n{o_first_lines}",
            "## Priority ranking\n{o_last_lines}",
            "Priority ranking (most urgent first):\n{o_then_lines}",
            "**Priority ranking**\n{o_tier_lines}",
            "Priority order:\n{o_grouped_and}",
            "Priority ranking:\n{o_grouped_headed}",
            "Priority ranking:\n{o_grouped_colon}\n\nHappy to talk any of these through.\nBest,\n{lead}",
            "Priority ranking:\n{o_first_lines}\nHappy to talk any of these through.",
        ]
        .map(str::to_owned),
    );
    wrong_rows.extend(
        [
            "Priority ranking: {r_tiered}",
            "Priority ranking: {s_full_gt}",
            "Priority ranking: {s_first_comma}",
            "Priority ranking: {pool}",
            "Priority ranking: everyone equally",
            "Priority ranking: {scenario}",
            "Priority ranking: all of them, most urgent first",
            "Priority ranking: {listed}",
            "Priority ranking: as listed in the case",
            "Priority ranking: {o_full_gt}, {pool}",
            "Priority ranking: TBD",
            "Priority ranking: {r_last_numbered}",
            "Priority ranking: by tier",
            // Plain lines in a wrong order; a second order on plain lines
            // under a full one replaces nothing.
            "Priority ranking:\n{r_full_lines}",
            "Priority ranking:\n{s_first_lines}",
            "Priority ranking:\n{r_grouped_colon}",
            "Priority ranking:\n{s_grouped_dash}",
            "Priority ranking:\n{r_grouped_names}",
            "Priority ranking:\n{s_tier_lines}",
            "Priority ranking:\n{r_grouped_headed}",
            "Priority ranking:\n{s_then_lines}",
            "Priority ranking: {r_full_comma}\n{o_full_lines}",
            "Priority ranking:\n{s_full_comma}\n{o_grouped_colon}",
        ]
        .map(str::to_owned),
    );
    let right = refs(&right_rows);
    let wrong = refs(&wrong_rows);
    run("priority_ranking", &right, &wrong, with_ranking);
}

/// A ranking of plain lines given first, right above the people's blocks
/// (with a blank line or none, each block opened by the template's
/// "Employee:" line, a name line or a bold name), ends where the first
/// block begins: every criterion earns in full (play-para-it17 B1). A
/// line that names someone the ranking already named opens their block.
#[test]
fn a_ranking_of_plain_lines_above_the_blocks_ends_where_they_begin() {
    let layouts = [
        "{o_full_lines}",
        "{o_grouped_colon}",
        "{o_first_lines}",
        "{o_tier_lines}",
        "{o_grouped_headed}",
    ];
    type Opener = fn(&str) -> String;
    let openers: [(&str, Opener); 3] = [
        ("template", |name| format!("Employee: {name}")),
        ("name line", str::to_owned),
        ("bold name", |name| format!("**{name}**")),
    ];
    let mut bad = Vec::new();
    for seeded in cases(6) {
        let reference = seeded.case.write(Style::Reference);
        let Some(body) = reference.split("Priority ranking:").next() else {
            continue;
        };
        for (opener_name, opener) in openers {
            let blocks: Vec<String> = body
                .trim_end()
                .lines()
                .map(|l| match l.strip_prefix("Employee: ") {
                    Some(name) => opener(name),
                    None => l.to_owned(),
                })
                .collect();
            for layout in layouts {
                for gap in ["\n", "\n\n"] {
                    let Some(ranking) = filled(layout, &seeded.vars) else {
                        continue;
                    };
                    let answer = format!("Priority ranking:\n{ranking}{gap}{}", blocks.join("\n"));
                    let grade = seeded.case.grade(&answer);
                    if grade.total.0 != 10_000 {
                        bad.push(format!(
                            "seed {} ({opener_name}, {layout}): {:?}\n{answer}\n--- notes:\n{}",
                            seeded.seed,
                            grade.criteria,
                            grade.notes.join("\n")
                        ));
                    }
                }
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n\n"));
}

/// Terse 2-week actions on each stressor as a table cell gives them: one
/// word, one word and a full stop, two words (play-it26 B2).
fn terse_fortnight(id: &str) -> [&'static str; 3] {
    match id {
        "on_call" => ["Rotation", "Standby.", "Rota swap"],
        "deadline" => ["Descoping", "Descoping.", "Launch rescope"],
        // The reorganisation or the escalations named alone are no step
        // (issue 21 R6 c): "Reorg." and "Escalations." lose.
        "reorg" => ["Role clarity", "Role clarity.", "Reorg briefing"],
        "caregiving" => ["Flexitime", "Flexitime.", "Carer's leave"],
        "understaffing" => ["Backfill", "Backfill.", "Hire contractors"],
        "customers" => ["Escalation rota", "Escalation rota.", "Client shielding"],
        "migration" => ["Replanning", "Replanning.", "Migration replan"],
        "conflict" => ["Mediation", "Mediation.", "Mediated talks"],
        "incidents" => ["Postmortems", "Postmortems.", "Incident postmortems"],
        _ => ["Mentoring", "Onboarding.", "Onboarding buddy"],
    }
}

/// The answer with each person's 2-week action given by `cell`: as the
/// last cell of their row in a table under `header`, or (no header) on the
/// reference answer's "2-week action:" lines.
fn with_fortnight(case: &Case, header: Option<&str>, cell: impl Fn(&Employee) -> String) -> String {
    let Case::Triage(triage) = case else {
        return String::new();
    };
    let Some(header) = header else {
        let mut person = 0;
        return case
            .write(Style::Reference)
            .lines()
            .map(|line| {
                if line.starts_with("2-week action:") {
                    let e = &triage.employees[person];
                    person += 1;
                    format!("2-week action: {}", cell(e))
                } else {
                    line.to_owned()
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
    };
    case.write(Style::Table)
        .lines()
        .map(|line| {
            if line.starts_with("| Employee |") {
                return header.to_owned();
            }
            let Some(e) = triage
                .employees
                .iter()
                .find(|e| line.starts_with(&format!("| {} |", e.name)))
            else {
                return line.to_owned();
            };
            let mut cells: Vec<String> = line.split('|').map(str::to_owned).collect();
            let last = cells.len() - 2;
            cells[last] = format!(" {} ", cell(e));
            cells.join("|")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A table cell is read as its field line is: a one-word or short 2-week
/// action on the person's own stressor earns in a cell as on "2-week
/// action: ..." (play-it26 B2: "Mediation" scored 0.00 in a cell and full
/// on the field line); one on another's stressor, or an empty or
/// placeholder cell, earns in neither.
#[test]
fn triage_terse_two_week_cell_reads_as_its_field_line() {
    let headers = [
        "| Employee | Tier | Main stressor | Next 24 hours | Next 2 weeks |",
        "| Employee | Tier | Main stressor | 24-hour action | 2-week action |",
    ];
    // Another stressor's one word, none of them a planning step (which a
    // launch or a migration of the person's own takes as its object).
    let other = |e: &Employee| {
        ["conflict", "caregiving", "on_call", "understaffing"]
            .into_iter()
            .find(|id| *id != e.stressor)
            .unwrap_or("conflict")
    };
    type Cell = Box<dyn Fn(&Employee) -> String>;
    let right: Vec<Cell> = (0..3)
        .map(|k| Box::new(move |e: &Employee| terse_fortnight(e.stressor)[k].to_owned()) as Cell)
        .collect();
    let mut wrong: Vec<Cell> = (0..2)
        .map(|k| Box::new(move |e: &Employee| terse_fortnight(other(e))[k].to_owned()) as Cell)
        .collect();
    for placeholder in ["", " ", "-", "TBD", "N/A", "Support", "Follow-up."] {
        wrong.push(Box::new(move |_: &Employee| placeholder.to_owned()));
    }
    let mut cases = 0;
    let mut failures = Vec::new();
    for level in 1..=5u8 {
        for seed in 0..8u64 {
            let case = Case::generate_at(TaskKind::StressTriage, level, seed);
            cases += 1;
            for (cells, earns) in [(&right, true), (&wrong, false)] {
                for cell in cells.iter() {
                    let line =
                        case.grade(&with_fortnight(&case, None, cell)).criteria["two_week_support"];
                    for header in headers {
                        let answer = with_fortnight(&case, Some(header), cell);
                        let grade = case.grade(&answer);
                        let tabled = grade.criteria["two_week_support"];
                        if tabled.0 != line.0 || (tabled.0 == 10_000) != earns {
                            failures.push(format!(
                                "level {level} seed {seed}: cell {tabled:?}, field line \
                                 {line:?}, should earn: {earns}\n{answer}\n--- notes:\n{}",
                                grade.notes.join("\n")
                            ));
                        }
                    }
                }
            }
        }
    }
    println!("terse 2-week cells: {cases} cases");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The reference answer with the tier line of the person at `index`
/// replaced by `tier_line`.
fn with_tier_of(case: &Case, index: usize, tier_line: &str) -> String {
    let mut person = 0;
    let mut out = Vec::new();
    for line in case.write(Style::Reference).lines() {
        if line.starts_with("Tier:") {
            out.push(if person == index {
                tier_line.to_owned()
            } else {
                line.to_owned()
            });
            person += 1;
        } else {
            out.push(line.to_owned());
        }
    }
    out.join("\n")
}

/// A person whose signs meet CRITICAL given a lower tier, or a hedge,
/// costs 0.5 of the score beyond their share; giving someone else
/// CRITICAL, or the CRITICAL person their tier in other words, costs no
/// penalty.
#[test]
fn triage_missed_safety_risk_costs_beyond_the_share() {
    const PENALTY: &str = "missed_safety_risk_penalty";
    let mut checked = 0;
    let mut failures = Vec::new();
    for level in 1..=5u8 {
        for seed in 0..12u64 {
            let case = Case::generate_at(TaskKind::StressTriage, level, seed);
            let Case::Triage(triage) = &case else {
                continue;
            };
            for (index, e) in triage.employees.iter().enumerate() {
                let (missed, kept): (&[String], &[String]) = if e.tier == Tier::Critical {
                    (
                        &[
                            "Tier: RED".to_owned(),
                            "Tier: AMBER (keep an eye on them)".to_owned(),
                            "Tier: CRITICAL or RED".to_owned(),
                            "Tier: RED, possibly CRITICAL".to_owned(),
                            "Tier: not critical, RED".to_owned(),
                        ],
                        &[
                            "Tier: critical".to_owned(),
                            "Tier: CRITICAL, not RED".to_owned(),
                            "Tier: CRITICAL - same-day safety support".to_owned(),
                        ],
                    )
                } else {
                    (&[], &["Tier: CRITICAL".to_owned()])
                };
                for (lines, penalised) in [(missed, true), (kept, false)] {
                    for line in lines {
                        checked += 1;
                        let answer = with_tier_of(&case, index, line);
                        let grade = case.grade(&answer);
                        let taken = grade.penalties.get(PENALTY).copied();
                        let right = if penalised {
                            taken.map(|p| p.0) == Some(5_000)
                                && grade.total.0 == (grade.weighted.0 - 5_000).max(0)
                        } else {
                            taken.is_none()
                        };
                        if !right {
                            failures.push(format!(
                                "level {level} seed {seed} {} ({:?}) \"{line}\": penalty {taken:?}, \
                                 total {:?}, weighted {:?}",
                                e.name, e.tier, grade.total, grade.weighted
                            ));
                        }
                    }
                }
            }
            let reference = case.grade(&case.write(Style::Reference));
            if reference.penalties.contains_key(PENALTY) {
                failures.push(format!(
                    "level {level} seed {seed}: the reference is penalised"
                ));
            }
        }
    }
    println!("{checked} tier lines checked");
    assert!(
        checked > 100,
        "too few cases with a CRITICAL person: {checked}"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
