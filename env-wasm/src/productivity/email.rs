//! placeholder
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value};

use super::Grade;

pub const ANSWER_FIELDS: &[(&str, &str)] = &[];

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct EmailPayload {}

#[derive(Debug, Clone)]
pub struct Email {
    seed: u64,
}

pub fn generate(seed: u64) -> Email {
    Email { seed }
}

impl Email {
    pub fn payload(&self) -> EmailPayload {
        EmailPayload {}
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
