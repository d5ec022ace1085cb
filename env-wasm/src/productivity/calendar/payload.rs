//! The calendar's payload as the agent reads it (levels 1 to 3 in full;
//! from level 4 the calendars and rooms are behind lookups): plain
//! serialised shapes, with nothing of the scenario behind them.

use schemars::JsonSchema;
use serde::Serialize;

/// A span of time on the meeting's day (or days), in the meeting's timezone.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Window {
    /// The day (`YYYY-MM-DD`), when the meeting may be on several.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub day: Option<String>,
    /// When it starts, `HH:MM`.
    pub start: String,
    /// When it ends, `HH:MM`.
    pub end: String,
}

/// One person's free time.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PersonAvailability {
    /// The person, as `required_participants` and the directory name them.
    pub name: String,
    /// When this person is free on the meeting day (or days).
    pub free: Vec<Window>,
}

/// A span no meeting may overlap (a company-wide event, a freeze).
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct BlockedWindow {
    /// What the span is for.
    pub label: String,
    /// The day (`YYYY-MM-DD`), when the meeting may be on several.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub day: Option<String>,
    /// When it starts, `HH:MM`.
    pub start: String,
    /// When it ends, `HH:MM`.
    pub end: String,
}

/// A meeting room.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct RoomInfo {
    /// The room's name, as a booking gives it.
    pub name: String,
    /// How many people it seats.
    pub capacity: u32,
    /// When the room can be booked on the meeting day (or days).
    pub open: Vec<Window>,
}

/// A day the meeting may be on.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CandidateDay {
    /// The date, `YYYY-MM-DD`.
    pub day: String,
    /// The weekday's name.
    pub day_name: String,
}

/// A soft constraint of a participant.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PreferenceInfo {
    /// Whose preference it is: a required participant.
    pub who: String,
    /// The preference in their words.
    pub text: String,
}

/// The meeting to book: who must come, for how long, within which hours, and
/// what stands in the way.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CalendarPayload {
    /// Who asks for the meeting.
    pub organizer: String,
    /// The meeting day, when there is one (levels 1 and 2).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub day: Option<String>,
    /// The meeting day's weekday, when there is one day.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub day_name: Option<String>,
    /// The days the meeting may be on, when there are several (levels 3
    /// to 5); every window then names its day.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub days: Vec<CandidateDay>,
    /// The IANA timezone every time of the payload is in.
    pub timezone: String,
    /// How long the meeting lasts, in minutes.
    pub duration_minutes: u32,
    /// The hours a meeting may be booked in.
    pub working_hours: Window,
    /// Everyone who must attend.
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
    /// Spans no meeting may overlap.
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
