//! Each environment's tools: its own verbs, never OpenEnv's simulation
//! controls, with typed input schemas; a tool call is the step its action
//! is (the reference policy plays every task to 1.0 through tools); the
//! OpenEnv MCP actions are steps; and actions a language model plausibly
//! sends but the environment cannot read are refused with what to send.
#![cfg(not(target_arch = "wasm32"))]

use env_wasm::registry::ENVIRONMENTS;
use env_wasm::tools::RESERVED;
use env_wasm::{AnyEnv, EnvInfo, ResetDefaults, registry};
use serde_json::{Value, json};

fn env(id: &str) -> &'static EnvInfo {
    registry::find(id).unwrap_or_else(|| panic!("{id} is registered"))
}

fn started(info: &'static EnvInfo, options: Value) -> AnyEnv {
    let mut env = AnyEnv::of(info);
    let reset = env.reset(&options, ResetDefaults::default());
    assert!(reset.is_ok(), "{}: {reset:?}", info.id);
    env
}

#[test]
fn every_environment_lists_its_own_verbs_with_object_schemas() {
    let expected: &[(&str, &[&str])] = &[
        // The calendar's lookups (levels 4 and 5) are among every task's
        // tools; an episode lists them only where they are open.
        (
            "productivity",
            &[
                "inspect",
                "propose",
                "final",
                "check_calendar",
                "list_rooms",
            ],
        ),
        ("it_mental_health", &["answer"]),
        (
            "support_triage",
            &[
                "show_inbox",
                "view_ticket",
                "set_triage",
                "draft_reply",
                "set_disposition",
                "submit_episode",
                "lookup_customer",
                "lookup_invoice",
                "ask_customer",
                "search_kb",
                "read_article",
            ],
        ),
    ];
    for info in ENVIRONMENTS {
        let tools = info.tools();
        let names: Vec<&str> = tools.iter().map(|t| t.name).collect();
        let wanted = expected
            .iter()
            .find(|(id, _)| *id == info.id)
            .map(|(_, n)| *n);
        assert_eq!(Some(names.as_slice()), wanted, "{}", info.id);
        for tool in &tools {
            assert!(!RESERVED.contains(&tool.name), "{}: {}", info.id, tool.name);
            assert!(
                tool.description.len() > 20,
                "{}: {} is described",
                info.id,
                tool.name
            );
            let schema = &tool.input_schema;
            assert_eq!(schema["type"], "object", "{}: {}", info.id, tool.name);
            assert_eq!(schema["additionalProperties"], false);
            let properties = schema["properties"]
                .as_object()
                .cloned()
                .unwrap_or_default();
            for required in schema["required"].as_array().into_iter().flatten() {
                let name = required.as_str().unwrap_or_default();
                assert!(
                    properties.contains_key(name),
                    "{}: {} requires {name}",
                    info.id,
                    tool.name
                );
            }
            // Definitions are written in place: nothing to resolve, nothing unused.
            let text = schema.to_string();
            assert!(
                !text.contains("$ref") && !text.contains("$defs"),
                "{}: {text}",
                tool.name
            );
            // Each argument is described for this tool: not as the action's
            // field ("For `set_triage`."), nor naming another tool.
            let others: Vec<String> = names
                .iter()
                .filter(|n| **n != tool.name)
                .map(|n| format!("`{n}`"))
                .collect();
            for (argument, property) in &properties {
                let description = property["description"].as_str().unwrap_or_default();
                assert!(
                    !description.starts_with("For ")
                        && !others.iter().any(|o| description.contains(o.as_str())),
                    "{}: {} argument {argument}: {description}",
                    info.id,
                    tool.name
                );
            }
        }
    }
    // Typed: support_triage's labels are their enums, written in place.
    let tools = env("support_triage").tools();
    let schema_of = |name: &str| {
        tools
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.input_schema.clone())
            .unwrap_or_default()
    };
    let triage = schema_of("set_triage");
    assert_eq!(triage["required"], json!(["ticket_id"]));
    assert_eq!(
        triage["properties"]["priority"]["enum"],
        json!(["low", "medium", "high", "urgent"])
    );
    // A priority, a department or both: the schema says at least one.
    assert_eq!(triage["minProperties"], 2);
    // Every command on one ticket requires it.
    for tool in &tools {
        if tool.input_schema["properties"].get("ticket_id").is_some() {
            assert!(
                tool.input_schema["required"]
                    .as_array()
                    .is_some_and(|r| r.contains(&json!("ticket_id"))),
                "{}",
                tool.name
            );
        }
    }
}

