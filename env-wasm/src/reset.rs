//! The reset body as a type. [`ResetRequest`] is what every transport's
//! reset options deserialise into ([`crate::ResetOptions::parse`]: HTTP's
//! `POST /reset`, a `/ws` reset, an MCP session's), and the JSON Schema the
//! server documents them with (`/schema`'s `reset`, the OpenAPI document's
//! `ResetRequest`) is generated from the same type
//! ([`ResetRequest::schema_for`]), so a field added here is read and
//! documented at once, and a refusal lists exactly its fields
//! ([`reset_options`]).
//!
//! Each field has a type whose `Deserialize` reads the lenient forms the
//! seam has always accepted (a seed as a decimal string, `871.0` as an
//! integer, a task name in any case) and whose `JsonSchema` says so. What
//! depends on the environment (its task names, splits and levels, the
//! bounds of each split) is no part of the type: those subschemas carry an
//! [`ENV_VALUES`] marker that [`fill_environment`], a schema transform, fills
//! in for one environment. The rules between fields (`index` needs `split`
//! and fixes the task, seed and level; `task_name` and `task_id` are read
//! only when the keys before them name no task) are the type's own schema
//! attributes (`reset_rules`).

use std::borrow::Cow;

use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, forward_to_deserialize_any};
use serde_json::{Map, Value, json};

use crate::episode::RewardMode;
use crate::error::EnvError;
use crate::registry::EnvInfo;
use crate::splits::{DIFFICULTY, INDEX, LEVELS, SPLIT};
use crate::text::json_kind;

/// Longest accepted `episode_id`, as in the OpenEnv reference server.
pub const MAX_EPISODE_ID_LEN: usize = 255;

/// Largest seed accepted: integers above 2^53 do not survive a JSON round
/// trip through JavaScript, and the browser must replay any server seed.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// The reset option that picks the [`RewardMode`].
pub const REWARD_MODE: &str = "reward_mode";

/// The reset options, every one optional; absent and `null` are the same.
/// Any other key is refused (422 naming it: a typo such as `sede`, or an
/// option of a newer client), so a run never plays another benchmark than
/// the one it asked for without a word.
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields, transform = reset_rules)]
pub struct ResetRequest {
    /// Scenario seed; random when absent. Same task and seed, same
    /// scenario. Also accepted as a decimal string ("42").
    pub seed: Option<Seed>,
    /// Echoed in the state; random when absent.
    pub episode_id: Option<EpisodeId>,
    /// Task id or alias; the environment's first task when absent.
    pub task: Option<TaskName>,
    /// Alias of `task`, read when `task` is absent or null.
    pub task_name: Option<Alias>,
    /// Alias of `task`, read when `task` and `task_name` are absent or null.
    pub task_id: Option<Alias>,
    /// How step rewards are paid.
    pub reward_mode: Option<RewardModeName>,
    /// A declared split (seed range): with `index`, play that task of it
    /// (GET /{env_id}/splits and POST /{env_id}/task at the server root
    /// list them; sent alone: `index` fixes the task, seed and
    /// difficulty); alone, draw a seed of its range.
    pub split: Option<SplitName>,
    /// The task's index in `split` (needs `split`).
    pub index: Option<TaskIndex>,
    /// Difficulty level, 1 (easiest) to 5 (hardest); default 2. Levels
    /// change the scenario (its size and how many rules conflict), never
    /// the grading rules.
    pub difficulty: Option<Level>,
}

/// The keys a reset body may carry: [`ResetRequest`]'s fields, in their
/// order (the order refusals list them in).
pub fn reset_options() -> &'static [&'static str] {
    // Read once: every reset checks its keys against these.
    static FIELDS: std::sync::OnceLock<&'static [&'static str]> = std::sync::OnceLock::new();
    FIELDS.get_or_init(struct_fields::<ResetRequest>)
}

/// The schema keyword that marks a subschema whose values depend on the
/// environment, and which: `tasks` (task ids and aliases, as a reset reads
/// them), `task_ids` (task ids, as replies name them), `splits` (split
/// names, and `""` for the first), `levels` (the levels served).
pub const ENV_VALUES: &str = "x-deskbench-env-values";

