//! Which way an action moves what weighs on people: an action that keeps
//! the load ("keep Samir as first responder on every incident", "keep all
//! deployments manual"), adds to it ("hand Anton a third colleague's
//! work", "two extra manual deployment drills", "log every manual
//! deployment in more detail") or halts its fix ("pause the automation
//! project") names the stressor without tackling it. The triage's 2-week
//! action and the plan's actions read their stressors without the words
//! [`worsened`] marks.
//!
//! The constructions, each in one sentence and not negated:
//! - a verb of keeping (`KEEPING`) whose object holds the load and no
//!   bound on it ("keep on-call to one week in eight", "keep Samir off the
//!   rota") nor a helper ("keep the incident reviews going");
//! - a verb of placing (`PLACING`) a person on the load ("assign Samir
//!   to every incident");
//! - a verb of giving (`GIVING`) load to the person ("give her the
//!   escalations", "route every page to him"), not the person's load to
//!   someone else ("hand Anton's extra work to a contractor");
//! - a verb of increase (`INCREASING`), "add" before a new item, or a
//!   word of more (`MORE`) before the load itself ("extra on-call
//!   shifts"; "more team events" is more of what the team lacks, which
//!   tackles it; "a second on-call engineer" is more help);
//! - a verb of halting (`HALTING`) a fix or what the team lacks
//!   ("pause the automation project", "cancel the offsite"); halting the
//!   load itself ("pause the manual deploy rota") tackles it;
//! - a verb of appointing (`APPOINTING`) the person, or of placing them,
//!   to a role that holds the load (`HOLDERS`: "make Arjun the rota
//!   owner", "put her in charge of every escalation");
//! - the person as the subject of a verb of taking work (`TAKING`) on
//!   all of it ("so he personally covers every gap shift"), or, where they
//!   are the one under strain, on any of the load or of others' work
//!   ("Astrid works two weekends and takes the launch-week on-call shifts
//!   herself", "Hana absorbs the two leavers' work");
//! - work asked of or given to the person on top of their own (`ADDED_TO`:
//!   "ask Tariq to run the reorg working group, on top of his current
//!   work"): the whole sentence adds load;
//! - where the person is the one under strain (`Load::new_duties`), a new
//!   duty asked of them or taken on by them (`NEW_DUTIES`: "ask Tariq to
//!   run the reorg working group", "Pedro takes on the search feature"),
//!   or any role made theirs ("make Tariq the lead of the reorg working
//!   group", "make Soren the release coordinator for the next two
//!   weeks");
//! - more scope set on the work (`SCOPE`: "add the search feature to the
//!   launch", "expand the launch scope", "two more features");
//! - where the load is the team's own (a plan), the work of the people
//!   away taken on by anyone of the team but a hire (`Reader::others_work`:
//!   "ask Beatriz to take on the absent colleagues' reviews", "ask the
//!   engineers to absorb the work of the colleagues on leave"): the gap
//!   moved onto the team, not covered;
//! - work set outside working hours (`out_of_hours_work`: "Pedro works
//!   evenings for the next two weeks");
//! - the load made to come round more often (`crate::text::frequency`: "on
//!   call every 2 days instead of every 4", "from every 4 days to every
//!   2", "on call twice as often"), read by the rates written, not by a
//!   word: "one week in four (was every 2 days)" is relief.
//!
//! The reason given after such a clause ("..., since he is coping with
//! the two vacancies", "..., which should help with the caregiving
//! strain") is its excuse, not a step, and so is the aim stated before it
//! ("To reduce her on-call fatigue, give Fatima the weekend shifts", "Ease
//! the on-call pressure by making Arjun the rota owner"): both are marked
//! too. What an action says it will do does not outweigh what it does.

use crate::it_mental_health::reading::{HIRING, MEANS};
use crate::text::Text;
use crate::text::frequency::{frequency_changes, more_often_said};
use crate::text::negation::negated;
use crate::text::numbers::number_word;

/// What the caller knows of the words of an action: the mentions of load
/// (a stressor that weighs by its amount: incidents, on-call, toil), of
/// what is lacking (team events, news, cover), and who the people are.
pub struct Load<'a> {
    /// Mentions of the load, as word spans.
    pub load: &'a [(usize, usize)],
    /// Mentions of what is lacking, as word spans.
    pub lacks: &'a [(usize, usize)],
    /// Whether the word at an index names a person the action is about
    /// (their name, a pronoun).
    pub person: &'a dyn Fn(usize) -> bool,
    /// Whether that person is the one under strain, so that a new duty
    /// asked of them adds to their load (a triage's person: "ask Tariq to
    /// run the reorg working group"); a plan's "them" are the team doing
    /// its work ("ask them to own one incident fix each").
    pub new_duties: bool,
}

/// Verbs of keeping something as it is.
const KEEPING: &[&str] = &[
    "keep",
    "keeps",
    "keeping",
    "kept",
    "leave",
    "leaves",
    "leaving",
    "continue",
    "continues",
    "continuing",
    "maintain",
    "maintains",
    "maintaining",
    "retain",
    "retains",
    "retaining",
];

/// Words right after a verb of keeping that make it an idiom of watching
/// or telling: "keep an eye on", "keep track of", "keep him informed".
const KEEPING_IDIOMS: &[&str] = &[
    "eye", "eyes", "track", "tabs", "touch", "mind", "watch", "informed", "updated", "posted",
    "talking", "close", "record", "records", "log", "note", "notes", "in", "up",
];

/// Verbs that put a person somewhere: "assign Samir to every incident",
/// "put her back on the rota".
const PLACING: &[&str] = &[
    "put",
    "puts",
    "putting",
    "place",
    "places",
    "placing",
    "placed",
    "assign",
    "assigns",
    "assigning",
    "assigned",
    "roster",
    "rosters",
    "rostered",
    "schedule",
    "schedules",
    "scheduled",
    "add",
    "adds",
    "adding",
    "added",
];

/// Verbs that give work to someone.
const GIVING: &[&str] = &[
    "give",
    "gives",
    "giving",
    "gave",
    "hand",
    "hands",
    "handing",
    "handed",
    "pass",
    "passes",
    "passing",
    "passed",
    "route",
    "routes",
    "routing",
    "routed",
    "send",
    "sends",
    "sending",
    "sent",
    "assign",
    "assigns",
    "assigning",
    "assigned",
    "allocate",
    "allocates",
    "allocating",
    "allocated",
    "load",
    "pile",
    "dump",
];

/// The lists of the words that may open a construction: the others are
/// not checked for negation, which reads the words around them.
/// [`APPOINTING`] and [`TAKING`] open one only where
/// [`opens_a_construction`] says.
const OPENERS: [&[&str]; 8] = [
    KEEPING, GIVING, PLACING, INCREASING, ADDING, MORE, HALTING, WIDENING,
];

/// Verbs that make a person the holder of a role: "make Arjun the rota
/// owner", "appoint her incident commander for every P1".
const APPOINTING: &[&str] = &[
    "make",
    "makes",
    "making",
    "made",
    "appoint",
    "appoints",
    "appointing",
    "appointed",
    "name",
    "names",
    "naming",
    "named",
    "nominate",
    "nominates",
    "nominating",
    "nominated",
    "designate",
    "designates",
    "designating",
    "designated",
];

/// Words of a role that holds work itself rather than helping with it:
/// "the rota owner", "incident commander", "in charge of the backlog".
const HOLDERS: &[&str] = &[
    "owner",
    "owners",
    "lead",
    "leader",
    "commander",
    "coordinator",
    "co ordinator",
    "manager",
    "captain",
    "champion",
    "responsible",
    "accountable",
    "charge",
    "point of contact",
    "go to",
    "custodian",
    "keeper",
    "sole",
    "single point",
];

/// Words before a holder that share the role rather than give it whole:
/// "a co-owner of the migration", "a deputy rota lead".
const SHARED_ROLES: &[&str] = &[
    "co",
    "joint",
    "shared",
    "deputy",
    "backup",
    "secondary",
    "second",
];

/// Verbs of doing work oneself, after the person as their subject: "so he
/// personally covers every gap shift", "she picks up all the weekend
/// shifts".
const TAKING: &[&str] = &[
    "cover",
    "covers",
    "covering",
    "covered",
    "take",
    "takes",
    "taking",
    "took",
    "pick",
    "picks",
    "picking",
    "picked",
    "handle",
    "handles",
    "handling",
    "handled",
    "absorb",
    "absorbs",
    "absorbing",
    "absorbed",
    "carry",
    "carries",
    "carrying",
    "carried",
    "field",
    "fields",
    "fielding",
    "fielded",
    "run",
    "runs",
    "running",
    "own",
    "owns",
    "owning",
    "owned",
    "work",
    "works",
    "working",
    "worked",
    "do",
    "does",
    "doing",
    "did",
    "staff",
    "staffs",
    "staffing",
];

/// Words that stand for the person as a subject: "so he covers every
/// gap shift".
const SUBJECTS: &[&str] = &["he", "she", "they"];

/// Words before a verb that give it the subject of the step before:
/// "Astrid works two weekends and takes the on-call shifts".
const COORDINATED: &[&str] = &["and", "then"];

/// Words between a subject and its verb of taking: "he personally
/// covers", "she will always take", "he ends up covering".
const SUBJECT_FILLERS: &[&str] = &[
    "personally",
    "himself",
    "herself",
    "themselves",
    "alone",
    "always",
    "also",
    "then",
    "now",
    "just",
    "will",
    "would",
    "should",
    "can",
    "must",
    "has",
    "have",
    "to",
    "ends",
    "end",
    "up",
];

/// How many [`SUBJECT_FILLERS`] may stand between a subject and its verb.
const SUBJECT_REACH: usize = 3;

/// Particles after a verb of taking: "picks up every page", "takes on all
/// the escalations".
const TAKING_PARTICLES: &[&str] = &["up", "on", "over"];

/// Verbs of a duty a person runs, beside [`TAKING`]: asked of the person
/// under strain ("ask Tariq to lead the reorg working group", "have her
/// organise the launch retro"), a new duty on top of what weighs on them.
const NEW_DUTIES: &[&str] = &[
    "lead",
    "leads",
    "leading",
    "chair",
    "chairs",
    "chairing",
    "head",
    "heads",
    "heading",
    "organise",
    "organises",
    "organising",
    "organize",
    "organizes",
    "organizing",
    "coordinate",
    "coordinates",
    "coordinating",
    "manage",
    "manages",
    "managing",
    "drive",
    "drives",
    "driving",
    "host",
    "hosts",
    "hosting",
    "facilitate",
    "facilitates",
    "facilitating",
    "draft",
    "drafts",
    "drafting",
    "write",
    "writes",
    "writing",
    "champion",
    "champions",
    "championing",
    "spearhead",
    "spearheads",
    "spearheading",
];

