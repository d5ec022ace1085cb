//! `productivity` (seed 002): an office assistant's inbox, calendar and
//! spreadsheet. Each task is one seeded scenario with a written policy; the
//! agent may `inspect`, `propose: {json}` (a draft: its form is checked, it
//! is not graded) and `final: {json}` (graded, ends the episode). At the
//! step limit the last draft is graded. Nothing before the graded end
//! (reward, feedback, state, observation) depends on how good an answer is.
//!
//! - `email`, [`calendar`], [`cleaning`]: one task each, with its
//!   generator, grader (and the draft check, through the same field
//!   readers) and reference answer.
//! - [`command`]: parsing the seed-compatible `raw` command.
//! - [`draft`]: the form-only report on a `propose`.
//! - `shaping`: the per-step reward terms.
//! - `baselines`: blind and exploiting policies the graders must score low.

pub(crate) mod answer;
pub(crate) mod baselines;
pub mod calendar;
pub mod cleaning;
pub mod command;
pub mod draft;
pub(crate) mod email;
pub(crate) mod names;
pub mod noise;
pub(crate) mod payload;
pub(crate) mod revision;
pub(crate) mod schedule;
pub(crate) mod shaping;
pub mod tasks;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
#[cfg(not(target_arch = "wasm32"))]
use serde_json::{Map, Value};

#[cfg(not(target_arch = "wasm32"))]
use crate::episode::JsonText;
use crate::episode::{Environment, FrozenJson, Piece, StaticText, StepLimit, Transition};
use crate::error::EnvError;
use crate::points::Points;
use crate::rng::SeededRng;
use crate::task::{self, Listed, TaskEnum};

pub(crate) use answer::Grade;
use command::Command;
use draft::DraftCheck;
use noise::Noise;
pub(crate) use payload::Payload;
use shaping::{RewardBreakdown, Shaper};
#[cfg(test)]
use tasks::MAX_STEPS;
use tasks::Task;

/// [`Environment::DESCRIPTION`].
const DESCRIPTION: &str = "Office assistant work: classify an email, schedule a meeting under \
     people, room and blocked-time constraints, and clean a messy table, each \
     from a seeded scenario with a written policy.";

/// The answer fields of `task` (the calendar's of one meeting), with the
/// form of each.
#[cfg(not(target_arch = "wasm32"))]
fn answer_fields(task: Task) -> &'static [(&'static str, &'static str)] {
    match task {
        Task::Easy => email::ANSWER_FIELDS,
        Task::Medium => calendar::ANSWER_FIELDS,
        Task::Hard => cleaning::ANSWER_FIELDS,
    }
}

/// The seed-compatible action: one line of text. A bare JSON string
/// (`"inspect"`, as the seed's clients send it) is read as its `raw`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProductivityAction {
    /// `inspect`, `propose: {json}` or `final: {json}`; for the calendar
    /// (`medium`) at levels 4 and 5 also the lookups `check_calendar: NAME`
    /// and `list_rooms`.
    #[schemars(length(min = 1, max = 4000))]
    pub raw: String,
    /// Free-form client metadata; accepted and ignored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<serde_json::Map<String, serde_json::Value>>,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub(crate) struct ProductivityObservation {
    pub task_name: &'static str,
    /// What to do, with the written policy the grader applies.
    #[schemars(with = "String")]
    pub instruction: FrozenJson,
    #[schemars(with = "Payload")]
    pub payload: FrozenJson,
    /// The fields the answer object must have, with their types.
    #[schemars(with = "BTreeMap<String, String>")]
    pub answer_schema: FrozenJson,
    /// The command formats; the calendar's lookups where they are open.
    pub action_format: &'static [&'static str],
    pub step_count: u32,
    pub max_steps: u32,
    pub last_action: Option<String>,
    pub last_feedback: String,
    pub reward_breakdown: RewardBreakdown,
    /// The task score in [0, 1]; set on the final observation only.
    pub terminal_grader: Option<Points>,
    /// Criterion -> score in [0, 1]; set on the final observation only.
    pub score_breakdown: Option<BTreeMap<&'static str, Points>>,
}