/// What `str::trim` removes (`char::is_whitespace`), as a regex class.
pub const WHITESPACE: &str =
    r"[\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]";

impl ResetRequest {
    /// The reset options of `info` as a JSON Schema: the type's schema with
    /// the environment's values filled in ([`fill_environment`]) and each
    /// split's bounds (its task count bounds `index`; without an index,
    /// its seed range bounds the seed, as an integer: a decimal string's
    /// value is no JSON Schema bound).
    pub fn schema_for(info: &EnvInfo) -> Value {
        let mut generator = SchemaSettings::draft2020_12()
            .with(|settings| settings.meta_schema = None)
            .into_generator();
        let mut schema = generator.root_schema_for::<ResetRequest>().to_value();
        if let Some(root) = schema.as_object_mut() {
            root.remove("title");
        }
        let default = info.default_task().id;
        if let Some(task) = schema.pointer_mut("/properties/task") {
            task["description"] = json!(format!("Task id or alias; default `{default}`."));
        }
        let split_rules = info.splits().iter().enumerate().map(|(i, split)| {
            json!({
                "if": { "properties": { SPLIT: { "enum": split_spellings(i, split.name) } }, "required": [SPLIT] },
                "then": { "properties": {
                    INDEX: { "type": ["integer", "null"], "maximum": info.num_tasks(split).saturating_sub(1) },
                    "seed": { "type": ["integer", "null"], "minimum": split.start, "maximum": split.stop - 1 },
                } },
            })
        });
        let rules: Vec<Value> = split_rules.collect();
        if let Some(Value::Array(all)) = schema.get_mut("allOf") {
            all.extend(rules);
        }
        fill_environment(info, &mut schema);
        if let Some(Value::Object(properties)) = schema.get_mut("properties") {
            properties.values_mut().for_each(flatten_nullable);
        }
        unwrap_descriptions(&mut schema);
        schema
    }

    /// Read a reset body (`null` is no options). The caller has refused
    /// keys that are no option ([`reset_options`]); a transport's own keys
    /// are left to it. A field of the wrong shape is refused naming it,
    /// with `info`'s values where they help (its tasks, its levels).
    pub fn read(info: &EnvInfo, body: &Value) -> Result<Self, EnvError> {
        if body.is_null() {
            return Ok(ResetRequest::default());
        }
        serde_path_to_error::deserialize(body).map_err(|err| {
            let field = err.path().to_string();
            let field = if field == "." {
                "body".to_owned()
            } else {
                field
            };
            let message = format!("{}{}", err.into_inner(), value_hint(info, &field));
            EnvError::validation(field, message)
        })
    }

    /// The task the body names: the first of `task`, `task_name` and
    /// `task_id` that is set, with the key it came in.
    pub fn task_named(&self, info: &EnvInfo) -> Result<Option<(&'static str, TaskName)>, EnvError> {
        if let Some(task) = &self.task {
            return Ok(Some(("task", task.clone())));
        }
        for (key, alias) in [("task_name", &self.task_name), ("task_id", &self.task_id)] {
            if let Some(Alias(value)) = alias {
                let task = TaskName::deserialize(value).map_err(|err| {
                    EnvError::validation(key, format!("{err}{}", value_hint(info, key)))
                })?;
                return Ok(Some((key, task)));
            }
        }
        Ok(None)
    }
}