/// The verbs of [`TAKING`] that name a duty run rather than work done
/// ("run", "own", "cover", "handle"): "ask Tariq to do his job" asks no
/// new duty, "ask Tariq to run the working group" does.
const DUTY_TAKING: &[&str] = &[
    "cover",
    "covers",
    "covering",
    "covered",
    "handle",
    "handles",
    "handling",
    "handled",
    "run",
    "runs",
    "running",
    "own",
    "owns",
    "owning",
    "owned",
    "take",
    "takes",
    "taking",
    "took",
    "pick",
    "picks",
    "picking",
    "picked",
    "absorb",
    "absorbs",
    "absorbing",
    "absorbed",
    "field",
    "fields",
    "fielding",
    "fielded",
    "staff",
    "staffs",
    "staffing",
];

/// Words of the scope of a piece of work: more of it set on a deadline is
/// more load ("add the search feature to the launch", "expand the launch
/// scope", "two more features").
const SCOPE: &[&str] = &[
    "feature",
    "features",
    "scope",
    "requirement*",
    "deliverable*",
    "functionality",
    "functionalities",
    "user stor*",
    "stories",
    "epic",
    "epics",
    "extras",
    "add on*",
    "nice to have*",
];

/// Verbs that put more into a piece of work, beside [`ADDING`]: with
/// [`SCOPE`] in their object ("include the search feature in the launch",
/// "expand the launch scope"); "widen the rota" or "extend the deadline"
/// names no scope.
const WIDENING: &[&str] = &[
    "include",
    "includes",
    "including",
    "fold",
    "folds",
    "folding",
    "squeeze",
    "squeezes",
    "squeezing",
    "cram",
    "crams",
    "cramming",
    "bring",
    "brings",
    "bringing",
    "pull",
    "pulls",
    "pulling",
    "expand",
    "expands",
    "expanding",
    "extend",
    "extends",
    "extending",
    "widen",
    "widens",
    "widening",
    "broaden",
    "broadens",
    "broadening",
    "grow",
    "grows",
    "growing",
    "enlarge",
    "enlarges",
    "enlarging",
];

/// Words that move a deadline earlier: "bring the launch forward".
const EARLIER: &[&str] = &["forward", "forwards", "earlier", "sooner"];

/// Words of a person's asking, right before the person asked: "ask Tariq
/// to run", "have him lead", "get her to own".
const ASKED: &[&str] = &[
    "ask",
    "asks",
    "asking",
    "asked",
    "have",
    "has",
    "get",
    "gets",
    "getting",
    "let",
    "lets",
    "want",
    "wants",
    "need",
    "needs",
    "expect",
    "expects",
    "tell",
    "tells",
    "encourage",
    "encourages",
    "invite",
    "invites",
    "nominate",
    "nominates",
    "volunteer",
    "volunteers",
];

/// Phrases that set work beside the person's own: "on top of his current
/// work", "in addition to her day job", "as well as their tickets".
const ADDED_TO: &[&str] = &["on top of", "in addition to", "as well as", "alongside"];

/// Words between [`ADDED_TO`] and the person's own work: "his current
/// work", "her usual day job".
const OWN_WORK_WORDS: &[&str] = &[
    "his", "her", "their", "current", "usual", "normal", "existing", "regular", "day", "other",
    "own", "full", "present", "ongoing", "everyday", "main", "core", "whole", "the", "rest", "of",
];

/// Work nouns of a person's own job beside [`WORK`]: "on top of his role".
const OWN_WORK: &[&str] = &["role", "roles", "sprint*", "commitments", "everything"];

/// Verbs of asking or giving in a sentence that sets work on top of the
/// person's own: "ask Tariq to run the working group, on top of his
/// current work". A sentence that takes work off the person and says what
/// it sat on top of ("take the escalations off him, which sit on top of
/// his day job") has none.
const ASKING: &[&str] = &[
    "ask",
    "asks",
    "asking",
    "asked",
    "have",
    "has",
    "get",
    "gets",
    "expect",
    "expects",
    "expecting",
    "expected",
    "want",
    "wants",
    "need",
    "needs",
    "require",
    "requires",
    "requiring",
    "required",
    "let",
    "lets",
];

/// Verbs of the aim after a clause that worsens the load: "give her the
/// launch to lead, to help with the caregiving strain".
const AIMS: &[&str] = &[
    "help", "ease", "reduce", "relieve", "lighten", "cut", "lower", "lessen", "tackle", "address",
    "improve", "fix", "solve", "spread", "give", "take", "free", "manage",
];

/// Words after "to" that name someone else taking the work: "hand her
/// escalations over to the support lead", "to another engineer".
const OTHER_TAKERS: &[&str] = &[
    "a", "an", "the", "another", "someone", "somebody", "other", "others", "their", "his",
];

/// Verbs of increase.
const INCREASING: &[&str] = &[
    "increase",
    "increases",
    "increasing",
    "increased",
    "double",
    "doubles",
    "doubling",
    "doubled",
    "triple",
    "triples",
    "tripling",
    "tripled",
    "intensify",
    "intensifies",
    "intensifying",
];

/// Verbs of adding, which add load only before a new item ("add a manual
/// sign-off step"), not a definite one ("add the on-call pain points to
/// the retro").
const ADDING: &[&str] = &["add", "adds", "adding", "added"];

/// Words that open a new item after "add".
const NEW_ITEM: &[&str] = &[
    "a",
    "an",
    "one",
    "two",
    "three",
    "another",
    "more",
    "extra",
    "additional",
    "second",
    "third",
];

/// Words of more before a noun.
const MORE: &[&str] = &[
    "more",
    "extra",
    "additional",
    "another",
    "second",
    "third",
    "further",
];

/// Nouns a word of [`MORE`] may name as more of the work done on the load
/// ("log every manual deployment in more detail", "do the manual checks
/// more often").
const INTENSITY: &[&str] = &[
    "detail",
    "often",
    "frequently",
    "thoroughly",
    "paperwork",
    "steps",
    "step",
];

/// Verbs that halt something.
const HALTING: &[&str] = &[
    "pause",
    "pauses",
    "pausing",
    "paused",
    "halt",
    "halts",
    "halting",
    "halted",
    "stop",
    "stops",
    "stopping",
    "stopped",
    "shelve",
    "shelves",
    "shelving",
    "shelved",
    "drop",
    "drops",
    "dropping",
    "dropped",
    "cancel",
    "cancels",
    "cancelling",
    "canceling",
    "cancelled",
    "canceled",
    "scrap",
    "scraps",
    "scrapping",
    "scrapped",
    "suspend",
    "suspends",
    "suspending",
    "suspended",
    "abandon",
    "abandons",
    "abandoning",
    "abandoned",
    "freeze",
    "freezes",
    "freezing",
    "frozen",
];

/// Words that help with the load, beside the [`MEANS`] words: people,
/// time, rest, support, and the work done to end the load ("another
/// incident review", "a second on-call engineer", "more time").
const HELPERS: &[&str] = &[
    "person",
    "people",
    "engineer*",
    "developer*",
    "colleague*",
    "hands",
    "staff*",
    "member*",
    "headcount",
    "buddy",
    "buddies",
    "mentor*",
    "pair",
    "paired",
    "deputy",
    "deputies",
    "responder*",
    "backup*",
    "partner*",
    "help",
    "helper*",
    "support*",
    "capacity",
    "resource*",
    "time",
    "week",
    "weeks",
    "day",
    "days",
    "rest",
    "break",
    "breaks",
    "leave",
    "recovery",
    "budget",
    "pay",
    "notice",
    "flexibility",
    "review*",
    "fix",
    "fixes",
    "retro*",
    "postmortem*",
    "post mortem*",
    "runbook*",
    "alert*",
    "monitoring",
    "tool*",
    "test*",
    "check in*",
    "checkin*",
    "oneonone*",
    "clarity",
    "answer*",
    "update*",
    "information",
    "plan",
    "slack",
    "buffer",
    // What a newcomer is given to learn the work, not the work itself:
    // "give him a ramp-up on the stack", "a handover of the migration".
    "ramp* up",
    "onboard*",
    "induction*",
    "handover*",
    "handoff*",
    "walkthrough*",
    "walk through*",
    "coaching",
    "guidance",
    "pairing",
    "introduction*",
    "orientation",
];

/// [`HELPERS`] words for the people who carry the load, not help with it:
/// "each engineer is on call every 2 days".
const PEOPLE: &[&str] = &[
    "person",
    "people",
    "engineer",
    "engineers",
    "developer",
    "developers",
    "colleague",
    "colleagues",
    "staff",
    "member",
    "members",
];

/// [`MEANS`] words that share the load out rather than end it: halting
/// "the manual deploy rota" halts the load.
const SHARING: &[&str] = &[
    "rota",
    "rotas",
    "rotation",
    "rotations",
    "roster",
    "schedule",
];

/// Words that bound or lessen what a verb of keeping or giving keeps:
/// "keep on-call to one week in eight", "keep him off the rota", "give
/// her fewer escalations", "hand over the pager".
const RELEASE: &[&str] = &[
    "off",
    "out",
    "away",
    "from",
    "under",
    "below",
    "within",
    "down",
    "less",
    "fewer",
    "lower",
    "low",
    "lighter",
    "light",
    "smaller",
    "small",
    "shorter",
    "short",
    "reduced",
    "capped",
    "limited",
    "minimal",
    "minimum",
    "only",
    "free",
    "clear",
    "over",
    "manageable",
    "sustainable",
    "fair",
    "fairer",
    "balanced",
    "realistic",
    "protected",
];

/// Words before a verb of keeping that make it a noun: "colleagues on
/// long-term leave", "his annual leave", "back from sick leave".
const NOUN_BEFORE: &[&str] = &[
    "a",
    "an",
    "the",
    "his",
    "her",
    "their",
    "my",
    "our",
    "your",
    "its",
    "on",
    "of",
    "from",
    "after",
    "during",
    "off",
    "in",
    "term",
    "sick",
    "annual",
    "parental",
    "maternity",
    "paternity",
    "medical",
    "unpaid",
    "paid",
    "compassionate",
    "study",
    "extended",
    "planned",
    "personal",
    "carers",
    "family",
];

/// Words in what a person is put back on that pile all of the load on
/// them: "put him back on every incident".
const EXCESS: &[&str] = &[
    "every",
    "all",
    "each",
    "sole",
    "alone",
    "more",
    "extra",
    "additional",
];

/// Marks in a word gap that end a clause.
const CLAUSE_BREAKS: [char; 6] = [',', ';', ':', '(', '\u{2013}', '\u{2014}'];

/// Words after which keeping is bounded, though they join other objects
/// elsewhere: "keep incidents to three a month", "keep overtime at zero".
const KEEPING_BOUNDS: &[&str] = &["to", "at"];

/// Generic nouns of work given to a person: "hand Anton a third
/// colleague's work".
const WORK: &[&str] = &[
    "work",
    "workload*",
    "task*",
    "ticket*",
    "project*",
    "duties",
    "duty",
    "responsibilit*",
    "shift*",
    "case",
    "cases",
    "load",
    "backlog*",
    "queue*",
    "job",
    "jobs",
    "working group*",
    "workstream*",
    "work stream*",
    "committee*",
    "task force*",
    "taskforce*",
    "initiative*",
    "programme*",
];