#[test]
fn the_reference_plays_every_task_to_one_through_tools() {
    for info in ENVIRONMENTS {
        for task in info.tasks {
            // Every level: each has its tools, and the calls must fit them.
            let episodes = info
                .levels
                .iter()
                .flat_map(|&level| (0..3).map(move |seed| (level, seed)));
            for (level, seed) in episodes {
                let options = json!({"task": task.id, "seed": seed, "difficulty": level, "reward_mode": "score"});
                let mut by_tools = started(info, options.clone());
                let mut by_actions = started(info, options);
                let mut total = 0.0;
                while let Some(action) = by_actions.reference_action() {
                    let call = info
                        .tool_call(&action)
                        .unwrap_or_else(|| panic!("{}: no tool plays {action}", info.id));
                    let arguments = Value::Object(call.arguments.clone());
                    let played = by_tools.call_tool(&call.name, &arguments);
                    let stepped = by_actions.step(&action);
                    assert_eq!(
                        played, stepped,
                        "{}/{} level {level} seed {seed}: {}",
                        info.id, task.id, call.name
                    );
                    total += played.ok().and_then(|r| r.reward).unwrap_or(0.0);
                }
                assert_eq!(
                    total, 1.0,
                    "{}/{} level {level} seed {seed}",
                    info.id, task.id
                );
                assert_eq!(by_tools.terminal_score(), Some(1.0));
            }
        }
    }
}

#[test]
fn tool_calls_are_refused_clearly_and_count_nothing() {
    let mut desk = AnyEnv::of(env("support_triage"));
    let err = desk.call_tool("show_inbox", &json!({})).err();
    assert_eq!(err.map(|e| e.code()), Some("EPISODE_NOT_STARTED"));
    let mut desk = started(env("support_triage"), json!({"seed": 3}));
    for reserved in RESERVED {
        let err = desk.call_tool(reserved, &json!({})).err();
        let message = err.as_ref().map(ToString::to_string).unwrap_or_default();
        assert_eq!(err.map(|e| e.code()), Some("UNKNOWN_TOOL"), "{reserved}");
        assert!(
            message.contains("simulation control") && message.contains("view_ticket"),
            "{message}"
        );
    }
    let err = desk.call_tool("open_ticket", &json!({})).err();
    assert!(err.is_some_and(|e| e.to_string().contains("tools: show_inbox, view_ticket")));
    let err = desk
        .call_tool("view_ticket", &json!({"ticket": "T-1"}))
        .err();
    assert_eq!(
        err.as_ref().and_then(|e| e.field()),
        Some("arguments.ticket")
    );
    let err = desk.call_tool("view_ticket", &json!({})).err();
    assert_eq!(
        err.as_ref().and_then(|e| e.field()),
        Some("arguments.ticket_id")
    );
    let err = desk
        .call_tool(
            "set_triage",
            &json!({"ticket_id": "T-1", "priority": "asap"}),
        )
        .err();
    assert_eq!(
        err.as_ref().and_then(|e| e.field()),
        Some("arguments.priority"),
        "{err:?}"
    );
    let err = desk.call_tool("show_inbox", &json!([1])).err();
    assert_eq!(err.as_ref().and_then(|e| e.field()), Some("arguments"));
    assert_eq!(desk.state()["step_count"], 0, "no refusal counted");
}

