//! `productivity` (seed 002): an office assistant's inbox, calendar and
//! spreadsheet. Each task is one seeded scenario with a written policy; the
//! agent may `inspect`, `propose: {json}` (graded, score hidden) and
//! `final: {json}` (graded, ends the episode).
//!
//! - [`email`], [`calendar`], [`cleaning`]: one task each, with its
//!   generator, grader and reference answer.
//! - [`command`]: parsing the seed-compatible `raw` command.
//! - [`shaping`]: the seed's per-step reward shaping.

pub mod baselines;
pub mod calendar;
pub mod cleaning;
pub mod command;
pub mod email;
pub mod names;
pub mod shaping;

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::episode::{Environment, FrozenJson, Transition};
use crate::error::EnvError;
use crate::points::Points;
use crate::registry::{self, Difficulty, EnvInfo, TaskInfo};
use crate::rng::SeededRng;

use command::Command;
use shaping::{RewardBreakdown, Shaper};

pub static INFO: EnvInfo = registry::entry::<Productivity>(
    "productivity",
    "DeskBench Productivity",
    "Office assistant work: classify an email, schedule a meeting under \
     people, room and blocked-time constraints, and clean a messy table, each \
     from a seeded scenario with a written policy.",
    &TASKS,
);

const MAX_STEPS: u32 = 5;

static TASKS: [TaskInfo; 3] = [
    TaskInfo {
        id: "easy",
        aliases: &["email", "email_classification"],
        difficulty: Difficulty::Easy,
        max_steps: MAX_STEPS,
        summary: "Label one email (work, personal, spam, finance), set its priority and say \
                  whether it needs a reply, following the written inbox policy.",
    },
    TaskInfo {
        id: "medium",
        aliases: &["calendar", "calendar_scheduling"],
        difficulty: Difficulty::Medium,
        max_steps: MAX_STEPS,
        summary: "Book a meeting slot and room that every required person can attend, avoiding \
                  blocked windows; any slot that meets every constraint scores full.",
    },
    TaskInfo {
        id: "hard",
        aliases: &["cleaning", "data_cleaning"],
        difficulty: Difficulty::Hard,
        max_steps: MAX_STEPS,
        summary: "Apply the written cleaning rules to a messy table and report the counts, the \
                  duplicate ids, the invalid emails, the total and the retained ids.",
    },
];

/// The seed-compatible action: one line of text. A bare JSON string
/// (`"inspect"`, as the seed's clients send it) is read as its `raw`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProductivityAction {
    /// `inspect`, `propose: {json}` or `final: {json}`.
    #[schemars(length(min = 1, max = 4000))]
    pub raw: String,
    /// Free-form client metadata; accepted and ignored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<serde_json::Map<String, serde_json::Value>>,
}

