//! Refused means refused: every MCP `tools/call` is held to the input
//! schema its tool advertises before anything is counted (`isError: true`,
//! a message naming the argument and what to send, no step), on every
//! transport that calls tools; the tool list follows the episode's task
//! and level, and a tool it does not list is no tool of the episode; the
//! same action sent over HTTP `/step` is refused with 422 wherever its
//! action schema states the same constraint (productivity's `raw` text
//! cannot: it is graded, leniently, by design).

use axum::http::{Method, StatusCode};
use serde_json::{Map, Value, json};

use crate::common::*;

type Session = McpSession;

impl McpSession {
    /// One request in this session: the whole JSON-RPC reply.
    async fn rpc(&self, method: &str, params: Value) -> Value {
        self.post(method, params).await.json()
    }

    /// `tools/call`: the result (a JSON-RPC error fails the test).
    async fn call(&self, name: &str, arguments: &Value) -> Value {
        let reply = self
            .rpc("tools/call", json!({"name": name, "arguments": arguments}))
            .await;
        assert!(reply.get("error").is_none(), "{name} {arguments}: {reply}");
        reply["result"].clone()
    }

    /// `read_task`: the episode as it stands.
    async fn reading(&self) -> Value {
        let result = self.call("read_task", &json!({})).await;
        serde_json::from_str(result["content"][0]["text"].as_str().unwrap_or_default())
            .expect("read_task's JSON")
    }

    /// The episode's tools, less the free `read_task`.
    async fn tools(&self) -> Vec<Value> {
        let listed = self.rpc("tools/list", json!({})).await;
        listed["result"]["tools"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|t| t["name"] != "read_task")
            .cloned()
            .collect()
    }

    /// The names `tools/list` gives.
    async fn tool_names(&self) -> Vec<String> {
        let listed = self.rpc("tools/list", json!({})).await;
        listed["result"]["tools"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|t| t["name"].as_str().map(str::to_owned))
            .collect()
    }
}

/// A value of `schema` (as this project's tool schemas are written), built
/// from it alone: every field, optional ones too, so each can be broken;
/// a field `real` names takes its value from there (a ticket of the
/// episode's inbox), so a break is the only thing wrong with a call.
fn fitting(schema: &Value, real: &Map<String, Value>) -> Value {
    if let Some(options) = schema.get("enum").and_then(Value::as_array) {
        return options[0].clone();
    }
    if let Some(branches) = schema.get("anyOf").and_then(Value::as_array) {
        return fitting(&branches[0], real);
    }
    let kind = schema
        .get("type")
        .and_then(Value::as_str)
        .unwrap_or("string");
    match kind {
        "object" => {
            let properties = schema["properties"]
                .as_object()
                .cloned()
                .unwrap_or_default();
            let object: Map<String, Value> = properties
                .iter()
                .map(|(name, property)| {
                    let value = real
                        .get(name)
                        .cloned()
                        .unwrap_or_else(|| fitting(property, real));
                    (name.clone(), value)
                })
                .collect();
            Value::Object(object)
        }
        "array" => json!([fitting(&schema["items"], real)]),
        "integer" | "number" => schema.get("minimum").cloned().unwrap_or(json!(0)),
        "boolean" => json!(true),
        _ => {
            if schema.get("format").and_then(Value::as_str) == Some("date") {
                return json!("2026-04-27");
            }
            match schema.get("pattern").and_then(Value::as_str) {
                None => json!("x"),
                Some("^[0-2][0-9]:[0-5][0-9]$") => json!("09:30"),
                Some("^-?[0-9]{1,3}(,?[0-9]{3})*\\.[0-9]{2}$") => json!("1,012.50"),
                Some(other) => panic!("a sample for the pattern {other}: add it here"),
            }
        }
    }
}

/// One way to break a fitting value: the arguments sent, and the name the
/// refusal must give (the field broken, or the one missing or unknown).
struct Misfit {
    arguments: Value,
    names: String,
}