#[test]
fn openenv_mcp_actions_are_steps() {
    let mut env = AnyEnv::of(env("productivity"));
    // list_tools needs no episode and takes no step.
    let listed = env
        .step(&json!({"type": "list_tools"}))
        .map(|r| r.observation.to_value());
    let listed = listed.unwrap_or_default();
    let names: Vec<&str> = listed["tools"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert_eq!(
        names,
        [
            "inspect",
            "propose",
            "final",
            "check_calendar",
            "list_rooms"
        ]
    );
    assert_eq!(
        listed["tools"][1]["input_schema"]["required"],
        json!(["answer"])
    );
    let _ = env.reset(&json!({"seed": 5}), ResetDefaults::default());
    let call = json!({"type": "call_tool", "tool_name": "inspect", "arguments": {}});
    let stepped = env.step(&call).unwrap_or_else(|e| panic!("{e}"));
    let observation = stepped.observation.to_value();
    assert_eq!(observation["tool_name"], "inspect");
    assert_eq!(observation["error"], Value::Null);
    assert_eq!(observation["result"]["step_count"], 1);
    assert_eq!(stepped.reward, Some(-0.02));
    let refused = env
        .step(&json!({"type": "call_tool", "tool_name": "step", "arguments": {"raw": "inspect"}}))
        .map(|r| (r.observation.to_value(), r.reward));
    let (observation, reward) = refused.unwrap_or_default();
    assert_eq!(observation["error"]["error_type"], "tool_not_found");
    assert_eq!(reward, None);
    let missing = env
        .step(&json!({"type": "call_tool"}))
        .map(|r| r.observation.to_value());
    assert_eq!(
        missing.unwrap_or_default()["error"]["error_type"],
        "invalid_args"
    );
    assert_eq!(env.state()["step_count"], 1);
}

/// The refusal of `action` in environment `id` (seed 2), as text.
fn refusal(id: &str, action: Value) -> String {
    let mut env = started(env(id), json!({"seed": 2}));
    match env.step(&action) {
        Ok(result) => panic!(
            "{id}: {action} was accepted: {:?}",
            result.observation.json()
        ),
        Err(err) => err.to_string(),
    }
}

#[test]
fn near_miss_actions_are_told_exactly_what_to_send() {
    let cases = [
        (
            "productivity",
            json!({"command": "inspect"}),
            r#"send {"raw":"inspect"} instead"#,
        ),
        (
            "productivity",
            json!({"action": "final", "answer": {"label": "work"}}),
            r#"send {"raw":"final: {\"label\":\"work\"}"} instead"#,
        ),
        (
            "productivity",
            json!({"label": "work", "priority": "high", "needs_reply": "no"}),
            r#"send {"raw":"final: {"#,
        ),
        (
            "productivity",
            json!({"name": "propose", "arguments": {"answer": {"label": "spam"}}}),
            r#"send {"raw":"propose: {\"label\":\"spam\"}"} instead"#,
        ),
        (
            "it_mental_health",
            json!({"answer": "Dimensions: exhaustion"}),
            r#"send {"response":"Dimensions: exhaustion"} instead"#,
        ),
        (
            "support_triage",
            json!({"action": "view_ticket", "ticket": "T-1"}),
            r#"send {"command":"view_ticket","ticket_id":"T-1"} instead"#,
        ),
        (
            "support_triage",
            json!({"tool": "set_triage", "args": {"ticket_id": "T-1", "priority": "high"}}),
            r#""command":"set_triage""#,
        ),
    ];
    for (id, action, wanted) in cases {
        let message = refusal(id, action.clone());
        assert!(message.contains(wanted), "{id} {action}: {message}");
    }
    // A bare text: the answer, or a command line.
    let info = env("it_mental_health");
    let err = info
        .check_action_shape(&json!("Dimensions: exhaustion"))
        .err();
    let message = err.map(|e| e.to_string()).unwrap_or_default();
    assert!(
        message.contains(r#"send {"response":"Dimensions: exhaustion"} instead"#),
        "{message}"
    );
    let message = refusal("support_triage", json!("view_ticket T-1001"));
    assert!(
        message.contains(r#"send {"command":"view_ticket","ticket_id":"T-1001"} instead"#),
        "{message}"
    );
    // Long texts are cut in the message, not the shape.
    let long = "x".repeat(500);
    let message = refusal("it_mental_health", json!({ "text": long }));
    assert!(
        message.contains(r#"send {"response":"xxxx"#) && message.len() < 400,
        "{message}"
    );
    // Nothing to suggest: the plain refusal.
    let message = refusal("support_triage", json!({"command": "dance"}));
    assert!(!message.contains("instead"), "{message}");
}

#[test]
fn it_mental_health_answers_the_current_task_without_task_id() {
    let info = env("it_mental_health");
    let mut env = started(info, json!({"seed": 4}));
    let first = env.step(&json!({"response": "Dimensions: exhaustion"}));
    assert!(first.is_ok(), "{first:?}");
    assert_eq!(env.state()["current_task"], "stress_triage");
    let wrong = env
        .step(&json!({"response": "x", "task_id": "burnout_detection"}))
        .err();
    let message = wrong.map(|e| e.to_string()).unwrap_or_default();
    assert!(
        message.contains("expected `stress_triage`") && message.contains("leave task_id out"),
        "{message}"
    );
    let schema = env.schemas()["action"].clone();
    assert_eq!(
        schema["required"],
        json!(["response"]),
        "one required field: plain text fills it"
    );
}

/// Every tool list, of every task at every level and of no episode, has
/// input schemas the call check compiles (a schema it could not read
/// would check nothing).
#[test]
fn every_tool_schema_compiles() {
    for info in ENVIRONMENTS {
        assert!(
            env_wasm::seam::toolbox::toolbox(info, None).is_ok_and(|t| t.compiled()),
            "{}",
            info.id
        );
        for task in info.tasks {
            for &level in info.levels {
                let toolbox = env_wasm::seam::toolbox::toolbox(info, Some((task, level)))
                    .unwrap_or_else(|e| panic!("{}/{} level {level}: {e}", info.id, task.id));
                assert!(toolbox.compiled(), "{}/{} level {level}", info.id, task.id);
                assert!(!toolbox.tools().is_empty());
            }
        }
    }
}

/// support_triage lists the records desk's tools (lookups, asking the
/// customer) at levels 4 and 5 only; below, a call of one is no tool of
/// the episode, refused with the episode's tools, and no step.
#[test]
fn support_tools_follow_the_level() {
    let info = env("support_triage");
    let records = ["lookup_customer", "lookup_invoice", "ask_customer"];
    for &level in info.levels {
        let mut desk = started(
            info,
            json!({"task": "medium", "difficulty": level, "seed": 2}),
        );
        let tools = desk.tools();
        let names: Vec<&str> = tools.iter().map(|t| t.name).collect();
        for tool in records {
            assert_eq!(
                names.contains(&tool),
                level >= 4,
                "level {level}: {names:?}"
            );
        }
        if level < 4 {
            let refused = desk.call_tool("lookup_invoice", &json!({"invoice_id": "INV-1"}));
            let message = refused.err().map(|e| e.to_string()).unwrap_or_default();
            assert!(
                message.contains("`lookup_invoice` is not a tool of this episode")
                    && message.contains("submit_episode"),
                "{message}"
            );
            assert_eq!(desk.state()["step_count"], 0);
        }
    }
}

/// A call that does not fit its tool's input schema is refused before the
/// step, each misfit named by its path with what to send: here a
/// productivity booking with its date, time and participants in other
/// forms, and an it_mental_health confidence out of range.
#[test]
fn calls_are_held_to_their_input_schemas() {
    let mut booking = started(env("productivity"), json!({"task": "medium", "seed": 1}));
    let refused = booking.call_tool(
        "final",
        &json!({"answer": {"day": "Monday", "start": "9", "end": "10:00", "participants": "Ana", "room": "Cedar"}}),
    );
    let err = refused.err().unwrap_or_else(|| panic!("refused"));
    assert_eq!(err.field(), Some("arguments.answer.day"));
    let message = err.to_string();
    for said in [
        "`answer.day` `Monday` is not in the form asked: send YYYY-MM-DD",
        "`answer.start` `9` is not in the form asked: send HH:MM, 24-hour",
        "`answer.participants` must be a list of strings, not a string",
        "no step is counted",
    ] {
        assert!(message.contains(said), "{said}: {message}");
    }
    assert_eq!(booking.state()["step_count"], 0);
    let mut case = started(
        env("it_mental_health"),
        json!({"task": "burnout_detection", "seed": 1}),
    );
    let refused = case.call_tool(
        "answer",
        &json!({"response": "Severity: high", "confidence": 2}),
    );
    let message = refused.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(
        message.contains("`confidence` `2` is too large: the most is 1"),
        "{message}"
    );
    assert_eq!(case.state()["step_count"], 0);
}
