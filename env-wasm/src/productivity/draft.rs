//! The draft check behind `propose: {json}`. A draft is not graded: the
//! check reports only whether each answer field is present and well formed
//! (read by the same readers the grader uses, values among the allowed
//! ones), never whether it is right. Its report names fields and their
//! expected form and nothing of the values, so two drafts of the same form
//! get the same feedback however good they are, and a policy cannot
//! enumerate answers against it.

use serde_json::{Map, Value};

use super::answer::FormCheck;
use crate::grading::Unreadable;

/// Said after every draft check, so an agent knows where the grade comes from.
pub const NOT_GRADED: &str = "A draft is not graded: the answer is graded when you send \
     `final: {json}`, or at the step limit, when the last draft is graded.";

/// The opening of the feedback on a draft with no problem of form.
pub const WELL_FORMED: &str = "Draft checked: every field is present and well formed.";

/// How many unexpected keys the feedback names, and how much of each.
const NAMED_KEYS: usize = 5;
const KEY_CHARS: usize = 40;

/// What the check found: fields missing, fields not well formed (with
/// their expected form), keys that are not answer fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DraftCheck {
    missing: Vec<String>,
    ill_formed: Vec<(String, &'static str)>,
    unexpected: Vec<String>,
}

impl DraftCheck {
    /// Check `answer` against the task's `fields` (name, expected form),
    /// given the task's reading of each field.
    pub fn of(
        fields: &[(&'static str, &'static str)],
        form: &FormCheck,
        answer: &Map<String, Value>,
    ) -> DraftCheck {
        // A field may be named with where in it the form fails
        // ("bookings: M2 day, start"); its expected form is the field's.
        let expected = |name: &str| {
            let field_name = name.split(':').next().unwrap_or(name);
            fields
                .iter()
                .find(|(field, _)| *field == field_name)
                .map_or("", |(_, schema)| *schema)
        };
        let mut check = DraftCheck {
            missing: Vec::new(),
            ill_formed: Vec::new(),
            unexpected: answer
                .keys()
                .filter(|key| !fields.iter().any(|(field, _)| field == key))
                .map(|key| key.chars().take(KEY_CHARS).collect())
                .collect(),
        };
        for (field, reading) in form {
            match reading {
                Ok(()) => {}
                Err(Unreadable::Missing) => check.missing.push(field.to_string()),
                Err(Unreadable::IllFormed) => {
                    check.ill_formed.push((field.to_string(), expected(field)))
                }
            }
        }
        check
    }

    /// Every required field is there and well formed.
    pub fn is_well_formed(&self) -> bool {
        self.missing.is_empty() && self.ill_formed.is_empty()
    }

    /// The fields present but not well formed, with their expected form
    /// (`not well formed: `day` (expected YYYY-MM-DD)`); `None` when there
    /// are none.
    pub fn ill_formed_note(&self) -> Option<String> {
        if self.ill_formed.is_empty() {
            return None;
        }
        let fields: Vec<String> = self
            .ill_formed
            .iter()
            .map(|(field, schema)| format!("`{field}` (expected {schema})"))
            .collect();
        Some(format!("not well formed: {}", fields.join(", ")))
    }

    /// The feedback an agent sees after the draft.
    pub fn feedback(&self) -> String {
        let quoted = |names: &mut dyn Iterator<Item = &str>| {
            names
                .map(|name| format!("`{name}`"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut parts = Vec::new();
        if !self.missing.is_empty() {
            parts.push(format!(
                "missing {}",
                quoted(&mut self.missing.iter().map(String::as_str))
            ));
        }
        parts.extend(self.ill_formed_note());
        let mut text = if parts.is_empty() {
            WELL_FORMED.to_owned()
        } else {
            format!(
                "Draft checked: {}. A one-value field takes exactly one value (no list, range or \
                 \"X or Y\"); names, rooms, ids and emails must be the payload's.",
                parts.join("; ")
            )
        };
        if !self.unexpected.is_empty() {
            let shown = quoted(&mut self.unexpected.iter().take(NAMED_KEYS).map(String::as_str));
            let more = self.unexpected.len().saturating_sub(NAMED_KEYS);
            let more = if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            };
            text.push_str(&format!(" Not answer fields, ignored: {shown}{more}."));
        }
        text.push(' ');
        text.push_str(NOT_GRADED);
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const FIELDS: &[(&str, &str)] = &[("a", "one of x | y"), ("b", "HH:MM")];

    fn answer(value: Value) -> Map<String, Value> {
        crate::grading::answer_object(value)
    }

    #[test]
    fn reports_form_by_field_and_never_values() {
        let ok = DraftCheck::of(
            FIELDS,
            &vec![("a".into(), Ok(())), ("b".into(), Ok(()))],
            &Map::new(),
        );
        assert!(ok.is_well_formed());
        assert!(ok.feedback().starts_with(WELL_FORMED));
        assert!(ok.feedback().ends_with(NOT_GRADED));

        let form: FormCheck = vec![
            ("a".into(), Err(Unreadable::IllFormed)),
            ("b".into(), Err(Unreadable::Missing)),
        ];
        let one = DraftCheck::of(FIELDS, &form, &answer(json!({"a": "x or y", "zz": 1})));
        let other = DraftCheck::of(FIELDS, &form, &answer(json!({"a": ["y", "x"], "zz": 2})));
        assert!(!one.is_well_formed());
        assert_eq!(one.feedback(), other.feedback());
        let text = one.feedback();
        assert!(text.contains("missing `b`"), "{text}");
        assert!(text.contains("`a` (expected one of x | y)"), "{text}");
        assert!(text.contains("ignored: `zz`"), "{text}");
        assert!(!text.contains("x or y"), "{text}");
    }

    #[test]
    fn unexpected_keys_are_named_briefly() {
        let keys: Map<String, Value> = (0..9)
            .map(|i| (format!("{i}{}", "k".repeat(100)), json!(i)))
            .collect();
        let text = DraftCheck::of(FIELDS, &vec![], &keys).feedback();
        assert!(text.contains("and 4 more"), "{text}");
        assert!(text.len() < 600, "{text}");
    }
}
