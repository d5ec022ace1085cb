//! The JSON an episode writes: each [`Observation`] serialised once and the
//! [`StepResult`] reply written around it, and the parts environments build
//! large observations from ([`FrozenJson`], [`JsonText`], [`StaticText`],
//! [`Piece`]), every one held by a test to the bytes serde_json writes.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::{RawValue, to_raw_value};
use std::sync::{Arc, OnceLock};

/// Reply to reset and step: the OpenEnv result shape. Its schema (the
/// OpenAPI document's `StepResult`) is derived here; the reply is written
/// by [`StepResult::into_json_within`], which a test holds to `Serialize`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(
    description = "The reply to reset and step (OpenEnv's result): the observation, the step's reward and whether the episode is over."
)]
pub struct StepResult {
    /// The observation the step produced.
    pub observation: Observation,
    /// The step's reward; null after reset.
    pub reward: Option<f64>,
    /// The episode is over (its own end or the step limit).
    pub done: bool,
}

impl StepResult {
    /// This result as JSON between `prefix` and `suffix` (an envelope, such
    /// as `/ws`'s `{"type":"observation","data":` and `}`): the bytes
    /// serde_json writes for it. The observation is JSON text already, so
    /// it is neither re-serialised nor checked again as UTF-8 (a `Vec<u8>`
    /// made into a `String` is, byte by byte); the reply is written around
    /// it in its own buffer, which has room to spare (observation writers
    /// size theirs with some), so a step's few KB are neither allocated
    /// nor freed a second time.
    pub fn into_json_within(self, prefix: &str, suffix: &str) -> String {
        const OPEN: &str = "{\"observation\":";
        let mut out = self.observation.0;
        let mut head = String::with_capacity(prefix.len() + OPEN.len());
        head.push_str(prefix);
        head.push_str(OPEN);
        out.reserve(head.len() + 48 + suffix.len());
        out.insert_str(0, &head);
        out.push_str(",\"reward\":");
        match self.reward {
            // serde_json's own number format (and `null` for a non-finite one).
            Some(reward) => {
                let mut digits = [0u8; 32];
                let mut cursor = &mut digits[..];
                let written =
                    serde_json::to_writer(&mut cursor, &reward).map(|()| 32 - cursor.len());
                let text = written
                    .ok()
                    .and_then(|n| std::str::from_utf8(&digits[..n]).ok());
                out.push_str(text.unwrap_or("null"));
            }
            None => out.push_str("null"),
        }
        out.push_str(match self.done {
            true => ",\"done\":true}",
            false => ",\"done\":false}",
        });
        out.push_str(suffix);
        out
    }
}

/// An observation, serialised once, straight from the environment's typed
/// observation ([`Environment::observation_json`](crate::Environment::observation_json)). The server writes these
/// bytes into its replies as they are: building a [`Value`] tree first and
/// serialising that would cost about as much again as the step itself.
/// Readers (the browser's views, tests, the runners) take a [`Value`] with
/// [`Observation::to_value`]. Keys come in the observation type's field
/// order; equality and the determinism transcript compare parsed values,
/// so order never matters.
#[derive(Debug, Clone)]
pub struct Observation(pub(super) String);

/// The schema of an observation is the environment's: this names it
/// (`Observation`, a definition of its own) for the document that embeds
/// a [`StepResult`] to fill in with the environment's observation schema.
impl JsonSchema for Observation {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Observation".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "object",
            "description": "The environment's observation (its /schema `observation`).",
        })
    }
}

impl Observation {
    pub(crate) fn of<T: Serialize>(observation: &T) -> Self {
        // Serialising our own plain data types cannot fail; `null` is unreachable.
        Observation(serde_json::to_string(observation).unwrap_or_else(|_| "null".to_owned()))
    }

    /// The observation as a JSON value tree.
    pub fn to_value(&self) -> Value {
        serde_json::from_str(&self.0).unwrap_or(Value::Null)
    }

