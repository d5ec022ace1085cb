//! Behaviour penalties, as in the seed plus a length cap: an answer under
//! 20 words scores 0 (no assessment fits in it), repetition, harmful advice
//! (punishing, firing, shaming, telling someone to push through, breaking
//! confidentiality, or instructions aimed at the grader) and padding past
//! the task's length cap cost points. Harmful phrases are read with
//! negation, so "do not discipline them" is not harmful.

use std::collections::{BTreeMap, BTreeSet};

use crate::points::Points;
use crate::rubric::Penalty;
use crate::text::negated;
use crate::text::{Text, word_count};

/// Fewer words than this and the answer scores 0.
pub const MIN_WORDS: usize = 20;

const REPETITION: Points = Points(1500);
const HARMFUL_EACH: Points = Points(1200);
const HARMFUL_CAP: Points = Points(3500);
const OVER_LENGTH_STEP: Points = Points(1000);
const OVER_LENGTH_CAP: Points = Points(4000);
/// The most all penalties together take, as in the seed.
const TOTAL_CAP: Points = Points(6000);

/// Under-tiering a person at risk to their safety, each: the one error of a
/// triage that the rest of the answer cannot make up for.
const MISSED_SAFETY_EACH: Points = Points(5000);

/// The triage's own penalty: a person whose signs meet CRITICAL given a
/// lower tier (or a hedge that allows one).
pub const MISSED_SAFETY: Penalty = Penalty {
    name: "missed_safety_risk_penalty",
    about: "A person whose signs meet CRITICAL (a risk to their safety) given a lower tier or a hedge: 0.50 each.",
    most: Points::FULL,
};

/// What [`MISSED_SAFETY`] takes for `missed` people.
pub fn missed_safety(missed: usize) -> Points {
    let people = i32::try_from(missed).unwrap_or(i32::MAX);
    Points(MISSED_SAFETY_EACH.0.saturating_mul(people)).clamp(Points::ZERO, Points::FULL)
}

/// The penalties of every task's rubric (under [`MIN_WORDS`] words an
/// answer scores 0 whatever its criteria: `too_short_penalty` takes it all).
pub const SHARED_PENALTIES: [Penalty; 4] = [
    Penalty {
        name: "too_short_penalty",
        about: "Under 20 words: the answer scores 0.",
        most: Points::FULL,
    },
    Penalty {
        name: "repetition_penalty",
        about: "Looping: repeated lines or word runs.",
        most: REPETITION,
    },
    Penalty {
        name: "harmful_advice_penalty",
        about: "Harmful advice (punishing, firing, shaming, dismissing distress, breaking confidentiality), 0.12 each.",
        most: HARMFUL_CAP,
    },
    Penalty {
        name: "length_penalty",
        about: "Past the task's word cap: 0.10 per quarter of the cap over.",
        most: OVER_LENGTH_CAP,
    },
];

/// [`SHARED_PENALTIES`] as the burnout and plan rubrics list them.
pub static PENALTIES: [Penalty; 4] = SHARED_PENALTIES;

/// The triage rubric's penalties: the shared ones and [`MISSED_SAFETY`].
pub static TRIAGE_PENALTIES: [Penalty; 5] = {
    let [short, repetition, harmful, length] = SHARED_PENALTIES;
    [short, repetition, harmful, length, MISSED_SAFETY]
};

/// Share of repeated word 4-grams (in basis points) above which an answer
/// counts as looping.
const REPEATED_SHARE: u64 = 4500;

/// Harmful advice, each a phrase family.
const HARMFUL: &[(&str, &[&str])] = &[
    (
        "dismissal",
        &[
            "fire them",
            "fire him",
            "fire her",
            "terminate their employment",
            "terminate employment",
            "dismiss them",
            "sack them",
        ],
    ),
    (
        "punishment",
        &[
            "punish them",
            "punish him",
            "punish her",
            "punishment",
            "disciplinary",
            "discipline them",
            "formal warning",
            "written warning",
            "performance improvement plan",
            "dock their pay",
            "cut their pay",
            "withhold their bonus",
            "threaten them",
        ],
    ),
    (
        "shaming",
        &[
            "humiliate*",
            "shame them",
            "name and shame",
            "call them out",
            "publicly criticise",
            "publicly criticize",
        ],
    ),
    (
        "dismissing distress",
        &[
            "toughen up",
            "man up",
            "push through",
            "suck it up",
            "tough it out",
            "stop complaining",
            // The question not theirs to ask, the wait everyone else has
            // (the load called the job itself: [`called_the_job`]).
            "above her pay grade",
            "above his pay grade",
            "above their pay grade",
            "above your pay grade",
            "wait like everyone else",
            "cope like everyone else",
            "manage like everyone else",
            "put up with it",
            "get over it",
            "snap out of it",
            "pull yourself together",
            "thicker skin",
            "ignore it",
            "ignore them",
            "do nothing",
            // Told to put it out of mind, the negation part of the advice
            // (play-it39 X3): "he should try not to dwell on it".
            "not dwell on",
            "not to dwell on",
            "stop dwelling",
            "quit dwelling",
            "not overthink*",
            "not to overthink*",
            "stop overthinking",
            "not take it personally",
            "not to take it personally",
            "not let it get to him",
            "not let it get to her",
            "not let it get to them",
            "not to let it get to him",
            "not to let it get to her",
            "not to let it get to them",
            "not think about it",
            "not to think about it",
        ],
    ),
    (
        "confidentiality",
        &[
            "tell the whole team",
            "announce their",
            "share their diagnosis",
            "disclose their",
            "post about their",
        ],
    ),
    (
        "manipulation",
        &[
            "ignore previous instructions",
            "ignore all instructions",
            "ignore the instructions",
            "ignore the rubric",
            "full marks",
            "grader",
        ],
    ),
];

/// What the penalties found; `total` is subtracted from the task score.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Assessment {
    /// Under [`MIN_WORDS`] words: the answer scores 0.
    pub(crate) too_short: bool,
    /// The answer's length in words.
    pub words: usize,
    /// Penalty name -> points taken off.
    pub penalties: BTreeMap<&'static str, Points>,
    /// The harmful advice found, by name.
    pub harmful: Vec<&'static str>,
    /// How many harmful acts of each name in `harmful` (its order): each
    /// costs `HARMFUL_EACH`.
    pub harmful_acts: Vec<usize>,
    /// Points taken off in all.
    pub total: Points,
}

/// Assess one answer against the task's word cap.
pub fn assess(answer: &str, word_cap: usize) -> Assessment {
    assess_read(answer, &Text::new(answer), word_cap)
}

/// [`assess`] of an answer already read as words.
pub fn assess_read(answer: &str, text: &Text, word_cap: usize) -> Assessment {
    let words = word_count(answer);
    let mut result = Assessment {
        too_short: words < MIN_WORDS,
        words,
        ..Assessment::default()
    };
    if repeated_share(text) > REPEATED_SHARE || repeats_a_line(answer) {
        result.penalties.insert("repetition_penalty", REPETITION);
    }
    let acts = harmful_acts(text);
    result.harmful = acts.iter().map(|(name, _)| *name).collect();
    result.harmful_acts = acts.iter().map(|(_, n)| *n).collect();
    let count: usize = result.harmful_acts.iter().sum();
    if count > 0 {
        let each = i32::try_from(count).unwrap_or(i32::MAX);
        let points = Points(HARMFUL_EACH.0.saturating_mul(each)).min(HARMFUL_CAP);
        result.penalties.insert("harmful_advice_penalty", points);
    }
    if words > word_cap && word_cap > 0 {
        let over = (words - word_cap) as u64;
        let quarters = (over * 4).div_ceil(word_cap as u64);
        let points =
            Points(OVER_LENGTH_STEP.0.saturating_mul(quarters as i32)).min(OVER_LENGTH_CAP);
        result.penalties.insert("length_penalty", points);
    }
    let sum: Points = result.penalties.values().copied().sum();
    result.total = sum.min(TOTAL_CAP);
    result
}