/// Words that end the object of a verb: a conjunction, a clause of
/// reason, purpose or time, or an adjunct of time.
const OBJECT_ENDS: &[&str] = &[
    "so",
    "since",
    "because",
    "while",
    "whilst",
    "when",
    "if",
    "unless",
    "until",
    "and",
    "but",
    "or",
    "then",
    "though",
    "although",
    "whereas",
    "given",
    "during",
    "through",
    "throughout",
    "before",
    "after",
    "once",
    "rather",
    "instead",
];

/// Prepositions that end a noun phrase.
const PREPOSITIONS: &[&str] = &[
    "to", "on", "in", "at", "with", "from", "into", "onto", "across", "between", "among", "about",
    "by", "off", "per", "as", "under", "below", "within", "than", "over", "for",
];

/// Determiners: after a noun one opens the next phrase ("drills a week").
const DETERMINERS: &[&str] = &["a", "an", "the", "each", "every", "per"];

/// Words that open the reason or purpose given for a clause.
const REASONS: &[&str] = &["so", "since", "because", "as", "given"];

/// How many words the object of a verb may hold.
const OBJECT_REACH: usize = 12;

/// For each word of `text`, whether it stands in what an action keeps,
/// adds to, or whose fix it halts, or in the reason given for that.
pub fn worsened(text: &Text, load: &Load) -> Vec<bool> {
    let mut marks = vec![false; text.len()];
    if text.is_empty() || (load.load.is_empty() && load.lacks.is_empty()) {
        return marks;
    }
    // Most actions hold no word that may open a construction, and are
    // settled before their helpers are found.
    let openers: Vec<usize> = (0..text.len())
        .filter(|&at| opens_a_construction(text, at))
        .collect();
    let overtime = out_of_hours_spans(text);
    let paced_up = paced_up(text);
    let absorbed: Vec<usize> = if load.new_duties {
        Vec::new()
    } else {
        (0..text.len())
            .filter(|&at| DUTY_TAKING.contains(&text.words[at].text.as_str()))
            .collect()
    };
    if openers.is_empty()
        && !text.has(ADDED_TO)
        && overtime.is_empty()
        && paced_up.is_empty()
        && absorbed.is_empty()
    {
        return marks;
    }
    let reader = Reader::new(text, load);
    let mut mark = |from: usize, to: usize| {
        marks[from.min(to)..to.min(text.len())]
            .iter_mut()
            .for_each(|m| *m = true);
    };
    for at in openers {
        if let Some((from, to)) = reader.construction(at) {
            mark(reader.with_aim(at, from), reader.with_reason(to));
        }
    }
    for (from, to) in reader.added_to_own_work() {
        mark(from, reader.with_reason(to));
    }
    for at in absorbed {
        if let Some((from, to)) = reader.others_work(at) {
            mark(from, reader.with_reason(to));
        }
    }
    // Work set outside working hours adds hours, whatever it is for
    // ("Pedro works evenings for the next two weeks so the launch date
    // holds"): the aim it states is its excuse.
    for (at, to) in overtime {
        let from = reader.step_start(at);
        mark(reader.with_aim(at, from), reader.with_reason(to));
    }
    // The load made to come round more often ("each engineer is on call
    // every 2 days instead of every 4, so incidents are caught faster").
    for (at, to) in paced_up {
        if reader.paces_the_load(at, to) {
            let from = reader.step_start(at);
            let to = to.max(reader.step_end(at));
            mark(reader.with_aim(at, from), reader.with_reason(to));
        }
    }
    marks
}

/// Whether some word of `text` may open a construction [`worsened`] marks:
/// a caller with nothing else to read the text for need not find its load.
pub fn may_worsen(text: &Text) -> bool {
    (0..text.len()).any(|at| {
        opens_a_construction(text, at) || DUTY_TAKING.contains(&text.words[at].text.as_str())
    }) || text.has(ADDED_TO)
        || !out_of_hours_work(text).is_empty()
        || !paced_up(text).is_empty()
}

/// Where `text` makes something come round more often, as (start, end)
/// spans: a change of rate to a more frequent one ("every 2 days instead
/// of every 4"; [`frequency_changes`]) or "more often" in words, not
/// negated.
fn paced_up(text: &Text) -> Vec<(usize, usize)> {
    let mut spans: Vec<(usize, usize)> = frequency_changes(text)
        .into_iter()
        .filter(|c| c.more_often() && !negated(text, c.start, c.start + 1))
        .map(|c| (c.start, c.end))
        .collect();
    spans.extend(
        more_often_said(text)
            .into_iter()
            .filter(|&at| !negated(text, at, at + 1))
            .map(|at| (at, at + 2)),
    );
    spans
}

/// Whether the word at `at` is a verb or a word of more that may open a
/// construction. The verbs of appointing and taking are common ("make
/// sure", "take him off the rota"), and open one only where one can
/// stand: before a holder word later in the text, and after a subject.
fn opens_a_construction(text: &Text, at: usize) -> bool {
    let word = text.words[at].text.as_str();
    OPENERS.iter().any(|words| words.contains(&word))
        || (APPOINTING.contains(&word) && text.has(HOLDERS))
        || ((TAKING.contains(&word) || NEW_DUTIES.contains(&word))
            && (at.saturating_sub(SUBJECT_REACH + 1)..at).any(|k| {
                // "so he covers", "have them pick up", "Arjun picks up",
                // "Astrid works two weekends and takes": the subject of
                // the step before.
                let w = text.words[k].text.as_str();
                SUBJECTS.contains(&w)
                    || matches!(w, "him" | "her" | "them")
                    || starts_upper(text, k)
                    || (k + 1 == at && COORDINATED.contains(&w))
            }))
}

/// Whether the word at `at` is written with a capital: a name.
fn starts_upper(text: &Text, at: usize) -> bool {
    text.words.get(at).is_some_and(|w| {
        text.source
            .get(w.start..)
            .and_then(|rest| rest.chars().next())
            .is_some_and(char::is_uppercase)
    })
}

/// The words of one action with what is known of them.
struct Reader<'a> {
    text: &'a Text,
    person: &'a dyn Fn(usize) -> bool,
    /// [`Load::new_duties`].
    new_duties: bool,
    /// Per word: starts a mention of the load, of a lack, of a helper.
    load: Vec<bool>,
    lack: Vec<bool>,
    /// Per word: starts a [`MEANS`] or [`HELPERS`] word; `support`, a
    /// [`HELPERS`] word only (a person kept "on the rota" or "on the
    /// bridge" is kept on the load, though those words name means).
    helper: Vec<bool>,
    support: Vec<bool>,
    /// Per word: inside a mention of the load.
    in_load: Vec<bool>,
    /// Per word: starts a [`HOLDERS`] word.
    holder: Vec<bool>,
    /// Per word: the end of the mention of the load or of a lack starting
    /// there.
    mention_end: Vec<Option<usize>>,
}