/// Native only, as the server's step path is: the page steps one episode at
/// a time, and its bundle is at its size budget.
#[cfg(not(target_arch = "wasm32"))]
impl ProductivityObservation {
    /// This observation as JSON, the bytes of its derived `Serialize` (a
    /// test pins them): the field names written as text and the frozen
    /// scenario copied, serde_json writing the rest. serde_json escapes a
    /// field name a byte at a time, and did so for all 19 on every step.
    fn to_json(&self, truncated: bool) -> String {
        let frozen = [&self.instruction, &self.payload, &self.answer_schema]
            .iter()
            .map(|part| part.json().len())
            .sum::<usize>();
        let mut json = JsonText::with_capacity(frozen + self.last_feedback.len() + 512);
        json.raw("{\"task_name\":")
            .value(self.task_name)
            .raw(",\"instruction\":")
            .raw(self.instruction.json())
            .raw(",\"payload\":")
            .raw(self.payload.json())
            .raw(",\"answer_schema\":")
            .raw(self.answer_schema.json())
            .raw(",\"action_format\":")
            .value(&self.action_format)
            .raw(",\"step_count\":")
            .value(&self.step_count)
            .raw(",\"max_steps\":")
            .value(&self.max_steps)
            .raw(",\"last_action\":")
            .value(&self.last_action)
            .raw(",\"last_feedback\":")
            .value(&self.last_feedback)
            .raw(",\"reward_breakdown\":");
        self.reward_breakdown.write_json(&mut json);
        json.raw(",\"terminal_grader\":")
            .value(&self.terminal_grader)
            .raw(",\"score_breakdown\":")
            .value(&self.score_breakdown);
        if truncated {
            json.raw(",\"truncated\":true");
        }
        json.raw("}");
        json.finish()
    }
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub(crate) struct ProductivityState {
    /// The task score of the graded answer; `null` until the episode ends,
    /// so the state cannot be used to probe the grader.
    pub last_score: Option<Points>,
    /// The best graded score; one answer is graded per episode, so this is
    /// `last_score` (kept for seed-002 clients), `null` until the end.
    pub best_score: Option<Points>,
    /// What ended the episode: `final_answer` or `max_steps`.
    pub terminated_by: Option<&'static str>,
}

/// How a field's text is read as its value, told in every task's
/// instruction: the graders of all three tasks share these readers.
static VALUE_READING: StaticText = StaticText::new(
    "How values are read: each field takes exactly one value, written first, and a list field \
     one value per item. Two values offered earn nothing (\"work or finance\", \"normal, maybe \
     low\", \"15:00 (15:15 also works)\", \"no, but yes for the acknowledgement\"). What follows \
     the value after a bracket, colon, dash, semicolon or comma, or a word such as \"because\" \
     or \"rather than\", is read as a comment (\"high: payment overdue\", \"normal (not \
     urgent)\", \"low, rather than normal\", a list item \"u637, rows 2 and 4\"), and a value \
     you deny or reject there (\"not urgent\", \"instead of normal\") is not a second value. A \
     value under a condition, before or after it, is a second value (\"low (high if the sender \
     is a VIP)\", \"low (if the sender is a VIP, high)\", \"4655.75, but 5930.46 if l488 is \
     kept\"); what it would have been under other facts is a comment (\"normal (high if the \
     sender were a VIP)\", \"4655.75 (5930.46 if l488 were kept)\"). A value you correct \
     yourself counts as the corrected one (\"low, actually high\" is high, \"Atrium, I mean \
     Granite\" is Granite, a list item \"i705, actually o960\" is o960), while a comment giving \
     another value as right (\"low, though the VIP rule makes it high\") or leaving it open \
     (\"low, unless a VIP sent it\") is two values.",
);

/// How the commands work, told in every task's instruction.
static COMMANDS: StaticText = StaticText::new(
    "Commands: `final: {json}` submits your answer; it is graded and \
     ends the episode. `propose: {json}` is a draft: it is only checked for form (every field \
     present, each value of the allowed kind, one value per one-value field) and is not graded, \
     so its reward and feedback say nothing about whether it is right. When the step limit is \
     reached, the last draft is graded (with no draft, the empty answer). `inspect` shows \
     nothing new. Prose before or after the one JSON object is ignored, but a second JSON \
     object, or a comment after it that takes the answer back (\"this is wrong\"), makes the \
     command malformed, and one giving a field another value (\"priority: high\") is a second \
     value. Each field holds its value \
     only: a value copied with other text (a pasted sentence of the instruction or the \
     payload) reads as no value; a name, room, id or email copied from the payload is of \
     course the value. After `final`, the feedback lists each deduction with the value \
     expected, and the expected answer.",
);

/// The parts of every observation that the episode never changes.
struct ShownScenario {
    instruction: FrozenJson,
    payload: FrozenJson,
    answer_schema: FrozenJson,
}

impl ShownScenario {
    fn of(scenario: &Scenario) -> Self {
        let mut scratch = String::new();
        ShownScenario {
            instruction: FrozenJson::text(&scenario.instruction_pieces(&mut scratch)),
            payload: scenario.shown_payload(),
            answer_schema: scenario.shown_answer_schema(),
        }
    }
}

/// [`Payload`] by reference where a task's generator lends its payload,
/// for freezing without a copy; serialised exactly as [`Payload`].
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum ShownPayload<'a> {
    Email(&'a email::EmailPayload),
}

/// Each task's `answer_schema`, frozen once per process: it depends on the
/// task alone.
/// (The fourth is the calendar's with `no_slot`, at level 5.)
static ANSWER_SCHEMAS: [OnceLock<FrozenJson>; 4] = [
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
];

/// The generated scenario of one task, with its hidden truth.
#[derive(Debug, Clone)]
enum Scenario {
    Email(email::Email),
    Calendar(calendar::Calendar),
    Cleaning(cleaning::Table),
    Schedule(schedule::Schedule),
}

impl Scenario {
    fn generate(task: Task, level: u8, seed: u64) -> Scenario {
        match task {
            Task::Medium if level >= 4 => Scenario::Schedule(schedule::generate(level, seed)),
            Task::Medium => Scenario::Calendar(calendar::generate(level, seed)),
            Task::Hard => Scenario::Cleaning(cleaning::generate(level, seed)),
            Task::Easy => Scenario::Email(email::generate(level, seed)),
        }
    }

