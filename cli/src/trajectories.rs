//! The trajectories file of `deskbench inference` (README "Trajectories"),
//! kept valid whatever happens to the run: each episode is appended as one
//! line when it ends ([`Appender`]), so a crash loses only the episodes in
//! flight (and at most leaves a cut last line); `--resume` reads the
//! episodes already there ([`resume`]); and at the end the file is
//! rewritten in report order ([`put_in_order`]), so the same command gives
//! the same file whatever order the episodes ended in and however often the
//! run was interrupted.
//!
//! An episode is known by [`Key`]: model, environment, task, level, split,
//! seed and trial. A line that ended in `error` is no result: a resumed run
//! plays it again and the new line replaces it.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use env_wasm::agent::Protocol;

use super::play::Job;
use super::report::{self, Episode, Outcome, Trajectory};

/// What makes two lines the same episode.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Key {
    pub model: String,
    pub env: String,
    pub task: String,
    pub difficulty: u8,
    pub split: String,
    pub seed: u64,
    pub trial: u32,
}

impl Key {
    pub fn of(job: &Job, model: &str) -> Key {
        Key {
            model: model.to_owned(),
            env: job.env.id.to_owned(),
            task: job.task.id.to_owned(),
            difficulty: job.difficulty,
            split: job.split_name().to_owned(),
            seed: job.seed,
            trial: job.trial,
        }
    }
}

/// The episode a line is: lines of another model, or without a level, are
/// no job of a run.
fn key(line: &Trajectory) -> Option<Key> {
    Some(Key {
        model: line.model.clone()?,
        env: line.env.clone(),
        task: line.task.clone(),
        difficulty: line.difficulty?,
        split: line.split.clone().unwrap_or_default(),
        seed: line.seed,
        trial: line.trial.unwrap_or(0),
    })
}

/// How the line's episode ended; a line without an outcome is no result.
fn ended(line: &Trajectory) -> Outcome {
    line.outcome.unwrap_or(Outcome::Error)
}

/// The line as an entry of the report, for `job`.
fn resumed_episode(line: &Trajectory, job: &Job) -> Episode {
    let outcome = ended(line);
    Episode {
        env: job.env.id,
        task: job.task.id,
        difficulty: job.difficulty,
        split: job.env.split_of(job.seed).map(|s| s.name),
        policy: line.model.clone().unwrap_or_default(),
        noise: None,
        seed: job.seed,
        trial: job.trial,
        score: if outcome == Outcome::Error {
            None
        } else {
            line.score
        },
        // The reset's entry comes first; every other is a model turn.
        steps: u32::try_from(line.steps.len().saturating_sub(1)).unwrap_or(u32::MAX),
        total_reward: line.total_reward.unwrap_or(0.0),
        outcome,
        note: line.failure.clone().filter(|f| !f.is_empty()),
        usage: line.usage,
        steps_taken: Vec::new(),
        breakdown: serde_json::Value::Null,
    }
}

/// One line of the file: where it is, and the trajectory it reads as.
struct Line {
    offset: u64,
    /// With its newline.
    len: u64,
    head: Trajectory,
}

/// Every complete line of `path`. A last line that was cut (a crash while
/// it was written: no newline, not JSON) is cut off the file; any other
/// line that is not a trajectory is an error naming it.
fn lines(path: &Path) -> Result<Vec<Line>, String> {
    let file = match File::open(path) {
        Ok(file) => file,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(err) => return Err(format!("cannot read {}: {err}", path.display())),
    };
    let mut reader = BufReader::new(file);
    let mut lines = Vec::new();
    let mut buffer = Vec::new();
    let mut offset = 0u64;
    loop {
        buffer.clear();
        let read = reader
            .read_until(b'\n', &mut buffer)
            .map_err(|err| format!("cannot read {}: {err}", path.display()))?;
        if read == 0 {
            break;
        }
        let complete = buffer.last() == Some(&b'\n');
        let text = buffer.trim_ascii();
        if text.is_empty() {
            offset += read as u64;
            continue;
        }
        match serde_json::from_slice::<Trajectory>(text) {
            Ok(head) if complete => lines.push(Line {
                offset,
                len: read as u64,
                head,
            }),
            Ok(head) => {
                // A whole line that lacks only its newline.
                append_newline(path)?;
                lines.push(Line {
                    offset,
                    len: read as u64 + 1,
                    head,
                });
            }
            Err(_) if !complete => {
                cut(path, offset)?;
                eprintln!(
                    "deskbench inference: {}: the last line was cut off (the run ended while \
                     writing it); removed",
                    path.display()
                );
            }
            Err(err) => {
                return Err(format!(
                    "line {} of {} is not a trajectory ({err}); move the file or remove the line",
                    lines.len() + 1,
                    path.display()
                ));
            }
        }
        offset += read as u64;
    }
    Ok(lines)
}

fn append_newline(path: &Path) -> Result<(), String> {
    std::fs::OpenOptions::new()
        .append(true)
        .open(path)
        .and_then(|mut f| f.write_all(b"\n"))
        .map_err(|err| format!("cannot write {}: {err}", path.display()))
}

fn cut(path: &Path, at: u64) -> Result<(), String> {
    std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .and_then(|f| f.set_len(at))
        .map_err(|err| format!("cannot write {}: {err}", path.display()))
}

/// What a resumed run finds in the file.
pub struct Resumed {
    /// By job: the episode already played to an end, if it was.
    pub done: Vec<Option<Episode>>,
    /// Episodes of this run the file holds as errors (played again).
    pub errors: usize,
}