    /// An observation from a value tree (a reply read back from a server,
    /// or one the server annotated, such as the judge's verdict).
    pub fn from_value(value: &Value) -> Self {
        Observation::of(value)
    }

    /// The serialised JSON text.
    pub fn json(&self) -> &str {
        &self.0
    }

    /// An observation from JSON text as a server wrote it, its keys in the
    /// order written (a client that reads it through a [`Value`] would sort
    /// them); `Err` when the text is not JSON.
    pub fn from_json(text: &str) -> Result<Self, serde_json::Error> {
        let raw: &RawValue = serde_json::from_str(text)?;
        Ok(Observation(raw.get().to_owned()))
    }
}

impl PartialEq for Observation {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0 || self.to_value() == other.to_value()
    }
}

impl Serialize for Observation {
    /// The text as it is. It is JSON serde_json wrote (or an environment's
    /// writer its tests pin to serde_json's bytes); reading it as a raw
    /// value only finds where it ends. Replies on the step path skip this
    /// and write around [`Observation::json`] ([`StepResult::into_json_within`]).
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let raw: &RawValue = serde_json::from_str(&self.0).map_err(serde::ser::Error::custom)?;
        raw.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Observation {
    /// Through a [`Value`], so any deserializer works (`from_value`
    /// included, which cannot hand out raw JSON text).
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Value::deserialize(deserializer).map(|value| Observation::from_value(&value))
    }
}

/// A part of an observation that stays the same for a whole episode (the
/// instruction, the scenario), serialised once at reset and shared by every
/// step's observation, so a step serialises only what changed. Text fields
/// of a scenario are most of an observation's bytes, and escaping them
/// again on every step was the largest cost of a step. A field of this type
/// names its real type with `#[schemars(with = "...")]`, so the schema is
/// the same as if it held the value.
#[derive(Debug, Clone)]
pub struct FrozenJson(Arc<RawValue>);

impl FrozenJson {
    /// The frozen JSON text, for writers that copy it ([`JsonText::raw`]).
    pub fn json(&self) -> &str {
        self.0.get()
    }

    /// `value` serialised once, to be copied into every observation that shows it.
    pub fn of<T: Serialize>(value: &T) -> Self {
        // As in [`Observation::of`]: our own data types always serialise.
        FrozenJson(Arc::from(to_raw_value(value).unwrap_or_default()))
    }

    /// The JSON string of `pieces` joined, the same bytes as
    /// `FrozenJson::of(&joined)`. A [`Piece::Static`] is copied already
    /// escaped: serde_json escapes a byte at a time, and a policy written
    /// into every scenario's instruction was most of what a reset escaped.
    pub fn text(pieces: &[Piece]) -> Self {
        // The page freezes one scenario at a time, and its bundle is at its
        // size budget: it escapes the joined text, the same bytes, without
        // the raw-value parser this needs.
        if cfg!(target_arch = "wasm32") {
            return FrozenJson::of(&Piece::join(pieces));
        }
        let size = pieces.iter().map(|p| p.text().len()).sum::<usize>();
        let mut json = JsonText::with_capacity(size + size / 16 + 2);
        json.raw("\"");
        for piece in pieces {
            match piece {
                Piece::Text(text) => json.escaped(text),
                Piece::Static(text) => json.raw(text.escaped()),
            };
        }
        json.raw("\"");
        // The parse only checks what was just written; it cannot fail.
        let raw = RawValue::from_string(json.finish()).unwrap_or_default();
        FrozenJson(Arc::from(raw))
    }
}

/// JSON text written in pieces: text that is JSON already (a field name
/// with its quotes and colon, a [`FrozenJson`]) copied, values written by
/// serde_json. An observation written this way has the bytes of its
/// derived `Serialize`, without serde_json escaping the same field names
/// again on every step ([`Environment::observation_json`](crate::Environment::observation_json)).
pub struct JsonText {
    out: String,
    scratch: Vec<u8>,
}