    /// The reference answer with each graded decision misjudged with the
    /// noise's probability.
    fn noisy_answer(&self, noise: &mut Noise) -> serde_json::Value {
        match self {
            Scenario::Email(s) => s.noisy_answer(noise),
            Scenario::Calendar(s) => s.noisy_answer(noise),
            Scenario::Cleaning(s) => s.noisy_answer(noise),
            Scenario::Schedule(s) => s.noisy_answer(noise),
        }
    }

    fn payload(&self) -> Payload {
        match self {
            Scenario::Email(s) => Payload::Email(s.payload()),
            Scenario::Calendar(s) => Payload::Calendar(s.payload()),
            Scenario::Cleaning(s) => Payload::Cleaning(s.payload()),
            Scenario::Schedule(s) => Payload::Schedule(s.payload()),
        }
    }

    /// The payload as the observation shows it, frozen.
    fn shown_payload(&self) -> FrozenJson {
        // The page, one reset at a time and at its bundle's size budget,
        // keeps to the one serializer of every payload.
        if cfg!(target_arch = "wasm32") {
            return FrozenJson::of(&self.payload());
        }
        match self {
            Scenario::Email(s) => FrozenJson::of(&ShownPayload::Email(s.shown_payload())),
            _ => FrozenJson::of(&self.payload()),
        }
    }

    /// The task's instruction, then how the commands are graded.
    fn instruction(&self) -> String {
        let mut scratch = String::new();
        Piece::join(&self.instruction_pieces(&mut scratch))
    }

    /// [`Scenario::instruction`] in pieces ([`FrozenJson::text`]); `scratch`
    /// holds the text a task writes for the scenario.
    fn instruction_pieces<'a>(&'a self, scratch: &'a mut String) -> Vec<Piece<'a>> {
        let mut pieces = match self {
            Scenario::Email(s) => s.instruction_pieces(scratch).to_vec(),
            Scenario::Calendar(s) => {
                *scratch = s.instruction();
                vec![Piece::Text(scratch)]
            }
            Scenario::Cleaning(s) => {
                *scratch = s.instruction();
                vec![Piece::Text(scratch)]
            }
            Scenario::Schedule(s) => {
                *scratch = s.instruction();
                vec![Piece::Text(scratch)]
            }
        };
        pieces.extend([
            Piece::Text("\n\n"),
            Piece::Static(&VALUE_READING),
            Piece::Text("\n\n"),
            Piece::Static(&COMMANDS),
        ]);
        pieces
    }

    fn answer_fields(&self) -> &'static [(&'static str, &'static str)] {
        match self {
            Scenario::Email(_) => email::ANSWER_FIELDS,
            Scenario::Calendar(s) => s.answer_fields(),
            Scenario::Cleaning(_) => cleaning::ANSWER_FIELDS,
            Scenario::Schedule(_) => schedule::ANSWER_FIELDS,
        }
    }

    /// Whether the calendar's lookups are open (levels 4 and 5).
    fn has_lookups(&self) -> bool {
        matches!(self, Scenario::Schedule(_))
    }

    fn formats(&self) -> &'static [&'static str] {
        match self.has_lookups() {
            true => &command::FORMATS_WITH_LOOKUPS,
            false => &command::FORMATS,
        }
    }

    /// What a lookup shows: the calendar's, or that there is nothing to
    /// look up in the other tasks.
    fn lookup(&self, command: &Command) -> String {
        match (self, command) {
            (Scenario::Schedule(s), Command::CheckCalendar(name)) => s.check_calendar(name),
            (Scenario::Schedule(s), _) => s.list_rooms(),
            _ => "Nothing to look up: the whole scenario is in the observation.".to_owned(),
        }
    }

    fn answer_schema(&self) -> BTreeMap<&'static str, &'static str> {
        crate::order::map_of(self.answer_fields().iter().copied())
    }

    fn shown_answer_schema(&self) -> FrozenJson {
        let index = match self {
            Scenario::Email(_) => 0,
            Scenario::Calendar(_) => 1,
            Scenario::Cleaning(_) => 2,
            Scenario::Schedule(_) => 3,
        };
        ANSWER_SCHEMAS[index]
            .get_or_init(|| FrozenJson::of(&self.answer_schema()))
            .clone()
    }

    fn check_draft(&self, answer: &serde_json::Map<String, serde_json::Value>) -> DraftCheck {
        let form = match self {
            Scenario::Email(s) => s.form(answer),
            Scenario::Calendar(s) => s.form(answer),
            Scenario::Cleaning(s) => s.form(answer),
            Scenario::Schedule(s) => s.form(answer),
        };
        DraftCheck::of(self.answer_fields(), &form, answer)
    }

    fn grade(&self, answer: &serde_json::Map<String, serde_json::Value>) -> Grade {
        match self {
            Scenario::Email(s) => s.grade(answer),
            Scenario::Calendar(s) => s.grade(answer),
            Scenario::Cleaning(s) => s.grade(answer),
            Scenario::Schedule(s) => s.grade(answer),
        }
    }

    /// How the final feedback introduces the reference answer.
    fn expected_label(&self) -> &'static str {
        match self {
            Scenario::Calendar(_) => {
                "Expected answer (any booking that meets every constraint and as many \
                 preferences as any valid booking scores the same)"
            }
            Scenario::Schedule(_) => {
                "Expected answer (any joint schedule whose bookings keep every rule and meet as \
                 many preferences as any valid joint schedule scores the same)"
            }
            _ => "Expected answer",
        }
    }

    fn reference_answer(&self) -> serde_json::Value {
        match self {
            Scenario::Email(s) => s.reference_answer(),
            Scenario::Calendar(s) => s.reference_answer(),
            Scenario::Cleaning(s) => s.reference_answer(),
            Scenario::Schedule(s) => s.reference_answer(),
        }
    }
}