/// Doc comments become descriptions with their line breaks: join each
/// paragraph's lines, as a reader of the document expects one line.
pub fn unwrap_descriptions(schema: &mut Value) {
    match schema {
        Value::Object(map) => {
            if let Some(Value::String(text)) = map.get_mut("description") {
                *text = text
                    .split("\n\n")
                    .map(|paragraph| {
                        paragraph
                            .split('\n')
                            .map(str::trim)
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .collect::<Vec<_>>()
                    .join("\n\n");
            }
            map.values_mut().for_each(unwrap_descriptions);
        }
        Value::Array(items) => items.iter_mut().for_each(unwrap_descriptions),
        _ => {}
    }
}

/// `{"anyOf": [{"anyOf": [a, b], ...}, {"type": "null"}]}`, what an
/// `Option` of a type whose schema is a choice becomes, as the one choice
/// `{"anyOf": [a, b, {"type": "null"}], ...}`: the same values, and the
/// form readers (and the pattern tests) expect.
fn flatten_nullable(schema: &mut Value) {
    let Some(outer) = schema.as_object_mut() else {
        return;
    };
    let Some(Value::Array(branches)) = outer.get_mut("anyOf") else {
        return;
    };
    let lifted = ["anyOf", "description", "default"];
    let Some(at) = branches.iter().position(|b| {
        b.as_object().is_some_and(|o| {
            o.contains_key("anyOf") && o.keys().all(|k| lifted.contains(&k.as_str()))
        })
    }) else {
        return;
    };
    let Value::Object(mut inner) = branches.remove(at) else {
        return;
    };
    if let Some(Value::Array(choices)) = inner.remove("anyOf") {
        for (offset, choice) in choices.into_iter().enumerate() {
            branches.insert(at + offset, choice);
        }
    }
    for (key, value) in inner {
        outer.entry(key).or_insert(value);
    }
}

/// Where a field's type error can say more with the environment's values.
fn value_hint(info: &EnvInfo, field: &str) -> String {
    match field {
        "task" | "task_name" | "task_id" => format!(" (its tasks: {})", info.task_ids()),
        DIFFICULTY => format!(" (served: {})", served_levels(info)),
        _ => String::new(),
    }
}

/// `1, 2, 3`: the levels `info` serves.
pub fn served_levels(info: &EnvInfo) -> String {
    let levels: Vec<String> = info.levels.iter().map(u8::to_string).collect();
    levels.join(", ")
}

/// The spellings of split `name` (the `i`th declared) a reset reads as it:
/// its name, and `""` for the first.
fn split_spellings(i: usize, name: &str) -> Vec<&str> {
    if i == 0 { vec![name, ""] } else { vec![name] }
}

/// The rules between reset fields, as schema attributes of
/// [`ResetRequest`] (`#[schemars(transform)]`).
fn reset_rules(schema: &mut Schema) {
    let task = TaskName::json_schema(&mut SchemaGenerator::default()).to_value();
    let described = |description: &str| {
        let mut schema = task.clone();
        schema["description"] = json!(description);
        schema
    };
    let not_set = |keys: &[&str]| {
        let properties: Map<String, Value> = keys
            .iter()
            .map(|k| ((*k).to_owned(), json!({ "type": "null" })))
            .collect();
        json!({ "properties": properties })
    };
    // A later alias is read only when the keys before it name no task, so
    // only then must it be a task name (any value passes unread).
    let aliases = [
        json!({
            "if": not_set(&["task"]),
            "then": { "properties": { "task_name": described("The task, when `task` names none.") } },
        }),
        json!({
            "if": not_set(&["task", "task_name"]),
            "then": { "properties": { "task_id": described("The task, when `task` and `task_name` name none.") } },
        }),
    ];
    // `index` names one task of `split`, which fixes its task, seed and
    // level: it needs the split, and those fields stay unset (the seam
    // refuses them, even agreeing ones).
    let index = json!({
        "if": { "properties": { INDEX: { "type": "integer" } }, "required": [INDEX] },
        "then": {
            "required": [SPLIT],
            "properties": {
                SPLIT: { "type": "string" },
                "seed": { "type": "null" }, "task": { "type": "null" },
                "task_name": { "type": "null" }, "task_id": { "type": "null" },
                DIFFICULTY: { "type": "null" },
            },
        },
    });
    let mut rules = aliases.to_vec();
    rules.push(index);
    schema.insert("allOf".to_owned(), Value::Array(rules));
}

/// Fill in, for `info`, every subschema of `schema` marked [`ENV_VALUES`]:
/// the marker is replaced by the values it names (keeping the
/// subschema's description, and `null` where its `type` allowed it).
pub fn fill_environment(info: &EnvInfo, schema: &mut Value) {
    match schema {
        Value::Object(map) => {
            if let Some(Value::String(kind)) = map.remove(ENV_VALUES) {
                *map = filled(info, &kind, map);
            }
            map.values_mut().for_each(|v| fill_environment(info, v));
        }
        Value::Array(items) => items.iter_mut().for_each(|v| fill_environment(info, v)),
        _ => {}
    }
}

fn filled(info: &EnvInfo, kind: &str, marked: &Map<String, Value>) -> Map<String, Value> {
    let nullable = match marked.get("type") {
        Some(Value::Array(types)) => types.iter().any(|t| t == "null"),
        Some(t) => t == "null",
        None => false,
    };
    let names = |with_aliases: bool| -> Vec<&str> {
        info.tasks
            .iter()
            .flat_map(|t| {
                let aliases = if with_aliases { t.aliases } else { &[] };
                std::iter::once(t.id).chain(aliases.iter().copied())
            })
            .collect()
    };
    let mut branches = match kind {
        "tasks" => {
            let names = names(true);
            let spelled: Vec<String> = names.iter().map(|n| any_ascii_case(n)).collect();
            vec![
                json!({ "type": "string", "enum": names }),
                json!({
                    "type": "string",
                    "pattern": format!("^{WHITESPACE}*(?:{}){WHITESPACE}*$", spelled.join("|")),
                    "description": "The same names in any ASCII case, surrounding whitespace ignored.",
                }),
            ]
        }
        "task_ids" => vec![json!({ "type": "string", "enum": names(false) })],
        "splits" => {
            let spellings: Vec<&str> = info
                .splits()
                .iter()
                .enumerate()
                .flat_map(|(i, s)| split_spellings(i, s.name))
                .collect();
            vec![json!({ "type": "string", "enum": spellings })]
        }
        "levels" => vec![json!({ "type": "integer", "enum": info.levels })],
        // An unknown marker stays visible rather than vanish unfilled.
        other => vec![json!({ ENV_VALUES: other })],
    };
    if nullable {
        branches.push(json!({ "type": "null" }));
    }
    let mut out = Map::new();
    if let Some(description) = marked.get("description") {
        out.insert("description".to_owned(), description.clone());
    }
    if branches.len() == 1 {
        if let Some(Value::Object(only)) = branches.pop() {
            out.extend(only);
        }
    } else {
        out.insert("anyOf".to_owned(), Value::Array(branches));
    }
    out
}

/// A regex of `name` in any ASCII case (`str::eq_ignore_ascii_case`).
pub fn any_ascii_case(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphabetic() {
                format!("[{}{}]", c.to_ascii_lowercase(), c.to_ascii_uppercase())
            } else if c.is_ascii_alphanumeric() || c == '_' {
                c.to_string()
            } else {
                format!("\\{c}")
            }
        })
        .collect()
}

