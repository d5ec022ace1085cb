//! `it_mental_health` (seed 000): workplace mental-health reasoning for IT
//! teams. An episode plays `burnout_detection` (one person), then
//! `stress_triage` (a team of three to five), then `intervention_plan` (a
//! team profile), one graded free-text answer each; `reset` may name one
//! task to play it alone. The answer is read, not keyword-counted: the
//! graders parse labelled sections and score precision as well as recall,
//! against truths that follow from a rubric stated in the observation.
//!
//! - [`burnout`], [`triage`], [`plan`]: one folder per task, its generator
//!   (cases, hidden truth, rubric, response format) in `mod.rs` and its
//!   grader in `grade.rs`.
//! - [`reading`]: what every grader reads answers with ([`reading::sections`],
//!   [`reading::decision`] for yes or no, [`reading::penalties`]), on the
//!   shared [`crate::text`] layer; [`grade`] assembles scores.
//! - [`writers`]: the reference answer and three differently worded ones;
//!   [`baselines`]: the policies the graders must score low.
//! - [`scenario`]: the task kinds and [`scenario::Case`] over the three.

pub mod baselines;
pub mod burnout;
pub mod format;
pub mod grade;
pub mod names;
pub mod plan;
pub mod reading;
pub mod scenario;
pub mod tasks;
pub mod triage;
pub mod writers;

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::episode::{Environment, StepLimit, Transition};
use crate::error::EnvError;
use crate::points::Points;
use crate::rng::SeededRng;
use crate::task::{self, Difficulty, Listed};

pub use format::MAX_RESPONSE_CHARS;
use grade::Grade;
use scenario::{Case, ResponseFormat, Subject, TaskKind};
pub use tasks::FULL_EPISODE;
use tasks::Task;
use writers::Style;

/// [`Environment::DESCRIPTION`].
const DESCRIPTION: &str = "Workplace mental-health reasoning for IT teams: detect burnout in one person, triage a \
     team by urgency and plan a four-week intervention, each from a seeded case with a stated \
     rubric, graded by reading labelled free-text answers for precision and recall.";

/// The one tool: answer the current task.
#[cfg(not(target_arch = "wasm32"))]
pub const ANSWER_TOOL: &str = "answer";

/// The seed's action: a free-text answer to the current task.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ItMentalHealthAction {
    /// The answer, in the labelled sections of the observation's
    /// `response_format`.
    #[schemars(length(max = 20000))]
    pub response: String,
    /// The task being answered, the observation's `task_id`; when left
    /// out, the current task. A task that is not the current one is refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub task_id: Option<String>,
    /// Self-reported confidence in [0, 1]; recorded, not scored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0.0, max = 1.0))]
    pub confidence: Option<f64>,
    /// Free-form client metadata (the seed's `session_id` lives here on
    /// HTTP); accepted and ignored by the environment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<Map<String, Value>>,
}

/// The score of one graded task.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct GradedTask {
    /// The task that was graded.
    pub task_id: &'static str,
    /// Its score in [0, 1], penalties included.
    pub score: Points,
    /// Criterion -> score in [0, 1].
    pub breakdown: BTreeMap<&'static str, Points>,
    /// Penalty -> points taken off.
    pub penalties: BTreeMap<&'static str, Points>,
    /// What the grader read, criterion by criterion.
    pub notes: Vec<String>,
}

/// What the agent sees after reset and each step: the case of the current task,
/// how to answer it, and the grades so far.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ItMentalHealthObservation {
    /// The task the next answer is for (the last one once the episode is over).
    pub task_id: &'static str,
    /// `easy`, `medium` or `hard`.
    pub difficulty: &'static str,
    /// The tasks of this episode, in order.
    pub episode_tasks: Vec<&'static str>,
    /// Position of `task_id` in `episode_tasks`, from 1.
    pub task_number: u32,
    /// The case, the rubric, the task and the response format as one text.
    pub scenario: String,
    /// The same case as structured cards.
    pub subject: Subject,
    /// The rubric the truth follows from.
    pub rubric: Vec<String>,
    /// The labelled sections the grader reads, and a template.
    pub response_format: ResponseFormat,
    /// What the last step's answer earned and missed, in words; empty after reset.
    pub feedback: String,
    /// The task the last step graded, with its per-criterion scores.
    pub graded: Option<GradedTask>,
    /// Task id -> score of every task graded so far.
    pub task_scores: BTreeMap<&'static str, Points>,
    /// The episode score in [0, 1]; set on the final observation only.
    pub terminal_grader: Option<Points>,
    /// What `terminal_grader` is made of: criterion -> score for a single
    /// task, task -> score for a full episode; final observation only.
    pub score_breakdown: Option<BTreeMap<&'static str, Points>>,
}