/// The settings a line must share with the run that resumes it.
pub struct RunSettings<'a> {
    pub model: &'a str,
    pub protocol: Protocol,
    pub reward_mode: &'a str,
}

/// Read the episodes of `jobs` already in `path`. `Err` when a line of this
/// run was played on another task set, with other settings, or does not
/// read.
pub fn resume(path: &Path, jobs: &[Job], run: &RunSettings<'_>) -> Result<Resumed, String> {
    let index = job_index(jobs, run.model);
    let mut done: Vec<Option<Episode>> = vec![None; jobs.len()];
    let mut errors = 0;
    let version = report::task_set_version();
    for line in lines(path)? {
        let Some(&i) = key(&line.head).as_ref().and_then(|k| index.get(k)) else {
            continue;
        };
        let head = &line.head;
        let mismatch = |what: &str, theirs: Option<&str>, ours: &str| {
            format!(
                "{} holds {}/{} seed {} trial {} played with {what} `{}`, and this run's is \
                 `{ours}`; write to another file{}",
                path.display(),
                head.env,
                head.task,
                head.seed,
                head.trial.unwrap_or(0),
                theirs.unwrap_or("(none)"),
                if what == "task set" {
                    " or bring it to this task set with `deskbench regrade`"
                } else {
                    ", or resume with the same settings"
                }
            )
        };
        if head.task_set_version.as_deref() != Some(version) {
            return Err(mismatch(
                "task set",
                head.task_set_version.as_deref(),
                version,
            ));
        }
        if head.protocol.as_deref() != Some(run.protocol.name()) {
            return Err(mismatch(
                "protocol",
                head.protocol.as_deref(),
                run.protocol.name(),
            ));
        }
        if head.reward_mode.as_deref() != Some(run.reward_mode) {
            return Err(mismatch(
                "reward mode",
                head.reward_mode.as_deref(),
                run.reward_mode,
            ));
        }
        if ended(head) == Outcome::Error {
            errors += 1;
            done[i] = None;
        } else {
            done[i] = Some(resumed_episode(head, &jobs[i]));
        }
    }
    Ok(Resumed { done, errors })
}

fn job_index(jobs: &[Job], model: &str) -> BTreeMap<Key, usize> {
    jobs.iter()
        .enumerate()
        .map(|(i, job)| (Key::of(job, model), i))
        .collect()
}

/// Appends episodes to the file as they end.
pub struct Appender {
    path: PathBuf,
    file: File,
}

impl Appender {
    /// Open `path` for appending; emptied first unless the run resumes.
    pub fn open(path: &Path, resume: bool) -> Result<Self, String> {
        let mut options = std::fs::OpenOptions::new();
        options.create(true);
        if resume {
            options.append(true);
        } else {
            options.write(true).truncate(true);
        }
        let file = options
            .open(path)
            .map_err(|err| format!("cannot write {}: {err}", path.display()))?;
        Ok(Appender {
            path: path.to_owned(),
            file,
        })
    }

    /// Append one line (`line` has no newline), in one write.
    pub fn append(&mut self, line: &str) -> Result<(), String> {
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        self.file
            .write_all(&bytes)
            .map_err(|err| format!("cannot write {}: {err}", self.path.display()))
    }
}

/// Rewrite `path` in report order: lines of other runs first, as they
/// were, then this run's episodes in the order of `jobs`, each the last
/// line written for it (a replayed error is replaced). Written beside the
/// file and renamed over it, so the file is whole at every moment.
pub fn put_in_order(path: &Path, jobs: &[Job], model: &str) -> Result<(), String> {
    let lines = lines(path)?;
    let index = job_index(jobs, model);
    let mut others = Vec::new();
    let mut ours: Vec<Option<(u64, u64)>> = vec![None; jobs.len()];
    for line in &lines {
        match key(&line.head).as_ref().and_then(|k| index.get(k)) {
            Some(&i) => ours[i] = Some((line.offset, line.len)),
            None => others.push((line.offset, line.len)),
        }
    }
    let in_order: Vec<(u64, u64)> = others
        .into_iter()
        .chain(ours.into_iter().flatten())
        .collect();
    let already = in_order
        .iter()
        .zip(&lines)
        .all(|(&(offset, _), line)| offset == line.offset)
        && in_order.len() == lines.len();
    if already {
        return Ok(());
    }
    let failed = |err: std::io::Error| format!("cannot rewrite {}: {err}", path.display());
    let mut name = path.file_name().unwrap_or_default().to_owned();
    name.push(".reordering");
    let temporary = path.with_file_name(name);
    let mut source = File::open(path).map_err(failed)?;
    let mut target = std::io::BufWriter::new(File::create(&temporary).map_err(failed)?);
    let mut buffer = Vec::new();
    for (offset, len) in in_order {
        source.seek(SeekFrom::Start(offset)).map_err(failed)?;
        buffer.clear();
        (&mut source)
            .take(len)
            .read_to_end(&mut buffer)
            .map_err(failed)?;
        if buffer.last() != Some(&b'\n') {
            buffer.push(b'\n');
        }
        target.write_all(&buffer).map_err(failed)?;
    }
    target
        .into_inner()
        .map_err(|err| failed(err.into_error()))?
        .sync_all()
        .map_err(failed)?;
    std::fs::rename(&temporary, path).map_err(failed)
}