/// A regex alternation of the decimal numerals of `0..=max` without
/// leading zeros: the shorter ones, then those as long as `max` that follow
/// its digits and then fall below one of them.
pub fn decimal_at_most(max: u64) -> String {
    let digits = max.to_string();
    let digits = digits.as_bytes();
    let n = digits.len();
    let mut alternatives = Vec::new();
    if n > 1 {
        alternatives.push(format!("[0-9]{{1,{}}}", n - 1));
    }
    for (i, &digit) in digits.iter().enumerate() {
        let prefix = std::str::from_utf8(&digits[..i]).unwrap_or_default();
        let digit = char::from(digit);
        if i == n - 1 {
            alternatives.push(format!("{prefix}[0-{digit}]"));
        } else if digit > '0' {
            let below = char::from(digit as u8 - 1);
            alternatives.push(format!("{prefix}[0-{below}][0-9]{{{}}}", n - i - 1));
        }
    }
    alternatives.join("|")
}

/// A non-negative integer, also written as an integral float (`871.0` is
/// an integer in JSON, and in JSON Schema).
pub(crate) fn whole_number(value: &Value) -> Option<u64> {
    let n = value.as_number()?;
    n.as_u64().or_else(|| {
        n.as_f64()
            .filter(|f| f.fract() == 0.0 && *f >= 0.0 && *f < u64::MAX as f64)
            .map(|f| f as u64)
    })
}