pub(crate) struct Productivity {
    task: Task,
    /// The difficulty level the scenario was generated at.
    level: u8,
    scenario: Scenario,
    /// The scenario as every observation shows it, serialised at reset.
    shown: ShownScenario,
    shaper: Shaper,
    step_count: u32,
    last_action: Option<String>,
    last_feedback: String,
    /// The reward terms of the last step, as its observation showed them.
    last_breakdown: RewardBreakdown,
    /// The last draft; it is the answer graded when steps run out.
    last_draft: Option<serde_json::Map<String, serde_json::Value>>,
    /// The reward and feedback of every step so far: what the agent has
    /// been shown, so baseline policies can act on it as an agent would.
    seen: Vec<(Points, String)>,
    terminal: Option<Grade>,
    terminated_by: Option<&'static str>,
}

impl Productivity {
    fn observation(&self, breakdown: RewardBreakdown) -> ProductivityObservation {
        ProductivityObservation {
            task_name: self.task.as_str(),
            instruction: self.shown.instruction.clone(),
            payload: self.shown.payload.clone(),
            answer_schema: self.shown.answer_schema.clone(),
            action_format: self.scenario.formats(),
            step_count: self.step_count,
            max_steps: Self::max_steps(self.task, self.level),
            last_action: self.last_action.clone(),
            last_feedback: self.last_feedback.clone(),
            reward_breakdown: breakdown,
            terminal_grader: self.terminal.as_ref().map(|g| g.total),
            score_breakdown: self.terminal.as_ref().map(|g| g.criteria.clone()),
        }
    }
}

impl Environment for Productivity {
    type Action = ProductivityAction;
    type Observation = ProductivityObservation;
    type State = ProductivityState;
    type Task = Task;

    const LISTED: Listed = task::PRODUCTIVITY;
    const DESCRIPTION: &'static str = DESCRIPTION;

    const TEXT_ACTION_FIELD: Option<&'static str> = Some("raw");

    const LEVELS: &'static [u8] = &[1, 2, 3, 4, 5];

    fn rubric(task: Task, difficulty: u8) -> crate::rubric::TaskRubric {
        crate::rubric::TaskRubric::Weighted(match task {
            Task::Medium if difficulty >= 4 => &schedule::RUBRIC,
            Task::Medium => calendar::rubric(difficulty),
            Task::Hard => &cleaning::RUBRIC,
            Task::Easy => &email::RUBRIC,
        })
    }