/// The scenario of one task, as shown to the agent.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Payload {
    Email(email::EmailPayload),
    Calendar(calendar::CalendarPayload),
    Cleaning(cleaning::CleaningPayload),
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ProductivityObservation {
    pub task_name: &'static str,
    /// What to do, with the written policy the grader applies.
    #[schemars(with = "String")]
    pub instruction: FrozenJson,
    #[schemars(with = "Payload")]
    pub payload: FrozenJson,
    /// The fields the answer object must have, with their types.
    #[schemars(with = "BTreeMap<String, String>")]
    pub answer_schema: FrozenJson,
    pub action_format: [&'static str; 3],
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

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ProductivityState {
    /// The score of the answer graded last; hidden until the episode ends,
    /// so proposals cannot be used to probe the grader.
    pub last_score: Option<Points>,
    pub best_score: Points,
    /// What ended the episode: `final_answer`, `perfect_proposal` or `max_steps`.
    pub terminated_by: Option<&'static str>,
}

/// A graded answer: criterion -> score in [0, 1], and the weighted total.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grade {
    pub criteria: BTreeMap<&'static str, Points>,
    pub total: Points,
}

impl Grade {
    /// [`Grade::weighted`] from a table of (criterion, weight) and the
    /// scores in the table's order.
    pub fn from_table<const N: usize>(
        weights: &[(&'static str, Points); N],
        scores: [Points; N],
    ) -> Grade {
        let parts: Vec<_> = weights
            .iter()
            .zip(scores)
            .map(|((name, weight), score)| (*name, score, *weight))
            .collect();
        Grade::weighted(&parts)
    }

    /// Weighted sum of criteria; the weights (basis points) add up to 1.
    pub fn weighted(parts: &[(&'static str, Points, Points)]) -> Grade {
        let total = parts
            .iter()
            .map(|(_, score, weight)| score.weighted(*weight))
            .sum();
        Grade {
            criteria: parts
                .iter()
                .map(|(name, score, _)| (*name, *score))
                .collect(),
            total,
        }
    }
}

/// The parts of every observation that the episode never changes.
struct ShownScenario {
    instruction: FrozenJson,
    payload: FrozenJson,
    answer_schema: FrozenJson,
}

impl ShownScenario {
    fn of(scenario: &Scenario) -> Self {
        ShownScenario {
            instruction: FrozenJson::of(&scenario.instruction()),
            payload: FrozenJson::of(&scenario.payload()),
            answer_schema: FrozenJson::of(&scenario.answer_schema()),
        }
    }
}

/// The generated scenario of one task, with its hidden truth.
#[derive(Debug, Clone)]
enum Scenario {
    Email(email::Email),
    Calendar(calendar::Calendar),
    Cleaning(cleaning::Table),
}

impl Scenario {
    fn generate(task: &TaskInfo, seed: u64) -> Scenario {
        match task.id {
            "medium" => Scenario::Calendar(calendar::generate(seed)),
            "hard" => Scenario::Cleaning(cleaning::generate(seed)),
            _ => Scenario::Email(email::generate(seed)),
        }
    }

    fn payload(&self) -> Payload {
        match self {
            Scenario::Email(s) => Payload::Email(s.payload()),
            Scenario::Calendar(s) => Payload::Calendar(s.payload()),
            Scenario::Cleaning(s) => Payload::Cleaning(s.payload()),
        }
    }

    fn instruction(&self) -> String {
        match self {
            Scenario::Email(s) => s.instruction(),
            Scenario::Calendar(s) => s.instruction(),
            Scenario::Cleaning(s) => s.instruction(),
        }
    }

    fn answer_schema(&self) -> BTreeMap<&'static str, &'static str> {
        let fields: &[(&str, &str)] = match self {
            Scenario::Email(_) => email::ANSWER_FIELDS,
            Scenario::Calendar(_) => calendar::ANSWER_FIELDS,
            Scenario::Cleaning(_) => cleaning::ANSWER_FIELDS,
        };
        fields.iter().copied().collect()
    }

    fn grade(&self, answer: &serde_json::Map<String, serde_json::Value>) -> Grade {
        match self {
            Scenario::Email(s) => s.grade(answer),
            Scenario::Calendar(s) => s.grade(answer),
            Scenario::Cleaning(s) => s.grade(answer),
        }
    }

    fn reference_answer(&self) -> serde_json::Value {
        match self {
            Scenario::Email(s) => s.reference_answer(),
            Scenario::Calendar(s) => s.reference_answer(),
            Scenario::Cleaning(s) => s.reference_answer(),
        }
    }
}

pub struct Productivity {
    task: &'static TaskInfo,
    scenario: Scenario,
    /// The scenario as every observation shows it, serialised at reset.
    shown: ShownScenario,
    shaper: Shaper,
    step_count: u32,
    last_action: Option<String>,
    last_feedback: String,
    /// The reward terms of the last step, as its observation showed them.
    last_breakdown: RewardBreakdown,
    /// The answer graded last; it is the one scored when steps run out.
    last_grade: Option<Grade>,
    terminal: Option<Grade>,
    terminated_by: Option<&'static str>,
}

impl Productivity {
    fn observation(&self, breakdown: RewardBreakdown) -> ProductivityObservation {
        ProductivityObservation {
            task_name: self.task.id,
            instruction: self.shown.instruction.clone(),
            payload: self.shown.payload.clone(),
            answer_schema: self.shown.answer_schema.clone(),
            action_format: command::FORMATS,
            step_count: self.step_count,
            max_steps: self.task.max_steps,
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

    fn info() -> &'static EnvInfo {
        &INFO
    }

    const TEXT_ACTION_FIELD: Option<&'static str> = Some("raw");

    fn reset(task: &'static TaskInfo, seed: u64) -> (Self, ProductivityObservation) {
        let scenario = Scenario::generate(task, seed);
        let env = Productivity {
            task,
            shown: ShownScenario::of(&scenario),
            scenario,
            shaper: Shaper::default(),
            step_count: 0,
            last_action: None,
            last_feedback: "New episode: read the instruction and payload, then answer with \
                            `final: {json}`."
                .to_owned(),
            last_breakdown: RewardBreakdown::default(),
            last_grade: None,
            terminal: None,
            terminated_by: None,
        };
        let observation = env.observation(RewardBreakdown::default());
        (env, observation)
    }

    fn step(
        &mut self,
        action: ProductivityAction,
    ) -> Result<Transition<ProductivityObservation>, EnvError> {
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
        self.step_count += 1;
        let command = Command::parse(&action.raw);
        let (breakdown, mut done) = match &command {
            Err(problem) => {
                self.last_feedback = format!("Malformed action: {problem}. {}", command::HELP);
                (self.shaper.malformed(), false)
            }
            Ok(Command::Inspect) => {
                self.last_feedback =
                    "Nothing new to inspect: the whole scenario is in the observation.".to_owned();
                (self.shaper.inspect(&action.raw), false)
            }
            Ok(Command::Propose(answer)) | Ok(Command::Final(answer)) => {
                let is_final = matches!(command, Ok(Command::Final(_)));
                let grade = self.scenario.grade(answer);
                let breakdown = self.shaper.graded(&action.raw, grade.total);
                let perfect = grade.total >= Points::FULL;
                self.last_grade = Some(grade);
                self.last_feedback = if is_final {
                    "Final answer graded.".to_owned()
                } else if perfect {
                    "Proposal graded; it meets every criterion, so the episode ends.".to_owned()
                } else {
                    "Proposal recorded; per-criterion scores are shown when the episode ends."
                        .to_owned()
                };
                if is_final {
                    self.terminated_by = Some("final_answer");
                } else if perfect {
                    self.terminated_by = Some("perfect_proposal");
                }
                (breakdown, is_final || perfect)
            }
        };
        if !done && self.step_count >= self.task.max_steps {
            done = true;
            self.terminated_by = Some("max_steps");
            self.last_feedback
                .push_str(" Step limit reached: the last graded answer is scored.");
        }
        if done {
            self.terminal = Some(
                self.last_grade
                    .clone()
                    .unwrap_or_else(|| self.scenario.grade(&serde_json::Map::new())),
            );
        }
        self.last_action = Some(action.raw);
        self.last_breakdown = breakdown;
        let reward = breakdown.value;
        Ok(Transition {
            observation: self.observation(breakdown),
            reward,
            done,
        })
    }

    fn state(&self) -> ProductivityState {
        ProductivityState {
            last_score: self
                .terminal
                .as_ref()
                .and(self.last_grade.as_ref())
                .map(|g| g.total),
            best_score: self.shaper.best(),
            terminated_by: self.terminated_by,
        }
    }

    fn current_observation(&self) -> ProductivityObservation {
        self.observation(self.last_breakdown)
    }

    fn terminal_score(&self) -> Option<Points> {
        self.terminal.as_ref().map(|g| g.total)
    }

    fn reference_action(&self) -> Option<ProductivityAction> {
        Some(ProductivityAction {
            raw: format!("final: {}", self.scenario.reference_answer()),
            metadata: None,
        })
    }

    fn baseline_names() -> &'static [&'static str] {
        baselines::NAMES
    }

    fn baseline_action(&self, name: &str, rng: &mut SeededRng) -> Option<ProductivityAction> {
        let answer = match name {
            "memorised" => Scenario::generate(self.task, 0).reference_answer(),
            _ => baselines::answer(name, &self.scenario.payload(), rng)?,
        };
        Some(ProductivityAction {
            raw: format!("final: {answer}"),
            metadata: None,
        })
    }

    fn empty_answer(&self) -> ProductivityAction {
        ProductivityAction {
            raw: "final: {}".to_owned(),
            metadata: None,
        }
    }
}