/// A field type read through a [`Value`] (the reset body is one already),
/// refused with `rule` and what came instead.
macro_rules! lenient_field {
    ($ty:ident, $name:literal, |$value:ident| $read:expr, $refusal:expr, $schema:expr) => {
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let owned = Value::deserialize(deserializer)?;
                let $value: &Value = &owned;
                let read: Option<$ty> = $read;
                read.ok_or_else(|| de::Error::custom($refusal))
            }
        }

        impl JsonSchema for $ty {
            fn schema_name() -> Cow<'static, str> {
                $name.into()
            }

            fn inline_schema() -> bool {
                true
            }

            fn json_schema(_: &mut SchemaGenerator) -> Schema {
                $schema
            }
        }
    };
}

/// A scenario seed: an integer from 0 to [`MAX_SEED`], also an integral
/// float (`42.0`) or a decimal string (`"42"`, surrounding whitespace and
/// a `+` allowed), as the reference server reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seed(pub u64);

lenient_field!(
    Seed,
    "Seed",
    |value| match value {
        Value::String(s) => s.trim().parse::<u64>().ok(),
        number => whole_number(number),
    }
    .filter(|seed| *seed <= MAX_SEED)
    .map(Seed),
    format!(
        "must be an integer from 0 to {MAX_SEED}, got {}",
        value_shown(value)
    ),
    json_schema!({
        "anyOf": [
            { "type": "integer", "minimum": 0, "maximum": MAX_SEED },
            {
                "type": "string",
                "pattern": format!("^{WHITESPACE}*\\+?0*(?:{}){WHITESPACE}*$", decimal_at_most(MAX_SEED)),
            },
        ],
    })
);

/// An episode id: a string of at most [`MAX_EPISODE_ID_LEN`] characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EpisodeId(pub String);

lenient_field!(
    EpisodeId,
    "EpisodeId",
    |value| match value {
        Value::String(id) if id.chars().count() <= MAX_EPISODE_ID_LEN =>
            Some(EpisodeId(id.clone())),
        _ => None,
    },
    match value {
        Value::String(_) => format!("must be at most {MAX_EPISODE_ID_LEN} characters"),
        other => format!("must be a string or null, got {}", json_kind(other)),
    },
    json_schema!({ "type": "string", "maxLength": MAX_EPISODE_ID_LEN })
);

/// A task id or alias, as sent; which names exist is the environment's
/// ([`EnvInfo::task`] reads them in any ASCII case, trimmed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskName(pub String);

lenient_field!(
    TaskName,
    "TaskName",
    |value| match value {
        Value::String(name) => Some(TaskName(name.clone())),
        _ => None,
    },
    format!("must be a task name (a string), got {}", json_kind(value)),
    json_schema!({ "type": "string", ENV_VALUES: "tasks" })
);

/// A later alias of `task` (`task_name`, `task_id`): read, as a
/// [`TaskName`], only when the keys before it name no task, so any value
/// passes until then.
#[derive(Debug, Clone, PartialEq)]
pub struct Alias(pub Value);

lenient_field!(
    Alias,
    "Alias",
    |value| Some(Alias(value.clone())),
    "unreachable: any value is an alias until it is read",
    json_schema!({})
);

/// A [`RewardMode`] by name, in any ASCII case, trimmed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RewardModeName(pub RewardMode);

lenient_field!(
    RewardModeName,
    "RewardModeName",
    |value| value
        .as_str()
        .and_then(RewardMode::parse)
        .map(RewardModeName),
    match value {
        Value::String(name) => format!(
            "unknown reward mode `{}`; send one of: {}",
            name.chars().take(40).collect::<String>(),
            reward_mode_names()
        ),
        other => format!(
            "must be one of {} (a string), got {}",
            reward_mode_names(),
            json_kind(other)
        ),
    },
    reward_mode_schema()
);

