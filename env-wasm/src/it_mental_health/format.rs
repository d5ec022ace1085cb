//! How every task asks to be answered: the labelled sections, the template
//! and the limits, below the tasks that fill them in.

use schemars::JsonSchema;
use serde::Serialize;

/// Longest `response` accepted; longer is refused before it counts.
pub const MAX_RESPONSE_CHARS: usize = 20_000;

/// A labelled section the grader reads.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct FormatSection {
    /// The section's title, as the answer writes it.
    pub label: &'static str,
    /// What the section must say.
    pub expects: String,
}

/// How to answer: the sections, a template to fill in, and the word limit
/// past which padding costs points.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ResponseFormat {
    /// The sections, in the order the template gives them.
    pub sections: Vec<FormatSection>,
    /// The answer's skeleton: each section's title with a placeholder.
    pub template: String,
    /// Words past which padding costs points.
    pub word_limit: usize,
}

/// `{key}` placeholders replaced by their values.
pub fn fill(template: impl AsRef<str>, vars: &[(&str, String)]) -> String {
    let mut out = template.as_ref().to_owned();
    for (key, value) in vars {
        out = out.replace(&format!("{{{key}}}"), value);
    }
    out
}