impl<'a> Reader<'a> {
    fn new(text: &'a Text, load: &'a Load) -> Reader<'a> {
        let n = text.len();
        let starts = |spans: &[(usize, usize)]| {
            let mut out = vec![false; n];
            spans
                .iter()
                .filter(|(s, _)| *s < n)
                .for_each(|(s, _)| out[*s] = true);
            out
        };
        let own = |spans: Vec<(usize, usize)>| -> Vec<(usize, usize)> {
            spans
                .into_iter()
                .filter(|(s, _)| !possessive(text, *s))
                .collect()
        };
        let support = own(text.mentions(HELPERS));
        let helpers: Vec<(usize, usize)> = own(text.mentions(MEANS))
            .into_iter()
            .chain(support.iter().copied())
            .collect();
        let mut mention_end = vec![None; n];
        for (s, e) in load.load.iter().chain(load.lacks) {
            if let Some(end) = mention_end.get_mut(*s) {
                *end = Some(*e);
            }
        }
        let mut in_load = vec![false; n];
        for (s, e) in load.load {
            in_load[(*s).min(n)..(*e).min(n)]
                .iter_mut()
                .for_each(|m| *m = true);
        }
        Reader {
            text,
            person: load.person,
            new_duties: load.new_duties,
            load: starts(load.load),
            lack: starts(load.lacks),
            helper: starts(&helpers),
            support: starts(&support),
            in_load,
            holder: starts(&text.mentions(HOLDERS)),
            mention_end,
        }
    }

    fn word(&self, at: usize) -> &str {
        self.text.words.get(at).map_or("", |w| w.text.as_str())
    }

    /// Whether the word at `at` says how long, not time given: "the
    /// release coordinator for the next two weeks".
    fn how_long(&self, at: usize) -> bool {
        matches!(self.word(at), "week" | "weeks" | "day" | "days")
            && (at.saturating_sub(SUBJECT_REACH + 1)..at).any(|j| self.word(j) == "for")
    }

    /// Whether the word at `at` names the load or the role after it, not
    /// help: "the launch-week on-call shifts", "the release coordinator".
    fn modifier(&self, at: usize) -> bool {
        self.load.get(at + 1) == Some(&true) || self.holder.get(at + 1) == Some(&true)
    }

    fn same_sentence(&self, a: usize, b: usize) -> bool {
        match (self.text.words.get(a), self.text.words.get(b)) {
            (Some(x), Some(y)) => x.sentence == y.sentence,
            _ => false,
        }
    }

    fn any(&self, marks: &[bool], from: usize, to: usize) -> bool {
        marks
            .get(from..to.min(marks.len()))
            .is_some_and(|m| m.iter().any(|x| *x))
    }

    fn any_word(&self, words: &[&str], from: usize, to: usize) -> bool {
        (from..to).any(|k| words.contains(&self.word(k)))
    }

    fn generic_work(&self, from: usize, to: usize) -> bool {
        self.text
            .mentions(WORK)
            .iter()
            .any(|(s, _)| (from..to).contains(s))
    }

    /// The end of the object that starts at `from`: before the first
    /// clause break, [`OBJECT_ENDS`] word or [`OBJECT_REACH`] words.
    fn object_end(&self, from: usize) -> usize {
        // A verb that ends its clause has no object: "the colleagues on
        // long-term leave; run a review of the incident causes".
        if self.text.gap(from).contains(CLAUSE_BREAKS) {
            return from;
        }
        let mut k = from;
        while k < self.text.len() && k < from + OBJECT_REACH && self.same_sentence(from, k) {
            if k > from && self.text.gap(k).contains(CLAUSE_BREAKS) {
                break;
            }
            if OBJECT_ENDS.contains(&self.word(k)) {
                break;
            }
            k += 1;
        }
        k
    }

    /// The end of the noun phrase that starts at `from`, within `to`:
    /// before a preposition, or a determiner after a noun. A preposition
    /// that opens a mention of the load is none ("the weekend on-call
    /// shifts").
    fn phrase_end(&self, from: usize, to: usize) -> usize {
        let mut k = from;
        while k < to {
            let w = self.word(k);
            let preposition = PREPOSITIONS.contains(&w) && !self.load.get(k).is_some_and(|l| *l);
            if preposition || (k > from && DETERMINERS.contains(&w)) {
                break;
            }
            k += 1;
        }
        k
    }

    /// Whether the verb at `at` is negated, set against another step
    /// ("rather than keep him on every incident") or halted ("so Hana
    /// stops absorbing the leavers' work").
    fn not_done(&self, at: usize) -> bool {
        negated(self.text, at, at + 1)
            || (at >= 1 && (self.word(at - 1) == "than" || HALTING.contains(&self.word(at - 1))))
            || (at >= 2 && self.word(at - 2) == "instead" && self.word(at - 1) == "of")
    }

    /// The construction that worsens the load starting at word `at`, a
    /// word that may open one ([`opens_a_construction`]): the span it
    /// covers.
    fn construction(&self, at: usize) -> Option<(usize, usize)> {
        let word = self.word(at);
        if self.not_done(at) {
            return None;
        }
        if KEEPING.contains(&word) {
            return if self.a_noun(at) {
                None
            } else {
                self.keeping(at)
            };
        }
        if GIVING.contains(&word)
            && let Some(span) = self.giving(at)
        {
            return Some(span);
        }
        if PLACING.contains(&word)
            && let Some(span) = self.placing(at)
        {
            return Some(span);
        }
        if INCREASING.contains(&word)
            || (ADDING.contains(&word) && NEW_ITEM.contains(&self.word(at + 1)))
        {
            return self.increasing(at);
        }
        if (ADDING.contains(&word) || WIDENING.contains(&word))
            && let Some(span) = self.widening(at)
        {
            return Some(span);
        }
        if MORE.contains(&word) {
            return self.more(at);
        }
        if HALTING.contains(&word) {
            return self.halting(at);
        }
        if APPOINTING.contains(&word) && !self.a_noun(at) {
            return self.appointing(at);
        }
        if TAKING.contains(&word) || NEW_DUTIES.contains(&word) {
            return self.taking(at);
        }
        None
    }

    /// "add the search feature to the launch", "expand the launch scope",
    /// "squeeze in two more features": more scope set on the work;
    /// "bring the launch forward": its deadline made earlier. Not "move
    /// the search feature out of the launch", "widen the rota", "extend
    /// the deadline".
    fn widening(&self, at: usize) -> Option<(usize, usize)> {
        let from = at + 1;
        let end = self.object_end(from);
        if end <= from || self.any_word(RELEASE, from, end) {
            return None;
        }
        // "scope" is also a means ("cut the scope"): here it is what grows.
        let in_scope = self.scope_words(from, end);
        let helped = (from..end).any(|k| self.helper[k] && !in_scope.contains(&k));
        let scope = !in_scope.is_empty() && !helped;
        let earlier = self.any(&self.load, from, end) && self.any_word(EARLIER, from, end);
        // What the scope is set on follows in the step: "take on the
        // search feature before the launch".
        (scope || earlier).then(|| (from, self.step_end(at)))
    }

    /// Whether `from..to` names scope of the work ([`SCOPE`]).
    fn scoped(&self, from: usize, to: usize) -> bool {
        !self.scope_words(from, to).is_empty()
    }

    /// The words of `from..to` that name scope of the work ([`SCOPE`]).
    fn scope_words(&self, from: usize, to: usize) -> Vec<usize> {
        self.text
            .mentions(SCOPE)
            .into_iter()
            .filter(|(s, _)| (from..to).contains(s))
            .flat_map(|(s, e)| s..e)
            .collect()
    }

    /// The end of the step the word at `at` stands in: its clause, up to
    /// a word that opens another step ("and", "but", "or", "then").
    fn step_end(&self, at: usize) -> usize {
        let clause = self.text.words[at].clause;
        (at + 1..self.text.len())
            .find(|&k| {
                self.text.words[k].clause != clause
                    || matches!(self.word(k), "and" | "but" | "or" | "then" | "while")
            })
            .unwrap_or(self.text.len())
    }

    /// Whether the word at `at` stands as a noun, after a determiner, a
    /// possessive, a preposition or a word of a kind of leave ("on
    /// long-term leave", "Anton's leave").
    fn a_noun(&self, at: usize) -> bool {
        at.checked_sub(1)
            .is_some_and(|k| NOUN_BEFORE.contains(&self.word(k)) || possessive(self.text, k))
    }

    /// "keep all deployments manual", "keep Samir as first responder on
    /// every incident"; not "keep on-call to one week in eight", "keep him
    /// off the rota", "keep an eye on his incident load".
    fn keeping(&self, at: usize) -> Option<(usize, usize)> {
        let from = at + 1;
        if self.any_word(KEEPING_IDIOMS, from, from + 2) {
            return None;
        }
        let end = self.object_end(from);
        // "keep the rota as it is but review it weekly": a step on it.
        if self.word(end) == "but" {
            return None;
        }
        let person = (self.person)(from);
        let head = if person { from + 2 } else { from };
        let phrase = self.phrase_end(head, end);
        let bounded = self.any_word(RELEASE, from, end)
            || (!person && self.any_word(KEEPING_BOUNDS, from, end));
        // Kept "as first responder", the person is the role, no help.
        let helped = if person {
            self.word(from + 1) != "as" && self.any(&self.support, head, phrase)
        } else {
            self.any(&self.helper, head, phrase)
        };
        (self.any(&self.load, from, end) && !bounded && !helped).then_some((from, end))
    }

    /// "assign Samir to every incident", "put her back on the rota".
    fn placing(&self, at: usize) -> Option<(usize, usize)> {
        let from = at + 1;
        if !(self.person)(from) || possessive(self.text, from) {
            return None;
        }
        let end = self.object_end(from);
        // Put back where they were after a relief ("put him back on the
        // rota"), a person is returned to their share; only "back on every
        // incident" piles the load on them again.
        if self.word(from + 1) == "back" && !self.any_word(EXCESS, from, end) {
            return None;
        }
        (self.any(&self.load, from, end)
            && !self.any_word(RELEASE, from, end)
            && !self.any(&self.support, from + 1, end))
        .then_some((from, end))
        .or_else(|| self.holds_the_load(from + 1, end).then_some((from, end)))
    }

    /// "make Arjun the rota owner", "appoint him incident commander for
    /// every P1": the person made the holder of the load; not "make Priya
    /// the rota owner" (someone else), "make him co-owner of the
    /// migration" (a share of it).
    fn appointing(&self, at: usize) -> Option<(usize, usize)> {
        let from = at + 1;
        if !(self.person)(from) || possessive(self.text, from) {
            return None;
        }
        let end = self.object_end(from);
        self.holds_the_load(from + 1, end).then_some((from, end))
    }

    /// Whether `from..to` names a role that holds the load itself: a
    /// [`HOLDERS`] word, not shared, beside the load, a rota of it or
    /// work ("the rota owner", "incident commander for every P1", "in
    /// charge of the backlog"), with nothing that lessens it and no fix
    /// of it ("the owner of the automation project" holds the fix).
    fn holds_the_load(&self, from: usize, to: usize) -> bool {
        let to = to.min(self.text.len());
        let held = (from..to).any(|k| {
            self.holder[k]
                && !k
                    .checked_sub(1)
                    .is_some_and(|b| b >= from && SHARED_ROLES.contains(&self.word(b)))
        });
        // Where the person is the one under strain, any role is a duty on
        // top of what weighs on them ("make Tariq the lead of the reorg
        // comms", "make Soren the release coordinator").
        let of_the_load = self.any(&self.load, from, to)
            || self.any_word(SHARING, from, to)
            || self.generic_work(from, to)
            || self.new_duties;
        let lessened =
            (from..to).any(|k| RELEASE.contains(&self.word(k)) && self.word(k) != "only");
        // The holder's own noun ("the go-to person", "lead engineer") is
        // the role, no help.
        let holders_noun = |k: usize| {
            k >= 1
                && (self.holder[k - 1]
                    || (k >= 2 && self.holder[k - 2] && self.word(k - 1) == "to"))
        };
        let fixed = (from..to).any(|k| {
            self.helper[k]
                && !self.in_load[k]
                && !SHARING.contains(&self.word(k))
                && !holders_noun(k)
                && !self.how_long(k)
                && !self.modifier(k)
        });
        held && of_the_load && !lessened && !fixed
    }

    /// "so he personally covers every gap shift", "Arjun picks up all the
    /// weekend shifts": the person as the subject of a verb of taking
    /// every part of the load or of work, or, where they are the one under
    /// strain, any of the load ("Astrid takes the launch-week on-call
    /// shifts"); not "a rota owner (not Aarav) covers gap shifts" (someone
    /// else), "she takes every other Friday off" (time off).
    fn taking(&self, at: usize) -> Option<(usize, usize)> {
        let clause = self.text.words[at].clause;
        let subject = (at.saturating_sub(SUBJECT_REACH + 1)..at)
            .rev()
            .take_while(|&k| self.text.words[k].clause == clause)
            .find(|&k| !SUBJECT_FILLERS.contains(&self.word(k)))?;
        // "Astrid works two weekends and takes ...": the subject of the
        // step before, its first word.
        let subject = if COORDINATED.contains(&self.word(subject)) {
            self.step_start(subject.checked_sub(1)?)
        } else {
            subject
        };
        let is_subject = SUBJECTS.contains(&self.word(subject))
            || ((self.person)(subject) && !possessive(self.text, subject));
        if !is_subject {
            return None;
        }
        let particle = TAKING_PARTICLES.contains(&self.word(at + 1));
        let from = at + 1 + usize::from(particle);
        let end = self.object_end(from);
        if self.new_duties
            && (self.person)(subject)
            && let Some(span) = self.new_duty(at, subject, particle, from, end)
        {
            return Some(span);
        }
        if NEW_DUTIES.contains(&self.word(at)) {
            return None;
        }
        // "every gap shift", not "no more than one shift in eight".
        let excess = (from..end).any(|k| {
            EXCESS.contains(&self.word(k))
                && !k
                    .checked_sub(1)
                    .is_some_and(|b| matches!(self.word(b), "no" | "not" | "any" | "never"))
        });
        let of_the_load = self.any(&self.load, from, end)
            || self.any_word(SHARING, from, end)
            || self.generic_work(from, end);
        // The person under strain taking the load itself on, all of it or
        // not, or others' work ("Astrid takes the launch-week on-call
        // shifts herself", "Hana absorbs the two leavers' work").
        let others_work = self.generic_work(from, end)
            && (from..end).any(|k| {
                !(self.person)(k) && (possessive(self.text, k) || plural_possessive(self.text, k))
            });
        // "give her cover for the on-call weeks": "her" is who is given.
        let their_load = self.new_duties
            && (self.person)(subject)
            && !matches!(self.word(subject), "him" | "her" | "them")
            && DUTY_TAKING.contains(&self.word(at))
            && (self.any(&self.load, from, end) || others_work);
        ((excess || their_load)
            && of_the_load
            && !self.any_word(RELEASE, from, end)
            && !(from..end).any(|k| self.support[k] && !self.modifier(k) && !self.how_long(k)))
        .then_some((subject, end))
    }

    /// A new duty for the person under strain, the subject at `subject` of
    /// the verb at `at` whose object is `from..end`: asked of them ("ask
    /// Tariq to run the reorg working group", "have her lead the launch
    /// retro") or taken on ("Pedro takes on the search feature", "she
    /// picks up the migration"), with an object that is no time off, no
    /// lighter share and no help ("ask him to take two days off", "have
    /// her take her leave").
    fn new_duty(
        &self,
        at: usize,
        subject: usize,
        particle: bool,
        from: usize,
        end: usize,
    ) -> Option<(usize, usize)> {
        let verb = self.word(at);
        let asked = subject
            .checked_sub(1)
            .is_some_and(|k| ASKED.contains(&self.word(k)));
        let taken_on = particle
            && matches!(
                verb,
                "take" | "takes" | "taking" | "took" | "pick" | "picks" | "picking" | "picked"
            );
        let duty = NEW_DUTIES.contains(&verb) || DUTY_TAKING.contains(&verb);
        let lightened = self.any_word(RELEASE, from, end)
            || self.any(&self.support, from, end)
            || (from..end).any(|k| self.helper[k] && !SHARING.contains(&self.word(k)));
        (((asked && duty) || taken_on) && end > from && !lightened).then(|| {
            (
                subject.saturating_sub(usize::from(asked)),
                self.step_end(at),
            )
        })
    }

    /// Where the step holding word `at` starts: its clause's first word,
    /// or the word after the last "and", "but", "or" or "then" before
    /// `at` in it ("move the launch date and have Pedro work evenings" is
    /// two steps).
    fn step_start(&self, at: usize) -> usize {
        let clause = self.text.words[at].clause;
        let mut start = at;
        for k in (0..at).rev() {
            if self.text.words[k].clause != clause {
                break;
            }
            if matches!(self.word(k), "and" | "but" | "or" | "then") {
                return k + 1;
            }
            start = k;
        }
        start
    }

    /// Whether what the rate at `from..to` paces is the load: the nearest
    /// mention before it in its clause of the load, of a lack or of a
    /// help, or the first after it when none stands before ("on call every
    /// 2 days", "from every 5 days to every 3 on call"; not "1:1s every 2
    /// weeks" or "incident reviews every week").
    fn paces_the_load(&self, from: usize, to: usize) -> bool {
        let clause = self.text.words[from].clause;
        let read = |k: usize| -> Option<bool> {
            if self.in_load[k] {
                return Some(true);
            }
            let help = self.helper[k]
                && !SHARING.contains(&self.word(k))
                && !PEOPLE.contains(&self.word(k));
            (self.lack[k] || help).then_some(false)
        };
        (0..from)
            .rev()
            .take_while(|&k| self.text.words[k].clause == clause)
            .find_map(read)
            .or_else(|| {
                (to..self.text.len())
                    .take_while(|&k| self.text.words[k].clause == clause)
                    .find_map(read)
            })
            .unwrap_or(false)
    }

    /// Where the aim stated for the construction its verb at `at` opens
    /// begins, or `from`: the clause before "by" ("Ease the on-call
    /// pressure by making Arjun the rota owner") or a purpose opening the
    /// sentence ("To reduce her on-call fatigue, give Fatima the weekend
    /// shifts"). What an action says it is for does not make it a step on
    /// what it adds to.
    fn with_aim(&self, at: usize, from: usize) -> usize {
        let clause_start = |k: usize| {
            let clause = self.text.words[k].clause;
            (0..=k)
                .rev()
                .take_while(|&j| self.text.words[j].clause == clause)
                .last()
                .unwrap_or(k)
        };
        if at >= 1 && self.word(at - 1) == "by" {
            return clause_start(at - 1).min(from);
        }
        let own = clause_start(at);
        let Some(before) = own.checked_sub(1).filter(|&k| self.same_sentence(k, at)) else {
            return from;
        };
        let purpose = clause_start(before);
        let opens_a_purpose = match self.word(purpose) {
            "to" => true,
            "in" => self.word(purpose + 1) == "order" && self.word(purpose + 2) == "to",
            "so" => self.word(purpose + 1) == "as" && self.word(purpose + 2) == "to",
            _ => false,
        };
        if opens_a_purpose {
            purpose.min(from)
        } else {
            from
        }
    }

    /// Work set on top of the person's own in a sentence that asks or
    /// gives it ("ask Tariq to run the reorg working group and draft the
    /// new structure himself, on top of his current work", "give her the
    /// launch as well as her day job"): the sentence up to the person's
    /// own work, each.
    fn added_to_own_work(&self) -> Vec<(usize, usize)> {
        let mut spans = Vec::new();
        let own_work_nouns: Vec<usize> = self
            .text
            .mentions(OWN_WORK)
            .into_iter()
            .map(|(s, _)| s)
            .collect();
        for (s, e) in self.text.mentions(ADDED_TO) {
            let mut k = e;
            while k < self.text.len()
                && k < e + OBJECT_REACH
                && self.same_sentence(s, k)
                && OWN_WORK_WORDS.contains(&self.word(k))
                && !self.generic_work(k, k + 1)
            {
                k += 1;
            }
            let owned = (e..k).any(|j| matches!(self.word(j), "his" | "her" | "their" | "own"))
                || possessive(self.text, e);
            let own_work = self.generic_work(k, k + 1) || own_work_nouns.contains(&k);
            let start = self.text.sentence_start(s);
            let asked = (start..s).any(|j| {
                ASKING.contains(&self.word(j))
                    || GIVING.contains(&self.word(j))
                    || PLACING.contains(&self.word(j))
            });
            if owned && own_work && asked && !negated(self.text, s, e) {
                spans.push((start, k + 1));
            }
        }
        spans
    }

    /// Where the load is the team's own (a plan), the verb of taking at
    /// `at` with the work of people away as its object ("ask Beatriz to
    /// take on the absent colleagues' project reviews", "ask the engineers
    /// to absorb the work of the two colleagues on leave"), taken on by
    /// anyone but a hire ([`HIRING`]: "have a contractor absorb the absent
    /// colleagues' work"): the step, the gap moved onto the team rather
    /// than covered. The work is theirs by a possessive of people on a
    /// mention of the load or of a lack, or by "of" after a noun of work.
    fn others_work(&self, at: usize) -> Option<(usize, usize)> {
        if self.new_duties || self.not_done(at) {
            return None;
        }
        let particle = TAKING_PARTICLES.contains(&self.word(at + 1));
        let from = at + 1 + usize::from(particle);
        let end = self.object_end(from);
        let work_of =
            |k: usize| (from..k).any(|j| self.word(j + 1) == "of" && self.generic_work(j, j + 1));
        // "the absent colleagues' reviews": people's, not "the incidents'
        // causes".
        let peoples = |last: usize| {
            (possessive(self.text, last) || plural_possessive(self.text, last))
                && PEOPLE.contains(&self.word(last))
        };
        let theirs = (from..end).any(|k| {
            self.mention_end[k].is_some_and(|e| work_of(k) || peoples(e.saturating_sub(1)))
        });
        if !theirs {
            return None;
        }
        let start = self.step_start(at);
        // Someone takes it: asked to ("ask the engineers to absorb"), or
        // people or a name as the subject ("the team absorbs", "Beatriz
        // takes on"); "arrange cover for the absent colleagues' work" and
        // "document who covers their duties" give it to no one.
        let asked = (start..at).any(|k| ASKED.contains(&self.word(k)));
        let subject = (at.saturating_sub(SUBJECT_REACH + 1)..at)
            .rev()
            .filter(|&k| k >= start)
            .find(|&k| !SUBJECT_FILLERS.contains(&self.word(k)) && !EXCESS.contains(&self.word(k)));
        let taken = asked
            || subject.is_some_and(|k| {
                PEOPLE.contains(&self.word(k))
                    || matches!(self.word(k), "team" | "they" | "he" | "she")
                    || starts_upper(self.text, k)
            });
        let step_end = self.step_end(at).max(end);
        let hired = self
            .text
            .mentions(HIRING)
            .iter()
            .any(|(s, _)| (start..step_end).contains(s));
        (taken && !hired).then_some((start, end))
    }

    /// "give her the escalations", "hand Anton a third colleague's work",
    /// "route every page to him"; not "hand Anton's extra work to a
    /// contractor".
    fn giving(&self, at: usize) -> Option<(usize, usize)> {
        let from = at + 1;
        let end = self.object_end(from);
        // The first "to" names who takes it: "route every page to him",
        // not "hand her escalations over to the support lead".
        let to = (from..end).find(|k| self.word(*k) == "to");
        let to_person = to.filter(|k| (self.person)(k + 1));
        let (thing, thing_end) = if (self.person)(from) && !possessive(self.text, from) {
            if to.is_some_and(|k| OTHER_TAKERS.contains(&self.word(k + 1))) {
                return None;
            }
            (from + 1, end)
        } else if let Some(k) = to_person {
            (from, k)
        } else {
            return None;
        };
        let phrase = self.phrase_end(thing, thing_end);
        let load = self.any(&self.load, thing, phrase) || self.generic_work(thing, phrase);
        (load && !self.any_word(RELEASE, thing, phrase) && !self.support_given(thing, phrase))
            .then_some((from, end))
    }

    /// Whether the thing given in `from..to` is help ("a mentor", "time to
    /// learn", "a ramp-up on the stack"): a helper word, but a rota, which
    /// given to someone is the load shared out to them ("give her the
    /// on-call rota too").
    fn support_given(&self, from: usize, to: usize) -> bool {
        (from..to.min(self.helper.len()))
            .any(|k| self.helper[k] && !SHARING.contains(&self.word(k)))
    }

    /// "increase his incident load", "add a manual sign-off step".
    fn increasing(&self, at: usize) -> Option<(usize, usize)> {
        let from = at + 1;
        let end = self.object_end(from);
        let phrase = self.phrase_end(from, end);
        ((self.any(&self.load, from, phrase) || self.scoped(from, phrase))
            && !self.any(&self.helper, from, phrase)
            && !self.any_word(RELEASE, from, phrase))
        .then_some((from, end))
    }

    /// "two extra manual deployment drills", "a second manual sign-off
    /// step", "log every manual deployment in more detail"; not "no more
    /// than one on-call week", "more team events", "a second on-call
    /// engineer", a third of his work.
    fn more(&self, at: usize) -> Option<(usize, usize)> {
        let before = at.checked_sub(1).map_or("", |k| self.word(k));
        let after = self.word(at + 1);
        // "second" and "third" add only after "a" ("a second sign-off
        // step"); "the second incident cause" is one of a list.
        let ordinal = matches!(self.word(at), "second" | "third");
        if self.in_load[at]
            || matches!(before, "no" | "not" | "any" | "nothing")
            || matches!(after, "than" | "of")
            || (ordinal && !matches!(before, "a" | "an" | "one"))
        {
            return None;
        }
        let from = at + 1;
        let end = self.object_end(from);
        let phrase = self.phrase_end(from, end);
        if (self.any(&self.load, from, phrase) || self.scoped(from, phrase))
            && !self.any(&self.helper, from, phrase)
            && !self.any_word(RELEASE, from, phrase)
        {
            return Some((from, phrase));
        }
        // More of the work done on the load: the load earlier in the
        // clause, with nothing that helps.
        if INTENSITY.contains(&after) {
            let clause = self.text.words[at].clause;
            let start = (0..at)
                .rev()
                .take_while(|k| self.text.words[*k].clause == clause)
                .last()
                .unwrap_or(at);
            if self.any(&self.load, start, at) && !self.any(&self.helper, start, phrase) {
                return Some((start, phrase));
            }
        }
        None
    }

    /// "pause the automation project", "cancel the offsite"; not "pause
    /// the manual deploy rota".
    fn halting(&self, at: usize) -> Option<(usize, usize)> {
        let from = at + 1;
        let end = self.object_end(from);
        let phrase = self.phrase_end(from, end);
        let fix = self.any(&self.helper, from, phrase) || self.any(&self.lack, from, phrase);
        // "the deployment automation" is a fix of the load it names; "the
        // manual deploy rota" is the load, shared out.
        let fix_head = phrase.checked_sub(1).is_some_and(|last| {
            last >= from && self.helper[last] && !SHARING.contains(&self.word(last))
        });
        (fix && (fix_head || !self.any(&self.load, from, phrase))).then_some((from, end))
    }

    /// `to`, or the end of the sentence when the reason for the clause
    /// follows it ("..., since he is coping with the two vacancies", "so
    /// he builds resilience") before another step.
    fn with_reason(&self, to: usize) -> usize {
        let Some(last) = to.checked_sub(1) else {
            return to;
        };
        let mut k = to;
        while k < self.text.len() && self.same_sentence(last, k) {
            let w = self.word(k);
            // ", which should help with the caregiving strain", "to
            // reduce her on-call fatigue": the aim after it.
            // ", covering all the weekend shifts", "- owning the release
            // checklist will force him to learn": more of the same.
            let aim = ((w == "which" || (TAKING.contains(&w) && w.ends_with("ing")))
                && self.text.gap(k).contains(CLAUSE_BREAKS))
                || (w == "to" && AIMS.contains(&self.word(k + 1)))
                || (w == "in" && self.word(k + 1) == "order");
            if aim || (REASONS.contains(&w) && !(w == "as" && self.word(k + 1) == "well")) {
                let end = (k..self.text.len())
                    .take_while(|j| self.same_sentence(last, *j))
                    .last()
                    .map_or(k, |j| j + 1);
                return end;
            }
            if matches!(w, "and" | "but" | "or" | "then") {
                return to;
            }
            k += 1;
        }
        to
    }
}