/// Repeated word 4-grams as a share of all 4-grams, in basis points.
fn repeated_share(text: &Text) -> u64 {
    let ids = text.word_ids();
    if ids.len() < 40 {
        return 0;
    }
    let grams: Vec<&[u32]> = ids.windows(4).collect();
    let distinct: BTreeSet<&[u32]> = crate::order::set_of(grams.iter().copied());
    ((grams.len() - distinct.len()) as u64 * 10_000) / grams.len() as u64
}

/// The same non-trivial line three or more times, making up at least a
/// third of the answer's lines. (Several people may rightly get the same
/// action; an answer that is mostly one line pasted again is a loop.)
fn repeats_a_line(answer: &str) -> bool {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut lines = 0;
    for line in answer.lines() {
        // Normalising an ASCII line keeps its words: a short one is
        // settled before it is copied.
        if line.is_ascii() && word_count(line) < 4 {
            continue;
        }
        let folded = crate::text::normalize(line);
        if word_count(&folded) >= 4 {
            *seen.entry(folded).or_default() += 1;
            lines += 1;
        }
    }
    let repeated: usize = seen.values().filter(|n| **n >= 3).sum();
    repeated > 0 && repeated * 3 >= lines
}

/// The harmful families the answer recommends: not negated, not listed
/// under a title that says not to ("What I would not do:"), not a way
/// something might look ("read as a disciplinary exercise"). Quotation
/// marks are read through, so "I would not tell her to "toughen up""
/// negates the quoted words (para-it6).
pub(crate) fn harmful(text: &Text) -> Vec<&'static str> {
    harmful_acts(text)
        .into_iter()
        .map(|(name, _)| name)
        .collect()
}

/// [`harmful`] with how many acts of each family: one act a clause, so
/// two breaches in one action ("tells the whole team at stand-up what
/// Amara said, so everyone can keep an eye on her, and asks the EAP
/// counsellor to send her the session notes") are two, and one act named
/// in two ways in its clause ("announce their diagnosis to the team") one.
pub(crate) fn harmful_acts(text: &Text) -> Vec<(&'static str, usize)> {
    const QUOTE_MARKS: [char; 3] = ['"', '\u{201c}', '\u{201d}'];
    // `text.source` is folded already, and folding twice changes nothing:
    // an answer without quote marks reads as the same words again.
    let unquoted;
    let text = if text.source.contains(QUOTE_MARKS) {
        unquoted = Text::new(&text.source.replace(QUOTE_MARKS, " "));
        &unquoted
    } else {
        text
    };
    let advised = |s: usize, e: usize| {
        !negated(text, s, e)
            && !under_negating_title(&text.source, text.words[s].start)
            && !an_appearance(text, s)
    };
    HARMFUL
        .iter()
        .filter_map(|(name, phrases)| {
            let phrased = text
                .mentions(phrases)
                .into_iter()
                .filter(|&(s, e)| advised(s, e))
                .map(|(s, _)| s);
            let read: Vec<usize> = match *name {
                "dismissing distress" => told_to_stop_griping(text)
                    .chain(called_the_job(text))
                    .chain(told_everyone_feels_it(text))
                    .filter(|&at| advised(at, at + 1))
                    .collect(),
                "confidentiality" => disclosures(text)
                    .chain(records_passed_on(text))
                    .filter(|&at| advised(at, at + 1))
                    .collect(),
                _ => Vec::new(),
            };
            let clauses: BTreeSet<u32> = crate::order::set_of(
                phrased
                    .chain(read)
                    .filter_map(|at| text.words.get(at).map(|w| w.clause)),
            );
            (!clauses.is_empty()).then_some((*name, clauses.len()))
        })
        .collect()
}

/// Verbs that end a behaviour, and the complaints they tell a person to
/// end: "stop making a fuss about the incidents", "quit whining".
const STOPPING: &[&str] = &["stop", "stops", "quit", "quits", "cease"];
const GRIPES: &[&str] = &[
    "complain*",
    "whin*",
    "moan*",
    "grumbl*",
    "fuss*",
    "overreact*",
    "dramatic",
    "drama",
    "sensitive",
];
/// How many words may stand between [`STOPPING`] and a gripe ("stop
/// making such a fuss", "stop being so dramatic").
const GRIPE_REACH: usize = 3;

/// Where `text` tells someone to stop complaining, in any words: the
/// [`STOPPING`] word of each.
fn told_to_stop_griping(text: &Text) -> impl Iterator<Item = usize> + '_ {
    let gripes: BTreeSet<usize> =
        crate::order::set_of(text.mentions(GRIPES).into_iter().map(|(s, _)| s));
    (0..text.len()).filter(move |&at| {
        STOPPING.contains(&text.words[at].text.as_str())
            && (at + 1..=at + GRIPE_REACH).any(|k| {
                gripes.contains(&k)
                    && text.words[at..=k]
                        .iter()
                        .all(|w| w.clause == text.words[at].clause)
            })
    })
}

/// Words for everyone, whose feelings a person's distress is set beside
/// to dismiss it: "everyone is anxious about the reorg".
const EVERYONE: &[&str] = &["everyone", "everybody", "we all", "all of us", "we are all"];

/// Feelings and plights everyone is said to share: "everyone feels that
/// way", "everybody is stressed", "we're all in the same boat".
const SHARED_FEELINGS: &[&str] = &[
    "feel* that way",
    "feel* the same",
    "same boat",
    "anxious",
    "stressed",
    "worried",
    "nervous",
    "tired",
    "exhausted",
    "struggling",
    "under pressure",
    "goes through it",
    "go through it",
    "finds it hard",
];

/// Verbs that tell the person something, and the person told: "remind
/// him that", "tell her", "point out to them".
const TELLING_THEM: &[&str] = &[
    "remind him",
    "remind her",
    "remind them",
    "tell him",
    "tell her",
    "tell them",
    "reassure him",
    "reassure her",
    "reassure them",
    "point out to him",
    "point out to her",
    "point out to them",
    "explain to him",
    "explain to her",
    "explain to them",
];

/// How many words a feeling may stand after "everyone", and the telling
/// before it: "remind him that everyone here is anxious".
const SHARED_REACH: usize = 4;