/// IT mental health's own state fields: the episode's tasks and how far it has got.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ItMentalHealthState {
    /// The task the next step must answer; `null` once the episode is over.
    pub current_task: Option<&'static str>,
    /// The tasks of this episode, in order.
    pub episode_tasks: Vec<&'static str>,
    /// The tasks answered so far, in order.
    pub tasks_completed: Vec<&'static str>,
    /// Task id -> score of every task graded so far.
    pub task_scores: BTreeMap<&'static str, Points>,
    /// Sum of the rewards so far.
    pub cumulative_reward: Points,
}

/// The IT mental health environment: one to three generated cases (burnout
/// detection, stress triage, an intervention plan), one written answer each.
pub struct ItMentalHealth {
    cases: Vec<Case>,
    /// Index into `cases` of the task the next step answers.
    current: usize,
    grades: Vec<(TaskKind, Grade)>,
    feedback: String,
    full_episode: bool,
}

impl ItMentalHealth {
    fn done(&self) -> bool {
        self.current >= self.cases.len()
    }

    /// The case on show: the current one, or the last once done.
    fn shown(&self) -> &Case {
        &self.cases[self.current.min(self.cases.len() - 1)]
    }

    fn episode_tasks(&self) -> Vec<&'static str> {
        self.cases.iter().map(|c| c.kind().id()).collect()
    }

    fn task_scores(&self) -> BTreeMap<&'static str, Points> {
        crate::order::map_of(
            self.grades
                .iter()
                .map(|(kind, grade)| (kind.id(), grade.total)),
        )
    }

    /// The episode's score and breakdown once every task is graded.
    fn terminal(&self) -> Option<(Points, BTreeMap<&'static str, Points>)> {
        if !self.done() {
            return None;
        }
        if self.full_episode {
            let scores = self.task_scores();
            let sum: i32 = scores.values().map(|p| p.0).sum();
            let mean = Points::ratio(sum.max(0) as u64, 10_000 * scores.len() as u64);
            Some((mean, scores))
        } else {
            let (_, grade) = self.grades.last()?;
            Some((grade.total, grade.criteria.clone()))
        }
    }

    fn observation(&self) -> ItMentalHealthObservation {
        let case = self.shown();
        let kind = case.kind();
        let terminal = self.terminal();
        ItMentalHealthObservation {
            task_id: kind.id(),
            difficulty: difficulty_name(kind.difficulty()),
            episode_tasks: self.episode_tasks(),
            task_number: self.current.min(self.cases.len() - 1) as u32 + 1,
            scenario: case.scenario_text(),
            subject: case.subject(),
            rubric: case.rubric(),
            response_format: case.response_format(),
            feedback: self.feedback.clone(),
            graded: self.grades.last().map(|(kind, grade)| GradedTask {
                task_id: kind.id(),
                score: grade.total,
                breakdown: grade.criteria.clone(),
                penalties: grade.penalties.clone(),
                notes: grade.notes.clone(),
            }),
            task_scores: self.task_scores(),
            terminal_grader: terminal.as_ref().map(|(score, _)| *score),
            score_breakdown: terminal.map(|(_, breakdown)| breakdown),
        }
    }
}

fn difficulty_name(difficulty: Difficulty) -> &'static str {
    match difficulty {
        Difficulty::Easy => "easy",
        Difficulty::Medium => "medium",
        Difficulty::Hard => "hard",
    }
}

impl Environment for ItMentalHealth {
    type Action = ItMentalHealthAction;
    type Observation = ItMentalHealthObservation;
    type State = ItMentalHealthState;
    type Task = Task;