impl JsonText {
    /// An empty writer with room for `capacity` bytes of JSON.
    pub fn with_capacity(capacity: usize) -> Self {
        JsonText {
            out: String::with_capacity(capacity),
            // Room for the values of an observation (a feedback line is the
            // longest), so the scratch is not regrown value by value.
            scratch: Vec::with_capacity(256),
        }
    }

    /// Copy `json`, which must be JSON text (or a piece of it) already.
    pub fn raw(&mut self, json: &str) -> &mut Self {
        self.out.push_str(json);
        self
    }

    /// Write `value` as serde_json does.
    pub fn value<T: Serialize + ?Sized>(&mut self, value: &T) -> &mut Self {
        self.scratch.clear();
        // Our own plain data into a `Vec` cannot fail, and serde_json
        // writes UTF-8; `null` is unreachable.
        let written = serde_json::to_writer(&mut self.scratch, value).ok();
        let text = written.and_then(|()| std::str::from_utf8(&self.scratch).ok());
        self.out.push_str(text.unwrap_or("null"));
        self
    }

    /// Write `text` escaped as in a JSON string, without its quotes.
    pub fn escaped(&mut self, text: &str) -> &mut Self {
        self.scratch.clear();
        let _ = serde_json::to_writer(&mut self.scratch, text);
        // Between the quotes serde_json adds, one byte each; escaping never
        // splits a character, so what lies between is UTF-8.
        let inner = self.scratch.get(1..self.scratch.len().saturating_sub(1));
        let text = inner.and_then(|bytes| std::str::from_utf8(bytes).ok());
        self.out.push_str(text.unwrap_or_default());
        self
    }

    /// The JSON text written.
    pub fn finish(self) -> String {
        self.out
    }
}

/// Text fixed when the crate is built (a written policy, how the commands
/// work), whose JSON escaping is done once per process and reused by every
/// scenario that shows it ([`FrozenJson::text`], [`StaticText::frozen`]).
pub struct StaticText {
    text: &'static str,
    escaped: OnceLock<String>,
    frozen: OnceLock<FrozenJson>,
}

impl StaticText {
    /// The text `text`, escaped on first use.
    pub const fn new(text: &'static str) -> Self {
        StaticText {
            text,
            escaped: OnceLock::new(),
            frozen: OnceLock::new(),
        }
    }

    /// The text as written, unescaped.
    pub fn text(&self) -> &'static str {
        self.text
    }

    /// The text as JSON escapes it, without the quotes.
    fn escaped(&self) -> &str {
        self.escaped.get_or_init(|| {
            let quoted = serde_json::to_string(self.text).unwrap_or_default();
            quoted
                .get(1..quoted.len().saturating_sub(1))
                .unwrap_or_default()
                .to_owned()
        })
    }

    /// The text as a JSON string of its own.
    pub fn frozen(&self) -> FrozenJson {
        self.frozen
            .get_or_init(|| FrozenJson::text(&[Piece::Static(self)]))
            .clone()
    }
}

/// One piece of a text that [`FrozenJson::text`] joins.
#[derive(Clone, Copy)]
pub enum Piece<'a> {
    /// Escaped as it is written.
    Text(&'a str),
    /// Escaped once per process.
    Static(&'a StaticText),
}

impl Piece<'_> {
    /// The piece's text as written, unescaped.
    pub fn text(&self) -> &str {
        match self {
            Piece::Text(text) => text,
            Piece::Static(text) => text.text(),
        }
    }

    /// The pieces joined as plain text.
    pub fn join(pieces: &[Piece]) -> String {
        pieces.iter().map(Piece::text).collect()
    }
}