/// Times outside working hours, as words: work set in one is overtime
/// ("a Saturday catch-up session", "an extra hour each evening").
const OUT_OF_HOURS: &[&str] = &[
    "saturday*",
    "sunday*",
    "weekend*",
    "evening*",
    "night*",
    "overnight",
    "early morning*",
    "extra hour*",
    "additional hour*",
    "longer hours",
    "after hours",
];

/// Verbs that set up an item of work: "add a Saturday catch-up session",
/// "hold an evening sync", "book a Sunday release window".
const SETTING: &[&str] = &[
    "add",
    "adds",
    "adding",
    "hold",
    "holds",
    "holding",
    "book",
    "books",
    "booking",
    "run",
    "runs",
    "running",
    "arrange",
    "arranges",
    "arranging",
    "organise",
    "organises",
    "organising",
    "organize",
    "organizes",
    "organizing",
    "introduce",
    "introduces",
    "introducing",
    "schedule",
    "schedules",
    "scheduling",
    "plan",
];

/// Verbs that move an item of work to another time: "move the retro to
/// 7pm", "push stand-up back to 8pm".
const MOVING: &[&str] = &[
    "move",
    "moves",
    "moving",
    "shift",
    "shifts",
    "shifting",
    "push",
    "pushes",
    "pushing",
    "reschedule",
    "reschedules",
    "rescheduling",
    "switch",
    "switches",
    "switching",
];

