//! The benchmark workload: `reset`, `step` and `grade` of every task, as
//! [`Workload`]s whose untimed set-up ([`Workload::prepare`]) is kept apart
//! from the timed call ([`Op::run`]). `benches/envs.rs` times it natively
//! (criterion, and a plain table for the ratio), and the wasm export
//! `BenchBatch` below lets `scripts/bench-wasm.sh` time it under node, so
//! both sides run literally the same code. There is no clock here: the
//! callers time [`Batch::run`].
//!
//! Behind the `bench` feature (a default of this crate, like `policies`,
//! which it needs for the reference answers); the page leaves it off, so
//! none of this reaches its bundle.

use serde_json::{Value, json};

use crate::registry::{ENVIRONMENTS, EnvInfo, TaskInfo};
use crate::{AnyEnv, EnvError, ResetDefaults, StepResult};

/// Seeds `0..SEED_CYCLE` are played in turn, so a figure is the mean over
/// that many scenarios rather than the cost of one lucky seed.
pub const SEED_CYCLE: u64 = 16;

/// Longest reference episode [`Workload::prepare`] plays before giving up;
/// the largest `max_steps` of any task is 36.
const MAX_REFERENCE_STEPS: usize = 100;

/// What one operation of a workload does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `reset` of a fresh session with `{"task", "seed"}`.
    Reset,
    /// One non-terminal step right after reset (see [`Workload::all`]).
    Step,
    /// The step that ends a reference episode: the final answer is graded.
    Grade,
}

impl Kind {
    /// Every kind, in the order of an episode (reset, step, grade).
    pub const ALL: [Kind; 3] = [Kind::Reset, Kind::Step, Kind::Grade];

    /// The kind's name in workload ids (`reset`, `step`, `grade`).
    pub fn id(self) -> &'static str {
        match self {
            Kind::Reset => "reset",
            Kind::Step => "step",
            Kind::Grade => "grade",
        }
    }
}

/// One benchmarked operation on one task, named `kind/env/task`
/// (`reset/productivity/easy`).
#[derive(Debug, Clone, Copy)]
pub struct Workload {
    /// What each operation of the workload does.
    pub kind: Kind,
    /// The environment played.
    pub env: &'static EnvInfo,
    /// The task played, at its default level.
    pub task: &'static TaskInfo,
}

impl Workload {
    /// Every workload, grouped by kind. A task whose episodes are a single
    /// step (it_mental_health's three single-case tasks, `max_steps` 1) has
    /// no non-terminal action, so it has no `step` workload: its one step is
    /// its `grade`.
    pub fn all() -> Vec<Workload> {
        let mut all = Vec::new();
        for kind in Kind::ALL {
            for env in ENVIRONMENTS {
                for task in env.tasks {
                    if kind == Kind::Step && task.max_steps < 2 {
                        continue;
                    }
                    all.push(Workload { kind, env, task });
                }
            }
        }
        all
    }

    /// The workload named `kind/env/task`.
    pub fn find(name: &str) -> Option<Workload> {
        Self::all().into_iter().find(|w| w.name() == name)
    }

    /// `kind/env/task`, the criterion id and the row of the ratio table.
    pub fn name(&self) -> String {
        format!("{}/{}", self.kind.id(), self.case())
    }

    /// `env/task`, the criterion function id inside the kind's group.
    pub fn case(&self) -> String {
        format!("{}/{}", self.env.id, self.task.id)
    }

    /// The untimed set-up of one operation for `seed`: a fresh session for
    /// `reset`, a session just reset for `step`, and for `grade` a session
    /// that has played every reference action but the last.
    pub fn prepare(&self, seed: u64) -> Result<Op, String> {
        let options = json!({"task": self.task.id, "seed": seed});
        if self.kind == Kind::Reset {
            return Ok(Op {
                env: AnyEnv::of(self.env),
                input: Input::Reset(options),
            });
        }
        let mut env = self.reset(&options)?;
        let action = match self.kind {
            Kind::Step => self.typical_action(&env)?,
            _ => {
                // The terminal step is known only by playing the episode
                // (support_triage's length varies with the scenario), so a
                // scout plays it out and `env` replays all but the last.
                let mut scout = self.reset(&options)?;
                let mut actions = self.reference_episode(&mut scout)?;
                let last = actions.pop().ok_or("the reference episode is empty")?;
                for action in &actions {
                    env.step(action).map_err(|e| self.failed(e))?;
                }
                last
            }
        };
        Ok(Op {
            env,
            input: Input::Step(action),
        })
    }

    /// The non-terminal action `step` times: the reference policy's first
    /// move where the reference takes several steps (support_triage opens a
    /// ticket, it_mental_health's `full_episode` answers its first case).
    /// productivity's reference answers in one `final:` step, so there it is
    /// `inspect`, the one command that never ends the episode.
    fn typical_action(&self, env: &AnyEnv) -> Result<Value, String> {
        if self.env.id == "productivity" {
            return Ok(json!({"raw": "inspect"}));
        }
        env.reference_action().ok_or_else(|| self.no_reference())
    }

    fn reference_episode(&self, env: &mut AnyEnv) -> Result<Vec<Value>, String> {
        let mut actions = Vec::new();
        while !env.is_done() {
            if actions.len() >= MAX_REFERENCE_STEPS {
                return Err(format!(
                    "{}: the reference episode does not end",
                    self.name()
                ));
            }
            let action = env.reference_action().ok_or_else(|| self.no_reference())?;
            env.step(&action).map_err(|e| self.failed(e))?;
            actions.push(action);
        }
        Ok(actions)
    }