/// `shaped, score`
pub fn reward_mode_names() -> String {
    RewardMode::ALL.map(RewardMode::name).join(", ")
}

fn reward_mode_schema() -> Schema {
    let names: Vec<&str> = RewardMode::ALL.iter().map(|m| m.name()).collect();
    let spelled: Vec<String> = names.iter().map(|n| any_ascii_case(n)).collect();
    let described: Vec<String> = RewardMode::ALL
        .iter()
        .map(|m| format!("`{}`: {}", m.name(), m.summary()))
        .collect();
    json_schema!({
        "anyOf": [
            { "type": "string", "enum": names },
            {
                "type": "string",
                "pattern": format!("^{WHITESPACE}*(?:{}){WHITESPACE}*$", spelled.join("|")),
                "description": "The same names in any ASCII case, surrounding whitespace ignored.",
            },
        ],
        "default": RewardMode::default().name(),
        "description": format!("How step rewards are paid. {}.", described.join("; ")),
    })
}

/// A split's name, as sent; which exist is the environment's
/// ([`EnvInfo::split`]; `""` is the first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitName(pub String);

lenient_field!(
    SplitName,
    "SplitName",
    |value| match value {
        Value::String(name) => Some(SplitName(name.clone())),
        _ => None,
    },
    format!(
        "must be a split name (train, validation, test), got {}",
        json_kind(value)
    ),
    json_schema!({ "type": "string", ENV_VALUES: "splits" })
);

/// A task's index in a split: an integer from 0 (`5.0` too).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TaskIndex(pub u64);

lenient_field!(
    TaskIndex,
    "TaskIndex",
    |value| whole_number(value).map(TaskIndex),
    format!(
        "must be a task index (an integer from 0), got {}",
        value_shown(value)
    ),
    json_schema!({ "type": "integer", "minimum": 0 })
);

/// A difficulty level: an integer from 1 to 5 (`3.0` too); which are
/// served is the environment's ([`EnvInfo::levels`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Level(pub u8);

lenient_field!(
    Level,
    "Level",
    |value| whole_number(value)
        .and_then(|l| u8::try_from(l).ok())
        .filter(|l| LEVELS.contains(l))
        .map(Level),
    format!(
        "must be a difficulty level, an integer from 1 to 5, got {}",
        value_shown(value)
    ),
    json_schema!({ "type": "integer", "minimum": 1, "maximum": 5, ENV_VALUES: "levels" })
);

/// A refused value as the message shows it: its JSON, cut to 60 characters.
fn value_shown(value: &Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(60) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text,
    }
}

/// The keys `T`'s derived `Deserialize` reads, in declaration order: serde
/// hands them to `deserialize_struct`, which `FieldProbe` records before
/// it refuses to go on. Empty for a type that is no struct.
pub fn struct_fields<T: for<'de> Deserialize<'de>>() -> &'static [&'static str] {
    let mut fields: &'static [&'static str] = &[];
    let _ = T::deserialize(FieldProbe(&mut fields));
    fields
}

struct FieldProbe<'a>(&'a mut &'static [&'static str]);

