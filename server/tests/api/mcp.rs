//! `POST /mcp`: JSON-RPC 2.0 over streamable HTTP (200 for a request, 202
//! for a notification, 404 for a session that is not open, 400 for a
//! malformed session id or protocol version), tools over the HTTP sessions.

use axum::Router;
use axum::http::{Method, StatusCode};
use serde_json::{Value, json};
use server::Config;

use crate::common::*;

async fn rpc(app: &Router, body: &str) -> Value {
    let reply = post(app, "/mcp", body).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let json = reply.json();
    assert_eq!(json["jsonrpc"], "2.0", "{json}");
    json
}

async fn call(app: &Router, method: &str, params: Value) -> Value {
    let body = json!({"jsonrpc": "2.0", "id": 7, "method": method, "params": params});
    rpc(app, &body.to_string()).await
}

fn error_code(reply: &Value) -> i64 {
    reply["error"]["code"]
        .as_i64()
        .unwrap_or_else(|| panic!("not an error: {reply}"))
}

/// `POST /mcp` with extra headers.
async fn rpc_with(app: &Router, headers: &[(&str, &str)], body: Value) -> Reply {
    let reply = send_with(app, headers, body).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply
}

/// `POST /mcp` with extra headers, whatever the status.
async fn send_with(app: &Router, headers: &[(&str, &str)], body: Value) -> Reply {
    let mut request = request(Method::POST, "/mcp", body.to_string());
    for (name, value) in headers {
        request.headers_mut().insert(
            axum::http::HeaderName::from_bytes(name.as_bytes()).expect("header name"),
            axum::http::HeaderValue::from_str(value).expect("header value"),
        );
    }
    send(app, request).await
}

fn tools_call(name: &str, arguments: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": name, "arguments": arguments}})
}

