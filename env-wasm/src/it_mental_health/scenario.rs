//! The three task kinds and their generated cases behind one type, [`Case`]:
//! what the observation shows of a case (text, cards, rubric, response
//! format) and how an answer to it is graded or written.

use schemars::JsonSchema;
use serde::Serialize;

use super::burnout::{self, BurnoutCase, PersonCard};
use super::grade::Grade;
use super::plan::{self, PlanCase, ProfileCard};
use super::reading::{Answer, COPY_RUN};
use super::triage::{self, TeamCard, TriageCase};
use super::writers::{self, Style};
use crate::task::DEFAULT_LEVEL;
use crate::task::Difficulty;
use crate::text::{CopySource, Text};
use std::sync::OnceLock;

pub use super::format::{FormatSection, MAX_RESPONSE_CHARS, ResponseFormat, fill};

/// One of the three graded tasks: `burnout_detection` (one employee's
/// burnout dimensions, severity, escalation and red flags), `stress_triage`
/// (a team's people put in tiers, with actions) and `intervention_plan` (a
/// four-week plan for a team's stressors, within a budget).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[allow(
    missing_docs,
    reason = "documented unit variants would turn the schema's enum into oneOf; the type doc lists them"
)]
pub enum TaskKind {
    BurnoutDetection,
    StressTriage,
    InterventionPlan,
}

impl TaskKind {
    /// Every graded task, in the order a full episode plays them.
    pub const ALL: [TaskKind; 3] = [
        TaskKind::BurnoutDetection,
        TaskKind::StressTriage,
        TaskKind::InterventionPlan,
    ];

    /// The task's id on the wire.
    pub fn id(self) -> &'static str {
        match self {
            TaskKind::BurnoutDetection => "burnout_detection",
            TaskKind::StressTriage => "stress_triage",
            TaskKind::InterventionPlan => "intervention_plan",
        }
    }

    /// The task's difficulty label.
    pub fn difficulty(self) -> Difficulty {
        match self {
            TaskKind::BurnoutDetection => Difficulty::Easy,
            TaskKind::StressTriage => Difficulty::Medium,
            TaskKind::InterventionPlan => Difficulty::Hard,
        }
    }

    fn ask(self, level: u8) -> &'static str {
        match self {
            TaskKind::InterventionPlan if level >= plan::CATALOGUE_LEVEL => {
                "Task: choose the best four-week plan from the catalogue using the rubric, name \
                 the team's stressors and their severity, and give KPIs, the main risk and the \
                 budget. Answer in the labelled sections of the response format."
            }
            TaskKind::BurnoutDetection => {
                "Task: assess this person's burnout using the rubric. Answer in the labelled \
                 sections of the response format."
            }
            TaskKind::StressTriage => {
                "Task: triage every person using the rubric: tier, main stressor, a 24-hour \
                 action and a 2-week action each, then a priority ranking. Answer in the \
                 labelled sections of the response format."
            }
            TaskKind::InterventionPlan => {
                "Task: write a four-week intervention plan for this team using the rubric. \
                 Answer in the labelled sections of the response format."
            }
        }
    }
}

/// The case as cards for a human reader (the same facts as the text).
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Subject {
    /// A burnout case: one employee.
    Person(PersonCard),
    /// A triage case: a team and its people.
    Team(TeamCard),
    /// An intervention-plan case: a team's profile, roster and budget.
    TeamProfile(ProfileCard),
}

/// A generated case of one task, with its hidden truth.
#[derive(Debug, Clone)]
pub enum Case {
    /// A burnout detection case.
    Burnout(BurnoutCase),
    /// A stress triage case.
    Triage(TriageCase),
    /// An intervention-plan case.
    Plan(PlanCase),
}

impl Case {
    /// The case of `kind` for `seed` at the default level.
    pub fn generate(kind: TaskKind, seed: u64) -> Case {
        Case::generate_at(kind, DEFAULT_LEVEL, seed)
    }

    /// The case of `kind` at difficulty `level` (1 to 5) for `seed`; each
    /// task draws from its own stream, so a full episode plays the same
    /// cases as the tasks played alone at the same level.
    pub fn generate_at(kind: TaskKind, level: u8, seed: u64) -> Case {
        match kind {
            TaskKind::BurnoutDetection => Case::Burnout(burnout::generate_at(level, seed)),
            TaskKind::StressTriage => Case::Triage(triage::generate_at(level, seed)),
            TaskKind::InterventionPlan => Case::Plan(plan::generate_at(level, seed)),
        }
    }

    /// The difficulty level the case was generated at.
    pub fn level(&self) -> u8 {
        match self {
            Case::Burnout(c) => c.level,
            Case::Triage(c) => c.level,
            Case::Plan(c) => c.level,
        }
    }

    /// The task the case belongs to.
    pub fn kind(&self) -> TaskKind {
        match self {
            Case::Burnout(_) => TaskKind::BurnoutDetection,
            Case::Triage(_) => TaskKind::StressTriage,
            Case::Plan(_) => TaskKind::InterventionPlan,
        }
    }