/// Verbs of working at a time: "stay an extra hour each evening", "work
/// Saturdays", "come in on Sunday", "work late".
const WORKING: &[&str] = &[
    "work", "works", "working", "stay", "stays", "staying", "come", "comes", "coming", "start",
    "starts", "starting", "put", "puts", "putting", "do", "does", "doing",
];

/// Where a moved item goes: "to 7pm", "into the evening".
const TARGETS: &[&str] = &["to", "into", "onto", "until", "till", "for"];

/// Words between a verb or an item and the time it is set in: "on
/// Saturdays", "each evening", "through the weekend", "until 8pm", "both
/// weekends", "the next two weekends" (a number in words read too).
const TIME_LINKS: &[&str] = &[
    "on",
    "at",
    "in",
    "into",
    "through",
    "throughout",
    "over",
    "until",
    "till",
    "past",
    "during",
    "every",
    "each",
    "the",
    "a",
    "an",
    "one",
    "some",
    "all",
    "behind",
    "back",
    "both",
    "next",
    "coming",
    "following",
];

/// Words an item of work set in an evening or a weekend may hold that
/// make it cover or rest, not work: "add evening cover", "a Sunday off".
const NOT_WORK: &[&str] = &[
    "cover",
    "covering",
    "rota",
    "rotas",
    "rotation",
    "standby",
    "backup",
    "contractor",
    "contractors",
    "off",
    "rest",
    "leave",
    "dinner",
    "drinks",
    "social",
    "party",
    "meal",
    "celebration",
];

/// Verbs that end or bar what follows: "stop asking people to stay late",
/// "avoid weekend sessions".
const ENDING: &[&str] = &[
    "stop",
    "stops",
    "stopping",
    "end",
    "ends",
    "ending",
    "avoid",
    "avoids",
    "avoiding",
    "ban",
    "bans",
    "banning",
    "cancel",
    "cancels",
    "cancelling",
    "canceling",
    "drop",
    "drops",
    "dropping",
    "scrap",
    "scraps",
    "scrapping",
];

/// How many words before a verb an [`ENDING`] verb bars it.
const ENDING_REACH: usize = 4;

/// The first words of the phrases in `text` that set work in time
/// outside working hours, overtime added whatever the action names:
/// an item of work set up in such a time ("add a Saturday catch-up session
/// every week", "hold an evening sync at 8pm"), moved to one ("move the
/// retro to 7pm") or worked in one ("ask everyone to stay an extra hour
/// each evening", "work late on Thursdays", "come in on Sunday"). Not
/// when negated or ended ("no one stays past 6pm", "stop asking people to
/// stay late"), nor moved out of it ("move the retro from 7pm into core
/// hours"), nor where the time names a kind of work, not its time ("run
/// the numbers on weekend work"), nor cover or rest ("add evening cover").
pub fn out_of_hours_work(text: &Text) -> Vec<usize> {
    let is = |words: &[&str], at: usize| {
        text.words
            .get(at)
            .is_some_and(|w| words.contains(&w.text.as_str()))
    };
    let candidates: Vec<usize> = (0..text.len())
        .filter(|&at| is(SETTING, at) || is(MOVING, at) || is(WORKING, at))
        .collect();
    if candidates.is_empty() {
        return Vec::new();
    }
    let hours = OutOfHours::new(text);
    candidates
        .into_iter()
        .filter(|&at| !hours.barred(at))
        .filter(|&at| {
            (is(SETTING, at) && hours.set_up(at))
                || (is(MOVING, at) && hours.moved(at))
                || (is(WORKING, at) && hours.worked(at))
        })
        .collect()
}

/// [`out_of_hours_work`] with the end of the step each verb opens:
/// "works evenings and weekends until the launch", "work through the
/// weekend to hit the launch date" (its aim in the step).
fn out_of_hours_spans(text: &Text) -> Vec<(usize, usize)> {
    let verbs = out_of_hours_work(text);
    if verbs.is_empty() {
        return Vec::new();
    }
    let hours = OutOfHours::new(text);
    verbs
        .into_iter()
        .map(|at| (at, hours.step_end(at)))
        .collect()
}

/// The words of an action with its times outside working hours.
struct OutOfHours<'a> {
    text: &'a Text,
    /// Per word: the end of an out-of-hours time starting there.
    time_end: Vec<Option<usize>>,
}

