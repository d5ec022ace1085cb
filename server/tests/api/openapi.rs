//! `GET /openapi.json`: what `openenv validate` reads, and a document whose
//! every reference resolves.

use serde_json::Value;

use crate::common::*;

const OPENENV_PATHS: [&str; 9] = [
    "/health",
    "/metadata",
    "/schema",
    "/tasks",
    "/reset",
    "/step",
    "/state",
    "/mcp",
    "/ws",
];

fn refs<'a>(value: &'a Value, out: &mut Vec<&'a str>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(target)) = map.get("$ref") {
                out.push(target);
            }
            map.values().for_each(|v| refs(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| refs(v, out)),
        _ => {}
    }
}

#[tokio::test]
async fn every_mount_has_its_own_document() {
    let app = app();
    for (prefix, server_url) in [("", "/"), ("/envs/productivity", "/envs/productivity")] {
        let doc = get(&app, &format!("{prefix}/openapi.json")).await.json();
        assert_eq!(doc["openapi"], "3.1.0");
        assert_eq!(doc["info"]["version"], "1.0.0");
        assert!(doc["info"]["title"].is_string());
        assert_eq!(
            doc["info"]["x-deskbench-version"],
            env!("CARGO_PKG_VERSION")
        );
        assert_eq!(doc["servers"][0]["url"], server_url);
        let paths = doc["paths"].as_object().expect("paths");
        for path in OPENENV_PATHS {
            assert!(paths.contains_key(path), "{prefix}: {path} missing");
        }
        assert_eq!(
            paths.contains_key("/envs"),
            prefix.is_empty(),
            "/envs is root-only"
        );
        // Paths are relative to the mount.
        assert!(paths.keys().all(|p| !p.starts_with("/envs/")), "{prefix}");

        let reset = &doc["paths"]["/reset"]["post"];
        assert_eq!(
            reset["requestBody"]["content"]["application/json"]["schema"]["$ref"],
            "#/components/schemas/ResetRequest"
        );
        assert_eq!(
            reset["responses"]["200"]["content"]["application/json"]["schema"]["$ref"],
            "#/components/schemas/StepResult"
        );
        assert!(
            reset["responses"]["422"].is_object()
                && reset["responses"]["200"]["headers"]["X-Session-Id"].is_object()
        );
        let step = &doc["paths"]["/step"]["post"];
        assert_eq!(step["requestBody"]["required"], true);
        for status in ["200", "409", "413", "422"] {
            assert!(step["responses"][status].is_object(), "step {status}");
        }
        assert!(doc["paths"]["/ws"]["get"]["responses"]["101"].is_object());

        let schemas = doc["components"]["schemas"]
            .as_object()
            .expect("components");
        let action = get(&app, &format!("{prefix}/schema")).await.json()["action"].clone();
        assert_eq!(
            schemas["Action"]["properties"]["raw"],
            action["properties"]["raw"]
        );
        let mut found = Vec::new();
        refs(&doc, &mut found);
        assert!(!found.is_empty());
        for target in found {
            let name = target
                .strip_prefix("#/components/schemas/")
                .unwrap_or_else(|| panic!("{target} does not point into components"));
            assert!(schemas.contains_key(name), "{target} does not resolve");
        }
        assert!(
            !doc.to_string().contains("\"$defs\""),
            "definitions are hoisted into components"
        );
    }
}
