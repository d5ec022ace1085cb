//! The calendar's payload as the agent reads it (levels 1 to 3 in full;
//! from level 4 the calendars and rooms are behind lookups): plain
//! serialised shapes, with nothing of the scenario behind them.

use schemars::JsonSchema;
use serde::Serialize;

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Window {
    /// The day (`YYYY-MM-DD`), when the meeting may be on several.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub day: Option<String>,
    pub start: String,
    pub end: String,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PersonAvailability {
    pub name: String,
    /// When this person is free on the meeting day (or days).
    pub free: Vec<Window>,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct BlockedWindow {
    pub label: String,
    /// The day (`YYYY-MM-DD`), when the meeting may be on several.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub day: Option<String>,
    pub start: String,
    pub end: String,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct RoomInfo {
    pub name: String,
    pub capacity: u32,
    /// When the room can be booked on the meeting day (or days).
    pub open: Vec<Window>,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CandidateDay {
    pub day: String,
    pub day_name: String,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PreferenceInfo {
    /// Whose preference it is: a required participant.
    pub who: String,
    pub text: String,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CalendarPayload {
    pub organizer: String,
    /// The meeting day, when there is one (levels 1 and 2).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub day: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub day_name: Option<String>,
    /// The days the meeting may be on, when there are several (levels 3
    /// to 5); every window then names its day.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub days: Vec<CandidateDay>,
    pub timezone: String,
    pub duration_minutes: u32,
    pub working_hours: Window,
    pub required_participants: Vec<String>,
    /// Everyone whose calendar `check_calendar` shows (levels 4 and 5,
    /// where the calendars and rooms are behind lookups): the required
    /// participants and some colleagues who are not invited.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub directory: Vec<String>,
    /// Free time of the required participants and of some colleagues who
    /// are not invited (levels 1 to 3; from level 4 through `check_calendar`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub availability: Vec<PersonAvailability>,
    pub blocked_windows: Vec<BlockedWindow>,
    /// The rooms (levels 1 to 3; from level 4 through `list_rooms`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rooms: Vec<RoomInfo>,
    /// Soft constraints (levels 3 to 5): meet as many as a valid booking can.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub preferences: Vec<PreferenceInfo>,
}

impl CalendarPayload {
    /// The days the meeting may be on, as `YYYY-MM-DD`.
    pub fn candidate_days(&self) -> Vec<String> {
        match &self.day {
            Some(day) => vec![day.clone()],
            None => self.days.iter().map(|d| d.day.clone()).collect(),
        }
    }
}