impl<'a> OutOfHours<'a> {
    fn new(text: &'a Text) -> OutOfHours<'a> {
        let mut time_end = vec![None; text.len()];
        for (s, e) in text.mentions(OUT_OF_HOURS) {
            time_end[s] = Some(e);
        }
        for (at, end) in time_end.iter_mut().enumerate() {
            if end.is_none() {
                *end = clock_time_out_of_hours(text, at);
            }
        }
        OutOfHours { text, time_end }
    }

    fn word(&self, at: usize) -> &str {
        self.text.words.get(at).map_or("", |w| w.text.as_str())
    }

    fn same_clause(&self, a: usize, b: usize) -> bool {
        match (self.text.words.get(a), self.text.words.get(b)) {
            (Some(x), Some(y)) => x.clause == y.clause,
            _ => false,
        }
    }

    /// Whether the verb at `at` is negated, set against another step, or
    /// ended by a verb just before it in its clause.
    fn barred(&self, at: usize) -> bool {
        negated(self.text, at, at + 1)
            || (at >= 1 && self.word(at - 1) == "than")
            || (at.saturating_sub(ENDING_REACH)..at)
                .any(|k| self.same_clause(k, at) && ENDING.contains(&self.word(k)))
    }

    /// "add a Saturday catch-up session every week", "hold an evening sync
    /// at 8pm": a new item with the time in it or right after it.
    fn set_up(&self, at: usize) -> bool {
        let from = at + usize::from(self.word(at + 1) == "up") + 1;
        if !(NEW_ITEM.contains(&self.word(from))
            || self.word(from) == "the"
            || self.time_at(from).is_some())
        {
            return false;
        }
        // Cover or rest anywhere in the item makes it no work, even after
        // its time ("add evening cover").
        let item_end = (from..(from + OBJECT_REACH).min(self.text.len()))
            .take_while(|&k| self.same_clause(from, k))
            .last()
            .map_or(from, |k| k + 1);
        if (from..item_end).any(|k| NOT_WORK.contains(&self.word(k))) {
            return false;
        }
        let mut k = from;
        while k < self.text.len() && k < from + OBJECT_REACH && self.same_clause(from, k) {
            let w = self.word(k);
            if self.time_at(k).is_some() {
                return true;
            }
            if PREPOSITIONS.contains(&w) || (k > from && DETERMINERS.contains(&w)) {
                return self.timed(k);
            }
            k += 1;
        }
        false
    }

    /// "move the retro to 7pm": the time after the first word that says
    /// where the item goes.
    fn moved(&self, at: usize) -> bool {
        (at + 1..(at + 1 + OBJECT_REACH).min(self.text.len()))
            .take_while(|&k| self.same_clause(at, k))
            .find(|&k| TARGETS.contains(&self.word(k)))
            .is_some_and(|k| self.timed(k + 1))
    }

    /// "stay an extra hour each evening", "work Saturdays", "work late",
    /// "work overtime", "put in extra hours", "do weekends".
    fn worked(&self, at: usize) -> bool {
        let mut after = at + 1;
        // "put in" takes hours ("put in extra hours each evening"), "do"
        // a time or overtime ("do weekends", "do overtime").
        let put = matches!(self.word(at), "put" | "puts" | "putting");
        if put {
            if self.word(after) != "in" {
                return false;
            }
            after += 1;
        }
        // "defers non-essential work -> overtime comes down": the
        // outcome after an arrow is no time the work is set in.
        if (at + 1..=after).any(|k| self.text.gap(k).contains(['\u{2192}', '>'])) {
            return false;
        }
        let done = matches!(self.word(at), "do" | "does" | "doing");
        matches!(self.word(after), "overtime")
            || (!done && self.word(after) == "late")
            || (!put && !done && self.word(after) == "in" && self.word(after + 1) == "late")
            || self.timed(after)
    }

    /// The end of the step the out-of-hours verb at `at` opens: its
    /// clause, up to a word that opens another step ("and", "but", "or",
    /// "then") unless another time follows it ("evenings and weekends").
    fn step_end(&self, at: usize) -> usize {
        let mut k = at + 1;
        while k < self.text.len() && self.same_clause(at, k) {
            let opens_another = matches!(
                self.word(k),
                "and" | "but" | "or" | "then" | "while" | "whereas"
            );
            if opens_another && self.time_at(k + 1).is_none() {
                break;
            }
            k += 1;
        }
        k
    }

    /// Whether the words from `from` are a time outside working hours,
    /// past [`TIME_LINKS`] and numbers, that stands as the time itself:
    /// not a word naming a kind of work ("weekend work", "the weekend
    /// rota").
    fn timed(&self, from: usize) -> bool {
        let mut k = from;
        while k < self.text.len() && k < from + OBJECT_REACH && self.same_clause(from, k) {
            if let Some(end) = self.time_at(k) {
                return self.ends_its_phrase(end);
            }
            let w = self.word(k);
            let number = w.bytes().all(|b| b.is_ascii_digit()) || number_word(w).is_some();
            if !(TIME_LINKS.contains(&w) || number) {
                return false;
            }
            k += 1;
        }
        false
    }

    /// Whether a time ending before `end` stands on its own: its clause
    /// ends there, or a word that opens another phrase, or another time
    /// ("Saturday mornings") follows.
    fn ends_its_phrase(&self, end: usize) -> bool {
        let next = self.word(end);
        end >= self.text.len()
            || !self.same_clause(end - 1, end)
            || PREPOSITIONS.contains(&next)
            || DETERMINERS.contains(&next)
            || OBJECT_ENDS.contains(&next)
            || matches!(next, "morning" | "mornings" | "afternoon" | "afternoons")
            || next.bytes().all(|b| b.is_ascii_digit())
            || self.time_at(end).is_some()
    }

    /// The end of the out-of-hours time starting at word `at`, if one does.
    fn time_at(&self, at: usize) -> Option<usize> {
        self.time_end.get(at).copied().flatten()
    }
}

/// The end of a clock time outside working hours starting at `at`: "7pm",
/// "7 p.m.", "6am", "19:00".
fn clock_time_out_of_hours(text: &Text, at: usize) -> Option<usize> {
    let word = |k: usize| text.words.get(k).map_or("", |w| w.text.as_str());
    let hour: u32 = word(at).parse().ok()?;
    let (half, end) = match word(at + 1) {
        "pm" | "am" => (word(at + 1), at + 2),
        "p" | "a" if word(at + 2) == "m" => (word(at + 1), at + 3),
        minutes if minutes.len() == 2 && minutes.bytes().all(|b| b.is_ascii_digit()) => {
            ("", at + 2)
        }
        _ => return None,
    };
    let late = match half {
        "pm" | "p" => (6..=11).contains(&hour),
        "am" | "a" => hour <= 6 || hour == 12,
        _ => (18..=23).contains(&hour),
    };
    late.then_some(end)
}

/// Whether the word at `at` is a plural written as a possessive, its
/// apostrophe after the word: "the absent colleagues' reviews".
fn plural_possessive(text: &Text, at: usize) -> bool {
    text.words.get(at).is_some_and(|w| {
        w.text.ends_with('s')
            && text
                .source
                .get(w.end..)
                .is_some_and(|rest| rest.starts_with(['\'', '\u{2019}']))
    })
}

/// Whether the word at `at` is written as a possessive ("Anton's").
pub(crate) fn possessive(text: &Text, at: usize) -> bool {
    text.words.get(at).is_some_and(|w| {
        let written = text.source.get(w.start..w.end).unwrap_or("");
        written.ends_with("'s") || written.ends_with("\u{2019}s") || written.ends_with("s'")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words `worsened` marks in `action`, given its load and lacks
    /// phrases and "samir", "anton", "him", "her", "them" as people.
    fn marked(action: &str, load: &[&str], lacks: &[&str]) -> Vec<String> {
        let text = Text::new(action);
        let load = text.mentions(load);
        let lacks = text.mentions(lacks);
        let person = |at: usize| {
            text.words.get(at).is_some_and(|w| {
                matches!(w.text.as_str(), "samir" | "anton" | "him" | "her" | "them")
            })
        };
        let marks = worsened(
            &text,
            &Load {
                load: &load,
                lacks: &lacks,
                person: &person,
                new_duties: true,
            },
        );
        load.iter()
            .chain(lacks.iter())
            .filter(|(s, _)| marks[*s])
            .map(|(s, e)| {
                text.words[*s..*e]
                    .iter()
                    .map(|w| w.text.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    const INCIDENTS: &[&str] = &["incident*", "first responder", "bridge"];
    const TOIL: &[&str] = &["manual*", "deploy*", "toil"];
    const WORKLOAD: &[&str] = &["vacan*", "two colleagues"];
    const EVENTS: &[&str] = &["offsite*", "team event*"];
    const NEW_ROLE: &[&str] = &["new stack", "the stack", "ramp* up", "induction"];
    const ON_CALL: &[&str] = &["on call", "pager*"];
    const MIGRATION: &[&str] = &["migration*"];
    const ON_CALL_AND_MIGRATION: &[&str] = &["on call", "pager*", "migration*"];
    const ON_CALL_AND_INCIDENTS: &[&str] = &["on call", "incident*"];

    #[test]
    fn work_set_outside_working_hours_adds_overtime() {
        for action in [
            "Add a Saturday catch-up session every week so the backlog clears faster.",
            "Ask everyone to stay an extra hour each evening until the backlog is gone.",
            "Move the retro to 7pm.",
            "Hold a mandatory Saturday working session each week.",
            "Have the team work late on Thursdays to catch up.",
            "Book a Sunday release window each sprint.",
            "Schedule an evening sync at 8pm every day.",
            "Push stand-up back to 19:00.",
            "Ask the on-call engineers to come in on Sunday mornings.",
        ] {
            assert!(
                !out_of_hours_work(&Text::new(action)).is_empty(),
                "{action}"
            );
        }
        for action in [
            "Cancel the Saturday catch-up session.",
            "No one stays past 6pm.",
            "Move the retro into core hours.",
            "Move the retro from 7pm to 2pm.",
            "Stop asking people to stay late.",
            "Add evening cover to the on-call rota.",
            "Run the numbers on weekend work.",
            "Work on the weekend rota with the team.",
            "Hold a team dinner one evening.",
            "Nobody works weekends this month.",
        ] {
            assert!(
                out_of_hours_work(&Text::new(action)).is_empty(),
                "{action}: {:?}",
                out_of_hours_work(&Text::new(action))
            );
        }
    }

    #[test]
    fn support_given_is_no_load_and_the_load_given_is() {
        // A support noun as the thing given (play-it37 row 38).
        for (action, load) in [
            (
                "Give him a structured ramp-up on the stack with a mentor who knows it.",
                NEW_ROLE,
            ),
            ("Give her time to learn the new stack.", NEW_ROLE),
            ("Give him a mentor on the new stack.", NEW_ROLE),
            ("Give her a proper induction to the stack.", NEW_ROLE),
            ("Give him a handover of the migration from Li.", MIGRATION),
            ("Give her a buddy for the migration.", MIGRATION),
            ("Give him training on the new stack.", NEW_ROLE),
            ("Give her cover for the on-call weeks.", ON_CALL),
            ("Give him some coaching on the stack.", NEW_ROLE),
            ("Give her a fairer on-call rota.", ON_CALL),
        ] {
            assert!(
                marked(action, load, &[]).is_empty(),
                "{action}: {:?}",
                marked(action, load, &[])
            );
        }
        // The load itself given, a rota of it included.
        for (action, load) in [
            ("Give him the stack.", NEW_ROLE),
            ("Give her the pager rota too.", ON_CALL),
            ("Hand him the migration.", MIGRATION),
            ("Give him the new stack on top of his tickets.", NEW_ROLE),
            ("Give her the pager for the weekend.", ON_CALL),
            ("Hand her the migration and a mentor.", MIGRATION),
        ] {
            assert!(
                !marked(action, load, &[]).is_empty(),
                "{action} should worsen"
            );
        }
    }

    #[test]
    fn keeping_adding_or_halting_the_fix_worsens() {
        for (action, load, lacks) in [
            (
                "Keep Samir as first responder on every incident for the next two weeks so he \
                 builds resilience.",
                INCIDENTS,
                &[][..],
            ),
            (
                "Hand Anton a third departed colleague's work as well, since he is coping with \
                 the two vacancies.",
                WORKLOAD,
                &[],
            ),
            ("Keep all deployments manual for now.", TOIL, &[]),
            (
                "Add a second manual sign-off step to each release.",
                TOIL,
                &[],
            ),
            (
                "Have each engineer do two extra manual deployment drills a week.",
                TOIL,
                &[],
            ),
            (
                "Ask the team to log every manual deployment in more detail.",
                TOIL,
                &[],
            ),
            ("Assign Samir to every incident call.", INCIDENTS, &[]),
            ("Route every incident page to him first.", INCIDENTS, &[]),
            ("Increase his incident load.", INCIDENTS, &[]),
            ("Cancel the offsite this quarter.", &[], EVENTS),
            ("Put Samir back on every incident call.", INCIDENTS, &[]),
            ("Put him back on all incidents at once.", INCIDENTS, &[]),
            ("Leave Samir on every incident for now.", INCIDENTS, &[]),
            ("Then keep him on every incident bridge.", INCIDENTS, &[]),
        ] {
            assert!(
                !marked(action, load, lacks).is_empty(),
                "{action} should worsen"
            );
        }
        // The automation the pause halts is the fix, marked as a helper
        // word is not: the load is what callers test, so a halted fix is
        // checked through the span.
        let text = Text::new("Pause the automation project for the manual deploys.");
        let person = |_: usize| false;
        let load = text.mentions(TOIL);
        let marks = worsened(
            &text,
            &Load {
                load: &load,
                lacks: &[],
                person: &person,
                new_duties: true,
            },
        );
        assert!(marks[2], "{marks:?}");
    }

    #[test]
    fn making_the_person_hold_or_take_all_the_load_worsens_it_whatever_its_aim() {
        // play-it39 X1: the person made the holder of their own load, or
        // its every part, with an aim that names the load.
        for (action, load) in [
            (
                "Ease the on-call pressure by making Samir the rota owner, so he personally \
                 covers every gap shift.",
                ON_CALL,
            ),
            (
                "Cut his incident stress by making Samir permanent incident commander for \
                 every P1, so he is always in the loop.",
                INCIDENTS,
            ),
            (
                "To reduce her on-call fatigue, give her the weekend on-call shifts in \
                 exchange for a day off in lieu later in the quarter.",
                ON_CALL,
            ),
            ("Appoint him owner of the on-call rota.", ON_CALL),
            ("Put her in charge of the on-call rota.", ON_CALL),
            (
                "Make Samir the single point of contact for every incident.",
                INCIDENTS,
            ),
            (
                "Samir picks up every on-call shift the others drop.",
                ON_CALL,
            ),
            (
                "Name her the on-call lead, so she covers all the gaps in the pager rota.",
                ON_CALL,
            ),
            (
                "Give him the migration to lead, which should help with his on-call load.",
                ON_CALL_AND_MIGRATION,
            ),
        ] {
            let marked = marked(action, load, &[]);
            let all = Text::new(action).mentions(load).len();
            assert!(
                !marked.is_empty() && marked.len() == all,
                "{action}: {marked:?} of {all}"
            );
        }
        // Work on top of the person's own, asked or given: the whole
        // sentence, its aim included.
        let tariq = "To give him a sense of control over the reorganisation, ask him to run the \
                     reorg working group and draft the new team structure himself, on top of his \
                     current work.";
        let reorg: &[&str] = &["reorg*", "team structure"];
        assert_eq!(marked(tariq, &[], reorg).len(), 3, "{tariq}");
    }

    #[test]
    fn someone_else_holding_the_load_or_the_person_freed_of_it_does_not() {
        for (action, load) in [
            (
                "Lift Samir off the on-call rota and make Priya the rota owner.",
                ON_CALL,
            ),
            ("A rota owner (not Samir) covers gap shifts.", ON_CALL),
            ("Make him co-owner of the on-call rota with Priya.", ON_CALL),
            (
                "Make Samir the owner of the automation project for the incident causes.",
                INCIDENTS,
            ),
            ("Make sure he is off the on-call rota.", ON_CALL),
            ("He takes every other on-call weekend off.", ON_CALL),
            (
                "To reduce her on-call load, give her fewer weekend shifts.",
                ON_CALL,
            ),
            (
                "To cut his incident load, add a second engineer to each incident.",
                INCIDENTS,
            ),
            (
                "Take the on-call shifts off him, as they sit on top of his day job.",
                ON_CALL,
            ),
            (
                "She covers the on-call rota only one week in eight.",
                ON_CALL,
            ),
        ] {
            assert!(
                marked(action, load, &[]).is_empty(),
                "{action}: {:?}",
                marked(action, load, &[])
            );
        }
    }

    #[test]
    fn hours_scope_a_faster_pace_or_a_new_duty_worsen_whatever_aim() {
        // play-it40 X3/X4: load added in plain words, its aim the stressor.
        const DEADLINE: &[&str] = &["launch*", "deadline*"];
        const REORG: &[&str] = &["reorg*", "merger"];
        for (action, load, lacks) in [
            (
                "Samir works evenings for the next two weeks so the launch date holds.",
                DEADLINE,
                &[][..],
            ),
            (
                "Have Samir work through the weekend to hit the launch date.",
                DEADLINE,
                &[],
            ),
            (
                "Samir puts in extra hours each evening so the launch ships.",
                DEADLINE,
                &[],
            ),
            (
                "Keep the launch date and add the search feature, so the launch lands in one go.",
                DEADLINE,
                &[],
            ),
            (
                "Expand the launch scope to include the search feature.",
                DEADLINE,
                &[],
            ),
            (
                "Samir takes on the search feature before the launch.",
                DEADLINE,
                &[],
            ),
            (
                "Change the rota so Samir is on call every 2 days instead of every 4, so \
                 incidents are caught faster.",
                ON_CALL_AND_INCIDENTS,
                &[],
            ),
            (
                "Move Samir from every 4 days to every 2 days on call.",
                ON_CALL,
                &[],
            ),
            ("Put Samir on call twice as often.", ON_CALL, &[]),
            ("Ask Samir to run the reorg working group.", &[], REORG),
            (
                "Make Samir the lead of the reorg working group.",
                &[],
                REORG,
            ),
            ("Have him lead the merger town hall.", &[], REORG),
        ] {
            let marked = marked(action, load, lacks);
            let all =
                Text::new(action).mentions(load).len() + Text::new(action).mentions(lacks).len();
            assert!(
                !marked.is_empty() && marked.len() == all,
                "{action}: {marked:?} of {all}"
            );
        }
        for (action, load, lacks) in [
            (
                "Samir's evening work stops; the launch moves by a week.",
                DEADLINE,
                &[][..],
            ),
            ("Move the search feature out of the launch.", DEADLINE, &[]),
            (
                "Stop Samir working evenings and move the launch back a week.",
                DEADLINE,
                &[],
            ),
            (
                "Cap on-call at one week in four (was every 2 days).",
                ON_CALL,
                &[],
            ),
            (
                "Widen the rota so Samir is on call every 8 days instead of every 4.",
                ON_CALL,
                &[],
            ),
            (
                "Nobody is on call more often than every 8 days.",
                ON_CALL,
                &[],
            ),
            ("Samir hands the reorg working group to Priya.", &[], REORG),
            (
                "Ask HR to give Samir a date for the reorg decision.",
                &[],
                REORG,
            ),
            (
                "Hold incident reviews every week instead of every month.",
                INCIDENTS,
                &[],
            ),
            (
                "Ask Samir to take two days off after the launch.",
                DEADLINE,
                &[],
            ),
        ] {
            assert!(
                marked(action, load, lacks).is_empty(),
                "{action}: {:?}",
                marked(action, load, lacks)
            );
        }
    }

    #[test]
    fn the_absent_colleagues_work_taken_on_by_the_team_worsens_a_plan() {
        // play-it41 row 65: the gap moved onto the team, not covered.
        const STAFFING: &[&str] = &["absent colleague*", "long term leave", "cover"];
        let plan_marks = |action: &str| {
            let text = Text::new(action);
            let lacks = text.mentions(STAFFING);
            let person = |_: usize| false;
            let marks = worsened(
                &text,
                &Load {
                    load: &[],
                    lacks: &lacks,
                    person: &person,
                    new_duties: false,
                },
            );
            lacks.iter().filter(|(s, _)| marks[*s]).count()
        };
        for action in [
            "Mehmet asks Beatriz to take on the absent colleagues' project reviews.",
            "Malik asks the remaining engineers to each pick up an extra 3 hours a week to \
             absorb the work of the two colleagues on long-term leave.",
            "Have the team absorb the absent colleagues' tickets.",
            "Ask the senior engineers to cover the work of the colleagues on long-term leave.",
            "Ask each engineer to handle the absent colleagues' queue between them.",
            "Ask the two leads to take over the absent colleagues' on-call shifts.",
        ] {
            assert!(plan_marks(action) > 0, "{action}");
        }
        for action in [
            "Hire a contractor to absorb the absent colleagues' work.",
            "Bring in a contractor so the team stops absorbing the absent colleagues' work.",
            "Have an agency contractor take on the absent colleagues' project reviews.",
            "Backfill the colleagues on long-term leave with two contractors.",
            "Ask Beatriz to run a review of the absent colleagues' handover notes with the \
             contractor.",
            "Ask the team to take on one incident fix each.",
            "Hana arranges cover for the three absent colleagues' work.",
            "Ebru agrees interim cover for both absent colleagues' work.",
            "Thandiwe documents who covers each absent colleague's duties.",
        ] {
            assert_eq!(plan_marks(action), 0, "{action}");
        }
    }

    #[test]
    fn work_before_an_outcome_arrow_is_no_overtime() {
        // p3 row 8: the outcome after the arrow is no time work is set in.
        for action in [
            "Zoltan drops or defers non-essential work \u{2192} overtime starts coming down.",
            "Zoltan defers non-essential work -> overtime comes down.",
        ] {
            assert!(out_of_hours_work(&Text::new(action)).is_empty(), "{action}");
        }
        for action in [
            "Ask everyone to work overtime \u{2192} the backlog comes down.",
            "Astrid works the next two weekends.",
            "Astrid works both weekends until the launch ships.",
            "Astrid works the coming three weekends.",
        ] {
            assert!(
                !out_of_hours_work(&Text::new(action)).is_empty(),
                "{action}"
            );
        }
    }

    #[test]
    fn bounding_moving_or_helping_does_not() {
        for (action, load, lacks) in [
            (
                "Keep Samir off the first-responder rota.",
                INCIDENTS,
                &[][..],
            ),
            ("Keep an eye on his incident load.", INCIDENTS, &[]),
            ("Hand Anton's extra work to a contractor.", WORKLOAD, &[]),
            ("Take a third of Anton's work off him.", WORKLOAD, &[]),
            ("Automate the manual deployments.", TOIL, &[]),
            (
                "Pause the manual deploy rota while the pipeline is automated.",
                TOIL,
                &[],
            ),
            ("Keep the automation project funded.", TOIL, &[]),
            ("Keep incidents to three a month.", INCIDENTS, &[]),
            (
                "Add a second on-call engineer to each incident.",
                INCIDENTS,
                &[],
            ),
            ("Hold another incident review in week 3.", INCIDENTS, &[]),
            ("Plan more team events.", &[], EVENTS),
            ("No more than one incident shift a week.", INCIDENTS, &[]),
            ("Do not keep him on every incident.", INCIDENTS, &[]),
            ("Give him fewer incident shifts.", INCIDENTS, &[]),
            (
                "Hire a contractor to cover the colleagues on long-term leave; run a \
                 reliability review of the top incident causes.",
                INCIDENTS,
                &[],
            ),
            (
                "Backfill the colleagues on leave with a contractor for incident duty.",
                INCIDENTS,
                &[],
            ),
            (
                "Cover Anton's leave with a contractor for the incident bridge.",
                INCIDENTS,
                &[],
            ),
            (
                "Take him off first response for two weeks, then put him back on the \
                 first responder rota once incidents are shared.",
                INCIDENTS,
                &[],
            ),
            (
                "Put Samir back on the incident bridge at one shift in six.",
                INCIDENTS,
                &[],
            ),
        ] {
            assert!(
                marked(action, load, lacks).is_empty(),
                "{action}: {:?}",
                marked(action, load, lacks)
            );
        }
    }
}