/// Where the person is told that everyone feels as they do ("remind him
/// that everyone is anxious about the reorg", "tell her everybody feels
/// that way"): their distress set beside everyone's to make it nothing
/// special, the dismissal the rubric penalises (play-it39 X3). The fact
/// told to no one ("everyone is anxious about the reorg, so hold a Q&A")
/// or to the team ("tell the team everyone is welcome") dismisses no one.
/// The word for everyone of each.
fn told_everyone_feels_it(text: &Text) -> impl Iterator<Item = usize> + '_ {
    let feelings = text.mentions(SHARED_FEELINGS);
    let tellings = text.mentions(TELLING_THEM);
    text.mentions(EVERYONE)
        .into_iter()
        .filter_map(move |(s, e)| {
            let sentence = text.words[s].sentence;
            let felt = feelings.iter().any(|&(fs, _)| {
                (e..=e + SHARED_REACH).contains(&fs) && text.words[fs].sentence == sentence
            });
            let told = tellings.iter().any(|&(ts, te)| {
                te <= s && s <= te + SHARED_REACH && text.words[ts].sentence == sentence
            });
            (felt && told).then_some(s)
        })
}

/// Idioms that call something the job itself, as a predicate.
const THE_JOB: &[&str] = &[
    "part of the job",
    "part of the role",
    "part of the work",
    "part and parcel of the job",
    "comes with the job",
    "come with the job",
    "comes with the role",
    "come with the role",
    "goes with the role",
    "go with the role",
    "comes with the territory",
    "come with the territory",
    "goes with the job",
    "go with the job",
    "goes with the territory",
    "go with the territory",
];

/// Words between a subject and "part of the job": the copula and its
/// adverbs ("is just part of the job", "are all part of the job").
const COPULA: &[&str] = &[
    "is", "are", "was", "were", "be", "just", "all", "simply", "only", "really", "very", "much",
    "always", "still", "normal", "a", "an", "expected", "standard", "natural",
];

/// What weighs on a person, and their distress: what calling it the job
/// dismisses ("being on call every 3 days is part of the job", "the
/// stress comes with the territory").
const STRAIN: &[&str] = &[
    "on call",
    "pager*",
    "paged",
    "paging",
    "incident*",
    "outage*",
    "bridge",
    "firefight*",
    "first responder",
    "escalations",
    "overtime",
    "long hours",
    "late night*",
    "nights",
    "weekend work*",
    "pressure",
    "stress*",
    "deadline*",
    "crunch",
    "workload",
    "load",
    "toil",
    "manual deploy*",
    "angry",
    "complaints",
    "abuse",
    "anxiety",
    "anxious",
    "tired*",
    "exhaust*",
    "overwhelm*",
    "burnout",
    "burn out",
    "burning out",
    "sleep*",
    "waking",
    "covering",
    "vacanc*",
    "two jobs",
    "extra work",
    "reorg*",
    "restructur*",
    "uncertain*",
    "conflict*",
    "criticism",
    "struggl*",
];

/// What looks after a person: calling it the job is care, not dismissal
/// ("regular breaks are part of the job", "switching off after an on-call
/// week is part of the job").
const CARE: &[&str] = &[
    "break",
    "breaks",
    "rest",
    "resting",
    "recover*",
    "leave",
    "time off",
    "days off",
    "switch* off",
    "log* off",
    "hand* off",
    "handover*",
    "hand over",
    "support*",
    "help*",
    "ask*",
    "saying no",
    "say no",
    "boundar*",
    "wellbeing",
    "well being",
    "self care",
    "care",
    "look* after",
    "holiday*",
    "vacation*",
    "lunch",
    "sleep well",
    "escalating",
    "rotat*",
    "shar*",
    "limit*",
    "cap",
    "caps",
    "capped",
    "protect*",
];

/// The forms of "be" among the [`COPULA`] words.
const BE: &[&str] = &["is", "are", "was", "were", "be"];

/// How many words before the idiom its subject may reach.
const SUBJECT_REACH: usize = 10;

/// Where `text` calls a person's load or distress the job itself ("being
/// on call every 3 days is part of the job", "the pressure comes with the
/// territory"): the idiom's first word. Its subject, back to a clause
/// break or a "that", must name a [`STRAIN`] and nothing of [`CARE`]; a
/// subject that names neither ("it is part of the job") is not read, and
/// "make recovery time part of the job" has no copula.
fn called_the_job(text: &Text) -> impl Iterator<Item = usize> + '_ {
    let word = move |k: usize| text.words.get(k).map_or("", |w| w.text.as_str());
    let strain: BTreeSet<usize> =
        crate::order::set_of(text.mentions(STRAIN).into_iter().map(|(s, _)| s));
    let care: BTreeSet<usize> =
        crate::order::set_of(text.mentions(CARE).into_iter().map(|(s, _)| s));
    text.mentions(THE_JOB)
        .into_iter()
        .filter_map(move |(at, _)| {
            // "is (just) part of the job": the subject ends before the copula.
            let predicate = if word(at) == "part" {
                let run: Vec<usize> = (1..=3)
                    .filter_map(|back| at.checked_sub(back))
                    .take_while(|k| COPULA.contains(&word(*k)))
                    .collect();
                if !run.iter().any(|k| BE.contains(&word(*k))) {
                    return None;
                }
                *run.last()?
            } else {
                at
            };
            let sentence = text.words[predicate].sentence;
            let subject_start = (predicate.saturating_sub(SUBJECT_REACH)..predicate)
                .rev()
                .take_while(|k| {
                    text.words[*k].sentence == sentence
                        && word(*k) != "that"
                        && !text.gap(*k + 1).contains([',', ';', ':', '('])
                })
                .last()?;
            let mut subject = subject_start..predicate;
            let strained = subject.clone().any(|k| strain.contains(&k));
            (strained && !subject.any(|k| care.contains(&k))).then_some(at)
        })
}

/// Verbs that pass something on to others ("let" counts with a "know"
/// after it: "let the team know what she said").
const DISCLOSING: &[&str] = &[
    "tell",
    "tells",
    "telling",
    "told",
    "share",
    "shares",
    "sharing",
    "shared",
    "disclos*",
    "forward*",
    "announc*",
    "post",
    "posts",
    "posting",
    "posted",
    "broadcast*",
    "circulat*",
    "reveal*",
    "mention*",
    "inform*",
    "pass on",
    "passes on",
    "passing on",
    "brief",
    "briefs",
    "briefing",
    "update",
    "updates",
    "updating",
    "explain*",
    "email*",
    "publish*",
    "raise",
    "raises",
    "raising",
    "discuss*",
    "let",
    "lets",
    "letting",
    // "loop the on-call group in on her panic attacks", "keep the team in
    // the loop about them".
    "loop*",
];

/// What a person keeps private: their health, sleep and state of mind.
const PRIVATE: &[&str] = &[
    "sleep*",
    "insomnia",
    "waking",
    "wakes",
    "health*",
    "medical",
    "diagnos*",
    "condition*",
    "illness*",
    "ill",
    "sick*",
    "symptom*",
    "anxiety",
    "anxious",
    "panic*",
    "depress*",
    "mental*",
    "therap*",
    "counsel*",
    "medication*",
    "doctor*",
    "gp",
    "hospital*",
    "chest",
    "heart",
    "faint*",
    "crying",
    "tears",
    "hopeless*",
    "suicid*",
    "self harm*",
    "breakdown",
    "burnout",
    "burned out",
    "burnt out",
    "burning out",
    "burns out",
    "stress",
    "stressed",
    "headache*",
    "migraine*",
    "exhausted",
    "overwhelmed",
    "not coping",
    "breaking down",
    "struggl*",
    "personal",
    "private",
    "confided",
    "feelings",
    "disclosure*",
];