    const PROMPT_HINT: Option<&'static str> = Some(
        "Answer each task with {\"response\": \"<your answer>\"} (or with \"task_id\": \"<the \
         observation's task_id>\" too), writing the response in the labelled sections the \
         observation's `response_format` asks for. Each answer is graded at once.",
    );

    /// Every task at levels 1 to 5: larger cases with more signals, near
    /// misses and distractors, a tighter budget; at levels 4 and 5 the plan
    /// is a joint decision over a priced catalogue (its own rubric).
    const LEVELS: &'static [u8] = &[1, 2, 3, 4, 5];

    fn rubric(task: Task, difficulty: u8) -> crate::rubric::TaskRubric {
        use crate::rubric::TaskRubric;
        match task {
            Task::BurnoutDetection => TaskRubric::Weighted(&burnout::grade::RUBRIC),
            Task::StressTriage => TaskRubric::Weighted(&triage::grade::RUBRIC),
            Task::InterventionPlan if difficulty >= plan::CATALOGUE_LEVEL => {
                TaskRubric::Weighted(&plan::choice::RUBRIC)
            }
            Task::InterventionPlan => TaskRubric::Weighted(&plan::grade::RUBRIC),
            Task::FullEpisode => TaskRubric::MeanOf {
                tasks: &["burnout_detection", "stress_triage", "intervention_plan"],
            },
        }
    }

    const LISTED: Listed = task::IT_MENTAL_HEALTH;
    const DESCRIPTION: &'static str = DESCRIPTION;

    fn reset(task: Task, difficulty: u8, seed: u64) -> (Self, ItMentalHealthObservation) {
        let kinds = task.kinds();
        let full_episode = kinds.len() > 1;
        let env = ItMentalHealth {
            cases: kinds
                .iter()
                .map(|k| Case::generate_at(*k, difficulty, seed))
                .collect(),
            current: 0,
            grades: Vec::new(),
            feedback: if full_episode {
                "New episode of three tasks: answer each in the labelled sections of its \
                 response format, with the observation's task_id."
                    .to_owned()
            } else {
                "New episode: answer in the labelled sections of the response format, with the \
                 observation's task_id."
                    .to_owned()
            },
            full_episode,
        };
        let observation = env.observation();
        (env, observation)
    }

    fn admit(&self, action: &ItMentalHealthAction) -> Result<(), EnvError> {
        if action.response.chars().count() > MAX_RESPONSE_CHARS {
            return Err(EnvError::validation(
                "action.response",
                format!("must be at most {MAX_RESPONSE_CHARS} characters"),
            ));
        }
        if let Some(confidence) = action.confidence
            && !(0.0..=1.0).contains(&confidence)
        {
            return Err(EnvError::validation(
                "action.confidence",
                format!(
                    "must be a number from 0 to 1, got {}",
                    crate::decimal::shortest(confidence)
                ),
            ));
        }
        let expected = self.shown().kind().id();
        if let Some(task_id) = &action.task_id
            && !task_id.trim().eq_ignore_ascii_case(expected)
        {
            return Err(EnvError::validation(
                "action.task_id",
                format!(
                    "expected `{expected}`, the current task (see the observation's task_id; \
                     or leave task_id out), got `{}`",
                    task_id.chars().take(40).collect::<String>()
                ),
            ));
        }
        Ok(())
    }

    /// Every accepted step answers a case and `max_steps` is the number
    /// of cases, so the last case ends the episode by itself at the limit:
    /// an `it_mental_health` episode is never truncated.
    fn step(
        &mut self,
        action: ItMentalHealthAction,
        _limit: StepLimit,
    ) -> Result<Transition<ItMentalHealthObservation>, EnvError> {
        let case = self.shown();
        let kind = case.kind();
        let grade = case.grade(&action.response);
        let reward = grade.total;
        let mut feedback = format!(
            "{} scored {}. {}",
            kind.id(),
            reward.decimals(2),
            grade.notes.join(" ")
        );
        self.grades.push((kind, grade));
        self.current += 1;
        let done = self.done();
        if done {
            if self.full_episode {
                let mean = self.terminal().map_or(Points::ZERO, |(score, _)| score);
                feedback.push_str(&format!(
                    " Episode complete: the mean of the three task scores is {}.",
                    mean.decimals(2)
                ));
            } else {
                feedback.push_str(" Episode complete.");
            }
        } else {
            feedback.push_str(&format!(" Next task: {}.", self.shown().kind().id()));
        }
        self.feedback = feedback;
        Ok(Transition {
            observation: self.observation(),
            reward,
            done,
        })
    }

    fn state(&self) -> ItMentalHealthState {
        ItMentalHealthState {
            current_task: (!self.done()).then(|| self.shown().kind().id()),
            episode_tasks: self.episode_tasks(),
            tasks_completed: self.grades.iter().map(|(k, _)| k.id()).collect(),
            task_scores: self.task_scores(),
            cumulative_reward: self.grades.iter().map(|(_, g)| g.total).sum(),
        }
    }

    fn current_observation(&self) -> ItMentalHealthObservation {
        self.observation()
    }

    fn terminal_score(&self) -> Option<Points> {
        self.terminal().map(|(score, _)| score)
    }

    fn reference_action(&self) -> Option<ItMentalHealthAction> {
        if self.done() {
            return None;
        }
        let case = self.shown();
        Some(ItMentalHealthAction {
            response: case.write(Style::Reference),
            task_id: Some(case.kind().id().to_owned()),
            confidence: None,
            metadata: None,
        })
    }

    fn baseline_names() -> &'static [&'static str] {
        baselines::NAMES
    }

    fn baseline_action(&self, name: &str, rng: &mut SeededRng) -> Option<ItMentalHealthAction> {
        if self.done() {
            return None;
        }
        let case = self.shown();
        Some(ItMentalHealthAction {
            response: baselines::answer(name, case, rng)?,
            task_id: Some(case.kind().id().to_owned()),
            confidence: None,
            metadata: None,
        })
    }

    fn noisy_reference_action(
        &self,
        error_per_mille: u32,
        rng: &mut SeededRng,
    ) -> Option<ItMentalHealthAction> {
        if self.done() {
            return None;
        }
        let case = self.shown();
        Some(ItMentalHealthAction {
            response: baselines::noisy(case, error_per_mille, rng),
            task_id: Some(case.kind().id().to_owned()),
            confidence: None,
            metadata: None,
        })
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn tool_specs() -> Vec<crate::tools::ToolSpec> {
        vec![crate::tools::ToolSpec::new(
            ANSWER_TOOL,
            crate::tools::ToolDescription::Text(
                "Answer the current task (the observation's task_id) with a free-text response \
                 in the labelled sections of its response_format; it is graded at once and the \
                 next task (if any) follows.",
            ),
            &["response"],
            &["confidence", "task_id"],
        )]
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn tool_action(_name: &str, arguments: Map<String, Value>) -> Value {
        Value::Object(arguments)
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn tool_call(action: &ItMentalHealthAction) -> Option<crate::tools::ToolCall> {
        let arguments = crate::tools::arguments_of(action, &["metadata"])?;
        Some(crate::tools::ToolCall::new(ANSWER_TOOL, arguments))
    }

    /// The answer sent bare, as text, or under another name (`answer`,
    /// `text`, `content`, ...): the same answer as `response`.
    #[cfg(not(target_arch = "wasm32"))]
    fn suggest(action: &Value) -> Option<Value> {
        if let Value::String(text) = action {
            return Some(serde_json::json!({ "response": text }));
        }
        const NAMES: [&str; 7] = [
            "answer",
            "text",
            "content",
            "message",
            "reply",
            "output",
            "responses",
        ];
        let map = action.as_object()?;
        if map.contains_key("response") {
            return None;
        }
        let (key, text) = NAMES
            .iter()
            .find_map(|k| map.get(*k).and_then(Value::as_str).map(|t| (*k, t)))?;
        let mut meant = map.clone();
        meant.remove(key);
        meant.insert("response".to_owned(), Value::String(text.to_owned()));
        meant
            .retain(|k, _| ["response", "task_id", "confidence", "metadata"].contains(&k.as_str()));
        Some(Value::Object(meant))
    }

    fn empty_answer(&self) -> ItMentalHealthAction {
        ItMentalHealthAction {
            response: String::new(),
            task_id: Some(self.shown().kind().id().to_owned()),
            confidence: None,
            metadata: None,
        }
    }
}