    const PROMPT_HINT: Option<&'static str> = Some(
        "Actions are one command in `raw`: {\"raw\": \"inspect\"} to look again, \
         {\"raw\": \"propose: <answer JSON>\"} to have a draft checked for form only (are \
         the fields present and well formed; it is not graded, and its reward and feedback \
         say nothing about whether it is right), or {\"raw\": \"final: <answer JSON>\"} to \
         submit, be graded and end the episode; at the step limit the last draft is graded. The answer JSON is one object with exactly the fields of the \
         observation's `answer_schema`, e.g. {\"raw\": \"final: {\\\"field\\\": \\\"value\\\"}\"}. \
         Apply the written policy in `instruction` to the `payload`.",
    );

    /// The calendar with lookups (levels 4 and 5, several meetings) gets
    /// one step per required person's calendar, the rooms, the answer and
    /// one to spare (the instruction states the limit).
    fn max_steps(task: Task, difficulty: u8) -> u32 {
        match task {
            Task::Medium if difficulty >= 4 => schedule::max_steps(difficulty),
            Task::Easy | Task::Medium | Task::Hard => task.info().max_steps,
        }
    }

    fn reset(task: Task, difficulty: u8, seed: u64) -> (Self, ProductivityObservation) {
        let scenario = Scenario::generate(task, difficulty, seed);
        let env = Productivity {
            task,
            level: difficulty,
            shown: ShownScenario::of(&scenario),
            scenario,
            shaper: Shaper::default(),
            step_count: 0,
            last_action: None,
            last_feedback: "New episode: read the instruction and payload, then answer with \
                            `final: {json}` (`propose: {json}` checks a draft's form without \
                            grading it)."
                .to_owned(),
            last_breakdown: RewardBreakdown::default(),
            last_draft: None,
            seen: Vec::new(),
            terminal: None,
            terminated_by: None,
        };
        let observation = env.observation(RewardBreakdown::default());
        (env, observation)
    }

    fn admit(&self, action: &ProductivityAction) -> Result<(), EnvError> {
        // The length bounds the action schema declares (`minLength` 1,
        // `maxLength` 4000) are refusals, not scored malformed commands.
        if action.raw.is_empty() {
            return Err(EnvError::validation(
                "action.raw",
                "must not be empty: send `inspect`, `propose: {json}` or `final: {json}`",
            ));
        }
        if action.raw.chars().count() > command::MAX_RAW_CHARS {
            return Err(EnvError::validation(
                "action.raw",
                format!("must be at most {} characters", command::MAX_RAW_CHARS),
            ));
        }
        Ok(())
    }

    fn answer_form_problem(&self, action: &ProductivityAction) -> Option<String> {
        match Command::parse(&action.raw).ok()? {
            Command::Propose(mut answer) | Command::Final(mut answer) => {
                // Blank text is no value yet rather than a wrong one: a
                // front end asks about empty fields on its own terms, in
                // the answer or in an entry of it (a bookings template's
                // "day": "").
                answer.values_mut().for_each(blank_to_null);
                self.scenario.check_draft(&answer).ill_formed_note()
            }
            Command::Inspect | Command::CheckCalendar(_) | Command::ListRooms => None,
        }
    }

    fn step(
        &mut self,
        action: ProductivityAction,
        limit: StepLimit,
    ) -> Result<Transition<ProductivityObservation>, EnvError> {
        self.step_count += 1;
        let command = Command::parse(&action.raw);
        // The answer this step grades: a final one, or the last draft when
        // the step limit ends the episode. Nothing else is ever graded.
        let mut graded = None;
        let mut breakdown = match &command {
            Err(problem) => {
                let lookups = match self.scenario.has_lookups() {
                    true => command::HELP_LOOKUPS,
                    false => "",
                };
                self.last_feedback =
                    format!("Malformed action: {problem}. {}{lookups}", command::HELP);
                self.shaper.malformed()
            }
            Ok(lookup @ (Command::CheckCalendar(_) | Command::ListRooms)) => {
                self.last_feedback = self.scenario.lookup(lookup);
                self.shaper.command(&action.raw)
            }
            Ok(Command::Inspect) => {
                self.last_feedback = match self.scenario.has_lookups() {
                    true => "Nothing new to inspect: the payload is in the observation; the \
                             calendars and rooms are behind `check_calendar: NAME` and \
                             `list_rooms`."
                        .to_owned(),
                    false => "Nothing new to inspect: the whole scenario is in the observation."
                        .to_owned(),
                };
                self.shaper.command(&action.raw)
            }
            Ok(Command::Propose(answer)) => {
                self.last_feedback = self.scenario.check_draft(answer).feedback();
                self.last_draft = Some(answer.clone());
                self.shaper.command(&action.raw)
            }
            Ok(Command::Final(answer)) => {
                self.last_feedback =
                    "Final answer graded: see terminal_grader and score_breakdown.".to_owned();
                self.terminated_by = Some("final_answer");
                graded = Some(answer.clone());
                self.shaper.command(&action.raw)
            }
        };
        // A final answer ends the episode by itself; the step limit ends
        // it truncated, grading the last draft.
        let answered = graded.is_some();
        if !answered && limit.reached() {
            self.terminated_by = Some("max_steps");
            self.last_feedback.push_str(match self.last_draft {
                Some(_) => " Step limit reached: the last draft is graded.",
                None => " Step limit reached with no draft: the empty answer is graded.",
            });
            graded = Some(self.last_draft.take().unwrap_or_default());
        }
        if let Some(answer) = graded {
            let grade = self.scenario.grade(&answer);
            breakdown = breakdown.with_grade(grade.total);
            // At the graded end the feedback teaches: every deduction with
            // its expected value, and the expected answer.
            let limit_note = match answered {
                true => String::new(),
                false => format!(" {}", self.last_feedback),
            };
            self.last_feedback = format!(
                "{}{limit_note}",
                grade.feedback(
                    self.scenario.expected_label(),
                    &self.scenario.reference_answer()
                )
            );
            self.terminal = Some(grade);
        }
        self.last_action = Some(action.raw);
        self.last_breakdown = breakdown;
        self.seen
            .push((breakdown.value, self.last_feedback.clone()));
        let reward = breakdown.value;
        Ok(Transition {
            observation: self.observation(breakdown),
            reward,
            done: answered,
        })
    }

    fn state(&self) -> ProductivityState {
        let score = self.terminal.as_ref().map(|g| g.total);
        ProductivityState {
            last_score: score,
            best_score: score,
            terminated_by: self.terminated_by,
        }
    }

    fn current_observation(&self) -> ProductivityObservation {
        self.observation(self.last_breakdown)
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn observation_json(observation: &ProductivityObservation, truncated: bool) -> String {
        observation.to_json(truncated)
    }

    fn terminal_score(&self) -> Option<Points> {
        self.terminal.as_ref().map(|g| g.total)
    }

    /// The final answer; where the calendar's lookups are open, first the
    /// lookups a careful agent makes (every required person's calendar,
    /// then the rooms), so the reference never names what it has not read.
    fn reference_action(&self) -> Option<ProductivityAction> {
        let lookup = match &self.scenario {
            Scenario::Schedule(s) => s.reference_lookup(self.step_count),
            _ => None,
        };
        Some(ProductivityAction {
            raw: lookup.unwrap_or_else(|| format!("final: {}", self.scenario.reference_answer())),
            metadata: None,
        })
    }

    fn baseline_names() -> &'static [&'static str] {
        baselines::NAMES
    }

    fn baseline_action(&self, name: &str, rng: &mut SeededRng) -> Option<ProductivityAction> {
        let raw = match name {
            "memorised" => format!(
                "final: {}",
                Scenario::generate(self.task, self.level, 0).reference_answer()
            ),
            _ => {
                let seen = baselines::Seen {
                    payload: &self.scenario.payload(),
                    instruction: &self.scenario.instruction(),
                    steps: &self.seen,
                    max_steps: Self::max_steps(self.task, self.level),
                };
                baselines::next_command(name, &seen, rng)?
            }
        };
        Some(ProductivityAction {
            raw,
            metadata: None,
        })
    }

    fn noisy_reference_action(
        &self,
        error_per_mille: u32,
        rng: &mut SeededRng,
    ) -> Option<ProductivityAction> {
        let mut noise = Noise {
            per_mille: error_per_mille,
            rng,
        };
        Some(ProductivityAction {
            raw: format!("final: {}", self.scenario.noisy_answer(&mut noise)),
            metadata: None,
        })
    }

    fn empty_answer(&self) -> ProductivityAction {
        ProductivityAction {
            raw: "final: {}".to_owned(),
            metadata: None,
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn tool_specs() -> Vec<crate::tools::ToolSpec> {
        command::TOOLS
            .iter()
            .chain(&command::LOOKUP_TOOLS)
            .copied()
            .collect()
    }

    /// `inspect`, `propose` and `final`, the commands of `raw`, for no
    /// task in particular: the answer is any task's typed answer object
    /// (`answer_schema_of`). An episode lists its task's alone
    /// ([`Self::task_tools`]).
    #[cfg(not(target_arch = "wasm32"))]
    fn tools() -> Vec<crate::tools::Tool> {
        let mut schemas: Vec<Value> = Task::ALL.iter().map(|t| answer_schema_of(*t)).collect();
        schemas.push(schedule_answer_schema());
        let answer = serde_json::json!({
            "description": "The answer object of the task on (read_task shows it): easy is an \
                            email's labels, medium a booking (from level 4, several bookings), \
                            hard a cleaning report.",
            "anyOf": schemas,
        });
        let mut tools = tools_with_answer(answer);
        tools.extend(lookup_tools());
        tools
    }

    /// The tools of an episode of `task` (the same at every level):
    /// `propose` and `final` take the task's own answer object, its fields
    /// typed (enums, formats, required), so a tool-calling agent sees
    /// exactly what to send.
    #[cfg(not(target_arch = "wasm32"))]
    fn task_tools(task: Task, difficulty: u8) -> Vec<crate::tools::Tool> {
        let joint = task == Task::Medium && difficulty >= 4;
        let mut answer = match joint {
            true => schedule_answer_schema(),
            false => answer_schema_of(task),
        };
        // The fields in words too: a client that keeps only the argument's
        // type (`dict`, as TRL's tool specs) still tells its model.
        let title = answer["title"].as_str().unwrap_or("answer").to_lowercase();
        let fields = match joint {
            true => schedule::ANSWER_FIELDS
                .iter()
                .map(|(name, form)| format!("{name} ({form})"))
                .collect::<Vec<_>>()
                .join(", "),
            false => answer_fields(task)
                .iter()
                .map(|(name, form)| format!("{name} ({form})"))
                .collect::<Vec<_>>()
                .join(", "),
        };
        // The tool's arguments are checked against this schema before the
        // grader reads them, so the looser forms the instruction allows in
        // the text command (asides, prose around the object, other time
        // and date forms) are refused here; say so where the agent looks
        // (play-pr20: an agent trusting the instruction wasted calls).
        answer["description"] = Value::from(format!(
            "The {title}: one object with exactly these fields: {fields}. Values in this \
             schema's form only; looser forms are for the text command `final: {{...}}`."
        ));
        let mut tools = tools_with_answer(answer);
        if joint {
            tools.extend(lookup_tools());
        }
        tools
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn tool_action(name: &str, arguments: Map<String, Value>) -> Value {
        let raw = command::lookup_raw(name, &arguments)
            .unwrap_or_else(|| command::tool_raw(name, arguments.get("answer")));
        serde_json::json!({ "raw": raw })
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn tool_call(action: &ProductivityAction) -> Option<crate::tools::ToolCall> {
        command::Command::parse(&action.raw)
            .ok()
            .map(|command| command.tool_call())
    }

    /// The command under another name (`command`, `action`), or the answer
    /// object sent bare: the `raw` line meant.
    #[cfg(not(target_arch = "wasm32"))]
    fn suggest(action: &Value) -> Option<Value> {
        // Every task's fields: an object of only these, sent as the
        // action, is an answer sent without its command.
        let fields: Vec<_> = Task::ALL.iter().map(|t| answer_fields(*t)).collect();
        command::suggest(action, &fields).map(|raw| serde_json::json!({ "raw": raw }))
    }
}

/// `inspect`, `propose` and `final` with `answer` as the answer's schema.
#[cfg(not(target_arch = "wasm32"))]
fn tools_with_answer(answer: Value) -> Vec<crate::tools::Tool> {
    tools_of(&command::TOOLS, "answer", answer)
}

/// `check_calendar` and `list_rooms`, the calendar's lookups.
#[cfg(not(target_arch = "wasm32"))]
fn lookup_tools() -> Vec<crate::tools::Tool> {
    let name = serde_json::json!({
        "type": "string",
        "description": "A person's name, as the payload's directory lists it"
    });
    tools_of(&command::LOOKUP_TOOLS, "name", name)
}

/// The tools of `specs`, their argument `field` (where a tool reads it)
/// described by `schema`.
#[cfg(not(target_arch = "wasm32"))]
fn tools_of(
    specs: &[crate::tools::ToolSpec],
    field: &str,
    schema: Value,
) -> Vec<crate::tools::Tool> {
    let action = crate::episode::action_schema::<Productivity>();
    specs
        .iter()
        .map(|spec| spec.tool(&action, &[(field, schema.clone())]))
        .collect()
}

/// The JSON Schema of the calendar's answer from level 4: one entry per
/// meeting, a booking or `no_slot`.
#[cfg(not(target_arch = "wasm32"))]
fn schedule_answer_schema() -> Value {
    use serde_json::json;
    let clock = json!({"type": "string", "pattern": "^[0-2][0-9]:[0-5][0-9]$", "description": "HH:MM, 24-hour"});
    json!({
        "title": "Meeting bookings",
        "type": "object",
        "properties": {
            "bookings": {
                "type": "array",
                "description": "One entry per meeting: its booking, or {\"meeting\": id, \"no_slot\": true} when no booking can place it",
                "items": {
                    "type": "object",
                    "properties": {
                        "meeting": {"type": "string", "description": "The meeting's id, e.g. M1"},
                        "day": {"type": "string", "format": "date", "description": "YYYY-MM-DD"},
                        "start": clock,
                        "end": clock,
                        "participants": {"type": "array", "items": {"type": "string"}, "description": "The meeting's required people"},
                        "room": {"type": "string", "description": "A room's name"},
                        "no_slot": {"const": true, "description": "Only when no booking can place this meeting, and then with `meeting` alone"},
                    },
                    "required": ["meeting"],
                    "additionalProperties": false,
                },
            },
        },
        "required": ["bookings"],
        "additionalProperties": false,
    })
}

/// The JSON Schema of `task`'s answer object: the fields the observation's
/// `answer_schema` names, in the form the grader reads best (it also reads
/// looser forms, `"yes"` or `true`, `"2:30 pm"`; the schema states the
/// plain one).
#[cfg(not(target_arch = "wasm32"))]
fn answer_schema_of(task: Task) -> Value {
    use serde_json::json;
    let text = |description: &str| json!({"type": "string", "description": description});
    let list = |description: &str| json!({"type": "array", "items": {"type": "string"}, "description": description});
    let clock = json!({"type": "string", "pattern": "^[0-2][0-9]:[0-5][0-9]$", "description": "HH:MM, 24-hour"});
    let (title, properties) = match task {
        Task::Easy => (
            "Email classification",
            json!({
                "label": {"enum": ["work", "personal", "spam", "finance"]},
                "priority": {"enum": ["low", "normal", "high"]},
                "needs_reply": {"enum": ["yes", "no"]},
            }),
        ),
        Task::Medium => (
            "Meeting booking",
            json!({
                "day": {"type": "string", "format": "date", "description": "YYYY-MM-DD"},
                "start": clock,
                "end": clock,
                "participants": list("The required people's names"),
                "room": text("A room's name"),
            }),
        ),
        Task::Hard => (
            "Cleaning report",
            json!({
                "valid_rows": {"type": "integer", "minimum": 0},
                "duplicate_ids": list("Row ids"),
                "invalid_emails": list("Each once, trimmed and in lower case"),
                "normalized_total": {"type": "string", "pattern": "^-?[0-9]{1,3}(,?[0-9]{3})*\\.[0-9]{2}$", "description": "Two decimals, e.g. \"561.40\" or \"12,813.35\""},
                "retained_ids": list("Row ids in table order"),
            }),
        ),
    };
    let required: Vec<&String> = properties
        .as_object()
        .map(|p| p.keys().collect())
        .unwrap_or_default();
    json!({
        "title": title,
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": false,
    })
}

/// Blank text, at any depth of an answer, as no value yet.
fn blank_to_null(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::String(s) if s.trim().is_empty() => *value = serde_json::Value::Null,
        serde_json::Value::Array(items) => items.iter_mut().for_each(blank_to_null),
        serde_json::Value::Object(fields) => fields.values_mut().for_each(blank_to_null),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn task(id: &str) -> Task {
        match Task::from_id(id) {
            Ok(task) => task,
            Err(err) => panic!("{err}"),
        }
    }

    fn act(raw: &str) -> ProductivityAction {
        ProductivityAction {
            raw: raw.to_owned(),
            metadata: None,
        }
    }

    fn step(env: &mut Productivity, raw: &str) -> Transition<ProductivityObservation> {
        let limit = StepLimit::of(
            env.step_count + 1,
            Productivity::max_steps(env.task, env.level),
        );
        match env.step(act(raw), limit) {
            Ok(transition) => transition,
            Err(err) => panic!("{raw}: {err}"),
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn observations_are_written_as_serde_json_writes_them() {
        let check = |observation: &ProductivityObservation| {
            for truncated in [false, true] {
                assert_eq!(
                    observation.to_json(truncated),
                    crate::episode::serialized_observation(observation, truncated)
                );
            }
        };
        for id in ["easy", "medium", "hard"] {
            for level in 1..=5 {
                for seed in 0..6 {
                    let (mut env, first) = Productivity::reset(task(id), level, seed);
                    check(&first);
                    let right = format!("final: {}", env.scenario.reference_answer());
                    let plays = ["inspect", "nonsense \"quoted\"\n", "propose: {}", "inspect"];
                    let last = if seed % 2 == 0 {
                        right.as_str()
                    } else {
                        "inspect"
                    };
                    for raw in plays.into_iter().chain([last]) {
                        check(&step(&mut env, raw).observation);
                    }
                    check(&env.current_observation());
                }
            }
        }
    }

    #[test]
    fn the_form_problem_of_an_answer_is_the_draft_checks_own() {
        use serde_json::json;
        let mut env = crate::AnyEnv::new("productivity").unwrap_or_else(|e| panic!("{e}"));
        let reset = env.reset(&json!({"task": "medium", "seed": 4}), Default::default());
        assert!(reset.is_ok());
        let (reference, _) = Productivity::reset(task("medium"), 2, 4);
        let mut answer = reference.scenario.reference_answer();
        let raw = |command: &str, answer: &Value| json!({"raw": format!("{command}: {answer}")});
        assert_eq!(env.answer_form_problem(&raw("final", &answer)), None);
        // A date that does not exist, a time that is none: what a draft of
        // them would be told, and never for a missing field or no answer.
        answer["day"] = json!("2026-02-30");
        answer["start"] = json!("25:00");
        let problem = "not well formed: `day` (expected YYYY-MM-DD), `start` (expected HH:MM)";
        for command in ["final", "propose"] {
            let found = env.answer_form_problem(&raw(command, &answer));
            assert_eq!(found.as_deref(), Some(problem), "{command}");
        }
        let drafted = env
            .step(&raw("propose", &answer))
            .map(|r| r.observation.to_value());
        let feedback = drafted.map(|o| o["last_feedback"].as_str().unwrap_or("").to_owned());
        assert!(feedback.is_ok_and(|f| f.contains(problem)));
        assert_eq!(env.answer_form_problem(&raw("final", &json!({}))), None);
        answer["day"] = json!(" ");
        let blank_day = env.answer_form_problem(&raw("final", &answer));
        assert_eq!(
            blank_day.as_deref(),
            Some("not well formed: `start` (expected HH:MM)")
        );
        assert_eq!(env.answer_form_problem(&json!({"raw": "inspect"})), None);
        // A bookings template's blank entries are no value yet.
        let mut joint = crate::AnyEnv::new("productivity").unwrap_or_else(|e| panic!("{e}"));
        let reset = joint.reset(
            &json!({"task": "medium", "seed": 4, "difficulty": 5}),
            Default::default(),
        );
        assert!(reset.is_ok());
        let template = json!({"bookings": [
            {"meeting": "M1", "day": "", "start": "", "end": "", "participants": [], "room": ""},
        ]});
        let problem = joint.answer_form_problem(&raw("propose", &template));
        assert_eq!(problem, None, "{problem:?}");
    }

    #[test]
    fn a_perfect_draft_is_not_graded_and_does_not_end_the_episode() {
        for id in ["easy", "medium", "hard"] {
            let (mut env, _) = Productivity::reset(task(id), 2, 4);
            let right = format!("propose: {}", env.scenario.reference_answer());
            let first = step(&mut env, &right);
            assert!(!first.done, "{id}");
            assert_eq!(first.reward, Points(-200));
            assert_eq!(first.observation.reward_breakdown.delta, Points::ZERO);
            assert_eq!(first.observation.terminal_grader, None);
            assert!(
                first
                    .observation
                    .last_feedback
                    .starts_with(draft::WELL_FORMED)
            );
            let state = env.state();
            assert_eq!((state.last_score, state.best_score), (None, None));
            let wrong = step(&mut env, "propose: {}");
            assert_eq!(wrong.reward, first.reward);
        }
    }

    #[test]
    fn the_grade_comes_with_final_or_the_step_limit() {
        let (mut env, _) = Productivity::reset(task("easy"), 2, 9);
        let reference = env.scenario.reference_answer();
        let end = step(&mut env, &format!("final: {reference}"));
        assert!(end.done);
        assert_eq!(end.reward, Points(9800));
        assert_eq!(end.observation.reward_breakdown.delta, Points::FULL);
        assert_eq!(env.state().best_score, Some(Points::FULL));
        assert_eq!(env.state().terminated_by, Some("final_answer"));

        // The last draft is graded at the step limit, on the last step.
        let (mut env, _) = Productivity::reset(task("easy"), 2, 9);
        step(&mut env, &format!("propose: {reference}"));
        for _ in 1..MAX_STEPS - 1 {
            assert!(!step(&mut env, "inspect").done);
        }
        let last = step(&mut env, "inspect");
        assert!(!last.done, "the limit ended it, not the action");
        assert_eq!(last.observation.terminal_grader, Some(Points::FULL));
        assert_eq!(last.reward, Points(-200 - 500 + 10_000));
        assert_eq!(env.state().terminated_by, Some("max_steps"));

        // No draft: the empty answer is graded (0, with the zero-score penalty).
        let (mut env, _) = Productivity::reset(task("easy"), 2, 9);
        for _ in 0..MAX_STEPS - 1 {
            step(&mut env, "nonsense");
        }
        let last = step(&mut env, "nonsense");
        assert!(!last.done, "the limit ended it, not the action");
        assert_eq!(last.observation.terminal_grader, Some(Points::ZERO));
        assert_eq!(
            last.observation.reward_breakdown.wrong_answer_penalty,
            Points(-500)
        );
    }
}