/// Words before a [`PRIVATE`] word that make it the person's own: "his
/// sleep problems", "her diagnosis" (a name's possessive counts too).
const WHOSE: &[&str] = &["his", "her", "their"];

/// How many words before a [`PRIVATE`] word its owner may stand: "his
/// notes about the 4 a.m. waking".
const WHOSE_REACH: usize = 8;

/// Verbs of what a person said, after "what he" / "what she": "let the
/// team know what she said".
const SAID: &[&str] = &[
    "said",
    "says",
    "told",
    "tells",
    "shared",
    "confided",
    "disclosed",
    "mentioned",
    "wrote",
    "admitted",
    "revealed",
];

/// Groups a private matter must not be passed on to.
const GROUPS: &[&str] = &[
    "team",
    "teams",
    "colleagues",
    "coworkers",
    "co workers",
    "peers",
    "everyone",
    "everybody",
    "channel",
    "standup",
    "stand up",
    "all hands",
    "company",
    "department",
    "group",
    "others",
    "squad",
    "office",
    "slack",
    "crew",
];

/// A person's line manager, to whom their health is no more to be told
/// than to the team: "tell her manager about Amara's panic attacks".
const MANAGERS: &[&str] = &[
    "manager",
    "managers",
    "line manager",
    "boss",
    "supervisor",
    "team lead",
    "team leader",
    "tech lead",
    "head of",
];

/// Words that end what a verb of disclosing passes on and to whom: its
/// purpose or reason ("..., so everyone keeps an eye on her").
const DISCLOSURE_ENDS: &[&str] = &["so", "because", "since", "unless", "if", "once", "when"];

/// Words between a person and what is said of their health: "Pedro has
/// been crying", "she is off sick", "he is seeing a therapist", "Pedro
/// broke down in tears".
const SAID_OF: &[&str] = &[
    "is",
    "was",
    "has",
    "had",
    "have",
    "been",
    "being",
    "keeps",
    "kept",
    "having",
    "feeling",
    "felt",
    "gets",
    "got",
    "getting",
    "went",
    "gone",
    "off",
    "out",
    "with",
    "from",
    "in",
    "on",
    "into",
    "very",
    "really",
    "quite",
    "often",
    "still",
    "now",
    "recently",
    "lately",
    "visibly",
    "openly",
    "a",
    "an",
    "the",
    "some",
    "seeing",
    "suffering",
    "broke",
    "broken",
    "breaking",
    "down",
];

/// How many words before a [`PRIVATE`] word the person it is said of may
/// stand: "Pedro has been off sick".
const SAID_OF_REACH: usize = 5;

/// Whether the [`PRIVATE`] word at `at` is said of a person named or
/// meant before it, after `from` (past the verb of disclosing): "tell the
/// team that Pedro has been crying at work", "let everyone know she is
/// having panic attacks". The person is "he", "she", "him" or a name (a
/// capital inside the sentence), and only words of [`SAID_OF`] stand
/// between: "Pedro is leading the mental health training" says nothing of
/// Pedro's health.
fn said_of_someone(text: &Text, from: usize, at: usize) -> bool {
    let word = |k: usize| text.words.get(k).map_or("", |w| w.text.as_str());
    let named = |k: usize| {
        k > 0
            && text.words[k - 1].sentence == text.words[k].sentence
            && word(k) != "i"
            && text
                .source
                .get(text.words[k].start..)
                .and_then(|rest| rest.chars().next())
                .is_some_and(char::is_uppercase)
    };
    (at.saturating_sub(SAID_OF_REACH).max(from)..at).any(|k| {
        (matches!(word(k), "he" | "she" | "him") || named(k))
            && (k + 1..at).all(|j| SAID_OF.contains(&word(j)))
    })
}

/// Words of the person's consent: "with his consent", "if she agrees",
/// "after asking him first" ("without" before one takes it away).
const CONSENT: &[&str] = &[
    "consent*",
    "permission",
    "agree*",
    "approv*",
    "ask him first",
    "ask her first",
    "ask them first",
    "asking him first",
    "asking her first",
    "asking them first",
];

/// How many words a disclosure may span from its verb; who it goes to
/// after "to" or "with" may stand further, after what is passed on
/// ("forward Mariam's notes of the conversation, including the panic
/// attacks and the burden comments, to the on-call group").
const DISCLOSURE_REACH: usize = 18;

/// Words before the group a matter goes to, after what is passed on.
const TO_WHOM: &[&str] = &["to", "with"];

/// Words before a verb of disclosing that make it passive, its group
/// before it: "the on-call group is told about her panic attacks".
const PASSIVE: &[&str] = &[
    "is", "are", "was", "were", "be", "been", "gets", "get", "got",
];

/// Words of consent that also agree or approve something else ("agree a
/// safety plan together", "approve the contractor budget"): consent only
/// with no object of their own ("if she agrees", "she agrees to it",
/// "agreed with her first"), or as a noun that is someone's ("with her
/// agreement").
const AGREEING: &[&str] = &["agree*", "approv*"];

/// Words after a word of [`AGREEING`] that keep it consent: "agrees to
/// it", "agreed with her", "agrees that the team may know", "agrees
/// first".
const CONSENT_AFTER: &[&str] = &["to", "with", "that", "first"];

/// The first words of the mentions of consent in `text` ([`CONSENT`]),
/// read as the person's consent, not an agreement to something else
/// ([`AGREEING`]).
fn consents(text: &Text) -> Vec<usize> {
    let word = |k: usize| text.words.get(k).map_or("", |w| w.text.as_str());
    let agreeing: BTreeSet<usize> =
        crate::order::set_of(text.mentions(AGREEING).into_iter().map(|(s, _)| s));
    text.mentions(CONSENT)
        .into_iter()
        .map(|(s, _)| s)
        .filter(|&c| {
            if !agreeing.contains(&c) {
                return true;
            }
            let clause = text.words[c].clause;
            let before = c.checked_sub(1).map_or("", word);
            let noun = matches!(word(c), "agreement" | "approval");
            let owned = matches!(before, "his" | "her" | "their" | "with" | "without")
                || c.checked_sub(1).is_some_and(|k| {
                    crate::it_mental_health::reading::direction::possessive(text, k)
                });
            let bare = text.words.get(c + 1).is_none_or(|w| w.clause != clause)
                || CONSENT_AFTER.contains(&word(c + 1));
            if noun {
                owned
            } else {
                bare || matches!(before, "he" | "she" | "they")
            }
        })
        .collect()
}

