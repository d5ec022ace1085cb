//! placeholder
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value};

use super::Grade;

pub const ANSWER_FIELDS: &[(&str, &str)] = &[];

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CalendarPayload {}

#[derive(Debug, Clone)]
pub struct Calendar {
    seed: u64,
}

pub fn generate(seed: u64) -> Calendar {
    Calendar { seed }
}

impl Calendar {
    pub fn payload(&self) -> CalendarPayload {
        CalendarPayload {}
    }
    pub fn instruction(&self) -> String {
        format!("todo {}", self.seed)
    }
    pub fn grade(&self, _answer: &Map<String, Value>) -> Grade {
        Grade::weighted(&[])
    }
    pub fn reference_answer(&self) -> Value {
        Value::Null
    }
}