    fn reset(&self, options: &Value) -> Result<AnyEnv, String> {
        let mut env = AnyEnv::of(self.env);
        env.reset(options, ResetDefaults::default())
            .map_err(|e| self.failed(e))?;
        Ok(env)
    }

    fn no_reference(&self) -> String {
        format!(
            "{}: no reference action (is the `policies` feature on?)",
            self.name()
        )
    }

    fn failed(&self, error: EnvError) -> String {
        format!("{}: {error}", self.name())
    }
}

/// One prepared operation: a session and the call to time on it.
pub struct Op {
    env: AnyEnv,
    input: Input,
}

enum Input {
    Reset(Value),
    Step(Value),
}

impl Op {
    /// The timed call. Run it once: a step moves the episode on.
    pub fn run(&mut self) -> Result<StepResult, EnvError> {
        match &self.input {
            Input::Reset(options) => self.env.reset(options, ResetDefaults::default()),
            Input::Step(action) => self.env.step(action),
        }
    }

    /// The session, to check what [`Op::run`] did.
    pub fn env(&self) -> &AnyEnv {
        &self.env
    }
}

/// `size` prepared operations of one workload over the seed cycle, for
/// timing many calls at once where a clock is coarse (node) or dear.
pub struct Batch {
    ops: Vec<Op>,
    /// Kept until the batch is dropped, so freeing the results is not timed.
    results: Vec<Result<StepResult, EnvError>>,
}

impl Batch {
    /// `size` operations of `workload`, seeds cycling over [`SEED_CYCLE`]; `Err` names an operation that could not be prepared.
    pub fn prepare(workload: &Workload, size: usize) -> Result<Batch, String> {
        let ops = (0..size as u64)
            .map(|i| workload.prepare(i % SEED_CYCLE))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Batch {
            ops,
            results: Vec::with_capacity(size),
        })
    }

    /// Run every operation once and return how many succeeded (all of them,
    /// for a correct workload). A second call runs nothing: the episodes
    /// have moved on.
    pub fn run(&mut self) -> usize {
        if !self.results.is_empty() {
            return 0;
        }
        self.results.extend(self.ops.iter_mut().map(Op::run));
        self.results.iter().filter(|r| r.is_ok()).count()
    }

    /// How many operations the batch holds.
    pub fn len(&self) -> usize {
        self.ops.len()
    }

    /// Whether the batch holds no operation.
    pub fn is_empty(&self) -> bool {
        self.ops.is_empty()
    }
}

/// The workloads for node: `benchWorkloads()` lists the names, and
/// `new BenchBatch(name, size)` prepares a [`Batch`] whose `run()` the script
/// times with `performance.now()`.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
#[allow(unreachable_pub, reason = "wasm_bindgen exports these to JavaScript")]
mod wasm {
    use wasm_bindgen::prelude::*;

    use super::{Batch, Workload};

    /// Every workload name, as a JSON array.
    #[wasm_bindgen(js_name = benchWorkloads)]
    pub fn bench_workloads() -> String {
        let names: Vec<String> = Workload::all().iter().map(Workload::name).collect();
        serde_json::to_string(&names).unwrap_or_default()
    }

    #[wasm_bindgen(js_name = BenchBatch)]
    pub struct WasmBatch(Batch);

    #[wasm_bindgen(js_class = BenchBatch)]
    impl WasmBatch {
        #[wasm_bindgen(constructor)]
        pub fn new(name: &str, size: u32) -> Result<WasmBatch, JsError> {
            let workload = Workload::find(name)
                .ok_or_else(|| JsError::new(&format!("no workload named {name}")))?;
            Batch::prepare(&workload, size as usize)
                .map(WasmBatch)
                .map_err(|e| JsError::new(&e))
        }

        pub fn run(&mut self) -> u32 {
            self.0.run() as u32
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_workload_does_what_its_kind_says() {
        for workload in Workload::all() {
            for seed in 0..SEED_CYCLE {
                let name = format!("{} seed {seed}", workload.name());
                let mut op = workload.prepare(seed).expect(&name);
                let result = op.run().expect(&name);
                match workload.kind {
                    Kind::Reset => assert!(op.env().is_started() && !result.done, "{name}"),
                    Kind::Step => assert!(!result.done, "{name}: step ended the episode"),
                    Kind::Grade => {
                        assert!(result.done, "{name}: grade did not end the episode");
                        assert_eq!(op.env().terminal_score(), Some(1.0), "{name}");
                    }
                }
            }
        }
    }

    #[test]
    fn every_task_has_reset_and_grade_and_names_are_unique() {
        let all = Workload::all();
        let tasks: usize = ENVIRONMENTS.iter().map(|e| e.tasks.len()).sum();
        for kind in [Kind::Reset, Kind::Grade] {
            assert_eq!(all.iter().filter(|w| w.kind == kind).count(), tasks);
        }
        let names: std::collections::BTreeSet<String> = all.iter().map(Workload::name).collect();
        assert_eq!(names.len(), all.len());
        assert!(Workload::find("reset/productivity/easy").is_some());
    }

    #[test]
    fn a_batch_runs_once() {
        let workload = Workload::find("grade/productivity/easy").expect("registered");
        let mut batch = Batch::prepare(&workload, 20).expect("prepared");
        assert_eq!(batch.len(), 20);
        assert_eq!(batch.run(), 20);
        assert_eq!(batch.run(), 0);
    }
}