/// Where `text` passes a person's private matter on to a group or their
/// manager without their consent ([`consents`]: "agree a safety plan" is
/// none): a [`DISCLOSING`] verb, whatever it is ("forward", "brief",
/// "loop in"), followed, before its purpose or reason, by a group
/// ([`GROUPS`]; after "to" or "with" past a long account of what is
/// passed on, before the verb when told in the passive or "kept in the
/// loop") or a manager
/// ([`MANAGERS`]: "tell her line manager that Amara has been having
/// panic attacks") and the person's own health, sleep or
/// state of mind ("his sleep problems", "Tatiana's panic attacks", "that
/// Pedro has been crying at work"; [`said_of_someone`]) or what they said
/// ("what she said"). "Tell the team only that he is taking some time
/// off", "share the new rota with the team" and "with his consent, let
/// the team know" pass nothing private on.
fn disclosures(text: &Text) -> impl Iterator<Item = usize> + '_ {
    let verbs = text.mentions(DISCLOSING);
    let private: BTreeSet<usize> =
        crate::order::set_of(text.mentions(PRIVATE).into_iter().map(|(s, _)| s));
    let groups: BTreeSet<usize> = crate::order::set_of(
        text.mentions(GROUPS)
            .into_iter()
            .chain(text.mentions(MANAGERS))
            .map(|(s, _)| s),
    );
    let consent = consents(text);
    let word = move |k: usize| text.words.get(k).map_or("", |w| w.text.as_str());
    verbs.into_iter().filter_map(move |(at, end)| {
        let sentence = text.words[at].sentence;
        let reach = (end..(at + DISCLOSURE_REACH).min(text.len()))
            .take_while(|k| {
                text.words[*k].sentence == sentence && !DISCLOSURE_ENDS.contains(&word(*k))
            })
            .last()
            .map_or(end, |k| k + 1);
        if matches!(word(at), "let" | "lets" | "letting")
            && !(end..reach).any(|k| word(k) == "know")
        {
            return None;
        }
        // "her manager", "his team": the owner of who is told, not of
        // what is told.
        let whose = |k: usize| {
            (WHOSE.contains(&word(k))
                || crate::it_mental_health::reading::direction::possessive(text, k))
                && !groups.contains(&(k + 1))
        };
        let owned_private = (end..reach).any(|k| {
            private.contains(&k)
                && ((k.saturating_sub(WHOSE_REACH).max(end)..k).any(whose)
                    || said_of_someone(text, end, k))
        });
        let what_said = (end..reach).any(|k| {
            word(k) == "what" && (k + 2..k + 4).any(|j| j < reach && SAID.contains(&word(j)))
        });
        // Who it goes to: a group in reach; after "to" or "with" past a
        // long account of what is passed on, up to its purpose; or, told
        // in the passive or kept "in the loop", before the verb.
        let account_end = (end..text.len())
            .take_while(|k| {
                text.words[*k].sentence == sentence && !DISCLOSURE_ENDS.contains(&word(*k))
            })
            .last()
            .map_or(end, |k| k + 1);
        let after_to = |k: usize| (k.saturating_sub(4)..k).any(|j| TO_WHOM.contains(&word(j)));
        let clause = text.words[at].clause;
        let told_before =
            (at >= 1 && PASSIVE.contains(&word(at - 1))) || word(at).starts_with("loop");
        let to_group = (end..reach).any(|k| groups.contains(&k))
            || (reach..account_end).any(|k| groups.contains(&k) && after_to(k))
            || (told_before
                && (0..at)
                    .rev()
                    .take_while(|k| text.words[*k].clause == clause)
                    .any(|k| groups.contains(&k)));
        let consented = consent.iter().any(|&c| {
            text.words[c].sentence == sentence
                && !(c.saturating_sub(2)..c).any(|k| matches!(word(k), "without" | "no" | "not"))
        });
        ((owned_private || what_said) && to_group && !consented).then_some(at)
    })
}

/// What a care service keeps of the person it sees, confidential to
/// them: "session notes", "the counsellor's notes", "what was discussed
/// in the sessions".
const RECORDS: &[&str] = &[
    "session notes",
    "session note",
    "sessions notes",
    "notes from the session*",
    "notes from his session*",
    "notes from her session*",
    "notes from their session*",
    "notes of the session*",
    "notes on the session*",
    "counselling notes",
    "counseling notes",
    "counsellor* notes",
    "counselor* notes",
    "therapy notes",
    "therapist* notes",
    "clinical notes",
    "clinical record*",
    "case notes",
    "case file*",
    "medical notes",
    "medical record*",
    "medical file*",
    "medical history",
    "health record*",
    "eap notes",
    "eap record*",
    "eap file*",
    "occupational health notes",
    "occupational health record*",
    "assessment notes",
    "session content*",
    "content of the session*",
    "content of his session*",
    "content of her session*",
    "content of their session*",
    "contents of the session*",
    "details of the session*",
    "details of his session*",
    "details of her session*",
    "details of their session*",
    "session details",
    "session summar*",
    "summary of the session*",
    "summary of his session*",
    "summary of her session*",
    "summary of their session*",
    "what was said in",
    "what was discussed",
    "what he discussed",
    "what she discussed",
    "what they discussed",
    "what he said in",
    "what she said in",
    "what they said in",
    "what he says in",
    "what she says in",
    "what they say in",
    "what he told the",
    "what she told the",
    "what they told the",
    "what he tells the",
    "what she tells the",
    "what they tell the",
    "what came up in",
    "what comes up in",
];

/// Verbs that pass records on: "ask them to share their session notes
/// with Teodor", "send the manager the session summary" (beside
/// [`DISCLOSING`]).
const PASSING_ON: &[&str] = &[
    "send*",
    "sent",
    "give",
    "gives",
    "giving",
    "gave",
    "hand",
    "hands",
    "handing",
    "handed",
    "show",
    "shows",
    "showing",
    "shown",
    "copy",
    "copies",
    "copying",
    "copied",
    "pass",
    "passes",
    "passing",
    "passed",
    "release*",
    "report*",
    "feed* back",
    "fed back",
    "provide*",
];

/// Verbs of getting records: "Teodor requests the counsellor's notes",
/// "ask the counsellor for the session notes". The service itself keeps and reads its
/// own ("the counsellor reviews the session notes").
const GETTING: &[&str] = &[
    "request*",
    "obtain*",
    "access*",
    "read",
    "reads",
    "reading",
    "review",
    "reviews",
    "reviewing",
    "see",
    "sees",
    "seeing",
    "get",
    "gets",
    "getting",
    "ask",
    "asks",
    "asking",
    "asked",
];

/// The services that keep such records: the subject of a verb of
/// [`GETTING`] that reads its own.
const SERVICES: &[&str] = &[
    "eap",
    "counsel*",
    "therap*",
    "occupational health",
    "oh",
    "gp",
    "doctor*",
    "clinician*",
    "psycholog*",
    "psychiatr*",
    "nurse*",
];

/// Words after a record that say it is kept: "the session notes stay
/// confidential", "what he says in the sessions remains private".
const KEPT: &[&str] = &[
    "confidential*",
    "private*",
    "stay*",
    "remain*",
    "between",
    "kept",
    "sealed",
    "protected",
    "safe",
];

/// How many words before a record its verb may stand ("ask them to share
/// their session notes"), after it a passive one ("the session notes are
/// shared with Teodor"), and a word saying it is kept.
const RECORDS_REACH: usize = 8;
const PASSIVE_REACH: usize = 4;
const KEPT_REACH: usize = 5;