#[tokio::test]
async fn protocol_errors_have_their_codes() {
    let app = app();
    let empty = rpc(&app, "{}").await;
    assert_eq!(empty["id"], Value::Null);
    assert_eq!(error_code(&empty), -32600);
    assert!(
        empty["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("method"))
    );
    assert_eq!(error_code(&rpc(&app, "{not json").await), -32700);
    assert_eq!(error_code(&rpc(&app, "").await), -32700);
    assert_eq!(error_code(&rpc(&app, "[1, 2]").await), -32600);
    assert_eq!(
        error_code(&rpc(&app, r#"{"jsonrpc": "1.0", "method": "ping"}"#).await),
        -32600
    );
    assert_eq!(
        error_code(&rpc(&app, r#"{"jsonrpc": "2.0", "method": "ping", "id": {}}"#).await),
        -32600
    );
    let unknown = rpc(&app, r#"{"jsonrpc": "2.0", "method": "nope", "id": "x"}"#).await;
    assert_eq!(
        (error_code(&unknown), unknown["id"].clone()),
        (-32601, json!("x"))
    );
    // MCP's newer era probes `server/discover`; "not found" sends its
    // clients to the `initialize` handshake.
    assert_eq!(
        error_code(&call(&app, "server/discover", json!({})).await),
        -32601
    );
    let bad_params = rpc(
        &app,
        r#"{"jsonrpc": "2.0", "method": "tools/call", "params": [1], "id": 1}"#,
    )
    .await;
    assert_eq!(error_code(&bad_params), -32602);
    assert_eq!(
        error_code(&call(&app, "tools/call", json!({})).await),
        -32602
    );
    let nope = call(&app, "tools/call", json!({"name": "nope"})).await;
    assert_eq!(error_code(&nope), -32602);
    assert_eq!(nope["error"]["data"]["code"], "UNKNOWN_TOOL");
    assert!(
        nope["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("inspect, propose, final"))
    );
    for reserved in ["reset", "step", "state", "close"] {
        let refused = call(&app, "tools/call", json!({"name": reserved})).await;
        assert_eq!(error_code(&refused), -32602, "{reserved}");
        assert!(
            refused["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("simulation control")),
            "{refused}"
        );
    }
    let unknown_session = call(
        &app,
        "tools/call",
        json!({"name": "inspect", "session_id": "ghost"}),
    )
    .await;
    assert_eq!(error_code(&unknown_session), -32602);
    assert!(
        unknown_session["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("unknown session `ghost`"))
    );
    assert_eq!(
        error_code(
            &call(
                &app,
                "tools/call",
                json!({"name": "inspect", "session_id": "a b"})
            )
            .await
        ),
        -32602
    );
    assert_eq!(
        error_code(
            &call(
                &app,
                "openenv/session/close",
                json!({"session_id": "ghost"})
            )
            .await
        ),
        -32602
    );
    assert_eq!(
        error_code(&call(&app, "openenv/session/close", json!({})).await),
        -32602
    );
    // A notification is accepted: 202 and no body.
    let note = post(
        &app,
        "/mcp",
        r#"{"jsonrpc": "2.0", "method": "notifications/initialized"}"#,
    )
    .await;
    assert_eq!(note.status, StatusCode::ACCEPTED);
    assert_eq!(note.text(), "");
}

#[tokio::test]
async fn oversized_requests_are_still_http_200() {
    let app = server::app(Config {
        max_body_bytes: 256,
        ..config()
    });
    let big =
        json!({"jsonrpc": "2.0", "method": "ping", "id": 1, "params": {"pad": "x".repeat(1000)}});
    assert_eq!(error_code(&rpc(&app, &big.to_string()).await), -32600);
}

#[tokio::test]
async fn tools_are_each_environments_own_verbs() {
    let app = app();
    for (prefix, wanted) in [
        (
            "",
            vec![
                "inspect",
                "propose",
                "final",
                "check_calendar",
                "list_rooms",
            ],
        ),
        ("/envs/it_mental_health", vec!["answer"]),
        (
            "/envs/support_triage",
            vec![
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
    ] {
        let list = post(
            &app,
            &format!("{prefix}/mcp"),
            r#"{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}"#,
        )
        .await
        .json();
        let tools = list["result"]["tools"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let names: Vec<&str> = tools.iter().filter_map(|t| t["name"].as_str()).collect();
        // `read_task` first (free), then the environment's own verbs.
        assert_eq!(names[0], "read_task", "{prefix}");
        assert_eq!(names[1..], wanted, "{prefix}");
        assert_eq!(tools[0]["annotations"]["readOnlyHint"], true);
        for tool in &tools {
            assert_eq!(tool["inputSchema"]["type"], "object", "{tool}");
            // Small and lean: no output schema repeated on every tool, no
            // definitions no argument refers to.
            assert!(tool.get("outputSchema").is_none(), "{tool}");
            let schema = tool["inputSchema"].to_string();
            assert!(
                !schema.contains("$defs") && !schema.contains("$ref"),
                "{tool}"
            );
            // Every tool carries all four hints; only read_task reads.
            for hint in [
                "readOnlyHint",
                "destructiveHint",
                "idempotentHint",
                "openWorldHint",
            ] {
                assert!(tool["annotations"][hint].is_boolean(), "{hint}: {tool}");
            }
            assert_eq!(
                tool["annotations"]["readOnlyHint"],
                tool["name"] == "read_task",
                "{tool}"
            );
            assert_eq!(tool["annotations"]["openWorldHint"], false, "{tool}");
            let description = tool["description"].as_str().unwrap_or_default();
            assert!(description.len() > 20);
            // Every description says what a call costs.
            assert!(
                description.contains("no step") || description.contains("one step"),
                "{description}"
            );
            assert!(!description.contains("For `"), "{description}");
        }
        let total = list.to_string().len();
        assert!(total < 8_000, "{prefix}: tools/list is {total} bytes");
        let metadata = get(&app, &format!("{prefix}/metadata")).await.json();
        assert_eq!(metadata["tools"], json!(wanted));
    }
}

#[tokio::test]
async fn initialize_opens_a_session_every_transport_reaches() {
    let app = app();
    let init = rpc_with(&app, &[], json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-03-26"}})).await;
    let result = init.json()["result"].clone();
    assert_eq!(result["protocolVersion"], "2025-03-26");
    assert_eq!(result["serverInfo"]["name"], "deskbench/productivity");
    assert!(result["capabilities"]["tools"].is_object());
    let id = init
        .header("mcp-session-id")
        .expect("Mcp-Session-Id")
        .to_owned();
    assert_eq!(id.len(), 32);
    let newest = call(&app, "initialize", json!({"protocolVersion": "2999-01-01"})).await;
    assert_eq!(newest["result"]["protocolVersion"], "2025-11-25");

    // An agent alone can play at once: the session has an episode.
    let headers = [("mcp-session-id", id.as_str())];
    let step = rpc_with(&app, &headers, tools_call("inspect", json!({})))
        .await
        .json();
    let result = &step["result"];
    assert_eq!(result["isError"], false, "{step}");
    let structured = &result["structuredContent"];
    assert_eq!(structured["reward"], -0.02);
    assert_eq!(structured["done"], false);
    assert_eq!(structured["step_count"], 1);
    // Said once, at the top level.
    assert!(structured["observation"].get("step_count").is_none());
    // The text is a short summary, not the JSON again.
    let text = result["content"][0]["text"].as_str().expect("text");
    assert!(text.contains("reward -0.02; step 1 of"), "{text}");
    assert!(serde_json::from_str::<Value>(text).is_err(), "{text}");

    // The trainer picks task, seed and reward mode over HTTP; the tools
    // play that episode.
    let reset = send(
        &app,
        with_id(
            Method::POST,
            "/reset",
            &id,
            r#"{"task": "easy", "seed": 11, "reward_mode": "score"}"#,
        ),
    )
    .await;
    assert_eq!(reset.status, StatusCode::OK);
    let answer = json!({"label": "spam", "priority": "low", "needs_reply": "no"});
    let graded = rpc_with(
        &app,
        &headers,
        tools_call("final", json!({ "answer": answer })),
    )
    .await
    .json();
    let structured = &graded["result"]["structuredContent"];
    assert_eq!(structured["done"], true, "{graded}");
    assert_eq!(
        structured["reward"],
        structured["observation"]["terminal_grader"]
    );
    // The ending call states the score in words.
    assert_eq!(structured["score"], structured["reward"]);
    let text = graded["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default();
    assert!(text.starts_with("Episode over: score "), "{text}");
    assert!(text.contains(" of 1"), "{text}");
    let state = send(&app, with_id(Method::GET, "/state", &id, ""))
        .await
        .json();
    assert_eq!(
        (state["seed"].clone(), state["step_count"].clone()),
        (json!(11), json!(1))
    );
    // After the end: a tool result the agent can read, not a protocol error.
    let after = rpc_with(&app, &headers, tools_call("inspect", json!({})))
        .await
        .json();
    assert_eq!(after["result"]["isError"], true);
    assert_eq!(
        after["result"]["structuredContent"]["error"]["code"],
        "EPISODE_DONE"
    );
    let bad = rpc_with(
        &app,
        &headers,
        tools_call("final", json!({"answer": {"label": "spam"}, "extra": 1})),
    )
    .await
    .json();
    assert_eq!(
        bad["result"]["structuredContent"]["error"]["field"],
        "arguments.extra"
    );

    // DELETE /mcp ends it.
    let mut end = request(Method::DELETE, "/mcp", "");
    end.headers_mut()
        .insert("mcp-session-id", id.parse().expect("header"));
    let ended = send(&app, end).await;
    assert_eq!(ended.status, StatusCode::OK);
    assert_eq!(ended.json()["closed"], true);
    // A closed session is 404 on every method, ping too: the client's cue
    // to initialize again.
    for body in [
        tools_call("inspect", json!({})),
        json!({"jsonrpc": "2.0", "id": 9, "method": "ping"}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
    ] {
        let gone = send_with(&app, &headers, body).await;
        assert_eq!(gone.status, StatusCode::NOT_FOUND, "{}", gone.text());
        assert_eq!(gone.json()["error"]["code"], -32602);
    }
    let mut again = request(Method::DELETE, "/mcp", "");
    again
        .headers_mut()
        .insert("mcp-session-id", id.parse().expect("header"));
    assert_eq!(send(&app, again).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn malformed_session_ids_and_versions_are_400() {
    let app = app();
    let ping = json!({"jsonrpc": "2.0", "id": 1, "method": "ping"});
    let malformed = send_with(&app, &[("mcp-session-id", "a b")], ping.clone()).await;
    assert_eq!(malformed.status, StatusCode::BAD_REQUEST);
    assert_eq!(malformed.json()["id"], 1);
    let version = send_with(
        &app,
        &[("mcp-protocol-version", "1999-01-01")],
        ping.clone(),
    )
    .await;
    assert_eq!(version.status, StatusCode::BAD_REQUEST);
    assert!(version.text().contains("2025-11-25"));
    let id = open(&app, "/mcp").await;
    let known = send_with(
        &app,
        &[
            ("mcp-protocol-version", "2025-06-18"),
            ("mcp-session-id", &id),
        ],
        ping,
    )
    .await;
    assert_eq!(known.status, StatusCode::OK);
    let mut end = request(Method::DELETE, "/mcp", "");
    end.headers_mut()
        .insert("mcp-session-id", "a b".parse().expect("header"));
    assert_eq!(send(&app, end).await.status, StatusCode::BAD_REQUEST);
}

/// Open a session at `path` (which may carry reset options in its query);
/// its id.
async fn open(app: &Router, path: &str) -> String {
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}});
    let reply = send(app, request(Method::POST, path, init.to_string())).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply
        .header("mcp-session-id")
        .expect("Mcp-Session-Id")
        .to_owned()
}

/// `read_task`'s reading: the JSON of its text.
async fn read(app: &Router, path: &str, id: &str) -> Value {
    let mut request = request(
        Method::POST,
        path,
        tools_call("read_task", json!({})).to_string(),
    );
    request
        .headers_mut()
        .insert("mcp-session-id", id.parse().expect("header"));
    let reply = send(app, request).await.json();
    assert_eq!(reply["result"]["isError"], false, "{reply}");
    assert!(
        reply["result"].get("structuredContent").is_none(),
        "given once"
    );
    serde_json::from_str(
        reply["result"]["content"][0]["text"]
            .as_str()
            .unwrap_or_default(),
    )
    .expect("JSON text")
}

#[tokio::test]
async fn reading_is_free_and_the_url_chooses_the_episode() {
    let app = app();
    let path = "/envs/it_mental_health/mcp?task=full_episode&difficulty=4&seed=7";
    let id = open(&app, path).await;
    let first = read(&app, path, &id).await;
    assert_eq!(
        (
            first["task"].clone(),
            first["difficulty"].clone(),
            first["step_count"].clone()
        ),
        (json!("full_episode"), json!(4), json!(0))
    );
    // The case is there before any answer; reading again costs nothing.
    assert!(
        first["observation"]["response_format"].is_object(),
        "{first}"
    );
    assert_eq!(read(&app, path, &id).await["step_count"], 0);
    // A bad query opens nothing and says why.
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}});
    let bad = send(
        &app,
        request(
            Method::POST,
            "/envs/it_mental_health/mcp?task=nope",
            init.to_string(),
        ),
    )
    .await;
    assert!(bad.header("mcp-session-id").is_none());
    assert!(
        bad.json()["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("nope"))
    );
}

#[tokio::test]
async fn refusals_are_errors_that_spend_no_step() {
    let app = app();
    for (env, tool, arguments) in [
        ("it_mental_health", "answer", json!({"response": ""})),
        ("it_mental_health", "answer", json!({"response": "   "})),
        (
            "support_triage",
            "draft_reply",
            json!({"ticket_id": "T-1", "reply_body": " "}),
        ),
        ("productivity", "final", json!({"answer": {}})),
        ("productivity", "propose", json!({"answer": []})),
        // Refused after the schema, by the environment: on every transport.
        (
            "support_triage",
            "set_triage",
            json!({"ticket_id": "T-1", "priority": "high"}),
        ),
        (
            "support_triage",
            "set_triage",
            json!({"ticket_id": "FIRST"}),
        ),
        (
            "support_triage",
            "view_ticket",
            json!({"ticket_id": "nope"}),
        ),
    ] {
        let path = format!("/envs/{env}/mcp");
        let id = open(&app, &path).await;
        let mut arguments = arguments;
        if arguments["ticket_id"] == "FIRST" {
            arguments["ticket_id"] =
                read(&app, &path, &id).await["observation"]["inbox"][0]["ticket_id"].clone();
        }
        let mut call = request(
            Method::POST,
            &path,
            tools_call(tool, arguments.clone()).to_string(),
        );
        call.headers_mut()
            .insert("mcp-session-id", id.parse().expect("header"));
        let refused = send(&app, call).await.json();
        assert_eq!(
            refused["result"]["isError"], true,
            "{env} {arguments}: {refused}"
        );
        assert!(
            refused["result"]["structuredContent"]["error"]["field"]
                .as_str()
                .is_some_and(|f| f.starts_with("arguments")),
            "{refused}"
        );
        assert_eq!(
            read(&app, &path, &id).await["step_count"],
            0,
            "{env} {arguments}"
        );
        // The message says what to send, and that nothing was counted.
        let message = refused["result"]["content"][0]["text"]
            .as_str()
            .unwrap_or_default();
        if env == "support_triage" {
            assert!(
                message.to_lowercase().contains("nothing was played"),
                "{message}"
            );
            // HTTP refuses the same action alike: 422, no step.
            let mut action = arguments.clone();
            action["command"] = json!(tool);
            let body = json!({ "action": action }).to_string();
            let step = send(
                &app,
                with_id(Method::POST, &format!("/envs/{env}/step"), &id, &body),
            )
            .await;
            assert_eq!(
                step.status,
                StatusCode::UNPROCESSABLE_ENTITY,
                "{}",
                step.text()
            );
            assert_eq!(step.json()["error"]["code"], "VALIDATION_ERROR");
            assert_eq!(read(&app, &path, &id).await["step_count"], 0);
        }
    }
}

#[tokio::test]
async fn productivity_tools_take_the_answer_of_the_task_on() {
    let app = app();
    let forms = [
        (
            "easy",
            "label",
            json!({"enum": ["work", "personal", "spam", "finance"]}),
        ),
        ("medium", "start", json!("^[0-2][0-9]:[0-5][0-9]$")),
        (
            "hard",
            "valid_rows",
            json!({"type": "integer", "minimum": 0}),
        ),
    ];
    for (task, field, form) in forms {
        let path = format!("/envs/productivity/mcp?task={task}");
        let id = open(&app, &path).await;
        let headers = [("mcp-session-id", id.as_str())];
        let body = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"});
        let list = rpc_with(&app, &headers, body).await.json();
        let size = list.to_string().len();
        assert!(size < 4_000, "{task}: tools/list is {size} bytes");
        let tools = list["result"]["tools"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        for name in ["propose", "final"] {
            let tool = tools.iter().find(|t| t["name"] == name).expect(name);
            let answer = &tool["inputSchema"]["properties"]["answer"];
            assert_eq!(answer["type"], "object", "{task} {name}: {answer}");
            assert_eq!(answer["additionalProperties"], false);
            let property = &answer["properties"][field];
            let stated = match &form {
                Value::String(pattern) => &property["pattern"] == pattern,
                Value::Object(expected) => expected.iter().all(|(k, v)| &property[k] == v),
                _ => false,
            };
            assert!(stated, "{task} {name}: {answer}");
            let required = answer["required"].as_array().map_or(0, Vec::len);
            assert_eq!(
                Some(required),
                answer["properties"].as_object().map(|p| p.len())
            );
            assert!(answer["description"].is_string(), "{answer}");
        }
        // OpenEnv's `list_tools` action lists the same typed answer.
        let listed = send(
            &app,
            with_id(
                Method::POST,
                "/envs/productivity/step",
                &id,
                r#"{"action": {"type": "list_tools"}}"#,
            ),
        )
        .await
        .json();
        let final_tool = listed["observation"]["tools"]
            .as_array()
            .and_then(|t| t.iter().find(|t| t["name"] == "final"))
            .cloned()
            .unwrap_or_default();
        assert!(
            final_tool["input_schema"]["properties"]["answer"]["properties"][field].is_object(),
            "{listed}"
        );
    }
    // With no episode to follow, the answer is any task's typed object.
    let list = post(
        &app,
        "/envs/productivity/mcp",
        r#"{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}"#,
    )
    .await
    .json();
    let final_tool = list["result"]["tools"]
        .as_array()
        .and_then(|t| t.iter().find(|t| t["name"] == "final"))
        .cloned()
        .unwrap_or_default();
    let branches = final_tool["inputSchema"]["properties"]["answer"]["anyOf"]
        .as_array()
        .map_or(0, Vec::len);
    // Email labels, one booking, a cleaning report, and the bookings of
    // the calendar's levels 4 and 5.
    assert_eq!(branches, 4, "{final_tool}");
}

#[tokio::test]
async fn the_instructions_name_the_tools_in_call_syntax() {
    let app = app();
    for env in ["productivity", "support_triage", "it_mental_health"] {
        let reply = post(
            &app,
            &format!("/envs/{env}/mcp"),
            r#"{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}"#,
        )
        .await
        .json();
        let instructions = reply["result"]["instructions"].as_str().unwrap_or_default();
        assert!(instructions.contains("read_task()"), "{instructions}");
        assert!(!instructions.contains("POST "), "{instructions}");
        // The free resources, by their URIs, and how a reset is told.
        assert!(
            instructions.contains(&format!("deskbench://{env}/case")),
            "{instructions}"
        );
        assert!(
            instructions.contains("notifications/resources/list_changed"),
            "{instructions}"
        );
        // The tools of the episode initialize opened (the default task at
        // its default level), each in call syntax.
        let info = env_wasm::registry::find(env).expect("registered");
        let mut episode = env_wasm::AnyEnv::of(info);
        let reset = episode.reset(&json!({}), env_wasm::ResetDefaults::default());
        assert!(reset.is_ok(), "{reset:?}");
        for tool in info.tools() {
            let offered = episode.tools().iter().any(|t| t.name == tool.name);
            assert_eq!(
                instructions.contains(&format!(" {}(", tool.name)),
                offered,
                "{}: {instructions}",
                tool.name
            );
        }
    }
    let support = post(
        &app,
        "/envs/support_triage/mcp",
        r#"{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}"#,
    )
    .await
    .json();
    assert!(
        support["result"]["instructions"]
            .as_str()
            .is_some_and(|i| i.contains("view_ticket(ticket_id)")),
        "{support}"
    );
}

#[tokio::test]
async fn sessions_are_created_used_and_closed() {
    let app = app();
    let created = call(&app, "openenv/session/create", json!({})).await;
    let id = created["result"]["session_id"]
        .as_str()
        .expect("session id")
        .to_owned();
    assert_eq!(id.len(), 32);

    let params = |name: &str, arguments: Value| json!({"name": name, "arguments": arguments, "session_id": id});
    let before = call(&app, "tools/call", params("inspect", json!({}))).await;
    assert_eq!(before["result"]["isError"], true);
    let error = &before["result"]["structuredContent"]["error"];
    assert_eq!(error["code"], "EPISODE_NOT_STARTED");
    assert!(
        error["message"]
            .as_str()
            .is_some_and(|m| m.contains("the trainer starts one")),
        "{error}"
    );

    let reset = send(&app, with_id(Method::POST, "/reset", &id, r#"{"seed": 3}"#)).await;
    assert_eq!(reset.status, StatusCode::OK);
    let step = call(&app, "tools/call", params("inspect", json!({}))).await;
    assert!(step["result"]["structuredContent"]["reward"].is_number());
    let invalid = call(&app, "tools/call", params("propose", json!({}))).await;
    assert_eq!(invalid["result"]["isError"], true);
    assert_eq!(
        invalid["result"]["structuredContent"]["error"]["field"],
        "arguments.answer"
    );

    // The same session over plain HTTP.
    let http = send(&app, with_id(Method::GET, "/state", &id, ""))
        .await
        .json();
    assert_eq!(http["step_count"], 1);

    let closed = call(&app, "openenv/session/close", json!({"session_id": id})).await;
    assert_eq!(closed["result"], json!({"session_id": id, "closed": true}));
    assert_eq!(
        error_code(&call(&app, "tools/call", params("inspect", json!({}))).await),
        -32602
    );
}

#[tokio::test]
async fn without_a_session_id_tools_share_the_anonymous_session() {
    let app = app();
    let step = call(&app, "tools/call", json!({"name": "inspect"})).await;
    assert_eq!(
        step["result"]["structuredContent"]["error"]["code"],
        "EPISODE_NOT_STARTED"
    );
    post(&app, "/reset", "{}").await;
    post(&app, "/step", INSPECT).await;
    let step = call(&app, "tools/call", json!({"name": "inspect"})).await;
    assert_eq!(
        step["result"]["structuredContent"]["step_count"], 2,
        "{step}"
    );
    // The OpenEnv MCP actions are steps on /step too.
    let listed = post(&app, "/step", r#"{"action": {"type": "list_tools"}}"#)
        .await
        .json();
    assert_eq!(listed["observation"]["tools"][0]["name"], "inspect");
    let called = post(
        &app,
        "/step",
        r#"{"action": {"type": "call_tool", "tool_name": "inspect", "arguments": {}}}"#,
    )
    .await
    .json();
    assert_eq!(called["observation"]["tool_name"], "inspect");
    assert_eq!(called["observation"]["result"]["step_count"], 3);
    assert_eq!(called["reward"], -0.07, "a repeat of the previous command");
}

#[tokio::test]
async fn session_create_is_bounded() {
    let app = server::app(Config {
        max_sessions: 1,
        ..config()
    });
    call(&app, "openenv/session/create", json!({})).await;
    let create = json!({"jsonrpc": "2.0", "id": 7, "method": "openenv/session/create"});
    let reply = send_with(&app, &[], create).await;
    assert_eq!(reply.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(reply.header("retry-after"), Some("1"));
    let full = reply.json();
    assert_eq!(error_code(&full), -32000);
    assert_eq!(full["error"]["data"]["code"], "CAPACITY_REACHED");
}

#[tokio::test]
async fn every_mount_answers_mcp() {
    let reply = rpc(
        &app(),
        r#"{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}"#,
    )
    .await;
    assert!(reply["result"]["tools"].is_array());
    let reply = post(&app(), "/envs/productivity/mcp", "{}").await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.json()["error"]["code"], -32600);
}

/// `POST /mcp` with an `Origin` header: the transport's DNS-rebinding
/// guard serves loopback origins and those configured, refuses others 403
/// (DELETE too), and serves requests with no Origin (non-browser clients).
#[tokio::test]
async fn browser_origins_are_checked() {
    let ping = json!({"jsonrpc": "2.0", "id": 1, "method": "ping"});
    let app = app();
    for allowed in [
        "http://localhost:5173",
        "https://127.0.0.1",
        "http://[::1]:8080",
    ] {
        let reply = send_with(&app, &[("origin", allowed)], ping.clone()).await;
        assert_eq!(reply.status, StatusCode::OK, "{allowed}: {}", reply.text());
    }
    for refused in [
        "http://evil.example",
        "http://localhost.evil.example",
        "http://127.0.0.1.nip.io:7860",
        "null",
    ] {
        let reply = send_with(&app, &[("origin", refused)], ping.clone()).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{refused}");
        assert_eq!(reply.json()["error"]["data"]["code"], "ORIGIN_NOT_ALLOWED");
        assert!(
            reply.text().contains("--mcp-allowed-origins"),
            "{}",
            reply.text()
        );
    }
    let mut end = request(Method::DELETE, "/mcp", "");
    end.headers_mut()
        .insert("origin", "http://evil.example".parse().expect("header"));
    assert_eq!(send(&app, end).await.status, StatusCode::FORBIDDEN);

    let configured = server::app(Config {
        mcp_allowed_origins: vec!["https://app.example.org".to_owned()],
        ..config()
    });
    let reply = send_with(
        &configured,
        &[("origin", "https://app.example.org")],
        ping.clone(),
    )
    .await;
    assert_eq!(reply.status, StatusCode::OK);
    let reply = send_with(
        &configured,
        &[("origin", "https://other.example.org")],
        ping,
    )
    .await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
}

/// A client that negotiated a protocol revision names its session on every
/// later request (400 without it); a posted JSON-RPC response is accepted
/// with 202 and no body.
#[tokio::test]
async fn an_mcp_client_names_its_session_and_may_post_responses() {
    let app = app();
    let id = open(&app, "/mcp").await;
    let ping = json!({"jsonrpc": "2.0", "id": 2, "method": "ping"});
    let version = ("mcp-protocol-version", "2025-11-25");
    let without = send_with(&app, &[version], ping.clone()).await;
    assert_eq!(without.status, StatusCode::BAD_REQUEST);
    assert_eq!(without.json()["id"], 2);
    assert!(
        without.text().contains("Mcp-Session-Id"),
        "{}",
        without.text()
    );
    let with = send_with(&app, &[version, ("mcp-session-id", &id)], ping.clone()).await;
    assert_eq!(with.status, StatusCode::OK);
    // initialize itself needs none; OpenEnv's plain clients send no
    // protocol header and keep the anonymous session.
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}});
    assert_eq!(
        send_with(&app, &[version], init).await.status,
        StatusCode::OK
    );
    assert_eq!(send_with(&app, &[], ping).await.status, StatusCode::OK);

    for posted in [
        json!({"jsonrpc": "2.0", "id": 9, "result": {}}),
        json!({"jsonrpc": "2.0", "id": 9, "error": {"code": -1, "message": "declined"}}),
    ] {
        let reply = send_with(&app, &[version, ("mcp-session-id", &id)], posted).await;
        assert_eq!(reply.status, StatusCode::ACCEPTED);
        assert!(reply.text().is_empty(), "{}", reply.text());
    }
}

/// A replica that cannot open a session answers `initialize` 503 with
/// `Retry-After` (a proxy retries elsewhere): draining, or full.
#[tokio::test]
async fn initialize_on_a_draining_or_full_replica_is_503() {
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}});
    let (app, handle) = server::build(config());
    handle.sessions().start_draining();
    let reply = send_with(&app, &[], init.clone()).await;
    assert_eq!(reply.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(reply.header("retry-after"), Some("1"));
    assert_eq!(reply.json()["error"]["data"]["code"], "DRAINING");
    assert!(reply.header("mcp-session-id").is_none());

    let full = server::app(Config {
        max_sessions: 1,
        ..config()
    });
    open(&full, "/mcp").await;
    let reply = send_with(&full, &[], init).await;
    assert_eq!(reply.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(reply.json()["error"]["data"]["code"], "CAPACITY_REACHED");
}

/// MCP sessions count in `/metrics` like HTTP ones: the episode
/// `initialize` opens, each step (not the free read), each refusal.
#[tokio::test]
async fn mcp_steps_and_errors_are_in_the_metrics() {
    let (app, _handle) = server::build(config());
    let path = "/envs/support_triage/mcp?task=easy";
    let id = open(&app, path).await;
    let at = |body: Value| {
        let mut request = request(Method::POST, path, body.to_string());
        request
            .headers_mut()
            .insert("mcp-session-id", id.parse().expect("header"));
        request
    };
    send(&app, at(tools_call("read_task", json!({})))).await;
    send(&app, at(tools_call("show_inbox", json!({})))).await;
    let refused = send(&app, at(tools_call("view_ticket", json!({}))))
        .await
        .json();
    assert_eq!(refused["result"]["isError"], true, "{refused}");
    let text = get(&app, "/metrics").await.text();
    let line = |series: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(series)?.trim().parse::<f64>().ok())
    };
    assert_eq!(
        line("deskbench_resets_total{env=\"support_triage\",task=\"easy\"}"),
        Some(1.0),
        "{text}"
    );
    assert_eq!(
        line("deskbench_steps_total{env=\"support_triage\"}"),
        Some(1.0),
        "{text}"
    );
    assert_eq!(
        line("deskbench_errors_total{code=\"VALIDATION_ERROR\"}"),
        Some(1.0),
        "{text}"
    );
}

/// A step result sends each content once: support's text forms, not the
/// rows and ticket they render, the ticket and a lookup in the result's
/// text (a harness that shows its model only text shows them too);
/// it_mental_health's case text, not its parts. `read_task` still shows
/// both forms.
#[tokio::test]
async fn step_results_carry_each_content_once() {
    let app = app();
    let call_at = |path: &'static str, id: String, name: &'static str, arguments: Value| {
        let app = app.clone();
        async move {
            let mut request = request(Method::POST, path, tools_call(name, arguments).to_string());
            request
                .headers_mut()
                .insert("mcp-session-id", id.parse().expect("header"));
            let result = send(&app, request).await.json()["result"].clone();
            // The text told beside the observation, as one object.
            let mut observation = result["structuredContent"]["observation"].clone();
            observation["told"] = result["content"][0]["text"].clone();
            observation
        }
    };
    let path = "/envs/support_triage/mcp?task=medium&seed=7";
    let id = open(&app, path).await;
    let ticket = read(&app, path, &id).await["observation"]["inbox"][0]["ticket_id"].clone();
    let viewed = call_at(
        path,
        id.clone(),
        "view_ticket",
        json!({"ticket_id": ticket}),
    )
    .await;
    let full = read(&app, path, &id).await;
    let detail = full["observation"]["ticket_detail"].as_str().unwrap_or("?");
    assert!(!detail.is_empty() && detail != "?", "{full}");
    assert!(
        viewed["told"].as_str().is_some_and(|t| t.contains(detail)),
        "{viewed}"
    );
    assert!(viewed.get("ticket_detail").is_none(), "{viewed}");
    // The inbox row that changed, not the whole summary again.
    let changed = viewed["inbox_summary_changed_lines"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(changed.len(), 1, "{viewed}");
    assert!(
        changed[0].as_str().is_some_and(
            |line| line.contains(ticket.as_str().unwrap_or("?")) && line.contains("opened")
        ),
        "{viewed}"
    );
    assert!(viewed.get("inbox_summary").is_none(), "{viewed}");
    assert!(viewed.get("opened_ticket").is_none(), "{viewed}");
    assert!(viewed.get("inbox").is_none(), "{viewed}");
    let full = read(&app, path, &id).await;
    assert!(full["observation"]["opened_ticket"].is_object());

    // The records desk: a lookup's text, not the record it renders (an
    // article's body was sent twice, over 2 KB).
    let path = "/envs/support_triage/mcp?task=medium&difficulty=5&seed=7";
    let id = open(&app, path).await;
    let found = call_at(path, id.clone(), "search_kb", json!({"query": "status"})).await;
    let hits = found["told"].as_str().unwrap_or_default();
    assert!(hits.contains("\n- KB-"), "{found}");
    assert!(found["lookup"].get("text").is_none(), "{found}");
    assert!(found["lookup"].get("kb_search").is_none(), "{found}");
    let full = read(&app, path, &id).await;
    let article = full["observation"]["lookup"]["kb_search"][0].clone();
    let shown = call_at(
        path,
        id.clone(),
        "read_article",
        json!({"article_id": article["article_id"]}),
    )
    .await;
    let full = read(&app, path, &id).await;
    let record = &full["observation"]["lookup"]["article"];
    let text = shown["told"].as_str().unwrap_or_default();
    for field in ["article_id", "title", "summary", "body"] {
        let value = record[field].as_str().unwrap_or("(missing)");
        assert!(text.contains(value), "{field} `{value}` not in {text}");
    }
    assert!(shown["lookup"].get("article").is_none(), "{shown}");

    let path = "/envs/it_mental_health/mcp?task=full_episode&seed=7";
    let id = open(&app, path).await;
    let task_id = read(&app, path, &id).await["observation"]["task_id"].clone();
    let answer = json!({"task_id": task_id, "response": "Severity: High. ".repeat(10)});
    let next = call_at(path, id.clone(), "answer", answer).await;
    // The next case is told in the text (a harness that shows only text
    // would never show it otherwise), not again in the structure.
    let full = read(&app, path, &id).await;
    let scenario = full["observation"]["scenario"].as_str().unwrap_or_default();
    assert!(!scenario.is_empty(), "{full}");
    assert!(
        next["told"].as_str().is_some_and(|t| t.contains(scenario)),
        "{next}"
    );
    assert!(next.get("scenario").is_none(), "{next}");
    for part in ["subject", "rubric", "response_format"] {
        assert!(next.get(part).is_none(), "{part}: {next}");
    }

    // A graded answer's feedback is told once, in the text: not again in
    // `feedback` nor in the graded task's notes.
    let path = "/envs/it_mental_health/mcp?task=stress_triage&difficulty=5&seed=7";
    let id = open(&app, path).await;
    let mut request = request(
        Method::POST,
        path,
        tools_call("answer", json!({"response": "Tier: RED. ".repeat(10)})).to_string(),
    );
    request
        .headers_mut()
        .insert("mcp-session-id", id.parse().expect("header"));
    let graded = send(&app, request).await.json()["result"].clone();
    let text = graded["content"][0]["text"].as_str().unwrap_or_default();
    assert!(text.contains("stress_triage scored"), "{text}");
    let observation = &graded["structuredContent"]["observation"];
    assert!(observation.get("feedback").is_none(), "{observation}");
    assert!(observation["graded"]["notes"].is_null(), "{observation}");
    assert!(
        observation["graded"]["breakdown"].is_object(),
        "{observation}"
    );
    let full = read(&app, path, &id).await;
    assert!(full["observation"]["graded"]["notes"].is_array());
    assert!(full["observation"]["feedback"].is_string());
}