/// Every way to break `value` (which fits `schema`) at one place, each
/// constraint the schema states: a required field left out, too few
/// fields, a field it does not have, a value outside its enum, of another
/// type, out of its pattern, format or range, an empty text. `name` is
/// the field `value` is.
fn misfits(schema: &Value, value: &Value, name: &str) -> Vec<(Value, String)> {
    let mut broken: Vec<(Value, String)> = Vec::new();
    let at = |value: Value| (value, name.to_owned());
    if schema.get("enum").is_some() {
        broken.push(at(json!("not-an-option")));
    }
    match schema.get("type").and_then(Value::as_str) {
        Some("string") => {
            broken.push(at(json!(42)));
            if schema.get("pattern").is_some() || schema.get("format").is_some() {
                broken.push(at(json!("27/04/2026 at 10am")));
            }
            if schema.get("minLength").is_some() {
                broken.push(at(json!("")));
            }
        }
        Some("integer" | "number") => {
            broken.push(at(json!("seven")));
            if let Some(minimum) = schema.get("minimum").and_then(Value::as_f64) {
                broken.push(at(json!(minimum - 1.0)));
            }
            if let Some(maximum) = schema.get("maximum").and_then(Value::as_f64) {
                broken.push(at(json!(maximum + 1.0)));
            }
        }
        Some("array") => {
            broken.push(at(json!("one, two")));
            for (item, _) in misfits(&schema["items"], &value[0], name) {
                broken.push(at(json!([item])));
            }
        }
        Some("object") => {
            broken.push(at(json!("an answer in words")));
            let required: Vec<&str> = schema["required"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .collect();
            for field in &required {
                let mut less = value.clone();
                less.as_object_mut().map(|o| o.remove(*field));
                broken.push((less, (*field).to_owned()));
            }
            // `set_triage`: the ticket alone, where one label at least is
            // asked for; the refusal names the labels.
            let fewest = schema["minProperties"].as_u64().unwrap_or(0) as usize;
            if fewest > required.len() {
                let only: Map<String, Value> = value
                    .as_object()
                    .into_iter()
                    .flatten()
                    .filter(|(k, _)| required.contains(&k.as_str()))
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect();
                let optional = schema["properties"]
                    .as_object()
                    .into_iter()
                    .flatten()
                    .map(|(k, _)| k.clone())
                    .find(|k| !required.contains(&k.as_str()))
                    .unwrap_or_default();
                broken.push((Value::Object(only), optional));
            }
            if schema["additionalProperties"] == json!(false) {
                let mut more = value.clone();
                more["not_a_field"] = json!(1);
                broken.push((more, "not_a_field".to_owned()));
            }
            for (field, property) in schema["properties"].as_object().into_iter().flatten() {
                let Some(inner) = value.get(field) else {
                    continue;
                };
                for (changed, names) in misfits(property, inner, field) {
                    let mut one = value.clone();
                    one[field] = changed;
                    broken.push((one, names));
                }
            }
        }
        _ => {}
    }
    broken
}

/// The misfits of a tool's arguments (MCP's arguments are an object: no
/// call of another type is tried).
fn argument_misfits(schema: &Value, real: &Map<String, Value>) -> Vec<Misfit> {
    let value = fitting(schema, real);
    misfits(schema, &value, "arguments")
        .into_iter()
        .filter(|(arguments, _)| arguments.is_object())
        .map(|(arguments, names)| Misfit { arguments, names })
        .collect()
}

/// Values of the episode `reading` shows, by argument name: its first
/// ticket, so a call names a real one.
fn real_values(reading: &Value) -> Map<String, Value> {
    let mut real = Map::new();
    if let Some(ticket) = reading.pointer("/observation/inbox/0/ticket_id") {
        real.insert("ticket_id".to_owned(), ticket.clone());
    }
    real
}

/// The episodes whose tools are tried: every tool of every environment,
/// with productivity's three typed answers and support_triage's records
/// desk (level 5).
const EPISODES: [&str; 6] = [
    "/envs/support_triage/mcp?task=medium&difficulty=5&seed=3",
    "/envs/support_triage/mcp?task=easy&difficulty=2&seed=3",
    "/envs/productivity/mcp?task=easy&difficulty=2&seed=3",
    "/envs/productivity/mcp?task=medium&difficulty=2&seed=3",
    "/envs/productivity/mcp?task=hard&difficulty=2&seed=3",
    "/envs/it_mental_health/mcp?task=full_episode&difficulty=2&seed=3",
];

/// Each constraint a tool's input schema states, broken one at a time:
/// `isError: true`, `VALIDATION_ERROR`, the message naming what is wrong,
/// and no step counted (the episode still at step 0, not over).
#[tokio::test]
async fn every_constraint_a_tool_schema_states_is_refused_before_a_step() {
    let app = app();
    for path in EPISODES {
        let session = Session::open(&app, path).await;
        let real = real_values(&session.reading().await);
        let mut tried = 0;
        for tool in session.tools().await {
            let name = tool["name"].as_str().unwrap_or_default();
            for misfit in argument_misfits(&tool["inputSchema"], &real) {
                let result = session.call(name, &misfit.arguments).await;
                let said = format!("{path} {name} {}: {result}", misfit.arguments);
                assert_eq!(result["isError"], true, "{said}");
                let error = &result["structuredContent"]["error"];
                assert_eq!(error["code"], "VALIDATION_ERROR", "{said}");
                let message = error["message"].as_str().unwrap_or_default();
                assert!(
                    message.contains(&misfit.names),
                    "names {}: {said}",
                    misfit.names
                );
                assert_eq!(
                    result["content"][0]["text"].as_str(),
                    Some(message),
                    "{said}"
                );
                tried += 1;
            }
        }
        let reading = session.reading().await;
        assert_eq!(
            (reading["step_count"].clone(), reading["done"].clone()),
            (json!(0), json!(false)),
            "{path}: {tried} refusals counted nothing"
        );
        assert!(tried >= 8, "{path}: only {tried} misfits tried");
    }
}

/// What the black-box player sent: productivity's `final` with a label
/// outside the enum, with four fields missing, with a date, a time and a
/// participant list in other forms; each refused with what to send, and
/// the episode goes on to be answered properly.
#[tokio::test]
async fn a_malformed_final_answer_is_refused_not_graded() {
    let app = app();
    let easy = Session::open(&app, "/envs/productivity/mcp?task=easy&difficulty=2&seed=5").await;
    let refused = easy
        .call(
            "final",
            &json!({"answer": {"label": "urgent", "priority": "high", "needs_reply": "yes"}}),
        )
        .await;
    assert_eq!(refused["isError"], true, "{refused}");
    let text = refused["content"][0]["text"].as_str().unwrap_or_default();
    assert!(
        text.contains("`answer.label` `urgent` is not one of the allowed values: send one of work, personal, spam, finance"),
        "{text}"
    );
    assert!(text.contains("no step is counted"), "{text}");
    assert_eq!(
        refused["structuredContent"]["error"]["field"],
        "arguments.answer.label"
    );

    let medium = Session::open(
        &app,
        "/envs/productivity/mcp?task=medium&difficulty=2&seed=5",
    )
    .await;
    let only_a_day = medium
        .call("final", &json!({"answer": {"day": "2026-04-27"}}))
        .await;
    let text = only_a_day["content"][0]["text"]
        .as_str()
        .unwrap_or_default();
    for missing in ["start", "end", "participants", "room"] {
        assert!(
            text.contains(&format!("`answer` needs `{missing}`")),
            "{missing}: {text}"
        );
    }
    let other_forms = medium
        .call(
            "final",
            &json!({"answer": {"day": "27/04/2026", "start": "10am", "end": "11:00",
                "participants": "Ana, Ben", "room": "Cedar"}}),
        )
        .await;
    let text = other_forms["content"][0]["text"]
        .as_str()
        .unwrap_or_default();
    for said in [
        "`answer.day` `27/04/2026` is not in the form asked: send YYYY-MM-DD",
        "`answer.start` `10am` is not in the form asked: send HH:MM, 24-hour",
        "`answer.participants` must be a list of strings, not a string",
    ] {
        assert!(text.contains(said), "{said}: {text}");
    }
    for session in [&easy, &medium] {
        let reading = session.reading().await;
        assert_eq!(reading["step_count"], 0, "{reading}");
        assert_eq!(reading["done"], false, "{reading}");
    }
    // A propose with an extra field is refused too, not "ignored".
    let extra = easy
        .call(
            "propose",
            &json!({"answer": {"label": "work", "priority": "high", "needs_reply": "yes", "note": "x"}}),
        )
        .await;
    assert_eq!(extra["isError"], true, "{extra}");
    // An answer that fits is played and graded.
    let answered = easy
        .call(
            "final",
            &json!({"answer": {"label": "work", "priority": "high", "needs_reply": "yes"}}),
        )
        .await;
    assert_eq!(answered["isError"], false, "{answered}");
    assert_eq!(answered["structuredContent"]["done"], true, "{answered}");
}

/// The same refusal on every transport that calls tools: the `/ws` `mcp`
/// message and OpenEnv's `call_tool` action on `/step` (its `ToolError`,
/// no step); over `/step` the `raw` form of the same answer is graded, as
/// the README says: its schema is a string, and the grader reads answers
/// leniently about form.
#[tokio::test]
async fn every_transport_that_calls_tools_refuses_alike() {
    let bad = json!({"answer": {"label": "urgent", "priority": "high", "needs_reply": "yes"}});
    // OpenEnv's call_tool over HTTP /step.
    let app = app();
    let reset = post(
        &app,
        "/envs/productivity/reset",
        r#"{"task": "easy", "seed": 5}"#,
    )
    .await;
    let id = reset.session_id();
    let action = json!({"action": {"type": "call_tool", "tool_name": "final", "arguments": bad}});
    let stepped = send(
        &app,
        with_id(
            Method::POST,
            "/envs/productivity/step",
            &id,
            &action.to_string(),
        ),
    )
    .await;
    assert_eq!(stepped.status, StatusCode::OK, "{}", stepped.text());
    let stepped = stepped.json();
    assert_eq!(
        stepped["observation"]["error"]["error_type"],
        "invalid_args"
    );
    assert!(
        stepped["observation"]["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("answer.label")),
        "{stepped}"
    );
    assert_eq!(
        (stepped["reward"].clone(), stepped["done"].clone()),
        (Value::Null, json!(false))
    );
    let state = send(
        &app,
        with_id(Method::GET, "/envs/productivity/state", &id, ""),
    )
    .await;
    assert_eq!(state.json()["step_count"], 0);
    // The raw text of the same answer is the environment's own action: a
    // graded step.
    let raw = json!({"action": {"raw": format!("final: {}", bad["answer"])}});
    let graded = send(
        &app,
        with_id(
            Method::POST,
            "/envs/productivity/step",
            &id,
            &raw.to_string(),
        ),
    )
    .await;
    assert_eq!(graded.status, StatusCode::OK, "{}", graded.text());
    assert_eq!(graded.json()["done"], true);

    // The /ws `mcp` message.
    let (base, _, _) = crate::ws::spawn(config()).await;
    let mut ws = crate::ws::connect(&format!("{base}/envs/productivity/ws")).await;
    crate::ws::ask(
        &mut ws,
        r#"{"type": "reset", "data": {"task": "easy", "seed": 5}}"#,
    )
    .await;
    let call = json!({"type": "mcp", "data": {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": "final", "arguments": bad}}});
    let reply = crate::ws::ask(&mut ws, &call.to_string()).await;
    assert_eq!(reply["data"]["result"]["isError"], true, "{reply}");
    assert_eq!(
        reply["data"]["result"]["structuredContent"]["error"]["field"],
        "arguments.answer.label"
    );
    let state = crate::ws::ask(&mut ws, r#"{"type": "state"}"#).await;
    assert_eq!(state["data"]["step_count"], 0, "{state}");
}

/// Where an environment's HTTP action schema states what a tool's input
/// schema states (support_triage's and it_mental_health's actions are
/// typed), the same arguments sent as the action `/step` plays are refused
/// with 422 `VALIDATION_ERROR` and no step: behaviour agrees on every
/// transport.
#[tokio::test]
async fn typed_actions_over_http_are_refused_where_the_tool_call_is() {
    let app = app();
    for (env, reset, as_action) in [
        (
            "support_triage",
            r#"{"task": "medium", "difficulty": 5, "seed": 3}"#,
            (|name: &str, mut arguments: Value| {
                arguments["command"] = json!(name);
                arguments
            }) as fn(&str, Value) -> Value,
        ),
        (
            "it_mental_health",
            r#"{"task": "full_episode", "difficulty": 2, "seed": 3}"#,
            |_: &str, arguments: Value| arguments,
        ),
    ] {
        let id = post(&app, &format!("/envs/{env}/reset"), reset)
            .await
            .session_id();
        let path = format!("/envs/{env}/mcp");
        let session = Session {
            app: app.clone(),
            path,
            id: id.clone(),
        };
        let real = real_values(&session.reading().await);
        let mut tried = 0;
        for tool in session.tools().await {
            let name = tool["name"].as_str().unwrap_or_default();
            for misfit in argument_misfits(&tool["inputSchema"], &real) {
                let action = as_action(name, misfit.arguments.clone());
                let body = json!({ "action": action }).to_string();
                let reply = send(
                    &app,
                    with_id(Method::POST, &format!("/envs/{env}/step"), &id, &body),
                )
                .await;
                assert_eq!(
                    reply.status,
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "{env} {action}: {}",
                    reply.text()
                );
                tried += 1;
            }
        }
        let state = send(
            &app,
            with_id(Method::GET, &format!("/envs/{env}/state"), &id, ""),
        )
        .await;
        assert_eq!(state.json()["step_count"], 0, "{env}: {tried} refusals");
    }
}

/// support_triage's tool list follows the level: the records desk's
/// lookups and questions are tools at levels 4 and 5 only. Below, a call
/// of one is no tool of the episode (a JSON-RPC error that lists the
/// episode's tools), over MCP and OpenEnv's `call_tool`, and no step; the
/// same command sent as an action over `/step` stays the environment's
/// (the action schema is one for every level): a penalised step whose
/// feedback says why.
#[tokio::test]
async fn support_tools_follow_the_level() {
    let app = app();
    let records = ["lookup_customer", "lookup_invoice", "ask_customer"];
    for level in 1..=5 {
        let session = Session::open(
            &app,
            &format!("/envs/support_triage/mcp?task=medium&difficulty={level}&seed=3"),
        )
        .await;
        let names = session.tool_names().await;
        for tool in records {
            assert_eq!(
                names.contains(&tool.to_owned()),
                level >= 4,
                "level {level}: {names:?}"
            );
        }
        assert!(names.contains(&"set_triage".to_owned()), "{names:?}");
        if level >= 4 {
            continue;
        }
        let ticket = session.reading().await["observation"]["inbox"][0]["ticket_id"].clone();
        let reply = session
            .rpc(
                "tools/call",
                json!({"name": "lookup_customer", "arguments": {"ticket_id": ticket}}),
            )
            .await;
        assert_eq!(reply["error"]["code"], -32602, "{reply}");
        let message = reply["error"]["message"].as_str().unwrap_or_default();
        assert!(
            message.contains("`lookup_customer` is not a tool of this episode")
                && message.contains("set_triage")
                && !message.contains("lookup_invoice")
                && message.contains("no step is counted"),
            "{message}"
        );
        assert_eq!(session.reading().await["step_count"], 0);
        // OpenEnv's call_tool on /step: a ToolError, no step.
        let action = json!({"action": {"type": "call_tool", "tool_name": "lookup_customer",
            "arguments": {"ticket_id": ticket}}});
        let uri = "/envs/support_triage/step";
        let stepped = send(
            &app,
            with_id(Method::POST, uri, &session.id, &action.to_string()),
        )
        .await;
        let stepped = stepped.json();
        assert_eq!(
            stepped["observation"]["error"]["error_type"], "tool_not_found",
            "{stepped}"
        );
        assert_eq!(session.reading().await["step_count"], 0);
        // The command as an action: the environment's, a penalised step.
        let action = json!({"action": {"command": "lookup_customer", "ticket_id": ticket}});
        let stepped = send(
            &app,
            with_id(Method::POST, uri, &session.id, &action.to_string()),
        )
        .await;
        assert_eq!(stepped.status, StatusCode::OK, "{}", stepped.text());
        let stepped = stepped.json();
        assert!(
            stepped["reward"].as_f64().is_some_and(|r| r < 0.0),
            "{stepped}"
        );
        assert!(
            stepped["observation"]["feedback"]
                .as_str()
                .is_some_and(|f| f.contains("records desk of levels 4 and 5")),
            "{stepped}"
        );
    }
}

/// Once an episode is over no step remains: `steps_remaining` is 0 in
/// `/state`, in support_triage's final observation, and in MCP's reading
/// of the episode, whatever ended it (a final answer, a submit, the last
/// task).
#[tokio::test]
async fn no_step_remains_once_the_episode_is_over() {
    let app = app();
    for (env, reset, end) in [
        (
            "support_triage",
            r#"{"task": "medium", "difficulty": 2, "seed": 3}"#,
            json!({"command": "submit_episode"}),
        ),
        (
            "productivity",
            r#"{"task": "easy", "difficulty": 2, "seed": 3}"#,
            json!({"raw": "final: {\"label\": \"work\", \"priority\": \"high\", \"needs_reply\": \"yes\"}"}),
        ),
        (
            "it_mental_health",
            r#"{"task": "burnout_detection", "difficulty": 2, "seed": 3}"#,
            json!({"response": "Burnout dimensions: exhaustion. Severity: high. Red flags: none. HR escalation: no. Rationale: the case reads so, in twenty words or more, as the format asks of an answer here."}),
        ),
    ] {
        let id = post(&app, &format!("/envs/{env}/reset"), reset)
            .await
            .session_id();
        let state = send(
            &app,
            with_id(Method::GET, &format!("/envs/{env}/state"), &id, ""),
        )
        .await;
        let before = state.json()["steps_remaining"].as_u64().unwrap_or_default();
        assert!(before >= 1, "{env}: {before} steps at the start");
        let body = json!({ "action": end }).to_string();
        let stepped = send(
            &app,
            with_id(Method::POST, &format!("/envs/{env}/step"), &id, &body),
        )
        .await;
        let stepped = stepped.json();
        assert_eq!(stepped["done"], true, "{env}: {stepped}");
        if let Some(left) = stepped["observation"].get("steps_remaining") {
            assert_eq!(left, 0, "{env}: the final observation");
        }
        let state = send(
            &app,
            with_id(Method::GET, &format!("/envs/{env}/state"), &id, ""),
        )
        .await;
        assert_eq!(state.json()["steps_remaining"], 0, "{env}: /state");
        let session = Session {
            app: app.clone(),
            path: format!("/envs/{env}/mcp"),
            id,
        };
        let reading = session.reading().await;
        assert_eq!(reading["steps_remaining"], 0, "{env}: read_task");
        assert_eq!(reading["done"], true, "{env}: read_task");
    }
}

/// it_mental_health's case resource sends the case's text once: the
/// `scenario` (which tells the case, the rubric, the task and the response
/// format), not also the `rubric` and `response_format` fields and the
/// `subject` cards it renders; `read_task` still shows every field of the
/// observation.
#[tokio::test]
async fn the_case_of_it_mental_health_is_sent_once() {
    let app = app();
    let session = Session::open(
        &app,
        "/envs/it_mental_health/mcp?task=intervention_plan&difficulty=5&seed=3",
    )
    .await;
    let reply = session
        .rpc(
            "resources/read",
            json!({"uri": "deskbench://it_mental_health/case"}),
        )
        .await;
    let text = reply["result"]["contents"][0]["text"]
        .as_str()
        .unwrap_or_default();
    let case: Value = serde_json::from_str(text).expect("the case's JSON");
    let whole = session.reading().await;
    let scenario = case["observation"]["scenario"].as_str().unwrap_or_default();
    assert_eq!(Some(scenario), whole["observation"]["scenario"].as_str());
    for line in whole["observation"]["rubric"]
        .as_array()
        .into_iter()
        .flatten()
    {
        let line = line.as_str().unwrap_or_default();
        assert!(
            scenario.contains(line),
            "the scenario tells the rubric: {line}"
        );
    }
    for section in whole["observation"]["response_format"]["sections"]
        .as_array()
        .into_iter()
        .flatten()
    {
        let label = section["label"].as_str().unwrap_or_default();
        assert!(scenario.contains(&format!("- {label}: ")), "{label}");
    }
    for rendered in ["rubric", "response_format", "subject"] {
        assert!(case["observation"].get(rendered).is_none(), "{rendered}");
        assert!(whole["observation"].get(rendered).is_some(), "{rendered}");
    }
    assert!(
        text.len() * 10 < serde_json::to_string(&whole).unwrap_or_default().len() * 7,
        "the case ({} bytes) is well under the whole observation",
        text.len()
    );
}