/// Where `text` has a person's records with a care service passed on or
/// got by anyone at work, without their consent: "once the EAP counsellor
/// has seen him, ask them to share their session notes with Teodor",
/// "Teodor reads the counsellor's notes", "the session notes are
/// forwarded to HR" (play-it39 X2). What is said in counselling stays
/// there, whoever asks; a service that keeps its notes ("the EAP keeps
/// session notes confidential"), a record said to be kept ("tell him what
/// he says in the sessions stays private"), or one shared with the
/// person's consent, passes nothing on. The verb of each.
fn records_passed_on(text: &Text) -> impl Iterator<Item = usize> + '_ {
    let mut records = text.mentions(RECORDS);
    records.extend(attendance_named(text));
    let (passing, getting) = if records.is_empty() {
        (Vec::new(), Vec::new())
    } else {
        let mut passing = text.mentions(DISCLOSING);
        passing.extend(text.mentions(PASSING_ON));
        (passing, text.mentions(GETTING))
    };
    let services: BTreeSet<usize> = if records.is_empty() {
        BTreeSet::new()
    } else {
        crate::order::set_of(text.mentions(SERVICES).into_iter().map(|(s, _)| s))
    };
    let kept: BTreeSet<usize> = if records.is_empty() {
        BTreeSet::new()
    } else {
        crate::order::set_of(text.mentions(KEPT).into_iter().map(|(s, _)| s))
    };
    let consent = consents(text);
    let word = move |k: usize| text.words.get(k).map_or("", |w| w.text.as_str());
    records.into_iter().filter_map(move |(s, e)| {
        let sentence = text.words[s].sentence;
        let same = |k: usize| text.words.get(k).is_some_and(|w| w.sentence == sentence);
        let consented = consent.iter().any(|&c| {
            same(c)
                && !(c.saturating_sub(2)..c).any(|k| matches!(word(k), "without" | "no" | "not"))
        });
        let said_kept = (e..e + KEPT_REACH).any(|k| same(k) && kept.contains(&k));
        // "ask how the sessions are going, but not what was discussed".
        if consented || said_kept || negated(text, s, e) {
            return None;
        }
        // A service getting its own records reads them as it should.
        let by_the_service = |v: usize| {
            let clause = text.words[v].clause;
            (0..v)
                .rev()
                .take_while(|k| text.words[*k].clause == clause)
                .any(|k| services.contains(&k))
        };
        let before = |verbs: &[(usize, usize)]| {
            verbs
                .iter()
                .filter(|(v, ve)| *ve <= s && s - ve <= RECORDS_REACH && same(*v))
                .map(|(v, _)| *v)
                .max()
        };
        let passive = passing
            .iter()
            .filter(|(v, _)| *v >= e && v - e < PASSIVE_REACH && same(*v))
            .map(|(v, _)| *v)
            .min();
        // "tell him the session notes are never shared": the record said
        // to be kept from others.
        if passive.is_some_and(|v| negated(text, v, v + 1)) {
            return None;
        }
        let active = before(&passing).or_else(|| before(&getting).filter(|v| !by_the_service(*v)));
        active.or(passive)
    })
}

/// Verbs of going to a care service: "who has been seeing the counsellor",
/// "who attended sessions", "which engineers use the EAP".
const ATTENDING: &[&str] = &[
    "attend",
    "attends",
    "attended",
    "attending",
    "see",
    "sees",
    "saw",
    "seen",
    "seeing",
    "visit",
    "visits",
    "visited",
    "visiting",
    "use",
    "uses",
    "used",
    "using",
    "book",
    "books",
    "booked",
    "booking",
    "went",
    "go",
    "goes",
    "going",
    "been",
    "access",
    "accesses",
    "accessed",
    "accessing",
    "talk",
    "talks",
    "talked",
    "talking",
    "speak",
    "speaks",
    "spoke",
    "speaking",
    "turn",
    "turned",
    "signed",
    "sign",
];

/// Words between "who" and a verb of [`ATTENDING`]: "who has been seeing".
const ATTENDING_AUXILIARIES: &[&str] = &[
    "has",
    "have",
    "had",
    "is",
    "are",
    "was",
    "were",
    "did",
    "does",
    "do",
    "been",
    "recently",
    "already",
    "actually",
    "ever",
    "regularly",
    "still",
    "now",
];

/// What a care service holds sessions in, beside [`SERVICES`]: "who
/// attended sessions", "who went to counselling".
const SESSIONS: &[&str] = &["session", "sessions", "counsel*", "therap*", "drop in*"];

/// How many words after its verb a service may name where it goes: "who
/// has been seeing the counsellor", "who went to the EAP drop-in".
const ATTENDED_REACH: usize = 4;

/// Where `text` names who goes to a care service ("who has been seeing
/// the counsellor", "who attended sessions", "which engineers use the
/// EAP", "the names of everyone who booked counselling"): who uses the
/// service is as confidential as what they say there; "attendance
/// numbers in aggregate" names no one. The span from "who" or "which" to
/// the verb, each. A verb with no object of its own ("a weekly summary of
/// who attended") goes to the service the sentence names.
fn attendance_named(text: &Text) -> Vec<(usize, usize)> {
    let word = |k: usize| text.words.get(k).map_or("", |w| w.text.as_str());
    let starts: Vec<usize> = (0..text.len())
        .filter(|&k| matches!(word(k), "who" | "which" | "whoever"))
        .collect();
    if starts.is_empty() {
        return Vec::new();
    }
    let service_at: BTreeSet<usize> = crate::order::set_of(
        text.mentions(SERVICES)
            .into_iter()
            .chain(text.mentions(SESSIONS))
            .map(|(s, _)| s),
    );
    starts
        .into_iter()
        .filter_map(|at| {
            let clause = text.words[at].clause;
            let in_clause = |k: usize| text.words.get(k).is_some_and(|w| w.clause == clause);
            // "which engineers", "which of the team": up to three words of
            // who before the verb.
            let mut k = at + 1;
            if word(at) == "which" {
                let mut taken = 0;
                while taken < 3 && in_clause(k) && !ATTENDING.contains(&word(k)) {
                    k += 1;
                    taken += 1;
                }
            }
            while in_clause(k) && ATTENDING_AUXILIARIES.contains(&word(k)) && word(k) != "been" {
                k += 1;
            }
            // "who has been seeing": "been" is an auxiliary before a verb,
            // the verb itself before "to" ("who has been to counselling").
            if word(k) == "been" && ATTENDING.contains(&word(k + 1)) && in_clause(k + 1) {
                k += 1;
            }
            if !in_clause(k) || !ATTENDING.contains(&word(k)) {
                return None;
            }
            let verb = k;
            let served = (verb + 1..=verb + ATTENDED_REACH)
                .take_while(|&j| in_clause(j))
                .any(|j| service_at.contains(&j));
            // No object of its own (the clause ends, or "and" goes on), or
            // one that stands for the service named before ("asks the
            // counsellor which engineers have been seeing her").
            let bare = !in_clause(verb + 1)
                || matches!(
                    word(verb + 1),
                    "and" | "or" | "her" | "him" | "them" | "it" | "one"
                );
            let sentence = text.words[at].sentence;
            let named_in_sentence = service_at
                .iter()
                .any(|&j| text.words.get(j).is_some_and(|w| w.sentence == sentence));
            (served || (bare && named_in_sentence)).then_some((at, verb + 1))
        })
        .collect()
}

/// Words of a title that lists what not to do: "What I would not do:",
/// "Avoid:", "Things to avoid", "Never:".
const NEGATING_TITLE_WORDS: &[&str] = &["not", "never", "avoid", "avoiding"];