impl<'de> Deserializer<'de> for FieldProbe<'_> {
    type Error = de::value::Error;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
        Err(de::Error::custom("only a struct's fields are probed"))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Self::Error> {
        *self.0 = fields;
        Err(de::Error::custom("fields recorded"))
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map enum identifier ignored_any
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::registry;
    use serde_json::json;

    #[test]
    fn the_options_are_the_fields_of_the_type_and_of_its_schema() {
        assert_eq!(
            reset_options(),
            [
                "seed",
                "episode_id",
                "task",
                "task_name",
                "task_id",
                REWARD_MODE,
                SPLIT,
                INDEX,
                DIFFICULTY
            ]
        );
        for info in registry::ENVIRONMENTS {
            let schema = ResetRequest::schema_for(info);
            let properties: Vec<&str> = schema["properties"]
                .as_object()
                .map(|p| p.keys().map(String::as_str).collect())
                .unwrap_or_default();
            let mut options = reset_options().to_vec();
            crate::order::sort(&mut options);
            assert_eq!(properties, options, "{}", info.id);
            assert_eq!(schema["additionalProperties"], false);
            assert!(
                !schema.to_string().contains(ENV_VALUES),
                "{}: a marker left unfilled",
                info.id
            );
        }
    }

    #[test]
    fn every_field_a_rule_names_is_a_field() {
        let fields = reset_options();
        for info in registry::ENVIRONMENTS {
            let schema = ResetRequest::schema_for(info);
            let rules = schema["allOf"].as_array().cloned().unwrap_or_default();
            assert_eq!(rules.len(), 3 + info.splits().len(), "{}", info.id);
            for rule in &rules {
                for part in ["if", "then"] {
                    let properties = rule[part]["properties"].as_object();
                    let mut named: Vec<&str> = properties
                        .into_iter()
                        .flat_map(|p| p.keys().map(String::as_str))
                        .collect();
                    let required = rule[part]["required"].as_array();
                    named.extend(required.into_iter().flatten().filter_map(Value::as_str));
                    assert!(!named.is_empty() || part == "then", "{rule}");
                    for key in named {
                        assert!(fields.contains(&key), "{}: {key} in {rule}", info.id);
                    }
                }
            }
        }
    }

    /// A field type's schema (environment values unfilled) accepts exactly
    /// what its `Deserialize` reads.
    fn agree<T: for<'de> Deserialize<'de> + JsonSchema>(samples: &[Value]) {
        let schema = serde_json::to_value(schemars::schema_for!(T)).expect("a schema");
        let validator = jsonschema::validator_for(&schema).expect("a valid schema");
        for sample in samples {
            assert_eq!(
                validator.is_valid(sample),
                T::deserialize(sample).is_ok(),
                "{}: {sample}",
                T::schema_name()
            );
        }
    }

    #[test]
    fn lenient_forms_are_what_the_schemas_say() {
        let wrong = [json!(null), json!(true), json!([1]), json!({"a": 1})];
        let mut seeds = vec![
            json!(0),
            json!(42),
            json!(42.0),
            json!(42.5),
            json!(-1),
            json!(MAX_SEED),
            json!(MAX_SEED + 1),
            json!("42"),
            json!(" +007\t"),
            json!("\u{a0}5"),
            json!("9007199254740991"),
            json!("9007199254740992"),
            json!("-1"),
            json!("4.5"),
            json!(""),
            json!("1e3"),
        ];
        seeds.extend(wrong.clone());
        agree::<Seed>(&seeds);
        agree::<Option<Seed>>(&seeds);
        let mut indices = vec![json!(0), json!(871.0), json!(1.5), json!(-1), json!("3")];
        indices.extend(wrong.clone());
        agree::<TaskIndex>(&indices);
        let mut levels = vec![
            json!(0),
            json!(1),
            json!(5),
            json!(3.0),
            json!(6),
            json!("2"),
        ];
        levels.extend(wrong.clone());
        agree::<Level>(&levels);
        let long = "x".repeat(MAX_EPISODE_ID_LEN);
        let mut ids = vec![
            json!("e-1"),
            json!(long),
            json!(format!("{long}x")),
            json!(5),
        ];
        ids.extend(wrong.clone());
        agree::<EpisodeId>(&ids);
        let mut names = vec![json!("easy"), json!(""), json!(3)];
        names.extend(wrong.clone());
        agree::<TaskName>(&names);
        agree::<SplitName>(&names);
        let mut modes = vec![
            json!("score"),
            json!(" SHAPED "),
            json!("Score"),
            json!("scored"),
            json!(""),
        ];
        modes.extend(wrong.clone());
        agree::<RewardModeName>(&modes);
        agree::<Alias>(&wrong);
    }

    #[test]
    fn struct_fields_are_empty_for_what_is_no_struct() {
        assert!(struct_fields::<u64>().is_empty());
        assert!(struct_fields::<Seed>().is_empty());
    }
}