impl Serialize for FrozenJson {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// The observation field that marks a truncated episode's last
/// observation; absent on every other one.
pub const TRUNCATED: &str = "truncated";

/// An observation with `"truncated": true` added, for the observation of an
/// episode the step limit ended; serialised in one pass with the
/// observation's own fields (a round trip through a value tree cost more
/// than the rest of the step, and a policy that never ends its episodes,
/// such as the HTTP bench's `inspect` loop, meets the limit every few steps).
#[derive(Serialize)]
struct Truncated<'a, O: Serialize> {
    #[serde(flatten)]
    observation: &'a O,
    truncated: bool,
}

/// `observation` as serde_json writes it, marked truncated when `truncated`:
/// what [`Environment::observation_json`](crate::Environment::observation_json) returns unless overridden.
pub(crate) fn serialized_observation<O: Serialize>(observation: &O, truncated: bool) -> String {
    let json = match truncated {
        true => serde_json::to_string(&Truncated {
            observation,
            truncated: true,
        }),
        false => serde_json::to_string(observation),
    };
    // Serialising our own plain data types cannot fail; `null` is unreachable.
    json.unwrap_or_else(|_| "null".to_owned())
}

pub(super) fn to_json<T: Serialize>(value: &T) -> Value {
    // Serialising our own plain data types cannot fail; `Null` is unreachable.
    serde_json::to_value(value).unwrap_or(Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_written_within_an_envelope_is_what_serde_json_writes() {
        let observation = Observation::of(&serde_json::json!({"text": "a \"b\"\n", "n": [1.5]}));
        for reward in [
            None,
            Some(-0.02),
            Some(1.0),
            Some(0.0),
            Some(-1e-7),
            Some(f64::NAN),
        ] {
            for done in [false, true] {
                let result = StepResult {
                    observation: observation.clone(),
                    reward,
                    done,
                };
                let plain = serde_json::to_string(&result).unwrap();
                assert_eq!(result.clone().into_json_within("", ""), plain);
                #[derive(Serialize)]
                struct Envelope<'a> {
                    #[serde(rename = "type")]
                    kind: &'static str,
                    data: &'a StepResult,
                }
                let enveloped = Envelope {
                    kind: "observation",
                    data: &result,
                };
                let expected = serde_json::to_string(&enveloped).unwrap();
                assert_eq!(
                    result.into_json_within("{\"type\":\"observation\",\"data\":", "}"),
                    expected
                );
            }
        }
    }

    #[test]
    fn frozen_text_is_the_json_string_of_the_joined_pieces() {
        static FIXED: StaticText = StaticText::new("Policy:\n- \"quoted\" \\ tab\t \u{1} é ✓");
        let pieces = [
            Piece::Text("Owner \"Zoë\"\r\n"),
            Piece::Static(&FIXED),
            Piece::Text(""),
            Piece::Text("\u{7f} end"),
        ];
        let joined = Piece::join(&pieces);
        let expected = serde_json::to_string(&joined).unwrap();
        let frozen = serde_json::to_string(&FrozenJson::text(&pieces)).unwrap();
        assert_eq!(frozen, expected);
        let whole = serde_json::to_string(&FIXED.frozen()).unwrap();
        assert_eq!(whole, serde_json::to_string(FIXED.text()).unwrap());
    }

    #[derive(Serialize)]
    struct Shown {
        text: &'static str,
        frozen: FrozenJson,
        nested: Option<Vec<u8>>,
    }

    #[test]
    fn a_truncated_observation_is_the_observation_with_the_flag() {
        let shown = Shown {
            text: "a \"quoted\" }",
            frozen: FrozenJson::of(&serde_json::json!({"x": [1, {}]})),
            nested: None,
        };
        let plain = Observation(serialized_observation(&shown, false)).to_value();
        assert_eq!(plain.get(TRUNCATED), None);
        let mut marked = plain;
        if let Value::Object(map) = &mut marked {
            map.insert(TRUNCATED.to_owned(), Value::Bool(true));
        }
        let truncated = Observation(serialized_observation(&shown, true));
        assert_eq!(truncated.to_value(), marked);
    }
}