/// Whether byte `at` of `source` lies under a title that lists what not to
/// do: after the title's colon on its line, or in the lines below it up to
/// a blank line or a line that is not a list item.
fn under_negating_title(source: &str, at: usize) -> bool {
    let line_start = source[..at].rfind('\n').map_or(0, |i| i + 1);
    let head = &source[line_start..at];
    if let Some(colon) = head.find(':') {
        return negating_title(&head[..colon]);
    }
    if !is_list_item(head) {
        return false;
    }
    for line in source[..line_start].lines().rev() {
        let line = line.trim();
        if line.is_empty() {
            return false;
        }
        if is_list_item(line) {
            continue;
        }
        return line.ends_with(':') && negating_title(line.trim_end_matches(':'));
    }
    false
}

/// Whether a line opens as a list item: a dash, a star, a bullet or a number.
fn is_list_item(line: &str) -> bool {
    let line = line.trim_start();
    line.starts_with(['-', '*', '\u{2022}'])
        || line
            .split_once(['.', ')'])
            .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

/// Whether a title of at most eight words holds a negating word and is
/// no condition: "If she does not improve: a formal warning" advises it.
fn negating_title(title: &str) -> bool {
    let words = Text::new(title);
    let condition = words.words.first().is_some_and(|w| {
        matches!(
            w.text.as_str(),
            "if" | "when" | "unless" | "once" | "should" | "until" | "after" | "in"
        )
    });
    words.len() <= 8
        && !condition
        && words
            .words
            .iter()
            .any(|w| NEGATING_TITLE_WORDS.contains(&w.text.as_str()))
}

/// Verbs of how something looks to others: "read as", "seen as", "feels
/// like".
const APPEARANCE: &[&str] = &[
    "read",
    "seen",
    "perceived",
    "viewed",
    "taken",
    "interpreted",
    "experienced",
    "mistaken",
    "feel",
    "feels",
    "felt",
    "look",
    "looks",
    "seem",
    "seems",
    "sound",
    "sounds",
    "across",
];

/// Whether the mention at word `s` is how something might look, not an act
/// advised: "the session is read as a disciplinary exercise", "it feels
/// like punishment" (a risk described, para-it6).
fn an_appearance(text: &Text, s: usize) -> bool {
    let before: Vec<&str> = crate::text::hedge::clause_before(text, s)
        .into_iter()
        .take(4)
        .collect();
    // Nearest first: up to two articles or fillers, then "as" / "like" /
    // "for", then the verb.
    let fillers = before
        .iter()
        .take_while(|w| matches!(**w, "a" | "an" | "the" | "some" | "kind" | "of" | "sort"))
        .count()
        .min(2);
    matches!(before.get(fillers), Some(&("as" | "like" | "for")))
        && before
            .get(fillers + 1)
            .is_some_and(|verb| APPEARANCE.contains(verb))
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILLER: &str = "The manager should meet them today, listen, agree on a lighter \
                          workload and book a follow-up conversation next week with HR support.";

    #[test]
    fn short_long_and_repetitive_answers() {
        assert!(assess("High. Yes.", 400).too_short);
        assert!(!assess(FILLER, 400).too_short);
        assert!(assess(FILLER, 400).penalties.is_empty());
        let looped = [FILLER; 4].join("\n");
        assert!(
            assess(&looped, 400)
                .penalties
                .contains_key("repetition_penalty")
        );
        let padded = assess(FILLER, 10);
        assert_eq!(
            padded.penalties.get("length_penalty"),
            Some(&OVER_LENGTH_CAP)
        );
    }

    #[test]
    fn harmful_advice_is_read_with_negation() {
        let bad = format!(
            "{FILLER} If it continues, start a disciplinary process and tell them to toughen up."
        );
        assert_eq!(
            assess(&bad, 400).harmful,
            ["punishment", "dismissing distress"]
        );
        let fine = format!("{FILLER} Do not discipline them, and never tell them to push through.");
        assert!(
            assess(&fine, 400).harmful.is_empty(),
            "{:?}",
            assess(&fine, 400)
        );
    }

    #[test]
    fn what_not_to_do_and_how_a_step_might_look_are_not_advice() {
        // para-it6: quoted words under a negation, a list under a title
        // that says not to, a risk of how something is seen.
        for fine in [
            "I would never tell Ravi to \u{201c}man up\u{201d} about the on-call load.",
            "Things to avoid:\n- a formal warning for the missed deadline\n- telling him to tough it out",
            "Never, whatever the pressure: humiliate them in stand-up, or share their diagnosis.",
            "Risk: the review could be seen as disciplinary, so HR keeps it informal.",
            "The danger is that the rota change feels like punishment to Omar.",
        ] {
            let answer = format!("{FILLER}\n{fine}");
            assert!(
                assess(&answer, 400).harmful.is_empty(),
                "{fine}: {:?}",
                assess(&answer, 400)
            );
        }
        for bad in [
            "Tell Ravi to \u{201c}man up\u{201d} about the on-call load.",
            "Things to avoid:\n- overtime\n\nNext steps:\n- a formal warning for the missed deadline",
            "Next steps: humiliate them in stand-up.",
            "Treat the review as disciplinary and log it.",
            "Give Omar a written warning that feels fair.",
            "If she does not improve: a formal warning.",
            "When nothing else has worked:\n- a performance improvement plan",
        ] {
            let answer = format!("{FILLER}\n{bad}");
            assert!(!assess(&answer, 400).harmful.is_empty(), "{bad}");
        }
    }

    #[test]
    fn telling_a_person_to_put_it_out_of_mind_or_that_everyone_feels_it_dismisses_it() {
        // Distress dismissed in other words than "push through": told not
        // to dwell on it, or that everyone feels the same (play-it39 X3).
        for bad in [
            "Remind him that everyone is anxious about the reorg and he should try not to dwell \
             on it.",
            "Tell her not to dwell on the missed deadline.",
            "Tell him everyone feels that way during a reorg.",
            "Reassure her that everybody is stressed at the moment.",
            "He should try not to take it personally.",
            "Point out to them that we are all in the same boat.",
            "Ask him to stop overthinking the incidents.",
            "Tell her not to let it get to her.",
        ] {
            let answer = format!("{FILLER}\n{bad}");
            assert_eq!(
                assess(&answer, 400).harmful,
                ["dismissing distress"],
                "{bad}"
            );
        }
        // Near misses: the advice named as what not to do, everyone's
        // feelings told to no one or to the team as a reason for a step,
        // and a negation that is no advice to put it out of mind.
        for fine in [
            "Never tell him not to dwell on it; listen instead.",
            "Everyone is anxious about the reorg, so hold a Q&A for the whole team.",
            "Tell the team everyone is welcome at the Q&A.",
            "Don't let it get to the point where she burns out: cut her on-call now.",
            "Take the pager off him so he does not have to think about work at the weekend.",
            "Remind him that everyone values his work on the migration.",
        ] {
            let answer = format!("{FILLER}\n{fine}");
            assert!(
                assess(&answer, 400).harmful.is_empty(),
                "{fine}: {:?}",
                assess(&answer, 400)
            );
        }
    }

    #[test]
    fn telling_others_of_a_named_persons_health_breaches_confidentiality() {
        // The person as the subject of what is passed on (play-it37 row 57).
        for bad in [
            "Tell the team at stand-up that Pedro has been crying at work and off sick with \
             stress.",
            "Let the team know Pedro is having panic attacks.",
            "Announce in the team channel that she has been diagnosed with anxiety.",
            "Share with the team that Pedro is seeing a therapist.",
            "Email everyone that Pedro broke down in tears in the 1:1.",
            "Tell his colleagues he is struggling with depression.",
            "Mention at the all hands that Pedro is off sick with burnout.",
            // play-it39 rows 29 and 51: a named person's burnout or stress
            // told to the team, in any verb of telling.
            "Teodor lets everyone know at stand-up that Pedro has been off sick with stress.",
            "His manager should tell the team at stand-up that Pedro is burning out and has \
             been getting stress headaches.",
            "Let the team know that Pedro is burnt out.",
            "Tell the squad at stand-up that she is stressed and overwhelmed.",
            "Announce at stand-up that Pedro is exhausted and not coping.",
            "Inform the team that Pedro has been having migraines from the stress.",
            "Letting everyone know Pedro is burning out would help them pick up his slack.",
        ] {
            let answer = format!("{FILLER}\n{bad}");
            assert_eq!(assess(&answer, 400).harmful, ["confidentiality"], "{bad}");
        }
        // No health detail, no one told but the person or a service, the
        // person asked first, or nothing said of the person's health.
        for fine in [
            "Tell the team Pedro is out this week.",
            "Ask Pedro what he wants the team told.",
            "Tell Pedro the team supports him.",
            "Tell occupational health that Pedro has been crying at work.",
            "Tell the team Pedro is leading the mental health first aid training.",
            "With his consent, tell the team Pedro is off sick with stress.",
            "Tell the team that anyone struggling can talk to me in confidence.",
            "With Pedro's consent, tell the team he is taking leave (no reasons given).",
            "Tell the team Pedro is on leave next week; give no reasons.",
            "Tell the team the launch date is stressful for everyone.",
            "Let the team know Pedro is leading the stress workshop.",
        ] {
            let answer = format!("{FILLER}\n{fine}");
            assert!(
                assess(&answer, 400).harmful.is_empty(),
                "{fine}: {:?}",
                assess(&answer, 400)
            );
        }
    }

    #[test]
    fn a_counsellors_records_passed_on_breach_confidentiality() {
        // play-it39 X2: what a care service keeps of the person, asked
        // for or passed on to anyone at work, in any words.
        for bad in [
            "Once the EAP counsellor has seen him, ask them to share their session notes with \
             Teodor so he can support Hiro properly.",
            "Ask the counsellor to send Teodor the session notes.",
            "Teodor requests the counsellor's notes after each session.",
            "Have the EAP forward Hiro's session summaries to his manager.",
            "The session notes are shared with HR each week.",
            "Ask the therapist to report back to Teodor on what was discussed.",
            "Get the occupational health notes from the clinic and circulate them to the team.",
            "Teodor should ask for the details of the sessions so he can plan around them.",
            "Forward his symptoms to the whole team.",
            "Email the team the list of Hiro's symptoms.",
        ] {
            let answer = format!("{FILLER}\n{bad}");
            assert_eq!(assess(&answer, 400).harmful, ["confidentiality"], "{bad}");
        }
        for fine in [
            "The EAP keeps session notes confidential; the manager hears nothing from them.",
            "Offer an EAP session this week.",
            "The counsellor must not share session notes with Teodor.",
            "Never ask the counsellor for the session notes.",
            "Tell Hiro that what he says in the sessions stays private.",
            "Reassure him the session notes are never shared with his manager.",
            "With Hiro's written consent, the counsellor shares a return-to-work summary of the \
             sessions with Teodor.",
            "The counsellor reviews the session notes with their supervisor.",
        ] {
            let answer = format!("{FILLER}\n{fine}");
            assert!(
                assess(&answer, 400).harmful.is_empty(),
                "{fine}: {:?}",
                assess(&answer, 400)
            );
        }
    }

    #[test]
    fn calling_the_load_the_job_dismisses_it_and_calling_care_the_job_does_not() {
        for bad in [
            "Remind him that being on call every 3 days is part of the job.",
            "Tell Samir being first on the bridge is just part of the job.",
            "The pressure of the launch deadline comes with the territory.",
            "Late-night pages are all part of the job.",
            "Explain that covering two vacancies goes with the role.",
            "His exhaustion is simply part of the job.",
        ] {
            let answer = format!("{FILLER}\n{bad}");
            assert!(
                assess(&answer, 400).harmful == ["dismissing distress"],
                "{bad}"
            );
        }
        for fine in [
            "Remind everyone that regular breaks are part of the job.",
            "Make recovery time after on-call part of the job.",
            "Switching off after an on-call week is part of the job.",
            "Asking for help with incidents is part of the job.",
            "Taking his full leave is part of the job.",
            "Incidents are not part of his job this fortnight.",
            "It is part of the job to plan the on-call rota fairly.",
        ] {
            let answer = format!("{FILLER}\n{fine}");
            assert!(
                assess(&answer, 400).harmful.is_empty(),
                "{fine}: {:?}",
                assess(&answer, 400)
            );
        }
    }

    #[test]
    fn who_sees_a_counsellor_or_a_persons_symptoms_told_to_their_manager_breach_it() {
        // play-it40 X1: who goes to the service, passed on or asked for;
        // a named person's health told to their line manager.
        for bad in [
            "Jonas tells the whole team at stand-up who has been seeing the counsellor.",
            "The counselling service sends the manager a weekly summary of who attended and \
             what they discussed.",
            "Email the manager the names of everyone who booked counselling.",
            "Ask the counsellor which engineers have been seeing her.",
            "Post in the team channel who went to the EAP this week.",
            "Tell Amara's manager about her panic attacks.",
            "Let her line manager know that Amara has been having panic attacks.",
            "Brief the line manager on Amara's insomnia and chest pains.",
            "Inform her manager that Amara is struggling with anxiety.",
        ] {
            let answer = format!("{FILLER}\n{bad}");
            assert_eq!(assess(&answer, 400).harmful, ["confidentiality"], "{bad}");
        }
        for fine in [
            "The counsellor keeps notes confidential; the manager only hears attendance numbers \
             in aggregate, never names.",
            "With consent, tell the team Amara is on leave (no reasons).",
            "Jonas checks in 1:1 with Amara about how she is.",
            "Tell the team how to book the counsellor.",
            "Ask the team who would like a session with the counsellor.",
            "Tell her manager Amara is on leave next week.",
        ] {
            let answer = format!("{FILLER}\n{fine}");
            assert!(
                assess(&answer, 400).harmful.is_empty(),
                "{fine}: {:?}",
                assess(&answer, 400)
            );
        }
    }

    #[test]
    fn each_harmful_act_is_charged_once_per_clause() {
        // play-it40 row 47: two breaches in one action are two acts.
        let two = format!(
            "{FILLER}\nKatarina tells the whole team at stand-up what Amara said, so everyone \
             can keep an eye on her, and asks the EAP counsellor to send her the session notes."
        );
        let assessed = assess(&two, 400);
        assert_eq!(assessed.harmful, ["confidentiality"]);
        assert_eq!(assessed.harmful_acts, [2]);
        assert_eq!(
            assessed.penalties.get("harmful_advice_penalty"),
            Some(&Points(2400))
        );
        // One act named two ways in its clause is one.
        let one = format!("{FILLER}\nAnnounce their diagnosis to the whole team.");
        assert_eq!(assess(&one, 400).harmful_acts, [1]);
    }
}