    /// The case as cards for the observation.
    pub fn subject(&self) -> Subject {
        match self {
            Case::Burnout(c) => Subject::Person(c.card.clone()),
            Case::Triage(c) => Subject::Team(c.card.clone()),
            Case::Plan(c) => Subject::TeamProfile(c.card.clone()),
        }
    }

    /// The task's rubric at the case's level, one paragraph a rule.
    pub fn rubric(&self) -> Vec<String> {
        match self {
            Case::Burnout(_) => burnout::RUBRIC.iter().map(|s| (*s).to_owned()).collect(),
            Case::Triage(_) => triage::RUBRIC.iter().map(|s| (*s).to_owned()).collect(),
            Case::Plan(c) => plan::rubric_at(c.level),
        }
    }

    /// How to answer the case: its sections, template and word limit.
    pub fn response_format(&self) -> ResponseFormat {
        match self {
            Case::Burnout(_) => burnout::response_format(),
            Case::Triage(c) => triage::response_format(c),
            Case::Plan(c) => plan::response_format_at(c.level),
        }
    }

    /// Everything an agent reading only text needs: the case, the rubric,
    /// the task and the response format.
    pub fn scenario_text(&self) -> String {
        let mut out = self.case_text().trim_end().to_owned();
        out.push_str(&self.guidance());
        out.push_str(&format!(
            "Write at least 20 words and at most {} words.",
            self.response_format().word_limit
        ));
        out
    }

    /// The rubric, the task and the response format's sections as the
    /// scenario shows them: the same for every case of a task.
    fn guidance(&self) -> String {
        let mut out = String::from("\n\nRubric:\n");
        for line in self.rubric() {
            out.push_str(&format!("- {line}\n"));
        }
        out.push('\n');
        out.push_str(self.kind().ask(self.level()));
        out.push_str("\n\nResponse format:\n");
        for section in &self.response_format().sections {
            out.push_str(&format!("- {}: {}\n", section.label, section.expects));
        }
        out
    }

    /// Which guidance a case shows: one per task, and a second for the
    /// plan's catalogue levels.
    fn guidance_variant(&self) -> usize {
        match self {
            Case::Plan(c) if c.catalogue.is_some() => 3,
            _ => self.kind() as usize,
        }
    }

    /// [`Case::guidance`] as a copy source, read once per variant: the
    /// copy rule reads it on every grade, and it never changes.
    fn guidance_copies(&self) -> &'static CopySource {
        static GUIDANCE: [OnceLock<CopySource>; 4] = [
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
        ];
        GUIDANCE[self.guidance_variant()]
            .get_or_init(|| CopySource::owning(Text::new(&self.guidance()), COPY_RUN))
    }

    /// The case as the scenario tells it, before the rubric and the
    /// response format.
    pub fn case_text(&self) -> &str {
        match self {
            Case::Burnout(c) => &c.text,
            Case::Triage(c) => &c.text,
            Case::Plan(c) => &c.text,
        }
    }

    /// Grade `answer`: the penalties judge it as sent, the criteria read it
    /// with the runs copied from the observation (the case text, the
    /// rubric and the response format) cut out.
    pub fn grade(&self, answer: &str) -> Grade {
        let case = CopySource::owning(Text::new(self.case_text()), COPY_RUN);
        let answer = Answer::new(answer, &case, self.guidance_copies());
        match self {
            Case::Burnout(c) => burnout::grade::grade(c, &answer),
            Case::Triage(c) => triage::grade::grade(c, &answer),
            // A plan with a catalogue (levels 4 and 5) is a choice among
            // priced interventions; `plan::choice` reads its KPIs, risk and
            // budget with `plan::grade`'s readers, so it sits above that
            // module and the two are told apart here.
            Case::Plan(c) => match &c.catalogue {
                Some(catalogue) => plan::choice::grade(c, catalogue, &answer),
                None => plan::grade::grade(c, &answer),
            },
        }
    }

    /// An answer written from the hidden truth in one of the writer styles.
    pub fn write(&self, style: Style) -> String {
        match self {
            Case::Burnout(c) => writers::burnout(c, style),
            Case::Triage(c) => writers::triage(c, style),
            Case::Plan(c) => writers::plan(c, style),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guidance_is_the_same_for_every_case_of_a_variant() {
        // `Case::guidance_copies` reads it once per variant.
        for kind in TaskKind::ALL {
            for level in 1..=5 {
                let first = Case::generate_at(kind, level, 0);
                for seed in 1..100 {
                    let case = Case::generate_at(kind, level, seed);
                    assert_eq!(case.guidance_variant(), first.guidance_variant());
                    assert_eq!(case.guidance(), first.guidance(), "{kind:?} level {level}");
                }
            }
            let low = Case::generate_at(kind, 1, 0);
            let high = Case::generate_at(kind, 5, 0);
            assert_eq!(
                low.guidance_variant() == high.guidance_variant(),
                low.guidance() == high.guidance(),
                "{kind:?}"
            );
        }
    }
}
