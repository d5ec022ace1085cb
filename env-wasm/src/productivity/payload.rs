//! The scenario of one task as the observation shows it.

use schemars::JsonSchema;
use serde::Serialize;

use super::{calendar, cleaning, email, schedule};

/// The scenario of one task, as shown to the agent.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub(crate) enum Payload {
    Email(email::EmailPayload),
    Calendar(calendar::CalendarPayload),
    Cleaning(cleaning::CleaningPayload),
    /// The calendar at levels 4 and 5: several meetings booked together.
    Schedule(schedule::SchedulePayload),
}
