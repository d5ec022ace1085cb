//! placeholder
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value};

use super::Grade;

pub const ANSWER_FIELDS: &[(&str, &str)] = &[];

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CleaningPayload {}

#[derive(Debug, Clone)]
pub struct Table {
    seed: u64,
}

pub fn generate(seed: u64) -> Table {
    Table { seed }
}

impl Table {
    pub fn payload(&self) -> CleaningPayload {
        CleaningPayload {}
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
